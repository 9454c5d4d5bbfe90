# shellcheck shell=sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# Debian's own kernel images and their headers, fetched and unpacked into
# the cache once (lab/shipped.sh; the tests use it too). Sourced after
# common.sh and apt.sh, never run.
#
#   $KVER_CACHE/shipped/<package>_<version>/image/   the image package, and
#                                                    the modules.dep depmod made in it
#   $KVER_CACHE/shipped/linux-headers-<release>_<version>/root/
#                                                    the headers, their -common and
#                                                    linux-kbuild, side by side
#   $KVER_CACHE/shipped/dkms/<release>/              the module's private DKMS tree
#
# Each root is complete when its .kver-ready exists; the .deb files are
# removed once unpacked.

shipped_cache=$KVER_CACHE/shipped
mkdir -p "$shipped_cache/deb"

# shipped_lock: hold the shipped cache until this shell exits (fd 8): one
# run at a time fetches, unpacks and builds there.
shipped_lock() {
	exec 8>"$shipped_cache/.lock"
	if ! flock -n 8; then
		say "waiting for another run that uses $shipped_cache"
		flock 8
	fi
}

# shipped_suite M.P: the suite lab/lab.conf serves M.P's images from.
shipped_suite() {
	for _ts in $(lab_conf shipped-suites); do
		[ "${_ts%%=*}" != "$1" ] || printf '%s\n' "${_ts#*=}"
	done
}

# unpack_once DEB ROOT: DEB unpacked into ROOT (more packages may share a
# root), each package once: its stamp is written when dpkg-deb finished.
unpack_once() {
	_stamp=$2/.kver-unpacked-$(basename "$1" .deb)
	[ ! -f "$_stamp" ] || return 0
	mkdir -p "$2"
	dpkg-deb -x "$1" "$2" || die "unpacking $1 failed"
	: >"$_stamp"
}

# fetch_image SUITE PACKAGE VERSION: its unpacked root (the .deb is removed
# once unpacked), with the modules.dep depmod makes in it.
fetch_image() {
	_root=$shipped_cache/${2}_$3/image
	if [ ! -f "$_root/.kver-ready" ]; then
		say "downloading $2 $3 from $1"
		_deb=$(apt_download "$1" "$2=$3" "$shipped_cache/deb")
		rm -rf "$_root"
		unpack_once "$_deb" "$_root"
		rm -f "$_deb"
		for _mods in "$_root"/lib/modules/*/; do
			[ -d "$_mods" ] || die "$2 $3 holds no lib/modules/RELEASE"
			# depmod writes only below -b: the image's own folder.
			depmod -b "$_root" "$(basename "$_mods")" || die "depmod on $2's modules failed"
		done
		: >"$_root/.kver-ready"
	fi
	printf '%s\n' "$_root"
}

# fetch_headers SUITE RELEASE VERSION: the folder of linux-headers-RELEASE
# VERSION, unpacked beside its -common and linux-kbuild (from its Depends:
# "= V" that version, ">= V" or none the suite's newest), its Makefile
# pointed at the unpacked -common.
fetch_headers() {
	_hpkg=linux-headers-$2
	_root=$shipped_cache/${_hpkg}_$3/root
	_dir=$_root/usr/src/$_hpkg
	if [ ! -f "$_root/.kver-ready" ]; then
		say "downloading $_hpkg $3, its -common and linux-kbuild from $1"
		rm -rf "$_root"
		_deb=$(apt_download "$1" "$_hpkg=$3" "$shipped_cache/deb")
		# 6.12's names linux-kbuild-6.12.118+deb12 without a version: "- -".
		_deps=$(dpkg-deb -f "$_deb" Depends | tr ',' '\n' |
			sed -n 's/^ *\(linux-\(headers\|kbuild\)-[^ |]*\) *(\(>*=\) \([^)]*\)).*/\1 \3 \4/p
				s/^ *\(linux-\(headers\|kbuild\)-[^ |(]*\) *\(|.*\)\{0,1\}$/\1 - -/p')
		[ -n "$_deps" ] || die "$_hpkg $3 depends on no linux-headers-*-common or linux-kbuild"
		# shellcheck disable=SC2086 # three words a dependency
		set -- "$1" $_deps
		_suite=$1
		shift
		while [ $# -ge 3 ]; do
			case $2 in
			=) _d=$(apt_download "$_suite" "$1=$3" "$shipped_cache/deb") ;;
			*) _d=$(apt_download "$_suite" "$1" "$shipped_cache/deb") ;;
			esac
			unpack_once "$_d" "$_root"
			rm -f "$_d"
			shift 3
		done
		unpack_once "$_deb" "$_root"
		rm -f "$_deb"
		[ -f "$_dir/Makefile" ] || die "$_hpkg $3 holds no usr/src/$_hpkg/Makefile"
		[ -f "$_dir/scripts/Makefile.build" ] ||
			die "$_hpkg $3: its scripts/ (linux-kbuild) are missing after unpacking its Depends"
		# The Makefile includes the -common one by its installed path.
		sed -i "s|^include /usr/src/|include $_root/usr/src/|" "$_dir/Makefile"
		: >"$_root/.kver-ready"
	fi
	printf '%s\n' "$_dir"
}

