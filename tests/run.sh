#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# run.sh [--host|--lab] [NAME]: kver's test command, in KTAP (tests/tap.sh).
# NAME runs only the tests whose name matches the shell glob *NAME* (a plain
# word is a substring), at any depth; when none matches, it says so and
# exits 1. Host tests first (unit tests,
# sanitizers, valgrind, shellcheck), then the lab's QEMU tests: real kernels
# built from both trees, booted at SUBLEVEL 255 and 256, and the failures
# the lab must catch (wrong version, hung guest, crashed probe, no /init,
# a patch that does not apply, bad SUBLEVEL input).
# KVER_TREES="6.1" limits the QEMU tests to one tree.
set -eu
cd "$(dirname -- "$0")/.."
top=$(pwd)
. "$top/lab/common.sh"

what=all
case ${1:-} in --host | --lab) what=$1; shift ;; esac
[ $# -le 1 ] || { echo "usage: tests/run.sh [--host|--lab] [NAME]" >&2; exit 2; }
case ${1:-} in -*) echo "usage: tests/run.sh [--host|--lab] [NAME]" >&2; exit 2 ;; esac
KVER_T=${1:-}
export KVER_T
work=${KVER_TEST_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/kver-tests.XXXXXX")}
mkdir -p "$work"

# shellcheck source=SCRIPTDIR/tap.sh
. "$top/tests/tap.sh"
# check NAME CMD...: CMD must exit 0; its output is shown only on failure.
check() {
	name=$1
	shift
	tap_want "$name" || return 0
	if "$@" >"$work/last.log" 2>&1; then
		pass "$name"
	else
		sed 's/^/# /' "$work/last.log" | tail -n 40
		fail "$name"
	fi
}
# need NAME CMD...: a step other tests build on; it runs whatever the name
# filter says, and is reported when its name matches or when it fails.
need() {
	if tap_want "$1"; then
		check "$@"
		return
	fi
	name=$1
	shift
	if ! "$@" >"$work/last.log" 2>&1; then
		sed 's/^/# /' "$work/last.log" | tail -n 40
		tap_line "not ok" "$name"
	fi
}
# expect_fail NAME PATTERN CMD...: CMD must exit non-zero and print PATTERN.
expect_fail() {
	name=$1
	pattern=$2
	shift 2
	tap_want "$name" || return 0
	rc=0
	"$@" >"$work/last.log" 2>&1 || rc=$?
	tap_status "$name" '!0' "$rc" "$pattern" "$work/last.log"
}

host_tests() {
	echo "# host tests"
	need "host tools build" make -s tools
	# Each part's tests run plain, under ASan+UBSan and under valgrind.
	# The lint's, the longest (one compile after another), shares no file
	# with the others and runs beside them on the second core.
	tap_sub_start "kver-lint and kver_compat.h" make -s -C lint check
	tap_sub libkver make -s -C lib check
	tap_sub "kver command" make -s -C cli check
	tap_sub kver-lab make -s -C lab check
	tap_sub kver-probe make -s -C probe check
	tap_sub "shared code" make -s -C util check
	tap_sub_end "kver-lint and kver_compat.h"
	tap_sub kver-matrix make -s -C matrix check
	kl=$top/build/lab/kver-lab
	for bad in abc 08 -1 "" 65536 4294967296 "1 2"; do
		expect_fail "SUBLEVEL '$bad' is rejected" "invalid SUBLEVEL '$bad'" "$kl" sublevels 255 "$bad"
	done
	expect_fail "lab/run.sh rejects SUBLEVEL abc before building" "invalid SUBLEVEL 'abc'" \
		sh lab/run.sh --trees 6.1 --out "$work/bad" 255 abc
	expect_fail "unknown tree is an error" "unknown tree '4.19'" sh lab/fetch.sh 4.19
	expect_fail "a package version of the machine's own tree is an error" \
		"a package version can be chosen only for a tree of another suite" sh lab/fetch.sh 6.1@6.1.115-1
	expect_fail "a tree's package version must look like one" \
		"'5.10.262 -1' is not a Debian package version" sh lab/fetch.sh "5.10@5.10.262 -1"
	# A source folder of the user's: refused before anything is built
	# when it is no kernel tree or was built in place.
	expect_fail "--tree-path: a missing folder is named" "--tree-path $work/no-tree: no such folder" \
		sh lab/run.sh --tree-path "$work/no-tree" 300
	mkdir -p "$work/not-a-tree"
	expect_fail "--tree-path: a folder that is no kernel tree is named" "not a kernel source tree" \
		sh lab/run.sh --tree-path "$work/not-a-tree" 300
	mkdir -p "$work/built-tree/scripts/kconfig"
	printf 'VERSION = 5\nPATCHLEVEL = 15\nSUBLEVEL = 300\n' >"$work/built-tree/Makefile"
	: >"$work/built-tree/scripts/kconfig/merge_config.sh"
	: >"$work/built-tree/.config"
	expect_fail "--tree-path: a tree built in place is refused" "the tree was built in place" \
		sh lab/run.sh --tree-path "$work/built-tree" 300
	# Another suite's archive, from the machine's own apt sources (a
	# folder of the test's own as /etc/apt): a FIFO where a sources file
	# was is skipped, not waited on; no archive of the kind is an error.
	mkdir -p "$work/etc-apt/sources.list.d"
	printf 'Types: deb\nURIs: http://mirror.test/debian-security\nSuites: bookworm-security\nComponents: main\n' \
		>"$work/etc-apt/sources.list.d/debian.sources"
	rm -f "$work/etc-apt/sources.list.d/0.list" "$work/etc-apt/sources.list"
	mkfifo "$work/etc-apt/sources.list.d/0.list" "$work/etc-apt/sources.list"
	check "apt-source: the security archive the machine uses serves bullseye-security" \
		sh -c "timeout 10 '$kl' apt-source --etc '$work/etc-apt' bullseye-security main contrib |
			grep -qxF 'deb http://mirror.test/debian-security bullseye-security main contrib'"
	expect_fail "apt-source: no archive of the kind is named as such" \
		"no apt source in $work/etc-apt serves a suite of the kind of 'bullseye'" \
		timeout 10 "$kl" apt-source --etc "$work/etc-apt" bullseye
	expect_fail "apt-source: a suite name with a blank is refused" "'a b' is not a suite or component name" \
		"$kl" apt-source "a b"
	# What the lab must leave as it was on the machine: a change there is seen.
	rm -rf "$work/root"
	mkdir -p "$work/root/etc/apt" "$work/root/var/lib/apt/lists" "$work/root/var/lib/dpkg"
	printf 'Package: dkms\nStatus: install ok installed\nVersion: 3.0.10-8\n' >"$work/root/var/lib/dpkg/status"
	sh tests/lab/host-state.sh "$work/root" >"$work/root.before"
	mkdir -p "$work/root/var/lib/apt/S/lists"
	expect_fail "host-state.sh sees a folder apt made under var/lib/apt" "var/lib/apt/S/lists" \
		sh -c "sh tests/lab/host-state.sh '$work/root' | diff '$work/root.before' - | grep '^>'; exit 1"
	sh tests/lab/host-state.sh "$work/root" >"$work/root.before"
	check "host-state.sh sees nothing when nothing changed" \
		sh -c "sh tests/lab/host-state.sh '$work/root' | diff '$work/root.before' -"
	# Release styles: what a point is called is decided by kver-lab point.
	check "Debian style at 300: uname 6.1.0-75-amd64, the version in uname -v" \
		sh -c "'$kl' point --tree 6.1 --style debian 300 | tr '\n' '|' |
			grep -qxF 'style=debian|version=6.1.300|release=6.1.0-75-amd64|uts_version=#1 SMP PREEMPT_DYNAMIC Debian 6.1.300-1 (2026-01-01)|build_version=1 SMP PREEMPT_DYNAMIC Debian 6.1.300-1|build_timestamp=(2026-01-01)|build_user=debian-kernel|build_host=lists.debian.org|'"
	check "Debian style at 5.10.262: Debian's own ABI, package and date from the tree's table" \
		sh -c "'$kl' point --tree 5.10 --style debian --debian-releases tests/lab/debian-releases-5.10 262 |
			tr '\n' '|' | grep -qF 'release=5.10.0-46-amd64|uts_version=#1 SMP Debian 5.10.262-1 (2026-07-31)|'"
	check "Debian style at 5.10.300: no such release, ABI from SUBLEVEL, no PREEMPT_DYNAMIC before 5.12" \
		sh -c "'$kl' point --tree 5.10 --style debian --debian-releases tests/lab/debian-releases-5.10 300 |
			tr '\n' '|' | grep -qF 'release=5.10.0-75-amd64|uts_version=#1 SMP Debian 5.10.300-1 (2026-01-01)|'"
	for bad in "5.10.262 46 5.10.999-1 2026-07-31" "5.10.262 46 5.10.2621 2026-07-31" "5.10.262 46 5.10.262-1 2026-7-31"; do
		printf '%s\n' "$bad" >"$work/bad-releases"
		expect_fail "a table of Debian releases with a wrong line is named: $bad" \
			"has a malformed line for 5.10.262" "$kl" point --tree 5.10 --style debian --debian-releases "$work/bad-releases" 262
	done
	# PREEMPT_DYNAMIC came with 5.12: Debian's 5.11 and 5.12 kernels say
	# "#1 SMP Debian ..." and "#1 SMP PREEMPT_DYNAMIC Debian ...".
	check "Debian style: no PREEMPT_DYNAMIC in 5.11's uname -v" \
		sh -c "'$kl' point --tree 5.11 --style debian 300 | grep -qxF 'uts_version=#1 SMP Debian 5.11.300-1 (2026-01-01)'"
	check "Debian style: PREEMPT_DYNAMIC in 5.12's uname -v" \
		sh -c "'$kl' point --tree 5.12 --style debian 300 | grep -qxF 'uts_version=#1 SMP PREEMPT_DYNAMIC Debian 5.12.300-1 (2026-01-01)'"
	check "a real Debian kernel's strings reproduced as given (custom style)" \
		sh -c "'$kl' point --tree 6.1 --release 6.1.0-27-amd64 \
			--uts-version '#1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01)' 115 |
			grep -qxF 'build_version=1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1'"
	# kver-lab point's own checks at their edges: 64 characters and every
	# character a release may hold, a build number that is a digit, the
	# characters make's shell would mangle, a tree that is only M.P, and a
	# style the given strings make custom.
	check "kver-lab point: a release of 64 characters, each kind it may hold" \
		"$kl" point --tree 6.1 --release "6.1.0-1~exp1+b1_$(printf '%048d' 0)" 300
	check "kver-lab point: --style custom with a release" \
		"$kl" point --tree 6.1 --style custom --release 6.1.0-27-amd64 300
	for bad in "--uts-version=#a SMP:does not start with '#' and a build number" \
		"--uts-version=#1 SMP/x y:has '/' before its last word" \
		"--tree=6.1-rc1:tree '6.1-rc1' is not MAJOR.PATCHLEVEL" \
		"--style=debian:make a custom style, not 'debian'"; do
		opt=${bad%%=*}
		val=${bad#*=}
		expect_fail "kver-lab point: $opt '${val%%:*}' is rejected" "${val#*:}" \
			"$kl" point --tree 6.1 --release 6.1.0-27-amd64 "$opt" "${val%%:*}" 300
	done
	long=$(printf '%065d' 6)
	for bad in "--release=:release string '' is empty" \
		"--release=$long:is 65 characters, more than the 64" \
		"--release=6.1.0 x:has ' ' at offset 5" \
		"--release=6.1.\$(id):has '[\$]' at offset 4" \
		"--release=6.1.0;rm:has ';' at offset 5" \
		"--uts-version=1 SMP:does not start with '#'" \
		"--uts-version=#1 \"quoted\" x:has '\"' at offset 3" \
		"--uts-version=#1 SMP (x) y:has '[(]' before its last word" \
		"--style=fedora:unknown release style 'fedora'"; do
		opt=${bad%%=*}
		val=${bad#*=}
		pattern=${val#*:}
		val=${val%%:*}
		expect_fail "lab/run.sh $opt '$val' is rejected before building" "$pattern" \
			sh lab/run.sh --trees 6.1 --out "$work/bad" "$opt" "$val" 300
	done
	tap_sub "verdicts of recorded boots" sh tests/lab/verdicts.sh
	# A part run beside the others (the lab's per-tree proofs) prints its
	# own numbers; tap_collect counts its results in this run's order.
	printf '%s\n' 'ok 7 a' '# seen' 'not ok 8 b' 'ok 9 c # SKIP why' >"$work/part.tap"
	check "tap_collect counts a part's results in order" sh -c "
		KVER_T= && . tests/tap.sh >/dev/null &&
			{ pass first; tap_collect '$work/part.tap'; tap_end part; } | tr '\n' '|' | grep -qxF 'ok 1 first|ok 2 a|# seen|not ok 3 b|ok 4 c # SKIP why|1..4|# part: 2 passed, 1 failed, 1 skipped|'"
	# Every tracked shell script: a .sh name or a sh shebang.
	git ls-files | while read -r f; do
		case $f in
		*.sh) echo "$f" ;;
		*) if [ -f "$f" ] && head -n 1 "$f" | grep -q '^#!.*\bsh\b'; then echo "$f"; fi ;;
		esac
	done >"$work/scripts"
	# shellcheck disable=SC2046 # one word per script
	check "shellcheck" shellcheck -x $(cat "$work/scripts")
}

# lab_negative_names TREE: the negative tests' names, in the order
# lab_negative runs them.
lab_negative_names() {
	echo "$1: a wrong expected version is a FAIL"
	echo "$1: a hung guest is reported as hung"
	echo "$1: the hung guest was stopped within 40 s (timeout 20 s)"
	echo "$1: a crashing probe is reported as crashed"
	echo "$1: a guest without a working /init is reported"
	echo "$1: a patch that does not apply is named"
}

# Negative tests reuse a kver image the lab built and booted well, in the
# upstream style: its release is the one its point.meta expected.
lab_negative() {
	tree=$1
	img=$2
	pdir=$3
	build=$(build_dir "$tree")
	good=$(sed -n 's/^expect=//p' "$pdir/point.meta")
	wrong=${good%.*}.$((${good##*.} + 1))
	neg() {
		d=$work/neg-$1
		rm -rf "$d"
		mkdir -p "$d"
		sed "s/^expect=.*/expect=$4/" "$pdir/point.meta" >"$d/point.meta"
		# boot.sh fails on a bad boot; the report below judges it.
		KVER_GEN_INIT_CPIO=$build/usr/gen_init_cpio KVER_BOOT_TIMEOUT=${5:-120} \
			sh lab/boot.sh "$img" "$2" "$3" "$4" "$d" || true
	}

	# Each boot runs only when a test that judges it passes the filter.
	lab_negative_names "$tree" >"$work/neg-names"
	{ read -r n1; read -r n2; read -r n3; read -r n4; read -r n5; read -r n6; } <"$work/neg-names"
	if tap_want "$n1"; then
		neg wrong "$top/build/probe/kver-probe" "$pdir/guest" "$wrong"
		expect_fail "$n1" \
			"uname_release: got '$good', expected a release starting with '$wrong'" \
			build/lab/kver-lab report "$work/neg-wrong"
	fi

	if tap_want "$n2" || tap_want "$n3"; then
		start=$(date +%s)
		neg hang "$top/build/tests/inits/hang" "$pdir/nothing" "$good" 20
		took=$(($(date +%s) - start))
		expect_fail "$n2" "guest hung after /init started: no exit within 20 s" \
			build/lab/kver-lab report "$work/neg-hang"
		echo "# the hung guest was stopped after ${took}s"
		if [ "$took" -le 40 ]; then pass "$n3"; else fail "$n3"; fi
	fi

	if tap_want "$n4"; then
		neg crash "$top/build/tests/inits/crash" "$pdir/nothing" "$good"
		expect_fail "$n4" "probe crashed: kernel panic: Attempted to kill init" \
			build/lab/kver-lab report "$work/neg-crash"
	fi

	if tap_want "$n5"; then
		printf 'not a program\n' >"$work/garbage-init"
		chmod +x "$work/garbage-init"
		neg noinit "$work/garbage-init" "$pdir/nothing" "$good"
		expect_fail "$n5" "kernel panicked before /init" \
			build/lab/kver-lab report "$work/neg-noinit"
	fi

	# A patch that does not apply names itself, the tree and the hunk.
	mkdir -p "$work/badseries"
	cp tests/lab/0001-does-not-apply.patch "$work/badseries/"
	echo 0001-does-not-apply.patch >"$work/badseries/series"
	expect_fail "$n6" \
		"patch 0001-does-not-apply.patch does not apply to linux-source-$tree .*Makefile: Hunk #1 FAILED" \
		sh lab/prepare.sh "$tree" "$work/badseries"
}

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
	sed 's/#.*//' "$work/mask/series" | while read -r p; do
		[ -z "$p" ] ||
			{ echo "kver test copy $(date +%s%N)"; cat "$top/patches/variants/mask/$tree/$p"; } >"$work/mask/$p"
	done
	# recorded: whether mainline's folder records its steps and what its
	# top Makefile exports, for its last key.
	recorded() {
		_k=$(sed -n 1p "$build/.kver-fast" 2>/dev/null)
		[ "$(sed -n 1p "$build/.kver-made-env" 2>/dev/null)" = "# $_k" ] &&
			[ "$(sed -n 1p "$build/.kver-replay.mk" 2>/dev/null)" = "# $_k" ]
	}
	if ! prep "$top/patches/variants/mainline"; then
		why="switching to mainline failed"
	elif ! recorded; then
		# The walk must be at another version than the folder's last
		# build, or it compiles nothing and learns no steps.
		walk=308
		[ "$(cat "$build/.kver-release" 2>/dev/null)" != "$tree.308" ] || walk=310
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

# The names of the lab's tests, one a line, for the name filter. The
# negative tests run on the first tree only.
lab_names() {
	echo "lab tools and test inits build"
	echo "the lab left the machine's apt setup, packages and /lib/modules as they were"
	echo "variant matrix equals tests/expected-matrix.txt"
	for t in $KVER_TREES; do
		echo "$t: kver series at every default SUBLEVEL: every probe check, KUnit case and guest test ok"
		echo "$t: Debian-style pristine tree at 300: libbpf's kernel version is wrong"
		echo "$t: the series' KUnit suite and kselftest fail with the clamp removed"
	done
	lab_negative_names "${KVER_TREES%% *}"
	for t in $KVER_TREES; do
		echo "$t: a version-only point is bit for bit Kbuild's whole make"
		echo "$t: a version-only point whose replay fails is built by the whole make"
		echo "$t: a design switched back to builds version-only in its own folders"
		echo "$t: a design switch that changes only the version's rules builds version-only"
	done
}

# lab_matrix_tests: the tests that read one matrix run.
lab_matrix_tests() {
	# One run builds and boots every design on every tree at the default
	# points (the tree's own SUBLEVEL, 255, 256, 300, 65535): the kver rows
	# are the series' proof, the whole matrix is compared with the expected
	# verdicts, and the negative tests reuse a kver image.
	m=$work/matrix
	need "variant matrix equals tests/expected-matrix.txt" \
		sh matrix/run.sh --trees "$KVER_TREES" --out "$m"
	sed -n '/^TREE\|^tree\|matrix/p' "$work/last.log" | head -n 60 | sed 's/^/# /'
	first=
	for tree in $KVER_TREES; do
		set -- "$m/boots/$tree"-kver-*
		n="$tree: kver series at every default SUBLEVEL: every probe check, KUnit case and guest test ok"
		if ! tap_want "$n"; then
			:
		elif [ -d "$1" ]; then
			check "$n" build/lab/kver-lab report --json "$m/kver-$tree.json" "$@"
			sed -n '/^TREE/,$p' "$work/last.log" | head -n 40 | sed 's/^/# /'
		else
			fail "$tree: the matrix run left no kver boot folders"
		fi
		[ -n "$first" ] || first=$tree
	done
	# The gap the series closes, on a kernel named as Debian names it: the
	# pristine tree's libbpf takes the wrong version there. A libbpf with
	# no Debian parser (6.1's, 5.10's) reads the release there, with or
	# without the series, and its proof reports that as a skip with the
	# reason.
	for tree in $KVER_TREES; do
		n="$tree: Debian-style pristine tree at 300: libbpf's kernel version is wrong"
		if ! grep -q 'Debian ' "$(pristine_dir "$tree")/tools/lib/bpf/libbpf_probes.c" 2>/dev/null; then
			! tap_want "$n" || tap_line skip "$n" "this tree's libbpf has no Debian parser: it reads the release"
			continue
		fi
		expect_fail "$n" \
			"libbpf-kversion.*not ok|not ok.*libbpf-kversion" \
			build/lab/kver-lab report "$m/boots/$tree-mainline-debian-300"
	done
	pdir=$m/boots/$first-kver-256
	if [ -f "$pdir/bzImage" ]; then
		lab_negative "$first" "$pdir/bzImage" "$pdir"
	else
		fail "$first: no image to run the negative tests on"
	fi
}

# lab_negative_alone TREE: the negative tests on one kver point of their own.
lab_negative_alone() {
	pdir=$work/point/$1-kver-256
	need "$1: a kver point at 256 for the negative tests" \
		sh lab/run.sh --trees "$1" --out "$work/point" 256
	if [ -f "$pdir/bzImage" ]; then
		lab_negative "$1" "$pdir/bzImage" "$pdir"
	else
		fail "$1: no image to run the negative tests on"
	fi
}

lab_tests() {
	lab_names >"$work/lab-names"
	wanted=
	while read -r n; do
		if tap_want "$n"; then wanted=1; fi
	done <"$work/lab-names"
	[ -n "$wanted" ] || return 0
	echo "# lab tests (QEMU)"
	need "lab tools and test inits build" make -s tools
	# Whatever the lab runs below, the machine's apt and kernel modules
	# stay as they were; the trees of another suite are fetched again
	# here with fresh lists (apt-get update through the lab's own state).
	host_n="the lab left the machine's apt setup, packages and /lib/modules as they were"
	sh tests/lab/host-state.sh >"$work/host.before"
	if tap_want "$host_n"; then
		for tree in $KVER_TREES; do
			[ -z "$(tree_suite "$(tree_base "$tree")")" ] ||
				KVER_APT_MAX_AGE=0 sh lab/fetch.sh "$tree" >>"$work/host-fetch.log" 2>&1 ||
				echo "# fetching $tree failed: $(tail -n 1 "$work/host-fetch.log")"
		done
	fi
	# The version-only proofs build on no matrix run, and the negative
	# tests need only one kver point: asked alone, they run alone.
	lab_negative_names "${KVER_TREES%% *}" >"$work/neg-names"
	matrix_wanted=
	neg_wanted=
	while read -r n; do
		if ! tap_want "$n"; then
			continue
		elif grep -qxF -- "$n" "$work/neg-names"; then
			neg_wanted=1
		else
			case $n in
			"lab tools"* | *"a version-only point"* | *"a design switch"* | *"with the clamp removed") ;;
			*) matrix_wanted=1 ;;
			esac
		fi
	done <"$work/lab-names"
	if [ -n "$matrix_wanted" ]; then
		lab_matrix_tests
	elif [ -n "$neg_wanted" ]; then
		lab_negative_alone "${KVER_TREES%% *}"
	fi
	# The series' tests can fail: on the unfixed design (nothing clamped)
	# with the series' test patches, at 300 (and 5.10's own 262), the
	# KUnit suite and the kselftest fail (tests/series/fail-on-broken.sh);
	# that they pass on the kver series is the matrix's kver rows.
	for tree in $KVER_TREES; do
		check "$tree: the series' KUnit suite and kselftest fail with the clamp removed" \
			sh tests/series/fail-on-broken.sh --only broken --out "$work/fob-$tree" "$tree"
	done
	# Each tree's version-only proofs use its own folders: the trees run
	# side by side (a whole make's walk of the tree is serial), each into
	# a work folder of its own, and their results are counted in order.
	for tree in $KVER_TREES; do
		(
			# shellcheck disable=SC2030 # the subshell's own folder
			work=$work/$tree
			mkdir -p "$work"
			lab_fast_point "$tree"
			lab_replay_fallback "$tree"
			lab_shelf "$tree"
			lab_switch "$tree"
			: >"$work/finished"
		) >"$work/versions-$tree.tap" 2>&1 &
	done
	wait
	# shellcheck disable=SC2031 # this shell's folder
	for tree in $KVER_TREES; do
		tap_collect "$work/versions-$tree.tap"
		# A part that stopped on an error (set -e) says so.
		[ -f "$work/$tree/finished" ] ||
			tap_line "not ok" "$tree: the version-only proofs stopped before their end"
	done
	# git am, checkpatch --strict and the build after every patch take a
	# git copy of each tree: 'make series-check', outside this command.
	# shellcheck disable=SC2031 # this shell's folder
	check "$host_n" sh -c "sh tests/lab/host-state.sh | diff '$work/host.before' -"
}

case $what in
--host) host_tests ;;
--lab) lab_tests ;;
all) host_tests; lab_tests ;;
esac

tap_end "kver tests"
