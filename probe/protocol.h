/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The contract between the probe (the guest's /init), the lab and the
 * matrix: the one place its names and numbers are spelled. The probe and
 * the headers plugin (guest/headers) print them; the boot model (lab/boot*.c),
 * the point's record (lab/meta.c), the report (lab/report.c) and the matrix
 * (matrix/) read them; the shell gets them through protocol() of
 * lab/common.sh, which runs this header through the C preprocessor, never
 * by typing them again. Plain C, no dependencies (docs/architecture.md).
 *
 * What the probe prints on the serial console:
 *
 *   KTAP version 1
 *   # kver-probe                       the producer line of the probe's KTAP
 *   1..N
 *   # value: uname.release=6.1.300     a measured value, at any indentation
 *   ok 1 uname_release
 *   ok 8 guest:headers                 a guest plugin's test, with subtests
 *   # kver-probe: exit=0               the last line: the probe's exit status
 */
#ifndef KVER_PROTOCOL_H
#define KVER_PROTOCOL_H

/* The probe's name, as the first diagnostic line of its KTAP document. */
#define KVER_PROBE_NAME "kver-probe"
/* Diagnostic text of a value line; the line is "# " KVER_VALUE "KEY=VALUE". */
#define KVER_VALUE "value: "
#define KVER_VALUE_LINE "# " KVER_VALUE
/* The probe's last line, followed by its exit status in decimal. */
#define KVER_PROBE_EXIT "# " KVER_PROBE_NAME ": exit="
/* Name prefix of the probe's tests that ran a guest plugin. */
#define KVER_GUEST_TEST "guest:"
/*
 * A guest plugin's build, or its program in the guest, that does not apply
 * exits with this status (kselftest's skip; guest/README.md).
 */
#define KVER_GUEST_SKIP 4

/*
 * The value keys. A value the kernel does not offer starts with
 * KVER_VALUE_ABSENT, maybe followed by ": " and the reason.
 */
#define KVER_VALUE_ABSENT "absent"
#define KVER_KEY_EXPECT "expect"			/* kver.expect=, as given */
#define KVER_KEY_VERSION "version"			/* kver.version=, as given */
#define KVER_KEY_UNAME_RELEASE "uname.release"		/* uname(2) */
#define KVER_KEY_OSRELEASE "proc.osrelease"		/* /proc/sys/kernel/osrelease */
#define KVER_KEY_PROC_VERSION "proc.version"		/* the release word of /proc/version */
#define KVER_KEY_UNAME_VERSION "uname.version"		/* uname -v */
#define KVER_KEY_VDSO_CODE "vdso.code"			/* the vDSO's note, 0x%06x */
#define KVER_KEY_LIBKVER_VERSION "libkver.version"	/* kver_running(): M.P.S */
#define KVER_KEY_LIBKVER_CODE "libkver.code"		/* its code, 0x%06x */
#define KVER_KEY_LIBKVER_FROM "libkver.from_sublevel"	/* kver_source_name() */
#define KVER_KEY_UNAME26 "uname26.release"		/* uname(2) under UNAME26 */
#define KVER_KEY_V4L2 "v4l2.version"			/* device codes, 0x%06x */
#define KVER_KEY_MEDIA "media.media_version"
#define KVER_KEY_MEDIA_DRIVER "media.driver_version"
#define KVER_KEY_CEC "cec.version"
#define KVER_KEY_USB_BCD "usb.bcdDevice"		/* the xHCI root hub */
#define KVER_KEY_USB_MANUFACTURER "usb.manufacturer"
/* The headers plugin's keys: what <linux/version.h> says at compile time. */
#define KVER_HEADERS "headers."
#define KVER_KEY_HEADERS_ARGS KVER_HEADERS "args"	/* the true M.P.S it was given */
#define KVER_KEY_HEADERS_CODE KVER_HEADERS "code"	/* LINUX_VERSION_CODE */
#define KVER_KEY_HEADERS_KERNEL_VERSION KVER_HEADERS "kernel_version"
#define KVER_KEY_HEADERS_AT_LEAST KVER_HEADERS "at_least"
#define KVER_KEY_HEADERS_MAJOR KVER_HEADERS "major"	/* LINUX_VERSION_MAJOR... */
#define KVER_KEY_HEADERS_PATCHLEVEL KVER_HEADERS "patchlevel"
#define KVER_KEY_HEADERS_SUBLEVEL KVER_HEADERS "sublevel"

/*
 * What the lab gives the probe: kver.expect=RELEASE and kver.version=M.P.S
 * on the kernel command line, the UTS version in the initramfs, the guest
 * plugins' programs below a folder of it.
 */
#define KVER_PARAM_EXPECT "kver.expect"
#define KVER_PARAM_VERSION "kver.version"
#define KVER_INITRAMFS_UTS "/uts_version"
#define KVER_INITRAMFS_GUEST "/guest"
/*
 * Drivers the lab packed for a kernel that has its device drivers as
 * modules (Debian's own images): the .ko files in a folder of the
 * initramfs, KVER_INITRAMFS_MODULES "/load" naming them in the order to
 * load them; with KVER_PARAM_DEVICES=KVER_DEVICES_REQUIRED on the command
 * line every device channel must then be read.
 */
#define KVER_INITRAMFS_MODULES "/modules"
#define KVER_PARAM_DEVICES "kver.devices"
#define KVER_DEVICES_REQUIRED "required"

/*
 * The exit encoding. The probe leaves QEMU through isa-debug-exit at I/O
 * port KVER_EXIT_PORT, writing KVER_EXIT_BASE | status (status 0 when every
 * check passed, 1 when one failed); QEMU then exits with (value << 1) | 1,
 * KVER_QEMU_EXIT(status): 0x21 and 0x23. KVER_EXIT_BASE keeps a guest's
 * status apart from QEMU's own exit code 1. lab/boot.sh records QEMU's
 * status; timeout(1) gives 124 when the time limit ended it, 137 when it
 * had to kill it.
 */
#define KVER_EXIT_PORT 0xf4
#define KVER_EXIT_BASE 0x10
#define KVER_PROBE_PASS 0
#define KVER_PROBE_FAIL 1
#define KVER_QEMU_EXIT(status) (((KVER_EXIT_BASE | (status)) << 1) | 1)
#define KVER_QEMU_TIMEOUT 124
#define KVER_QEMU_KILLED 137

/*
 * A boot folder (lab/run.sh makes one per point, lab/boot.sh fills it):
 * its files, by name. The folder itself is named TREE-SERIES-SUBLEVEL, or
 * TREE-SERIES-STYLE-SUBLEVEL for a release style other than upstream.
 */
#define KVER_FILE_META "point.meta"		/* the point's record, KEY=VALUE lines */
#define KVER_FILE_SERIAL "serial.log"		/* the whole console */
#define KVER_FILE_STATUS "qemu.status"		/* QEMU's exit status */
#define KVER_FILE_TIMEOUT "qemu.timeout"	/* the time limit, in seconds */
#define KVER_FILE_STDERR "qemu.stderr"		/* QEMU's own messages */
#define KVER_FILE_UTS "uts_version"		/* what becomes KVER_INITRAMFS_UTS */
/*
 * point.meta: the record of a point, KEY=VALUE lines in this order. One
 * writer (kver-lab meta, which lab/run.sh calls) and one reader (the boot
 * model), both lab/meta.c, which also says each key's kind and default.
 */
#define KVER_META_TREE "tree"		/* the tree: 6.1, 5.10@5.10.262-1 */
#define KVER_META_PACKAGE "package"	/* its Debian package version */
#define KVER_META_MAKEFILE "makefile"	/* its own M.P.S, from its Makefile */
#define KVER_META_SERIES "series"	/* kver, mainline, a design's name */
#define KVER_META_STYLE "style"		/* the release style: upstream, debian, custom */
#define KVER_META_SUBLEVEL "sublevel"	/* the point's SUBLEVEL */
#define KVER_META_VERSION "version"	/* the M.P.S built */
#define KVER_META_EXPECT "expect"	/* the release uname -r must say */
#define KVER_META_HIDES "hides_version"	/* 1: the release hides the version (probe/truth.h) */
#define KVER_META_UTS "uts_version"	/* the UTS version the lab chose, or empty */
#define KVER_META_MAKE_VARS "make_vars"	/* the make variables of the build */
#define KVER_META_BUILD "build"		/* the kind of build: full, incremental, ... */
#define KVER_META_BUILD_S "build_s"	/* seconds: the build */
#define KVER_META_GUEST_S "guest_s"	/* the guest plugins' builds */
#define KVER_META_WAIT_S "wait_s"	/* waiting for the point before */
#define KVER_META_BOOT_S "boot_s"	/* the boot */
/* A Debian kernel booted as shipped (style shipped, lab/shipped.sh): */
#define KVER_META_IMAGE "image"		/* its linux-image package */
#define KVER_META_HEADERS "headers"	/* the linux-headers package DKMS built against */
#define KVER_META_SUITE "suite"		/* the Debian suite that served them */

/* The JSON of a run, beside its boot folders (docs/results-schema.md). */
#define KVER_FILE_RESULTS "results.json"

#endif
