#!/bin/sh
# header/test.sh: kver.h compiles cleanly, with -pedantic -Werror, as every
# C standard from C89 and every C++ standard from C++98, with gcc and clang.
# One test per compiler and standard; closing line "N passed, N failed".
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
lib=$here/../../../lib
passed=0
failed=0
# try COMPILER LANGUAGE STANDARD
try() {
	if "$1" -x "$2" -std="$3" -pedantic -Werror -Wall -Wextra -I"$lib" \
		-fsyntax-only "$here/use.c" >"${TMPDIR:-/tmp}/kver-header.$$" 2>&1; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $1 -std=$3"
		sed 's/^/    /' "${TMPDIR:-/tmp}/kver-header.$$"
	fi
	rm -f "${TMPDIR:-/tmp}/kver-header.$$"
}
for pair in "${CC:-cc} ${CXX:-c++}" "clang clang++"; do
	cc=${pair% *}
	cxx=${pair#* }
	if ! command -v "$cc" >/dev/null 2>&1 || ! command -v "$cxx" >/dev/null 2>&1; then
		echo "FAIL $cc or $cxx not installed"
		failed=$((failed + 1))
		continue
	fi
	for std in c89 c99 c11 c17; do
		try "$cc" c "$std"
	done
	for std in c++98 c++03 c++11 c++14 c++17 c++20; do
		try "$cxx" c++ "$std"
	done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
