// SPDX-License-Identifier: GPL-2.0
/*
 * Which macros apply in a file: a macro defined in one file applies only
 * where that file is included. A file's text is compiled with every file
 * of its translation units: itself, what it includes (and so on), the
 * tree's forced includes, and, for a header, everything compiled with a
 * file that includes it (the macros its includer defined before it). That
 * set (up) is computed for every file of the tree at once, as bit sets,
 * from the include graph (includes.c).
 *
 * Of those files' macros, the ones that lead to the version code, directly
 * or through other macros of the set, are expanded where the file uses
 * them (expand.c): the first definition of a name in the tree's file
 * order, and not one whose own body the rules already report where it
 * stands (it holds the literal version), so nothing is reported twice.
 * The set's own KERNEL_VERSION and LINUX_VERSION_CODE (a compat header on
 * the include path) decide whether the file's comparisons are judged. A
 * file not built for Linux lends nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "tree.h"

static int has(const uint64_t *set, size_t i)
{
	return (set[i / 64] >> (i % 64)) & 1;
}

/* dst |= src over words; 1 when dst changed. */
static int join(uint64_t *dst, const uint64_t *src, size_t words)
{
	int changed = 0;

	for (size_t k = 0; k < words; k++)
		if ((dst[k] | src[k]) != dst[k]) {
			dst[k] |= src[k];
			changed = 1;
		}
	return changed;
}

/* The macros a list holds, sorted by name, then by the order they were read. */
struct list {
	struct macro **m;
	size_t n, cap;
};

static int list_add(struct list *l, struct macro *m)
{
	if (l->n == l->cap) {
		size_t ncap = l->cap ? l->cap * 2 : 64;
		struct macro **nm = realloc(l->m, ncap * sizeof(*nm));

		if (!nm)
			return -1;
		l->m = nm;
		l->cap = ncap;
	}
	l->m[l->n++] = m;
	return 0;
}

static const struct list *sorting;

static int by_name(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int r = strcmp(sorting->m[x]->name, sorting->m[y]->name);

	return r ? r : (x > y) - (x < y);
}

/* Sorts l by name (stable); -1 when out of memory. */
static int list_sort(struct list *l)
{
	size_t *order = malloc((l->n + 1) * sizeof(*order));
	struct macro **m = malloc((l->n + 1) * sizeof(*m));

	if (!order || !m) {
		free(order);
		free(m);
		return -1;
	}
	for (size_t i = 0; i < l->n; i++)
		order[i] = i;
	sorting = l;
	qsort(order, l->n, sizeof(*order), by_name);
	sorting = NULL;
	for (size_t i = 0; i < l->n; i++)
		m[i] = l->m[order[i]];
	free(l->m);
	free(order);
	l->m = m;
	return 0;
}

/* The first entry named s[0, n) in the sorted list, or -1. */
static long find(struct macro *const *m, size_t count, const char *s, size_t n)
{
	size_t lo = 0, hi = count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = strncmp(m[mid]->name, s, n);

		if (r == 0 && m[mid]->name[n])
			r = 1;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < count && !strncmp(m[lo]->name, s, n) && !m[lo]->name[n] ? (long)lo : -1;
}

/*
 * Whether m's body names the version macros or a macro of the sorted list
 * marked (lead[k], or ->lead when lead is NULL) other than m itself.
 */
static int leads(struct macro *const *list, size_t count, const unsigned char *lead,
		 const struct macro *m)
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
		for (long k = find(list, count, w, n); k >= 0 && (size_t)k < count &&
						      !strncmp(list[k]->name, w, n) && !list[k]->name[n];
		     k++)
			if (list[k] != m && (lead ? lead[k] : list[k]->lead))
				return 1;
	}
	return 0;
}

int scopes_build(struct scopes *s, const struct graph *g, struct defs *defs)
{
	size_t n = g->n, w = (n + 63) / 64;
	uint64_t *closure;
	struct list all = { 0 };
	int changed = 1;

	memset(s, 0, sizeof(*s));
	s->n = n;
	s->words = w;
	s->defs = defs;
	closure = calloc(n * w + 1, sizeof(uint64_t));
	s->up = calloc(n * w + 1, sizeof(uint64_t));
	if (!closure || !s->up) {
		free(closure);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		closure[i * w + i / 64] |= 1ULL << (i % 64);
	while (changed) {
		changed = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < g->nto[i]; k++)
				changed |= join(closure + i * w, closure + g->to[i][k] * w, w);
	}
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < g->nforced; k++)
			join(closure + i * w, closure + g->forced[k] * w, w);
	memcpy(s->up, closure, n * w * sizeof(uint64_t));
	free(closure);
	for (changed = 1; changed;) {
		changed = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < g->nto[i]; k++)
				changed |= join(s->up + g->to[i][k] * w, s->up + i * w, w);
	}
	/* The macros of the tree that lead to the code with any of its definitions. */
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; !defs[i].foreign && k < defs[i].n; k++)
			if (list_add(&all, &defs[i].m[k]) < 0)
				goto oom;
	if (list_sort(&all) < 0)
		goto oom;
	for (changed = 1; changed;) {
		changed = 0;
		for (size_t k = 0; k < all.n; k++)
			if (!all.m[k]->lead && leads(all.m, all.n, NULL, all.m[k])) {
				all.m[k]->lead = 1;
				changed = 1;
			}
	}
	free(all.m);
	return 0;
oom:
	free(all.m);
	return -1;
}

/* A body the rules already report where it is defined; -1 when out of memory. */
static int reported_in_place(struct macro *m)
{
	struct source s;
	struct warnings w = { 0 };
	int r;

	if (m->in_place >= 0)
		return m->in_place;
	if (lex_text(&s, m->body) < 0) {
		free_source(&s);
		return -1;
	}
	r = check_source(&s, NULL, &w);
	if (r == 0)
		r = m->in_place = w.n > 0;
	free_warnings(&w);
	free_source(&s);
	return r;
}

int scope_of(struct scopes *s, size_t i, struct scope *out)
{
	const uint64_t *set = s->up + i * s->words;
	struct list l = { 0 };
	unsigned char *lead = NULL;
	size_t n = 0;
	int changed = 1;

	memset(out, 0, sizeof(*out));
	for (size_t f = 0; f < s->n; f++) {
		const struct defs *d = &s->defs[f];

		if (!has(set, f) || d->foreign)
			continue;
		out->own_kv |= d->wide_kv;
		out->own_code |= d->code;
		for (size_t k = 0; k < d->n; k++)
			if (d->m[k].lead && list_add(&l, &d->m[k]) < 0)
				goto oom;
	}
	if (list_sort(&l) < 0)
		goto oom;
	/* One definition per name: the first read. */
	for (size_t k = 0; k < l.n; k++)
		if (!n || strcmp(l.m[n - 1]->name, l.m[k]->name))
			l.m[n++] = l.m[k];
	l.n = n;
	lead = calloc(l.n + 1, 1);
	if (!lead)
		goto oom;
	while (changed) {
		changed = 0;
		for (size_t k = 0; k < l.n; k++)
			if (!lead[k] && leads(l.m, l.n, lead, l.m[k])) {
				lead[k] = 1;
				changed = 1;
			}
	}
	n = 0;
	for (size_t k = 0; k < l.n; k++) {
		int r = lead[k] ? reported_in_place(l.m[k]) : 1;

		if (r < 0)
			goto oom;
		if (!r)
			l.m[n++] = l.m[k];
	}
	free(lead);
	out->m = (const struct macro **)l.m;
	out->n = n;
	if (!n) {
		free(l.m);
		out->m = NULL;
	}
	return 0;
oom:
	free(lead);
	free(l.m);
	return -1;
}

void free_scope(struct scope *s)
{
	free(s->m);
	memset(s, 0, sizeof(*s));
}

void free_scopes(struct scopes *s)
{
	free(s->up);
	memset(s, 0, sizeof(*s));
}
