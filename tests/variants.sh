#!/bin/sh
# variants.sh PLAIN SAN [VALGRIND]: the same KTAP test program run two or
# three ways (each argument a shell command: the plain build, the ASan+UBSan
# build, the plain build under valgrind), at once, reported as one document. A run
# under a sanitizer is a property of the run: each test is counted once,
# and is ok only when it is ok (or skipped) in every run. A run that exits
# non-zero without a failing test (a leak found at exit) fails the whole.
set -u
case $# in 2 | 3) ;; *) echo "usage: variants.sh PLAIN SAN [VALGRIND]" >&2; exit 2 ;; esac
nv=$#
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kver-variants.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
# run I CMD: the Ith run, output in $tmp/I.out, status in $tmp/I.rc.
run() {
	sh -c "$2" >"$tmp/$1.out" 2>&1
	echo $? >"$tmp/$1.rc"
}
# With a name filter the plain run goes first: when no test matches, the
# others are not needed.
if [ -n "${KVER_T:-}" ]; then
	run 1 "$1"
	if [ "$(cat "$tmp/1.rc")" = 0 ] && ! grep -qE '^(not )?ok [0-9]' "$tmp/1.out"; then
		cat "$tmp/1.out"
		exit 0
	fi
	i=1
	shift
else
	i=0
fi
for cmd in "$@"; do
	i=$((i + 1))
	run "$i" "$cmd" &
done
wait
[ "$nv" = 3 ] || : >"$tmp/3.out"
awk -v nv="$nv" -v names="plain ASan+UBSan valgrind" '
BEGIN { split(names, label, " ") }
# Top-level result lines only; subtests are indented.
/^(not )?ok [0-9]+ / {
	n = ($1 == "ok") ? $2 : $3
	if (f > 1) {
		bad = ($1 == "not")
		res[f, n] = bad ? "not ok" : "ok"
		next
	}
}
f > 1 { next }
/^# .*[0-9]+ passed, [0-9]+ failed/ { next }
/^1\.\.[0-9]+$/ { plan = $0; next }
{ line[++nl] = $0 }
END {
	for (k = 1; k <= nl; k++) {
		l = line[k]
		if (l ~ /^ok [0-9]+ /) {
			split(l, w, " ")
			why = ""
			for (v = 2; v <= nv; v++)
				if (res[v, w[2]] != "ok")
					why = why (why == "" ? "" : ", ") label[v] (res[v, w[2]] == "" ? " did not run it" : " failed")
			if (why != "") {
				sub(/^ok/, "not ok", l)
				sub(/ # SKIP.*/, "", l)
				print "# " why
				failed++
			} else if (l ~ / # SKIP/)
				skipped++
			else
				passed++
		} else if (l ~ /^not ok [0-9]+ /)
			failed++
		print l
	}
	if (plan != "")
		print plan
	printf "# %d passed, %d failed, %d skipped\n", passed, failed, skipped
	exit failed != 0
}' f=1 "$tmp/1.out" f=2 "$tmp/2.out" f=3 "$tmp/3.out"
status=$?
i=0
for v in plain ASan+UBSan valgrind; do
	i=$((i + 1))
	[ "$i" -le "$nv" ] || break
	rc=$(cat "$tmp/$i.rc")
	if [ "$rc" != 0 ] && { [ "$status" = 0 ] || [ "$i" -gt 1 ]; }; then
		echo "# $v: exit status $rc; the end of its output:"
		grep -v '^ok ' "$tmp/$i.out" | tail -n 40 | sed 's/^/# /'
		status=1
	fi
done
exit "$status"
