// SPDX-License-Identifier: GPL-2.0
/* The token helpers of the rules: where primaries, operands and groups begin and end. */
#include "ctx.h"

size_t match_fwd(const struct ctx *c, size_t i)
{
	int depth = 0;

	for (size_t j = i; j < c->n && same_region(c, i, j); j++) {
		if (is_punct(c, j, "("))
			depth++;
		else if (is_punct(c, j, ")") && --depth == 0)
			return j;
	}
	return NONE;
}

static size_t match_back(const struct ctx *c, size_t i)
{
	int depth = 0;

	for (size_t j = i + 1; j-- > 0 && same_region(c, i, j);) {
		if (is_punct(c, j, ")"))
			depth++;
		else if (is_punct(c, j, "(") && --depth == 0)
			return j;
	}
	return NONE;
}

/* Binary operators that bind tighter than the relational ones. */
int is_arith_op(const struct ctx *c, size_t i)
{
	static const char *const ops[] = { "+", "-", "*", "/", "%", "<<", ">>" };

	for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
		if (is_punct(c, i, ops[k]))
			return 1;
	return 0;
}

int is_relop(const struct ctx *c, size_t i)
{
	static const char *const ops[] = { ">=", ">", "<=", "<", "==", "!=" };

	for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
		if (is_punct(c, i, ops[k]))
			return 1;
	return 0;
}

/* Words that can stand before a parenthesis without making a call. */
static int is_keyword(const struct token *t)
{
	static const char *const kw[] = { "if", "elif", "while", "for", "switch", "return",
					  "case", "else", "do", "define", NULL };

	for (size_t k = 0; kw[k]; k++)
		if (tok_is(t, kw[k]))
			return 1;
	return 0;
}

/* A primary from i (identifier, call, number, group), after unary + - ~. */
size_t primary_end(const struct ctx *c, size_t i)
{
	size_t start = i;

	while (i < c->n && (is_punct(c, i, "+") || is_punct(c, i, "-") ||
			    is_punct(c, i, "~")))
		i++;
	if (i >= c->n || !same_region(c, start, i))
		return NONE;
	if (c->t[i].kind == TOK_IDENT) {
		if (is_punct(c, i + 1, "(") && same_region(c, i, i + 1)) {
			size_t m = match_fwd(c, i + 1);

			return m == NONE ? NONE : m + 1;
		}
		return i + 1;
	}
	if (c->t[i].kind == TOK_NUMBER)
		return i + 1;
	if (is_punct(c, i, "(")) {
		size_t m = match_fwd(c, i);

		return m == NONE ? NONE : m + 1;
	}
	return NONE;
}

/* The primary that ends at token j (inclusive). */
size_t primary_start(const struct ctx *c, size_t j)
{
	if (j >= c->n)
		return NONE;
	if (c->t[j].kind == TOK_IDENT || c->t[j].kind == TOK_NUMBER)
		return j;
	if (is_punct(c, j, ")")) {
		size_t m = match_back(c, j);

		if (m == NONE)
			return NONE;
		if (m > 0 && c->t[m - 1].kind == TOK_IDENT && same_region(c, m - 1, m) &&
		    !is_keyword(&c->t[m - 1]))
			return m - 1; /* a call */
		return m;
	}
	return NONE;
}

/* The operand that starts at i: primaries joined by arithmetic operators. */
size_t operand_fwd(const struct ctx *c, size_t i)
{
	size_t e = primary_end(c, i);

	while (e != NONE && is_arith_op(c, e) && same_region(c, i, e)) {
		size_t next = primary_end(c, e + 1);

		if (next == NONE)
			break;
		e = next;
	}
	return e;
}

/* The operand that ends just before token k, the same way backwards. */
size_t operand_back(const struct ctx *c, size_t k)
{
	size_t s;

	if (k == 0 || !same_region(c, k - 1, k))
		return NONE;
	s = primary_start(c, k - 1);
	while (s != NONE && s >= 2 && is_arith_op(c, s - 1) &&
	       same_region(c, s - 2, k)) {
		size_t prev = primary_start(c, s - 2);

		if (prev == NONE)
			break;
		s = prev;
	}
	return s;
}

/* Drops parentheses around the whole of [*s, *e). */
void strip_parens(const struct ctx *c, size_t *s, size_t *e)
{
	while (*e - *s >= 2 && is_punct(c, *s, "(") && match_fwd(c, *s) == *e - 1) {
		(*s)++;
		(*e)--;
	}
}

int range_has_ident(const struct ctx *c, size_t s, size_t e, const char *name)
{
	for (size_t i = s; i < e; i++)
		if (is_ident(c, i, name))
			return 1;
	return 0;
}

int range_has_punct(const struct ctx *c, size_t s, size_t e, const char *p)
{
	for (size_t i = s; i < e; i++)
		if (is_punct(c, i, p))
			return 1;
	return 0;
}
