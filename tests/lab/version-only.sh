# shellcheck shell=sh disable=SC2154 # top, work: tests/run.sh's
# version-only.sh: the proofs that a version-only point, walked or
# replayed, is bit for bit Kbuild's whole make (lab_fast_point,
# lab_replay_fallback, lab_shelf, lab_switch). Sourced by tests/run.sh.

# A version-only point must leave exactly what Kbuild's whole make leaves,
# both kinds of it (lab/build.sh): the first one, which walks only the
# directories whose objects depend on the version, and the next ones, which
# replay the steps that one ran (lab/replay.mk): afterwards the whole make at the same point
# compiles no kernel object again (it archives the parent directories again
# and relinks, and so rebuilds the boot stub, which embeds vmlinux's
# offsets), and vmlinux, bzImage and linux/version.h keep every bit. The
# UTS version is fixed so that two builds can be compared; the first whole
# make also runs Kconfig's syncconfig, which the version-only points skip
# (its ~100 toolchain probes once per tree are enough: a version-only point
# moves Kconfig's record of the version the same way each time).
# verdict NAME LOG: NAME passes when why is empty; otherwise the end of LOG
# is shown and NAME fails with why.
verdict() {
	if [ -z "$why" ]; then
		pass "$1"
	else
		sed 's/^/# /' "$2" | tail -n 20
		fail "$1 ($why)"
	fi
}
# fb SUBLEVEL HEADERS [MAKE_VAR...]: lab/build.sh on the tree as prepared,
# with the series config in $fb_config, the log appended to $fb_log
# (default $work/fast.log).
fb() {
	KVER_SERIES_CONFIG=$fb_config \
		with_lock "$tree" sh lab/build.sh "$tree" "$@" >>"${fb_log:-$work/fast.log}" 2>&1
}
# fast_then_whole KIND SUBLEVEL [MAKE_VAR...]: a point that must take the
# version-only path of KIND ("directories": Kbuild's walk of them; "steps
# replayed"; a basic regular expression), then Kbuild's whole make of the
# same point (with ftw_sync=1 also Kconfig's syncconfig, left out by the
# version-only point): nothing compiled again, the same vmlinux, bzImage
# and version.h. Sets why on a failure.
fast_then_whole() {
	_kind=$1
	_sub=$2
	shift 2
	fb "$_sub" "$work/fast-h" "$@" || { why="the point at $_sub failed"; return; }
	grep -q "SUBLEVEL=$_sub.*(incremental, version only: [0-9]* $_kind)" "$work/fast.log" ||
		{ why="the point at $_sub did not take the version-only path ($_kind)"; return; }
	sha256sum "$build/vmlinux" "$build/arch/x86/boot/bzImage" >"$work/fast.sha"
	# The size init/built-in.a records for init/version.o, and its own: a
	# replay leaves the archives as they were.
	_sizes="$( (cd "$build" && ar tv init/built-in.a) | awk '$NF == "init/version.o" { print $3 }') $(stat -c %s "$build/init/version.o")"
	[ "${ftw_sync:-0}" != 1 ] || touch "$build/.config"
	KVER_FAST=0 KVER_BUILD_VERBOSE=1 fb "$_sub" "$work/whole-h" "$@" ||
		{ why="the whole make at $_sub failed"; return; }
	if grep -E '^  (CC|AS|VDSO) ' "$build/.kver-build.log" | grep -v ' arch/x86/boot/' >"$work/fast.again"; then
		why="the whole make at $_sub built again: $(head -n 3 "$work/fast.again" | tr -s ' ' | tr '\n' ';')"
	elif ! sha256sum "$build/vmlinux" "$build/arch/x86/boot/bzImage" | cmp -s - "$work/fast.sha"; then
		why="at $_sub, vmlinux or bzImage differ from the whole make's"
	elif ! cmp -s "$work/fast-h/include/linux/version.h" "$work/whole-h/include/linux/version.h"; then
		why="at $_sub, linux/version.h differs from the whole make's"
	fi
}

lab_fast_point() {
	tree=$1
	n="$tree: a version-only point is bit for bit Kbuild's whole make"
	tap_want "$n" || return 0
	build=$(build_dir "$tree")
	fb_config=$top/patches/$tree/config
	: >"$work/fast.log"
	why=
	# The kver series, as the matrix left it (a negative test may have
	# left the working tree half prepared). 302 follows 301 in the
	# upstream style and walks the directories (what the lab learned of
	# an earlier point is forgotten first); 304 is in the Debian style,
	# its names from kver-lab point as lab/run.sh takes them, and replays
	# what 302 ran (a replay in the upstream style is proved by the shelf
	# and switch tests below, on mainline and mask).
	if ! with_lock "$tree" sh lab/prepare.sh "$tree" "$top/patches/$tree" >>"$work/fast.log" 2>&1; then
		why="preparing the kver series failed"
	elif ! KBUILD_BUILD_VERSION_TIMESTAMP=2026-01-01 KBUILD_BUILD_VERSION=1 fb 301 "$work/fast-h"; then
		why="the build at 301 failed"
	else
		rm -f "$build/.kver-replay.mk"
		ftw_sync=1
		KBUILD_BUILD_VERSION_TIMESTAMP=2026-01-01 KBUILD_BUILD_VERSION=1 fast_then_whole directories 302
		ftw_sync=
	fi
	# The steps learned at 302 carry what the compiler probes decide, so
	# the replays read the top Makefile without them, and leave out the
	# archives 302 wrote again as they were (lab/build.sh).
	if [ -z "$why" ] && ! grep -qx 'REPLAY_LEAN := 1' "$build/.kver-replay.mk"; then
		why="the steps learned at 302 do not let the replay skip the compiler probes"
	elif [ -z "$why" ] && grep -q '^REPLAY_STEPS := .*\.a\( \|$\)' "$build/.kver-replay.mk"; then
		why="the steps learned at 302 replay an archive: $(sed -n 's/^REPLAY_STEPS := //p' "$build/.kver-replay.mk" |
			tr ' ' '\n' | grep '\.a$' | head -n 3 | tr '\n' ' ')"
	fi
	if [ -z "$why" ]; then
		names=$("$top/build/lab/kver-lab" point --tree "$tree" --style debian 304)
		dfield() { printf '%s\n' "$names" | sed -n "s/^$1=//p"; }
		KBUILD_BUILD_VERSION=$(dfield build_version) \
			KBUILD_BUILD_VERSION_TIMESTAMP=$(dfield build_timestamp) \
			KBUILD_BUILD_USER=$(dfield build_user) KBUILD_BUILD_HOST=$(dfield build_host) \
			fast_then_whole 'steps replayed' 304 "KERNELVERSION=$(dfield release)"
		# Its longer release string made init/version.o larger than the
		# replay's archive says (6.1, 6.12): the image is right all the
		# same. 5.10's init/version.o keeps its size (2832 bytes at 302
		# and at 304): there the case does not arise, and is said so.
		if [ -z "$why" ] && [ "${_sizes% *}" = "${_sizes#* }" ]; then
			case $tree in
			5.10) echo "# $tree: init/version.o keeps its size at 304 ($_sizes): no stale size in init/built-in.a to test" ;;
			*) why="at 304, init/built-in.a records init/version.o's own size ($_sizes): a stale size is not tested" ;;
			esac
		fi
	fi
	verdict "$n" "$work/fast.log"
}

# A replay that cannot run (here: its list names a step whose .cmd file is
# gone) is named and the point is built by Kbuild's whole make instead,
# which then takes over from what the replay left: the point is right.
lab_replay_fallback() {
	tree=$1
	n="$tree: a version-only point whose replay fails is built by the whole make"
	tap_want "$n" || return 0
	build=$(build_dir "$tree")
	why=
	if [ ! -f "$build/.kver-replay.mk" ]; then
		why="no recorded steps to replay (the test before it left none)"
	else
		printf '%s\n' 'REPLAY_STEPS += kver/no-such.o' 'kver-replay/kver/no-such.o: kver-replay-headers' \
			>>"$build/.kver-replay.mk"
		fb_config=$top/patches/$tree/config
		fb_log=$work/fallback.log
		: >"$fb_log"
		if ! KBUILD_BUILD_VERSION_TIMESTAMP=2026-01-01 KBUILD_BUILD_VERSION=1 fb 305 "$work/fallback-h"; then
			why="the point failed"
		elif ! grep -q 'SUBLEVEL=305: the replayed steps failed.*the whole make instead' "$work/fallback.log"; then
			why="the failed replay was not named"
		elif ! grep -qx "#define UTS_RELEASE \"$tree.305\"" "$build/include/generated/utsrelease.h" ||
			[ "$(cat "$build/include/config/kernel.release")" != "$tree.305" ]; then
			why="the build after the fallback is not at 305"
		elif [ -f "$build/.kver-replay.mk" ]; then
			why="the steps that failed are still recorded"
		fi
		fb_log=
	fi
	verdict "$n" "$work/fallback.log"
}

# switch_test TREE NAME: the start of a test that switches designs (its
# name n, tree, build, why; the log $work/fast.log; a fixed UTS version);
# fails when NAME is not asked for. prep SERIES_DIR: lab/prepare.sh, logged.
switch_test() {
	tree=$1
	n=$2
	tap_want "$n" || return 1
	build=$(build_dir "$tree")
	fb_config=
	: >"$work/fast.log"
	why=
	export KBUILD_BUILD_VERSION_TIMESTAMP=2026-01-01 KBUILD_BUILD_VERSION=1
}
prep() { with_lock "$tree" sh lab/prepare.sh "$tree" "$1" >>"$work/fast.log" 2>&1; }

# A design left for another one keeps its source and build folder on the
# tree's shelf (lab/prepare.sh); switched back to after the other design
# built a point, it is as it was: its next point is version-only, and
# Kbuild's whole make at that point then compiles nothing (so no object of
# the other design was kept).
lab_shelf() {
	switch_test "$1" "$1: a design switched back to builds version-only in its own folders" || return 0
	if ! prep "$top/patches/variants/mainline" || ! fb 306 "$work/fast-h"; then
		why="mainline at 306 failed"
	elif ! prep "$top/patches/$tree" ||
		! KVER_SERIES_CONFIG=$top/patches/$tree/config with_lock "$tree" \
			sh lab/build.sh "$tree" 306 "$work/fast-h" >>"$work/fast.log" 2>&1; then
		why="the kver series at 306 failed"
	elif ! prep "$top/patches/variants/mainline"; then
		why="switching back to mainline failed"
	elif ! grep -q "carries .*/mainline again, with its own build folder" "$work/fast.log"; then
		why="mainline did not come back from the shelf"
	else
		fast_then_whole '\(directories\|steps replayed\)' 307
	fi
	unset KBUILD_BUILD_VERSION_TIMESTAMP KBUILD_BUILD_VERSION
	prep "$top/patches/$tree" || why="${why:-switching back to the kver series failed}"
	verdict "$n" "$work/fast.log"
}

# A design made anew from another one (not on the shelf) whose switch
# changes only the top Makefile's version rules (mask's patch) keeps the
# version-only path (lab/build.sh, switch_ok): its first point replays the
# steps mainline learned instead of walking the whole tree, and is
# Kbuild's whole make bit for bit. Mainline walks first when its build
# folder does not record yet its steps and what its top Makefile exports
# (the matrix leaves both); the mask series is copied under a new
# name (a line before its patch), so that it is not found on the shelf.
lab_switch() {
	switch_test "$1" "$1: a design switch that changes only the version's rules builds version-only" || return 0
	rm -rf "$work/mask"
	mkdir -p "$work/mask"
	cp "$top/patches/variants/mask/$tree/series" "$work/mask/"
	series_patches "$top/patches/variants/mask/$tree" | while read -r p; do
		{ echo "kver test copy $(date +%s%N)"; cat "$top/patches/variants/mask/$tree/$p"; } >"$work/mask/$p"
	done
	# recorded: whether mainline's folder records its steps and what its
	# top Makefile exports, for its last key.
	recorded() {
		_k=$(build/lab/kver-lab plan show "$build" key) &&
			[ "$(build/lab/kver-lab plan show "$build" made-env)" = "$_k" ] &&
			[ "$(build/lab/kver-lab plan show "$build" steps)" = "$_k" ] &&
			[ -f "$build/.kver-replay.mk" ]
	}
	if ! prep "$top/patches/variants/mainline"; then
		why="switching to mainline failed"
	elif ! recorded; then
		# The walk must be at another version than the folder's last
		# build, or it compiles nothing and learns no steps.
		walk=308
		[ "$(build/lab/kver-lab plan show "$build" release)" != "$tree.308" ] || walk=310
		rm -f "$build/.kver-replay.mk"
		if ! fb "$walk" "$work/fast-h" || ! recorded; then
			why="mainline at $walk did not learn its steps"
		fi
	fi
	if [ -n "$why" ]; then
		:
	elif ! prep "$work/mask"; then
		why="switching to the mask series failed"
	else
		fast_then_whole 'steps replayed' 309
		if [ -z "$why" ] && ! grep -q "the series switch changes only the top Makefile's version rules" "$work/fast.log"; then
			why="the switch was not named as version-only"
		fi
	fi
	unset KBUILD_BUILD_VERSION_TIMESTAMP KBUILD_BUILD_VERSION
	prep "$top/patches/$tree" || why="${why:-switching back to the kver series failed}"
	verdict "$n" "$work/fast.log"
}
