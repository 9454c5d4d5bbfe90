# shellcheck shell=sh disable=SC2154 # top, tree, sdir, work, cache, src: check-series.sh's
# kbuild.sh, sourced by check-series.sh: how it makes the kernel, in the
# lab's configuration, with the lab's compiler cache. Definitions only
# (cc, kmake, configure); apply.sh and configs.sh build with them.

# ccache, as the lab uses it (KVER_CCACHE=0 turns it off); paths below the
# work folder are hashed relative to it, so reruns hit the cache.
cc=gcc
if command -v ccache >/dev/null 2>&1 && [ "${KVER_CCACHE:-1}" = 1 ]; then
	export CCACHE_DIR="${CCACHE_DIR:-$cache/ccache}"
	export CCACHE_BASEDIR="$work"
	cc="ccache gcc"
fi
# kmake BUILD ARGS...: make in the build folder BUILD.
kmake() {
	_o=$1
	shift
	nice -n 10 make -s -C "$src" O="$_o" ARCH=x86_64 CC="$cc" "$@"
}
# configure BUILD [FRAGMENT...]: the lab's configuration (lab/configure.sh:
# tinyconfig plus lab/kernel.config, the series' fragment and FRAGMENTs,
# each option checked after olddefconfig), regenerated after every patch so
# that options a patch adds are taken up. Before the patch that adds one
# of the series' options, the tree has no such symbol: until then the
# series' fragment is given without it; and without the options that the
# FRAGMENTs set.
configure() {
	_o=$1
	shift
	_frags=$top/lab/kernel.config
	if [ -f "$sdir/config" ]; then
		_sc=$work/patches-$tree-config
		: >"$_sc"
		grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' "$sdir/config" |
			while IFS= read -r _opt; do
				_sym=$(printf '%s\n' "$_opt" | sed -n 's/^\(# \)\{0,1\}CONFIG_\([A-Za-z0-9_]*\).*/\2/p')
				# An option the extra fragments set is theirs.
				if [ $# -gt 0 ] && grep -qE "^(# )?CONFIG_${_sym}[= ]" "$@"; then
					continue
				fi
				if grep -rqsE --include='Kconfig*' "^[[:space:]]*(menu)?config[[:space:]]+$_sym\$" "$src"; then
					printf '%s\n' "$_opt" >>"$_sc"
				fi
			done
		_frags="$_frags $_sc"
	fi
	# shellcheck disable=SC2086 # one word per fragment
	if ! _out=$(nice -n 10 sh "$top/lab/configure.sh" "$src" "$_o" $_frags "$@" -- \
		ARCH=x86_64 CC="$cc" 2>&1); then
		printf '%s\n' "$_out" | tail -n 1 | sed 's/^[^ :]*: error: //'
		return 1
	fi
}
