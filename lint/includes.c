// SPDX-License-Identifier: GPL-2.0
/*
 * Which file of a tree each #include names, as the preprocessor would find
 * it within the tree (tree.h says the order). Headers outside the tree,
 * the kernel's, are no file of it: their macros are the kernel's own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree.h"

struct lookup {
	char **norm;      /* each file's path, normalised */
	size_t *by_path;  /* file indexes sorted by normalised path */
	size_t *by_base;  /* ... and by the last part of it */
	size_t n;
};

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static const struct lookup *sorting;

static int cmp_path(const void *a, const void *b)
{
	return strcmp(sorting->norm[*(const size_t *)a], sorting->norm[*(const size_t *)b]);
}

static int cmp_base(const void *a, const void *b)
{
	int r = strcmp(base(sorting->norm[*(const size_t *)a]),
		       base(sorting->norm[*(const size_t *)b]));

	return r ? r : (*(const size_t *)a > *(const size_t *)b) - (*(const size_t *)a < *(const size_t *)b);
}

/* The file whose normalised path is p, or -1. */
static long find_path(const struct lookup *l, const char *p)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = strcmp(l->norm[l->by_path[mid]], p);

		if (!r)
			return (long)l->by_path[mid];
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* The file at folder/name, or -1; -2 when out of memory. */
static long find_in(const struct lookup *l, const char *folder, const char *name)
{
	size_t len = strlen(folder) + strlen(name) + 2;
	char *p = malloc(len), *n;
	long r;

	if (!p)
		return -2;
	snprintf(p, len, "%s/%s", folder, name);
	n = path_norm(p);
	free(p);
	if (!n)
		return -2;
	r = find_path(l, n);
	free(n);
	return r;
}

static size_t common_prefix(const char *a, const char *b)
{
	size_t n = 0;

	while (a[n] && a[n] == b[n])
		n++;
	return n;
}

struct edges {
	size_t *v;
	size_t n, cap;
};

static int push(struct edges *e, size_t to)
{
	for (size_t k = 0; k < e->n; k++)
		if (e->v[k] == to)
			return 0;
	if (e->n == e->cap) {
		size_t ncap = e->cap ? e->cap * 2 : 8;
		size_t *nv = realloc(e->v, ncap * sizeof(*nv));

		if (!nv)
			return -1;
		e->v = nv;
		e->cap = ncap;
	}
	e->v[e->n++] = to;
	return 0;
}

/*
 * The files of the tree whose path ends with name, other than self: those
 * that share the longest start of their path with self's.
 */
static int by_suffix(const struct lookup *l, size_t self, const char *name, struct edges *e)
{
	char *n = path_norm(name);
	const char *want;
	size_t lo = 0, hi = l->n, best = 0, wl;

	if (!n)
		return -1;
	want = n;
	while (!strncmp(want, "../", 3))
		want += 3;
	wl = strlen(want);
	/* The first file of that last part. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(base(l->norm[l->by_base[mid]]), base(want)) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (int pass = 0; pass < 2; pass++)
		for (size_t k = lo; k < l->n && !strcmp(base(l->norm[l->by_base[k]]), base(want)); k++) {
			size_t f = l->by_base[k];
			const char *p = l->norm[f];
			size_t pl = strlen(p);

			if (f == self || pl < wl || strcmp(p + pl - wl, want) ||
			    (pl > wl && p[pl - wl - 1] != '/'))
				continue;
			size_t c = common_prefix(p, l->norm[self]);

			if (pass == 0 && c > best)
				best = c;
			else if (pass == 1 && c == best && push(e, f) < 0) {
				free(n);
				return -1;
			}
		}
	free(n);
	return 0;
}

/* The files the include inc of file i names (none: the kernel's). */
static int resolve(const struct lookup *l, const struct incdirs *dirs, size_t i,
		   const struct include *inc, struct edges *e)
{
	char *dir = strdup(l->norm[i]), *slash;
	long f = -1;

	if (!dir)
		return -1;
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		strcpy(dir, ".");
	if (!inc->angle && !inc->next)
		f = find_in(l, dir, inc->name);
	for (size_t k = 0; f < 0 && f != -2 && dirs && k < dirs->ndirs; k++) {
		f = find_in(l, dirs->dirs[k], inc->name);
		if (f == (long)i)
			f = -1;
	}
	free(dir);
	if (f == -2)
		return -1;
	if (f >= 0)
		return (size_t)f == i ? 0 : push(e, (size_t)f);
	/* #include_next wraps the header that comes later on the path: the kernel's. */
	return inc->next ? 0 : by_suffix(l, i, inc->name, e);
}

int graph_build(struct graph *g, size_t n, char *const *paths, const struct defs *defs,
		const struct incdirs *dirs)
{
	struct lookup l = { .n = n };
	int r = 0;

	memset(g, 0, sizeof(*g));
	g->n = n;
	l.norm = calloc(n + 1, sizeof(*l.norm));
	l.by_path = malloc((n + 1) * sizeof(size_t));
	l.by_base = malloc((n + 1) * sizeof(size_t));
	g->to = calloc(n + 1, sizeof(*g->to));
	g->nto = calloc(n + 1, sizeof(*g->nto));
	if (!l.norm || !l.by_path || !l.by_base || !g->to || !g->nto)
		r = -1;
	for (size_t i = 0; !r && i < n; i++) {
		l.norm[i] = path_norm(paths[i]);
		l.by_path[i] = l.by_base[i] = i;
		if (!l.norm[i])
			r = -1;
	}
	if (!r) {
		sorting = &l;
		qsort(l.by_path, n, sizeof(size_t), cmp_path);
		qsort(l.by_base, n, sizeof(size_t), cmp_base);
		sorting = NULL;
	}
	for (size_t i = 0; !r && i < n; i++) {
		struct edges e = { 0 };

		for (size_t k = 0; !r && k < defs[i].ninc; k++)
			r = resolve(&l, dirs, i, &defs[i].inc[k], &e);
		g->to[i] = e.v;
		g->nto[i] = e.n;
	}
	for (size_t k = 0; !r && dirs && k < dirs->nforced; k++) {
		long f = find_path(&l, dirs->forced[k]);
		size_t *nf;

		if (f < 0)
			continue;
		nf = realloc(g->forced, (g->nforced + 1) * sizeof(*nf));
		if (!nf) {
			r = -1;
			break;
		}
		g->forced = nf;
		nf[g->nforced++] = (size_t)f;
	}
	for (size_t i = 0; l.norm && i < n; i++)
		free(l.norm[i]);
	free(l.norm);
	free(l.by_path);
	free(l.by_base);
	return r;
}

void free_graph(struct graph *g)
{
	for (size_t i = 0; g->to && i < g->n; i++)
		free(g->to[i]);
	free(g->to);
	free(g->nto);
	free(g->forced);
	memset(g, 0, sizeof(*g));
}
