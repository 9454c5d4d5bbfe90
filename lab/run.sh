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
usage: lab/run.sh [--trees "6.1 6.12 5.10"] [--tree-path DIR] [--series NAME|DIR] [--style STYLE]
                  [--release STRING] [--uts-version STRING] [--out DIR] [SUBLEVEL...]
       lab/run.sh --shipped [--out DIR] [IMAGE...]

  --shipped  Debian's own kernel images, booted as Debian ships them (lab/shipped.sh,
             docs/shipped.md): IMAGE is a package (linux-image-5.10.0-46-amd64-unsigned),
             a version (5.10.262) or a package version (6.1.192-1); default, from
             lab/lab.conf: $(lab_conf shipped)

  --trees    trees to run (default: $KVER_TREES); a tree of another
             Debian suite (lab/lab.conf suites:) takes a package version,
             5.10@5.10.262-1 (default: the suite's newest)
  --tree-path DIR
             a kernel source folder of yours (a stable checkout, an unpacked
             distribution source), judged like the packaged trees at its own
             SUBLEVEL; the kver series of its M.P when there is one
             (otherwise --series mainline); copied, never written
  --series   kver      the project's series, patches/<tree>/ (default)
             mainline  the tree exactly as Debian ships it
             NAME      a design from patches/variants/NAME/<tree>/
             DIR       any folder with a 'series' file (a path with a /)
  --style    upstream  uname -r is M.P.S (default)
             debian    built as Debian builds its kernels: uname -r is the ABI
                       name M.P.0-ABI-amd64 (ABI = SUBLEVEL / 4), the real
                       version only in uname -v and /proc/version:
                       "#1 SMP PREEMPT_DYNAMIC Debian M.P.S-1 (2026-01-01)"
  --release, --uts-version
             your own strings (style 'custom'), e.g. your distribution's:
             --release 6.1.0-27-amd64
             --uts-version '#1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01)'
  --out      where the boot folders and results.json go
             (default: \$KVER_CACHE/runs/<date-time>; \$KVER_CACHE=$KVER_CACHE)
  SUBLEVEL   points to build and boot (default, from lab/lab.conf: $(lab_conf points));
             'own' is the tree's own SUBLEVEL

Environment: KVER_CACHE, KVER_JOBS (make -j), KVER_BOOT_TIMEOUT (seconds, default 180),
KVER_CCACHE=0 (no ccache), KVER_PLUGINS (guest plugins to run, default: all in guest/),
KVER_FAST=0 (every point a whole make), KVER_REPLAY=0 (version-only points walk the
tree instead of replaying), KVER_OVERLAP=0 (no plugins and boot beside the next build).
USAGE
}

trees=$KVER_TREES
trees_given=
tree_paths=
series=kver
out=
style=
release_opt=
uts_opt=
has_release=
has_uts=
shipped=
while [ $# -gt 0 ]; do
	case $1 in
	--shipped) shipped=1; shift ;;
	--trees) [ $# -ge 2 ] || die "--trees needs a value"; trees=$2; trees_given=1; shift 2 ;;
	--tree-path) [ $# -ge 2 ] || die "--tree-path needs a value"; tree_paths="$tree_paths $(local_tree "$2")" || exit 1; shift 2 ;;
	--series) [ $# -ge 2 ] || die "--series needs a value"; series=$2; shift 2 ;;
	--out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
	--style) [ $# -ge 2 ] || die "--style needs a value"; style=$2; shift 2 ;;
	--release) [ $# -ge 2 ] || die "--release needs a value"; release_opt=$2; has_release=1; shift 2 ;;
	--uts-version) [ $# -ge 2 ] || die "--uts-version needs a value"; uts_opt=$2; has_uts=1; shift 2 ;;
	-h | --help) usage; exit 0 ;;
	--) shift; break ;;
	-*) die "unknown option $1 (try --help)" ;;
	*) break ;;
	esac
done
# Debian's own images: no tree, no series, no build.
if [ -n "$shipped" ]; then
	if [ -n "$trees_given$tree_paths$style$has_release$has_uts" ] || [ "$series" != kver ]; then
		die "--shipped boots Debian's own images: it takes only --out and IMAGE..."
	fi
	if [ -n "$out" ]; then set -- --out "$out" "$@"; fi
	exec sh "$KVER_TOP/lab/shipped.sh" "$@"
fi
# --tree-path alone runs that tree; with --trees, both.
if [ -n "$tree_paths" ]; then
	if [ -n "$trees_given" ]; then trees="$trees$tree_paths"; else trees=${tree_paths# }; fi
fi
for t in $trees; do check_tree "$t"; done

# Host tools first: the SUBLEVEL check needs kver-lab, and nothing is built
# for a bad point.
make -s -C "$KVER_TOP" tools >/dev/null || die "building kver's host tools failed"
lab=$KVER_TOP/build/lab/kver-lab
probe=$KVER_TOP/build/probe/kver-probe
# The names and numbers shared with the probe and the boot model.
eval "$(protocol_vars KVER_GUEST_SKIP KVER_FILE_META KVER_FILE_RESULTS)"
# 'own' is each tree's own SUBLEVEL (own_points); the rest must be numbers.
points=
if [ $# -gt 0 ]; then
	for p in "$@"; do
		[ "$p" = own ] || "$lab" sublevels "$p" >/dev/null || exit 1
	done
	points=$*
fi

# point TREE SUBLEVEL: the point's names in the chosen style (kver-lab
# point decides them, and rejects a bad style or string by name). A tree
# fetched from another suite has the table of its Debian releases (ABI,
# package, date: lab/fetch.sh), which the debian style takes where it
# knows the version.
point() {
	_table=$(pristine_dir "$1")/.kver-debian-releases
	set -- --tree "$(tree_base "$1")" "$2"
	[ ! -f "$_table" ] || set -- --debian-releases "$_table" "$@"
	[ -z "$style" ] || set -- --style "$style" "$@"
	[ -z "$has_release" ] || set -- --release "$release_opt" "$@"
	[ -z "$has_uts" ] || set -- --uts-version "$uts_opt" "$@"
	"$lab" point "$@"
}
# field KEY: one value of the point's names.
field() {
	printf '%s\n' "$names" | sed -n "s/^$1=//p"
}
# A bad style or string stops the run before anything is built.
for t in $trees; do point "$t" 0 >/dev/null || exit 1; done

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

# kbuild_snapshot BUILD DIR: what an external module build needs of the
# kernel's build folder (what Debian's linux-headers package carries: the
# Makefile, .config, Module.symvers, generated headers, scripts, objtool),
# plus gen_init_cpio for the initramfs; a few MB, so the next point can
# build in BUILD while this one's plugins and boot run.
kbuild_snapshot() {
	rm -rf "$2"
	mkdir -p "$2"
	(cd "$1" && cp -a --parents Makefile .config Module.symvers include arch/x86/include/generated \
		scripts tools/objtool/objtool usr/gen_init_cpio "$2/") ||
		die "copying what the plugins need of $1 failed"
}

# finish_point: a built point's guest plugins, its boot and its record (point.meta),
# from the point's own files (bzImage, headers, kbuild), none from the build
# folder or the headers the next point writes. Uses the loop's variables.
finish_point() {
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
				KVER_VERSION=$version KVER_STYLE=$pstyle KVER_MAKE_VARS=$make_vars \
				KVER_TOP=$KVER_TOP KVER_WORK=$(tree_dir "$tree")/guest-work/$pname CC=${CC:-gcc} \
				"$plugin" "$(src_dir "$tree")" "$pdir/kbuild" "$pdir/headers" \
				"$pdir/guest/$pname" >"$pdir/guest-$pname.log" 2>&1 || rc=$?
			echo "$rc" >"$pdir/guest-$pname.rc"
		) &
	done
	wait
	for pname in $plugins; do
		rc=$(cat "$pdir/guest-$pname.rc" 2>/dev/null || echo "no status")
		rm -f "$pdir/guest-$pname.rc"
		if [ "$rc" = "$KVER_GUEST_SKIP" ]; then
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
	label=$name
	[ "$pstyle" = upstream ] || label="$name, $pstyle style"
	say "booting $tree ($label) at SUBLEVEL=$sub in QEMU: uname -r $release"
	KVER_GEN_INIT_CPIO=$pdir/kbuild/usr/gen_init_cpio KVER_VERSION=$version KVER_UTS_VERSION=$uts \
		"$KVER_TOP/lab/boot.sh" "$pdir/bzImage" "$probe" "$pdir/guest" "$release" "$pdir"
	t3=$(date +%s)
	# The point's record, written by its one writer (lab/meta.c), which
	# checks it as the boot model will read it.
	"$lab" meta "$pdir/$KVER_FILE_META" tree="$tree" package="$package" makefile="$makefile" \
		series="$name" style="$pstyle" sublevel="$sub" version="$version" expect="$release" \
		uts_version="$uts" make_vars="$make_vars" build="$build_kind" build_s=$((tb - t0)) \
		guest_s=$((t2 - t1)) wait_s=$((t1 - tb)) boot_s=$((t3 - t2)) ||
		die "the record of $tree at SUBLEVEL=$sub was refused"
	rm -rf "$pdir/kbuild" "$pdir/headers"
}

# wait_point: the point in the background (finish_point) has finished well.
job=
wait_point() {
	[ -n "$job" ] || return 0
	_job=$job
	job=
	wait "$_job" || die "a point of the run failed (see the error above)"
}

# run_tree TREE: every point of one tree; its boot folders, one a line,
# into $out/.boots-TREE, and its table once its last point is judged.
run_tree() {
	tree=$1
	tree_boots=
	lock_tree "$tree"
	"$KVER_TOP/lab/fetch.sh" "$tree"
	meta=$(pristine_dir "$tree")/.kver-tree
	package=$(sed -n 's/^package=//p' "$meta")
	makefile=$(sed -n 's/^makefile=//p' "$meta")
	own=${makefile##*.}
	sdir=$(series_dir "$(tree_base "$tree")")
	if [ ! -d "$sdir" ]; then
		case $tree in
		*@local-*) die "series '$series' has no folder $sdir (for a tree of your own without a kver series: --series mainline)" ;;
		*) die "series '$series' has no folder $sdir" ;;
		esac
	fi
	with_lock "$tree" "$KVER_TOP/lab/prepare.sh" "$tree" "$sdir"
	series_config=
	[ -f "$sdir/config" ] && series_config=$sdir/config
	# shellcheck disable=SC2086 # one word per point
	tree_points=$(own_points "$own" $points)
	build=$(build_dir "$tree")
	for sub in $tree_points; do
		name=$(basename "$series")
		names=$(point "$tree" "$sub") || exit 1
		pstyle=$(field style)
		version=$(field version)
		want_release=$(field release)
		uts=$(field uts_version)
		pdir=$out/$tree-$name-$sub
		[ "$pstyle" = upstream ] || pdir=$out/$tree-$name-$pstyle-$sub
		rm -rf "$pdir"
		mkdir -p "$pdir/guest"
		t0=$(date +%s)
		# A design that changes how the version is set, not the source,
		# says per point which make variables it uses (e.g. EXTRAVERSION).
		make_sub=$sub
		vars=
		# Another release string is set the way Debian's packaging sets
		# it: KERNELVERSION for the release, KBUILD_BUILD_* for uname -v.
		[ "$want_release" = "$version" ] || vars=" KERNELVERSION=$want_release"
		if [ -x "$sdir/point.sh" ]; then
			[ "$pstyle" = upstream ] ||
				die "series '$series' sets the release itself (point.sh): it has only the upstream style"

			for v in $("$sdir/point.sh" "$sub"); do
				case $v in
				SUBLEVEL=*) make_sub=${v#SUBLEVEL=} ;;
				*=*) vars="$vars $v" ;;
				*) die "$sdir/point.sh printed '$v', not a make variable" ;;
				esac
			done
		fi
		# shellcheck disable=SC2086 # one word per make variable
		KVER_SERIES_CONFIG=$series_config \
			KBUILD_BUILD_VERSION=$(field build_version) \
			KBUILD_BUILD_VERSION_TIMESTAMP=$(field build_timestamp) \
			KBUILD_BUILD_USER=$(field build_user) KBUILD_BUILD_HOST=$(field build_host) \
			with_lock "$tree" \
			"$KVER_TOP/lab/build.sh" "$tree" "$make_sub" "$pdir/headers" $vars
		# The release the build carries and the path it took: the build
		# folder's record (kver-lab plan).
		built=$("$lab" plan show "$build" release)
		if [ -x "$sdir/point.sh" ]; then
			# The design's own release string is what its kernel must report.
			release=$built
		else
			# Otherwise the truth is decided by kver-lab point, not asked
			# of the kernel; the build must have taken it.
			release=$want_release
			[ "$built" = "$release" ] ||
				die "$tree at SUBLEVEL=$sub: the build calls itself '$built', not '$release'"
		fi
		make_vars="SUBLEVEL=$make_sub$vars"
		build_kind=$("$lab" plan show "$build" kind)

		cp "$pdir/headers/include/linux/version.h" "$pdir/version.h"
		cp "$build/arch/x86/boot/bzImage" "$pdir/bzImage"
		kbuild_snapshot "$build" "$pdir/kbuild"
		tb=$(date +%s)
		# The next point builds while this one's plugins and boot run on
		# what the point keeps of its build; one such job at a time.
		wait_point
		if [ "${KVER_OVERLAP:-1}" = 1 ]; then
			finish_point &
			job=$!
		else
			finish_point
		fi
		tree_boots="$tree_boots $pdir"
		echo "$pdir" >>"$out/.boots-$tree"
	done
	wait_point
	# Each tree's verdict as soon as it is known.
	echo
	# shellcheck disable=SC2086 # one word per boot folder
	"$lab" report $tree_boots || true
	echo
}

# The trees build side by side (each has its own folders and lock; one
# tree's build is serial for a good part of it: the walk of the tree, the
# links), unless KVER_TREES_SIDE_BY_SIDE=0. Each tree's table comes when
# it is done; a tree that fails does not stop the others.
start=$(date +%s)
for tree in $trees; do rm -f "$out/.boots-$tree" "$out/.status-$tree"; done
# shellcheck disable=SC2086 # one word per tree
set -- $trees
if [ $# -gt 1 ] && [ "${KVER_TREES_SIDE_BY_SIDE:-1}" = 1 ]; then
	for tree in $trees; do
		( (run_tree "$tree") && echo 0 >"$out/.status-$tree" || echo 1 >"$out/.status-$tree") &
	done
	wait
else
	for tree in $trees; do
		( (run_tree "$tree") && echo 0 >"$out/.status-$tree" || echo 1 >"$out/.status-$tree")
	done
fi
boots=
failed=
for tree in $trees; do
	[ "$(cat "$out/.status-$tree" 2>/dev/null)" = 0 ] || failed="$failed $tree"
	[ ! -f "$out/.boots-$tree" ] || boots="$boots $(tr '\n' ' ' <"$out/.boots-$tree")"
	rm -f "$out/.boots-$tree" "$out/.status-$tree"
done
[ -n "$boots" ] || die "no point was built (trees that stopped:$failed)"
[ -z "$failed" ] || say "the run stopped on tree(s)$failed (see the errors above); the points built are judged"
# shellcheck disable=SC2086 # one word per boot folder
"$lab" report --summary "$(($(date +%s) - start))" --json "$out/$KVER_FILE_RESULTS" $boots && rc=0 || rc=$?
[ -z "$failed" ] || rc=1
exit "$rc"
