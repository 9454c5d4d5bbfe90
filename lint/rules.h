/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rules of kver-lint (rules.c holds their table and runs them): those
 * that judge each comparison with the version code (rules_compare.c) and
 * those that scan a whole file (rules_scan.c).
 */
#ifndef KVER_LINT_RULES_H
#define KVER_LINT_RULES_H

#include "ctx.h"

/*
 * LINUX_VERSION_CODE OP operand, found once for each use of the code and
 * shown to every rule that judges comparisons.
 */
struct comparison {
	size_t s, e;    /* the operand */
	size_t at, end; /* the whole comparison, reported at its start */
	char op[4];     /* the operator, read with the code on the left */
	char expr[160]; /* the comparison as written */
};

struct rule {
	const char *id, *what;
	/* Judges the clamped code: not run on a tree with its own wide one. */
	int clamped;
	/* Judges each comparison with LINUX_VERSION_CODE, or NULL. */
	void (*compare)(struct ctx *c, const struct comparison *k);
	/* Scans the whole file after the comparisons, or NULL. */
	void (*scan)(struct ctx *c);
};
/* In the order of the SARIF log, { NULL } at the end. */
extern const struct rule lint_rules[];

/* rules_compare.c: KERNEL_VERSION(a, b, c) at i with a literal c of min or more. */
struct kv_call {
	size_t a[2], b[2], c[2]; /* argument ranges */
	long long sub;
	long long va, vb;        /* a and b, -1 where they are not literals */
};
int kernel_version_call(const struct ctx *c, size_t i, size_t *end, struct kv_call *kv,
			long long min);

void kernel_version_comparison(struct ctx *c, const struct comparison *k);
void check_kernel_version(struct ctx *c);
void boundary_comparison(struct ctx *c, const struct comparison *k);
void stable_clamp_comparison(struct ctx *c, const struct comparison *k);
void hand_computed_comparison(struct ctx *c, const struct comparison *k);

/* rules_scan.c */
void check_masks(struct ctx *c);
void check_encodings(struct ctx *c);

#endif
