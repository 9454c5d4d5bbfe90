/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One file as the rules read it, and the helpers they read it with:
 * tokens.c (where expressions begin and end), eval.c (the value of
 * literals), names.c (which names are about the kernel's version) and
 * findings.c (the findings themselves). None of these knows a rule; the
 * rules (rules.h) use them.
 */
#ifndef KVER_LINT_CTX_H
#define KVER_LINT_CTX_H

#include <stddef.h>
#include <string.h>

#include "lint.h"

/* No such token: past the region, or not found. */
#define NONE ((size_t)-1)

/* One file being checked. */
struct ctx {
	const struct source *src;
	const struct token *t;
	size_t n;
	struct warnings *out;
	const struct scope *scope;
	const char *rule;    /* the id of the rule running: its findings are under it */
	unsigned char *used; /* tokens an earlier rule already reported */
	int oom;
};

/* tokens.c: where expressions begin and end, from tokens. */
static inline int tok_is(const struct token *t, const char *s)
{
	size_t l = strlen(s);

	return t->len == l && !memcmp(t->text, s, l);
}

static inline int is_punct(const struct ctx *c, size_t i, const char *s)
{
	return i < c->n && c->t[i].kind == TOK_PUNCT && tok_is(&c->t[i], s);
}

static inline int is_ident(const struct ctx *c, size_t i, const char *s)
{
	return i < c->n && c->t[i].kind == TOK_IDENT && tok_is(&c->t[i], s);
}

/* Tokens i and j can belong to one expression: a directive ends at its line. */
static inline int same_region(const struct ctx *c, size_t i, size_t j)
{
	return c->t[i].dir == c->t[j].dir;
}

size_t match_fwd(const struct ctx *c, size_t i);
int is_arith_op(const struct ctx *c, size_t i);
int is_relop(const struct ctx *c, size_t i);
size_t primary_end(const struct ctx *c, size_t i);
size_t primary_start(const struct ctx *c, size_t j);
size_t operand_fwd(const struct ctx *c, size_t i);
size_t operand_back(const struct ctx *c, size_t k);
void strip_parens(const struct ctx *c, size_t *s, size_t *e);
int range_has_ident(const struct ctx *c, size_t s, size_t e, const char *name);
int range_has_punct(const struct ctx *c, size_t s, size_t e, const char *p);

/* eval.c: 0 and the value of [s, e), or -1 where it is not all integer literals. */
int eval_range(const struct ctx *c, size_t s, size_t e, long long *val);
int is_number(const struct ctx *c, size_t i, long long want);

/* names.c: identifiers split into words, matched against NULL-ended lists. */
extern const char *const kernel_words[];
int is_kernel_version_name(const struct token *t);
int range_has_version_code(const struct ctx *c, size_t s, size_t e);
size_t context_start(const struct ctx *c, size_t i);
int context_has(const struct ctx *c, size_t s, size_t e, const char *const *words);

/* findings.c: the findings, appended to c->out under c->rule. */
void render(const struct ctx *c, size_t s, size_t e, char *buf, size_t size);
/*
 * What a finding's test means, for the tsv format (struct warning): op ""
 * for no comparison, value -1 for KERNEL_VERSION(want).
 */
struct detail {
	const char *op;
	long long want[3];
	long long value;
	const char *fix;
};
/* The detail of a finding that is no test: its fix alone. */
#define FIX_ONLY(f) (&(const struct detail){ .op = "", .want = { -1, -1, -1 }, .value = -1, .fix = (f) })
void add(struct ctx *c, size_t at, size_t end, const struct detail *d, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Tokens [s, e) are reported: the later rules pass them over. */
void mark(struct ctx *c, size_t s, size_t e);
void replacement(const char *op, const char *a, const char *b, long long sub,
		 char *buf, size_t size);
const char *mirror(const char *op);

#endif
