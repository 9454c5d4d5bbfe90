/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kver-lab's parts: the judge (kver-lab.c) fills one struct point per boot
 * folder; the report (report.c) shows them on the terminal (term.h).
 */
#ifndef KVER_LAB_H
#define KVER_LAB_H

#include <stdio.h>

#include "ktap.h"
#include "term.h"

#define TAIL_LINES 12

struct point {
	char dir[1024];
	/* point.meta */
	char tree[16], package[64], makefile[32], series[64], sublevel[16], expect[64];
	char style[16];		/* "upstream" (default), "debian" or "custom" */
	char version[64];	/* the real M.P.S; the expected release when absent */
	/* what the guest did */
	int qemu_status, timeout_s;
	char guest[32];		/* "ok", "hung", "panic", "crashed", "no-init", ... */
	char detail[1536];
	char *tail[TAIL_LINES];
	int ntail;
	/* probe values and results */
	char release[128], vdso[32];
	struct ktap_log log;
	struct ktap_doc *probe;
	int exit_marker;	/* the probe's own exit=N, -1 when absent */
	struct ktap_counts kunit, guest_tests;
	int kunit_docs;
	int ok;
};

/* report.c: the table (narrow, or wide with one column per probe check). */
struct report_opts {
	int colour;		/* ANSI colours */
	int wide;		/* 1: the wide table; 0: narrow; -1: wide when it fits width */
	int width;		/* terminal columns, 0 when not a terminal */
};
void report_table(FILE *out, struct point *pts, int npts, const struct report_opts *o);
/* Every failure of every point; serial log lines cut to width when not 0. */
void report_details(FILE *out, struct point *pts, int npts, int width);

/* kver-lab.c */
void die(const char *fmt, const char *arg, const char *why);

#endif
