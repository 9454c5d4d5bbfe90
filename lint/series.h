/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which kernels clamp what: what a kernel series' own <linux/version.h>
 * makes of a version test (series.c). Shared by the rules and by the
 * audit (audit/), which asks what a finding's test answers on one kernel.
 */
#ifndef KVER_LINT_SERIES_H
#define KVER_LINT_SERIES_H

struct series {
	long long major, minor;
	/* SUBLEVEL from which the code reads M.P.255, or -1: never. */
	long long code_from;
	/* KERNEL_VERSION() clamps its SUBLEVEL at 255. */
	int kv_clamps;
	/* Where the series is known from, for messages ("4.19 stable"). */
	const char *who;
};

/* The series M.P (any M.P: one that never passed 255 clamps nothing). */
void series_get(long long major, long long minor, struct series *s);
/* LINUX_VERSION_CODE of M.P.sub on its own headers. */
long long series_code(const struct series *s, long long sub);
/* KERNEL_VERSION(a, b, c) with the series' headers. */
long long series_kv(const struct series *s, long long a, long long b, long long c);
/* x OP y: 1 or 0; -1 for an operator that is none of >= > <= < == !=. */
int series_holds(const char *op, long long x, long long y);
/* x.y.z as a code would spell it, (x << 16) + (y << 8) + z, unclamped. */
long long series_pack(long long x, long long y, long long z);

/* A run of SUBLEVELs of the series on which a test answers otherwise than meant. */
struct wrong {
	long long from, to; /* to is 65535 for "and later" */
	int answer;         /* what the test answers there */
};

/*
 * The runs (at most max, the first ones) of SUBLEVEL 0..65535 of the series
 * on which "code OP value" answers otherwise than "M.P.SUBLEVEL OP want",
 * the code being the series' LINUX_VERSION_CODE: their number, 0 when the
 * test is right on every kernel of the series.
 */
int series_wrong(const struct series *s, const char *op, long long value,
		 const long long want[3], struct wrong *w, int max);
/* The same on one kernel M.P.sub: 1 when it answers otherwise than meant. */
int series_wrong_at(const struct series *s, long long sub, const char *op, long long value,
		    const long long want[3], int *answer, int *meant);

#endif
