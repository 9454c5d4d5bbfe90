// SPDX-License-Identifier: GPL-2.0
/*
 * headers.t: what a program compiled against this point's UAPI headers
 * (make headers_install) believes about the kernel version.
 *
 * The build script compiles it with -I HEADERS/include and -I probe/ (for
 * protocol.h, where the value line is spelled), and passes the point's
 * true numbers as KVER_TRUE_MAJOR, KVER_TRUE_PATCHLEVEL and
 * KVER_TRUE_SUBLEVEL. Everything printed is fixed at compile time, as in
 * any program or module that uses <linux/version.h>; the guest only shows
 * it. Output is KTAP with "# value: headers.KEY=VALUE" lines for the
 * variant matrix. It reports and never judges: the exit status is 0.
 */
#include <linux/version.h>
#include <stdio.h>

#include "protocol.h"

#if !defined(KVER_TRUE_MAJOR) || !defined(KVER_TRUE_PATCHLEVEL) || !defined(KVER_TRUE_SUBLEVEL)
#error "build with -DKVER_TRUE_MAJOR=M -DKVER_TRUE_PATCHLEVEL=P -DKVER_TRUE_SUBLEVEL=S"
#endif
#ifndef LINUX_VERSION_CODE
#error "this <linux/version.h> has no LINUX_VERSION_CODE"
#endif
#ifndef KERNEL_VERSION
#error "this <linux/version.h> has no KERNEL_VERSION()"
#endif

/* A module's "am I at least this version" test, as the preprocessor sees it. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(KVER_TRUE_MAJOR, KVER_TRUE_PATCHLEVEL, KVER_TRUE_SUBLEVEL)
#define AT_LEAST 1
#else
#define AT_LEAST 0
#endif

#define VALUE(key, fmt, ...) printf(KVER_VALUE_LINE key "=" fmt "\n", __VA_ARGS__)

int main(void)
{
	printf("KTAP version 1\n1..1\n");
	VALUE(KVER_KEY_HEADERS_ARGS, "%d.%d.%d", KVER_TRUE_MAJOR, KVER_TRUE_PATCHLEVEL,
	      KVER_TRUE_SUBLEVEL);
	VALUE(KVER_KEY_HEADERS_CODE, "0x%06lx", (unsigned long)(LINUX_VERSION_CODE));
	VALUE(KVER_KEY_HEADERS_KERNEL_VERSION, "0x%06lx",
	      (unsigned long)(KERNEL_VERSION(KVER_TRUE_MAJOR, KVER_TRUE_PATCHLEVEL,
					     KVER_TRUE_SUBLEVEL)));
	VALUE(KVER_KEY_HEADERS_AT_LEAST, "%d", AT_LEAST);
#ifdef LINUX_VERSION_MAJOR
	VALUE(KVER_KEY_HEADERS_MAJOR, "%lu", (unsigned long)(LINUX_VERSION_MAJOR));
#else
	VALUE(KVER_KEY_HEADERS_MAJOR, "%s",
	      KVER_VALUE_ABSENT ": no LINUX_VERSION_MAJOR in <linux/version.h>");
#endif
#ifdef LINUX_VERSION_PATCHLEVEL
	VALUE(KVER_KEY_HEADERS_PATCHLEVEL, "%lu", (unsigned long)(LINUX_VERSION_PATCHLEVEL));
#else
	VALUE(KVER_KEY_HEADERS_PATCHLEVEL, "%s",
	      KVER_VALUE_ABSENT ": no LINUX_VERSION_PATCHLEVEL in <linux/version.h>");
#endif
#ifdef LINUX_VERSION_SUBLEVEL
	VALUE(KVER_KEY_HEADERS_SUBLEVEL, "%lu", (unsigned long)(LINUX_VERSION_SUBLEVEL));
#else
	VALUE(KVER_KEY_HEADERS_SUBLEVEL, "%s",
	      KVER_VALUE_ABSENT ": no LINUX_VERSION_SUBLEVEL in <linux/version.h>");
#endif
	printf("ok 1 headers_values\n");
	return 0;
}
