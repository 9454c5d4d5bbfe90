#!/bin/sh
# shellcheck source-path=SCRIPTDIR/../../lab
# plan-glue.sh: lab/build.sh and lab/prepare.sh, the glue around kver-lab
# plan, on a stand-in kernel tree (tests/lab/fakekernel: a Makefile that
# keeps what the glue relies on of Kbuild, no compiler), in a cache of its
# own: each path a point can take, what it learns for the next one, the
# series switches, the fallbacks, a refusal; each point's image checked
# against the whole make's. KTAP on stdout (tests/tap.sh).
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
KVER_TOP=$(CDPATH='' cd -- "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/kver-plan-glue.XXXXXX")
trap 'rm -rf "$work"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
KVER_CACHE=$work/cache
export KVER_TOP KVER_CACHE
. "$KVER_TOP/lab/common.sh"
# shellcheck source=SCRIPTDIR/../tap.sh
. "$KVER_TOP/tests/tap.sh"
unset KCFLAGS KVER_FAST KVER_REPLAY KVER_SERIES_CONFIG KVER_LOCKED
export KVER_CCACHE=0 KVER_JOBS=2 KBUILD_BUILD_VERSION=1 KBUILD_BUILD_VERSION_TIMESTAMP=2026-01-01
lab=$KVER_TOP/build/lab/kver-lab
tree=6.1
build=$(build_dir "$tree")
mkdir -p "$(pristine_dir "$tree")"
cp -R "$here/fakekernel/." "$(pristine_dir "$tree")/"
printf 'package=6.1.999-1\nmakefile=6.1.0\n' >"$(pristine_dir "$tree")/.kver-tree"

# series NAME FILE OLD NEW: a series folder whose one patch changes line OLD
# of FILE into NEW (NAME base: no patch).
series() {
	mkdir -p "$work/$1"
	[ "$1" != base ] || { : >"$work/$1/series"; return; }
	echo 0001.patch >"$work/$1/series"
	printf -- '--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-%s\n+%s\n' "$2" "$2" "$3" "$4" >"$work/$1/0001.patch"
}
series base
series lib lib/x.c '/* lib/x.c of the stand-in kernel */' '/* lib/x.c, patched */'
series init init/version.c '/* init/version.c of the stand-in kernel */' '/* init/version.c, patched */'
series hdr include/linux/foo.h '/* include/linux/foo.h of the stand-in kernel */' '/* include/linux/foo.h, patched */'
series make Makefile '# A stand-in for the kernel'"'"'s top Makefile, for the lab'"'"'s build glue' \
	'# A stand-in for the top Makefile, for the build glue'
prep() { with_lock "$tree" sh "$KVER_TOP/lab/prepare.sh" "$tree" "$work/$1" >>"$work/log" 2>&1; }

# point SUBLEVEL [MAKE_VAR...]: lab/build.sh at SUBLEVEL, its messages in
# $work/log; point_ok NAME KIND PATTERN SUBLEVEL...: a point that must take
# the path KIND and say PATTERN.
point() {
	_s=$1
	shift
	: >"$work/log"
	with_lock "$tree" sh "$KVER_TOP/lab/build.sh" "$tree" "$_s" "$work/h" "$@" >"$work/log" 2>&1
}
point_ok() {
	_n=$1
	_k=$2
	_p=$3
	shift 3
	if ! point "$@"; then
		sed 's/^/# /' "$work/log"
		fail "$_n (the point failed)"
	elif [ "$("$lab" plan show "$build" kind)" != "$_k" ] || ! grep -q -- "$_p" "$work/log"; then
		sed 's/^/# /' "$work/log"
		fail "$_n (not $_k, or no '$_p')"
	else
		pass "$_n"
	fi
}
# whole_same NAME SUBLEVEL: Kbuild's whole make at the point just built
# compiles no object again (but the boot image's) and leaves the same
# vmlinux, bzImage and linux/version.h.
whole_same() {
	sha256sum "$build/vmlinux" "$build/arch/x86/boot/bzImage" "$work/h/include/linux/version.h" >"$work/sha"
	if ! KVER_FAST=0 point "$2"; then
		sed 's/^/# /' "$work/log"
		fail "$1 (the whole make failed)"
	elif grep '^  CC ' "$build/.kver-build.log" | grep -v ' arch/x86/boot/' >"$work/again"; then
		fail "$1 (the whole make built again: $(tr '\n' ' ' <"$work/again"))"
	elif ! sha256sum "$build/vmlinux" "$build/arch/x86/boot/bzImage" "$work/h/include/linux/version.h" |
		cmp -s - "$work/sha"; then
		fail "$1 (another image than the whole make's)"
	else
		pass "$1"
	fi
}
# verdict NAME CHECK [ARG...] [CHECK [ARG...]]...: NAME passes when every
# check does (has FILE PATTERN: a line of the build folder's FILE matches;
# gone FILE: no such file; is NAME VALUE: the record's NAME is VALUE; same A B).
verdict() {
	_n=$1
	shift
	_ok=1
	while [ $# -gt 0 ]; do
		case $1 in
		has) grep -q -- "$3" "$build/$2" || _ok=; shift 3 ;;
		gone) [ ! -e "$build/$2" ] || _ok=; shift 2 ;;
		is) [ "$("$lab" plan show "$build" "$2")" = "$3" ] || _ok=; shift 3 ;;
		same) [ "$2" = "$3" ] || _ok=; shift 3 ;;
		*) echo "verdict: no check $1" >&2; exit 2 ;;
		esac
	done
	if [ -n "$_ok" ]; then pass "$_n"; else fail "$_n"; fi
}

prep base
point_ok "a new build folder is the full build" full "(full build" 300
verdict "the full build learns the version's directories" is dirs "init kernel"
point_ok "the next point walks the version's directories" version-only "version only: 2 directories" 301
verdict "the walk learns its steps and the probes' outcome" \
	is steps "$("$lab" plan show "$build" key)" has .kver-replay.mk '^REPLAY_LEAN := 1$'
verdict "a step whose command names the version is Kbuild's to make again" \
	has .kver-replay.mk '^REPLAY_KBUILD := init/kunit.o$'
point_ok "the point after it replays the steps" replayed "version only: [0-9]* steps replayed" 302
verdict "the replay gives the steps what the compiler probes decided" has vmlinux 'retpoline: -mprobed'
verdict "the replay makes the version's command again" has init/kunit.o 'MAKEFILE_SUBLEVEL=302'
whole_same "a replayed point is the whole make's, bit for bit" 302
export KCFLAGS=-O1
point_ok "KCFLAGS in the environment is part of the key: the whole make" incremental \
	"the environment's KCFLAGS changed" 303
verdict "KCFLAGS reaches every object" has lib/x.o 'flags: .* -O1' has vmlinux 'flags: .* -O1'
# A walk at the version the folder has compiles nothing: no steps, said.
point_ok "a walk that learns no steps says so" version-only \
	"no steps learned from this point: the make wrote no new release" 303
point 304 || true
verdict "a walk at a new version learns its steps" has .kver-replay.mk '^REPLAY_STEPS :='
printf '%s\n' 'REPLAY_STEPS += kver/no-such.o' 'kver-replay/kver/no-such.o: kver-replay-headers' >>"$build/.kver-replay.mk"
point_ok "a replay that fails is named and the whole make builds the point" incremental \
	"SUBLEVEL=305: the replayed steps failed.*the whole make instead" 305
verdict "the failed replay's steps are dropped, the point is at 305" \
	gone .kver-replay.mk is release 6.1.305 has vmlinux 6.1.305
unset KCFLAGS

# Series switches (lab/prepare.sh records what changed). lib/x.o was
# compiled again at 303 (KCFLAGS) without CCACHE_DISABLE: its .cmd file
# names lib/x.c as ccache writes it, ../src/lib/x.c.
verdict "the stand-in names a file as ccache does after the full build" \
	has lib/.x.o.cmd '^source_lib/x.o := \.\./src/lib/x.c$'
point 306 || fail "the point at 306 failed"
prep lib
point_ok "a switch of a file outside the version's directories is the whole make" incremental \
	"the series switch needs the whole make: lib/x.o depends on a changed file" 307
verdict "the object of a file named as ../src/FILE is made again" has lib/x.o 'lib/x.c, patched'
# A header is named only in the dependencies: as ../src/FILE by now.
prep hdr
point_ok "a switch of a header read outside the version's directories is the whole make" incremental \
	"the series switch needs the whole make: drivers/foo/bar.o depends on a changed file" 308
verdict "the object of a header named as ../src/FILE is made again" \
	has drivers/foo/bar.o 'foo.h, patched' has kernel/fork.o 'foo.h, patched'
prep base
point_ok "a series back from the shelf walks the version's directories" version-only \
	"only the version changed since the last build" 309
prep init
point_ok "a switch of files of the version's directories walks them" version-only \
	"changes only files of the version's directories: no whole make" 310
verdict "the walk makes the changed file's object again" has init/version.o 'init/version.c, patched'
whole_same "the switch's walk is the whole make's, bit for bit" 310
prep base
point 311 || fail "the point at 311 failed"
prep make
point_ok "a switch of the top Makefile alone replays the steps learned before" replayed \
	"changes only the top Makefile's version rules: no whole make" 312
whole_same "the switch's replay is the whole make's, bit for bit" 312

# The knobs, a refusal, a question.
export KVER_REPLAY=0
point_ok "KVER_REPLAY=0 walks instead of replaying" version-only "KVER_REPLAY=0" 313
unset KVER_REPLAY
export KVER_FAST=0
point_ok "KVER_FAST=0 is the whole make" incremental "KVER_FAST=0" 314
unset KVER_FAST
# A top Makefile whose probes a replay cannot leave out: the steps are
# learned all the same, said, and replayed with the probes.
rm -f "$build/.kver-replay.mk"
export STAND_IN_NO_LEAN=1
point_ok "a walk whose probes cannot be left out says so" version-only \
	"the replays read the whole top Makefile: STAND_IN_LEAN_ONLY is exported only without" 315
point_ok "its steps are replayed with the probes" replayed "steps replayed" 316
whole_same "a replay with the probes is the whole make's, bit for bit" 316
unset STAND_IN_NO_LEAN
rc=0
point 317 bzImage || rc=$?
tap_status "a word that is no make variable is refused" '!0' "$rc" \
	"'bzImage' is not a make variable \(NAME=VALUE\)" "$work/log"
out=$(sh "$KVER_TOP/lab/build.sh" --explain "$tree" 317 2>&1) || true
# 315's walk learned the steps; 316's whole make kept them (the same key).
echo "# $out"
verdict "--explain says the path and builds nothing" is release 6.1.316 same "$out" \
	"$tree: replayed (incremental, version only: 6 steps replayed): only the version changed since the last build, and its steps are known"
tap_end "build planner on a stand-in kernel"
