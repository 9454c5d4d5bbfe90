#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# boot.sh KERNEL INIT GUEST_DIR EXPECT OUTDIR: pack INIT as /init (plus
# GUEST_DIR as /guest, when it exists) into an initramfs and boot KERNEL in
# QEMU with kver.expect=EXPECT on the command line.
# KVER_VERSION (the real M.P.S, when the release hides it) goes on the
# command line as kver.version=; KVER_UTS_VERSION (what uname -v must say,
# when the lab chose it) into the initramfs as /uts_version. KVER_MODULES,
# a folder of kernel modules and their order ("load", one file a line), goes
# into the initramfs as /modules (the probe loads them, in the guest only),
# and KVER_DEVICES=required on the command line as kver.devices=required
# (every device channel must be read). The initramfs is written by
# KVER_GEN_INIT_CPIO (a kernel build folder's usr/gen_init_cpio), or by
# kver-lab cpio for a kernel the lab did not build.
#
# Writes OUTDIR/serial.log (the whole console), OUTDIR/qemu.status (QEMU's
# exit status; timeout(1)'s when the time limit ended it) and
# OUTDIR/qemu.stderr, names and numbers from probe/protocol.h. The verdict
# is not decided here: kver-lab reads those files.
set -eu
. "$(dirname -- "$0")/common.sh"

[ $# -eq 5 ] || die "usage: boot.sh KERNEL INIT GUEST_DIR EXPECT OUTDIR"
kernel=$1
init=$2
guest=$3
expect=$4
out=$5
timeout=${KVER_BOOT_TIMEOUT:-180}
[ -f "$kernel" ] || die "kernel image $kernel does not exist"
[ -x "$init" ] || die "init program $init does not exist or is not executable"
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 is not installed (apt-get install qemu-system-x86)"
mkdir -p "$out"
# The names and numbers shared with the probe and the boot model.
eval "$(protocol_vars KVER_PARAM_EXPECT KVER_PARAM_VERSION KVER_PARAM_DEVICES KVER_INITRAMFS_UTS \
	KVER_INITRAMFS_GUEST KVER_INITRAMFS_MODULES \
	KVER_EXIT_PORT KVER_FILE_SERIAL KVER_FILE_STATUS KVER_FILE_TIMEOUT KVER_FILE_STDERR KVER_FILE_UTS)"

# The initramfs is written by a list for the kernel's own gen_init_cpio (or
# kver-lab cpio, which reads the same list), so no root and no busybox are
# needed.
write_cpio() {
	if [ -n "${KVER_GEN_INIT_CPIO:-}" ]; then
		"$KVER_GEN_INIT_CPIO" "$1"
	else
		"$KVER_TOP/build/lab/kver-lab" cpio "$1"
	fi
}
[ -n "${KVER_GEN_INIT_CPIO:-}" ] || [ -x "$KVER_TOP/build/lab/kver-lab" ] ||
	die "no KVER_GEN_INIT_CPIO and no build/lab/kver-lab to write the initramfs (make tools)"
list=$out/initramfs.list
# pack_dir DIR TARGET: DIR's files and folders under TARGET in the list.
pack_dir() {
	echo "dir $2 0755 0 0"
	(cd "$1" && find . -mindepth 1 | LC_ALL=C sort) | while IFS= read -r f; do
		f=${f#./}
		if [ -d "$1/$f" ]; then
			echo "dir $2/$f 0755 0 0"
		else
			mode=0644
			[ -x "$1/$f" ] && mode=0755
			echo "file $2/$f $1/$f $mode 0 0"
		fi
	done
}
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "dir /proc 0755 0 0"
	echo "dir /sys 0755 0 0"
	echo "file /init $init 0755 0 0"
	if [ -n "${KVER_UTS_VERSION:-}" ]; then
		printf '%s\n' "$KVER_UTS_VERSION" >"$out/$KVER_FILE_UTS"
		echo "file $KVER_INITRAMFS_UTS $out/$KVER_FILE_UTS 0644 0 0"
	fi
	[ ! -d "$guest" ] || pack_dir "$guest" "$KVER_INITRAMFS_GUEST"
	[ -z "${KVER_MODULES:-}" ] || pack_dir "$KVER_MODULES" "$KVER_INITRAMFS_MODULES"
} >"$list"
# Not compressed: the guest would unpack it on an emulated CPU (0.2-0.3 s
# of a 1.3 s boot here) after the host spent 0.2 s on gzip.
write_cpio "$list" >"$out/initramfs.cpio" || die "writing the initramfs of $list failed"

# KVM only where it really works; TCG is the default and always suffices.
accel=tcg
if [ "${KVER_KVM:-0}" = 1 ] && [ -w /dev/kvm ]; then
	accel=kvm
fi
bios=
[ -f /usr/share/qemu/qboot.rom ] && bios="-bios /usr/share/qemu/qboot.rom"

rc=0
# no_timer_check: under TCG on a loaded host the IO-APIC's timer test can
# see too few ticks, and 5.10 then panics ("IO-APIC + timer doesn't
# work!", seen in a make check beside other builds). The option skips
# that test of the timer IRQ, which QEMU's emulated timer passes when the
# host keeps up: the kernel's verdict on a slow host, not on the kernel.
# shellcheck disable=SC2086 # $bios is empty or two words
timeout -k 5 "$timeout" qemu-system-x86_64 -machine pc,accel=$accel -m 512 -smp 1 \
	-nodefaults -no-user-config -display none -monitor none -no-reboot \
	$bios \
	-serial "file:$out/$KVER_FILE_SERIAL" \
	-device qemu-xhci \
	-device isa-debug-exit,iobase=$KVER_EXIT_PORT,iosize=0x04 \
	-kernel "$kernel" -initrd "$out/initramfs.cpio" \
	-append "console=ttyS0 panic=-1 noapictimer no_timer_check $KVER_PARAM_EXPECT=$expect${KVER_VERSION:+ $KVER_PARAM_VERSION=$KVER_VERSION}${KVER_DEVICES:+ $KVER_PARAM_DEVICES=$KVER_DEVICES}" \
	</dev/null >"$out/$KVER_FILE_STDERR" 2>&1 || rc=$?
echo "$rc" >"$out/$KVER_FILE_STATUS"
echo "$timeout" >"$out/$KVER_FILE_TIMEOUT"
