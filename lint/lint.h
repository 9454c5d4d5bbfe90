/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kver-lint: finds C version tests that break when SUBLEVEL passes 255.
 */
#ifndef KVER_LINT_H
#define KVER_LINT_H

#include <stddef.h>

enum tok_kind {
	TOK_IDENT,
	TOK_NUMBER,
	TOK_PUNCT,
	/* String, character literal or <header>: kept only as a placeholder. */
	TOK_LITERAL,
};

struct token {
	enum tok_kind kind;
	const char *text; /* into the spliced buffer, not NUL-terminated */
	size_t len;
	size_t off;       /* offset in the spliced buffer */
	int line, col;    /* position in the file, 1-based */
	int bol;          /* first token of a logical line */
	int dir;          /* logical line number of its directive, or -1 */
};

struct source {
	const char *path;
	char *buf;        /* the file with line continuations spliced out */
	size_t len;
	int *line, *col;  /* file position of each byte of buf */
	struct token *toks;
	size_t ntoks;
	unsigned char *ignore; /* per file line: "kver-lint: ignore" seen */
	int nlines;
};

struct warning {
	int line, col;
	char *msg;        /* "<what>; use <replacement> [kver-<rule>]" */
};

struct warnings {
	struct warning *v;
	size_t n, cap;
};

/* lex.c: 0 on success, -1 when out of memory. data is not kept. */
int lex_source(struct source *src, const char *data, size_t len);
void free_source(struct source *src);

/* rules.c: appends to out; -1 when out of memory. */
int check_source(const struct source *src, struct warnings *out);
void free_warnings(struct warnings *w);

#endif
