#!/bin/sh
# verdicts.sh: judge recorded boot folders (tests/lab/boots/*) with kver-lab
# and compare with what each must yield: its exit status, a line of the
# report and the verdict cell that ends the point's row in the table. The boots were recorded from real QEMU runs of the lab; this test
# keeps the deciding logic honest without booting.
set -eu
cd "$(dirname -- "$0")/../.."
lab=build/lab/kver-lab
[ -x "$lab" ] || { echo "verdicts.sh: $lab is not built (make tools)" >&2; exit 1; }
npass=0
nfail=0
for dir in tests/lab/boots/*/; do
	dir=${dir%/}
	name=${dir##*/}
	want_rc=$(sed -n 's/^status=//p' "$dir/expect")
	want_line=$(sed -n 's/^line=//p' "$dir/expect")
	want_verdict=$(sed -n 's/^verdict=//p' "$dir/expect")
	rc=0
	out=$("$lab" report "$dir" 2>&1) || rc=$?
	if [ "$rc" = "$want_rc" ] && printf '%s\n' "$out" | grep -qE -- "$want_line" &&
		printf '%s\n' "$out" | grep -qE -- "^[0-9]+\.[0-9]+ .*  $want_verdict\$"; then
		npass=$((npass + 1))
		echo "ok $name"
	else
		nfail=$((nfail + 1))
		echo "not ok $name: status $rc (want $want_rc), want a line matching: $want_line and a row ending in '$want_verdict'"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
done
echo "verdicts: $npass passed, $nfail failed"
[ "$nfail" = 0 ] && [ "$npass" -gt 0 ]
