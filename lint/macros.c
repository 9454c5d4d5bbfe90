// SPDX-License-Identifier: GPL-2.0
/*
 * The macros of the tree kver-lint reads. Out-of-tree modules rarely write
 * "LINUX_VERSION_CODE >= KERNEL_VERSION(...)" by hand: they wrap it
 * (LINUX_VERSION_IS_GEQ(x1, x2, x3), KV(a, b, c)), and some replace the
 * kernel's macros with their own. Every file is read once before any is
 * judged (tree_collect), and the definitions that lead to the version code
 * are kept (tree_finish). Then each file that uses one is rewritten with
 * the macro expanded (expand_source) as the preprocessor would, every byte
 * of an expansion placed at the use, so that the rules see the comparison
 * and report it where the author wrote it.
 *
 * What is not a wrapper: a definition of KERNEL_VERSION or
 * LINUX_VERSION_CODE itself (tree->own_kv, own_code), a macro on a line
 * marked "kver-lint: ignore", a macro with # or ## or variable arguments,
 * and a macro whose own body is reported where it stands (it has the
 * literal version in it), so that nothing is reported twice.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lint.h"

#define MAX_DEPTH 16
#define MAX_EXPANSION (1 << 20)

struct buf {
	char *s;
	size_t n, cap;
	int oom;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (b->n + n + 1 > b->cap) {
		size_t ncap = b->cap ? b->cap : 256;
		char *ns;

		while (ncap < b->n + n + 1)
			ncap *= 2;
		ns = realloc(b->s, ncap);
		if (!ns) {
			b->oom = 1;
			return;
		}
		b->s = ns;
		b->cap = ncap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

static int tok_eq(const struct token *t, const char *s)
{
	return strlen(s) == t->len && !memcmp(t->text, s, t->len);
}

static int punct_at(const struct source *src, size_t i, const char *s)
{
	return i < src->ntoks && src->toks[i].kind == TOK_PUNCT && tok_eq(&src->toks[i], s);
}

/* Tokens [s, e) as text, one blank where the source had any. */
static void put_tokens(struct buf *b, const struct source *src, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++) {
		const struct token *t = &src->toks[i];

		if (i > s && t->off > src->toks[i - 1].off + src->toks[i - 1].len)
			put(b, " ", 1);
		put(b, t->text, t->len);
	}
}

/* The end of the directive (or of the stream) that token i is part of. */
static size_t region_end(const struct source *src, size_t i)
{
	size_t e = i;

	while (e < src->ntoks && src->toks[e].dir == src->toks[i].dir)
		e++;
	return e;
}

/* The closing parenthesis of the one at i, in the same region, or 0. */
static size_t close_paren(const struct source *src, size_t i)
{
	int depth = 0;

	for (size_t j = i; j < src->ntoks && src->toks[j].dir == src->toks[i].dir; j++) {
		if (punct_at(src, j, "("))
			depth++;
		else if (punct_at(src, j, ")") && --depth == 0)
			return j;
	}
	return 0;
}

/* ---- definitions -------------------------------------------------------- */

struct def {
	size_t name, body, end; /* token indexes */
	int fn;                 /* function-like */
};

/* The #define at token i ("#"), or 0. */
static int read_define(const struct source *src, size_t i, struct def *d)
{
	const struct token *t = src->toks;

	if (!punct_at(src, i, "#") || !t[i].bol || t[i].dir < 0 || i + 2 >= src->ntoks ||
	    t[i + 1].kind != TOK_IDENT || !tok_eq(&t[i + 1], "define") ||
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

/* Lexes text into a source of its own; -1 when out of memory. */
static int lex_text(struct source *out, const char *text)
{
	memset(out, 0, sizeof(*out));
	out->path = "";
	return lex_source(out, text, strlen(text));
}

/* KERNEL_VERSION's body at a.b.c, or -1 when it is no constant. */
static long long kv_value(const struct source *src, const struct def *d, long long v[3])
{
	struct buf b = { 0 };
	struct source s;
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

int not_for_linux(const struct source *src)
{
	struct def d;

	for (size_t i = 0; i < src->ntoks; i++)
		if (read_define(src, i, &d) && tok_eq(&src->toks[d.name], "LINUX_VERSION_CODE") &&
		    constant_code(src, &d))
			return 1;
	return 0;
}

static void free_macro(struct macro *m)
{
	free(m->name);
	for (int k = 0; k < m->nparams; k++)
		free(m->params[k]);
	free(m->params);
	free(m->body);
}

static int add_macro(struct tree *t, const struct source *src, const struct def *d,
		     const char *file)
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
	m.file = file;
	m.line = tk[d->name].line;
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
		size_t ncap = t->cap ? t->cap * 2 : 64;
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

int tree_collect(struct tree *t, const struct source *src)
{
	const char *file = NULL;
	struct def d;

	for (size_t i = 0; i < src->ntoks; i++) {
		if (!read_define(src, i, &d) || directive_ignored(src, i, d.end))
			continue;
		const struct token *name = &src->toks[d.name];

		if (tok_eq(name, "KERNEL_VERSION")) {
			if (d.fn && wide_kernel_version(src, &d))
				t->own_kv = 1;
			continue;
		}
		if (tok_eq(name, "LINUX_VERSION_CODE")) {
			t->own_code = 1;
			continue;
		}
		if (!file) {
			char **nf = realloc(t->files, (t->nfiles + 1) * sizeof(*nf));

			if (!nf)
				return -1;
			t->files = nf;
			nf[t->nfiles] = strdup(src->path);
			if (!nf[t->nfiles])
				return -1;
			file = nf[t->nfiles++];
		}
		if (add_macro(t, src, &d, file) < 0)
			return -1;
		i = d.end - 1;
	}
	return 0;
}

/* ---- which macros lead to the version code -------------------------------- */

static int find(const struct tree *t, const char *s, size_t n)
{
	/* Sorted by name once finished: a binary search. */
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = strncmp(t->m[mid].name, s, n);

		if (r == 0 && t->m[mid].name[n])
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

static int by_name(const void *a, const void *b)
{
	const struct macro *x = a, *y = b;
	int r = strcmp(x->name, y->name);

	/* The first definition read of a name comes first. */
	if (r)
		return r;
	return x < y ? -1 : x > y;
}

static int is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       (c >= '0' && c <= '9');
}

/* Whether body names the version macros or a macro marked in leads. */
static int leads(const struct tree *t, const struct macro *m, const unsigned char *lead)
{
	const char *s = m->body;

	while (*s) {
		/* A number whole: 0x1f is no identifier. */
		if (*s >= '0' && *s <= '9') {
			while (is_ident_char(*s))
				s++;
			continue;
		}
		if (!is_ident_char(*s)) {
			s++;
			continue;
		}
		const char *w = s;

		while (is_ident_char(*s))
			s++;
		size_t n = (size_t)(s - w);

		if ((n == 18 && !strncmp(w, "LINUX_VERSION_CODE", n)) ||
		    (n == 14 && !strncmp(w, "KERNEL_VERSION", n)))
			return 1;
		int k = find(t, w, n);

		if (k >= 0 && lead[k] && &t->m[k] != m)
			return 1;
	}
	return 0;
}

/* A body the rules already report where it is defined. */
static int reported_in_place(const struct macro *m)
{
	struct source s;
	struct warnings w = { 0 };
	int r;

	if (lex_text(&s, m->body) < 0) {
		free_source(&s);
		return -1;
	}
	r = check_source(&s, NULL, &w);
	if (r == 0)
		r = w.n > 0;
	free_warnings(&w);
	free_source(&s);
	return r;
}

int tree_finish(struct tree *t)
{
	unsigned char *lead;
	size_t n = 0;
	int changed = 1;

	if (!t->n)
		return 0;
	qsort(t->m, t->n, sizeof(*t->m), by_name);
	/* One definition per name: the first read. */
	for (size_t i = 0; i < t->n; i++) {
		if (n && !strcmp(t->m[n - 1].name, t->m[i].name))
			free_macro(&t->m[i]);
		else
			t->m[n++] = t->m[i];
	}
	t->n = n;
	lead = calloc(t->n, 1);
	if (!lead)
		return -1;
	while (changed) {
		changed = 0;
		for (size_t i = 0; i < t->n; i++)
			if (!lead[i] && leads(t, &t->m[i], lead)) {
				lead[i] = 1;
				changed = 1;
			}
	}
	n = 0;
	for (size_t i = 0; i < t->n; i++) {
		int r = lead[i] ? reported_in_place(&t->m[i]) : 0;

		if (r < 0) {
			free(lead);
			return -1;
		}
		if (lead[i] && !r)
			t->m[n++] = t->m[i];
		else
			free_macro(&t->m[i]);
	}
	t->n = n;
	free(lead);
	return 0;
}

void free_tree(struct tree *t)
{
	for (size_t i = 0; i < t->n; i++)
		free_macro(&t->m[i]);
	free(t->m);
	for (size_t i = 0; i < t->nfiles; i++)
		free(t->files[i]);
	free(t->files);
	memset(t, 0, sizeof(*t));
}

/* ---- expansion ------------------------------------------------------------ */

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

static int expand_text(const struct tree *t, const char *text, unsigned char *active,
		       int depth, struct buf *out);

/* Macro k used with the arguments [args] of src, expanded into out. */
static int expand_use(const struct tree *t, int k, const struct source *src,
		      const size_t *args, int nargs, unsigned char *active, int depth,
		      struct buf *out)
{
	const struct macro *m = &t->m[k];
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
 * Expands the macros of the tree in text into out. 0 done, 1 given up (too
 * deep, too long, a call that does not match), -1 out of memory.
 */
static int expand_text(const struct tree *t, const char *text, unsigned char *active,
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
		if (k >= 0 && !active[k] && t->m[k].params) {
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

int expand_source(const struct tree *t, const struct source *src, struct source *out)
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
		if (k >= 0 && t->m[k].params) {
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
