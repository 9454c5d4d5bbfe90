#!/bin/sh
# run.sh [LIST]: mutation testing of kver's host code (make mutate, not part
# of make check). LIST (default tests/mutate/mutants.txt; the format is
# described at its top and in docs/mutation.md) names small edits of the
# code, one at a time. Each is applied to a scratch copy of the tree (the
# tracked and untracked files, with a build/ of its own), built, and run
# against its narrowest test (its part's make check, T=NAME: "test: lib
# test_code" is make -C lib check T=test_code, "test: host NAME" make
# check-host T=NAME) and, when that does not fail, the whole host suite
# (make check-host). A mutant is
#   killed      a test failed (or ran out of time: MUTATE_TIMEOUT seconds
#               per test run, 900 by default)
#   survived    every test passed: no test tells the edit apart
#   stillborn   make tools failed: the edit does not compile
#   equivalent  marked so in the list, with its reason; only its narrow
#               test runs, and it must not fail (else "not-equivalent")
#   missing     its original text is not in the file (the code moved), or
#               is there more than once and no line says which
#   bad-test    its narrow test names no test
# One progress line per mutant, then the kill rate per area. Exit status 0
# when every mutant is killed, stillborn or equivalent; 1 otherwise; 2 when
# the unmutated tree fails its own tests or the list cannot be read.
#
# MUTATE_ONLY=GLOB runs the mutants whose file or original text matches
# *GLOB*; MUTATE_QUICK=1 skips the baseline run and the whole suite after
# the narrow test (for writing a list: its survivors are only candidates).
# MUTATE_NICE (10) is the nice level of the builds and tests.
set -u
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
list=${1:-tests/mutate/mutants.txt}
case $list in /*) ;; *) list=$top/$list ;; esac
[ -f "$list" ] || { echo "mutate: no list $list" >&2; exit 2; }
timeout_s=${MUTATE_TIMEOUT:-900}
nice_n=${MUTATE_NICE:-10}
only=${MUTATE_ONLY:-}
quick=${MUTATE_QUICK:-}

scratch=$(mktemp -d "${TMPDIR:-/tmp}/kver-mutate.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT; trap 'exit 143' TERM
tree=$scratch/tree
work=$scratch/work
mkdir -p "$tree" "$work/m"

# The list, one folder per mutant: $work/m/N/{area,file,line,find,replace,
# test,equivalent,at}; "at" is the line of the list where it starts.
awk -v out="$work/m" '
function flush() {
	if (!("file" in f) && !("find" in f) && !("replace" in f))
		return
	if (!("file" in f) || !("find" in f) || !("replace" in f) || !("test" in f)) {
		printf "mutate: %s:%d: a mutant needs file, find, replace and test\n", FILENAME, at > "/dev/stderr"
		bad = 1
	}
	n++
	d = out "/" n
	system("mkdir -p \"" d "\"")
	f["area"] = area
	f["at"] = at
	for (k in keys)
		printf "%s", (k in f) ? f[k] : "" > (d "/" k)
	for (k in keys)
		close(d "/" k)
	split("", f)
}
BEGIN { split("area file line find replace test equivalent at", kk, " "); for (i in kk) keys[kk[i]] = 1 }
/^#/ { next }
/^\[[^]]+\]$/ { flush(); area = substr($0, 2, length($0) - 2); next }
/^[ \t]*$/ { flush(); next }
{
	if (!("file" in f) && !("find" in f))
		at = FNR
	k = $0
	sub(/:.*/, "", k)
	v = substr($0, length(k) + 2)
	sub(/^ /, "", v)
	if (!(k in keys) || k == "area" || k == "at") {
		printf "mutate: %s:%d: unknown key \"%s\"\n", FILENAME, FNR, k > "/dev/stderr"
		bad = 1
	}
	f[k] = v
}
END { flush(); exit bad ? 2 : 0 }' "$list" || exit 2
total=$(find "$work/m" -mindepth 1 -maxdepth 1 -type d | wc -l)
[ "$total" -gt 0 ] || { echo "mutate: no mutant in $list" >&2; exit 2; }

# The scratch tree: what git knows of plus new files, never build/.
(cd "$top" && git ls-files --cached --others --exclude-standard) |
	while IFS= read -r f; do
		if [ -e "$top/$f" ] || [ -L "$top/$f" ]; then printf '%s\n' "$f"; fi
	done >"$work/files"
(cd "$top" && tr '\n' '\0' <"$work/files" | xargs -0 cp --parents -P -t "$tree") || exit 2
(cd "$tree" && git init -q && git add -A) || exit 2

# in_tree SECONDS CMD...: CMD in the scratch tree, niced, stopped (with
# everything it started) after SECONDS; its output into $work/log.
in_tree() {
	_s=$1
	shift
	(cd "$tree" && nice -n "$nice_n" timeout -k 10 "$_s" "$@") >"$work/log" 2>&1
}

# first_failure: the first failing test of $work/log, innermost first.
first_failure() {
	sed -n 's/^ *not ok [0-9]* //p' "$work/log" | head -n 1
}

start=$(date +%s)
echo "mutate: $total mutants from ${list#"$top"/}, scratch tree $tree"
if [ -z "$quick" ]; then
	echo "mutate: the unmutated tree's host suite first"
	if ! in_tree "$timeout_s" make check-host; then
		sed 's/^/# /' "$work/log" | tail -n 40
		echo "mutate: the unmutated tree fails make check-host ($(first_failure)): no mutant judged" >&2
		exit 2
	fi
else
	in_tree "$timeout_s" make -s tools || { echo "mutate: the unmutated tree does not build" >&2; exit 2; }
fi

# locate FILE: "COUNT LINE" of FIND in FILE (on line LINE only, when set).
locate() {
	FIND=$find LINE=$line awk '
	BEGIN { f = ENVIRON["FIND"]; want = ENVIRON["LINE"] + 0 }
	want && FNR != want { next }
	{
		s = $0
		while ((p = index(s, f)) > 0) {
			if (!count++) first = FNR
			s = substr(s, p + length(f))
		}
	}
	END { print count + 0, first + 0 }' "$1"
}

# apply FILE LINE: FIND replaced by REPLACE, its first time on LINE.
apply() {
	FIND=$find REPLACE=$replace awk -v at="$2" '
	BEGIN { f = ENVIRON["FIND"]; r = ENVIRON["REPLACE"] }
	FNR == at { p = index($0, f); $0 = substr($0, 1, p - 1) r substr($0, p + length(f)) }
	{ print }' "$1" >"$work/mutated" && cat "$work/mutated" >"$1"
}

: >"$work/results"
i=0
while [ "$i" -lt "$total" ]; do
	i=$((i + 1))
	m=$work/m/$i
	area=$(cat "$m/area") file=$(cat "$m/file") line=$(cat "$m/line")
	find=$(cat "$m/find") replace=$(cat "$m/replace") test=$(cat "$m/test")
	equiv=$(cat "$m/equivalent")
	[ -n "$area" ] || area=${file%/*}
	if [ -n "$only" ]; then
		case "$file $find" in *$only*) ;; *) continue ;; esac
	fi
	t0=$(date +%s)
	by=
	if [ ! -f "$tree/$file" ]; then
		status=missing by="no file $file"
		at=0
	else
		# shellcheck disable=SC2046 # two numbers
		set -- $(locate "$tree/$file")
		at=$2
		if [ "$1" = 0 ]; then
			status=missing by="original text not found${line:+ on line $line}"
		elif [ "$1" -gt 1 ] && [ -z "$line" ]; then
			status=missing by="original text found $1 times: give its line"
		fi
	fi
	if [ "$at" != 0 ] && [ -z "$by" ]; then
		cp -p "$tree/$file" "$work/pristine"
		apply "$tree/$file" "$at"
		if ! in_tree "$timeout_s" make -s tools; then
			status=stillborn by="$(grep -m 1 'error' "$work/log" | cut -c 1-120)"
		else
			# PART NAME: make -C PART check T=NAME; host: make check-host.
			part=${test%% *} name=${test#* }
			case $part in
			host) in_tree "$timeout_s" make check-host T="$name" ;;
			*) in_tree "$timeout_s" make -C "$part" check T="$name" ;;
			esac
			rc=$?
			if grep -q "^# .*: no test matches" "$work/log" || [ "$part" = "$test" ]; then
				status=bad-test by="no test matches '$test'"
			elif [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
				status=killed by="timeout after ${timeout_s}s of '$test'"
			elif [ "$rc" != 0 ]; then
				status=killed by=$(first_failure)
				[ -z "$equiv" ] || status=not-equivalent
			elif [ -n "$equiv" ]; then
				status=equivalent by=$equiv
			elif [ -n "$quick" ]; then
				status=survived by="'$test' passed (the whole suite not run)"
			else
				in_tree "$timeout_s" make check-host
				rc=$?
				if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
					status=killed by="timeout after ${timeout_s}s of the host suite"
				elif [ "$rc" != 0 ]; then
					status=killed by="$(first_failure) (host suite; '$test' passed)"
				else
					status=survived by="every host test passed"
				fi
			fi
		fi
		# The original back, newer than the mutant's objects.
		cat "$work/pristine" >"$tree/$file"
		touch "$tree/$file"
	fi
	printf '%s\t%s\n' "$area" "$status" >>"$work/results"
	printf '[%3d/%d] %s:%s %s: %s -> %s: %s (%s s)\n' "$i" "$total" "$file" "$at" \
		"$status" "$find" "$replace" "${by:-?}" $(($(date +%s) - t0))
done

took=$(($(date +%s) - start))
echo
awk -F '\t' -v took="$took" '
{
	if (!($1 in seen)) { seen[$1] = 1; order[++na] = $1 }
	n[$1]++; c[$1, $2]++; n["all"]++; c["all", $2]++
}
function row(a,   k, s, rate) {
	k = c[a, "killed"]; s = c[a, "survived"]
	rate = k + s ? sprintf("%d%%", 100 * k / (k + s)) : "-"
	printf "%-22s %7d %6d %8d %9d %10d %7d %9s\n", a, n[a], k, s, c[a, "stillborn"],
		c[a, "equivalent"], c[a, "missing"] + c[a, "bad-test"] + c[a, "not-equivalent"], rate
}
END {
	printf "%-22s %7s %6s %8s %9s %10s %7s %9s\n", "area", "mutants", "killed", "survived",
		"stillborn", "equivalent", "broken", "kill rate"
	for (i = 1; i <= na; i++) row(order[i])
	row("all")
	printf "mutate: %d mutants in %d min %02d s (kill rate: killed / (killed + survived);\n", n["all"], took / 60, took % 60
	printf "broken: original text missing, no such test, or marked equivalent but killed)\n"
}' "$work/results"
! grep -qvE '	(killed|stillborn|equivalent)$' "$work/results"
