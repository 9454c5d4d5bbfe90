#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# run.sh [--host|--lab] [NAME]: kver's test command, in KTAP (tests/tap.sh).
# NAME runs only the tests whose name matches the shell glob *NAME* (a plain
# word is a substring), at any depth; when none matches, it says so and
# exits 1. Host tests first (unit tests,
# sanitizers, valgrind, shellcheck), then the lab's QEMU tests: real kernels
# built from both trees, booted at SUBLEVEL 255 and 256, and the failures
# the lab must catch (wrong version, hung guest, crashed probe, no /init,
# a patch that does not apply, bad SUBLEVEL input).
# KVER_TREES="6.1" limits the QEMU tests to one tree.
set -eu
cd "$(dirname -- "$0")/.."
top=$(pwd)
. "$top/lab/common.sh"

what=all
case ${1:-} in --host | --lab) what=$1; shift ;; esac
[ $# -le 1 ] || { echo "usage: tests/run.sh [--host|--lab] [NAME]" >&2; exit 2; }
case ${1:-} in -*) echo "usage: tests/run.sh [--host|--lab] [NAME]" >&2; exit 2 ;; esac
KVER_T=${1:-}
export KVER_T
work=${KVER_TEST_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/kver-tests.XXXXXX")}
mkdir -p "$work"

# shellcheck source=SCRIPTDIR/tap.sh
. "$top/tests/tap.sh"
# check NAME CMD...: CMD must exit 0; its output is shown only on failure.
check() {
	name=$1
	shift
	tap_want "$name" || return 0
	if "$@" >"$work/last.log" 2>&1; then
		pass "$name"
	else
		sed 's/^/# /' "$work/last.log" | tail -n 40
		fail "$name"
	fi
}
# need NAME CMD...: a step other tests build on; it runs whatever the name
# filter says, and is reported when its name matches or when it fails.
need() {
	if tap_want "$1"; then
		check "$@"
		return
	fi
	name=$1
	shift
	if ! "$@" >"$work/last.log" 2>&1; then
		sed 's/^/# /' "$work/last.log" | tail -n 40
		tap_line "not ok" "$name"
	fi
}
# expect_fail NAME PATTERN CMD...: CMD must exit non-zero and print PATTERN.
expect_fail() {
	name=$1
	pattern=$2
	shift 2
	tap_want "$name" || return 0
	rc=0
	"$@" >"$work/last.log" 2>&1 || rc=$?
	tap_status "$name" '!0' "$rc" "$pattern" "$work/last.log"
}

# schema_check NAME DEF FILE: FILE follows docs/results.schema.json's DEF
# (results, matrix); its violations are shown when it does not.
schema_check() {
	tap_want "$1" || return 0
	if jq -r --slurpfile schema docs/results.schema.json --arg def "$2" -f tests/util/schema.jq "$3" \
		>"$work/schema.log" 2>&1 && [ ! -s "$work/schema.log" ]; then
		pass "$1"
	else
		sed 's/^/# /' "$work/schema.log" | head -n 20
		fail "$1"
	fi
}

# The parts: the host tests, then the lab's QEMU tests.
# shellcheck source=SCRIPTDIR/host.sh
. "$top/tests/host.sh"
# shellcheck source=SCRIPTDIR/lab/negative.sh
. "$top/tests/lab/negative.sh"
# shellcheck source=SCRIPTDIR/lab/version-only.sh
. "$top/tests/lab/version-only.sh"
# shellcheck source=SCRIPTDIR/lab/qemu.sh
. "$top/tests/lab/qemu.sh"
# shellcheck source=SCRIPTDIR/lab/shipped.sh
. "$top/tests/lab/shipped.sh"
# shellcheck source=SCRIPTDIR/lab/audit.sh
. "$top/tests/lab/audit.sh"

case $what in
--host) host_tests ;;
--lab) lab_tests ;;
all) host_tests; lab_tests ;;
esac

tap_end "kver tests"
