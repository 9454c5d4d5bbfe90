#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# configure.sh SRC BUILD FRAGMENT... [-- MAKE_ARG...]: the lab's kernel
# configuration, in one place for lab/build.sh and tests/series/check-series.sh.
#
# BUILD/.config becomes tinyconfig with every FRAGMENT merged in by the
# tree's scripts/kconfig/merge_config.sh, then made whole by olddefconfig.
# Every option a fragment sets (CONFIG_X=v, or "# CONFIG_X is not set") must
# still be there after olddefconfig; one that is not (an unknown symbol, or
# one whose dependencies are off) fails the run, named with its fragment.
# MAKE_ARGs (ARCH=x86_64, SUBLEVEL=N, CC=...) go to each make call.
# make's output is kept in BUILD/.kver-config.log.
set -eu
. "$(dirname -- "$0")/common.sh"

[ $# -ge 3 ] || die "usage: configure.sh SRC BUILD FRAGMENT... [-- MAKE_ARG...]"
src=$1
build=$2
shift 2
[ -f "$src/scripts/kconfig/merge_config.sh" ] || die "$src is not a kernel source tree (no scripts/kconfig/merge_config.sh)"

# The fragments, then the make arguments after "--".
fragments=
n=0
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	case $1 in
	*[[:space:]]*) die "config fragment path with white space: '$1'" ;;
	*) ;;
	esac
	[ -f "$1" ] || die "no config fragment $1"
	# merge_config.sh runs in BUILD: the path must not be relative.
	case $1 in
	/*) fragments="$fragments $1" ;;
	*) fragments="$fragments $(pwd)/$1" ;;
	esac
	n=$((n + 1))
	shift
done
[ "$n" -gt 0 ] || die "usage: configure.sh SRC BUILD FRAGMENT... [-- MAKE_ARG...]"
[ $# -eq 0 ] || shift

mkdir -p "$build"
log=$build/.kver-config.log
: >"$log"
make -s -C "$src" O="$build" "$@" tinyconfig >>"$log" 2>&1 ||
	die "make tinyconfig failed in $build (log: $log)"
# merge_config.sh writes its temporary files into the current directory.
# shellcheck disable=SC2086 # one word per fragment
(cd "$build" && "$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" \
	$fragments >>"$log" 2>&1) ||
	die "merge_config.sh failed in $build (log: $log)"
make -s -C "$src" O="$build" "$@" olddefconfig >>"$log" 2>&1 ||
	die "make olddefconfig failed in $build (log: $log)"

for frag in $fragments; do
	grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' "$frag" |
		while IFS= read -r line; do
			grep -qxF "$line" "$build/.config" ||
				die "config option '$line' from ${frag#"$KVER_TOP"/} is not set after olddefconfig (missing dependency or unknown symbol)"
		done
done
