# shellcheck shell=sh disable=SC2034 # variables for the scripts that source this
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# Shared helpers for the lab scripts: paths, messages, locking.
# Sourced, never run. Every script using it runs under `set -eu`.

# The repository: one level above the running script (lab/, tests/,
# matrix/, bench/), unless the script set KVER_TOP before sourcing this
# (tests/series/ is two levels down).
KVER_TOP=${KVER_TOP:-$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)}
KVER_CACHE=${KVER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kver}

# lab_conf KEY: the words of KEY in lab/lab.conf (trees, points, variants).
lab_conf() {
	sed -n "s/^$1: *//p" "$KVER_TOP/lab/lab.conf"
}
KVER_KNOWN_TREES=$(lab_conf trees)
KVER_TREES=${KVER_TREES:-$KVER_KNOWN_TREES}

# One line on stderr, prefixed with the script name, then exit 1.
die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

# Progress line on stderr (stdout stays for results).
say() {
	printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2
}

# check_tree NAME: only the trees Debian packages as linux-source-NAME, and
# TREE@VERSION (one package version) of a tree from another suite.
check_tree() {
	_base=${1%%@*}
	case $1 in
	*@local-*)
		[ -f "$(tree_dir "$1")/source-path" ] ||
			die "tree '$1' names no source folder (lab/run.sh --tree-path DIR makes one)"
		return 0
		;;
	*) ;;
	esac
	for _t in $KVER_KNOWN_TREES; do
		[ "$_base" = "$_t" ] || continue
		[ "$_base" = "$1" ] && return 0
		[ -n "$(tree_suite "$_base")" ] ||
			die "tree '$1': a package version can be chosen only for a tree of another suite (${_base} is the machine's own linux-source-${_base})"
		case ${1#*@} in
		"" | *[!0-9A-Za-z.+~:-]*) die "tree '$1': '${1#*@}' is not a Debian package version" ;;
		*) return 0 ;;
		esac
	done
	die "unknown tree '$1' (known: $KVER_KNOWN_TREES)"
}

# local_tree DIR: the tree name of a kernel source folder of the user's
# (a stable checkout, a distribution's unpacked source), M.P@local-HASH,
# judged like a packaged tree; its path is kept in the tree's cache folder.
local_tree() {
	[ -d "$1" ] || die "--tree-path $1: no such folder"
	_lp=$(cd "$1" && pwd -P)
	{ [ -f "$_lp/Makefile" ] && [ -f "$_lp/scripts/kconfig/merge_config.sh" ]; } ||
		die "--tree-path $1: not a kernel source tree (no Makefile and scripts/kconfig/merge_config.sh)"
	_lv=$(sed -n 's/^VERSION = \([0-9]*\)$/\1/p' "$_lp/Makefile")
	_ll=$(sed -n 's/^PATCHLEVEL = \([0-9]*\)$/\1/p' "$_lp/Makefile")
	{ [ -n "$_lv" ] && [ -n "$_ll" ]; } || die "--tree-path $1: its Makefile has no VERSION and PATCHLEVEL"
	if [ -e "$_lp/.config" ] || [ -d "$_lp/include/config" ]; then
		die "--tree-path $1: the tree was built in place (.config): the lab builds out of tree; run 'make mrproper' there or give a clean copy"
	fi
	_lid=$_lv.$_ll@local-$(printf '%s' "$_lp" | sha256sum | cut -c1-8)
	mkdir -p "$(tree_dir "$_lid")"
	printf '%s\n' "$_lp" >"$(tree_dir "$_lid")/source-path"
	printf '%s\n' "$_lid"
}

# tree_base TREE[@VERSION]: the tree (its series, its config, its ABI).
tree_base() { printf '%s\n' "${1%%@*}"; }

# tree_suite TREE: the Debian suite lab/lab.conf fetches the tree from
# through the lab's own apt state, or nothing (the machine's own suite).
tree_suite() {
	for _ts in $(lab_conf suites); do
		[ "${_ts%%=*}" != "$1" ] || printf '%s\n' "${_ts#*=}"
	done
}

# own_points OWN [POINT...]: the points, 'own' replaced by OWN, each once;
# no POINT: the default points of lab/lab.conf.
own_points() {
	_own=$1
	shift
	# shellcheck disable=SC2046 # one word per point
	[ $# -gt 0 ] || set -- $(lab_conf points)
	printf '%s\n' "$@" | sed "s/^own\$/$_own/" | awk '!seen[$0]++' | tr '\n' ' '
}

# protocol_vars NAME...: NAME='VALUE' lines, for eval, of strings and
# numbers of probe/protocol.h (KVER_VALUE_LINE, KVER_EXIT_PORT, ...), read
# by the C preprocessor in one run, so that the contract between the probe,
# the lab and the matrix is spelled once. protocol NAME: one value alone.
protocol_vars() {
	_pv=$({
		echo '#include "protocol.h"'
		for _pn in "$@"; do printf '"%s" = %s\n' "$_pn" "$_pn"; done
	} | ${CC:-cc} -E -P -I "$KVER_TOP/probe" - |
		sed -n 's/^"\([A-Z0-9_]*\)" = /\1=/; t name
			d
			: name
			s/" "//g; s/="\([^"'"'"'\\]*\)"$/='"'"'\1'"'"'/p; s/=\([0-9][0-9a-fx]*\)$/=\1/p')
	[ "$(printf '%s\n' "$_pv" | grep -c .)" = $# ] ||
		die "probe/protocol.h does not give a string or a number for each of: $*"
	printf '%s\n' "$_pv"
}
protocol() {
	protocol_vars "$1" | sed "s/^[^=]*=//; s/^'\(.*\)'\$/\1/"
}

# series_patches DIR: the patches DIR/series names, in order, one a line.
# Blank lines and '#' comments are allowed, as quilt allows them; a name
# whose file DIR lacks stops the run.
series_patches() {
	[ -f "$1/series" ] || die "$1 has no series file"
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$1/series" | while read -r p; do
		[ -f "$1/$p" ] || die "series $1/series names $p, which does not exist"
		printf '%s\n' "$p"
	done
}

# Directory layout of one tree in the cache.
tree_dir() { printf '%s/%s\n' "$KVER_CACHE" "$1"; }
pristine_dir() { printf '%s/%s/pristine\n' "$KVER_CACHE" "$1"; }
src_dir() { printf '%s/%s/src\n' "$KVER_CACHE" "$1"; }
build_dir() { printf '%s/%s/build\n' "$KVER_CACHE" "$1"; }

# kbuild_make SRC BUILD ARG...: make in the build folder BUILD of the
# source tree SRC with the lab's own makefiles among ARG (-f Makefile -f
# lab/replay.mk ...). Up to 5.12, Kbuild runs every make of an
# out-of-tree build folder again as a second make that reads only the top
# Makefile, and the lab's makefiles were lost there (5.10's replay failed
# with "empty variable name"); for such a tree the lab runs that second
# pass itself, with what the first one exports to it.
kbuild_make() {
	_ks=$(cd "$1" && pwd -P)
	_kb=$(cd "$2" && pwd -P)
	shift 2
	if awk '/^ifneq \(\$\(abs_srctree\),\$\(abs_objtree\)\)$/ { b = 1; next }
		b && /^endif/ { b = 0 } b && /^need-sub-make := 1$/ { f = 1 } END { exit !f }' "$_ks/Makefile"; then
		_kv=0
		_kq=quiet_
		_kQ=@
		case " $* " in *" V=1 "*) _kv=1 _kq='' _kQ='' ;; esac
		env sub_make_done=1 abs_srctree="$_ks" abs_objtree="$_kb" KBUILD_VERBOSE=$_kv quiet=$_kq Q=$_kQ \
			LC_COLLATE=C LC_NUMERIC=C make -rR --include-dir="$_ks" --no-print-directory -C "$_kb" "$@"
	else
		make --no-print-directory -C "$_kb" "$@"
	fi
}

# with_lock TREE CMD...: serialise work on one tree across concurrent runs.
# A caller that already holds the tree's lock (lock_tree) runs CMD directly.
with_lock() {
	if [ "${KVER_LOCKED:-}" = "$1" ]; then
		shift
		"$@"
		return
	fi
	_lock="$(tree_dir "$1")/.lock"
	shift
	mkdir -p "$(dirname "$_lock")"
	flock "$_lock" "$@"
}

# lock_tree TREE: hold the tree's lock until this shell exits (fd 9), so a
# whole prepare-build-boot sequence sees no other run switch the series.
lock_tree() {
	mkdir -p "$(tree_dir "$1")"
	exec 9>"$(tree_dir "$1")/.lock"
	if ! flock -n 9; then
		say "waiting for another lab run on tree $1"
		flock 9
	fi
	KVER_LOCKED=$1
	export KVER_LOCKED
}
