// SPDX-License-Identifier: GPL-2.0
/*
 * The macros of a file's scope (scope.c) expanded where the file uses them,
 * as the preprocessor would, every byte of an expansion placed at the use,
 * so that the rules see the comparison and report it where the author
 * wrote it, naming the macro it came through.
 */
#include <stdlib.h>
#include <string.h>

#include "text.h"

#define MAX_DEPTH 16
#define MAX_EXPANSION (1 << 20)

/* The macro of the scope named s[0, n), or -1 (the scope is sorted by name). */
static int find(const struct scope *t, const char *s, size_t n)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = strncmp(t->m[mid]->name, s, n);

		if (r == 0 && t->m[mid]->name[n])
			r = 1;
		if (r == 0)
			return (int)mid;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/*
 * Whether the identifier at i is a use to expand: not the name in a
 * #define, not under #ifdef, #ifndef, #undef or defined.
 */
static int expandable(const struct source *src, size_t i)
{
	const struct token *t = src->toks;

	if (t[i].dir >= 0) {
		size_t h = i;

		while (h > 0 && t[h - 1].dir == t[i].dir)
			h--;
		if (h + 1 < src->ntoks && t[h + 1].kind == TOK_IDENT &&
		    (tok_eq(&t[h + 1], "define") || tok_eq(&t[h + 1], "ifdef") ||
		     tok_eq(&t[h + 1], "ifndef") || tok_eq(&t[h + 1], "undef")))
			return 0;
	}
	if (i > 0 && t[i - 1].kind == TOK_IDENT && tok_eq(&t[i - 1], "defined"))
		return 0;
	if (i > 1 && punct_at(src, i - 1, "(") && t[i - 2].kind == TOK_IDENT &&
	    tok_eq(&t[i - 2], "defined"))
		return 0;
	return 1;
}

/*
 * The arguments of the call whose "(" is at i: ranges [s, e) of tokens
 * into args (2 per argument). Returns the count, or -1 on no match.
 */
static int call_args(const struct source *src, size_t i, size_t *close, size_t *args, int max)
{
	size_t c = close_paren(src, i), s = i + 1;
	int n = 0, depth = 0;

	if (!c)
		return -1;
	for (size_t j = i + 1; j <= c; j++) {
		if (j < c && punct_at(src, j, "("))
			depth++;
		else if (j < c && punct_at(src, j, ")"))
			depth--;
		else if (j == c || (depth == 0 && punct_at(src, j, ","))) {
			if (n >= max)
				return -1;
			args[2 * n] = s;
			args[2 * n + 1] = j;
			n++;
			s = j + 1;
		}
	}
	/* "F()" has no argument, not one empty one. */
	if (n == 1 && args[0] == args[1])
		n = 0;
	*close = c;
	return n;
}

static int expand_text(const struct scope *t, const char *text, unsigned char *active,
		       int depth, struct buf *out);

/* Macro k used with the arguments [args] of src, expanded into out. */
static int expand_use(const struct scope *t, int k, const struct source *src,
		      const size_t *args, int nargs, unsigned char *active, int depth,
		      struct buf *out)
{
	const struct macro *m = t->m[k];
	struct source body;
	struct buf b = { 0 };
	int r;

	if (m->params && nargs != m->nparams)
		return 1;
	if (lex_text(&body, m->body) < 0) {
		free_source(&body);
		return -1;
	}
	for (size_t i = 0; i < body.ntoks; i++) {
		const struct token *bt = &body.toks[i];
		int p = -1;

		if (i > 0 && bt->off > body.toks[i - 1].off + body.toks[i - 1].len)
			put(&b, " ", 1);
		for (int q = 0; bt->kind == TOK_IDENT && q < m->nparams; q++)
			if (tok_eq(bt, m->params[q]))
				p = q;
		if (p < 0) {
			put(&b, bt->text, bt->len);
		} else {
			put_tokens(&b, src, args[2 * p], args[2 * p + 1]);
		}
	}
	free_source(&body);
	if (b.oom) {
		free(b.s);
		return -1;
	}
	active[k] = 1;
	r = expand_text(t, b.s ? b.s : "", active, depth + 1, out);
	active[k] = 0;
	free(b.s);
	return r;
}

/*
 * Expands the macros of the scope in text into out. 0 done, 1 given up (too
 * deep, too long, a call that does not match), -1 out of memory.
 */
static int expand_text(const struct scope *t, const char *text, unsigned char *active,
		       int depth, struct buf *out)
{
	struct source s;
	int r = 0;

	if (depth > MAX_DEPTH || out->n > MAX_EXPANSION)
		return 1;
	if (lex_text(&s, text) < 0) {
		free_source(&s);
		return -1;
	}
	for (size_t i = 0; i < s.ntoks && r == 0; i++) {
		const struct token *tk = &s.toks[i];
		int k = tk->kind == TOK_IDENT ? find(t, tk->text, tk->len) : -1;
		size_t args[64], close = i;
		int nargs = 0;

		if (i > 0 && tk->off > s.toks[i - 1].off + s.toks[i - 1].len)
			put(out, " ", 1);
		if (k >= 0 && !active[k] && t->m[k]->params) {
			nargs = punct_at(&s, i + 1, "(") ? call_args(&s, i + 1, &close, args, 32) : -1;
			if (nargs < 0)
				k = -1;
		}
		if (k < 0 || active[k]) {
			put(out, tk->text, tk->len);
			continue;
		}
		r = expand_use(t, k, &s, args, nargs, active, depth, out);
		i = close;
	}
	free_source(&s);
	return out->oom ? -1 : r;
}

/* The output of expand_source: text and, per byte, where it came from. */
struct mapped {
	struct buf text;
	int *line, *col, *via;
	size_t cap;
};

static int map_put(struct mapped *o, const char *s, size_t n, const int *line,
		   const int *col, int at_line, int at_col, int via)
{
	size_t start = o->text.n;

	put(&o->text, s, n);
	if (o->text.oom)
		return -1;
	if (o->text.n + 1 > o->cap) {
		size_t ncap = o->text.cap;
		int *l = realloc(o->line, ncap * sizeof(int));

		if (l)
			o->line = l;
		int *c = l ? realloc(o->col, ncap * sizeof(int)) : NULL;

		if (c)
			o->col = c;
		int *v = c ? realloc(o->via, ncap * sizeof(int)) : NULL;

		if (!v)
			return -1;
		o->via = v;
		o->cap = ncap;
	}
	for (size_t k = 0; k <= n; k++) {
		o->line[start + k] = line ? line[k < n ? k : n - 1] : at_line;
		o->col[start + k] = col ? col[k < n ? k : n - 1] : at_col;
		o->via[start + k] = via;
	}
	return 0;
}

int expand_source(const struct scope *t, const struct source *src, struct source *out)
{
	struct mapped o = { 0 };
	unsigned char *active;
	int used = 0, r = 0;

	if (!t || !t->n)
		return 0;
	active = calloc(t->n, 1);
	if (!active)
		return -1;
	for (size_t i = 0; i < src->ntoks && r >= 0; i++) {
		const struct token *tk = &src->toks[i];
		const struct token *prev = i ? &src->toks[i - 1] : NULL;
		int k = tk->kind == TOK_IDENT ? find(t, tk->text, tk->len) : -1;
		size_t args[64], close = i;
		int nargs = 0;

		if (prev && (tk->bol || tk->off > prev->off + prev->len))
			r = map_put(&o, tk->bol ? "\n" : " ", 1, NULL, NULL, prev->line,
				    prev->col, -1);
		if (r < 0)
			break;
		if (k >= 0 && !expandable(src, i))
			k = -1;
		if (k >= 0 && t->m[k]->params) {
			nargs = punct_at(src, i + 1, "(") && src->toks[i + 1].dir == tk->dir
					? call_args(src, i + 1, &close, args, 32) : -1;
			if (nargs < 0)
				k = -1;
		}
		if (k >= 0) {
			struct buf e = { 0 };
			int er = expand_use(t, k, src, args, nargs, active, 0, &e);

			if (er == 0 && e.s) {
				r = map_put(&o, e.s, e.n, NULL, NULL, tk->line, tk->col, k);
				free(e.s);
				used = 1;
				i = close;
				continue;
			}
			free(e.s);
			if (er < 0) {
				r = -1;
				break;
			}
		}
		r = map_put(&o, tk->text, tk->len, src->line + tk->off, src->col + tk->off, 0, 0,
			    -1);
	}
	free(active);
	if (r < 0 || !used) {
		free(o.text.s);
		free(o.line);
		free(o.col);
		free(o.via);
		return r < 0 ? -1 : 0;
	}
	memset(out, 0, sizeof(*out));
	out->path = src->path;
	if (!o.text.s) {
		free(o.line);
		free(o.col);
		free(o.via);
		return 0;
	}
	if (lex_mapped(out, o.text.s, o.text.n, o.line, o.col, o.via, src->ignore,
		       src->nlines) < 0)
		return -1;
	return 1;
}
