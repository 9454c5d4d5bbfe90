// SPDX-License-Identifier: GPL-2.0
/* The constant evaluator of the rules: integer literals and the expressions made of them. */
#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "ctx.h"

static int parse_number(const struct token *t, long long *val)
{
	char digits[64];
	size_t n = 0, i = 0;
	int base = 10;
	unsigned long long v = 0;

	/* Without digit separators. */
	for (size_t k = 0; k < t->len; k++) {
		if (t->text[k] == '\'')
			continue;
		if (n + 1 >= sizeof(digits))
			return -1;
		digits[n++] = t->text[k];
	}
	digits[n] = '\0';
	if (n > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
		base = 16;
		i = 2;
	} else if (n > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B')) {
		base = 2;
		i = 2;
	} else if (digits[0] == '0') {
		base = 8;
	}
	size_t first = i;

	for (; i < n; i++) {
		int d;
		unsigned char ch = (unsigned char)digits[i];

		if (isdigit(ch))
			d = ch - '0';
		else if (base == 16 && isxdigit(ch))
			d = tolower(ch) - 'a' + 10;
		else
			break;
		if (d >= base)
			return -1;
		if (v > (ULLONG_MAX - (unsigned)d) / (unsigned)base)
			return -1;
		v = v * (unsigned)base + (unsigned)d;
	}
	if (i == first && base != 8)
		return -1;
	/* Only integer suffixes may follow. */
	for (; i < n; i++)
		if (!strchr("uUlL", digits[i]))
			return -1;
	if (v > LLONG_MAX)
		return -1;
	*val = (long long)v;
	return 0;
}

struct eval {
	const struct ctx *c;
	size_t i, e;
	int bad;
};

static long long ev_or(struct eval *ev);

static long long ev_unary(struct eval *ev)
{
	const struct ctx *c = ev->c;
	long long v;

	if (ev->i >= ev->e) {
		ev->bad = 1;
		return 0;
	}
	if (is_punct(c, ev->i, "-") || is_punct(c, ev->i, "+") ||
	    is_punct(c, ev->i, "~") || is_punct(c, ev->i, "!")) {
		char op = c->t[ev->i++].text[0];

		v = ev_unary(ev);
		if (op == '-')
			return v == LLONG_MIN ? (ev->bad = 1, 0) : -v;
		return op == '~' ? ~v : op == '!' ? !v : v;
	}
	if (c->t[ev->i].kind == TOK_NUMBER) {
		if (parse_number(&c->t[ev->i], &v) < 0)
			ev->bad = 1;
		ev->i++;
		return v;
	}
	if (is_punct(c, ev->i, "(")) {
		ev->i++;
		v = ev_or(ev);
		if (!is_punct(c, ev->i, ")") || ev->i >= ev->e)
			ev->bad = 1;
		ev->i++;
		return v;
	}
	ev->bad = 1;
	return 0;
}

static long long ev_mul(struct eval *ev)
{
	long long v = ev_unary(ev), r;

	while (!ev->bad && ev->i < ev->e &&
	       (is_punct(ev->c, ev->i, "*") || is_punct(ev->c, ev->i, "/") ||
		is_punct(ev->c, ev->i, "%"))) {
		char op = ev->c->t[ev->i++].text[0];

		r = ev_unary(ev);
		if (op == '*') {
			if (__builtin_mul_overflow(v, r, &v))
				ev->bad = 1;
		} else if (r == 0 || (v == LLONG_MIN && r == -1)) {
			ev->bad = 1;
		} else {
			v = op == '/' ? v / r : v % r;
		}
	}
	return v;
}

static long long ev_add(struct eval *ev)
{
	long long v = ev_mul(ev), r;

	while (!ev->bad && ev->i < ev->e &&
	       (is_punct(ev->c, ev->i, "+") || is_punct(ev->c, ev->i, "-"))) {
		char op = ev->c->t[ev->i++].text[0];

		r = ev_mul(ev);
		if (op == '+' ? __builtin_add_overflow(v, r, &v)
			      : __builtin_sub_overflow(v, r, &v))
			ev->bad = 1;
	}
	return v;
}

static long long ev_shift(struct eval *ev)
{
	long long v = ev_add(ev), r;

	while (!ev->bad && ev->i < ev->e &&
	       (is_punct(ev->c, ev->i, "<<") || is_punct(ev->c, ev->i, ">>"))) {
		int left = ev->c->t[ev->i++].text[0] == '<';

		r = ev_add(ev);
		if (r < 0 || r > 62 || v < 0 || (left && v > (LLONG_MAX >> r)))
			ev->bad = 1;
		else
			v = left ? v << r : v >> r;
	}
	return v;
}

static long long ev_bits(struct eval *ev, int level)
{
	static const char *const ops[] = { "|", "^", "&" };
	long long v = level == 2 ? ev_shift(ev) : ev_bits(ev, level + 1);

	while (!ev->bad && ev->i < ev->e && is_punct(ev->c, ev->i, ops[level])) {
		long long r;

		ev->i++;
		r = level == 2 ? ev_shift(ev) : ev_bits(ev, level + 1);
		v = level == 0 ? (v | r) : level == 1 ? (v ^ r) : (v & r);
	}
	return v;
}

static long long ev_or(struct eval *ev)
{
	return ev_bits(ev, 0);
}

/* The value of [s, e) when it is made of integer literals only. */
int eval_range(const struct ctx *c, size_t s, size_t e, long long *val)
{
	struct eval ev = { c, s, e, 0 };

	if (s == NONE || e == NONE || s >= e)
		return -1;
	*val = ev_or(&ev);
	return ev.bad || ev.i != e ? -1 : 0;
}

/* Whether token i is the integer literal want. */
int is_number(const struct ctx *c, size_t i, long long want)
{
	long long v;

	return i < c->n && c->t[i].kind == TOK_NUMBER &&
	       parse_number(&c->t[i], &v) == 0 && v == want;
}

int eval_source(const struct source *src, long long *val)
{
	struct ctx c = { .src = src, .t = src->toks, .n = src->ntoks };

	return eval_range(&c, 0, c.n, val);
}
