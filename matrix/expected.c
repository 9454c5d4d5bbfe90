// SPDX-License-Identifier: GPL-2.0
/* kver-matrix: the expected verdicts and their comparison with the cells. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "matrix.h"

void expected_free(struct expected *x)
{
	free(x->e);
	x->e = NULL;
	x->n = 0;
}

static int valid_point_word(const char *s)
{
	uint32_t n;

	return !strcmp(s, "own") || kver_parse_uint(s, UINT32_MAX, &n) == 0;
}

static struct expectation *find_expectation(struct expected *x, const char *tree,
					    const char *variant, const char *point, int check)
{
	for (size_t i = 0; i < x->n; i++) {
		struct expectation *e = &x->e[i];

		if (e->check == check && !strcmp(e->tree, tree) && !strcmp(e->variant, variant) &&
		    !strcmp(e->point, point))
			return e;
	}
	return NULL;
}

static int expected_line(struct expected *x, char *line, const char *name, int lineno,
			 char *err, size_t errsize)
{
	char *w[6], *save;
	int n = 0, check;
	enum verdict v;
	struct expectation *e;

	line[strcspn(line, "#")] = '\0';
	for (char *t = strtok_r(line, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
		if (n == 6)
			break;
		w[n++] = t;
	}
	if (n == 0)
		return 0;
	if (n != 5) {
		boot_set_err(err, errsize, "%s:%d: want TREE VARIANT POINT CHECK VERDICT", name, lineno);
		return -1;
	}
	check = check_parse(w[3]);
	if (check < 0) {
		boot_set_err(err, errsize, "%s:%d: unknown check '%s'", name, lineno, w[3]);
		return -1;
	}
	if (verdict_parse(w[4], &v)) {
		boot_set_err(err, errsize, "%s:%d: verdict '%s' is not ok, fail or n/a", name, lineno,
			w[4]);
		return -1;
	}
	if (!valid_point_word(w[2])) {
		boot_set_err(err, errsize, "%s:%d: point '%s' is not a SUBLEVEL or 'own'", name, lineno,
			w[2]);
		return -1;
	}
	if (strlen(w[0]) >= sizeof(e->tree) || strlen(w[1]) >= sizeof(e->variant) ||
	    strlen(w[2]) >= sizeof(e->point)) {
		boot_set_err(err, errsize, "%s:%d: word too long", name, lineno);
		return -1;
	}
	e = find_expectation(x, w[0], w[1], w[2], check);
	if (e) {
		boot_set_err(err, errsize, "%s:%d: same cell as line %d", name, lineno, e->line);
		return -1;
	}
	e = realloc(x->e, (x->n + 1) * sizeof(*e));
	if (!e) {
		boot_set_err(err, errsize, "out of memory");
		return -1;
	}
	x->e = e;
	e = &x->e[x->n++];
	memset(e, 0, sizeof(*e));
	snprintf(e->tree, sizeof(e->tree), "%s", w[0]);
	snprintf(e->variant, sizeof(e->variant), "%s", w[1]);
	snprintf(e->point, sizeof(e->point), "%s", w[2]);
	e->check = check;
	e->verdict = v;
	e->line = lineno;
	return 0;
}

int expected_parse(const char *text, const char *name, struct expected *x, char *err,
		   size_t errsize)
{
	const char *s = text;
	int lineno = 0;

	x->e = NULL;
	x->n = 0;
	while (*s) {
		size_t n = strcspn(s, "\n");
		char *line = strndup(s, n);
		int rc;

		if (!line) {
			boot_set_err(err, errsize, "out of memory");
			expected_free(x);
			return -1;
		}
		rc = expected_line(x, line, name, ++lineno, err, errsize);
		free(line);
		if (rc) {
			expected_free(x);
			return -1;
		}
		s += n;
		if (*s)
			s++;
	}
	return 0;
}

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f)
		return NULL;
	for (;;) {
		if (cap - len < 4096) {
			char *nb = realloc(buf, cap + 65536);

			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
			cap += 65536;
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
		if (n == 0)
			break;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

int expected_load(const char *path, struct expected *x, char *err, size_t errsize)
{
	char *text = read_all(path);
	int rc;

	if (!text) {
		x->e = NULL;
		x->n = 0;
		boot_set_err(err, errsize, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	rc = expected_parse(text, path, x, err, errsize);
	free(text);
	return rc;
}

size_t matrix_compare(struct matrix *m, struct expected *x, int all, FILE *out)
{
	size_t diffs = 0;

	for (size_t i = 0; i < x->n; i++)
		x->e[i].used = 0;
	for (size_t i = 0; i < m->npoints; i++) {
		struct point *p = &m->points[i];
		char num[16];

		snprintf(num, sizeof(num), "%u", p->truth.sublevel);
		for (int c = 0; c < CHECK_COUNT; c++) {
			struct cell *cl = &p->cells[c];
			struct expectation *e = NULL;

			if (p->own) {
				struct expectation *n = find_expectation(x, p->tree, p->series,
									 num, c);

				/* "own" wins; a numeric line for the same point is covered. */
				e = find_expectation(x, p->tree, p->series, "own", c);
				if (e && n)
					n->used = 1;
			}
			if (!e)
				e = find_expectation(x, p->tree, p->series, num, c);
			cl->has_expected = e != NULL;
			cl->differs = 0;
			if (!e) {
				cl->differs = 1;
				diffs++;
				if (out)
					fprintf(out, "%s %s %s %s: no expected verdict, measured %s (%s)\n",
						p->tree, p->series, num, matrix_checks[c].id,
						verdict_name(cl->verdict), cl->text);
				continue;
			}
			e->used = 1;
			cl->expected = e->verdict;
			if (e->verdict != cl->verdict) {
				cl->differs = 1;
				diffs++;
				if (out)
					fprintf(out, "%s %s %s%s %s: expected %s, measured %s (%s)\n",
						p->tree, p->series, num, p->own ? " (own)" : "",
						matrix_checks[c].id, verdict_name(e->verdict),
						verdict_name(cl->verdict), cl->text);
			}
		}
	}
	if (!all)
		return diffs;
	for (size_t i = 0; i < x->n; i++) {
		const struct expectation *e = &x->e[i];
		int measured_line = 0;

		if (e->used)
			continue;
		for (size_t j = 0; j < m->npoints && !measured_line; j++)
			measured_line = !strcmp(m->points[j].tree, e->tree) &&
					!strcmp(m->points[j].series, e->variant);
		if (!measured_line)
			continue;
		diffs++;
		if (out)
			fprintf(out, "%s %s %s %s: expected %s, not measured\n", e->tree, e->variant,
				e->point, matrix_checks[e->check].id, verdict_name(e->verdict));
	}
	return diffs;
}
