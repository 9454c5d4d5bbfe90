#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# fetch.sh TREE: install linux-source-TREE with apt (when missing) and unpack
# its tarball into the cache as a read-only pristine tree.
#
# The tarball is unpacked under a temporary name and renamed only when tar
# finished, so an interrupted run never leaves a half tree that looks ready.
set -eu
. "$(dirname -- "$0")/common.sh"

[ $# -eq 1 ] || die "usage: fetch.sh TREE"
tree=$1
check_tree "$tree"
pkg=linux-source-$tree
tarball=/usr/src/$pkg.tar.xz
pristine=$(pristine_dir "$tree")

if [ ! -f "$tarball" ]; then
	command -v apt-get >/dev/null || die "$tarball is missing and there is no apt-get to install $pkg"
	say "installing $pkg with apt-get"
	if ! apt-get install -y -q "$pkg" >"$KVER_CACHE/apt-$tree.log" 2>&1; then
		die "apt-get install $pkg failed (log: $KVER_CACHE/apt-$tree.log)"
	fi
	[ -f "$tarball" ] || die "$pkg is installed but $tarball is missing"
fi
pkgver=$(dpkg-query -W -f '${Version}' "$pkg" 2>/dev/null) ||
	die "$pkg is not installed according to dpkg"

if [ -f "$pristine/.kver-tree" ] &&
	grep -qx "package=$pkgver" "$pristine/.kver-tree"; then
	exit 0
fi

mkdir -p "$(tree_dir "$tree")"
tmp=$(mktemp -d "$(tree_dir "$tree")/unpack.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
say "unpacking $tarball ($pkg $pkgver)"
tar -C "$tmp" -xJf "$tarball" || die "unpacking $tarball failed"
top=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d | head -n 1)
if [ -z "$top" ] || [ ! -f "$top/Makefile" ]; then
	die "$tarball holds no kernel tree"
fi

# The Makefile is the kernel's own statement of its version.
mkver=$(make -s -C "$top" kernelversion 2>/dev/null) ||
	die "cannot read the version from $top/Makefile"
printf 'package=%s\nmakefile=%s\n' "$pkgver" "$mkver" >"$top/.kver-tree"

# A previous pristine tree of another package version gives way.
if [ -e "$pristine" ]; then
	rm -rf "$pristine"
fi
mv "$top" "$pristine"
say "tree $tree ready: $pkg $pkgver, Makefile $mkver"
