#!/bin/sh
# shellcheck disable=SC2086 # $MAKE and $CC may carry arguments, as in make
# test.sh: `make install` into a temporary root, then build and run a small
# program against the installed header and pkg-config file, shared and
# static. Run from lib/ with MAKE and CC set. Prints KTAP.
set -u
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
: "${MAKE:=make}" "${CC:=cc}"
root=$(mktemp -d "${TMPDIR:-/tmp}/kver-install.XXXXXX") || exit 1
trap 'rm -rf "$root"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
# shellcheck source=SCRIPTDIR/../../tap.sh
. "$here/../../tap.sh"
# The steps build on each other: they run all together, when the part's
# own name (install) matches the filter, or not at all.
if [ -n "${KVER_T:-}" ]; then
	tap_end install
	exit
fi
t() { # t NAME CMD...: one test
	name=$1
	shift
	if "$@" >"$root/log" 2>&1; then
		tap_line ok "$name"
	else
		tap_line "not ok" "$name"
		sed 's/^/# /' "$root/log"
	fi
}
prefix=$root/usr
pc() { PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config "$@" kver; }

t "make install PREFIX=$prefix" $MAKE -s install PREFIX="$prefix"
t "header installed" test -f "$prefix/include/kver.h"
t "static library installed" test -f "$prefix/lib/libkver.a"
t "shared library installed" test -L "$prefix/lib/libkver.so"
t "soname link installed" test -L "$prefix/lib/libkver.so.1"
t "pkg-config knows kver" pc --exists
t "pkg-config version" test "$(pc --modversion)" = 1.0.0
# shellcheck disable=SC2046 # pkg-config output is split on purpose
t "build against shared" $CC -std=c11 -Wall -Wextra -Werror \
	-o "$root/shared" "$here/installed.c" $(pc --cflags --libs)
t "run shared" env LD_LIBRARY_PATH="$prefix/lib" "$root/shared"
t "shared needs libkver.so.1" sh -c "LD_LIBRARY_PATH='$prefix/lib' ldd '$root/shared' | grep -q 'libkver.so.1 => $prefix/lib'"
# shellcheck disable=SC2046
t "build static" $CC -std=c11 -Wall -Wextra -Werror -static \
	-o "$root/static" "$here/installed.c" $(pc --cflags --libs --static)
t "run static" "$root/static"
# Staged install: files under DESTDIR, the .pc file names the real prefix.
t "make install DESTDIR" $MAKE -s install PREFIX=/usr DESTDIR="$root/stage"
t "staged header" test -f "$root/stage/usr/include/kver.h"
t "staged pc prefix" grep -qx 'prefix=/usr' "$root/stage/usr/lib/pkgconfig/kver.pc"
t "make uninstall" $MAKE -s uninstall PREFIX="$prefix"
t "uninstall removes" test ! -e "$prefix/include/kver.h" -a ! -e "$prefix/lib/libkver.a"
tap_end install
