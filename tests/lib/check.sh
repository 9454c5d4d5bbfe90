#!/bin/sh
# shellcheck disable=SC2086 # $MAKE and $CC may carry arguments, as in make
# check.sh: every libkver test stage, run from lib/ by `make check`:
#   unit       the unit tests, plain build
#   unit-san   the same under ASan+UBSan (SAN=1, built below $OUT/san)
#   valgrind   the plain unit tests under valgrind
#   fuzz       the libFuzzer targets for FUZZ_SECONDS in all
#   header     kver.h under C89..C17 and C++98..C++20, -pedantic -Werror
#   install    make install into a temporary root, build and run against it
# Each stage prints its own count; the closing line adds them all up.
set -u
: "${MAKE:=make}" "${OUT:?OUT must be set}" "${FUZZ_SECONDS:=30}"
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
snapshots=$top/tests/lib/snapshots
logs=$OUT/lib/check
mkdir -p "$logs"
passed=0
failed=0

# stage NAME CMD...: run, show the stage's own count, add it to the total.
# A stage that fails without a count (say, a build error) counts as one
# failure.
stage() {
	name=$1
	shift
	log=$logs/$name.log
	"$@" >"$log" 2>&1
	rc=$?
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
	if [ -n "$line" ]; then
		p=${line%% passed*}
		f=${line#*passed, }
		f=${f%% failed}
	elif [ "$rc" -eq 0 ]; then
		p=1 f=0
	else
		p=0 f=1
	fi
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	passed=$((passed + p))
	failed=$((failed + f))
	if [ "$rc" -eq 0 ]; then
		printf '%-9s %s passed, %s failed\n' "$name:" "$p" "$f"
	else
		printf '%-9s FAILED (log: %s)\n' "$name:" "$log"
		grep -E '^(FAIL|SKIP|==[0-9]+==|.*runtime error)' "$log" | head -n 40
		tail -n 15 "$log"
	fi
}

stage unit sh -c "$MAKE -s tests && '$OUT/lib/tests/kver-test' '$snapshots'"
stage unit-san sh -c "$MAKE -s SAN=1 OUT='$OUT/san' tests &&
	'$OUT/san/lib/tests/kver-test' '$snapshots'"
if command -v valgrind >/dev/null 2>&1; then
	stage valgrind valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=all --show-leak-kinds=all \
		"$OUT/lib/tests/kver-test" "$snapshots"
else
	echo "valgrind: not installed" >&2
	failed=$((failed + 1))
fi
if command -v "${FUZZ_CC:-clang}" >/dev/null 2>&1; then
	stage fuzz $MAKE -s -C "$top/fuzz" run OUT="$OUT" \
		FUZZ_SECONDS="$FUZZ_SECONDS"
else
	echo "fuzz: ${FUZZ_CC:-clang} not installed" >&2
	failed=$((failed + 1))
fi
stage header env CC="${CC:-cc}" sh "$top/tests/lib/header/test.sh"
stage install env MAKE="$MAKE" sh "$top/tests/lib/install/test.sh"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
