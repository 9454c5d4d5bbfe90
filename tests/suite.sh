#!/bin/sh
# suite.sh SUITE [PART CMD]...: one KTAP document for a part of kver (what
# its make check runs): each PART is a subtest whose own KTAP comes from
# the shell command CMD. See tests/tap.sh for the name filter.
set -eu
# shellcheck source=SCRIPTDIR/tap.sh
. "$(dirname -- "$0")/tap.sh"
suite=$1
shift
while [ $# -ge 2 ]; do
	tap_sub "$1" sh -c "$2"
	shift 2
done
tap_end "$suite"
