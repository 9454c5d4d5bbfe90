#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# shipped.sh [--out DIR] [IMAGE...]: Debian's own kernel images, booted as
# Debian ships them (lab/run.sh --shipped runs this). IMAGE is an image
# package (linux-image-5.10.0-46-amd64-unsigned), an upstream version
# (5.10.262: the newest generic image of it) or a package version
# (6.1.192-1); default: lab/lab.conf's shipped:. For each:
#
#   1. apt (lab/apt.sh, the lab's own state for the suite lab/lab.conf's
#      shipped-suites: names for its M.P) picks the package (kver-lab
#      shipped pick) and downloads it; dpkg-deb unpacks it into
#      $KVER_CACHE/shipped/<package>_<version>/ once;
#   2. kver-lab shipped names decides what the kernel must say: uname -r
#      from the package name, the version from the package version, uname -v
#      the image's own string, checked against the changelog's date;
#   3. the drivers of the device channels (lab/lab.conf shipped-drivers:)
#      and what they need, from the image's modules.dep (depmod -b on the
#      unpacked image), go into the initramfs, decompressed;
#   4. linux-headers-<release> of the same version, its -common and
#      linux-kbuild-M.P are downloaded and unpacked side by side, the
#      headers' Makefile pointed at the unpacked -common, and checked to be
#      the image's; guest/module builds the example module with Debian's
#      dkms against them (CC=gcc: the machine's compiler, see docs/shipped.md);
#   5. lab/boot.sh boots the image with the probe, which loads the drivers
#      and the module in the guest; point.meta (style=shipped) and the
#      report follow, as for the lab's own points.
#
# One image that fails (no such package, a failed download, headers that
# do not match) is named in one line and the others go on.
set -eu
. "$(dirname -- "$0")/common.sh"
. "$KVER_TOP/lab/apt.sh"
. "$KVER_TOP/lab/shipped-fetch.sh"

out=
one=
while [ $# -gt 0 ]; do
	case $1 in
	--out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
	# One image, its boot folder on stdout: each image runs in a process
	# of its own, where set -e stops it at its first error.
	--one) [ $# -ge 2 ] || die "--one needs a value"; one=$2; shift 2 ;;
	-h | --help)
		sed -n '3,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'
		exit 0
		;;
	-*) die "unknown option $1 (try --help)" ;;
	*) break ;;
	esac
done
# shellcheck disable=SC2046 # one word per image
[ $# -gt 0 ] || [ -n "$one" ] || set -- $(lab_conf shipped)
[ $# -gt 0 ] || [ -n "$one" ] || die "no image named and no shipped: in lab/lab.conf"

probe=$KVER_TOP/build/probe/kver-probe
shipped_lab=$KVER_TOP/build/lab/kver-lab

# field KEY: one value of the point's names.
field() {
	printf '%s\n' "$names" | sed -n "s/^$1=//p"
}

# shipped_point IMAGE: one image, fetched, built for and booted into its
# boot folder, $pdir.
shipped_point() {
	_item=$1
	mp=$(printf '%s\n' "$_item" | sed -n 's/^\(linux-image-\)\{0,1\}\([0-9][0-9]*\.[0-9][0-9]*\)\..*/\2/p')
	[ -n "$mp" ] || die "'$_item' is neither an image package nor a version (M.P.S, or a package version such as 5.10.262-1)"
	suite=$(shipped_suite "$mp")
	[ -n "$suite" ] || die "no suite serves $mp's images (lab/lab.conf shipped-suites: has $(lab_conf shipped-suites))"
	t0=$(date +%s)
	apt_update "$suite"
	picked=$(apt_listing "$suite" "linux-image-$mp" | "$shipped_lab" shipped pick --suite "$suite" "$_item")
	pkg=${picked% *}
	pkgver=${picked#* }
	root=$(fetch_image "$suite" "$pkg" "$pkgver")
	doc=$root/usr/share/doc/$pkg/changelog.Debian.gz
	[ -f "$doc" ] || die "$pkg $pkgver has no usr/share/doc/$pkg/changelog.Debian.gz to date it by"
	date=$(gzip -dc "$doc" | changelog_dates | awk -v v="$pkgver" '$1 == v { print $2; exit }')
	[ -n "$date" ] || die "the changelog of $pkg names no entry $pkgver"
	names=$("$shipped_lab" shipped names --package "$pkg" --version "$pkgver" --boot "$root/boot" \
		--date "$date")
	release=$(field release)
	version=$(field version)
	uts=$(field uts_version)
	pdir=$out/$(field tree)-shipped-$(field sublevel)-$release
	rm -rf "$pdir"
	mkdir -p "$pdir/guest/module" "$pdir/modules" "$pdir/uapi/include/linux"
	# The drivers, decompressed: the kernel is not asked to decompress.
	mods=$root/lib/modules/$release
	# shellcheck disable=SC2046 # one word per driver
	"$shipped_lab" modules --builtin "$mods/modules.builtin" "$mods/modules.dep" $(lab_conf shipped-drivers) \
		>"$pdir/modules.order"
	while IFS= read -r m; do
		base=$(basename "$m")
		case $base in
		*.ko) cp "$mods/$m" "$pdir/modules/$base" ;;
		*.ko.xz) xz -dc "$mods/$m" >"$pdir/modules/${base%.xz}" ;;
		*.ko.zst) zstd -qdc "$mods/$m" >"$pdir/modules/${base%.zst}" ;;
		*.ko.gz) gzip -dc "$mods/$m" >"$pdir/modules/${base%.gz}" ;;
		*) die "$m: not a kernel module file" ;;
		esac || die "copying $m failed"
		printf '%s\n' "${base%.ko*}.ko" >>"$pdir/modules/load"
	done <"$pdir/modules.order"
	headers=$(fetch_headers "$suite" "$release" "$pkgver")
	"$shipped_lab" shipped headers "$headers" "$release" "$uts"
	t1=$(date +%s)
	say "building the example module with dkms against $(basename "$headers") $pkgver"
	cp "$headers/include/generated/uapi/linux/version.h" "$pdir/uapi/include/linux/"
	rc=0
	KVER_TREE=$mp KVER_SUBLEVEL=$(field sublevel) KVER_RELEASE=$release KVER_SERIES=debian \
		KVER_VERSION=$version KVER_STYLE=shipped KVER_MAKE_VARS='' \
		KVER_WORK=$shipped_cache/dkms/$release CC=${CC:-gcc} \
		"$KVER_TOP/guest/module/build" "$(sed -n 's|^include \(.*\)/Makefile$|\1|p' "$headers/Makefile")" \
		"$headers" "$pdir/uapi" "$pdir/guest/module" >"$pdir/guest-module.log" 2>&1 || rc=$?
	case $rc in
	0) ;;
	4) tail -n 1 "$pdir/guest-module.log" >"$pdir/guest/module/skip" ;;
	*) tail -n 5 "$pdir/guest-module.log" >&2
	   die "the example module did not build against $(basename "$headers") (log: $pdir/guest-module.log)" ;;
	esac
	t2=$(date +%s)
	say "booting $pkg $pkgver in QEMU: uname -r $release, $version"
	KVER_VERSION=$version KVER_UTS_VERSION=$uts KVER_MODULES=$pdir/modules KVER_DEVICES=required \
		KVER_BOOT_TIMEOUT=${KVER_BOOT_TIMEOUT:-120} \
		"$KVER_TOP/lab/boot.sh" "$root/boot/vmlinuz-$release" "$probe" "$pdir/guest" "$release" "$pdir"
	t3=$(date +%s)
	# The point's record, by its one writer (lab/meta.c).
	"$shipped_lab" meta "$pdir/$(protocol KVER_FILE_META)" tree="$mp" package="$pkgver" \
		makefile="$version" series=debian style=shipped sublevel="$(field sublevel)" \
		version="$version" expect="$release" uts_version="$uts" image="$pkg" \
		headers="$(basename "$headers")" suite="$suite" make_vars= build=shipped \
		build_s=$((t1 - t0)) guest_s=$((t2 - t1)) wait_s=0 boot_s=$((t3 - t2)) ||
		die "the record of $pkg $pkgver was refused"
}

if [ -n "$one" ]; then
	[ -n "$out" ] || die "--one needs --out"
	shipped_lock
	shipped_point "$one" >&2
	printf '%s\n' "$pdir"
	exit 0
fi

make -s -C "$KVER_TOP" tools >/dev/null || die "building kver's host tools failed"
[ -n "$out" ] || out=$KVER_CACHE/runs/$(date +%Y%m%d-%H%M%S)-shipped
mkdir -p "$out"
out=$(cd "$out" && pwd)
ln -sfn "$out" "$KVER_CACHE/runs/latest" 2>/dev/null || true
# Each image in turn, in a process of its own: one that fails is named and
# the others go on. The boot folders are judged together at the end.
start=$(date +%s)
boots=
failed=
for item; do
	if pdir=$(sh "$0" --out "$out" --one "$item"); then
		boots="$boots $pdir"
	else
		failed="$failed $item"
	fi
done
[ -n "$boots" ] || die "no image was booted (failed:$failed)"
[ -z "$failed" ] || say "these images could not be booted (see the errors above):$failed"
echo
# shellcheck disable=SC2086 # one word per boot folder
"$shipped_lab" report $boots || true
echo
# shellcheck disable=SC2086 # one word per boot folder
"$shipped_lab" report --summary "$(($(date +%s) - start))" --json "$out/results.json" $boots && rc=0 || rc=$?
[ -z "$failed" ] || rc=1
exit "$rc"
