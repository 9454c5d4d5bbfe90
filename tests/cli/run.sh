#!/bin/sh
# run.sh KVER [BATCH]: tests for the kver command, in KTAP (tests/tap.sh).
#
# Every case runs on KVER (the plain or the ASan+UBSan binary: cli/Makefile
# runs both through tests/variants.sh, which counts each test once). With
# BATCH (tests/cli/batch.c built on the same sources), every case KVER ran
# runs again in one process under $VALGRIND, which must find no leak and no
# error, and must give the same status, stdout and stderr (for the cases
# that read this machine, whose vDSO valgrind hides, the same status); a
# difference is named in a diagnostic line and the exit status is 1.
set -u
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
snap=$here/../lib/snapshots
[ $# -ge 1 ] || { echo "usage: run.sh KVER [BATCH]" >&2; exit 2; }
plain=$1
batch=${2:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kver-cli.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
# shellcheck source=SCRIPTDIR/../tap.sh
. "$here/../tap.sh"

# shellcheck source=SCRIPTDIR/../batch.sh
. "$here/../batch.sh"

# The kinds of case, and the cases (the order of their results is theirs).
# shellcheck source=SCRIPTDIR/helpers.sh
. "$here/helpers.sh"
# shellcheck source=SCRIPTDIR/running_cases.sh
. "$here/running_cases.sh"
# shellcheck source=SCRIPTDIR/cases.sh
. "$here/cases.sh"

# The man page renders without a single groff warning.
man=$here/../../man/kver.1
if ! tap_want "man page"; then
	:
elif ! command -v groff >/dev/null 2>&1; then
	skip "man page" "groff is not installed"
elif groff -man -ww -z -Tutf8 "$man" >"$tmp/man" 2>&1 && [ ! -s "$tmp/man" ]; then
	pass "man page"
else
	fail "man page"
	sed 's/^/# /' "$tmp/man"
fi

[ -z "$batch" ] || batch_start "$tmp/batch" "$batch"
mkdir -p "$tmp/run"
tmp=$tmp/run
cases

status=0
tap_end "kver command" || status=1
# Every recorded case again under valgrind: a difference fails the run,
# not a test.
[ -z "$batch" ] || batch_run || status=1
exit "$status"
