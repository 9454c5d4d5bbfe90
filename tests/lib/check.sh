#!/bin/sh
# shellcheck disable=SC2086 # $MAKE may carry arguments, as in make
# check.sh: every libkver test, run from lib/ by `make check` once both
# builds of the unit tests exist (plain in $OUT, ASan+UBSan in $OUT/san):
#   unit       the unit tests: plain, under ASan+UBSan and under valgrind,
#              each test counted once (tests/variants.sh)
#   fuzz       the libFuzzer targets for FUZZ_SECONDS in all
#   header     kver.h under C89..C17 and C++98..C++20, -pedantic -Werror
#   install    make install into a temporary root, build and run against it
# One KTAP document; each part's tests are its subtests.
set -u
: "${MAKE:=make}" "${OUT:?OUT must be set}" "${FUZZ_SECONDS:=30}" "${VALGRIND:?VALGRIND must be set}"
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
snapshots=$top/tests/lib/snapshots
# shellcheck source=SCRIPTDIR/../tap.sh
. "$top/tests/tap.sh"

unit=$OUT/lib/tests/kver-test
tap_sub unit sh "$top/tests/variants.sh" "'$unit' '$snapshots'" \
	"'$OUT/san/lib/tests/kver-test' '$snapshots'" "$VALGRIND '$unit' '$snapshots'"
if command -v "${FUZZ_CC:-clang}" >/dev/null 2>&1; then
	tap_sub fuzz $MAKE -s -C "$top/fuzz" run OUT="$OUT" FUZZ_SECONDS="$FUZZ_SECONDS"
else
	fail "fuzz: ${FUZZ_CC:-clang} is installed"
fi
tap_sub header env CC="${CC:-cc}" sh "$top/tests/lib/header/test.sh"
tap_sub install env MAKE="$MAKE" sh "$top/tests/lib/install/test.sh"
tap_end libkver
