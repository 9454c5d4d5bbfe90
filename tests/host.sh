# shellcheck shell=sh disable=SC2154 # top, work: tests/run.sh's
# host.sh: host_tests, the host part of make check (make check-host): every
# part's own tests, the lab's checks of its input, shellcheck. Sourced by
# tests/run.sh, whose helpers (check, need, expect_fail) and work, top
# and kl it uses.

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
	tap_sub kver-audit make -s -C audit check
	tap_sub "layers: each part includes only the parts below it" sh tests/layers.sh
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
	for bad in "5.10.262 46 5.10.999-1 2026-07-31" "5.10.262 46 5.10.2621 2026-07-31" "5.10.262 46 5.10.262-1 2026-7-31" \
		"5.10.262 46 5.10.262-1 2026-07.31"; do
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
	# One reader of a series file (lab/common.sh series_patches): quilt's
	# comments and blank lines, a name without its patch refused.
	mkdir -p "$work/series"
	printf '# head\n0001-a.patch # why\n\n  \n0002-b.patch\n' >"$work/series/series"
	: >"$work/series/0001-a.patch"
	: >"$work/series/0002-b.patch"
	# shellcheck disable=SC2016 # expanded by the inner shell
	check "a series file's patches, comments and blank lines left out" \
		sh -c '. lab/common.sh && [ "$(series_patches "$1" | tr "\n" " ")" = "0001-a.patch 0002-b.patch " ]' \
		sh "$work/series"
	rm "$work/series/0002-b.patch"
	# shellcheck disable=SC2016 # expanded by the inner shell
	expect_fail "a series file that names a missing patch is refused" \
		"series .*/series names 0002-b.patch, which does not exist" \
		sh -c '. lab/common.sh && list=$(series_patches "$1") || exit 1; echo "$list"' sh "$work/series"
	tap_sub "verdicts of recorded boots" sh tests/lab/verdicts.sh
	# The build planner's glue (lab/build.sh, lab/prepare.sh) on a stand-in
	# kernel tree, in a cache of its own: every path, switch and fallback.
	tap_sub "build planner on a stand-in kernel" sh tests/lab/plan-glue.sh
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
