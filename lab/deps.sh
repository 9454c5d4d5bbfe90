#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# deps.sh [--update|--list] [--shipped]: install the Debian packages kver
# needs, when missing (--update runs apt-get update first), or print their
# names (--list). The one list of what the lab, the tools and the tests
# use. --shipped: only what booting Debian's own images needs (make lab
# does that first, so that their verdict comes before the rest installs).
set -eu
. "$(dirname -- "$0")/common.sh"

# The kernel sources: linux-source-TREE of every tree of lab/lab.conf that
# the machine's own suite has (the others come through lab/apt.sh).
own_trees=
for t in $KVER_KNOWN_TREES; do
	[ -n "$(tree_suite "$t")" ] || own_trees="$own_trees linux-source-$t"
done
packages="${own_trees# } qemu-system-x86 build-essential make
bc bison flex cpio gzip xz-utils lz4 libelf-dev libssl-dev kmod
ccache patch rsync python3 git perl clang libclang-rt-14-dev valgrind
shellcheck util-linux zlib1g-dev pkg-config groff-base libxml2-utils jq dkms
busybox-static dwarves zstd git-email libmailtools-perl python3-ply python3-git
coccinelle"
# lab/shipped.sh: the host tools, apt's downloads and dpkg-deb, depmod,
# dkms with a compiler (and pahole for BTF modules), QEMU.
shipped_packages="qemu-system-x86 build-essential make kmod xz-utils zstd gzip dkms dwarves"

update=
list=
for a; do
	case $a in
	--update) update=1 ;;
	--list) list=1 ;;
	--shipped) packages=$shipped_packages ;;
	*) die "usage: deps.sh [--update|--list] [--shipped]" ;;
	esac
done
if [ -n "$list" ]; then
	# shellcheck disable=SC2086 # the list, one line
	echo $packages
	exit 0
fi

missing=
for p in $packages; do
	dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
done
[ -n "$missing" ] || exit 0
[ "$(id -u)" = 0 ] || die "missing Debian packages:$missing (run as root, or apt-get install them)"
if [ -n "$update" ]; then
	say "apt-get update"
	apt-get update -q >/dev/null || die "apt-get update failed"
fi
say "installing:$missing"
# shellcheck disable=SC2086 # one word per package
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >/dev/null ||
	die "apt-get install failed for:$missing"
