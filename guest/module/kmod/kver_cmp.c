// SPDX-License-Identifier: GPL-2.0
/*
 * kver_cmp: how version tests answer in a module built for this kernel.
 *
 * For a fixed set of versions M.P.S (M.P = this kernel's own), the module
 * records what the usual "LINUX_VERSION_CODE >= KERNEL_VERSION(M, P, S)"
 * says and what KVER_AT_LEAST / KVER_BELOW from kver_compat.h say, each once
 * in #if and once in a C expression, because out-of-tree code uses both.
 * The answers are fixed at build time; the guest test reads them from
 * /sys/module/kver_cmp/parameters/report and checks them against the
 * release the lab built.
 *
 * This file deliberately contains the broken forms kver-lint warns about.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/version.h>
#include <generated/utsrelease.h>

#include "kver_compat.h"

/*
 * The full numbers: LINUX_VERSION_SUBLEVEL, or on older headers the version
 * they carry as a string, which kver-sublevel.mk (included by Kbuild)
 * passes in.
 */
#if !KVER_FULL_VERSION
#error "kver_cmp needs LINUX_VERSION_SUBLEVEL, or kver-sublevel.mk's numbers, to compare SUBLEVELs above 255"
#endif

#define M_ KVER_MAJOR
#define P_ KVER_PATCHLEVEL

/*
 * One row per version: the preprocessor answers must be spelled out, as
 * #if cannot come out of a macro.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(M_, P_, 254)
#define NAIVE_254 1
#else
#define NAIVE_254 0
#endif
#if KVER_AT_LEAST(M_, P_, 254)
#define COMPAT_254 1
#else
#define COMPAT_254 0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(M_, P_, 255)
#define NAIVE_255 1
#else
#define NAIVE_255 0
#endif
#if KVER_AT_LEAST(M_, P_, 255)
#define COMPAT_255 1
#else
#define COMPAT_255 0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(M_, P_, 256)
#define NAIVE_256 1
#else
#define NAIVE_256 0
#endif
#if KVER_AT_LEAST(M_, P_, 256)
#define COMPAT_256 1
#else
#define COMPAT_256 0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(M_, P_, 258)
#define NAIVE_258 1
#else
#define NAIVE_258 0
#endif
#if KVER_AT_LEAST(M_, P_, 258)
#define COMPAT_258 1
#else
#define COMPAT_258 0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(M_, P_, 260)
#define NAIVE_260 1
#else
#define NAIVE_260 0
#endif
#if KVER_AT_LEAST(M_, P_, 260)
#define COMPAT_260 1
#else
#define COMPAT_260 0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(M_, P_, 300)
#define NAIVE_300 1
#else
#define NAIVE_300 0
#endif
#if KVER_AT_LEAST(M_, P_, 300)
#define COMPAT_300 1
#else
#define COMPAT_300 0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(M_, P_, 301)
#define NAIVE_301 1
#else
#define NAIVE_301 0
#endif
#if KVER_AT_LEAST(M_, P_, 301)
#define COMPAT_301 1
#else
#define COMPAT_301 0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(M_, P_, 65535)
#define NAIVE_65535 1
#else
#define NAIVE_65535 0
#endif
#if KVER_AT_LEAST(M_, P_, 65535)
#define COMPAT_65535 1
#else
#define COMPAT_65535 0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(M_, P_, 65536)
#define NAIVE_65536 1
#else
#define NAIVE_65536 0
#endif
#if KVER_AT_LEAST(M_, P_, 65536)
#define COMPAT_65536 1
#else
#define COMPAT_65536 0
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(M_, P_ + 1, 0)
#define NAIVE_NEXT 1
#else
#define NAIVE_NEXT 0
#endif
#if KVER_AT_LEAST(M_, P_ + 1, 0)
#define COMPAT_NEXT 1
#else
#define COMPAT_NEXT 0
#endif

struct row {
	int major, patchlevel, sublevel;
	int naive_if, naive_c, compat_if, compat_c, below_c;
};

/* The C-expression answers, next to the #if ones. */
#define ROW(p, s, tag)                                                   \
	{ M_, p, s, NAIVE_##tag,                                         \
	  LINUX_VERSION_CODE >= KERNEL_VERSION(M_, p, s), COMPAT_##tag,  \
	  KVER_AT_LEAST(M_, p, s), KVER_BELOW(M_, p, s) }

static const struct row rows[] = {
	ROW(P_, 254, 254),     ROW(P_, 255, 255),     ROW(P_, 256, 256),
	ROW(P_, 258, 258),     ROW(P_, 260, 260),     ROW(P_, 300, 300),
	ROW(P_, 301, 301),     ROW(P_, 65535, 65535), ROW(P_, 65536, 65536),
	ROW(P_ + 1, 0, NEXT),
};

static int report_get(char *buf, const struct kernel_param *kp)
{
	size_t i;
	int n;

	/* How this tree's KERNEL_VERSION() encodes: 65536 256 255 is the clamp. */
	n = scnprintf(buf, PAGE_SIZE,
		      "release %s\nversion %d %d %d\ncode %d\nencoding %d %d %d\n",
		      UTS_RELEASE, KVER_MAJOR, KVER_PATCHLEVEL, KVER_SUBLEVEL,
		      LINUX_VERSION_CODE, KERNEL_VERSION(1, 0, 0),
		      KERNEL_VERSION(0, 1, 0), KERNEL_VERSION(0, 0, 256));
	/* The old way to get SUBLEVEL back, and the compat one. */
	n += scnprintf(buf + n, PAGE_SIZE - n, "sublevel %d %d\n",
		       LINUX_VERSION_CODE & 0xff, KVER_SUBLEVEL);
	for (i = 0; i < ARRAY_SIZE(rows); i++)
		n += scnprintf(buf + n, PAGE_SIZE - n,
			       "ge %d %d %d %d %d %d %d %d\n", rows[i].major,
			       rows[i].patchlevel, rows[i].sublevel,
			       rows[i].naive_if, rows[i].naive_c,
			       rows[i].compat_if, rows[i].compat_c,
			       rows[i].below_c);
	return n;
}

/* Read-only: a write (or report= at load time) is refused. */
static int report_set(const char *val, const struct kernel_param *kp)
{
	return -EPERM;
}

static const struct kernel_param_ops report_ops = {
	.set = report_set,
	.get = report_get,
};
module_param_cb(report, &report_ops, NULL, 0444);
MODULE_PARM_DESC(report, "version test answers fixed at build time");

static int __init kver_cmp_init(void)
{
	pr_info("kver_cmp: built for %s (LINUX_VERSION_CODE %#x)\n",
		UTS_RELEASE, LINUX_VERSION_CODE);
	return 0;
}

static void __exit kver_cmp_exit(void)
{
}

module_init(kver_cmp_init);
module_exit(kver_cmp_exit);
MODULE_DESCRIPTION("kver: naive and full-precision kernel version tests");
MODULE_LICENSE("GPL");
