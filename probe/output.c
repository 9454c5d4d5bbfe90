// SPDX-License-Identifier: GPL-2.0
/*
 * The probe's KTAP on the console: numbered results, "# " diagnostics and
 * value lines, and whether anything failed (the probe's exit status).
 */
#include <stdarg.h>
#include <stdio.h>

#include "probe.h"

static int test_no;
static int failed;

void result(int ok, const char *name, const char *skip)
{
	test_no++;
	if (!ok)
		failed = 1;
	if (skip)
		printf("ok %d %s # SKIP %s\n", test_no, name, skip);
	else
		printf("%sok %d %s\n", ok ? "" : "not ", test_no, name);
	fflush(stdout);
}

void diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

int any_failed(void)
{
	return failed;
}
