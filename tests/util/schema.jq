# schema.jq: check a JSON document against a JSON Schema, as far as the
# schemas of kver use it (type, enum, required, properties,
# additionalProperties, items, $ref to a JSON pointer of the same file,
# allOf, oneOf). Prints one line per violation, the place first ($.points[0].meta:
# ...); nothing when the document follows the schema.
#
#   jq -r --slurpfile schema docs/results.schema.json [--arg def NAME] -f tests/util/schema.jq DOC
#
# --arg def NAME checks the document against the schema's $defs NAME
# alone ("results", "matrix"), so that what is wrong is named; without it,
# against the whole schema.

# The schema a $ref points to, in the root schema.
def resolve($root):
	if type == "object" and has("$ref") then
		.["$ref"] as $r | $root | getpath($r | ltrimstr("#/") | split("/"))
	else . end;

# JSON Schema's names of the value's type ("integer" for a whole number).
def kinds:
	type as $t | if $t == "number" and . == floor then ["number", "integer"] else [$t] end;

def check($root; $schema; $path):
	($schema | resolve($root)) as $s
	| . as $v
	| (if $s | has("type") then
		($s.type | if type == "array" then . else [.] end) as $want
		| if any($v | kinds[]; . as $k | $want | index($k) != null) then empty
		  else "\($path): \($v | type), not \($want | join(" or "))" end
	  else empty end),
	  (if ($s | has("enum")) and ([$s.enum[] | select(. == $v)] | length == 0) then
		"\($path): \($v | tojson) is not one of \($s.enum | map(tojson) | join(", "))"
	  else empty end),
	  (if $v | type == "object" then
		(($s.required // [])[] | select(. as $k | $v | has($k) | not) | "\($path): no member \(.)"),
		($v | to_entries[] | . as $e
		 | if ($s.properties // {}) | has($e.key) then
			$e.value | check($root; $s.properties[$e.key]; "\($path).\($e.key)")
		   elif $s.additionalProperties == false then
			"\($path): a member \($e.key) the schema does not have"
		   elif ($s.additionalProperties | type) == "object" then
			$e.value | check($root; $s.additionalProperties; "\($path).\($e.key)")
		   else empty end)
	  else empty end),
	  (if ($v | type == "array") and ($s | has("items")) then
		range(0; $v | length) as $i | $v[$i] | check($root; $s.items; "\($path)[\($i)]")
	  else empty end),
	  (($s.allOf // [])[] as $sub | $v | check($root; $sub; $path)),
	  (if $s | has("oneOf") then
		[$s.oneOf[] as $sub | [$v | check($root; $sub; $path)] | length == 0] as $fits
		| if ($fits | map(select(.)) | length) == 1 then empty
		  else "\($path): fits \($fits | map(select(.)) | length) of the \($fits | length) forms the schema allows, not one" end
	  else empty end);

$schema[0] as $root
| check($root; if $ARGS.named.def then {"$ref": "#/$defs/\($ARGS.named.def)"} else $root end; "$")
