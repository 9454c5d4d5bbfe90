/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the terminal can show, for every tool that prints to one (kver-lab,
 * kver-matrix): colour on a terminal unless NO_COLOR is set to anything
 * but the empty string (https://no-color.org), and its width.
 */
#ifndef KVER_TERM_H
#define KVER_TERM_H

int term_colour(int fd);	/* fd is a terminal and NO_COLOR is unset or empty */
int term_width(int fd);		/* columns of the terminal on fd, 0 when not one */

/* One colour per kind of verdict, the same in every view. */
#define TERM_OK "\033[32m"
#define TERM_FAIL "\033[1;31m"
#define TERM_SKIP "\033[33m"	/* skipped, or does not apply */
#define TERM_NODATA "\033[35m"
#define TERM_BOLD "\033[1m"
#define TERM_REVERSE "\033[7m"
#define TERM_RESET "\033[0m"

#endif
