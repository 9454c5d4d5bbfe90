/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kver-lab's parts: the boot model (boot.h) reads and judges each boot
 * folder; the report (report.c) shows them on the terminal (term.h).
 */
#ifndef KVER_LAB_H
#define KVER_LAB_H

#include <stdio.h>

#include "boot.h"
#include "term.h"

/* report.c: the table (narrow, or wide with one column per probe check). */
struct report_opts {
	int colour;		/* ANSI colours */
	int wide;		/* 1: the wide table; 0: narrow; -1: wide when it fits width */
	int width;		/* terminal columns, 0 when not a terminal */
};
void report_table(FILE *out, struct boot *pts, int npts, const struct report_opts *o);
/* Every failure of every point; serial log lines cut to width when not 0. */
void report_details(FILE *out, struct boot *pts, int npts, int width);
/* One line per guest that did not run to its end; 1 when every guest did. */
int report_guests(FILE *out, struct boot *pts, int npts);

/*
 * The subcommands, in kver-lab.c's table: each takes argv from its own name
 * on (argv[0] is "report", ...) and returns the exit status.
 */

/* cmd_report.c: kver-lab report, each boot folder judged and shown. */
int cmd_report(int argc, char **argv);

/* cmd_point.c: kver-lab sublevels and kver-lab point (the names in style.c). */
int cmd_sublevels(int argc, char **argv);
int cmd_point(int argc, char **argv);

/* cmd_meta.c: kver-lab meta, a point's record written (meta.h). */
int cmd_meta(int argc, char **argv);

/* cmd_ktap.c: kver-lab ktap, the KTAP of logs without judging a boot. */
int cmd_ktap(int argc, char **argv);

/* cmd_progress.c: kver-lab progress, a full build followed (progress.h). */
int cmd_progress(int argc, char **argv);

/* cmd_aptsrc.c: kver-lab apt-source, another suite's source line (aptsrc.h). */
int cmd_aptsrc(int argc, char **argv);

/* cmd_shipped.c: kver-lab shipped, modules and cpio, for Debian's own images. */
int cmd_shipped(int argc, char **argv);
int cmd_modules(int argc, char **argv);
int cmd_cpio(int argc, char **argv);

/* cmd_mail.c: kver-lab mail, the postable form of a draft (mail.h). */
int cmd_mail(int argc, char **argv);

/* cmd_plan.c: kver-lab plan, the path of a point and the build folder's record (plan.h). */
int cmd_plan(int argc, char **argv);

/* kver-lab.c: the name errors start with, and an error that ends it (status 2). */
extern const char lab_prog[];
void die(const char *fmt, const char *arg, const char *why);

#endif
