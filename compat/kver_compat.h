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
 * LINUX_VERSION_SUBLEVEL when <linux/version.h> has them; else
 * KVER_HEADERS_MAJOR, KVER_HEADERS_PATCHLEVEL and KVER_HEADERS_SUBLEVEL
 * when the build defines them (kver-sublevel.mk does, from the version
 * string Debian's headers carry), which must be what LINUX_VERSION_CODE
 * encodes; else LINUX_VERSION_CODE alone. There a test against a SUBLEVEL
 * above 255 is answered when the kernel is not a.b.255 by its code (4.9.200
 * is below 4.9.320, 4.14.0 above it); on a kernel whose code reads a.b.255
 * (a.b.255 or any later a.b, which the code cannot tell apart) it stops
 * the build, the diagnostic naming
 * kver_error_SUBLEVEL_above_255_but_this_kernel_has_no_LINUX_VERSION_SUBLEVEL,
 * instead of silently picking a branch. A third argument that is a
 * variable cannot be checked by the compiler: where the answer would
 * depend on it, the code refers to an object that is never defined
 * (kver_error_SUBLEVEL_is_a_variable_and_this_kernel_has_no_LINUX_VERSION_SUBLEVEL),
 * so the link (modpost for a module) stops the build and the division
 * beside it never runs. a and b are always constants.
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

#define KVER_MAJOR LINUX_VERSION_MAJOR
#define KVER_PATCHLEVEL LINUX_VERSION_PATCHLEVEL
#define KVER_SUBLEVEL LINUX_VERSION_SUBLEVEL

#elif defined(KVER_HEADERS_SUBLEVEL)

#if !defined(KVER_HEADERS_MAJOR) || !defined(KVER_HEADERS_PATCHLEVEL)
#error "kver_compat.h: KVER_HEADERS_SUBLEVEL needs KVER_HEADERS_MAJOR and KVER_HEADERS_PATCHLEVEL"
#endif
/* The code clamps SUBLEVEL at 255: 5.10.262 is stored as 5.10.255. */
#define KVER__CODE_SUBLEVEL (LINUX_VERSION_CODE & 0xff) /* kver-lint: ignore */
#if KVER_HEADERS_MAJOR != (LINUX_VERSION_CODE >> 16) ||                 \
	KVER_HEADERS_PATCHLEVEL != ((LINUX_VERSION_CODE >> 8) & 0xff) || \
	KVER__CODE_SUBLEVEL !=                                           \
		(KVER_HEADERS_SUBLEVEL < 255 ? KVER_HEADERS_SUBLEVEL : 255)
#error "kver_compat.h: KVER_HEADERS_MAJOR/PATCHLEVEL/SUBLEVEL are not the version LINUX_VERSION_CODE encodes"
#endif
#define KVER_MAJOR KVER_HEADERS_MAJOR
#define KVER_PATCHLEVEL KVER_HEADERS_PATCHLEVEL
#define KVER_SUBLEVEL KVER_HEADERS_SUBLEVEL

#endif

#ifdef KVER_SUBLEVEL

/* 1 when the full-width numbers are known, 0 when only LINUX_VERSION_CODE. */
#define KVER_FULL_VERSION 1

/* Field by field, so a SUBLEVEL of any width compares right. */
#define KVER_AT_LEAST(a, b, c)                                           \
	(KVER_MAJOR > (a) ||                                             \
	 (KVER_MAJOR == (a) &&                                           \
	  (KVER_PATCHLEVEL > (b) || (KVER_PATCHLEVEL == (b) && KVER_SUBLEVEL >= (c)))))

#else /* only LINUX_VERSION_CODE */

#define KVER_FULL_VERSION 0
#define KVER_MAJOR (LINUX_VERSION_CODE >> 16)
#define KVER_PATCHLEVEL ((LINUX_VERSION_CODE >> 8) & 0xff)
/* Clamped: 255 here means "255 or later". */
#define KVER_SUBLEVEL (LINUX_VERSION_CODE & 0xff) /* kver-lint: ignore */

/*
 * The code of a.b.c, c at most 255, and the refusal where the kernel reads
 * a.b.255 and c is above 255: a division by a constant zero, an error in
 * #if and, through the pragma below, in C. Its divisor is 1 wherever the
 * branch is not taken, so that no compiler sees a zero there. In
 * #if the undefined names read as 0 (and -Wundef, which Kbuild enables,
 * prints them); in C the first is this enum constant, and the second an
 * object nobody defines, left in the code only where c is a variable.
 */
#ifndef __ASSEMBLY__
enum { kver_error_SUBLEVEL_above_255_but_this_kernel_has_no_LINUX_VERSION_SUBLEVEL = 0 };
extern const int kver_error_SUBLEVEL_is_a_variable_and_this_kernel_has_no_LINUX_VERSION_SUBLEVEL;
#endif
#define KVER__CODE(a, b, c) ((a) * 65536 + (b) * 256 + (c)) /* kver-lint: ignore */
#define KVER__REFUSED(a, b, c)                                                            \
	(kver_error_SUBLEVEL_is_a_variable_and_this_kernel_has_no_LINUX_VERSION_SUBLEVEL + \
	 1 / ((c) <= 255 || LINUX_VERSION_CODE != KVER__CODE(a, b, 255) || kver_error_SUBLEVEL_above_255_but_this_kernel_has_no_LINUX_VERSION_SUBLEVEL))

#if defined(__clang__)
#pragma clang diagnostic error "-Wdivision-by-zero"
#elif defined(__GNUC__)
#pragma GCC diagnostic error "-Wdiv-by-zero"
#endif

/*
 * Exact for c <= 255: a clamped code still orders every SUBLEVEL up to 255.
 * Larger c: a kernel below or above a.b.255 is answered by its code, one
 * at a.b.255 is refused (KVER__REFUSED).
 */
#define KVER_AT_LEAST(a, b, c)                                            \
	((c) <= 255 ? LINUX_VERSION_CODE >= KVER__CODE(a, b, c) :         \
	 LINUX_VERSION_CODE != KVER__CODE(a, b, 255) ?                    \
	 LINUX_VERSION_CODE > KVER__CODE(a, b, 255) : KVER__REFUSED(a, b, c))

#endif

#define KVER_BELOW(a, b, c) (!KVER_AT_LEAST(a, b, c))

#endif /* KVER_COMPAT_H */
