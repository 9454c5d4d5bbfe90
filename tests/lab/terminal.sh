#!/bin/sh
# terminal.sh: what kver-lab shows on a terminal, on recorded boots
# (tests/lab/boots/*) and a recorded build log (tests/lab/buildlog/): the
# narrow table and --wide, colour on a terminal and never with NO_COLOR or
# into a pipe, the style and version of a point, the summary line, and the
# progress of a full build as plain lines. KVER_LAB is the command to test
# (it may start with valgrind); it defaults to build/lab/kver-lab.
#
# With KVER_LAB_BATCH (tests/lab/batch.c built on the code of KVER_LAB, then
# the plain build), every case runs again under $VALGRIND at the end
# (tests/batch.sh): the plain invocations all in one process, those on a
# terminal each alone. Valgrind must find no error and no leak, and each
# case must give the plain run's answers, except where they tell the time
# (the progress lines), where the status alone is compared. A difference
# fails the run, not a test.
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
top=$(CDPATH='' cd -- "$here/../.." && pwd)
lab=${KVER_LAB:-$top/build/lab/kver-lab}
batch=${KVER_LAB_BATCH:-}
boots=$here/boots
work=$(mktemp -d "${TMPDIR:-/tmp}/kver-terminal-test.XXXXXX")
trap 'rm -rf "$work"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
esc=$(printf '\033')

# shellcheck source=SCRIPTDIR/../tap.sh
. "$top/tests/tap.sh"
# shellcheck source=SCRIPTDIR/../batch.sh
. "$top/tests/batch.sh"
[ -z "$batch" ] || batch_start "$work/batch" "$batch" "$lab"
# kl [-s] [-e NAME=VALUE] [-i FILE] ARGS...: run kver-lab, with NAME=VALUE in
# its environment and FILE (else /dev/null) on stdin; output in $work/out
# and $work/err, status in rc. -s: the batch compares the status only.
kl() {
	kl_s='' kl_env='' kl_in=/dev/null
	while :; do
		case $1 in
		-s) kl_s=-s; shift ;;
		-e) kl_env=$2; shift 2 ;;
		-i) kl_in=$2; shift 2 ;;
		*) break ;;
		esac
	done
	rc=0
	# shellcheck disable=SC2086 # KVER_LAB may be "valgrind ... kver-lab"
	env ${kl_env:+"$kl_env"} $lab "$@" <"$kl_in" >"$work/out" 2>"$work/err" || rc=$?
	# shellcheck disable=SC2086 # $kl_s is an option or nothing
	[ -z "$batch" ] || batch_case $kl_s ${kl_env:+-e "$kl_env"} -i "$kl_in" \
		"$rc" "$work/out" "$work/err" "$@"
}
# hasnt NAME PATTERN: no line of the last output matches PATTERN.
hasnt() {
	if grep -qE -- "$2" "$work/out"; then fail "$1 (a line matches '$2')"; else pass "$1"; fi
}
# widest: the longest line of the table (up to the first empty line).
widest() {
	sed -e "s/$esc\[[0-9;]*m//g" -e "s/$(printf '\r')\$//" -e '/^$/q' "$work/out" | awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }'
}

all=$(printf '%s ' "$boots"/*)

# 1. The narrow table: every recorded boot on one row of at most 100 columns.
# shellcheck disable=SC2086 # one word per boot folder
kl report $all
n=$(sed -n '2,/^$/p' "$work/out" | grep -c '^6\.1 ' || true)
want=$(printf '%s\n' "$boots"/* | wc -l)
if [ "$rc" = 1 ] && [ "$n" = "$want" ] && [ "$(widest)" -le 100 ]; then
	pass "narrow table: $n rows, $(widest) columns"
else
	fail "narrow table: status $rc, $n rows (want $want), $(widest) columns (at most 100)"
fi
tap_has "narrow table has one column for the probe's checks" \
	'^TREE +STYLE +SUBLEVEL +RELEASE +CODE +CHECKS +KUNIT +GUEST +VERDICT$' "$work/out"
tap_has "the passing point: all 6 checks, 57 KUnit cases, 26 guest tests" \
	'^6\.1 +upstream +256 +6\.1\.256 +0x0601ff +6/6 +57/57 +26/26 +ok$' "$work/out"
tap_has "a wrong release: 2 of 6 checks, and FAIL" '^6\.1 +upstream +256 +6\.1\.256 +0x0601ff +2/6 .* FAIL$' "$work/out"
tap_has "a hung guest says so on its row" '^6\.1 .* FAIL hung$' "$work/out"
for check in uname_release proc_osrelease proc_version libkver_running; do
	tap_has "the failing check $check is named below the table" "^    $check: not ok$" "$work/out"
done
tap_has "a hung guest's reason is below the table" '^  guest hung after /init started: no exit within 20 s;' "$work/out"

# 2. --wide and KVER_WIDE=1: one column per probe check, the reason on the row.
kl report --wide "$boots/pass" "$boots/wrong-release"
tap_has "--wide has a column per probe check" '^TREE +PACKAGE \(MAKEFILE\) +STYLE +SERIES +SUBLEVEL .* uname_release +proc_osrelease .* device_codes +KUNIT' "$work/out"
tap_has "--wide: the failing row gives its checks and reason" '^6\.1 .* FAIL +FAIL +FAIL +ok +FAIL +ok .* FAIL: a check failed$' "$work/out"
cp "$work/out" "$work/wide"
kl -e KVER_WIDE=1 report "$boots/pass" "$boots/wrong-release"
if cmp -s "$work/out" "$work/wide"; then pass "KVER_WIDE=1 is --wide"; else fail "KVER_WIDE=1 is --wide"; fi
kl -e KVER_WIDE=0 report "$boots/pass" "$boots/wrong-release"
tap_has "KVER_WIDE=0 is the narrow table" '^TREE +STYLE +SUBLEVEL' "$work/out"

# 3. Colour: on a terminal, never into a pipe or with NO_COLOR set.
kl report "$boots/pass" "$boots/hung"
if grep -q "$esc" "$work/out"; then fail "no colour into a pipe"; else pass "no colour into a pipe"; fi
if command -v script >/dev/null 2>&1; then
	batch_on_tty -w 100 "$lab" "$work/out" "\$KVER_PROG report $boots/pass $boots/hung"
	tap_has "colour on a terminal: ok in green" "$esc\[32mok$esc\[0m" "$work/out"
	tap_has "colour on a terminal: FAIL in bold red" "$esc\[1;31mFAIL hung$esc\[0m" "$work/out"
	if [ "$(widest)" -le 100 ]; then pass "a 100-column terminal gets the narrow table"; else fail "a 100-column terminal: $(widest) columns"; fi
	n=$(tr -d '\r' <"$work/out" | grep '^  | ' | awk 'length($0) > 100' | wc -l)
	if [ "$n" = 0 ] && tr -d '\r' <"$work/out" | grep -q '^  | .*Generic Explorer Mouse as .*\.\.\.$'; then
		pass "serial log lines are cut to the terminal's width"
	else
		fail "serial log lines are cut to the terminal's width ($n wider)"
	fi
	batch_on_tty -w 100 "$lab" "$work/out" "NO_COLOR=1 \$KVER_PROG report $boots/pass $boots/hung"
	hasnt "NO_COLOR=1 turns colour off" "$esc\["
	batch_on_tty -w 100 "$lab" "$work/out" "NO_COLOR='' \$KVER_PROG report $boots/pass $boots/hung"
	tap_has "an empty NO_COLOR does not" "$esc\[32mok" "$work/out"
	batch_on_tty -w 250 "$lab" "$work/out" "\$KVER_PROG report $boots/pass $boots/wrong-release"
	tap_has "a terminal wide enough gets the wide table" '^TREE +PACKAGE \(MAKEFILE\)' "$work/out"
else
	fail "colour on a terminal: script(1) is not installed (apt-get install bsdutils)"
fi

# 4. Release styles from point.meta; points recorded before them are upstream.
mkdir -p "$work/debian"
cp "$boots/pass/"* "$work/debian/"
printf 'style=debian\nversion=6.1.256\n' >>"$work/debian/point.meta"
kl report --json "$work/r.json" "$boots/pass" "$work/debian"
tap_has "the style column shows debian" '^6\.1 +debian +256 ' "$work/out"
if [ "$(jq -c '[.points[].meta | [.style, .version]]' "$work/r.json")" = '[["upstream","6.1.256"],["debian","6.1.256"]]' ]; then
	pass "style and version in the JSON"
else
	fail "style and version in the JSON"
fi

# 4b. A point's record from its one writer (kver-lab meta), read by the report.
mkdir -p "$work/written"
cp "$boots/pass/serial.log" "$boots/pass/qemu.status" "$work/written/"
kl meta "$work/written/point.meta" tree=6.1 package=6.1.192-3 makefile=6.1.192 series=kver \
	style=debian sublevel=256 version=6.1.256 expect=6.1.0-64-amd64 uts_version= build=full build_s=3
tap_status "meta: a point's record is written" 0 "$rc"
if [ "$(sed -n 's/^hides_version=//p' "$work/written/point.meta")" = 1 ] &&
	[ "$(sed -n '9p' "$work/written/point.meta")" = hides_version=1 ]; then
	pass "meta: hides_version decided, in protocol.h's order"
else
	fail "meta: hides_version decided, in protocol.h's order ($(tr '\n' ' ' <"$work/written/point.meta"))"
fi
kl report "$work/written"
tap_has "meta: the report reads the written record" '^6\.1 +debian +256 ' "$work/out"
# Each case: the keys after tree, makefile and series, then what the error says.
for bad in "sublevel=256 colour=red:.colour. is no key of point.meta" \
	"sublevel=256 hides_version=0:hides_version is decided from expect and version, not given" \
	"sublevel=65536:invalid SUBLEVEL .65536.: above 65535" \
	"sublevel=256 version=6.1.255:version=6.1.255 is not M.P.S at sublevel=256" \
	"sublevel=256 tree=6.12:tree is given twice"; do
	# shellcheck disable=SC2086 # one word per key
	kl meta "$work/written/bad.meta" tree=6.1 makefile=6.1.192 series=kver ${bad%%:*}
	tap_status "meta: ${bad%%:*} is refused" 2 "$rc" "^kver-lab: error: .*${bad#*:}" "$work/err"
done
if [ -e "$work/written/bad.meta" ]; then fail "meta: nothing written when refused"; else pass "meta: nothing written when refused"; fi

# 4c. results.json follows the one schema of a point (docs/results.schema.json),
# for every recorded boot, whatever its verdict.
# shellcheck disable=SC2086 # one word per boot folder
kl report --json "$work/all.json" $all "$work/debian" "$work/written"
jq -r --slurpfile schema "$top/docs/results.schema.json" --arg def results \
	-f "$top/tests/util/schema.jq" "$work/all.json" >"$work/out" 2>&1 || echo "jq failed" >>"$work/out"
if [ ! -s "$work/out" ] && [ "$(jq '.points | length' "$work/all.json")" -ge 10 ]; then
	pass "results.json follows docs/results.schema.json"
else
	fail "results.json follows docs/results.schema.json: $(head -n 5 "$work/out" | tr '\n' ' ')"
fi

# 5. The summary line: points passed, time, where the files are.
kl report --summary 754 --json "$work/r.json" "$boots/pass" "$boots/hung"
tap_has "summary" "^1 of 2 points passed in 12 min 34 s; results: $work/r.json; boot logs: $boots\$" "$work/out"
if [ "$(wc -l <"$work/out")" = 1 ] && [ "$rc" = 1 ]; then pass "summary: one line, status 1"; else fail "summary: one line, status 1 (status $rc)"; fi
mkdir -p "$work/run"
cp -R "$boots/pass" "$work/run/6.1-kver-256"
kl -e HOME="$work" report --summary 61 --json "$work/run/results.json" "$work/run/6.1-kver-256"
tap_has "summary: results.json beside the boot folders, under ~" \
	'^1 of 1 point passed in 1 min 01 s; results.json, boot logs: ~/run$' "$work/out"
kl report --summary soon "$boots/pass"
tap_status "a bad --summary is an error" 2 "$rc" \
	"^kver-lab: error: --summary needs a number of seconds, not 'soon'" "$work/err"
kl report --narrow "$boots/pass"
tap_status "an unknown option is an error" 2 "$rc" "unknown report option '--narrow'" "$work/err"

# 6. A full build's progress, as plain lines when stderr is not a terminal,
# on a real build log: every object counted, the log copied, the count kept.
# The lines tell the time: the batch compares their status only.
# buildlog/6.1-full.log is three pieces (the start, arch/x86/kernel, the
# link) of the log of a full build of linux-source-6.1 6.1.192-3 with the
# lab's config, which compiled 832 objects in all.
log=$here/buildlog/6.1-full.log
objects=$(grep -cE '^  (CC|AS) +(\[M\] +)?[^ ]+\.o$' "$log")
kl -s -i "$log" progress --tree 6.1 --total 3000~ --every 0 --log "$work/build.log" \
	--count "$work/count"
n=$(grep -cE '^\[[0-9:]*\] building 6\.1: [0-9]* of ~3000 objects \([0-9]*%\), [0-9]*:[0-9][0-9] elapsed, (estimating the time left|about [0-9:]* left)$' "$work/err" || true)
if [ "$rc" = 0 ] && [ "$n" = "$objects" ]; then pass "progress: a line per object ($n)"; else fail "progress: $n lines, want $objects (status $rc)"; fi
if grep -q "^\[[0-9:]*\] 6\.1: $objects objects compiled in [0-9]*:[0-9][0-9]\$" "$work/err"; then pass "progress: the last line"; else fail "progress: the last line"; fi
if cmp -s "$log" "$work/build.log"; then pass "progress: the build log is a copy of the input"; else fail "progress: the build log differs"; fi
if [ "$(cat "$work/count")" = "$objects" ]; then pass "progress: the count is kept"; else fail "progress: count $(cat "$work/count"), want $objects"; fi
if grep -q "$esc" "$work/err"; then fail "progress: no escapes off a terminal"; else pass "progress: no escapes off a terminal"; fi
kl -s -i "$log" progress --tree 6.1 --total 3000
n=$(wc -l <"$work/err")
if [ "$n" = 1 ]; then pass "progress: quiet between --every periods"; else fail "progress: $n lines within 30 s"; fi
if command -v script >/dev/null 2>&1; then
	# On a terminal: the line rewritten in place, cut to the terminal's
	# width; half the log, a pause, the rest. The input waits until the
	# tool has started (it opens its log first), as valgrind starts slowly.
	grep -m "$((objects / 2))" -E '^  (CC|AS) ' "$log" >"$work/half.log"
	cat >"$work/tty.sh" <<TTY
rm -f "$work/tty.log"
(while [ ! -e "$work/tty.log" ]; do sleep 0.1; done; cat "$work/half.log"; sleep 1.5; cat "$log") |
	\$KVER_PROG progress --tree 6.1 --total 3000~ --log "$work/tty.log"
TTY
	batch_on_tty -s -w 60 "$lab" "$work/out" "sh $work/tty.sh"
	cr=$(printf '\r')
	if grep -q "$cr\[[0-9:]*\] building 6\.1: [0-9]* of ~3000 objects.*$cr\[[0-9:]*\] 6\.1: [0-9]* objects compiled in " "$work/out" &&
		! tr '\r' '\n' <"$work/out" | sed "s/$esc\[K//g" | awk 'length($0) > 59' | grep -q .; then
		pass "progress on a terminal: rewritten in place, at most 59 columns"
	else
		fail "progress on a terminal"
	fi
else
	fail "progress on a terminal: script(1) is not installed (apt-get install bsdutils)"
fi
kl -i "$log" progress --tree 6.1 --total lots
tap_status "progress: a bad --total is an error" 2 "$rc" \
	"^kver-lab: error: --total needs a number, not 'lots'" "$work/err"
kl -i "$log" progress --total 3
tap_status "progress: --tree is needed" 2 "$rc" "progress needs --tree" "$work/err"

# --guest: did each guest run to its end? Failed checks are not its concern.
kl report --guest "$boots/pass" "$boots/wrong-release"
if [ "$rc" = 0 ] && [ ! -s "$work/out" ]; then pass "--guest: failed checks, guests that ended"; else fail "--guest: pass and wrong-release (status $rc)"; fi
kl report --guest "$boots/pass" "$boots/hung" "$boots/probe-stopped"
if [ "$rc" = 1 ] && [ "$(wc -l <"$work/out")" = 2 ] &&
	grep -q "/hung: hung: guest hung after /init started" "$work/out"; then
	pass "--guest: one line per guest that did not end, status 1"
else
	fail "--guest: hung and probe-stopped (status $rc)"
fi
# Bad boot folders: one line naming the cause, status 2.
mkdir -p "$work/fifo"
mkfifo "$work/fifo/point.meta"
kl report "$work/fifo"
tap_status "a FIFO for point.meta is an error, not a wait" 2 "$rc" \
	"^kver-lab: error: cannot read .*/fifo/point.meta: not a regular file$" "$work/err"
kl report "$work/nothing"
tap_status "a missing boot folder is an error" 2 "$rc" \
	"^kver-lab: error: cannot read .*/nothing: No such file or directory$" "$work/err"

# ktap: parse only, no boot judged (no point.meta needed).
cp "$boots/wrong-release/serial.log" "$work/wrong.log"
kl ktap "$work/wrong.log"
if [ "$rc" = 1 ] && grep -q '^    FAIL     uname_release$' "$work/out" &&
	grep -q "^      # uname_release: got '6\.1\.256', expected a release starting with '6\.1\.257'$" "$work/out" &&
	grep -q ': 60 passed, 5 failed, 24 skipped, 0 missing in 2 KTAP documents$' "$work/out"; then
	pass "ktap: failures with their diagnostics, the summary, status 1"
else
	fail "ktap: wrong-release's log (status $rc)"
fi
kl -i "$boots/pass/serial.log" ktap -
if [ "$rc" = 0 ] && grep -q '^-: 89 passed, 0 failed, 0 skipped, 0 missing in 2 KTAP documents$' "$work/out"; then
	pass "ktap: a passing log from stdin, status 0"
else
	fail "ktap: pass from stdin (status $rc)"
fi
kl ktap --json "$boots/probe-crashed/serial.log" "$boots/pass/serial.log"
if [ "$rc" = 1 ] && [ "$(jq -c '[.ok, .files[0].documents[1].counts.missing, .files[1].ok]' "$work/out" 2>&1)" = '[false,4,true]' ]; then
	pass "ktap --json: valid, missing tests counted per document"
else
	fail "ktap --json (status $rc)"
fi
# A suite the kernel reported "not ok" though each case it printed passed,
# and one whose plan promises more cases than it printed: each fails the
# log (status 1), the first with one failure, the second with its missing.
printf '%s\n' 'KTAP version 1' '1..1' '    KTAP version 1' '    # Subtest: kver-exit' \
	'    1..2' '    ok 1 kver_exit_code' '    ok 2 kver_exit_marker' \
	'# kver-exit: pass:2 fail:0 skip:0 total:2' 'not ok 1 kver-exit' >"$work/parent.log"
kl ktap "$work/parent.log"
tap_status "ktap: a failed suite whose cases passed is a failure, status 1" 1 "$rc" \
	': 2 passed, 1 failed, 0 skipped, 0 missing in 1 KTAP document$' "$work/out"
printf '%s\n' 'KTAP version 1' '1..1' '    KTAP version 1' '    # Subtest: example' \
	'    1..4' '    ok 1 example_simple_test' \
	'    ok 2 example_skip_test # SKIP this test should be skipped' \
	'    # example_slow_test: try timed out' 'not ok 1 example' >"$work/short.log"
kl ktap "$work/short.log"
tap_status "ktap: a suite's plan longer than its cases counts the rest missing, status 1" 1 \
	"$rc" ': 1 passed, 0 failed, 1 skipped, 2 missing in 1 KTAP document$' "$work/out"
# --test NAME: one test's result at any depth (the suite of short.log and
# its skipped case), a failed suite whose cases passed, a test not there.
kl ktap --test example "$work/short.log"
tap_status "ktap --test: a suite with missing cases is not ok, status 1" 1 "$rc" \
	'^example: not ok: 1 passed, 0 failed, 1 skipped, 2 missing$' "$work/out"
kl ktap --test example_skip_test "$work/short.log"
tap_status "ktap --test: a skipped case, status 3" 3 "$rc" \
	'^example_skip_test: skip: 0 passed, 0 failed, 1 skipped, 0 missing$' "$work/out"
kl ktap --test kver-exit "$work/parent.log"
tap_status "ktap --test: a failed suite whose cases passed, status 1" 1 "$rc" \
	'^kver-exit: not ok: 2 passed, 1 failed, 0 skipped, 0 missing$' "$work/out"
kl ktap --test kver_exit_marker "$work/parent.log"
tap_status "ktap --test: a passed case, status 0" 0 "$rc" \
	'^kver_exit_marker: ok: 1 passed, 0 failed, 0 skipped, 0 missing$' "$work/out"
kl ktap --test kver_exit "$work/parent.log"
tap_status "ktap --test: no test of that name, status 4" 4 "$rc" \
	"^.*/parent.log: no test called 'kver_exit'$" "$work/out"
kl ktap --test kver-exit "$work/parent.log" "$work/short.log"
tap_status "ktap --test: two files are an error" 2 "$rc" \
	"^kver-lab: error: --test takes one file and no --json$" "$work/err"
kl ktap "$work/none.log"
tap_status "ktap: a missing file is an error" 2 "$rc" \
	"^kver-lab: error: cannot read .*/none.log: No such file or directory$" "$work/err"
kl ktap "$work"
tap_status "ktap: a folder is an error, not an empty log" 2 "$rc" \
	"^kver-lab: error: cannot read .*: Is a directory$" "$work/err"

status=0
tap_end "terminal tests" || status=1
# Every case again under valgrind: a difference fails the run, not a test.
[ -z "$batch" ] || batch_run || status=1
exit "$status"
