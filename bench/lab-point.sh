#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# lab-point.sh [TREE]: what one more SUBLEVEL point costs in the lab, against
# the bare floor of the same work done by hand, measured in one run:
#
#   full   configure + full build of a new build folder (the lab's first point)
#   floor  make SUBLEVEL=N bzImage on that folder + one QEMU boot of the image
#   lab    lab/run.sh for one new point on that folder (prepare, build,
#          headers, guest plugins, initramfs, boot, verdict)
#
# and prints lab/floor (target: <= 1.2). Uses a cache of its own, so the
# lab's build folders are left alone; delete it with KVER_BENCH_KEEP=0.
set -eu
. "$(dirname -- "$0")/../lab/common.sh"

tree=${1:-6.1}
check_tree "$tree"
bench_cache=${KVER_BENCH_CACHE:-$KVER_CACHE/bench}
main_cache=$KVER_CACHE
top=$KVER_TOP
now() { date +%s.%N; }
secs() { echo "$1 $2" | awk '{ printf "%.1f", $2 - $1 }'; }

make -s -C "$top" tools >/dev/null
sh "$top/lab/fetch.sh" "$tree"
mkdir -p "$bench_cache/$tree"
# The bench cache shares the unpacked tree with the lab's cache.
[ -e "$bench_cache/$tree/pristine" ] || ln -s "$main_cache/$tree/pristine" "$bench_cache/$tree/pristine"
export KVER_CACHE="$bench_cache"
src=$(src_dir "$tree")
build=$(build_dir "$tree")
rm -rf "$build"
sh "$top/lab/prepare.sh" "$tree" "$top/patches/$tree"
cfg=
[ -f "$top/patches/$tree/config" ] && cfg=$top/patches/$tree/config

say "bench: full build of $tree"
t0=$(now)
KVER_SERIES_CONFIG=$cfg sh "$top/lab/build.sh" "$tree" 255 "$bench_cache/$tree/headers"
t1=$(now)
full=$(secs "$t0" "$t1")

cc="gcc"
if command -v ccache >/dev/null 2>&1; then cc="ccache gcc"; fi
say "bench: floor, by hand: make SUBLEVEL=301 bzImage + one boot"
t0=$(now)
CCACHE_DIR=$bench_cache/ccache make -s -C "$src" O="$build" ARCH=x86_64 SUBLEVEL=301 CC="$cc" \
	-j"$(nproc)" bzImage >/dev/null
t1=$(now)
floor_dir=$(mktemp -d)
KVER_GEN_INIT_CPIO=$build/usr/gen_init_cpio sh "$top/lab/boot.sh" "$build/arch/x86/boot/bzImage" \
	"$top/build/probe/kver-probe" "$floor_dir/none" "${tree}.301" "$floor_dir"
t2=$(now)
floor_make=$(secs "$t0" "$t1")
floor_boot=$(secs "$t1" "$t2")
floor=$(secs "$t0" "$t2")

say "bench: one lab point (SUBLEVEL=302)"
t0=$(now)
sh "$top/lab/run.sh" --trees "$tree" --out "$floor_dir/lab" 302 >"$floor_dir/lab.log" 2>&1 ||
	{ tail -n 20 "$floor_dir/lab.log"; die "the lab point failed"; }
t1=$(now)
lab=$(secs "$t0" "$t1")

echo
echo "tree $tree ($(sed -n 's/^package=//p' "$main_cache/$tree/pristine/.kver-tree"))"
printf '%-44s %8s s\n' "full build (configure + build, cold)" "$full"
printf '%-44s %8s s\n' "floor: make SUBLEVEL=N bzImage" "$floor_make"
printf '%-44s %8s s\n' "floor: one QEMU boot" "$floor_boot"
printf '%-44s %8s s\n' "floor total" "$floor"
printf '%-44s %8s s\n' "lab: one point (lab/run.sh)" "$lab"
echo "$lab $floor $full" | awk '{ printf "ratio lab/floor: %.2f (target <= 1.2)\nratio full/lab point: %.1f\n", $1 / $2, $3 / $1 }'
rm -rf "$floor_dir"
[ "${KVER_BENCH_KEEP:-1}" = 1 ] || rm -rf "$bench_cache"
