#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# prepare.sh TREE SERIES_DIR: make the tree's working source (src) carry
# exactly the series in SERIES_DIR, applied in order to the pristine tree.
#
# src starts as a hard-link copy of pristine. Before a patch touches a file,
# that file gets its own inode, so pristine never changes. Switching to
# another series restores the files the previous one touched (with a fresh
# mtime, so the build folder rebuilds just what changed) and applies the
# new one: a series switch costs an incremental build, not a full one, or
# only a version-only point when the files it changed (src/.kver-switch)
# reach nothing else (lab/build.sh, switch_ok).
#
# Each series keeps its own source and build folder across switches: the
# one left goes on the tree's shelf (TREE/shelf/ID/src and build), and a
# series found there is moved back in place, as it was (same paths, so
# Kbuild's saved commands stay the same; same mtimes, so nothing is built
# again), and its next point is a version-only one. A series not on the
# shelf starts from a copy of the one left (hard links for the source, a
# copy of the build folder), made to carry the new series as above.
set -eu
. "$(dirname -- "$0")/common.sh"

[ $# -eq 2 ] || die "usage: prepare.sh TREE SERIES_DIR"
tree=$1
sdir=$2
check_tree "$tree"
pristine=$(pristine_dir "$tree")
src=$(src_dir "$tree")
[ -f "$pristine/.kver-tree" ] || die "tree $tree is not fetched ($pristine missing): run lab/fetch.sh $tree"
treever=$(sed -n 's/^package=//p' "$pristine/.kver-tree")

# The patches of the series, in order; an absent or empty series file is an
# empty series.
patches=
if [ -f "$sdir/series" ]; then
	list=$(series_patches "$sdir") || exit 1
	for p in $list; do
		patches="$patches $p"
	done
elif [ ! -d "$sdir" ]; then
	die "series folder $sdir does not exist"
fi

# The identity of a series is the content of its patches, in order.
id=$( (
	echo "$treever"
	for p in $patches; do
		echo "$p"
		cat "$sdir/$p"
	done
) | sha256sum | cut -c1-16)

build=$(build_dir "$tree")
shelf=$(tree_dir "$tree")/shelf
# A working tree made from an older package of the tree is thrown away whole,
# with its build folder and the shelf: restoring single files cannot bring
# them up to date.
if [ -d "$src" ] && ! cmp -s "$src/.kver-tree.orig" "$pristine/.kver-tree"; then
	say "pristine tree $tree changed: dropping its working trees and build folders"
	rm -rf "$src" "$build" "$shelf"
fi

cur=
from=
[ ! -f "$src/.kver-series" ] || cur=$(cat "$src/.kver-series")
if [ "$cur" = "$id" ]; then
	exit 0
fi

# shelve: the series in place (complete, id $cur) goes to the shelf; the
# shelf keeps the 12 series used last.
shelve() {
	rm -rf "${shelf:?}/$cur"
	mkdir -p "$shelf/$cur"
	mv "$src" "$shelf/$cur/src"
	[ ! -d "$build" ] || mv "$build" "$shelf/$cur/build"
	# shellcheck disable=SC2012 # shelf names are hex ids
	ls -t "$shelf" | tail -n +13 | while IFS= read -r old; do rm -rf "${shelf:?}/$old"; done
}

if [ "$(cat "$shelf/$id/src/.kver-series" 2>/dev/null)" = "$id" ]; then
	# A half-prepared tree (an apply that failed) is not kept.
	if [ -n "$cur" ]; then shelve; else rm -rf "$src" "$build"; fi
	mv "$shelf/$id/src" "$src"
	[ ! -d "$shelf/$id/build" ] || mv "$shelf/$id/build" "$build"
	rm -rf "${shelf:?}/$id"
	say "tree $tree carries $sdir again, with its own build folder (id $id)"
	exit 0
fi
if [ -n "$cur" ]; then
	rm -rf "$src.new" "$build.new"
	mkdir "$src.new"
	cp -al "$src/." "$src.new/"
	# What this script writes in place gets its own inode.
	for f in .kver-files .kver-tree.orig; do
		rm -f "$src.new/$f"
		cp "$src/$f" "$src.new/$f"
	done
	rm -f "$src.new/.kver-series" "$src.new/.kver-switch"
	[ ! -d "$build" ] || cp -a "$build" "$build.new"
	shelve
	mv "$src.new" "$src"
	[ ! -d "$build.new" ] || mv "$build.new" "$build"
	# The series the build folder copy was built with, and its files, to
	# tell below which files this switch changes.
	from=$cur
	from_src=$shelf/$cur/src
fi

if [ ! -d "$src" ]; then
	say "making the working tree for $tree (hard links to pristine)"
	rm -rf "$src.tmp"
	mkdir "$src.tmp"
	# "pristine/." so that a pristine that is a symbolic link is followed,
	# never copied as a link (patches would then land in pristine itself).
	cp -al "$pristine/." "$src.tmp/"
	: >"$src.tmp/.kver-files"
	cp "$pristine/.kver-tree" "$src.tmp/.kver-tree.orig"
	mv "$src.tmp" "$src"
fi
if [ -L "$src" ] || [ "$(cd "$src" && pwd -P)" = "$(cd "$pristine" && pwd -P)" ]; then
	die "working tree $src is the pristine tree itself: remove it and run again"
fi
rm -f "$src/.kver-series"

# Give FILE (relative to src) its own inode so writing it leaves pristine alone.
own_copy() {
	if [ -f "$src/$1" ] && [ "$(stat -c %h "$src/$1")" -gt 1 ]; then
		cp "$src/$1" "$src/$1.kver-tmp"
		mv "$src/$1.kver-tmp" "$src/$1"
	fi
}

# Undo the previous series: every file it touched goes back to pristine's
# content with a new mtime.
while IFS= read -r f; do
	[ -n "$f" ] || continue
	if [ -f "$pristine/$f" ]; then
		cp "$pristine/$f" "$src/$f.kver-tmp"
		mv "$src/$f.kver-tmp" "$src/$f"
	else
		rm -f "$src/$f"
	fi
done <"$src/.kver-files"
: >"$src/.kver-files"

# Files a patch touches, from its ---/+++ lines (p1 paths).
patch_files() {
	sed -n -e 's|^--- a/\([^[:space:]]*\).*|\1|p' -e 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$1" | sort -u
}

for p in $patches; do
	files=$(patch_files "$sdir/$p")
	# Recorded before applying, so an interrupted apply is still undone.
	printf '%s\n' "$files" >>"$src/.kver-files"
	if ! out=$(patch -p1 --dry-run --batch --forward -d "$src" <"$sdir/$p" 2>&1); then
		hunk=$(printf '%s\n' "$out" | awk '/^checking file|^patching file/ { f = $3 }
			/FAILED|malformed|Only garbage|can.t find file|Reversed/ { print f ": " $0; exit }')
		die "patch $p does not apply to linux-source-$(tree_base "$tree") $treever: ${hunk:-$(printf '%s' "$out" | head -n 1)}"
	fi
	for f in $files; do own_copy "$f"; done
	patch -p1 --batch --forward --quiet -d "$src" <"$sdir/$p" >/dev/null ||
		die "patch $p failed while applying to linux-source-$(tree_base "$tree") $treever"
done
sort -u -o "$src/.kver-files" "$src/.kver-files"
# A switch from another series records that series and the files whose
# content the switch changed (of those either series touches): lab/build.sh
# keeps its version-only points across a switch whose files reach nothing
# but objects it rebuilds for a new version anyway (build.sh, switch_ok).
if [ -n "$from" ]; then
	{
		echo "$from"
		sort -u "$from_src/.kver-files" "$src/.kver-files" | while IFS= read -r f; do
			[ -n "$f" ] || continue
			if [ -e "$from_src/$f" ] || [ -e "$src/$f" ]; then
				cmp -s "$from_src/$f" "$src/$f" || printf '%s\n' "$f"
			fi
		done
	} >"$src/.kver-switch.tmp"
	mv "$src/.kver-switch.tmp" "$src/.kver-switch"
fi
echo "$id" >"$src/.kver-series"
# shellcheck disable=SC2086 # one word per patch
n=$(printf '%s\n' $patches | grep -c . || true)
say "tree $tree carries $sdir ($n patches, id $id)"
