#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# run.sh [options] [SUBLEVEL...]: the lab's main job. For each tree: fetch,
# prepare the series, then for each SUBLEVEL point build (incrementally after
# the first), install that point's headers, build the guest plugins, boot in
# QEMU, and finally judge every boot and print the table.
set -eu
. "$(dirname -- "$0")/common.sh"

usage() {
	cat <<USAGE
usage: lab/run.sh [--trees "6.1 6.12"] [--series NAME|DIR] [--out DIR] [SUBLEVEL...]

  --trees    trees to run (default: $KVER_TREES)
  --series   kver      the project's series, patches/<tree>/ (default)
             mainline  the tree exactly as Debian ships it
             NAME      a design from patches/variants/NAME/<tree>/
             DIR       any folder with a 'series' file (a path with a /)
  --out      where the boot folders and results.json go
             (default: \$KVER_CACHE/runs/<date-time>; \$KVER_CACHE=$KVER_CACHE)
  SUBLEVEL   points to build and boot (default: the tree's own, 255, 256, 300, 65535)

Environment: KVER_CACHE, KVER_JOBS (make -j), KVER_BOOT_TIMEOUT (seconds, default 180),
KVER_CCACHE=0 (no ccache), KVER_PLUGINS (guest plugins to run, default: all in guest/).
USAGE
}

trees=$KVER_TREES
series=kver
out=
while [ $# -gt 0 ]; do
	case $1 in
	--trees) [ $# -ge 2 ] || die "--trees needs a value"; trees=$2; shift 2 ;;
	--series) [ $# -ge 2 ] || die "--series needs a value"; series=$2; shift 2 ;;
	--out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
	-h | --help) usage; exit 0 ;;
	--) shift; break ;;
	-*) die "unknown option $1 (try --help)" ;;
	*) break ;;
	esac
done
for t in $trees; do check_tree "$t"; done

# Host tools first: the SUBLEVEL check needs kver-lab, and nothing is built
# for a bad point.
make -s -C "$KVER_TOP" tools >/dev/null || die "building kver's host tools failed"
lab=$KVER_TOP/build/lab/kver-lab
probe=$KVER_TOP/build/probe/kver-probe
if [ $# -gt 0 ]; then
	points=$("$lab" sublevels "$@") || exit 1
else
	points=
fi

[ -n "$out" ] || out=$KVER_CACHE/runs/$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
out=$(cd "$out" && pwd)
mkdir -p "$KVER_CACHE/runs"
ln -sfn "$out" "$KVER_CACHE/runs/latest" 2>/dev/null || true

series_dir() {
	case $series in
	*/*) printf '%s\n' "$series" ;;
	kver) printf '%s/patches/%s\n' "$KVER_TOP" "$1" ;;
	*)
		# A design's patches differ per tree; one that changes no source
		# (mainline) has a single folder for both.
		if [ -d "$KVER_TOP/patches/variants/$series/$1" ]; then
			printf '%s/patches/variants/%s/%s\n' "$KVER_TOP" "$series" "$1"
		else
			printf '%s/patches/variants/%s\n' "$KVER_TOP" "$series"
		fi
		;;
	esac
}

start=$(date +%s)
boots=
for tree in $trees; do
	tree_boots=
	lock_tree "$tree"
	"$KVER_TOP/lab/fetch.sh" "$tree"
	meta=$(pristine_dir "$tree")/.kver-tree
	package=$(sed -n 's/^package=//p' "$meta")
	makefile=$(sed -n 's/^makefile=//p' "$meta")
	own=${makefile##*.}
	sdir=$(series_dir "$tree")
	[ -d "$sdir" ] || die "series '$series' has no folder $sdir"
	with_lock "$tree" "$KVER_TOP/lab/prepare.sh" "$tree" "$sdir"
	series_config=
	[ -f "$sdir/config" ] && series_config=$sdir/config
	tree_points=${points:-$(printf '%s\n' "$own" 255 256 300 65535 | awk '!seen[$0]++')}
	build=$(build_dir "$tree")
	for sub in $tree_points; do
		name=$(basename "$series")
		pdir=$out/$tree-$name-$sub
		rm -rf "$pdir"
		mkdir -p "$pdir/guest"
		t0=$(date +%s)
		# A design that changes how the version is set, not the source,
		# says per point which make variables it uses (e.g. EXTRAVERSION).
		make_sub=$sub
		vars=
		if [ -x "$sdir/point.sh" ]; then
			for v in $("$sdir/point.sh" "$sub"); do
				case $v in
				SUBLEVEL=*) make_sub=${v#SUBLEVEL=} ;;
				*=*) vars="$vars $v" ;;
				*) die "$sdir/point.sh printed '$v', not a make variable" ;;
				esac
			done
		fi
		# shellcheck disable=SC2086 # one word per make variable
		KVER_SERIES_CONFIG=$series_config with_lock "$tree" \
			"$KVER_TOP/lab/build.sh" "$tree" "$make_sub" "$(tree_dir "$tree")/headers" $vars
		if [ -x "$sdir/point.sh" ]; then
			# The design's own release string is what its kernel must report.
			release=$(cat "$build/.kver-release")
		else
			# Otherwise the truth is computed here, not asked of the kernel.
			release=${makefile%.*}.$sub
		fi
		cp "$(tree_dir "$tree")/headers/include/linux/version.h" "$pdir/version.h"
		cp "$build/arch/x86/boot/bzImage" "$pdir/bzImage"
		t1=$(date +%s)
		# The plugins build side by side (each has its own work folder);
		# their results are taken in name order once all have finished.
		plugins=
		for plugin in "$KVER_TOP"/guest/*/build; do
			[ -x "$plugin" ] || continue
			pname=$(basename "$(dirname "$plugin")")
			# KVER_PLUGINS="a b" runs only those plugins (default: all).
			case " ${KVER_PLUGINS:-$pname} " in *" $pname "*) ;; *) continue ;; esac
			plugins="$plugins $pname"
			mkdir -p "$pdir/guest/$pname" "$(tree_dir "$tree")/guest-work/$pname"
			(
				rc=0
				KVER_TREE=$tree KVER_SUBLEVEL=$sub KVER_RELEASE=$release KVER_SERIES=$name \
					KVER_TOP=$KVER_TOP KVER_WORK=$(tree_dir "$tree")/guest-work/$pname CC=${CC:-gcc} \
					"$plugin" "$(src_dir "$tree")" "$build" "$(tree_dir "$tree")/headers" \
					"$pdir/guest/$pname" >"$pdir/guest-$pname.log" 2>&1 || rc=$?
				echo "$rc" >"$pdir/guest-$pname.rc"
			) &
		done
		wait
		for pname in $plugins; do
			rc=$(cat "$pdir/guest-$pname.rc" 2>/dev/null || echo "no status")
			rm -f "$pdir/guest-$pname.rc"
			if [ "$rc" = 4 ]; then
				# Not applicable here: the guest reports it as a skip.
				rm -rf "$pdir/guest/$pname"
				mkdir -p "$pdir/guest/$pname"
				tail -n 1 "$pdir/guest-$pname.log" >"$pdir/guest/$pname/skip"
			elif [ "$rc" != 0 ]; then
				tail -n 5 "$pdir/guest-$pname.log" >&2
				die "guest plugin $pname failed for $tree at SUBLEVEL=$sub (log: $pdir/guest-$pname.log)"
			fi
		done
		t2=$(date +%s)
		say "booting $tree ($name) at SUBLEVEL=$sub in QEMU"
		KVER_GEN_INIT_CPIO=$build/usr/gen_init_cpio \
			"$KVER_TOP/lab/boot.sh" "$pdir/bzImage" "$probe" "$pdir/guest" "$release" "$pdir"
		t3=$(date +%s)
		cat >"$pdir/point.meta" <<META
tree=$tree
package=$package
makefile=$makefile
series=$name
sublevel=$sub
expect=$release
build_s=$((t1 - t0))
guest_s=$((t2 - t1))
boot_s=$((t3 - t2))
META
		boots="$boots $pdir"
		tree_boots="$tree_boots $pdir"
	done
	# Each tree's verdict as soon as it is known.
	echo
	# shellcheck disable=SC2086 # one word per boot folder
	"$lab" report $tree_boots || true
	echo
done

# shellcheck disable=SC2086 # one word per boot folder
"$lab" report --summary "$(($(date +%s) - start))" --json "$out/results.json" $boots && rc=0 || rc=$?
exit "$rc"
