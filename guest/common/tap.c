// SPDX-License-Identifier: GPL-2.0
/* The TAP result line of the guest programs; see tap.h. */
#include <stdarg.h>
#include <stdio.h>

#include "tap.h"

int guest_result(int n, int ok, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d ", ok ? "" : "not ", n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	return !ok;
}
