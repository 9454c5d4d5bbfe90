#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../../lab
# fail-on-broken.sh [--only broken|fixed] [--variant NAME] [--out DIR] TREE [SUBLEVEL...]
#
# The proof that the series' tests can fail: the KUnit suite linux_version
# and the version kselftest, as the tree's series carries them, are applied
# on top of a kernel whose clamp is removed (the matrix's design
# patches/variants/NAME/TREE/, 'unfixed' by default: the 2020 version.h,
# nothing clamped), built and booted by the lab at each SUBLEVEL (default
# 300, and the tree's own SUBLEVEL when it is past 255), and both must
# fail there, each of their cases that reads the version code; then the
# tree's whole kver series at the same points, where both must pass. The
# lab's KTAP reader (kver-lab ktap --test) gives each result.
#
# Only the kselftest guest plugin runs (KVER_PLUGINS). The boot folders go
# to DIR (default $KVER_CACHE/TREE/fail-on-broken). Exit status 0 when
# every result is the expected one; otherwise one line on stderr names
# the point, the kernel and the test.
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
KVER_TOP=$(CDPATH='' cd -- "$here/../.." && pwd)
# shellcheck source=SCRIPTDIR/../../lab/common.sh
. "$KVER_TOP/lab/common.sh"

usage() {
	echo "usage: ${0##*/} [--only broken|fixed] [--variant NAME] [--out DIR] TREE [SUBLEVEL...]"
}
only=
variant=unfixed
out=
while [ $# -gt 0 ]; do
	case $1 in
	--only | --variant | --out)
		[ $# -ge 2 ] || { usage >&2; die "$1 needs a value"; }
		case $1 in
		--only) only=$2 ;;
		--variant) variant=$2 ;;
		--out) out=$2 ;;
		esac
		shift 2
		;;
	-h | --help) usage; exit 0 ;;
	-*) usage >&2; die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || { usage >&2; exit 2; }
tree=$1
shift
check_tree "$tree"
case $only in '' | broken | fixed) ;; *) die "--only takes broken or fixed, not '$only'" ;; esac
vdir=$KVER_TOP/patches/variants/$variant/$tree
sdir=$KVER_TOP/patches/$tree
[ -f "$vdir/series" ] || die "no design $variant for $tree ($vdir/series)"
[ -f "$sdir/series" ] || die "no kver series for $tree ($sdir/series)"
make -s -C "$KVER_TOP" tools >/dev/null || die "building kver-lab failed"
kl=$KVER_TOP/build/lab/kver-lab
points=$*
if [ -z "$points" ]; then
	points=300
	own=$(sed -n 's/^SUBLEVEL = *//p' "$(pristine_dir "$tree")/Makefile")
	[ "${own:-0}" -le 255 ] || [ "$own" = 300 ] || points="$own 300"
fi
for p in $points; do "$kl" sublevels "$p" >/dev/null || exit 2; done
[ -n "$out" ] || out=$(tree_dir "$tree")/fail-on-broken
mkdir -p "$out"
out=$(CDPATH='' cd -- "$out" && pwd)

# The broken kernel's series: the design's patches, then those of the kver
# series that add the two tests (they touch init/tests/ or
# tools/testing/selftests/), with the kver series' Kconfig fragment.
bdir=$out/series-$variant
rm -rf "$bdir"
mkdir -p "$bdir"
list=$(series_patches "$vdir") || exit 1
for p in $list; do
	cp "$vdir/$p" "$bdir/"
	echo "$p" >>"$bdir/series"
done
n=0
list=$(series_patches "$sdir") || exit 1
for p in $list; do
	if grep -q '^+++ b/\(init/tests/\|tools/testing/selftests/\)' "$sdir/$p"; then
		n=$((n + 1))
		cp "$sdir/$p" "$bdir/test-$n.patch"
		echo "test-$n.patch" >>"$bdir/series"
	fi
done
[ "$n" -gt 0 ] || die "$sdir/series has no patch that adds a test"
[ ! -f "$sdir/config" ] || cp "$sdir/config" "$bdir/config"

bad=0
# result KIND POINT WHAT TEST WANT: the status of TEST in the point's
# serial log must be WANT (0 passed, 1 failed); says so on stdout, or on
# stderr.
result() {
	_log=
	for _f in "$out/$1/$tree"-*-"$2"/serial.log; do
		[ -f "$_f" ] && _log=$_f
	done
	if [ -z "$_log" ]; then
		echo "${0##*/}: error: $tree at $2 ($1): no serial log in $out/$1" >&2
		bad=1
		return
	fi
	_rc=0
	_line=$("$kl" ktap --test "$4" "$_log") || _rc=$?
	if [ "$_rc" = "$5" ]; then
		printf 'ok   %s at %s, %s: %s\n' "$tree" "$2" "$3" "$_line"
	else
		echo "${0##*/}: error: $tree at $2, $3: $4 should $( [ "$5" = 0 ] && echo pass || echo fail): $_line" >&2
		bad=1
	fi
}

# run KIND SERIES: the lab's run of SERIES at the points into out/KIND. A
# kernel that does not build or boot stops the proof (a test that cannot
# run proves nothing).
run() {
	rm -rf "${out:?}/$1"
	_rc=0
	# shellcheck disable=SC2086 # one word per point
	KVER_PLUGINS=kselftest sh "$KVER_TOP/lab/run.sh" --trees "$tree" --series "$2" \
		--out "$out/$1" $points >"$out/$1.log" 2>&1 || _rc=$?
	for p in $points; do
		for _f in "$out/$1/$tree"-*-"$p"/serial.log; do
			[ -f "$_f" ] ||
				die "$tree at $p ($1): the lab built or booted nothing (status $_rc, log: $out/$1.log)"
		done
	done
}

if [ "$only" != fixed ]; then
	say "$tree: the tests on the $variant design (clamp removed) at $points"
	run broken "$bdir"
	for p in $points; do
		what="clamp removed ($variant)"
		result broken "$p" "$what" linux_version 1
		for c in linux_version_code_test kernel_version_test vdso_note_test; do
			result broken "$p" "$what" "$c" 1
		done
		result broken "$p" "$what" guest:kselftest/version_test.t 1
		result broken "$p" "$what" global.vdso_note 1
		result broken "$p" "$what" global.uname26 1
		result broken "$p" "$what" guest:kselftest/runner.t 1
	done
fi
if [ "$only" != broken ]; then
	say "$tree: the tests on the kver series at $points"
	run fixed kver
	for p in $points; do
		what="the kver series"
		result fixed "$p" "$what" linux_version 0
		result fixed "$p" "$what" guest:kselftest/version_test.t 0
		result fixed "$p" "$what" guest:kselftest/runner.t 0
	done
fi
[ "$bad" = 0 ] || exit 1
