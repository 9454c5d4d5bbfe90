/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kver_compat.h - kernel version tests that stay right above SUBLEVEL 255.
 *
 * Since 2021 LINUX_VERSION_CODE and KERNEL_VERSION() clamp SUBLEVEL to 255,
 * so "LINUX_VERSION_CODE >= KERNEL_VERSION(5, 4, 260)" is already true on
 * 5.4.255 through 5.4.259. The tests below compare MAJOR.PATCHLEVEL.SUBLEVEL
 * at full precision and work both in #if and in C expressions:
 *
 *	#if KVER_AT_LEAST(5, 4, 260)	kernel is 5.4.260 or later
 *	#if KVER_BELOW(6, 1, 300)	kernel is older than 6.1.300
 *
 * They use LINUX_VERSION_MAJOR, LINUX_VERSION_PATCHLEVEL and
 * LINUX_VERSION_SUBLEVEL when <linux/version.h> has them, and
 * LINUX_VERSION_CODE when it does not. LINUX_VERSION_CODE cannot tell a
 * SUBLEVEL above 255 from 255, so on such a kernel a test against a SUBLEVEL
 * above 255 stops the build (the diagnostic names
 * kver_error_SUBLEVEL_above_255_but_this_kernel_has_no_LINUX_VERSION_SUBLEVEL)
 * instead of silently picking a branch.
 *
 * Single header, no other dependency. "Kernel" means the kernel the code is
 * built against, as everywhere <linux/version.h> is used.
 */
#ifndef KVER_COMPAT_H
#define KVER_COMPAT_H

#ifndef LINUX_VERSION_CODE
#include <linux/version.h>
#endif

#if defined(LINUX_VERSION_MAJOR) && defined(LINUX_VERSION_PATCHLEVEL) && \
	defined(LINUX_VERSION_SUBLEVEL)

/* 1 when the full-width numbers are known, 0 when only LINUX_VERSION_CODE. */
#define KVER_FULL_VERSION 1
#define KVER_MAJOR LINUX_VERSION_MAJOR
#define KVER_PATCHLEVEL LINUX_VERSION_PATCHLEVEL
#define KVER_SUBLEVEL LINUX_VERSION_SUBLEVEL

/* Field by field, so a SUBLEVEL of any width compares right. */
#define KVER_AT_LEAST(a, b, c)                                           \
	(LINUX_VERSION_MAJOR > (a) ||                                    \
	 (LINUX_VERSION_MAJOR == (a) &&                                  \
	  (LINUX_VERSION_PATCHLEVEL > (b) ||                             \
	   (LINUX_VERSION_PATCHLEVEL == (b) && LINUX_VERSION_SUBLEVEL >= (c)))))

#else /* only LINUX_VERSION_CODE */

#define KVER_FULL_VERSION 0
#define KVER_MAJOR (LINUX_VERSION_CODE >> 16)
#define KVER_PATCHLEVEL ((LINUX_VERSION_CODE >> 8) & 0xff)
/* Clamped: 255 here means "255 or later". */
#define KVER_SUBLEVEL (LINUX_VERSION_CODE & 0xff) /* kver-lint: ignore */

/*
 * 1 when SUBLEVEL c can be compared, else a division by zero: an error in
 * #if, and in C code through the pragma below. In #if the undefined name
 * reads as 0 (and -Wundef, which Kbuild enables, prints it); in C it is
 * this enum constant.
 */
#ifndef __ASSEMBLY__
enum { kver_error_SUBLEVEL_above_255_but_this_kernel_has_no_LINUX_VERSION_SUBLEVEL = 0 };
#endif
#define KVER__COMPARABLE(c) \
	(1 / ((c) <= 255 || kver_error_SUBLEVEL_above_255_but_this_kernel_has_no_LINUX_VERSION_SUBLEVEL))

#if defined(__clang__)
#pragma clang diagnostic error "-Wdivision-by-zero"
#elif defined(__GNUC__)
#pragma GCC diagnostic error "-Wdiv-by-zero"
#endif

/*
 * Exact for c <= 255: a clamped code still orders every SUBLEVEL up to 255.
 * Larger c never reaches the encoding (KVER__COMPARABLE stops the build).
 */
#define KVER_AT_LEAST(a, b, c)                                           \
	(KVER__COMPARABLE(c) &&                                          \
	 LINUX_VERSION_CODE >= ((a) * 65536 + (b) * 256 + (c))) /* kver-lint: ignore */

#endif

#define KVER_BELOW(a, b, c) (!KVER_AT_LEAST(a, b, c))

#endif /* KVER_COMPAT_H */
