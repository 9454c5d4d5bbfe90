#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# fetch.sh TREE[@VERSION]: the tree's linux-source-TREE unpacked into the
# cache as a read-only pristine tree (or, for M.P@local-HASH, a copy of the
# user's source folder that lab/run.sh --tree-path named).
#
# A tree of the machine's own suite is installed with apt-get when missing
# (its tarball lands in /usr/src). A tree lab/lab.conf names a suite for
# ("suites: 5.10=bullseye-security") comes from that suite through the
# lab's own apt state (lab/apt.sh): downloaded, unpacked with dpkg-deb into
# the cache, never installed; the newest version unless @VERSION names one
# (5.10@5.10.257-1), which then gets a cache folder of its own.
#
# The tarball is unpacked under a temporary name and renamed only when tar
# finished, so an interrupted run never leaves a half tree that looks ready.
set -eu
. "$(dirname -- "$0")/common.sh"
. "$KVER_TOP/lab/apt.sh"

[ $# -eq 1 ] || die "usage: fetch.sh TREE[@VERSION]"
tree=$1
check_tree "$tree"
base=$(tree_base "$tree")
pkg=linux-source-$base
pristine=$(pristine_dir "$tree")
suite=$(tree_suite "$base")
mkdir -p "$(tree_dir "$tree")"

case $tree in
*@local-*)
	# The user's own source folder: copied (the lab patches its copies,
	# never the user's tree) again whenever a file in it changed.
	path=$(cat "$(tree_dir "$tree")/source-path")
	[ -f "$path/Makefile" ] || die "tree $tree: its source folder $path is gone"
	if [ -f "$pristine/.kver-tree" ] &&
		[ -z "$(find "$path" -path "$path/.git" -prune -o -type f -newer "$pristine/.kver-tree" -print | head -n 1)" ]; then
		exit 0
	fi
	tmp=$(mktemp -d "$(tree_dir "$tree")/unpack.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
	say "copying $path (tree $tree)"
	rsync -a --exclude=/.git "$path/" "$tmp/tree/" || die "copying $path failed"
	mkver=$(make -s -C "$tmp/tree" kernelversion 2>/dev/null) || die "cannot read the version from $path/Makefile"
	printf 'package=local:%s (copied %s)\nmakefile=%s\n' "$path" "$(date +%Y-%m-%dT%H:%M:%S)" "$mkver" \
		>"$tmp/tree/.kver-tree"
	rm -rf "$pristine"
	mv "$tmp/tree" "$pristine"
	say "tree $tree ready: $path, Makefile $mkver"
	exit 0
	;;
*) ;;
esac

if [ -n "$suite" ]; then
	# Another suite: the lab's own apt state, the .deb kept in the cache.
	make -s -C "$KVER_TOP" tools >/dev/null || die "building kver's host tools failed"
	apt_update "$suite"
	want=$pkg
	[ "$tree" = "$base" ] || want="$pkg=${tree#*@}"
	deb=$(apt_download "$suite" "$want" "$(tree_dir "$tree")/deb")
	pkgver=$(dpkg-deb -f "$deb" Version) || die "$deb is not a Debian package"
	tarball=
else
	[ "$tree" = "$base" ] || die "tree $tree: a version can be chosen only for a tree of another suite (lab/lab.conf suites:)"
	tarball=/usr/src/$pkg.tar.xz
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
fi

# debian_releases: "VERSION ABI PACKAGE DATE" for every release of the tree
# the suite has an image of (linux-image-M.P.0-ABI-amd64-unsigned, the ABI
# from its name, PACKAGE its version), dated by the source package's
# changelog as Debian's build dates uname -v; the newest revision of each
# version. kver-lab point --debian-releases reads it.
debian_releases() {
	apt_listing "$suite" "linux-image-$base.0-" |
		grep -E "^linux-image-$(printf '%s' "$base" | sed 's/\./\\./g')\.0-[0-9]+-amd64-unsigned " |
		while read -r img ver; do
			abi=${img#"linux-image-$base.0-"}
			printf '%s %s\n' "${abi%-amd64-unsigned}" "$ver"
		done >"$tmp/images"
	dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/share/doc/$pkg/changelog.Debian.gz" | gzip -dc |
		changelog_dates >"$tmp/dates"
	awk 'NR == FNR { date[$1] = $2; next }
		{ ver = $2; sub(/-[^-]*$/, "", ver) }
		!seen[ver]++ && ($2 in date) { print ver, $1, $2, date[$2] }' "$tmp/dates" "$tmp/images" |
		sort -V
}

# write_releases DIR: the table into DIR/.kver-debian-releases.
write_releases() {
	debian_releases >"$1/.kver-debian-releases.tmp" ||
		die "cannot list the Debian releases of $base in $suite"
	mv "$1/.kver-debian-releases.tmp" "$1/.kver-debian-releases"
	[ -s "$1/.kver-debian-releases" ] ||
		say "warning: $suite has no linux-image-$base.0-*-amd64-unsigned: the debian style takes ABI = SUBLEVEL / 4"
}

tmp=$(mktemp -d "$(tree_dir "$tree")/unpack.XXXXXX")
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
if [ -f "$pristine/.kver-tree" ] &&
	grep -qx "package=$pkgver" "$pristine/.kver-tree"; then
	# The suite's images move on (a new ABI): the table follows the lists.
	if [ -n "$suite" ] && [ -z "$(find "$pristine/.kver-debian-releases" -newer "$(apt_dir "$suite")/updated" 2>/dev/null)" ]; then
		write_releases "$pristine"
	fi
	exit 0
fi
if [ -n "$suite" ]; then
	say "unpacking $pkg $pkgver from $suite"
	dpkg-deb -x "$deb" "$tmp/deb" || die "unpacking $deb failed"
	tarball=$tmp/deb/usr/src/$pkg.tar.xz
	[ -f "$tarball" ] || die "$deb holds no usr/src/$pkg.tar.xz"
else
	say "unpacking $tarball ($pkg $pkgver)"
fi
mkdir "$tmp/tree"
tar -C "$tmp/tree" -xJf "$tarball" || die "unpacking $tarball failed"
rm -rf "$tmp/deb"
top=$(find "$tmp/tree" -mindepth 1 -maxdepth 1 -type d | head -n 1)
if [ -z "$top" ] || [ ! -f "$top/Makefile" ]; then
	die "$tarball holds no kernel tree"
fi

# The Makefile is the kernel's own statement of its version.
mkver=$(make -s -C "$top" kernelversion 2>/dev/null) ||
	die "cannot read the version from $top/Makefile"
case $mkver in
"$base".*) ;;
*) die "$pkg $pkgver holds kernel $mkver, not a $base tree" ;;
esac
printf 'package=%s\nmakefile=%s\n' "$pkgver" "$mkver" >"$top/.kver-tree"
if [ -n "$suite" ]; then
	printf 'suite=%s\n' "$suite" >>"$top/.kver-tree"
	write_releases "$top"
fi

# A previous pristine tree of another package version gives way.
if [ -e "$pristine" ]; then
	rm -rf "$pristine"
fi
mv "$top" "$pristine"
say "tree $tree ready: $pkg $pkgver, Makefile $mkver"
