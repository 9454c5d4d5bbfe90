// SPDX-License-Identifier: GPL-2.0
/*
 * Calls perf's own fetch_kernel_version(), compiled from the tree's
 * tools/perf/util/util.c, and compares the version code it computes with the
 * kernel's LINUX_VERSION_CODE: the version the kernel was built as (see
 * expect.h) encoded with the sublevel clamped at 255, which must also equal
 * the "Linux" note of the vDSO.
 *
 * perf hands this value to clang as -DLINUX_VERSION_CODE when it builds BPF
 * events from C, and uses it as kern_version; running those paths needs clang
 * and a shell in the guest, so the function is called directly instead.
 *
 * Output is TAP; exit status 0 when nothing failed, 1 otherwise.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "expect.h"

/* From tools/perf/util/util.h. */
int fetch_kernel_version(unsigned int *puint, char *str, size_t str_sz);

/* What util.o needs from perf's debug.c, for pr_debug(). */
int verbose;

int eprintf(int level, int var, const char *fmt, ...);
int eprintf(int level, int var, const char *fmt, ...)
{
	va_list ap;
	int ret;

	if (var < level)
		return 0;
	printf("# ");
	va_start(ap, fmt);
	ret = vprintf(fmt, ap);
	va_end(ap);
	return ret;
}

int main(void)
{
	struct guest_expect e;
	unsigned int v = 0;
	char str[128] = "";
	int err, bad;

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n1..2\n");
	if (guest_expect(&e))
		return 1;

	err = fetch_kernel_version(&v, str, sizeof(str));
	printf("# fetch_kernel_version() = %d: %#x (%u.%u.%u), release \"%s\"\n",
	       err, v, v >> 16, (v >> 8) & 0xff, v & 0xff, str);
	if (err) {
		printf("not ok 1 fetch_kernel_version() code\n");
		bad = 1;
	} else {
		bad = guest_check(&e, 1, v, "fetch_kernel_version() code");
	}
	printf("%s 2 fetch_kernel_version() release string\n",
	       !err && !strcmp(str, e.uts.release) ? "ok" : "not ok");
	return bad || err || strcmp(str, e.uts.release);
}
