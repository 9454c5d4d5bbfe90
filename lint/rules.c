// SPDX-License-Identifier: GPL-2.0
/*
 * The rules of kver-lint. Each looks at the token stream of one file for a
 * version test that goes wrong once SUBLEVEL passes 255. lint_rules[] is
 * their table: a rule is one entry, with its id, what it finds and its
 * checks; check_source runs them.
 *
 * Expressions are recognised from tokens, not parsed in full: enough for
 * the forms version tests take, and silent on everything it cannot read
 * (a macro as SUBLEVEL, a runtime value) rather than guessing.
 */
#include <stdio.h>
#include <stdlib.h>

#include "rules.h"

/* The comparison LINUX_VERSION_CODE at lvc is part of, unless reported. */
static int find_comparison(const struct ctx *c, size_t lvc, struct comparison *k)
{
	size_t lo = lvc, hi = lvc, op, s, e;
	int code_left;

	while (lo > 0 && hi + 1 < c->n && is_punct(c, lo - 1, "(") &&
	       is_punct(c, hi + 1, ")") && same_region(c, lo - 1, hi + 1)) {
		lo--;
		hi++;
	}
	if (is_relop(c, hi + 1) && same_region(c, hi, hi + 1)) {
		op = hi + 1;
		s = op + 1;
		e = operand_fwd(c, s);
		code_left = 1;
	} else if (lo > 0 && is_relop(c, lo - 1) && same_region(c, lo - 1, lo)) {
		op = lo - 1;
		e = op;
		s = operand_back(c, op);
		code_left = 0;
	} else {
		return 0;
	}
	if (s == NONE || e == NONE || s >= e || c->used[s])
		return 0;
	k->s = s;
	k->e = e;
	snprintf(k->op, sizeof(k->op), "%.*s", (int)c->t[op].len, c->t[op].text);
	if (!code_left)
		snprintf(k->op, sizeof(k->op), "%s", mirror(k->op));
	k->at = code_left ? lo : s;
	k->end = code_left ? e : hi + 1;
	render(c, k->at, k->end, k->expr, sizeof(k->expr));
	return 1;
}

const struct rule lint_rules[] = {
	{ "kver-kernel-version",
	  "KERNEL_VERSION(a, b, c) with a literal c above 255, which the kernel clamps to a.b.255",
	  .clamped = 1, .compare = kernel_version_comparison, .scan = check_kernel_version },
	{ "kver-boundary-255",
	  "LINUX_VERSION_CODE compared with KERNEL_VERSION(a, b, 255) by >, <=, == or !=, "
	  "which a.b.256 and later answer as a.b.255",
	  .clamped = 1, .compare = boundary_comparison },
	{ "kver-stable-clamp",
	  "LINUX_VERSION_CODE compared with KERNEL_VERSION(4, 14, c) or (4, 19, c), which the "
	  "code of 4.14 from 4.14.252 on and of 4.19 from 4.19.222 on (always a.b.255) answers wrong",
	  .clamped = 1, .compare = stable_clamp_comparison },
	{ "kver-hand-computed",
	  "LINUX_VERSION_CODE compared with a number written by hand (0x0504ff, (5 << 16) + ...)",
	  .clamped = 1, .compare = hand_computed_comparison },
	{ "kver-sublevel-mask",
	  "SUBLEVEL taken out of a version code by masking, a modulo, a shift pair or a cast "
	  "to 8 bits",
	  .scan = check_masks },
	{ "kver-unclamped-encode",
	  "a version encoded by hand, (x << 16) + (y << 8) + z, where z can pass 255 and carry "
	  "into PATCHLEVEL",
	  .scan = check_encodings },
	{ .id = NULL },
};

int check_source(const struct source *src, const struct scope *scope, struct warnings *out)
{
	struct ctx c = { .src = src, .t = src->toks, .n = src->ntoks, .out = out, .scope = scope };
	/* A scope with its own wide KERNEL_VERSION and code compares right. */
	int own = scope && scope->own_kv && scope->own_code;
	struct comparison k;
	const struct rule *r;

	c.used = calloc(src->ntoks + 1, 1);
	if (!c.used)
		return -1;
	/*
	 * Every comparison first, then the scans, each in the table's order:
	 * what an earlier rule reports, a later one passes over (c.used).
	 */
	for (size_t i = 0; i < c.n; i++) {
		if (!is_ident(&c, i, "LINUX_VERSION_CODE") || !find_comparison(&c, i, &k))
			continue;
		out->tests += !own;
		for (r = lint_rules; r->id; r++)
			if (r->compare && !(own && r->clamped)) {
				c.rule = r->id;
				r->compare(&c, &k);
			}
	}
	for (r = lint_rules; r->id; r++)
		if (r->scan && !(own && r->clamped)) {
			c.rule = r->id;
			r->scan(&c);
		}
	free(c.used);
	return c.oom ? -1 : 0;
}
