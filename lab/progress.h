/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Progress of a full kernel build, from Kbuild's own output: every
 * "  CC      path.o" (also "CC [M]" and "AS") line is one object compiled.
 * Pure functions, no I/O: kver-lab progress (progress.c) feeds them lines
 * and the time, tests/lab/progress_test.c checks them.
 */
#ifndef KVER_PROGRESS_H
#define KVER_PROGRESS_H

#include <stddef.h>

/* 1 when line is Kbuild's note of one object compiled, else 0. */
int progress_is_object(const char *line);

/*
 * The status line without time stamp or newline, e.g.
 * "building 6.1: 1234 of 2811 objects (43%), 3:12 elapsed, about 4:05 left".
 * total is what a finished build of the same tree and config compiled
 * (estimated: a guess, shown as "~2811"; 0: unknown).
 */
void progress_line(char *buf, size_t size, const char *tree, long done, long total,
		   int estimated, long elapsed_s);

/* The last line, whether make succeeded or not: "6.1: 2811 objects compiled in 7:12". */
void progress_done(char *buf, size_t size, const char *tree, long done, long elapsed_s);

/* A duration as M:SS, or H:MM:SS from an hour on. */
void progress_duration(char *buf, size_t size, long s);

#endif
