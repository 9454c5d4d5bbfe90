#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# build.sh TREE SUBLEVEL HEADERS_DIR [MAKE_VAR=VALUE...]: build bzImage at
# SUBLEVEL in the tree's build folder, configuring it when needed, and
# install that point's UAPI headers into HEADERS_DIR. The release the build
# carries and the path it took (full, incremental, version-only, replayed)
# are in the folder's record: kver-lab plan show BUILD release|kind.
# build.sh --explain TREE SUBLEVEL [MAKE_VAR=VALUE...]: only the path that
# point would take, and why; nothing is built.
#
# One build folder per tree: the first call is a full build, every further
# SUBLEVEL (or series switch) is incremental. SUBLEVEL goes to every make call
# on the folder, or the next one would silently rebuild the tree's own version.
# Extra MAKE_VAR=VALUE words (e.g. EXTRAVERSION=.1) go to every make call too.
#
# Which path builds the point is kver-lab plan's decision (lab/plan.c; the
# paths, the key and what is learned: docs/lab-paths.md); this script runs
# the makes it names. KVER_FAST=0: always the whole make; KVER_REPLAY=0: no
# replay; KVER_BUILD_VERBOSE=1: Kbuild's own lines (CC file.o) in the log.
set -eu
. "$(dirname -- "$0")/common.sh"

explain=
[ "${1:-}" != --explain ] || { explain=1; shift; }
[ $# -ge $((3 - ${explain:-0})) ] ||
	die "usage: build.sh TREE SUBLEVEL HEADERS_DIR [MAKE_VAR=VALUE...] | --explain TREE SUBLEVEL [MAKE_VAR=VALUE...]"
tree=$1
sublevel=$2
headers=${3:-}
shift $((3 - ${explain:-0}))
check_tree "$tree"
src=$(src_dir "$tree")
build=$(build_dir "$tree")
lab=$KVER_TOP/build/lab/kver-lab
[ -x "$lab" ] || make -s -C "$KVER_TOP/lab" >/dev/null || die "building kver-lab failed"

series_config=${KVER_SERIES_CONFIG:-}
extra=$*
jobs=${KVER_JOBS:-$(nproc)}
set -- ARCH=x86_64 "SUBLEVEL=$sublevel" "$@"
if command -v ccache >/dev/null 2>&1 && [ "${KVER_CCACHE:-1}" = 1 ]; then
	export CCACHE_DIR="${CCACHE_DIR:-$KVER_CACHE/ccache}"
	export CCACHE_BASEDIR="$KVER_CACHE"
	set -- "$@" "CC=ccache gcc"
fi
silent=-s
[ "${KVER_BUILD_VERBOSE:-0}" != 1 ] || silent=
kmake() {
	make $silent -C "$src" O="$build" "$@"
}
# The config's part of the key: the fragments the folder is configured with.
stamp=$( (cat "$KVER_TOP/lab/kernel.config"; [ -z "$series_config" ] || cat "$series_config") |
	sha256sum | cut -c1-16)
if [ -n "$explain" ]; then
	exec "$lab" plan --explain --tree "$tree" --src "$src" --build "$build" --config-hash "$stamp" -- "$@"
fi

# env_dump FILE MAKE_ARG...: into FILE, the environment the top Makefile
# gives a recipe (lab/replay.mk's kver-replay-env-dump, env -0).
env_dump() {
	_f=$1
	shift
	kbuild_make "$src" "$build" -s -f Makefile -f "$KVER_TOP/lab/replay.mk" \
		"$@" REPLAY_ENV_OUT="$_f" kver-replay-env-dump >/dev/null 2>&1
}

# The plan, as plan_path, plan_why, ... (kver-lab plan begin); a series
# switch of the top Makefile needs what it exports now, and is planned again
# with it.
mkdir -p "$build"
plan_path='' plan_what='' plan_why='' plan_dirs='' plan_objects=''
plan_configure='' plan_resumed='' plan_need_env='' plan_lean=''
envdir=$build/.kver-env
rm -rf "$envdir"
plan=$("$lab" plan begin --tree "$tree" --src "$src" --build "$build" --config-hash "$stamp" -- "$@") ||
	[ $? = 1 ] || die "$tree at SUBLEVEL=$sublevel: kver-lab plan failed"
eval "$plan"
if [ "$plan_need_env" = 1 ]; then
	# No dump (the top Makefile did not read) is the whole make, said.
	mkdir "$envdir"
	env_dump "$envdir/now" "$@" || rm -f "$envdir/now"
	plan=$("$lab" plan begin --tree "$tree" --src "$src" --build "$build" --config-hash "$stamp" \
		--env-now "$envdir/now" -- "$@") || [ $? = 1 ] || die "$tree at SUBLEVEL=$sublevel: kver-lab plan failed"
	eval "$plan"
	rm -rf "$envdir"
fi
[ "$plan_path" != refuse ] || die "$tree at SUBLEVEL=$sublevel: $plan_why"

if [ "$plan_configure" = 1 ]; then
	say "configuring $tree: tinyconfig + lab/kernel.config${series_config:+ + $series_config}"
	sh "$KVER_TOP/lab/configure.sh" "$src" "$build" "$KVER_TOP/lab/kernel.config" \
		${series_config:+"$series_config"} -- "$@"
fi
if [ "$plan_path" != full ]; then
	# Kconfig records the KERNELVERSION it configured with; any other one
	# makes the next make run syncconfig, about 100 toolchain probes (7 s
	# here), only to write the new version into the comment at the top of
	# .config and autoconf.h (no object depends on that comment). The
	# record is moved to this point's version (as the kernel's Makefile
	# makes it) instead; a changed Kconfig file or .config still runs
	# syncconfig, and when the line is not there, make does it all.
	kv=$(make -s -C "$src" O="$build" "$@" kernelversion 2>/dev/null | tail -n 1) || kv=
	cmdf=$build/include/config/auto.conf.cmd
	# shellcheck disable=SC2016 # a make expression, literally
	if [ -n "$kv" ] && [ -f "$cmdf" ] && grep -q '^ifneq "$(KERNELVERSION)" "' "$cmdf"; then
		sed "s|^ifneq \"\$(KERNELVERSION)\" \".*\"\$|ifneq \"\$(KERNELVERSION)\" \"$kv\"|" \
			"$cmdf" >"$cmdf.kver-tmp" && mv "$cmdf.kver-tmp" "$cmdf"
	fi
fi

# save_archives: a copy of every archive of the build folder (371 files,
# 2.6 MB for 6.1), for kver-lab plan learn to see which ones the make
# rewrote with the same members.
save_archives() {
	rm -rf "$build/.kver-ar"
	mkdir "$build/.kver-ar"
	(cd "$build" && find . -path ./.kver-ar -prune -o -name '*.a' -type f -print0 |
		xargs -0r cp -p --parents -t .kver-ar)
}
# learn MAKE_ARG...: what the version-only make that just went well teaches
# the next points of its key (kver-lab plan learn): its steps, for the
# replays, and the environment the top Makefile gives a recipe with and
# without its compiler probes (need-compiler=), so that a replay reads it
# without them and what they decide comes from the list (REPLAY_LEAN); the
# list with it must give the environment the probes give, or the replays
# read the whole top Makefile. Costs three readings of it, once per key.
learn() {
	learned=1
	rm -rf "$envdir"
	mkdir "$envdir"
	if env_dump "$envdir/full" "$@" && env_dump "$envdir/lean" "$@" need-compiler=; then
		why=$("$lab" plan learn --src "$src" --build "$build" --full "$envdir/full" \
			--lean "$envdir/lean") || learned=
	else
		say "building $tree at SUBLEVEL=$sublevel: reading the top Makefile failed: the replays read all of it"
		why=$("$lab" plan learn --src "$src" --build "$build") || learned=
	fi
	if [ -z "$learned" ]; then
		say "building $tree at SUBLEVEL=$sublevel: no steps learned from this point: $why (the next one walks again)"
	else
		[ -z "$why" ] || say "building $tree at SUBLEVEL=$sublevel: $why"
		if [ -f "$build/.kver-replay.lean" ] &&
			env_dump "$envdir/check" "$@" need-compiler= REPLAY_LIST="$build/.kver-replay.lean"; then
			why=$("$lab" plan learned --build "$build" --full "$envdir/full" --check "$envdir/check")
		else
			why=$("$lab" plan learned --build "$build")
		fi
		[ -z "$why" ] || say "building $tree at SUBLEVEL=$sublevel: $why"
	fi
	rm -rf "$envdir"
}

log=$build/.kver-build.log
rm -rf "$headers"
# One make for the image, the modules and the UAPI headers: every further
# call would walk the whole tree again (about a second each here).
set -- "$@" -j"$jobs" INSTALL_HDR_PATH="$headers"
goals="bzImage modules headers_install"
rc=0
kind=$plan_path
objects=
if [ "$plan_path" != full ]; then
	say "building $tree at SUBLEVEL=$sublevel${extra:+ $extra} ($plan_what): $plan_why"
fi
case $plan_path in
replayed)
	# need-compiler=: the top Makefile without its compiler probes, whose
	# outcome the list carries (learn).
	lean=
	[ "$plan_lean" != 1 ] || lean=need-compiler=
	# What the replay writes is told from what it found (REPLAY_VERSION_H).
	: >"$build/.kver-t0"
	kbuild_make "$src" "$build" $silent -f Makefile -f "$KVER_TOP/lab/replay.mk" \
		"REPLAY_LIST=$build/.kver-replay.mk" "$@" $lean kver-replay >"$log" 2>&1 || rc=$?
	if [ "$rc" != 0 ]; then
		say "building $tree at SUBLEVEL=$sublevel: the replayed steps failed (log: $log.replay); the whole make instead"
		mv "$log" "$log.replay"
		# What the steps left half made is made again from scratch.
		"$lab" plan drop-steps --build "$build"
		rc=0
		kind=incremental
		# shellcheck disable=SC2086 # one word per goal
		kmake "$@" $goals >"$log" 2>&1 || rc=$?
	fi
	;;
version-only)
	save_archives
	# The archive is made again after the directories, so vmlinux links
	# the new objects.
	rm -f "$build/vmlinux.a"
	# --no-print-directory: 6.12's Makefile would otherwise call itself
	# again, without lab/point.mk.
	: >"$build/.kver-t0"
	# shellcheck disable=SC2086 # one word per goal
	kbuild_make "$src" "$build" $silent -f Makefile -f "$KVER_TOP/lab/point.mk" \
		"build-dir=$plan_dirs" "$@" $goals >"$log" 2>&1 || rc=$?
	if [ "$rc" = 0 ]; then
		learn "$@"
	else
		say "building $tree at SUBLEVEL=$sublevel: the version-only make failed (log: $log.fast); the whole make instead"
		mv "$log" "$log.fast"
		rc=0
		kind=incremental
		# shellcheck disable=SC2086 # one word per goal
		kmake "$@" $goals >"$log" 2>&1 || rc=$?
	fi
	rm -rf "$build/.kver-ar"
	;;
incremental)
	# shellcheck disable=SC2086 # one word per goal
	kmake "$@" $goals >"$log" 2>&1 || rc=$?
	;;
full)
	# The full build compiles past the compiler cache (CCACHE_DISABLE):
	# nothing of a new build folder is in it, and the lab's later builds
	# would take little from it (a further point or design recompiles what
	# its change touched, new objects), while looking every object up and
	# storing it made a cold build of three of 6.1's directories take 27 %
	# longer than gcc alone (125 s against 98 s on 2 cores). The command
	# stays "ccache gcc", as every later build of the folder has it
	# (Kbuild compiles an object again when its command changed).
	# Its progress: Kbuild's "CC file.o" lines (make without -s) counted
	# against what the last full build of this tree and config compiled,
	# or an estimate before there was one (lab/lab.conf's objects, ~N).
	total=$plan_objects
	if [ -z "$total" ] && [ "$plan_resumed" = 0 ]; then
		for o in $(lab_conf objects); do
			[ "${o%%=*}" != "$(tree_base "$tree")" ] || total=${o#*=}~
		done
	fi
	say "building $tree at SUBLEVEL=$sublevel${extra:+ $extra} ($plan_what${total:+ of about ${total%\~} objects}: several minutes): $plan_why"
	{
		rc=0
		# shellcheck disable=SC2086 # one word per goal
		CCACHE_DISABLE=1 make -C "$src" O="$build" "$@" $goals 2>&1 || rc=$?
		echo "$rc" >"$build/.kver-build.rc"
	} | "$lab" progress --tree "$tree" --total "${total:-0}" --log "$log" \
		--every "${KVER_PROGRESS_EVERY:-30}" --count "$build/.kver-objects.new"
	rc=$(cat "$build/.kver-build.rc" 2>/dev/null || echo 1)
	rm -f "$build/.kver-build.rc"
	# A resumed build's count is not a whole build's.
	[ "$rc" != 0 ] || [ "$plan_resumed" = 1 ] || objects=$(cat "$build/.kver-objects.new")
	rm -f "$build/.kver-objects.new"
	;;
esac
if [ "$rc" != 0 ]; then
	grep -E 'error|Error' "$log" | head -n 5 >&2
	die "building $tree at SUBLEVEL=$sublevel failed (log: $log)"
fi
[ -f "$headers/include/linux/version.h" ] ||
	die "headers_install for $tree at SUBLEVEL=$sublevel left no linux/version.h (log: $log)"
# The folder's new key, what it learned for the next point, the release.
said=$("$lab" plan built --build "$build" --kind "$kind" ${objects:+--objects "$objects"}) ||
	die "$tree at SUBLEVEL=$sublevel: recording the build failed"
[ -z "$said" ] || say "building $tree at SUBLEVEL=$sublevel: $said"
