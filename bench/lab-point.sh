#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# lab-point.sh [TREE]: what one more SUBLEVEL point costs in the lab, against
# the bare floor of the same work done by hand, measured in one run:
#
#   full   configure + full build of a new build folder (the lab's first point)
#   floor  make SUBLEVEL=N on that folder (the default target: vmlinux,
#          bzImage, modules) + one QEMU boot of the image, by hand
#   lab    lab/run.sh for one further point on that folder (prepare, build,
#          headers, guest plugins, initramfs, boot, verdict); the point
#          before it is run first and shown apart, because it also fills the
#          plugins' per-tree caches (libbpf is built once per tree)
#
# and prints lab/floor (target: <= 1.2). Uses a cache of its own, so the
# lab's build folders are left alone; delete it with KVER_BENCH_KEEP=0.
# KVER_BENCH_REUSE=1 reuses the build folder of an earlier bench run and
# measures only the points (the full build is then not timed).
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
cfg=
[ -f "$top/patches/$tree/config" ] && cfg=$top/patches/$tree/config
if [ "${KVER_BENCH_REUSE:-0}" = 1 ] && [ -f "$build/arch/x86/boot/bzImage" ]; then
	# The build folder of an earlier bench run; the cold build is not timed.
	say "bench: reusing $build (KVER_BENCH_REUSE=1): full build not measured"
	sh "$top/lab/prepare.sh" "$tree" "$top/patches/$tree"
	full=
else
	# Cold means cold: no build folder, no compiler cache and no plugin
	# caches of the bench's own.
	rm -rf "$build" "$bench_cache/ccache" "$bench_cache/$tree/guest-work"
	sh "$top/lab/prepare.sh" "$tree" "$top/patches/$tree"
	say "bench: full build of $tree"
	t0=$(now)
	KVER_SERIES_CONFIG=$cfg sh "$top/lab/build.sh" "$tree" 255 "$bench_cache/$tree/headers"
	full=$(secs "$t0" "$(now)")
fi

cc="gcc"
if command -v ccache >/dev/null 2>&1; then cc="ccache gcc"; fi
say "bench: floor, by hand: make SUBLEVEL=301 + one boot"
t0=$(now)
CCACHE_DIR=$bench_cache/ccache make -s -C "$src" O="$build" ARCH=x86_64 SUBLEVEL=301 CC="$cc" \
	-j"$(nproc)" >/dev/null
t1=$(now)
floor_dir=$(mktemp -d)
KVER_GEN_INIT_CPIO=$build/usr/gen_init_cpio sh "$top/lab/boot.sh" "$build/arch/x86/boot/bzImage" \
	"$top/build/probe/kver-probe" "$floor_dir/none" "${tree}.301" "$floor_dir"
t2=$(now)
floor_make=$(secs "$t0" "$t1")
floor_boot=$(secs "$t1" "$t2")
floor=$(secs "$t0" "$t2")

# lab_point N: one lab/run.sh point; prints its wall time in seconds.
lab_point() {
	_t0=$(now)
	sh "$top/lab/run.sh" --trees "$tree" --out "$floor_dir/lab-$1" "$1" >"$floor_dir/lab-$1.log" 2>&1 ||
		{ tail -n 20 "$floor_dir/lab-$1.log" >&2; die "the lab point SUBLEVEL=$1 failed"; }
	secs "$_t0" "$(now)"
}
# meta N KEY: a figure the lab recorded for point N (point.meta).
meta() {
	sed -n "s/^$2=//p" "$floor_dir/lab-$1/$tree-kver-$1/point.meta"
}
say "bench: first lab point after the full build (SUBLEVEL=302)"
first=$(lab_point 302)
say "bench: one further lab point (SUBLEVEL=303)"
lab=$(lab_point 303)

echo
echo "tree $tree ($(sed -n 's/^package=//p' "$main_cache/$tree/pristine/.kver-tree"))"
printf '%-44s %8s s\n' "full build (configure + build, cold)" "${full:-n/a}"
printf '%-44s %8s s\n' "floor: make SUBLEVEL=N" "$floor_make"
printf '%-44s %8s s\n' "floor: one QEMU boot" "$floor_boot"
printf '%-44s %8s s\n' "floor total" "$floor"
printf '%-44s %8s s\n' "lab: first point (fills plugin caches)" "$first"
printf '%-44s %8s s\n' "lab: one further point (lab/run.sh)" "$lab"
printf '%-44s %8s s\n' "  of which build + headers_install" "$(meta 303 build_s)"
printf '%-44s %8s s\n' "  of which guest plugins" "$(meta 303 guest_s)"
printf '%-44s %8s s\n' "  of which boot" "$(meta 303 boot_s)"
echo "$lab $floor ${full:-0}" | awk '{ printf "ratio lab/floor: %.2f (target <= 1.2)\n", $1 / $2
	if ($3 > 0) printf "ratio full build/lab point: %.1f\n", $3 / $1 }'
rm -rf "$floor_dir"
[ "${KVER_BENCH_KEEP:-1}" = 1 ] || rm -rf "$bench_cache"
