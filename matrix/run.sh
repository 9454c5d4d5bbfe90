#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# matrix/run.sh [options]: build, boot and judge every version-code design.
#
# For each tree and each variant (patches/variants/<name>/, plus kver's own
# series) it runs lab/run.sh at the points, checks that every boot folder
# was produced and its guest ran to its end (kver-lab's verdict on the
# guest), then judges all of them with
# kver-matrix against tests/expected-matrix.txt and writes matrix.md,
# matrix.svg and matrix.json into the run folder. The lab's own exit status
# is ignored when the boot folders are complete: for the broken designs its
# probe checks fail, as they should; the matrix judges them by its checks.
set -eu
. "$(dirname -- "$0")/../lab/common.sh"

# The designs, their points and those also built the way Debian builds its
# kernels (uname -r M.P.0-ABI-amd64, the version only in uname -v).
all_variants=$(lab_conf variants)
debian_variants=$(lab_conf debian-variants)
debian_points=$(lab_conf debian-points)

usage() {
	cat <<USAGE
usage: matrix/run.sh [--trees "6.1 6.12 5.10"] [--variants "NAME..."] [--points "N..."]
                     [--debian "NAME..."] [--debian-points "N..."]
                     [--out DIR] [--expected FILE|none]

  --trees     trees to run (default: $KVER_TREES)
  --variants  designs to run (default: $all_variants)
  --points    SUBLEVEL points; 'own' is the tree's own SUBLEVEL
              (default: $(lab_conf points))
  --debian    designs (of --variants) also run in the Debian release style
              (lab/run.sh --style debian; default: $debian_variants; '' for none)
  --debian-points  their points (default: $debian_points)
  --out       run folder (default: \$KVER_CACHE/matrix/<date-time>); the boot
              folders go to DIR/boots, the lab's logs to DIR/logs
  --expected  expected verdicts (default: tests/expected-matrix.txt); 'none'
              only reports

Exit status: 0 the matrix equals the expected verdicts, 1 some cell differs,
anything else: a build error, a missing boot folder or a hung guest.
USAGE
}

trees=$KVER_TREES
variants=$all_variants
points=
out=
expected=$KVER_TOP/tests/expected-matrix.txt
while [ $# -gt 0 ]; do
	case $1 in
	--trees) [ $# -ge 2 ] || die "--trees needs a value"; trees=$2; shift 2 ;;
	--variants) [ $# -ge 2 ] || die "--variants needs a value"; variants=$2; shift 2 ;;
	--points) [ $# -ge 2 ] || die "--points needs a value"; points=$2; shift 2 ;;
	--debian) [ $# -ge 2 ] || die "--debian needs a value"; debian_variants=$2; shift 2 ;;
	--debian-points) [ $# -ge 2 ] || die "--debian-points needs a value"; debian_points=$2; shift 2 ;;
	--out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
	--expected) [ $# -ge 2 ] || die "--expected needs a value"; expected=$2; shift 2 ;;
	-h | --help) usage; exit 0 ;;
	*) die "unknown argument '$1' (try --help)" ;;
	esac
done
[ -n "$trees" ] || die "--trees is empty"
[ -n "$variants" ] || die "--variants is empty"
for t in $trees; do check_tree "$t"; done
for v in $variants; do
	case $v in
	kver | mainline) ;;
	*/* | .*) die "variant '$v' is not a name under patches/variants/" ;;
	*) [ -d "$KVER_TOP/patches/variants/$v" ] || die "unknown variant '$v' (no patches/variants/$v/)" ;;
	esac
done
if [ "$expected" != none ]; then
	[ -f "$expected" ] || die "expected verdicts $expected do not exist"
	expected=$(CDPATH='' cd -- "$(dirname -- "$expected")" && pwd)/$(basename -- "$expected")
fi

start=$(date +%s)
make -s -C "$KVER_TOP" tools >/dev/null || die "building kver's host tools failed"
make -s -C "$KVER_TOP/matrix" all >/dev/null || die "building kver-matrix failed"
lab=$KVER_TOP/build/lab/kver-lab
km=$KVER_TOP/build/matrix/kver-matrix
# A bad point stops everything before the first build; 'own' stands for
# each tree's own SUBLEVEL.
# shellcheck disable=SC2086 # one word per point
nums=$(printf '%s\n' $points $debian_points | grep -vx own || true)
if [ -n "$nums" ]; then
	# shellcheck disable=SC2086 # one word per point
	"$lab" sublevels $nums >/dev/null || exit 1
fi
for v in $debian_variants; do
	case " $variants " in
	*" $v "*) ;;
	*) die "--debian names '$v', which is not among the variants run ($variants)" ;;
	esac
done

[ -n "$out" ] || out=$KVER_CACHE/matrix/$(date +%Y%m%d-%H%M%S)
mkdir -p "$out/boots" "$out/logs"
out=$(cd "$out" && pwd)

# design TREE VARIANT STYLE POINTS: one lab run; every point must leave a
# boot folder whose guest ran to its end.
design() {
	dtree=$1
	v=$2
	dstyle=$3
	dpoints=$4
	suffix=
	[ "$dstyle" = upstream ] || suffix=-$dstyle
	log=$out/logs/$dtree-$v$suffix.log
	say "matrix: $dtree $v ($dstyle style) at $dpoints"
	# The lab's progress goes to the terminal and to the log; its
	# exit status to a file, as a pipeline keeps only tee's.
	# shellcheck disable=SC2086 # one word per point
	(
		rc=0
		# The other designs need only the headers plugin for their
		# cells; the series' own proofs run with kver, and with a
		# design in another style, where they show what it misses.
		plugins=
		[ "$v" = kver ] || [ "$dstyle" != upstream ] || plugins=headers
		# The plugins compile with the CC of the environment; the
		# Debian-style runs give them CC="ccache gcc" (as
		# "make lab CC='ccache gcc'" does), so a CC of two words, as
		# many kernel developers set it, is built with in every run.
		if [ "$dstyle" = debian ] && [ -z "${CC:-}" ] && command -v ccache >/dev/null 2>&1; then
			CC="ccache gcc"
			export CC
		fi
		KVER_PLUGINS=$plugins sh "$KVER_TOP/lab/run.sh" --series "$v" --trees "$dtree" \
			--style "$dstyle" --out "$out/boots" $dpoints 2>&1 || rc=$?
		echo "$rc" >"$log.rc"
	) | tee "$log" >&2
	rc=$(cat "$log.rc" 2>/dev/null || echo 1)

	# Every point must have its boot folder and a guest that ran to
	# its end; anything less is an error, whatever the lab's status.
	# Whether a guest ran to its end (not hung, not crashed, its result
	# reported) is the boot model's verdict: kver-lab report --guest.
	dirs=
	for sub in $dpoints; do
		d=$out/boots/$dtree-$v$suffix-$sub
		[ -f "$d/point.meta" ] ||
			die "$dtree $v$suffix: no boot folder for SUBLEVEL $sub (lab exit status $rc; log: $log)"
		dirs="$dirs $d"
	done
	# shellcheck disable=SC2086 # one word per boot folder
	"$lab" report --guest $dirs >"$log.guest" 2>&1 ||
		die "$dtree $v$suffix: a guest did not run to its end: $(head -n 1 "$log.guest")"
	[ "$rc" = 0 ] || say "matrix: the lab's probe checks failed for $dtree $v$suffix (exit status $rc): judged below"
}

# tree_designs TREE: every design of one tree, one after the other (they
# share the tree's working source and build folder).
tree_designs() {
	tree=$1
	"$KVER_TOP/lab/fetch.sh" "$tree"
	own=$(sed -n 's/^makefile=.*\.//p' "$(pristine_dir "$tree")/.kver-tree")
	[ -n "$own" ] || die "$tree: the pristine tree does not record its Makefile version"
	# shellcheck disable=SC2086 # one word per point
	tpoints=$(own_points "$own" $points)
	# shellcheck disable=SC2086 # one word per point
	debpoints=$(own_points "$own" $debian_points)
	# A design's Debian-style points come right after its upstream ones:
	# the same series and config, so they are version-only points
	# (lab/build.sh) instead of a whole make after a series switch.
	for v in $variants; do
		design "$tree" "$v" upstream "$tpoints"
		case " $debian_variants " in
		*" $v "*) design "$tree" "$v" debian "$debpoints" ;;
		esac
	done
}

# The trees have nothing in common but ccache: they run side by side, so
# one tree's serial Kbuild walk overlaps the other's compiles on the
# second core (KVER_SERIAL_TREES=1: one after the other).
for tree in $trees; do
	rm -f "$out/logs/$tree.status"
	if [ "${KVER_SERIAL_TREES:-0}" = 1 ]; then
		(tree_designs "$tree") && echo 0 >"$out/logs/$tree.status" || echo 1 >"$out/logs/$tree.status"
	else
		( (tree_designs "$tree") && echo 0 >"$out/logs/$tree.status" ||
			echo 1 >"$out/logs/$tree.status") &
	fi
done
wait
for tree in $trees; do
	[ "$(cat "$out/logs/$tree.status" 2>/dev/null)" = 0 ] ||
		die "tree $tree: the matrix run stopped (see the error above and $out/logs/)"
done
wall=$(($(date +%s) - start))

set -- --md "$out/matrix.md" --svg "$out/matrix.svg" --json "$out/matrix.json" --chart "$out/chart.svg" \
	--wall "$wall"
if [ "$expected" != none ]; then
	set -- "$@" --expected "$expected"
	# Every expected cell of the run's trees and variants must be measured
	# when the run covers the default points.
	[ -n "$points" ] || set -- "$@" --all-expected
fi
echo
rc=0
"$km" "$@" "$out/boots" || rc=$?
echo
npoints=$(find "$out/boots" -name point.meta | wc -l)
# The builds as kver-matrix counted them from the points' build=.
builds=$(jq -r '.cost | "full (cold) kernel builds: \(.full_builds // "?"), incremental: \(.incremental_builds // "?")"' \
	"$out/matrix.json" 2>/dev/null) || builds="kernel builds not counted"
echo "matrix: $npoints points in $wall s ($((wall / 60)) min $((wall % 60)) s); $builds"
echo "matrix: $out/matrix.md, matrix.svg, chart.svg, matrix.json"
exit "$rc"
