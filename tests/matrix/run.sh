#!/bin/sh
# tests/matrix/run.sh: kver-matrix on recorded boot folders.
#
# fixtures/boots holds boot folders recorded by matrix/run.sh (point.meta
# and the value lines of serial.log). The tool must find them equal to
# tests/expected-matrix.txt, and must catch every kind of wrong cell: a
# changed value, a design the lab did not really build, a wrong expected
# verdict, a missing point. KVER_MATRIX is the command to test (it may
# start with valgrind); it defaults to build/matrix/kver-matrix.
#
# With KVER_MATRIX_BATCH (tests/matrix/batch.c built on the code of
# KVER_MATRIX, then the plain build), every case of the tool runs again
# under $VALGRIND at the end (tests/batch.sh): the plain invocations all in
# one process, those on a terminal each alone. Valgrind must find no error
# and no leak, and each case must give the plain run's answers; a
# difference fails the run, not a test.
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
top=$(CDPATH='' cd -- "$here/../.." && pwd)
matrix=${KVER_MATRIX:-$top/build/matrix/kver-matrix}
batch=${KVER_MATRIX_BATCH:-}
expected=$top/tests/expected-matrix.txt
boots=$here/fixtures/boots
work=$(mktemp -d "${TMPDIR:-/tmp}/kver-matrix-test.XXXXXX")
trap 'rm -rf "$work"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM

# shellcheck source=SCRIPTDIR/../tap.sh
. "$top/tests/tap.sh"
# lab/common.sh (protocol) takes the repository from KVER_TOP: this script
# is two levels down.
KVER_TOP=$top
# shellcheck source=SCRIPTDIR/../../lab/common.sh
. "$top/lab/common.sh"
# shellcheck source=SCRIPTDIR/../batch.sh
. "$top/tests/batch.sh"
[ -z "$batch" ] || batch_start "$work/batch" "$batch" "$matrix"

# km ARGS...: run the tool; output in $work/out and $work/err, status in rc.
km() {
	rc=0
	# shellcheck disable=SC2086 # KVER_MATRIX may be "valgrind ... kver-matrix"
	$matrix "$@" </dev/null >"$work/out" 2>"$work/err" || rc=$?
	[ -z "$batch" ] || batch_case "$rc" "$work/out" "$work/err" "$@"
}

# copy_boots: a private copy of the recorded boot folders in $wb, a new
# one each time: the batch runs every case again at the end, on the same
# files.
nboots=0
copy_boots() {
	nboots=$((nboots + 1))
	wb=$work/boots$nboots
	cp -R "$boots" "$wb"
}

# What the probe and the plugins print, as probe/protocol.h spells it.
value_line=$(protocol KVER_VALUE_LINE)
exit_line=$(protocol KVER_PROBE_EXIT)
if [ -z "$value_line" ] || [ -z "$exit_line" ]; then
	echo "Bail out! probe/protocol.h gives no value line or exit line"
	exit 1
fi

# set_value DIR KEY VALUE: change one value line of a boot folder's log.
set_value() {
	sed "s|$value_line$2=.*|$value_line$2=$3|" "$1/serial.log" >"$1/serial.log.new"
	mv "$1/serial.log.new" "$1/serial.log"
}

[ -d "$boots" ] || {
	echo "Bail out! no recorded boot folders in $boots"
	exit 1
}
# The trees and the own SUBLEVEL of each, from the recordings.
tree=$(sed -n 's/^tree=//p' "$boots"/*-mainline-256/point.meta | head -n 1)
[ -n "$tree" ] || {
	echo "Bail out! no mainline point at 256 among the recordings"
	exit 1
}

# 1. The recorded matrix is the expected one.
km --expected "$expected" --md "$work/m.md" --svg "$work/m.svg" --json "$work/m.json" \
	--chart "$work/chart.svg" "$boots"
tap_status "recorded boots match tests/expected-matrix.txt" 0 "$rc" "^0 cells differ" "$work/err" "$work/out"
if grep -q '^| unfixed |' "$work/m.md" && grep -q '^## Cost' "$work/m.md"; then
	pass "Markdown has the matrix and the cost"
else
	fail "Markdown has the matrix and the cost"
fi
# xmllint (libxml2-utils) and jq are in lab/deps.sh: missing, these fail.
if xmllint --noout "$work/m.svg" "$work/chart.svg" 2>"$work/err"; then
	pass "SVG matrix and chart are well-formed XML"
else
	fail "SVG matrix and chart are well-formed XML"
fi
n=$(jq '[.points[] | .matrix.cells | to_entries[]] | length' "$work/m.json" 2>"$work/err" || echo x)
want=$(($(find "$boots" -name point.meta | wc -l) * 7))
if [ "$n" = "$want" ]; then pass "JSON is valid and has $want cells"; else fail "JSON has $n cells, want $want"; fi
# The one schema of a point, whichever program writes it (docs/results.schema.json).
jq -r --slurpfile schema "$top/docs/results.schema.json" --arg def matrix \
	-f "$top/tests/util/schema.jq" "$work/m.json" >"$work/out" 2>&1 || echo "jq failed" >>"$work/out"
if [ -s "$work/out" ]; then
	fail "matrix.json follows docs/results.schema.json: $(head -n 5 "$work/out" | tr '\n' ' ')"
else
	pass "matrix.json follows docs/results.schema.json"
fi
# The chart plots what a 2020 decoder reads from each booted code.
for want in "unfixed at 256: 6.2.0" "mask at 256: 6.1.0" "widen at 300: 1537.1.44" \
	"clamp-code at 192: 6.1.255" "kver at 65535: 6.1.255" "mainline at 300: 6.1.255"; do
	if grep -qF "<title>$want</title>" "$work/chart.svg"; then
		pass "chart: $want"
	else
		fail "chart: no point '$want'"
	fi
done

# 2. One value changed: mainline at 256 with the unclamped code.
copy_boots
d=$wb/$tree-mainline-256
set_value "$d" vdso.code 0x060200
km --expected "$expected" --quiet "$wb"
tap_status "a changed vDSO code is a differing cell" 1 "$rc" \
	"^$tree mainline 256 spill: expected ok, measured fail \(reads as 6\.2\.0\)" "$work/err" "$work/out"
tap_status "... and names the exact check too" 1 "$rc" "^$tree mainline 256 exact: expected ok, measured fail" "$work/err" "$work/out"
tap_status "... and the disagreement with the devices" 1 "$rc" "^$tree mainline 256 agree: expected ok, measured fail" "$work/err" "$work/out"

# 3. A design the lab did not really build: unfixed at 256 showing
# mainline's values must fail the test, cell by cell.
copy_boots
cp "$boots/$tree-mainline-256/serial.log" "$wb/$tree-unfixed-256/serial.log"
km --expected "$expected" --quiet "$wb"
tap_status "unfixed that does not spill at 256 is caught" 1 "$rc" \
	"^$tree unfixed 256 spill: expected fail, measured ok" "$work/err" "$work/out"
for v in widen clamp-code mask extraversion; do
	copy_boots
	cp "$boots/$tree-mainline-300/serial.log" "$wb/$tree-$v-300/serial.log"
	km --expected "$expected" --quiet "$wb"
	tap_status "$v measured like mainline at 300 is caught" 1 "$rc" "^$tree $v 300 [a-z-]+: expected fail, measured ok" "$work/err" "$work/out"
done

# 4. A wrong expectation is a failing test too.
sed "s/^$tree unfixed 256 spill fail$/$tree unfixed 256 spill ok/" "$expected" >"$work/expected"
km --expected "$work/expected" --quiet "$boots"
tap_status "a wrong expected verdict is a difference" 1 "$rc" \
	"^$tree unfixed 256 spill: expected ok, measured fail \(reads as 6\.2\.0\)" "$work/err" "$work/out"

# 5. A point that was not measured.
copy_boots
rm -rf "$wb/$tree-mask-256"
km --expected "$expected" --all-expected --quiet "$wb"
tap_status "--all-expected: a missing point is a difference" 1 "$rc" "^$tree mask 256 monotonic: expected fail, not measured" "$work/err" "$work/out"
km --expected "$expected" --quiet "$wb"
tap_status "without --all-expected a subset is fine" 0 "$rc"

# 6. A guest that never finished: no data, a difference, and named.
copy_boots
grep -vF "$exit_line" "$boots/$tree-kver-255/serial.log" >"$wb/$tree-kver-255/serial.log"
km --expected "$expected" --quiet "$wb"
tap_status "an unfinished guest gives no-data cells" 1 "$rc" "^$tree kver 255 spill: expected ok, measured no data" "$work/err" "$work/out"
tap_status "... and the problem is named" 1 "$rc" "kver-255: probe stopped without reporting its result" "$work/err" "$work/out"

# 7. Input errors.
printf '%s\n' "$tree mainline 256 spill perhaps" >"$work/bad"
km --expected "$work/bad" "$boots"
tap_status "a bad expected file is an input error" 2 "$rc" "bad:1: verdict 'perhaps'" "$work/err" "$work/out"
km "$work"
tap_status "a folder without boots is an input error" 2 "$rc" "holds none" "$work/err" "$work/out"
km
tap_status "no folder is a usage error" 2 "$rc" "^usage:" "$work/err" "$work/out"
km --color sometimes "$boots"
tap_status "a bad --color is an input error" 2 "$rc" "--color" "$work/err" "$work/out"
copy_boots
cp -R "$wb/$tree-mask-256" "$wb/copy-of-mask-256"
km "$wb"
tap_status "the same point twice is an input error" 2 "$rc" "are the same point" "$work/err" "$work/out"
copy_boots
rm "$wb/$tree-mask-256/serial.log"
mkfifo "$wb/$tree-mask-256/serial.log"
km "$wb"
tap_status "a FIFO for serial.log is an input error, not a wait" 2 "$rc" "mask-256/serial.log: not a regular file" "$work/err" "$work/out"
copy_boots
echo "not a pair" >>"$wb/$tree-mask-256/point.meta"
km "$wb"
tap_status "a malformed point.meta is an input error" 2 "$rc" "mask-256/point.meta:[0-9]+: 'not a pair' is not KEY=VALUE" "$work/err" "$work/out"

# 8. Colour only when asked or on a terminal, and never with NO_COLOR.
esc=$(printf '\033')
km --color always "$boots"
if [ "$rc" = 0 ] && grep -q "$esc" "$work/out"; then pass "--color always colours"; else fail "--color always colours"; fi
km "$boots"
if [ "$rc" = 0 ] && ! grep -q "$esc" "$work/out"; then pass "no colour into a pipe"; else fail "no colour into a pipe"; fi
if command -v script >/dev/null 2>&1; then
	batch_on_tty "$matrix" "$work/out" "\$KVER_PROG $boots"
	if grep -q "$esc\[32m" "$work/out"; then pass "colour on a terminal"; else fail "colour on a terminal"; fi
	batch_on_tty "$matrix" "$work/out" "NO_COLOR=1 \$KVER_PROG $boots"
	if grep -q "$esc\[32m" "$work/out"; then fail "NO_COLOR turns colour off"; else pass "NO_COLOR turns colour off"; fi
	batch_on_tty "$matrix" "$work/out" "NO_COLOR='' \$KVER_PROG $boots"
	if grep -q "$esc\[32m" "$work/out"; then pass "an empty NO_COLOR does not"; else fail "an empty NO_COLOR does not"; fi
else
	skip "colour on a terminal" "script(1) is not installed"
fi

# The tool's last case: its batch runs beside what follows.
[ -z "$batch" ] || batch_go

# 9. The extraversion design's per-point make variables.
pointsh=$top/patches/variants/extraversion/point.sh
for case in "255:SUBLEVEL=255 EXTRAVERSION=" "256:SUBLEVEL=255 EXTRAVERSION=.1" \
	"300:SUBLEVEL=255 EXTRAVERSION=.45" "65535:SUBLEVEL=255 EXTRAVERSION=.65280" \
	"192:SUBLEVEL=192 EXTRAVERSION="; do
	got=$("$pointsh" "${case%%:*}" | tr '\n' ' ')
	if [ "$got" = "${case#*:} " ]; then pass "point.sh ${case%%:*}: ${case#*:}"; else fail "point.sh ${case%%:*}: '$got'"; fi
done
for bad in 65536 08 abc ""; do
	if "$pointsh" "$bad" >/dev/null 2>&1; then fail "point.sh rejects '$bad'"; else pass "point.sh rejects '$bad'"; fi
done

# 10. The headers plugin against three generations of <linux/version.h>.
mkdir -p "$work/h/clamp/include/linux" "$work/h/2020/include/linux" "$work/h/wide/include/linux"
cat >"$work/h/clamp/include/linux/version.h" <<'H'
#define LINUX_VERSION_CODE 393727
#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))
#define LINUX_VERSION_MAJOR 6
#define LINUX_VERSION_PATCHLEVEL 1
#define LINUX_VERSION_SUBLEVEL 300
H
cat >"$work/h/2020/include/linux/version.h" <<'H'
#define LINUX_VERSION_CODE 393727
#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + (c))
H
cat >"$work/h/wide/include/linux/version.h" <<'H'
#define LINUX_VERSION_CODE 100729132
#define KERNEL_VERSION(a,b,c) (((a) << 24) + ((b) << 16) + (c))
#define LINUX_VERSION_MAJOR 6
#define LINUX_VERSION_PATCHLEVEL 1
#define LINUX_VERSION_SUBLEVEL 300
H
# headers_case NAME WANT...: build and run the plugin for 6.1.300.
headers_case() {
	name=$1
	shift
	rm -rf "$work/h/out"
	mkdir -p "$work/h/out"
	if ! KVER_VERSION=6.1.300 sh "$top/guest/headers/build" /nonexistent /nonexistent \
		"$work/h/$name" "$work/h/out" >"$work/out" 2>"$work/err"; then
		fail "headers plugin builds against the $name headers"
		return
	fi
	"$work/h/out/headers.t" >"$work/out" 2>"$work/err" || true
	for want in "$@"; do
		if ! grep -qx "${value_line}headers.$want" "$work/out"; then
			fail "headers plugin, $name headers: no '$want'"
			return
		fi
	done
	pass "headers plugin, $name headers: $*"
}
headers_case clamp code=0x0601ff kernel_version=0x0601ff at_least=1 sublevel=300 args=6.1.300
headers_case 2020 code=0x0601ff kernel_version=0x06022c at_least=0 \
	"sublevel=absent: no LINUX_VERSION_SUBLEVEL in <linux/version.h>"
headers_case wide code=0x601012c kernel_version=0x601012c at_least=1 major=6 patchlevel=1
for bad in 6.300 6.1.x 6.1.300.1; do
	rc=0
	KVER_VERSION=$bad sh "$top/guest/headers/build" x x "$work/h/clamp" "$work/h" 2>"$work/err" || rc=$?
	tap_status "headers plugin rejects KVER_VERSION=$bad" '!0' "$rc" \
		"KVER_VERSION '$bad' is not MAJOR.PATCHLEVEL.SUBLEVEL" "$work/err"
done

status=0
tap_end "matrix tests" || status=1
# Every case again under valgrind: a difference fails the run, not a test.
[ -z "$batch" ] || batch_run || status=1
exit "$status"
