/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JSON strings, the one escaper of every program of kver (kver, kver-lint,
 * kver-lab, kver-matrix): s is written quoted; '"' and '\' are escaped,
 * newline and tab as \n and \t, every other control byte (below 0x20, and
 * 0x7f) as \u00XX; well-formed UTF-8 is copied as it is, and a byte that
 * is not part of a well-formed UTF-8 sequence becomes \ufffd, so that the
 * output is valid JSON whatever the input. NULL is written as "".
 */
#ifndef KVER_JSONSTR_H
#define KVER_JSONSTR_H

#include <stdio.h>

void json_str(FILE *f, const char *s);

#endif
