// SPDX-License-Identifier: GPL-2.0
/* The findings of the rules: the code they quote, their messages and the fixes they suggest. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctx.h"

/* The source text of [s, e), blanks squeezed, shortened when long. */
void render(const struct ctx *c, size_t s, size_t e, char *buf, size_t size)
{
	size_t o = 0;

	for (size_t i = s; i < e && o + 1 < size; i++) {
		const struct token *t = &c->t[i];

		if (i > s && t->off > c->t[i - 1].off + c->t[i - 1].len && o + 1 < size)
			buf[o++] = ' ';
		for (size_t k = 0; k < t->len && o + 1 < size; k++)
			buf[o++] = t->text[k];
	}
	buf[o] = '\0';
	if (o + 1 >= size && size > 4)
		memcpy(buf + size - 4, "...", 4);
}

/* Reports [at, end) at token at for c->rule; through a macro of the scope, says which. */
void add(struct ctx *c, size_t at, size_t end, const struct detail *d, const char *fmt, ...)
{
	struct warnings *w = c->out;
	const struct token *t = &c->t[at];
	struct warning *n;
	char msg[1024];
	size_t len = 0;
	va_list ap;

	if (c->src->ignore[t->line])
		return;
	for (size_t i = at; i < end && i < c->n && c->scope; i++)
		if (c->t[i].via >= 0) {
			const struct macro *m = c->scope->m[c->t[i].via];

			snprintf(msg, sizeof(msg), "through %s%s (%s:%d): ", m->name,
				 m->params ? "()" : "", m->file, m->line);
			len = strlen(msg);
			break;
		}
	va_start(ap, fmt);
	vsnprintf(msg + len, sizeof(msg) - len, fmt, ap);
	va_end(ap);
	if (w->n == w->cap) {
		size_t ncap = w->cap ? w->cap * 2 : 16;
		struct warning *v = realloc(w->v, ncap * sizeof(*v));

		if (!v) {
			c->oom = 1;
			return;
		}
		w->v = v;
		w->cap = ncap;
	}
	n = &w->v[w->n];
	memset(n, 0, sizeof(*n));
	n->msg = strdup(msg);
	n->fix = d && d->fix ? strdup(d->fix) : NULL;
	if (!n->msg || (d && d->fix && !n->fix)) {
		free(n->msg);
		free(n->fix);
		c->oom = 1;
		return;
	}
	n->rule = c->rule;
	n->line = t->line;
	n->col = t->col;
	n->directive = t->dir >= 0;
	n->value = -1;
	n->want[0] = n->want[1] = n->want[2] = -1;
	if (d) {
		snprintf(n->op, sizeof(n->op), "%s", d->op ? d->op : "");
		memcpy(n->want, d->want, sizeof(n->want));
		n->value = d->value;
	}
	w->n++;
}

void mark(struct ctx *c, size_t s, size_t e)
{
	for (size_t i = s; i < e && i < c->n; i++)
		c->used[i] = 1;
}

/*
 * The full-precision form of "code OP a.b.c" (code on the left), with a
 * and b as written and c as a number.
 */
void replacement(const char *op, const char *a, const char *b, long long sub,
		 char *buf, size_t size)
{
	if (!strcmp(op, ">="))
		snprintf(buf, size, "KVER_AT_LEAST(%s, %s, %lld)", a, b, sub);
	else if (!strcmp(op, "<"))
		snprintf(buf, size, "KVER_BELOW(%s, %s, %lld)", a, b, sub);
	else if (!strcmp(op, ">"))
		snprintf(buf, size, "KVER_AT_LEAST(%s, %s, %lld)", a, b, sub + 1);
	else if (!strcmp(op, "<="))
		snprintf(buf, size, "KVER_BELOW(%s, %s, %lld)", a, b, sub + 1);
	else if (!strcmp(op, "=="))
		snprintf(buf, size, "KVER_AT_LEAST(%s, %s, %lld) && KVER_BELOW(%s, %s, %lld)",
			 a, b, sub, a, b, sub + 1);
	else
		snprintf(buf, size, "KVER_BELOW(%s, %s, %lld) || KVER_AT_LEAST(%s, %s, %lld)",
			 a, b, sub, a, b, sub + 1);
}

/* "a > b" read from the other side is "b < a". */
const char *mirror(const char *op)
{
	if (!strcmp(op, ">="))
		return "<=";
	if (!strcmp(op, "<="))
		return ">=";
	if (!strcmp(op, ">"))
		return "<";
	if (!strcmp(op, "<"))
		return ">";
	return op;
}

void free_warnings(struct warnings *w)
{
	for (size_t i = 0; i < w->n; i++) {
		free(w->v[i].msg);
		free(w->v[i].fix);
	}
	free(w->v);
	memset(w, 0, sizeof(*w));
}
