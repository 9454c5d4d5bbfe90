/* SPDX-License-Identifier: GPL-2.0 */
/* Inside the KTAP reader: its tree and its open groups (ktap_tree.c), for ktap.c. */
#ifndef KVER_KTAP_TREE_H
#define KVER_KTAP_TREE_H

#include "ktap.h"

/* An open group: a document or a subtest whose result line is still to come. */
struct group {
	int indent;
	struct ktap_test *t;	/* the document root, or a pending subtest */
	char **diag;		/* diagnostics waiting for the next result */
	size_t ndiag;
	int plan;
};

/* The open groups of a log, innermost last (ktap_log.state). */
struct state {
	struct group *g;
	size_t n, cap;
};

/* Grow *arr (of n elements of size bytes) for one more: 0, or -1. */
int grow(void **arr, size_t n, size_t size);
/* A copy of s[0 .. n) without the blanks around it, or NULL. */
char *dup_trim(const char *s, size_t n);
void free_test(struct ktap_test *t);
int add_sub(struct ktap_test *parent, const struct ktap_test *child);
struct state *state_of(struct ktap_log *log);
void drop_diag(struct group *g);
/* Tests a plan announced but no result line reported. */
int add_missing(struct ktap_test *t, int plan);
/* Pop the innermost group; a pending subtest becomes MISSING in its parent. */
int pop_unreported(struct state *st);
/* Open a subtest at indent; a document at indent (closing the one before). */
int push_subtest(struct state *st, int indent);
int new_doc(struct ktap_log *log, int indent);

#endif
