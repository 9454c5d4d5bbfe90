# shellcheck shell=sh
# tap.sh: TAP lines for a shell test that runs a tool with its output in
# $work/out and $work/err. Sourced, never run.
#   pass NAME          ok N NAME
#   fail NAME          not ok N NAME, then the last lines of that output
#   tap_end SUITE      the plan and the totals; status 0 when none failed
#   protocol NAME      a string of probe/protocol.h (KVER_PROBE_EXIT, ...)
npass=0
nfail=0
pass() {
	npass=$((npass + 1))
	echo "ok $((npass + nfail)) $*"
}
# shellcheck disable=SC2154 # $work is the test's own
fail() {
	nfail=$((nfail + 1))
	echo "not ok $((npass + nfail)) $*"
	sed 's/^/# /' "$work/out" "$work/err" 2>/dev/null | tail -n 20
}
tap_end() {
	echo "1..$((npass + nfail))"
	echo "# $1: $npass passed, $nfail failed"
	[ "$nfail" = 0 ]
}
# The C preprocessor reads the header, so the probe's strings are spelled
# once; $top is the test's own (the top of the repository).
protocol() {
	# shellcheck disable=SC2154
	printf '#include "protocol.h"\n%s\n' "$1" | ${CC:-cc} -E -P -I "$top/probe" - |
		sed -n 's/" "//g; s/^"\(.*\)"$/\1/p'
}
