// SPDX-License-Identifier: GPL-2.0
/*
 * kver-matrix: the matrix itself: the points of the boot folders, a row
 * each, in order (tree, design, SUBLEVEL), no point twice.
 *
 * A point's values are read in values.c, its cells judged in checks.c and
 * compared in expected.c. Version strings are parsed and codes encoded and
 * decoded by libkver (kver_parse, kver_code, kver_decode, kver_cmp), in
 * each of them.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "matrix.h"

/* The designs, in the order the matrix shows them (lab/lab.conf). */
static const char *const variant_order[] = { KVER_VARIANTS };

/* A design in another release style ("kver@debian") follows its upstream row. */
int variant_rank(const char *name)
{
	size_t n = strcspn(name, "@");

	for (size_t i = 0; i < sizeof(variant_order) / sizeof(variant_order[0]); i++)
		if (strlen(variant_order[i]) == n && !strncmp(name, variant_order[i], n))
			return 2 * (int)i + (name[n] == '@');
	return 1000;
}

/* DIR/NAME into buf; -1 when it does not fit. */
static int join(char *buf, size_t size, const char *dir, const char *name)
{
	int n = snprintf(buf, size, "%s/%s", dir, name);

	return n < 0 || (size_t)n >= size ? -1 : 0;
}

int matrix_push(struct matrix *m, struct point *p)
{
	struct point *np = realloc(m->points, (m->npoints + 1) * sizeof(*np));

	if (!np)
		return -1;
	m->points = np;
	np[m->npoints++] = *p;
	return 0;
}

/* A folder with a point.meta of any kind: the boot model refuses a bad one. */
static int is_boot_dir(const char *dir)
{
	char path[4096];
	struct stat st;

	return !join(path, sizeof(path), dir, KVER_FILE_META) && lstat(path, &st) == 0;
}

static int add_one(struct matrix *m, const char *dir, char *err, size_t errsize)
{
	struct point p;

	if (point_load(dir, &p, err, errsize))
		return -1;
	if (matrix_push(m, &p)) {
		point_free(&p);
		boot_set_err(err, errsize, "out of memory");
		return -1;
	}
	return 1;
}

int matrix_add(struct matrix *m, const char *dir, char *err, size_t errsize)
{
	struct dirent **ents;
	int n, added = 0;

	if (is_boot_dir(dir))
		return add_one(m, dir, err, errsize);
	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0) {
		boot_set_err(err, errsize, "cannot read %s: %s", dir, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char sub[4096];

		if (added >= 0 && ents[i]->d_name[0] != '.' &&
		    !join(sub, sizeof(sub), dir, ents[i]->d_name) && is_boot_dir(sub)) {
			if (add_one(m, sub, err, errsize) < 0)
				added = -1;
			else
				added++;
		}
		free(ents[i]);
	}
	free(ents);
	if (added == 0)
		boot_set_err(err, errsize, "%s is not a boot folder and holds none", dir);
	return added > 0 ? added : -1;
}

static int tree_cmp(const char *a, const char *b)
{
	struct kver va, vb;

	if (kver_parse(a, &va) || kver_parse(b, &vb))
		return strcmp(a, b);
	return kver_cmp(&va, &vb);
}

static int point_cmp(const void *a, const void *b)
{
	const struct point *p = a, *q = b;
	int c = tree_cmp(p->tree, q->tree);

	if (c)
		return c;
	c = variant_rank(p->series) - variant_rank(q->series);
	if (c)
		return c;
	c = strcmp(p->series, q->series);
	if (c)
		return c;
	return p->truth.sublevel < q->truth.sublevel ? -1 : p->truth.sublevel > q->truth.sublevel;
}

void matrix_sort(struct matrix *m)
{
	if (m->npoints > 1)
		qsort(m->points, m->npoints, sizeof(*m->points), point_cmp);
}

void matrix_count_builds(const struct matrix *m, int *full, int *incremental)
{
	static const char *const again[] = { "incremental", "version-only", "replayed" };

	*full = *incremental = -1;
	for (size_t i = 0; i < m->npoints; i++) {
		const char *kind = m->points[i].boot.meta.build;
		int *n = NULL;

		if (!strcmp(kind, "full"))
			n = full;
		for (size_t j = 0; !n && j < sizeof(again) / sizeof(again[0]); j++)
			if (!strcmp(kind, again[j]))
				n = incremental;
		if (!n)
			continue;
		if (*full < 0)
			*full = *incremental = 0;
		(*n)++;
	}
}

int point_same_line(const struct point *p, const struct point *q)
{
	return !strcmp(p->tree, q->tree) && !strcmp(p->series, q->series);
}

int matrix_check_unique(const struct matrix *m, char *err, size_t errsize)
{
	for (size_t i = 0; i < m->npoints; i++)
		for (size_t j = i + 1; j < m->npoints; j++)
			if (point_same_line(&m->points[i], &m->points[j]) &&
			    m->points[i].truth.sublevel == m->points[j].truth.sublevel) {
				boot_set_err(err, errsize, "%s and %s are the same point (%s %s %u)",
					m->points[i].dir, m->points[j].dir, m->points[i].tree,
					m->points[i].series, m->points[i].truth.sublevel);
				return -1;
			}
	return 0;
}

void matrix_free(struct matrix *m)
{
	for (size_t i = 0; i < m->npoints; i++)
		point_free(&m->points[i]);
	free(m->points);
	m->points = NULL;
	m->npoints = 0;
}
