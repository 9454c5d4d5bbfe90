#!/bin/sh
# verdicts.sh: judge recorded boot folders (tests/lab/boots/*) with kver-lab
# and compare with what each must yield: its exit status, a line of the
# report and the verdict cell that ends the point's row in the table. The boots were recorded from real QEMU runs of the lab; this test
# keeps the deciding logic honest without booting.
set -eu
cd "$(dirname -- "$0")/../.."
lab=build/lab/kver-lab
[ -x "$lab" ] || { echo "verdicts.sh: $lab is not built (make tools)" >&2; exit 1; }
# shellcheck source=SCRIPTDIR/../tap.sh
. tests/tap.sh
for dir in tests/lab/boots/*/; do
	dir=${dir%/}
	name=${dir##*/}
	tap_want "$name" || continue
	want_rc=$(sed -n 's/^status=//p' "$dir/expect")
	want_line=$(sed -n 's/^line=//p' "$dir/expect")
	want_verdict=$(sed -n 's/^verdict=//p' "$dir/expect")
	rc=0
	out=$("$lab" report "$dir" 2>&1) || rc=$?
	if [ "$rc" = "$want_rc" ] && printf '%s\n' "$out" | grep -qE -- "$want_line" &&
		printf '%s\n' "$out" | grep -qE -- "^[0-9]+\.[0-9]+ .*  $want_verdict\$"; then
		pass "$name"
	else
		fail "$name"
		echo "# status $rc (want $want_rc), want a line matching: $want_line and a row ending in '$want_verdict'"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
done
tap_end verdicts
