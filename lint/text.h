/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Token text for the passes over whole files (defs.c, scope.c, expand.c):
 * a growing buffer, and tokens found and copied without a rule's context
 * (text.c).
 */
#ifndef KVER_LINT_TEXT_H
#define KVER_LINT_TEXT_H

#include <stddef.h>

#include "lint.h"

struct buf {
	char *s;
	size_t n, cap;
	int oom;
};

/* Appends n bytes of s, NUL-terminated; b->oom once out of memory. */
void put(struct buf *b, const char *s, size_t n);
int tok_eq(const struct token *t, const char *s);
int punct_at(const struct source *src, size_t i, const char *s);
/* Tokens [s, e) as text, one blank where the source had any. */
void put_tokens(struct buf *b, const struct source *src, size_t s, size_t e);
/* The end of the directive (or of the stream) that token i is part of. */
size_t region_end(const struct source *src, size_t i);
/* The closing parenthesis of the one at i, in the same region, or 0. */
size_t close_paren(const struct source *src, size_t i);
int is_ident_char(char c);

#endif
