// SPDX-License-Identifier: GPL-2.0
/*
 * What one file defines and includes, read once before any file is judged
 * (the first pass). Out-of-tree modules rarely write "LINUX_VERSION_CODE >=
 * KERNEL_VERSION(...)" by hand: they wrap it (LINUX_VERSION_IS_GEQ(x1, x2,
 * x3), KV(a, b, c)), and some replace the kernel's macros with their own.
 * Every #define is kept (scope.c decides which lead to the version code in
 * which file), and every #include (includes.c follows them).
 *
 * What is no macro here: a definition of KERNEL_VERSION or
 * LINUX_VERSION_CODE itself (wide_kv, code), a macro on a line marked
 * "kver-lint: ignore", a macro with # or ## or variable arguments. A file
 * whose LINUX_VERSION_CODE is a constant is not built for Linux (foreign):
 * it is not judged and lends no macro.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

struct def {
	size_t name, body, end; /* token indexes */
	int fn;                 /* function-like */
};

/* The directive name after the "#" at token i, or 0 when i starts none. */
static int directive_at(const struct source *src, size_t i, const char *name)
{
	const struct token *t = src->toks;

	return punct_at(src, i, "#") && t[i].bol && t[i].dir >= 0 && i + 1 < src->ntoks &&
	       t[i + 1].kind == TOK_IDENT && t[i + 1].dir == t[i].dir && tok_eq(&t[i + 1], name);
}

/* The #define at token i ("#"), or 0. */
static int read_define(const struct source *src, size_t i, struct def *d)
{
	const struct token *t = src->toks;

	if (!directive_at(src, i, "define") || i + 2 >= src->ntoks ||
	    t[i + 2].kind != TOK_IDENT || t[i + 2].dir != t[i].dir)
		return 0;
	d->name = i + 2;
	d->end = region_end(src, i);
	d->fn = punct_at(src, i + 3, "(") && t[i + 3].dir == t[i].dir &&
		t[i + 3].off == t[i + 2].off + t[i + 2].len;
	if (d->fn) {
		size_t c = close_paren(src, i + 3);

		if (!c)
			return 0;
		d->body = c + 1;
	} else {
		d->body = i + 3;
	}
	return 1;
}

static int directive_ignored(const struct source *src, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++)
		if (src->ignore[src->toks[i].line])
			return 1;
	return 0;
}

/* KERNEL_VERSION's body at a.b.c, or -1 when it is no constant. */
static long long kv_value(const struct source *src, const struct def *d, long long v[3])
{
	struct buf b = { 0 };
	struct source s = { 0 };
	long long val = -1;
	size_t np = 0;
	const struct token *p[3] = { 0 };

	for (size_t i = d->name + 2; i + 1 < d->body && np < 3; i++)
		if (src->toks[i].kind == TOK_IDENT)
			p[np++] = &src->toks[i];
	if (np != 3)
		return -1;
	for (size_t i = d->body; i < d->end; i++) {
		const struct token *t = &src->toks[i];
		char num[32];
		int k;

		for (k = 0; k < 3; k++)
			if (t->kind == TOK_IDENT && t->len == p[k]->len &&
			    !memcmp(t->text, p[k]->text, t->len))
				break;
		put(&b, " ", 1);
		if (k < 3) {
			snprintf(num, sizeof(num), "%lld", v[k]);
			put(&b, num, strlen(num));
		} else {
			put(&b, t->text, t->len);
		}
	}
	if (!b.oom && b.s && lex_text(&s, b.s) == 0 && eval_source(&s, &val) < 0)
		val = -1;
	free_source(&s);
	free(b.s);
	return val;
}

/* A SUBLEVEL of 256 neither clamped to 255 nor carried into PATCHLEVEL. */
static int wide_kernel_version(const struct source *src, const struct def *d)
{
	long long v255[3] = { 0, 0, 255 }, v256[3] = { 0, 0, 256 }, p1[3] = { 0, 1, 0 };
	long long a = kv_value(src, d, v255), b = kv_value(src, d, v256),
		  c = kv_value(src, d, p1);

	return a >= 0 && b > a && c > b;
}

/* A body that is a number or KERNEL_VERSION() of three numbers. */
static int constant_code(const struct source *src, const struct def *d)
{
	size_t s = d->body, e = d->end;
	struct source sub = { 0 };
	struct buf b = { 0 };
	long long v;
	int ok = 0;

	while (e - s >= 2 && punct_at(src, s, "(") && close_paren(src, s) == e - 1) {
		s++;
		e--;
	}
	if (s < e && src->toks[s].kind == TOK_IDENT && tok_eq(&src->toks[s], "KERNEL_VERSION") &&
	    punct_at(src, s + 1, "(") && close_paren(src, s + 1) == e - 1) {
		s += 2;
		e--;
		/* The arguments: numbers and commas only. */
		for (size_t i = s; i < e; i++)
			if (src->toks[i].kind != TOK_NUMBER && !punct_at(src, i, ","))
				return 0;
		return s < e;
	}
	put_tokens(&b, src, s, e);
	if (!b.oom && b.s && lex_text(&sub, b.s) == 0 && eval_source(&sub, &v) == 0)
		ok = 1;
	free_source(&sub);
	free(b.s);
	return ok;
}

void free_macro(struct macro *m)
{
	free(m->name);
	for (int k = 0; k < m->nparams; k++)
		free(m->params[k]);
	free(m->params);
	free(m->body);
}

static int add_macro(struct defs *t, const struct source *src, const struct def *d)
{
	const struct token *tk = src->toks;
	struct macro m = { 0 };
	struct buf b = { 0 };

	for (size_t i = d->body; i < d->end; i++)
		if (punct_at(src, i, "#") || punct_at(src, i, "##") || punct_at(src, i, "..."))
			return 0;
	if (d->fn)
		for (size_t i = d->name + 2; i + 1 < d->body; i++)
			if (punct_at(src, i, "..."))
				return 0;
	put_tokens(&b, src, d->body, d->end);
	if (b.oom)
		return -1;
	m.body = b.s ? b.s : strdup("");
	m.name = strndup(tk[d->name].text, tk[d->name].len);
	m.file = src->path;
	m.line = tk[d->name].line;
	m.in_place = -1;
	if (d->fn) {
		m.params = calloc(d->body - d->name, sizeof(*m.params));
		for (size_t i = d->name + 2; m.params && i + 1 < d->body; i++)
			if (tk[i].kind == TOK_IDENT) {
				m.params[m.nparams] = strndup(tk[i].text, tk[i].len);
				if (!m.params[m.nparams++])
					break;
			}
	}
	if (!m.body || !m.name || (d->fn && (!m.params ||
					     (m.nparams && !m.params[m.nparams - 1])))) {
		free_macro(&m);
		return -1;
	}
	if (t->n == t->cap) {
		size_t ncap = t->cap ? t->cap * 2 : 16;
		struct macro *nm = realloc(t->m, ncap * sizeof(*nm));

		if (!nm) {
			free_macro(&m);
			return -1;
		}
		t->m = nm;
		t->cap = ncap;
	}
	t->m[t->n++] = m;
	return 0;
}

/* The #include or #include_next at token i with a quoted or <> name. */
static int add_include(struct defs *d, const struct source *src, size_t i)
{
	const struct token *t = src->toks;
	int next = directive_at(src, i, "include_next");
	struct include *inc;

	if ((!next && !directive_at(src, i, "include")) || i + 2 >= src->ntoks ||
	    t[i + 2].kind != TOK_LITERAL || t[i + 2].dir != t[i].dir || t[i + 2].len < 3 ||
	    !(t[i + 2].text[0] == '"' || t[i + 2].text[0] == '<'))
		return 0;
	if (d->ninc == d->inccap) {
		size_t ncap = d->inccap ? d->inccap * 2 : 16;
		struct include *ni = realloc(d->inc, ncap * sizeof(*ni));

		if (!ni)
			return -1;
		d->inc = ni;
		d->inccap = ncap;
	}
	inc = &d->inc[d->ninc];
	inc->name = strndup(t[i + 2].text + 1, t[i + 2].len - 2);
	if (!inc->name)
		return -1;
	inc->angle = t[i + 2].text[0] == '<';
	inc->next = next;
	d->ninc++;
	return 0;
}

int defs_read(struct defs *d, const struct source *src)
{
	struct def df;

	memset(d, 0, sizeof(*d));
	for (size_t i = 0; i < src->ntoks; i++) {
		if (add_include(d, src, i) < 0)
			return -1;
		if (!read_define(src, i, &df))
			continue;
		const struct token *name = &src->toks[df.name];

		if (tok_eq(name, "LINUX_VERSION_CODE") && constant_code(src, &df))
			d->foreign = 1;
		if (directive_ignored(src, i, df.end))
			continue;

		if (tok_eq(name, "KERNEL_VERSION")) {
			if (df.fn && wide_kernel_version(src, &df))
				d->wide_kv = 1;
			continue;
		}
		if (tok_eq(name, "LINUX_VERSION_CODE")) {
			d->code |= !d->foreign;
			continue;
		}
		if (add_macro(d, src, &df) < 0)
			return -1;
		i = df.end - 1;
	}
	return 0;
}

void free_defs(struct defs *d)
{
	for (size_t i = 0; i < d->n; i++)
		free_macro(&d->m[i]);
	free(d->m);
	for (size_t i = 0; i < d->ninc; i++)
		free(d->inc[i].name);
	free(d->inc);
	memset(d, 0, sizeof(*d));
}
