#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# build.sh TREE SUBLEVEL HEADERS_DIR [MAKE_VAR=VALUE...]: configure the tree's
# build folder when needed, build bzImage at SUBLEVEL, install that point's
# UAPI headers into HEADERS_DIR and write the kernel's release string to
# BUILD/.kver-release and the kind of build (full, incremental,
# version-only, replayed) to BUILD/.kver-build-kind.
#
# One build folder per tree: the first call is a full build, every further
# SUBLEVEL (or series switch) is incremental. SUBLEVEL goes to every make call
# on the folder, or the next one would silently rebuild the tree's own version.
# Extra MAKE_VAR=VALUE words (e.g. EXTRAVERSION=.1) go to every make call too.
set -eu
. "$(dirname -- "$0")/common.sh"

[ $# -ge 3 ] || die "usage: build.sh TREE SUBLEVEL HEADERS_DIR [MAKE_VAR=VALUE...]"
tree=$1
sublevel=$2
headers=$3
shift 3
check_tree "$tree"
src=$(src_dir "$tree")
build=$(build_dir "$tree")
[ -f "$src/.kver-series" ] || die "tree $tree has no prepared source: run lab/prepare.sh first"

series_config=${KVER_SERIES_CONFIG:-}
extra=$*
jobs=${KVER_JOBS:-$(nproc)}
set -- ARCH=x86_64 "SUBLEVEL=$sublevel" "$@"
if command -v ccache >/dev/null 2>&1 && [ "${KVER_CCACHE:-1}" = 1 ]; then
	export CCACHE_DIR="${CCACHE_DIR:-$KVER_CACHE/ccache}"
	export CCACHE_BASEDIR="$KVER_CACHE"
	set -- "$@" "CC=ccache gcc"
fi

# KVER_BUILD_VERBOSE=1: Kbuild's own lines (CC file.o, LD vmlinux) in the log.
silent=-s
[ "${KVER_BUILD_VERBOSE:-0}" != 1 ] || silent=
kmake() {
	make $silent -C "$src" O="$build" "$@"
}

# Points that change only the version. A further point of the same series,
# config and make variables recompiles about a dozen objects (those that
# include version.h, utsrelease.h or compile.h); finding them is Kbuild's
# walk of the whole tree, a sub-make per directory, most of a point's time.
# After every whole make the lab records, from Kbuild's own .cmd files, the
# directories whose objects depend on the version headers; the next such
# point descends only into those (lab/point.mk) and links, and its steps
# are recorded; the points after it only replay them (lab/replay.mk).
# tests/run.sh proves both bit for bit against the whole make. KVER_FAST=0:
# always the whole make; KVER_REPLAY=0: no replay.
#
# fast_key SERIES_ID MAKE_VAR...: what must not change between two such
# points: the series, the config, the compiler's version, every make
# variable but those of the version. The version's variables (SUBLEVEL,
# KERNELVERSION and EXTRAVERSION for the release; KBUILD_BUILD_VERSION,
# _VERSION_TIMESTAMP, _USER and _HOST in the environment for the UTS
# version) reach only the version headers, so a Debian-style point after an
# upstream one of the same series is version-only too (tests/run.sh proves
# both).
# KBUILD_BUILD_TIMESTAMP is not one of them: it also dates the files of the
# built-in initramfs.
fast_key() {
	{
		echo "$1"
		shift
		echo "$stamp"
		for v in "$@"; do
			case ${v%%=*} in
			SUBLEVEL | KERNELVERSION | EXTRAVERSION) ;;
			*) printf '%s\n' "$v" ;;
			esac
		done
		echo "KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-}"
		# The compiler itself: another version probes other flags and
		# makes other objects.
		_cc=gcc
		for v in "$@"; do
			case $v in CC=*) _cc=${v#CC=} ;; esac
		done
		# shellcheck disable=SC2086 # "ccache gcc" is two words
		LC_ALL=C $_cc --version 2>&1 | head -n 1
	} | sha256sum | cut -c1-16
}
# switch_ok: whether the series switch that src records (lab/prepare.sh,
# src/.kver-switch: the series switched from and the files whose content
# changed) leaves a version-only point of the build folder's directories
# (.kver-fast) right, so that the switch costs no whole make. It does when
# no changed file is one the build reads by itself (a Makefile, Kbuild or
# Kconfig file, a script, tools/ and usr/, a UAPI header), every object
# whose .cmd file names a changed file lies in a walked directory (or the
# boot image's, which bzImage always walks), so Kbuild rebuilds it there,
# and a changed top Makefile exports the same environment to every recipe
# as when the build folder last learned it (learn_env), so no other
# object's command changes. Prints why not otherwise.
switch_ok() {
	_changed=$(sed 1d "$src/.kver-switch")
	for _f in $_changed; do
		case /$_f in
		/Makefile) ;;
		*/Makefile* | */Kbuild* | */Kconfig* | *.mk | /scripts/* | /tools/* | /usr/* | */uapi/*)
			echo "the build itself reads $_f"
			return 1
			;;
		esac
	done
	_dirs=$(sed -n 2p "$build/.kver-fast")
	# The objects whose .cmd files name a changed file: as $src/FILE, or
	# relative to the build folder (../src/FILE), as ccache writes the
	# dependency files under CCACHE_BASEDIR (a header seen only so would
	# leave its objects stale after the switch).
	_rel=$(realpath -m --relative-to="$build" "$src")
	printf '%s\n' "$_changed" | sed "s|^|$src/|; p; s|^$src/|$_rel/|" >"$build/.kver-switch-files"
	_users=$(cd "$build" && find . -name '.*.cmd' -exec awk -v list=.kver-switch-files '
		FILENAME == list { want[$0] = 1; next }
		{ for (i = 1; i <= NF; i++) if ($i in want) { print FILENAME; nextfile } }' .kver-switch-files {} +)
	rm -f "$build/.kver-switch-files"
	for _c in $_users; do
		_t=$(echo "$_c" | sed 's|^\./\(.*/\)*\.\([^/]*\)\.cmd$|\1\2|')
		_in=
		for _d in $_dirs arch/x86/boot; do
			case $_t in "$_d"/*) _in=1 ;; esac
		done
		[ -n "$_in" ] || { echo "$_t depends on a changed file and is outside the version's directories"; return 1; }
	done
	if printf '%s\n' "$_changed" | grep -qx Makefile; then
		[ "$(sed -n 1p "$build/.kver-made-env" 2>/dev/null)" = "# $1" ] ||
			{ echo "the top Makefile changed and its environment was not recorded"; return 1; }
		shift
		_e=$build/.kver-env
		rm -rf "$_e"
		mkdir "$_e"
		env_dump now "$@" || { rm -rf "$_e"; echo "reading the top Makefile failed"; return 1; }
		made_env "$_e/now" >"$_e/made"
		if ! sed 1d "$build/.kver-made-env" | cmp -s - "$_e/made"; then
			rm -rf "$_e"
			echo "the top Makefile exports another environment"
			return 1
		fi
		rm -rf "$_e"
	fi
	return 0
}

# version_dirs: the directories of the vmlinux walk (those with a built-in.a)
# whose objects depend on the version headers, none below another.
version_dirs() {
	(cd "$build" && grep -rlE --include='.*.cmd' \
		'include/generated/(uapi/linux/version|utsrelease|compile|utsversion)\.h|init/utsversion-tmp\.h' .) |
		sed -n 's|^\./\(.*\)/\.[^/]*\.cmd$|\1|p' | LC_ALL=C sort -u |
		while IFS= read -r d; do
			[ ! -f "$build/$d/built-in.a" ] || printf '%s\n' "$d"
		done |
		awk '{ for (i = 1; i <= n; i++) if (index($0 "/", k[i] "/") == 1) next; k[++n] = $0; print }'
}

# learn_steps STAMP: lab/replay.mk's list, from the version-only make that
# just went well: the targets whose .cmd files it wrote (newer than STAMP),
# in the order it finished them, each named as its .cmd file names it
# (arch/x86/boot/compressed/../voffset.h). A step that compiles a version
# header and names no other such target waits only for the headers; every
# other one waits for all the steps before it.
#
# A thin archive (ar T: the members' paths and sizes, not their contents)
# that the make wrote again as it was but for the sizes (a copy in
# .kver-ar, save_archives; thin_sizes_only) is left out: the
# members are new on disk, the linker reads each one from its own file and
# vmlinux.o takes the archives whole; only a member's recorded size may be
# stale (a longer release string). tests/run.sh proves the image the same
# as Kbuild's, with such a size change (the Debian-style point). That is
# most of the steps (vmlinux.a and a built-in.a per directory up to the top).
learn_steps() {
	_cmds=$( (cd "$build" && find . -name '.*.cmd' -newer "$1" -printf '%T@ %P\n') | sort -n | cut -d' ' -f2)
	[ -n "$_cmds" ] || return 1
	_targets=$(for _c in $_cmds; do
		sed -n '1s/^\(saved\)\{0,1\}cmd_\([^ ]*\) := .*/\2/p' "$build/$_c"
	done)
	[ "$(echo "$_targets" | wc -l)" = "$(echo "$_cmds" | wc -l)" ] || return 1
	_all=$_targets
	# What the vmlinux link's own script makes (init/version-timestamp.o,
	# through a make of its own) is made by the vmlinux step: not a step
	# of its own, or the replay compiles it twice.
	# shellcheck disable=SC2016 # the script's own text, literally
	_inlink=$(sed -n 's/^${MAKE} -f "${srctree}\/scripts\/Makefile\.build" obj=[^ ]* \([^ ]*\)$/\1/p' \
		"$src/scripts/link-vmlinux.sh")
	_targets=$(for _t in $_all; do
		case " $_inlink " in *" $_t "*) printf '%s\n' "$_all" | grep -qx vmlinux && continue ;; esac
		case $_t in
		*.a)
			[ "$(head -c 7 "$build/$_t")" = '!<thin>' ] && [ -f "$build/.kver-ar/$_t" ] &&
				thin_sizes_only "$build/.kver-ar/$_t" >"$build/.kver-ar.old" &&
				thin_sizes_only "$build/$_t" | cmp -s "$build/.kver-ar.old" - && continue
			;;
		esac
		echo "$_t"
	done)
	rm -f "$build/.kver-ar.old"
	echo "# $key"
	# shellcheck disable=SC2086 # one word per target
	echo "REPLAY_STEPS :=" $_targets
	# A chain: each other step waits for the one before it of its kind
	# and for the compiles in between (make -j walks a denser graph of
	# 47 waiting steps for minutes).
	_last=
	_compiles=
	for _t in $_targets; do
		_cmd=$build/$(dirname "$_t")/.${_t##*/}.cmd
		if grep -qE 'include/generated/(uapi/linux/version|utsrelease|compile|utsversion)\.h|init/utsversion-tmp\.h' "$_cmd" &&
			! printf '%s\n' "$_all" | grep -vxF "$_t" | grep -qFf - "$_cmd"; then
			echo "kver-replay/$_t: kver-replay-headers"
			_compiles="$_compiles kver-replay/$_t"
		else
			echo "kver-replay/$_t: kver-replay-headers$_last$_compiles"
			_last=" kver-replay/$_t"
			_compiles=
		fi
	done
}

# thin_sizes_only ARCHIVE: the thin archive with the size field of every
# member's header blanked (a member "/N", N its name's offset in the "//"
# table: name 16 bytes, date, uid, gid and mode 32, size 10, then "`"); the
# names, the order and the symbol table stay.
thin_sizes_only() {
	# shellcheck disable=SC2016 # a backquote, literally
	LC_ALL=C sed 's/^\(\/[0-9][0-9 ]\{14\}.\{32\}\)[0-9 ]\{10\}`$/\1`/' "$1"
}

# save_archives: a copy of every archive of the build folder (371 files,
# 2.6 MB for 6.1), for learn_steps to see which ones the make rewrote with
# the same members.
save_archives() {
	rm -rf "$build/.kver-ar"
	mkdir "$build/.kver-ar"
	(cd "$build" && find . -path ./.kver-ar -prune -o -name '*.a' -type f -print0 |
		xargs -0r cp -p --parents -t .kver-ar)
}

# learn_env LIST MAKE_ARG...: let the replay list LIST (just learned) read
# the top Makefile without its compiler probes. The environment Kbuild
# gives a recipe is taken twice, with the probes and without them
# (need-compiler=); what differs (KBUILD_CFLAGS, RETPOLINE_CFLAGS, ... never
# the version's variables: both are of this point) goes into LIST as make
# exports, with REPLAY_LEAN. Then the environment without the probes but
# with LIST must be the one with them, or LIST stays as it was (the replay
# reads the whole top Makefile). Costs two readings of it, once per key.
learn_env() {
	_l=$1
	shift
	_e=$build/.kver-env
	rm -rf "$_e"
	mkdir "$_e"
	if env_dump full "$@" && env_dump lean "$@" need-compiler=; then
		# Changed or only with the probes; changed or only without them.
		LC_ALL=C comm -23 "$_e/full" "$_e/lean" >"$_e/probed"
		LC_ALL=C comm -13 "$_e/full" "$_e/lean" | sed 's/=.*//' >"$_e/lean-names"
		sed 's/=.*//' "$_e/probed" >"$_e/probed-names"
		# No variable that only the reading without probes exports, no
		# value of more than one line or ending in a backslash.
		if ! grep -vxFf "$_e/probed-names" "$_e/lean-names" >/dev/null &&
			! grep -q "$(printf '\001')" "$_e/probed" && ! grep -q '\\$' "$_e/probed"; then
			{
				cat "$_l"
				echo "REPLAY_LEAN := 1"
				sed -e 's/\$/$$/g' -e 's/#/\\#/g' -e 's/^\([^=]*\)=/export \1 := /' "$_e/probed"
			} >"$_e/list"
			env_dump check "$@" need-compiler= REPLAY_LIST="$_e/list" &&
				cmp -s "$_e/full" "$_e/check" && mv "$_e/list" "$_l"
		fi
		# What the top Makefile gave the recipes, for a later series
		# switch (switch_ok).
		{ echo "# $key"; made_env "$_e/full"; } >"$build/.kver-made-env"
	fi
	rm -rf "$_e"
	return 0
}
# made_env DUMP: the variables of an env_dump that the top Makefile made
# (not those of this script's own environment), but for the version's.
made_env() {
	env -0 | tr '\0\n' '\n\001' | LC_ALL=C sort >"$1.proc"
	LC_ALL=C comm -23 "$1" "$1.proc" | grep -vE \
		'^(VERSION|PATCHLEVEL|SUBLEVEL|EXTRAVERSION|KERNELRELEASE|KERNELVERSION|MODLIB|INSTALL_DTBS_PATH|INSTALL_HDR_PATH|KBUILD_BUILD_[A-Z_]*)=' || true
	rm -f "$1.proc"
}
# env_dump NAME MAKE_ARG...: into $_e/NAME, the environment of a recipe of
# the top Makefile (lab/replay.mk's kver-replay-env-dump), one variable a
# line (a newline in a value as \001), sorted; make's own variables and
# the dump's left out.
env_dump() {
	_o=$1
	shift
	kbuild_make "$src" "$build" -s -f Makefile -f "$KVER_TOP/lab/replay.mk" \
		"$@" REPLAY_ENV_OUT="$_e/$_o.env" kver-replay-env-dump >/dev/null 2>&1 || return 1
	tr '\0\n' '\n\001' <"$_e/$_o.env" | LC_ALL=C sort |
		grep -vE '^(MAKEFLAGS|MFLAGS|MAKELEVEL|MAKE_TERMOUT|MAKE_TERMERR|REPLAY_ENV_OUT|REPLAY_LIST)=' >"$_e/$_o"
}

# objects_estimate TREE: about how many objects the first full build of
# TREE compiles (lab/lab.conf's objects), nothing for a tree it does not
# name. Printed as ~N; the first build records the real count.
objects_estimate() {
	for _o in $(lab_conf objects); do
		[ "${_o%%=*}" != "$1" ] || echo "${_o#*=}"
	done
}

# Configure when the build folder is new or a fragment changed.
stamp=$( (cat "$KVER_TOP/lab/kernel.config"; [ -z "$series_config" ] || cat "$series_config") |
	sha256sum | cut -c1-16)
if [ ! -f "$build/.config" ] || [ "$(cat "$build/.kver-config" 2>/dev/null)" != "$stamp" ]; then
	say "configuring $tree: tinyconfig + lab/kernel.config${series_config:+ + $series_config}"
	sh "$KVER_TOP/lab/configure.sh" "$src" "$build" "$KVER_TOP/lab/kernel.config" \
		${series_config:+"$series_config"} -- "$@"
	echo "$stamp" >"$build/.kver-config"
fi

log="$build/.kver-build.log"
key=$(fast_key "$(cat "$src/.kver-series")" "$@")
fast=
if [ "${KVER_FAST:-1}" = 1 ] && [ -f "$build/vmlinux" ] &&
	[ "$(sed -n 1p "$build/.kver-fast" 2>/dev/null)" = "$key" ]; then
	fast=$(sed -n 2p "$build/.kver-fast")
fi
# Once Kbuild has built a version-only point of this key, the next ones run
# again just the commands it ran then (lab/replay.mk): no walk, no prepare.
replay=$build/.kver-replay.mk
if [ -z "$fast" ] || [ "${KVER_REPLAY:-1}" != 1 ] || [ "$(sed -n 1p "$replay" 2>/dev/null)" != "# $key" ]; then
	replay=
fi
if [ -f "$build/vmlinux" ]; then
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
# A series switch that changes only what a version-only point rebuilds
# anyway (switch_ok) keeps the build folder's version-only path. When only
# the top Makefile changed (its version rules: every command and
# dependency stays), the steps learned before are replayed; otherwise the
# version's directories are walked (Kbuild rebuilds there whatever the
# switch changed, and writes the objects' dependencies afresh).
switched=
if [ -z "$fast" ] && [ "${KVER_FAST:-1}" = 1 ] && [ -f "$build/vmlinux" ] && [ -f "$src/.kver-switch" ]; then
	old_key=$(fast_key "$(sed -n 1p "$src/.kver-switch")" "$@")
	if [ "$(sed -n 1p "$build/.kver-fast" 2>/dev/null)" = "$old_key" ]; then
		if why=$(switch_ok "$old_key" "$@"); then
			fast=$(sed -n 2p "$build/.kver-fast")
			replay=
			if [ "$(sed 1d "$src/.kver-switch")" = Makefile ] && [ "${KVER_REPLAY:-1}" = 1 ] &&
				[ "$(sed -n 1p "$build/.kver-replay.mk" 2>/dev/null)" = "# $old_key" ]; then
				for f in .kver-replay.mk .kver-made-env; do
					sed "1s/.*/# $key/" "$build/$f" >"$build/$f.tmp" && mv "$build/$f.tmp" "$build/$f"
				done
				replay=$build/.kver-replay.mk
				say "$tree: the series switch changes only the top Makefile's version rules: no whole make"
			else
				switched=1
				say "$tree: the series switch changes only files of the version's directories: no whole make"
			fi
		else
			say "$tree: the series switch needs the whole make: $why"
		fi
	fi
fi
# Written again after a make that went well.
rm -f "$build/.kver-fast"
# One make for the image, the modules and the UAPI headers: every further
# call would walk the whole tree again (about a second each here).
rm -rf "$headers"
set -- "$@" -j"$jobs" INSTALL_HDR_PATH="$headers"
goals="bzImage modules headers_install"
lab=$KVER_TOP/build/lab/kver-lab
rc=0
# What kind of build the point was, for point.meta: replayed,
# version-only, incremental or full.
kind=full
if [ -n "$replay" ]; then
	kind=replayed
	say "building $tree at SUBLEVEL=$sublevel${extra:+ $extra} (incremental, version only: $(sed -n 's/^REPLAY_STEPS := //p' "$replay" | wc -w) steps replayed)"
	# need-compiler=: the top Makefile without its compiler probes, whose
	# outcome the list carries (learn_env).
	lean=
	! grep -qx 'REPLAY_LEAN := 1' "$replay" || lean=need-compiler=
	# What the replay writes is told from what it found (REPLAY_VERSION_H).
	: >"$build/.kver-t0"
	kbuild_make "$src" "$build" $silent -f Makefile -f "$KVER_TOP/lab/replay.mk" \
		"REPLAY_LIST=$replay" "$@" $lean kver-replay >"$log" 2>&1 || rc=$?
	if [ "$rc" != 0 ]; then
		say "building $tree at SUBLEVEL=$sublevel: the replayed steps failed (log: $log.replay); the whole make instead"
		mv "$log" "$log.replay"
		# What the steps left half made is made again from scratch.
		# shellcheck disable=SC2046 # one word per target
		(cd "$build" && rm -f $(sed -n 's/^REPLAY_STEPS := //p' "$replay"))
		rm -f "$replay"
		rc=0
		kind=incremental
		# shellcheck disable=SC2086 # one word per goal
		kmake "$@" $goals >"$log" 2>&1 || rc=$?
	fi
elif [ -n "$fast" ]; then
	kind=version-only
	say "building $tree at SUBLEVEL=$sublevel${extra:+ $extra} (incremental, version only: $(echo "$fast" | wc -w) directories)"
	save_archives
	# The archive is made again after the directories, so vmlinux links
	# the new objects.
	rm -f "$build/vmlinux.a"
	# --no-print-directory: 6.12's Makefile would otherwise call itself
	# again, without lab/point.mk.
	: >"$build/.kver-t0"
	# shellcheck disable=SC2086 # one word per goal
	kbuild_make "$src" "$build" $silent -f Makefile -f "$KVER_TOP/lab/point.mk" \
		"build-dir=$fast" "$@" $goals >"$log" 2>&1 || rc=$?
	if [ "$rc" = 0 ]; then
		# Steps are learned only from a make that wrote a new release
		# (Kbuild rewrites a header only when it changes): at the
		# version the folder had, nothing is compiled, and the list
		# would leave the version's objects out. version.h need not
		# change (from 255 on, a tree that clamps and has no
		# LINUX_VERSION_SUBLEVEL, 5.10, writes the same one at every
		# point): the list then says so, and a replay that would write
		# a new version.h fails (lab/replay.mk) and the whole make
		# builds that point.
		if [ -n "$(find "$build/include/generated/utsrelease.h" -newer "$build/.kver-t0")" ]; then
			vh=0
			[ -z "$(find "$build/include/generated/uapi/linux/version.h" -newer "$build/.kver-t0")" ] || vh=1
			if learn_steps "$build/.kver-t0" >"$build/.kver-replay.tmp" &&
				echo "REPLAY_VERSION_H := $vh" >>"$build/.kver-replay.tmp" &&
				learn_env "$build/.kver-replay.tmp" "$@"; then
				mv "$build/.kver-replay.tmp" "$build/.kver-replay.mk"
			else
				say "building $tree at SUBLEVEL=$sublevel: no steps learned from this point (the next one walks again)"
				rm -f "$build/.kver-replay.tmp"
			fi
		fi
		rm -rf "$build/.kver-ar"
	else
		say "building $tree at SUBLEVEL=$sublevel: the version-only make failed (log: $log.fast); the whole make instead"
		mv "$log" "$log.fast"
		rm -rf "$build/.kver-ar"
		fast=
		rc=0
		kind=incremental
		# shellcheck disable=SC2086 # one word per goal
		kmake "$@" $goals >"$log" 2>&1 || rc=$?
	fi
elif [ -f "$build/vmlinux" ]; then
	kind=incremental
	say "building $tree at SUBLEVEL=$sublevel${extra:+ $extra} (incremental)"
	# shellcheck disable=SC2086 # one word per goal
	kmake "$@" $goals >"$log" 2>&1 || rc=$?
# The two full builds below (no vmlinux yet) compile past the compiler
# cache (CCACHE_DISABLE): nothing of a new build folder is in it, and the
# lab's later builds would take little from it (a further point or design
# recompiles what its change touched, new objects), while looking every
# object up and storing it made a cold build of three of 6.1's directories
# take 27 % longer than gcc alone (125 s against 98 s on 2 cores). The
# command stays "ccache gcc", as every later build of the folder has it
# (Kbuild compiles an object again when its command changed).
elif [ ! -x "$lab" ]; then
	say "building $tree at SUBLEVEL=$sublevel${extra:+ $extra} (full build: several minutes)"
	# shellcheck disable=SC2086 # one word per goal
	CCACHE_DISABLE=1 kmake "$@" $goals >"$log" 2>&1 || rc=$?
else
	# A full build shows its progress: Kbuild's "CC file.o" lines (make
	# without -s) counted against what the last full build of this tree
	# and config compiled, or an estimate before there was one.
	total=$(sed -n "s/^$stamp //p" "$build/.kver-objects" 2>/dev/null || true)
	resumed=
	if [ -f "$build/init/main.o" ]; then
		# A build stopped half way: what is left is not a whole build.
		resumed=1
		total=
	elif [ -z "$total" ]; then
		# Another config's count, or the lab's own measure: a guess.
		total=$(sed -n 's/^[0-9a-f]* //p' "$build/.kver-objects" 2>/dev/null || true)
		[ -n "$total" ] || total=$(objects_estimate "$(tree_base "$tree")")
		[ -z "$total" ] || total=$total~
	fi
	say "building $tree at SUBLEVEL=$sublevel${extra:+ $extra} (full build${resumed:+, resumed}${total:+ of about ${total%\~} objects}: several minutes)"
	{
		rc=0
		# shellcheck disable=SC2086 # one word per goal
		CCACHE_DISABLE=1 make -C "$src" O="$build" "$@" $goals 2>&1 || rc=$?
		echo "$rc" >"$build/.kver-build.rc"
	} | "$lab" progress --tree "$tree" --total "${total:-0}" --log "$log" \
		--every "${KVER_PROGRESS_EVERY:-30}" --count "$build/.kver-objects.new"
	rc=$(cat "$build/.kver-build.rc" 2>/dev/null || echo 1)
	rm -f "$build/.kver-build.rc"
	[ "$rc" != 0 ] || [ -n "$resumed" ] ||
		echo "$stamp $(cat "$build/.kver-objects.new")" >"$build/.kver-objects"
	rm -f "$build/.kver-objects.new"
fi
if [ "$rc" != 0 ]; then
	grep -E 'error|Error' "$log" | head -n 5 >&2
	die "building $tree at SUBLEVEL=$sublevel failed (log: $log)"
fi
[ -f "$headers/include/linux/version.h" ] ||
	die "headers_install for $tree at SUBLEVEL=$sublevel left no linux/version.h (log: $log)"
# The next point may be a version-only one (see fast_key). After a series
# switch the directories are found again: a changed file may have added one.
[ -n "$fast" ] && [ -z "$switched" ] || fast=$(version_dirs | tr '\n' ' ')
[ "$(sed -n 1p "$build/.kver-replay.mk" 2>/dev/null)" = "# $key" ] || rm -f "$build/.kver-replay.mk"
[ -z "$fast" ] || printf '%s\n%s\n' "$key" "$fast" >"$build/.kver-fast"
# The release this build carries, as make kernelrelease would print it.
cp "$build/include/config/kernel.release" "$build/.kver-release" ||
	die "$tree at SUBLEVEL=$sublevel: the build left no include/config/kernel.release"
echo "$kind" >"$build/.kver-build-kind"
