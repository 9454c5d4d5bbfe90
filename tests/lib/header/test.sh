#!/bin/sh
# header/test.sh: kver.h compiles cleanly, with -pedantic -Werror, as every
# C standard from C89 and every C++ standard from C++98, with gcc and clang.
# One test per compiler and standard, in KTAP (tests/tap.sh).
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
lib=$here/../../../lib
# shellcheck source=SCRIPTDIR/../../tap.sh
. "$here/../../tap.sh"
# try COMPILER LANGUAGE STANDARD
try() {
	tap_want "$1 -std=$3" || return 0
	if "$1" -x "$2" -std="$3" -pedantic -Werror -Wall -Wextra -I"$lib" \
		-fsyntax-only "$here/use.c" >"${TMPDIR:-/tmp}/kver-header.$$" 2>&1; then
		pass "$1 -std=$3"
	else
		fail "$1 -std=$3"
		sed 's/^/# /' "${TMPDIR:-/tmp}/kver-header.$$"
	fi
	rm -f "${TMPDIR:-/tmp}/kver-header.$$"
}
for pair in "${CC:-cc} ${CXX:-c++}" "clang clang++"; do
	cc=${pair% *}
	cxx=${pair#* }
	if ! command -v "$cc" >/dev/null 2>&1 || ! command -v "$cxx" >/dev/null 2>&1; then
		fail "$cc and $cxx are installed"
		continue
	fi
	for std in c89 c99 c11 c17; do
		try "$cc" c "$std"
	done
	for std in c++98 c++03 c++11 c++14 c++17 c++20; do
		try "$cxx" c++ "$std"
	done
done
tap_end "kver.h"
