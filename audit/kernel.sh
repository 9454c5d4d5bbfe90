#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# kernel.sh SPEC DIR: a kernel for the audit's DKMS builds, as DIR/build
# (the folder dkms gets as --kernelsourcedir) and DIR/src; prints
# "NAME ABOUT" (NAME is the release dkms builds for). SPEC (audit.conf):
#
#   debian:TREE@RELEASE  the lab's tree TREE (Debian's linux-source-TREE,
#                        lab/fetch.sh) at its own SUBLEVEL, configured with
#                        the .config of RELEASE's linux-headers-amd64 (fetched
#                        with lab/apt.sh, never installed) and made ready for
#                        modules with make modules_prepare; that package's
#                        Module.symvers (the symbols Debian's build of the same
#                        source and config exports) beside it. Kept in DIR and
#                        made again only when the tree or the headers change.
#   lab:TREE             the lab's own build folder of TREE as it is; the
#                        caller holds the tree's lock while it builds there.
#   shipped:M.P.S        Debian's own linux-headers of its image of M.P.S
#                        (5.10.262: linux-headers-5.10.0-46-amd64), with its
#                        -common and linux-kbuild, as lab/shipped-fetch.sh
#                        unpacks them; the compiler they name (gcc-10 for
#                        Debian 11's) is the machine's gcc under that name,
#                        DIR/bin, which the caller puts first on PATH.
set -eu
. "$(dirname -- "$0")/../lab/common.sh"
. "$KVER_TOP/lab/apt.sh"

[ $# -eq 2 ] || die "usage: kernel.sh SPEC DIR"
spec=$1
dir=$2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

# conf KEY: the words of KEY in audit/audit.conf.
conf() { sed -n "s/^$1: *//p" "$KVER_TOP/audit/audit.conf"; }

case $spec in
lab:*)
	tree=${spec#lab:}
	check_tree "$tree"
	build=$(build_dir "$tree")
	if [ ! -f "$build/include/config/kernel.release" ] || [ ! -f "$build/scripts/mod/modpost" ]; then
		die "the lab has not built $tree yet ($build): run make lab TREES=$tree, or use a debian: kernel"
	fi
	ln -sfn "$build" "$dir/build"
	ln -sfn "$(src_dir "$tree")" "$dir/src"
	printf '%s the lab'"'"'s build folder of %s (%s), as the last lab run left it\n' \
		"$(cat "$build/include/config/kernel.release")" "$tree" \
		"$(sed -n 's/^package=//p' "$(pristine_dir "$tree")/.kver-tree")"
	;;
debian:*@*)
	tree=${spec#debian:}
	release=${tree#*@}
	tree=${tree%@*}
	check_tree "$tree"
	state=$(conf releases | tr ' ' '\n' | sed -n "s/^$release=//p")
	[ -n "$state" ] || die "$spec: audit/audit.conf has no release $release"
	with_lock "$tree" "$KVER_TOP/lab/fetch.sh" "$tree"
	pristine=$(pristine_dir "$tree")
	package=$(sed -n 's/^package=//p' "$pristine/.kver-tree")
	name=$(sed -n 's/^makefile=//p' "$pristine/.kver-tree")
	# The ABI package linux-headers-amd64 depends on, newest first.
	apt_update "$state"
	hdr=$(apt_run "$state" apt-cache depends linux-headers-amd64 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-headers-[0-9][^ ]*-amd64\)$/\1/p' | head -n 1)
	[ -n "$hdr" ] || die "$state: linux-headers-amd64 depends on no linux-headers-*-amd64"
	deb=$(apt_download "$state" "$hdr" "$KVER_CACHE/audit/debs")
	hdrver=$(dpkg-deb -f "$deb" Version)
	about="Debian's linux-source-$tree $package, config and Module.symvers of $hdr $hdrver, make modules_prepare"
	stamp="$package $hdr $hdrver $(${CC:-gcc} -dumpfullversion) symvers"
	if [ "$(cat "$dir/stamp" 2>/dev/null)" != "$stamp" ] || [ ! -f "$dir/build/scripts/mod/modpost" ] ||
		[ ! -s "$dir/build/Module.symvers" ]; then
		say "preparing $name for the audit's builds ($about)"
		rm -rf "$dir/src" "$dir/build" "$dir/stamp"
		# A hard-link copy: a later fetch of another version leaves it as it is.
		with_lock "$tree" cp -al "$pristine" "$dir/src"
		mkdir -p "$dir/build"
		dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$hdr/.config" >"$dir/build/.config" ||
			die "$deb holds no usr/src/$hdr/.config"
		log=$dir/prepare.log
		{ nice -n 10 make -C "$dir/src" O="$dir/build" olddefconfig &&
			nice -n 10 make -C "$dir/src" O="$dir/build" -j "${KVER_JOBS:-$(nproc)}" modules_prepare; } \
			>"$log" 2>&1 || die "make modules_prepare of $name failed: $(grep -m1 -E 'error|Error' "$log") (log: $log)"
		# No vmlinux is built: the symbols come from Debian's build.
		dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$hdr/Module.symvers" >"$dir/build/Module.symvers" ||
			die "$deb holds no usr/src/$hdr/Module.symvers"
		echo "$stamp" >"$dir/stamp"
	fi
	printf '%s %s\n' "$name" "$about"
	;;
shipped:*)
	. "$KVER_TOP/lab/shipped-fetch.sh"
	item=${spec#shipped:}
	mp=$(printf '%s\n' "$item" | sed -n 's/^\([0-9]*\.[0-9]*\)\.[0-9]*$/\1/p')
	[ -n "$mp" ] || die "$spec: not M.P.S"
	suite=$(shipped_suite "$mp")
	[ -n "$suite" ] || die "$spec: lab/lab.conf's shipped-suites: serves no $mp"
	apt_update "$suite"
	picked=$(apt_listing "$suite" "linux-image-$mp" | "$KVER_TOP/build/lab/kver-lab" shipped pick --suite "$suite" "$item") ||
		die "$spec: $suite has no image of $item"
	pkgver=${picked#* }
	release=${picked% *}
	release=${release#linux-image-}
	release=${release%-unsigned}
	shipped_lock
	headers=$(fetch_headers "$suite" "$release" "$pkgver")
	ln -sfn "$headers" "$dir/build"
	ln -sfn "$(sed -n 's|^include \(.*\)/Makefile$|\1|p' "$headers/Makefile")" "$dir/src"
	# The compiler Debian built the kernel with, by the name the headers give it.
	rm -rf "${dir:?}/bin"
	mkdir -p "$dir/bin"
	cc=$(sed -n 's/^CC = .*)\(gcc-[0-9][0-9]*\)$/\1/p' "$headers/.kernelvariables" 2>/dev/null)
	note=
	if [ -n "$cc" ] && [ -z "$(command -v "$cc" 2>/dev/null)" ]; then
		ln -s "$(command -v gcc)" "$dir/bin/$cc"
		note=", the machine's gcc $(gcc -dumpfullversion) as $cc"
	fi
	printf '%s Debian'"'"'s linux-headers-%s %s as shipped%s\n' "$release" "$release" "$pkgver" "$note"
	;;
*) die "unknown kernel '$spec' (debian:TREE@RELEASE, lab:TREE or shipped:M.P.S)" ;;
esac
