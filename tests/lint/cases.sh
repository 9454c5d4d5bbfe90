# shellcheck shell=sh disable=SC2154 # here, top, lint, san, batch, work: run.sh's
# cases.sh: the tests of the kver-lint command, sourced by run.sh (its
# binaries, work folder, batch and KTAP helpers): every fixture against its
# expected output, trees, the output formats, the command line, the man
# page, and what code scanning needs of a SARIF log.

# lint_case NAME RC STDOUT STDERR ARGS...: run kver-lint (from this folder)
# plain and sanitized, and record the case for the batch. STDOUT is a file
# with the exact output or - for none; STDERR is a fixed string that must
# appear, or - for none.
lint_case() {
	name=$1 rc=$2 want_out=$3 want_err=$4
	shift 4
	tap_want "lint $name" || return 0
	whys=
	for mode in plain san; do
		case $mode in
		plain) (cd "$here" && "$lint" "$@") >"$work/out" 2>"$work/err" ;;
		san) (cd "$here" && "$san" "$@") >"$work/out" 2>"$work/err" ;;
		esac
		got=$?
		if [ "$mode" = plain ] && [ -n "$batch" ]; then
			batch_case -n "lint $name" "$got" "$work/out" "$work/err" "$@"
		fi
		why=
		[ "$got" -eq "$rc" ] || why="exit status $got, want $rc"
		if [ "$want_out" = - ]; then
			[ ! -s "$work/out" ] || why="$why; unexpected output: $(head -n 3 "$work/out")"
		elif ! diff -u "$here/$want_out" "$work/out" >"$work/diff"; then
			why="$why; output differs:
$(cat "$work/diff")"
		fi
		if [ "$want_err" = - ]; then
			[ ! -s "$work/err" ] || why="$why; stderr: $(head -n 5 "$work/err")"
		else
			grep -qF -- "$want_err" "$work/err" || why="$why; stderr lacks '$want_err'"
			! grep -qE 'Sanitizer|runtime error' "$work/err" ||
				why="$why; sanitizer: $(head -n 5 "$work/err")"
		fi
		[ -z "$why" ] || whys="$whys
$mode: ${why#; }"
	done
	# One test, whatever the build it ran on.
	if [ -z "$whys" ]; then
		pass "lint $name"
	else
		not_ok "lint $name" "${whys#?}"
	fi
}

for f in "$here"/fixtures/*.c; do
	n=fixtures/${f##*/}
	if [ -s "$f.expected" ]; then
		lint_case "$n" 1 "$n.expected" - "$n"
	else
		lint_case "$n" 0 - - "$n"
	fi
done
lint_case "directory walk" 1 fixtures/tree.expected - fixtures/tree
# Trees: macros defined in one file and used in another.
lint_case "wrappers expanded at the use" 1 fixtures/wrappers.expected - fixtures/wrappers
lint_case "a tree's own 16-bit SUBLEVEL is right" 0 - - fixtures/own-version
# A tree's own KERNEL_VERSION spares its comparisons only with its own code
# and only when 256 is neither clamped, carried nor dropped.
lint_case "a tree's own 16-bit KERNEL_VERSION with the kernel's code is judged" 1 \
	fixtures/own-kv-only.expected - fixtures/own-kv-only
lint_case "a tree's own KERNEL_VERSION without SUBLEVEL is judged" 1 \
	fixtures/own-kv-no-sublevel.expected - fixtures/own-kv-no-sublevel
lint_case "a tree's own KERNEL_VERSION that carries past 255 is judged" 1 \
	fixtures/own-kv-carries.expected - fixtures/own-kv-carries
lint_case "the code under a macro's name, not under a prefix of it" 1 \
	fixtures/code-wrapper.expected - fixtures/code-wrapper
lint_case "a file with a constant LINUX_VERSION_CODE is not judged" 1 \
	fixtures/foreign-os.expected - fixtures/foreign-os
lint_case "a file behind two symbolic links is read once" 1 fixtures/linked.expected - \
	fixtures/linked
# Scope: a macro applies only where its file is included, never in another tree.
lint_case "one tree's wide KERNEL_VERSION does not silence another tree" 1 \
	fixtures/two-trees.expected - fixtures/two-trees/wide fixtures/two-trees/plain
lint_case "a header's macros apply only where it is included" 1 fixtures/scoped.expected - \
	fixtures/scoped
lint_case "a macro defined before an include applies two includes down" 1 \
	fixtures/scoped-chain.expected - fixtures/scoped-chain
lint_case "the Kbuild file's include folders and forced header decide" 1 \
	fixtures/include-path.expected - fixtures/include-path
lint_case "tab-separated findings with the tree and the test" 1 fixtures/findings.tsv.expected - \
	--format=tsv fixtures/series.c fixtures/example.c fixtures/wrappers
lint_case "SARIF output" 1 fixtures/example.sarif.expected - --format=sarif fixtures/example.c
lint_case "SARIF output, nothing found" 0 fixtures/clean.sarif.expected - --format=sarif \
	fixtures/clean.c
lint_case "unknown format" 2 - "kver-lint: error: unknown format 'xml' (gcc, sarif or tsv)" \
	--format=xml fixtures/clean.c
# The man page renders without a groff warning and names every rule.
if ! command -v groff >/dev/null 2>&1; then
	not_ok "man/kver-lint.1" "groff is missing"
elif ! groff -man -Tutf8 -ww -z "$top/man/kver-lint.1" >"$work/man.log" 2>&1 ||
	[ -s "$work/man.log" ]; then
	not_ok "man/kver-lint.1 renders" "$(cat "$work/man.log")"
else
	missing=
	sed -n 's/^	{ "\(kver-[a-z0-9-]*\)",$/\1/p' "$top/lint/rules.c" >"$work/rules"
	while read -r r; do
		grep -q "^\.B $r\$" "$top/man/kver-lint.1" || missing="$missing $r"
	done <"$work/rules"
	if [ -z "$missing" ] && grep -q '^	{ "kver-' "$top/lint/rules.c"; then
		pass "man/kver-lint.1 renders and names every rule"
	else
		not_ok "man/kver-lint.1 names every rule" "missing:$missing"
	fi
fi
# What code scanning needs of a SARIF log, checked on the log of a tree.
if (cd "$here" && "$lint" --format=sarif fixtures/wrappers fixtures/boundary-255.c) \
	>"$work/log.sarif" 2>"$work/err"; then
	not_ok "SARIF log of findings" "exit status 0"
elif why=$(python3 "$here/sarif_check.py" "$work/log.sarif" 11 2>&1); then
	pass "SARIF log of findings: $why"
else
	not_ok "SARIF log of findings" "$why"
fi
lint_case "two clean files" 0 - - fixtures/clean.c fixtures/traps.c
lint_case "compat/kver_compat.h is clean" 0 - - ../../compat/kver_compat.h
lint_case "example module source" 1 fixtures/kver_cmp.expected - ../../guest/module/kmod/kver_cmp.c
lint_case "no arguments" 2 - "usage: kver-lint [--format=gcc|sarif|tsv] PATH..."
lint_case "--help" 0 fixtures/help.expected - --help
lint_case "unknown option" 2 - "kver-lint: error: unknown option '-x'" -x fixtures/clean.c
lint_case "missing file" 2 fixtures/kernel-version.c.expected \
	"kver-lint: error: fixtures/no-such-file.c: No such file or directory" \
	fixtures/kernel-version.c fixtures/no-such-file.c
