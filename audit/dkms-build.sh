#!/bin/sh
# dkms-build.sh KERNEL KDIR MODULE VERSION SOURCETREE WORK [DEPENDS]: Debian's
# dkms, "dkms add" and "dkms build" only, of MODULE VERSION (its source in
# SOURCETREE/MODULE-VERSION) for the kernel named KERNEL whose folders are
# KDIR/build and KDIR/src (audit/kernel.sh), in a dkms tree, an install
# tree and a module folder of its own below WORK. Nothing is installed;
# modules are not signed (sign_file points nowhere). dkms's output on
# stdout.
#
# A Debian machine has /lib/modules/KERNEL/build, and some packages' own
# makefiles call make there rather than in dkms's kernel_source_dir. This
# machine has no /lib/modules, and nothing is ever made there: dkms runs
# in a mount namespace of its own where an overlay (its upper layer below
# WORK) shows WORK/modules as /lib/modules, with KERNEL/build and
# KERNEL/source pointing at KDIR, and dkms's kernel_source_dir is
# /lib/modules/KERNEL/build as on a Debian machine (zfs's dkms.conf finds the
# source as its "source" sibling); the machine's own folders stay as they
# are, and the namespace ends with dkms. The package's own source is in
# /usr/src there and the dkms tree is /var/lib/dkms, as on a Debian machine
# (west-chamber's dkms.conf builds in /usr/src/NAME-VERSION and moves its
# modules into /var/lib/dkms). DEPENDS, ':'-separated folders of
# the package's Depends unpacked (run.sh, kver-audit depends), are laid
# over /usr there too, as installed on a Debian machine: libxtables-dev's
# headers, another package's source below /usr/src. With a merged /usr
# (/lib is /usr/lib) both are one overlay on /usr. Where no such namespace
# can be made (no privilege for it), dkms runs without it and says so on
# its first line. The names packages read the kernel's folder from
# (SYSSRC and SYSOUT for NVIDIA's, KDIR, KERNELDIR, ...) and KDIR/bin
# first on PATH (the compiler Debian's headers name) are set either way,
# and IGNORE_CC_MISMATCH=1: the machine's gcc builds for headers that name
# another (Debian 11's gcc-10), which NVIDIA's makefiles check and stop at
# unless told.
set -eu
if [ $# -ne 6 ] && [ $# -ne 7 ]; then
	echo "usage: dkms-build.sh KERNEL KDIR MODULE VERSION SOURCETREE WORK [DEPENDS]" >&2
	exit 2
fi
k=$1 kd=$2 m=$3 v=$4 src=$5 work=$6 deps=${7:-}

rm -rf "$work/dkms" "$work/modules" "$work/ovl"
mkdir -p "$work/dkms" "$work/modules/$k" "$work/ovl/up" "$work/ovl/work"
ln -s "$kd/build" "$work/modules/$k/build"
ln -s "$kd/src" "$work/modules/$k/source"
lib=$(readlink -f /lib)
# The package's own usr/ first (its source in /usr/src, where some
# packages' own commands build it), then its Depends.
lowers=$(dirname -- "$src")
for d in $(printf '%s' "$deps" | tr ':' ' '); do
	[ ! -d "$d/usr" ] || lowers="$lowers${lowers:+:}$d/usr"
done
case $lib in
/usr/*)
	mkdir -p "$work/ovl/up/${lib#/usr/}"
	ln -s "$work/modules" "$work/ovl/up/${lib#/usr/}/modules"
	;;
*) ln -s "$work/modules" "$work/ovl/up/modules" ;;
esac
# In the namespace: sh -c "$ns_mounts" sh LIB OVL LOWERS.
# shellcheck disable=SC2016 # the namespace's shell expands them
ns_mounts='case $1 in
/usr/*) mount -t overlay kver-audit -o "lowerdir=${3:+$3:}/usr,upperdir=$2/up,workdir=$2/work" /usr ;;
*) mount -t overlay kver-audit -o "lowerdir=$1,upperdir=$2/up,workdir=$2/work" "$1" &&
	{ [ -z "$3" ] || mount -t overlay kver-audit -o "lowerdir=$3:/usr" /usr; } ;;
esac && { [ ! -d /var/lib/dkms ] || mount --bind "$2/../dkms" /var/lib/dkms; }'

# The dkms steps, in the namespace or not.
# shellcheck disable=SC2016 # expanded by the inner shell
set -- sh -c 'dkms add "$@" && exec nice -n 10 dkms build --verbose "$@" -k "$KVER_K" -a x86_64 \
	--kernelsourcedir "$KVER_KSD"' dkms-build -m "$m" -v "$v" --dkmstree "$work/dkms" \
	--sourcetree "$src" --installtree "$work/modules"
# dkms's kernel_source_dir: /lib/modules/KERNEL/build, as on a Debian
# machine, where there is one (zfs's dkms.conf finds the source beside it).
ksd=$kd/build
if unshare --mount --propagation private sh -c "$ns_mounts" sh "$lib" "$work/ovl" "$lowers" 2>/dev/null; then
	ksd=/lib/modules/$k/build
	set -- unshare --mount --propagation private sh -c "$ns_mounts"' && shift 3 && exec "$@"' \
		sh "$lib" "$work/ovl" "$lowers" "$@"
else
	echo "dkms-build: no private mount namespace here: /lib/modules/$k does not exist for the package's own makefiles${lowers:+, and its Depends are not over /usr}"
fi
rm -rf "$work/ovl/work"
mkdir -p "$work/ovl/work"
env sign_file="$work/no-sign-file" PATH="$kd/bin:$PATH" KVER_K="$k" KVER_KSD="$ksd" IGNORE_CC_MISMATCH=1 \
	SYSSRC="$kd/src" SYSOUT="$kd/build" KERNELDIR="$kd/build" KERNEL_DIR="$kd/build" \
	KDIR="$kd/build" KSRC="$kd/build" KERNEL_SRC="$kd/build" "$@"
