// SPDX-License-Identifier: GPL-2.0
/*
 * Which kernels clamp what. The code and KERNEL_VERSION() of a kernel
 * series are what its own top Makefile writes into <linux/version.h>
 * (filechk_version.h), and the stable trees did not all do the same
 * (docs/audit.md cites each):
 *
 *   5.4 and later   LINUX_VERSION_CODE and KERNEL_VERSION() both clamp
 *                   SUBLEVEL at 255 (9b82f13e7ef3 in v5.11, 5.10.y and
 *                   5.4.106, March 2021)
 *   4.4, 4.9        the code reads M.P.255 from M.P.257 on (4.4.256 and
 *                   4.9.256 shipped before the clamp: their code carried
 *                   into 4.5.0 and 4.10.0), KERNEL_VERSION() is not clamped
 *                   (February 2021): KERNEL_VERSION(4, 9, 337) is 4.10.81 there
 *   4.14, 4.19      the same, but the code reads M.P.255 already from 4.14.252
 *                   and 4.19.222 on, before the real SUBLEVEL reached it
 *   any other       neither is clamped; none of them passed 255
 */
#include <stddef.h>

#include "series.h"

static const struct early {
	long long major, minor, code_from;
	const char *who;
} early[] = {
	{ 4, 4, 257, "4.4 stable" },
	{ 4, 9, 257, "4.9 stable" },
	{ 4, 14, 252, "4.14 stable" },
	{ 4, 19, 222, "4.19 stable" },
};

void series_get(long long major, long long minor, struct series *s)
{
	s->major = major;
	s->minor = minor;
	s->code_from = -1;
	s->kv_clamps = 0;
	s->who = "";
	if (major > 5 || (major == 5 && minor >= 4)) {
		s->code_from = 256;
		s->kv_clamps = 1;
		s->who = "mainline and stable from 5.4 on";
		return;
	}
	for (unsigned int i = 0; i < sizeof(early) / sizeof(early[0]); i++)
		if (early[i].major == major && early[i].minor == minor) {
			s->code_from = early[i].code_from;
			s->who = early[i].who;
		}
}

long long series_pack(long long x, long long y, long long z)
{
	return (x << 16) + (y << 8) + z;
}

long long series_code(const struct series *s, long long sub)
{
	if (s->code_from >= 0 && sub >= s->code_from)
		sub = 255;
	return series_pack(s->major, s->minor, sub);
}

long long series_kv(const struct series *s, long long a, long long b, long long c)
{
	return series_pack(a, b, s->kv_clamps && c > 255 ? 255 : c);
}

int series_holds(const char *op, long long x, long long y)
{
	if (op[0] == '>' && op[1] == '=')
		return x >= y;
	if (op[0] == '<' && op[1] == '=')
		return x <= y;
	if (op[0] == '=' && op[1] == '=')
		return x == y;
	if (op[0] == '!' && op[1] == '=')
		return x != y;
	if (op[0] == '>' && !op[1])
		return x > y;
	if (op[0] == '<' && !op[1])
		return x < y;
	return -1;
}

/* M.P.sub against want, compared part by part: -1, 0 or 1 as for x - want. */
static long long meant_order(const struct series *s, long long sub, const long long want[3])
{
	long long v[3] = { s->major, s->minor, sub };

	for (int k = 0; k < 3; k++)
		if (v[k] != want[k])
			return v[k] < want[k] ? -1 : 1;
	return 0;
}

int series_wrong_at(const struct series *s, long long sub, const char *op, long long value,
		    const long long want[3], int *answer, int *meant)
{
	int a = series_holds(op, series_code(s, sub), value);
	int m = series_holds(op, meant_order(s, sub, want), 0);

	if (a < 0 || m < 0)
		return 0;
	if (answer)
		*answer = a;
	if (meant)
		*meant = m;
	return a != m;
}

int series_wrong(const struct series *s, const char *op, long long value,
		 const long long want[3], struct wrong *w, int max)
{
	/*
	 * Past the last SUBLEVEL that either side depends on, nothing changes:
	 * the answer at last holds up to 65535.
	 */
	long long last = want[2] > 256 ? want[2] : 256, off = value - series_pack(s->major, s->minor, 0);
	int n = 0;

	if (off > last && off < 65535)
		last = off;
	last = last + 2 > 65535 ? 65535 : last + 2;
	for (long long sub = 0; sub <= last; sub++) {
		int answer;

		if (!series_wrong_at(s, sub, op, value, want, &answer, NULL))
			continue;
		if (n && w[n - 1].answer == answer && w[n - 1].to == sub - 1) {
			w[n - 1].to = sub == last ? 65535 : sub;
			continue;
		}
		if (n == max)
			break;
		w[n].from = sub;
		w[n].to = sub == last ? 65535 : sub;
		w[n].answer = answer;
		n++;
	}
	return n;
}
