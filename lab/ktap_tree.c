// SPDX-License-Identifier: GPL-2.0
/*
 * The KTAP reader's tree (ktap.c reads the lines): documents, tests and
 * their subtests, the groups still open while a log is read, closed at
 * its end with what a plan announced and no line reported as missing;
 * counting and freeing the tree.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_tree.h"

int grow(void **arr, size_t n, size_t size)
{
	/* Arrays grow by doubling; n is the count before the append. */
	if ((n & (n - 1)) == 0) {
		void *p = realloc(*arr, (n ? 2 * n : 1) * size);

		if (!p)
			return -1;
		*arr = p;
	}
	return 0;
}

char *dup_trim(const char *s, size_t n)
{
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	return strndup(s, n);
}

void free_test(struct ktap_test *t)
{
	free(t->name);
	free(t->directive);
	for (size_t i = 0; i < t->ndiag; i++)
		free(t->diag[i]);
	free(t->diag);
	for (size_t i = 0; i < t->nsub; i++)
		free_test(&t->sub[i]);
	free(t->sub);
}

int add_sub(struct ktap_test *parent, const struct ktap_test *child)
{
	if (grow((void **)&parent->sub, parent->nsub, sizeof(*child)))
		return -1;
	parent->sub[parent->nsub++] = *child;
	return 0;
}

void ktap_init(struct ktap_log *log)
{
	memset(log, 0, sizeof(*log));
}

struct state *state_of(struct ktap_log *log)
{
	if (!log->state)
		log->state = calloc(1, sizeof(struct state));
	return log->state;
}

void drop_diag(struct group *g)
{
	for (size_t i = 0; i < g->ndiag; i++)
		free(g->diag[i]);
	free(g->diag);
	g->diag = NULL;
	g->ndiag = 0;
}

/* Tests a plan announced but no result line reported. */
int add_missing(struct ktap_test *t, int plan)
{
	for (int k = (int)t->nsub + 1; k <= plan; k++) {
		struct ktap_test m = { .number = k, .status = KTAP_MISSING };

		m.name = malloc(32);
		if (!m.name)
			return -1;
		snprintf(m.name, 32, "(test %d: no result)", k);
		if (add_sub(t, &m)) {
			free(m.name);
			return -1;
		}
	}
	return 0;
}

/*
 * Pop the innermost group. A pending subtest popped this way never got its
 * result line: it is added to its parent as MISSING.
 */
int pop_unreported(struct state *st)
{
	struct group *g = &st->g[--st->n];
	struct ktap_test *t = g->t;
	int err = add_missing(t, g->plan);

	drop_diag(g);
	if (st->n == 0)
		return err;	/* the document root stays in its document */
	t->status = KTAP_MISSING;
	t->number = (int)st->g[st->n - 1].t->nsub + 1;
	if (!t->name)
		t->name = dup_trim("(unnamed subtest)", 17);
	err |= add_sub(st->g[st->n - 1].t, t);
	free(t);
	return err ? -1 : 0;
}

static int close_all(struct ktap_log *log)
{
	struct state *st = log->state;
	int err = 0;

	while (st && st->n)
		err |= pop_unreported(st);
	return err;
}

static int push(struct state *st, int indent, struct ktap_test *t)
{
	if (st->n == st->cap) {
		size_t cap = st->cap ? 2 * st->cap : 8;
		struct group *g = realloc(st->g, cap * sizeof(*g));

		if (!g)
			return -1;
		st->g = g;
		st->cap = cap;
	}
	st->g[st->n++] = (struct group){ .indent = indent, .t = t, .plan = -1 };
	return 0;
}

int push_subtest(struct state *st, int indent)
{
	struct ktap_test *t = calloc(1, sizeof(*t));

	if (!t || push(st, indent, t)) {
		free(t);
		return -1;
	}
	return 0;
}

int new_doc(struct ktap_log *log, int indent)
{
	struct state *st = state_of(log);

	if (!st || close_all(log))
		return -1;
	if (grow((void **)&log->docs, log->ndocs, sizeof(*log->docs)))
		return -1;
	memset(&log->docs[log->ndocs], 0, sizeof(*log->docs));
	log->docs[log->ndocs].plan = -1;
	return push(st, indent, &log->docs[log->ndocs++].root);
}

int ktap_finish(struct ktap_log *log)
{
	int err = close_all(log);
	struct state *st = log->state;

	if (st) {
		free(st->g);
		free(st);
		log->state = NULL;
	}
	return err;
}

void ktap_free(struct ktap_log *log)
{
	ktap_finish(log);
	for (size_t i = 0; i < log->ndocs; i++) {
		free_test(&log->docs[i].root);
		free(log->docs[i].bail_reason);
		free(log->docs[i].first_diag);
	}
	free(log->docs);
	memset(log, 0, sizeof(*log));
}

void ktap_count(const struct ktap_test *t, struct ktap_counts *c)
{
	if (t->nsub == 0) {
		switch (t->status) {
		case KTAP_PASS:
			c->pass++;
			break;
		case KTAP_FAIL:
			c->fail++;
			break;
		case KTAP_SKIP:
			c->skip++;
			break;
		case KTAP_MISSING:
			c->missing++;
			break;
		}
		return;
	}
	for (size_t i = 0; i < t->nsub; i++)
		ktap_count(&t->sub[i], c);
	/* A failed parent with passing children still failed (e.g. a crash). */
	if (t->status == KTAP_FAIL && t->number) {
		struct ktap_counts sub = { 0 };

		for (size_t i = 0; i < t->nsub; i++)
			ktap_count(&t->sub[i], &sub);
		if (!sub.fail && !sub.missing)
			c->fail++;
	}
}

const char *ktap_status_name(enum ktap_status s)
{
	static const char *const names[] = { "ok", "not ok", "skip", "missing" };

	return names[s];
}
