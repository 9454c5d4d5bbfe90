#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# lab-point.sh [TREE]: what one more SUBLEVEL point costs in the lab, in one
# run on one tree (default 6.1), against two yardsticks:
#
#   lab      lab/run.sh for KVER_BENCH_POINTS (4) further points in one run
#            (prepare, build, headers, guest plugins, initramfs, boot,
#            verdict), after one point that fills the plugins' caches; per
#            point amortised (the wall time over the points, as a matrix run
#            pays it) and, from point.meta, one point's build, plugins, boot
#   floor    the physical floor of a point: compiling only the objects
#            whose Kbuild .cmd files list version.h, utsrelease.h or
#            compile.h among their dependencies (for a new version in those
#            headers, so ccache hits and misses as in the lab), then the
#            vmlinux.o and vmlinux links and the bzImage steps after them,
#            each with the command Kbuild saved for it and the environment
#            Kbuild gives it, no Kbuild walk (lab/replay.mk, timed by
#            bench/floor.mk)
#   kunit.py the kernel's own runner's SUBLEVEL cycle on the same source:
#            kunit.py run --make_options SUBLEVEL=N (its default
#            kunitconfig and architecture, its own build folder: rebuild,
#            boot, parse), after one run that builds its kernel
#
# and prints lab/floor (target <= 1.5) and lab/kunit.py (target <= 0.6).
# Every run uses SUBLEVELs no earlier run built (KVER_BENCH_SUBLEVEL, the
# first of them, sets them), so compiles miss the compiler cache as a new
# point's do.
# It works in the lab's own cache (a missing build folder is built first,
# not timed). KVER_BENCH_FULL=1 also times a full build of a new build
# folder, in a cache of its own ($KVER_CACHE/bench, compiler cache
# included, so the build is cold) and measures the points there.
set -eu
. "$(dirname -- "$0")/../lab/common.sh"

tree=${1:-6.1}
check_tree "$tree"
npoints=${KVER_BENCH_POINTS:-4}
case $npoints in '' | *[!0-9]* | 0) die "KVER_BENCH_POINTS must be a number above 0, not '$npoints'" ;; esac
main_cache=$KVER_CACHE
top=$KVER_TOP
now() { date +%s.%N; }
secs() { echo "$1 $2" | awk '{ printf "%.1f", $2 - $1 }'; }

# Host tools first: the SUBLEVEL check needs kver-lab, and nothing is built
# for a bad SUBLEVEL.
make -s -C "$top" tools >/dev/null || die "building kver's host tools failed"
# SUBLEVELs not built before: a point of an earlier run would find its
# objects in the compiler cache, as a new point does not. The lab's one
# SUBLEVEL check (kver-lab sublevels) says what is wrong with a bad one.
first=${KVER_BENCH_SUBLEVEL:-$(($(date +%s) % 50000 + 1000))}
err=$("$top/build/lab/kver-lab" sublevels "$first" 2>&1 >/dev/null) ||
	die "KVER_BENCH_SUBLEVEL: ${err#kver-lab: error: }"
[ "$((first + npoints + 1))" -le 65535 ] || die "KVER_BENCH_SUBLEVEL $first leaves no room for $npoints points below 65536"
sh "$top/lab/fetch.sh" "$tree"
full=
if [ "${KVER_BENCH_FULL:-0}" = 1 ]; then
	bench_cache=$main_cache/bench
	mkdir -p "$bench_cache/$tree"
	# The unpacked tree is shared with the lab's cache, nothing else.
	[ -e "$bench_cache/$tree/pristine" ] || ln -s "$main_cache/$tree/pristine" "$bench_cache/$tree/pristine"
	export KVER_CACHE="$bench_cache"
	rm -rf "$(build_dir "$tree")" "$bench_cache/ccache" "$bench_cache/$tree/guest-work"
	with_lock "$tree" sh "$top/lab/prepare.sh" "$tree" "$top/patches/$tree"
	say "bench: full build of $tree (cold: new build folder, empty compiler cache)"
	cfg=
	[ -f "$top/patches/$tree/config" ] && cfg=$top/patches/$tree/config
	t0=$(now)
	KVER_SERIES_CONFIG=$cfg with_lock "$tree" sh "$top/lab/build.sh" "$tree" 255 "$bench_cache/$tree/headers"
	full=$(secs "$t0" "$(now)")
fi
src=$(src_dir "$tree")
build=$(build_dir "$tree")
kunit_build=$(tree_dir "$tree")/kunit-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The lab: one point to fill the plugins' caches, then the measured run.
say "bench: lab, first point (SUBLEVEL=$first, fills the plugin caches)"
sh "$top/lab/run.sh" --trees "$tree" --out "$work/lab-first" "$first" >"$work/lab-first.log" 2>&1 ||
	{ tail -n 20 "$work/lab-first.log" >&2; die "the lab point SUBLEVEL=$first failed"; }
set --
i=0
while [ "$i" -lt "$npoints" ]; do
	set -- "$@" $((first + 1 + i))
	i=$((i + 1))
done
say "bench: lab, $npoints further points in one run ($*)"
t0=$(now)
sh "$top/lab/run.sh" --trees "$tree" --out "$work/lab" "$@" >"$work/lab.log" 2>&1 ||
	{ tail -n 20 "$work/lab.log" >&2; die "the lab run at $* failed"; }
lab_run=$(secs "$t0" "$(now)")
lab=$(echo "$lab_run $npoints" | awk '{ printf "%.1f", $1 / $2 }')
# meta KEY: a point.meta figure, averaged over the measured points.
meta() {
	cat "$work"/lab/"$tree"-kver-*/point.meta | sed -n "s/^$1=//p" |
		awk '{ s += $1; n++ } END { if (n) printf "%.1f", s / n }'
}

# The floor, on the same build folder as the lab left it, under the
# tree's lock (it writes the version headers and the images).
fl=$work/floor.mk.in
last=$((first + npoints))
floor_run() {
	(cd "$build" && grep -rlE --include='.*.o.cmd' \
		'include/generated/(uapi/linux/version|utsrelease|compile|utsversion)\.h' .) |
		sed -n 's|^\./\(.*/\)*\.\([^/]*\.o\)\.cmd$|\1\2|p' | LC_ALL=C sort >"$work/floor.objs"
	[ -s "$work/floor.objs" ] || die "no object in $build depends on the version headers (.cmd files)"
	# The steps after the objects, in the order the lab's last make ran
	# them: the links, then every bzImage step newer than vmlinux, each
	# by the name its .cmd file gives it (compressed/../voffset.h).
	(cd "$build" && find arch/x86/boot -name '.*.cmd' | while IFS= read -r f; do
		t=$(echo "$f" | sed 's|/\.\([^/]*\)\.cmd$|/\1|')
		name=$(sed -n '1s/^\(saved\)\{0,1\}cmd_\([^ ]*\) := .*/\2/p' "$f")
		[ ! -e "$t" ] || [ -z "$name" ] || printf '%s %s\n' "$(stat -c %.9Y "$t")" "$name"
	done | sort -n | awk -v vm="$(stat -c %.9Y vmlinux)" '$1 > vm { print $2 }') >"$work/floor.boot"
	grep -q 'bzImage$' "$work/floor.boot" || die "no bzImage step newer than vmlinux in $build"
	# In lab/replay.mk's form: the objects side by side, then each step
	# after the one before it.
	{
		echo "FLOOR_OBJS := $(tr '\n' ' ' <"$work/floor.objs")"
		echo "REPLAY_STEPS := \$(FLOOR_OBJS) vmlinux.o vmlinux $(tr '\n' ' ' <"$work/floor.boot")"
		sed 's|.*|kver-replay/&: kver-floor-start|' "$work/floor.objs"
		prev=kver-floor-objs
		for t in vmlinux.o vmlinux $(cat "$work/floor.boot"); do
			echo "kver-replay/$t: $prev"
			prev=kver-replay/$t
		done
	} >"$fl"
	# A new version in the headers, as the next point would write them:
	# the objects that really use it miss ccache, the others hit it, as
	# in the lab. The lab's next point writes them again.
	sed -i "s/^#define LINUX_VERSION_SUBLEVEL $last\$/#define LINUX_VERSION_SUBLEVEL $((last + 1))/" \
		"$build/include/generated/uapi/linux/version.h"
	sed -i "s/\.$last\"\$/.$((last + 1))\"/" "$build/include/generated/utsrelease.h"
	grep -q "\.$((last + 1))\"" "$build/include/generated/utsrelease.h" ||
		die "$build/include/generated/utsrelease.h does not say $tree.$last"
	CCACHE_DIR=${CCACHE_DIR:-$KVER_CACHE/ccache} CCACHE_BASEDIR=$KVER_CACHE \
		kbuild_make "$(src_dir "$tree")" "$build" -s -f Makefile -f "$top/lab/replay.mk" \
		-f "$top/bench/floor.mk" REPLAY_LIST="$fl" REPLAY_AFTER=kver-floor-start FLOOR_TIMES="$work/floor.times" ARCH=x86_64 SUBLEVEL=$last \
		CC="ccache gcc" -j"$(nproc)" kver-floor >"$work/floor.log" 2>&1 ||
		{ tail -n 20 "$work/floor.log" >&2; die "replaying the floor's commands failed (log above)"; }
}
say "bench: floor (version objects, links, bzImage by Kbuild's saved commands)"
# flock runs programs, not shell functions: the lock is taken on a file
# descriptor of a subshell instead.
(
	exec 8>"$(tree_dir "$tree")/.lock"
	flock 8
	floor_run
)
floor_compile=$(awk 'NR == 1 { a = $1 } NR == 2 { b = $1 } END { printf "%.1f", b - a }' "$work/floor.times")
floor=$(awk 'NR == 1 { a = $1 } END { printf "%.1f", $1 - a }' "$work/floor.times")

# kunit.py: one run builds its kernel, the next changes only SUBLEVEL.
kunit_run() {
	(cd "$src" && python3 tools/testing/kunit/kunit.py run --build_dir="$kunit_build" \
		--jobs="$(nproc)" --make_options "SUBLEVEL=$1" --make_options "CC=ccache gcc") \
		>"$work/kunit-$1.log" 2>&1 ||
		{ tail -n 20 "$work/kunit-$1.log" >&2; die "kunit.py run at SUBLEVEL=$1 failed"; }
}
say "bench: kunit.py, first run (builds its kernel unless kept from an earlier bench)"
kunit_run "$first"
say "bench: kunit.py run --make_options SUBLEVEL=$((first + 1))"
t0=$(now)
kunit_run $((first + 1))
kunit=$(secs "$t0" "$(now)")

echo
echo "tree $tree ($(sed -n 's/^package=//p' "$main_cache/$tree/pristine/.kver-tree")), $(nproc) cores"
[ -z "$full" ] || printf '%-50s %8s s\n' "full build, cold" "$full"
printf '%-50s %8s s\n' "lab: $npoints points in one run, per point" "$lab"
printf '%-50s %8s s\n' "  one point's build (version-only)" "$(meta build_s)"
printf '%-50s %8s s\n' "  one point's plugins (beside the next build)" "$(meta guest_s)"
printf '%-50s %8s s\n' "  one point's boot (beside the next build)" "$(meta boot_s)"
printf '%-50s %8s s\n' "floor: $(wc -l <"$work/floor.objs") version objects" "$floor_compile"
printf '%-50s %8s s\n' "floor: objects + links + $(wc -l <"$work/floor.boot") bzImage steps" "$floor"
printf '%-50s %8s s\n' "kunit.py run, SUBLEVEL changed" "$kunit"
echo "$lab $floor $kunit ${full:-0}" | awk '{
	printf "ratio lab/floor:    %.2f (target <= 1.5)\n", $1 / $2
	printf "ratio lab/kunit.py: %.2f (target <= 0.6)\n", $1 / $3
	if ($4 > 0) printf "ratio full build/lab point: %.1f\n", $4 / $1 }'
