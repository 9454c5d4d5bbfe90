// SPDX-License-Identifier: GPL-2.0
/*
 * The rules of kver-lint. Each looks at the token stream of one file for a
 * version test that goes wrong once SUBLEVEL passes 255. lint_rules[] at
 * the end is their table: a rule is one entry, with its id, what it finds
 * and its checks.
 *
 * Expressions are recognised from tokens, not parsed in full: enough for
 * the forms version tests take, and silent on everything it cannot read
 * (a macro as SUBLEVEL, a runtime value) rather than guessing.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

/* ---- comparisons with the version code --------------------------------- */

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

/* ---- kver-kernel-version ----------------------------------------------- */

struct kv_call {
	size_t a[2], b[2], c[2]; /* argument ranges */
	long long sub;
};

/* KERNEL_VERSION(a, b, c) at i with a literal c of 255 or more. */
static int kernel_version_call(const struct ctx *c, size_t i, size_t *end,
			       struct kv_call *kv)
{
	size_t m, arg = 0, s;
	size_t bounds[3][2];
	int depth = 0;

	if (!is_ident(c, i, "KERNEL_VERSION") || !is_punct(c, i + 1, "(") ||
	    !same_region(c, i, i + 1))
		return 0;
	/* Not the definition of the macro itself. */
	if (i > 0 && (is_ident(c, i - 1, "define") || is_ident(c, i - 1, "undef")))
		return 0;
	m = match_fwd(c, i + 1);
	if (m == NONE)
		return 0;
	s = i + 2;
	for (size_t j = i + 2; j <= m; j++) {
		if (is_punct(c, j, "("))
			depth++;
		else if (is_punct(c, j, ")") && j < m)
			depth--;
		else if ((is_punct(c, j, ",") && depth == 0) || j == m) {
			if (arg >= 3)
				return 0;
			bounds[arg][0] = s;
			bounds[arg][1] = j;
			arg++;
			s = j + 1;
		}
	}
	/* Beyond INT_MAX it is no version, and c + 1 must not overflow. */
	if (arg != 3 || eval_range(c, bounds[2][0], bounds[2][1], &kv->sub) < 0 ||
	    kv->sub < 255 || kv->sub > INT_MAX)
		return 0;
	memcpy(kv->a, bounds[0], sizeof(kv->a));
	memcpy(kv->b, bounds[1], sizeof(kv->b));
	memcpy(kv->c, bounds[2], sizeof(kv->c));
	*end = m + 1;
	return 1;
}

/* An argument as a number when it is one, else as written. */
static void render_arg(const struct ctx *c, const size_t r[2], char *buf, size_t size)
{
	long long v;

	if (eval_range(c, r[0], r[1], &v) == 0)
		snprintf(buf, size, "%lld", v);
	else
		render(c, r[0], r[1], buf, size);
}

static void kv_args(const struct ctx *c, const struct kv_call *kv, char *a, char *b,
		    size_t size)
{
	render_arg(c, kv->a, a, size);
	render_arg(c, kv->b, b, size);
}

/*
 * A comparison whose operand is KERNEL_VERSION(a, b, c >= 255) alone: a
 * and b as the messages show them, and the full-precision test for it.
 */
struct kv_compared {
	struct kv_call kv;
	char a[64], b[64], repl[256];
};

static int kernel_version_compared(const struct ctx *c, const struct comparison *k,
				   struct kv_compared *v)
{
	size_t is = k->s, ie = k->e, kend;

	strip_parens(c, &is, &ie);
	if (!kernel_version_call(c, is, &kend, &v->kv) || kend != ie)
		return 0;
	kv_args(c, &v->kv, v->a, v->b, sizeof(v->a));
	replacement(k->op, v->a, v->b, v->kv.sub, v->repl, sizeof(v->repl));
	return 1;
}

static void kernel_version_comparison(struct ctx *c, const struct comparison *k)
{
	struct kv_compared v;

	/* At 255 it is kver-boundary-255's. */
	if (!kernel_version_compared(c, k, &v) || v.kv.sub == 255)
		return;
	add(c, k->at, k->end,
	    "'%s' compares with %s.%s.255, not %s.%s.%lld: KERNEL_VERSION() "
	    "clamps SUBLEVEL to 255; use %s",
	    k->expr, v.a, v.b, v.a, v.b, v.kv.sub, v.repl);
	mark(c, k->s, k->e);
}

/* KERNEL_VERSION(a, b, c > 255) outside a comparison with the code. */
static void check_kernel_version(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		struct kv_call kv;
		size_t end;
		char a[64], b[64];

		if (c->used[i] || !kernel_version_call(c, i, &end, &kv) || kv.sub == 255)
			continue;
		kv_args(c, &kv, a, b, sizeof(a));
		add(c, i, end,
		    "KERNEL_VERSION(%s, %s, %lld) is clamped to %s.%s.255; compare with "
		    "KVER_AT_LEAST(%s, %s, %lld) or KVER_BELOW(%s, %s, %lld) from kver_compat.h",
		    a, b, kv.sub, a, b, a, b, kv.sub, a, b, kv.sub);
		mark(c, i, end);
	}
}

/* ---- kver-boundary-255 ------------------------------------------------- */

static void boundary_comparison(struct ctx *c, const struct comparison *k)
{
	struct kv_compared v;

	if (!kernel_version_compared(c, k, &v) || v.kv.sub != 255)
		return;
	/* At 255, >= and < stay right; the others go wrong from .256 on. */
	if (!strcmp(k->op, ">=") || !strcmp(k->op, "<"))
		return;
	add(c, k->at, k->end,
	    "'%s' treats %s.%s.256 and later as %s.%s.255: the version code "
	    "stops at 255; use %s",
	    k->expr, v.a, v.b, v.a, v.b, v.repl);
	mark(c, k->s, k->e);
}

/* ---- kver-hand-computed ------------------------------------------------ */

/*
 * (x << 16) + (y << 8) + z and its spellings (| for +, * 65536 for << 16),
 * with x, y, z the literal values of the three terms.
 */
static int literal_encoding(const struct ctx *c, size_t s, size_t e, long long v[3])
{
	size_t term = s;
	int seen[3] = { 0, 0, 0 }, depth = 0;

	strip_parens(c, &s, &e);
	term = s;
	for (size_t i = s; i <= e; i++) {
		if (i < e && is_punct(c, i, "("))
			depth++;
		else if (i < e && is_punct(c, i, ")"))
			depth--;
		if (i < e && (depth > 0 || !(is_punct(c, i, "+") || is_punct(c, i, "|"))))
			continue;
		/* One term: [term, i). */
		size_t ts = term, te = i, op = NONE;
		int slot = 2;
		long long x, k;

		strip_parens(c, &ts, &te);
		for (size_t j = ts; j < te; j++) {
			if (is_punct(c, j, "(")) {
				j = match_fwd(c, j);
				if (j == NONE || j >= te)
					return 0;
			} else if (is_punct(c, j, "<<") || is_punct(c, j, "*")) {
				op = j;
			}
		}
		if (op != NONE) {
			if (eval_range(c, op + 1, te, &k) < 0)
				return 0;
			if (is_punct(c, op, "*"))
				slot = k == 65536 ? 0 : k == 256 ? 1 : -1;
			else
				slot = k == 16 ? 0 : k == 8 ? 1 : -1;
			te = op;
		}
		if (slot < 0 || seen[slot] || eval_range(c, ts, te, &x) < 0 || x < 0 ||
		    x > INT_MAX)
			return 0;
		seen[slot] = 1;
		v[slot] = x;
		term = i + 1;
	}
	if (!seen[0] || !seen[1])
		return 0;
	if (!seen[2])
		v[2] = 0;
	return 1;
}

static void decode(long long code, long long d[3])
{
	d[0] = code >> 16;
	d[1] = (code >> 8) & 0xff;
	d[2] = code & 0xff;
}

/* LINUX_VERSION_CODE OP a number. */
static void hand_computed_comparison(struct ctx *c, const struct comparison *k)
{
	long long val, want[3], got[3];
	char na[24], nb[24], num[64], repl[256];

	/* A number that no 32-bit version code can hold is not one. */
	if (eval_range(c, k->s, k->e, &val) < 0 || val < 0 || val > 0xffffffffLL)
		return;
	decode(val, got);
	render(c, k->s, k->e, num, sizeof(num));
	if (literal_encoding(c, k->s, k->e, want) &&
	    (want[0] != got[0] || want[1] != got[1] || want[2] != got[2])) {
		snprintf(na, sizeof(na), "%lld", want[0]);
		snprintf(nb, sizeof(nb), "%lld", want[1]);
		replacement(k->op, na, nb, want[2], repl, sizeof(repl));
		add(c, k->at, k->end,
		    "'%s' compares with %lld.%lld.%lld, not %lld.%lld.%lld: a SUBLEVEL "
		    "above 255 carries into PATCHLEVEL; use %s",
		    k->expr, got[0], got[1], got[2], want[0], want[1], want[2], repl);
	} else {
		snprintf(na, sizeof(na), "%lld", got[0]);
		snprintf(nb, sizeof(nb), "%lld", got[1]);
		replacement(k->op, na, nb, got[2], repl, sizeof(repl));
		char tail[96] = "";

		if (got[2] == 255)
			snprintf(tail, sizeof(tail), ", the code of every release from %lld.%lld.255 on",
				 got[0], got[1]);
		add(c, k->at, k->end,
		    "'%s' compares with the hand-computed %s, which is %lld.%lld.%lld%s; use %s",
		    k->expr, num, got[0], got[1], got[2], tail, repl);
	}
	mark(c, k->s, k->e);
}

/* ---- kver-sublevel-mask ------------------------------------------------- */

static const char *const sublevel_words[] = { "sublevel", NULL };
static const char *const sub_words[] = { "sub", NULL };

/*
 * Reports [s, e) when it takes SUBLEVEL out of the version code in the
 * operand [os, oe): the operand names one, or the statement is about SUBLEVEL.
 */
static void report_mask(struct ctx *c, size_t s, size_t e, size_t os, size_t oe)
{
	size_t cs = context_start(c, s);
	int code = range_has_version_code(c, os, oe);
	char expr[160];

	if (c->used[s])
		return;
	if (!code && !context_has(c, cs, e, sublevel_words) &&
	    !(context_has(c, cs, e, sub_words) && context_has(c, cs, e, kernel_words)))
		return;
	render(c, s, e, expr, sizeof(expr));
	if (range_has_ident(c, os, oe, "LINUX_VERSION_CODE"))
		add(c, s, e,
		    "'%s' takes SUBLEVEL from a version code, where it stops at 255; "
		    "use LINUX_VERSION_SUBLEVEL (KVER_SUBLEVEL in kver_compat.h)", expr);
	else
		add(c, s, e,
		    "'%s' takes SUBLEVEL from a version code, where it stops at 255 "
		    "(or wraps past it); keep SUBLEVEL as its own number "
		    "(LINUX_VERSION_SUBLEVEL for the kernel built against)", expr);
	mark(c, s, e);
}

/* An operand that is already a shift right is MAJOR or PATCHLEVEL. */
static int is_upper_field(const struct ctx *c, size_t s, size_t e)
{
	return range_has_punct(c, s, e, ">>");
}

static int is_byte_type(const struct ctx *c, size_t s, size_t e)
{
	static const char *const types[] = { "u8", "__u8", "uint8_t", "uint8", "UINT8", NULL };

	if (e - s == 1) {
		for (size_t k = 0; types[k]; k++)
			if (is_ident(c, s, types[k]))
				return 1;
		return 0;
	}
	return e - s == 2 && is_ident(c, s, "unsigned") && is_ident(c, s + 1, "char");
}

static void check_masks(struct ctx *c)
{
	for (size_t k = 1; k + 1 < c->n; k++) {
		size_t os, oe;

		if (c->used[k])
			continue;
		/* x & 0xff, 0xff & x, x % 256 */
		if (is_punct(c, k, "&") || is_punct(c, k, "%")) {
			long long m = is_punct(c, k, "&") ? 255 : 256;
			int prev_operand = c->t[k - 1].kind != TOK_PUNCT ||
					   is_punct(c, k - 1, ")");

			if (!prev_operand || !same_region(c, k - 1, k + 1))
				continue;
			if (is_number(c, k + 1, m) && !is_arith_op(c, k + 2)) {
				os = operand_back(c, k);
				if (os != NONE && !is_upper_field(c, os, k))
					report_mask(c, os, k + 2, os, k);
			} else if (m == 255 && is_number(c, k - 1, m) &&
				   (k < 2 || !is_arith_op(c, k - 2))) {
				oe = operand_fwd(c, k + 1);
				if (oe != NONE && !is_upper_field(c, k + 1, oe))
					report_mask(c, k - 1, oe, k + 1, oe);
			}
			continue;
		}
		/* (u8)x */
		if (is_punct(c, k - 1, "(")) {
			size_t close = match_fwd(c, k - 1);

			if (close != NONE && is_byte_type(c, k, close)) {
				oe = primary_end(c, close + 1);
				if (oe != NONE)
					report_mask(c, k - 1, oe, close + 1, oe);
			}
			continue;
		}
		/* (x << 24) >> 24 */
		if (is_punct(c, k, ">>") && is_number(c, k + 1, 24)) {
			os = operand_back(c, k);
			if (os == NONE)
				continue;
			for (size_t j = os; j < k; j++)
				if (is_punct(c, j, "<<") && is_number(c, j + 1, 24)) {
					report_mask(c, os, k + 2, os, k);
					break;
				}
		}
	}
}

/* ---- kver-unclamped-encode --------------------------------------------- */

/* x << shift (or x * 2^shift) at i, maybe in parentheses; its end or NONE. */
static size_t shift_term(const struct ctx *c, size_t i, int shift, size_t *x_end)
{
	long long mul = 1LL << shift;
	size_t xe;

	if (is_punct(c, i, "(")) {
		xe = primary_end(c, i + 1);
		if (xe != NONE && ((is_punct(c, xe, "<<") && is_number(c, xe + 1, shift)) ||
				   (is_punct(c, xe, "*") && is_number(c, xe + 1, mul))) &&
		    is_punct(c, xe + 2, ")") && match_fwd(c, i) == xe + 2) {
			*x_end = xe;
			return xe + 3;
		}
	}
	xe = primary_end(c, i);
	if (xe != NONE && ((is_punct(c, xe, "<<") && is_number(c, xe + 1, shift)) ||
			   (is_punct(c, xe, "*") && is_number(c, xe + 1, mul)))) {
		*x_end = xe;
		return xe + 2;
	}
	return NONE;
}

static int is_clamped(const struct ctx *c, size_t s, size_t e)
{
	static const char *const clampers[] = { "min", "min_t", "umin", "MIN", "clamp",
						"clamp_t", "clamp_val", NULL };

	for (size_t i = s; i < e; i++) {
		if (is_punct(c, i, "?") || is_number(c, i, 255))
			return 1;
		for (size_t k = 0; clampers[k]; k++)
			if (is_ident(c, i, clampers[k]))
				return 1;
	}
	return 0;
}

static void check_encodings(struct ctx *c)
{
	for (size_t k = 1; k + 1 < c->n; k++) {
		size_t xs, t1s, t1e, t2e, ye, ze;
		long long x, y, z;
		char expr[160];

		if (!((is_punct(c, k, "<<") && is_number(c, k + 1, 16)) ||
		      (is_punct(c, k, "*") && is_number(c, k + 1, 65536))))
			continue;
		xs = primary_start(c, k - 1);
		if (xs == NONE || c->used[xs])
			continue;
		t1s = xs;
		t1e = k + 2;
		if (xs > 0 && is_punct(c, xs - 1, "(") && is_punct(c, k + 2, ")") &&
		    match_fwd(c, xs - 1) == k + 2) {
			t1s = xs - 1;
			t1e = k + 3;
		}
		if (!(is_punct(c, t1e, "+") || is_punct(c, t1e, "|")))
			continue;
		t2e = shift_term(c, t1e + 1, 8, &ye);
		if (t2e == NONE || !(is_punct(c, t2e, "+") || is_punct(c, t2e, "|")))
			continue;
		ze = primary_end(c, t2e + 1);
		if (ze == NONE || !same_region(c, t1s, ze - 1))
			continue;
		render(c, t1s, ze, expr, sizeof(expr));
		if (eval_range(c, t2e + 1, ze, &z) == 0) {
			long long code, d[3];

			if (z <= 255 || z > INT_MAX || eval_range(c, xs, k, &x) < 0 ||
			    x < 0 || x > 65535)
				continue;
			/* y is the operand of the second term's shift. */
			size_t ys = is_punct(c, t1e + 1, "(") && primary_end(c, t1e + 2) == ye
					    ? t1e + 2 : t1e + 1;

			if (eval_range(c, ys, ye, &y) < 0 || y < 0 || y > 65535)
				continue;
			code = x * 65536 + y * 256 + z;
			decode(code, d);
			add(c, t1s, ze,
			    "'%s' is %lld.%lld.%lld, not %lld.%lld.%lld: a SUBLEVEL above 255 "
			    "carries into PATCHLEVEL; compare with KVER_AT_LEAST(%lld, %lld, %lld) "
			    "or KVER_BELOW(%lld, %lld, %lld) from kver_compat.h",
			    expr, d[0], d[1], d[2], x, y, z, x, y, z, x, y, z);
			mark(c, t1s, ze);
			continue;
		}
		if (is_clamped(c, t2e + 1, ze))
			continue;
		size_t j = context_start(c, t1s);

		while (j < ze && !is_kernel_version_name(&c->t[j]))
			j++;
		if (j == ze)
			continue;
		add(c, t1s, ze,
		    "'%s' encodes a version without clamping SUBLEVEL: from .256 on it "
		    "carries into PATCHLEVEL (x.y.256 reads as x.(y+1).0); clamp it as the "
		    "kernel does, ((c) > 255 ? 255 : (c)), or compare the three numbers separately",
		    expr);
		mark(c, t1s, ze);
	}
}

/* ---- the table ---------------------------------------------------------- */

/* In the order of the SARIF log; a rule is one entry. */
const struct rule lint_rules[] = {
	{ "kver-kernel-version",
	  "KERNEL_VERSION(a, b, c) with a literal c above 255, which the kernel clamps to a.b.255",
	  .clamped = 1, .compare = kernel_version_comparison, .scan = check_kernel_version },
	{ "kver-boundary-255",
	  "LINUX_VERSION_CODE compared with KERNEL_VERSION(a, b, 255) by >, <=, == or !=, "
	  "which a.b.256 and later answer as a.b.255",
	  .clamped = 1, .compare = boundary_comparison },
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

/* ---- entry -------------------------------------------------------------- */

int check_source(const struct source *src, const struct tree *tree, struct warnings *out)
{
	struct ctx c = { .src = src, .t = src->toks, .n = src->ntoks, .out = out, .tree = tree };
	/* A tree with its own wide KERNEL_VERSION and code compares right. */
	int own = tree && tree->own_kv && tree->own_code;
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
		for (r = lint_rules; r->id; r++)
			if (r->compare && !(own && r->clamped)) {
				c.rule = r;
				r->compare(&c, &k);
			}
	}
	for (r = lint_rules; r->id; r++)
		if (r->scan && !(own && r->clamped)) {
			c.rule = r;
			r->scan(&c);
		}
	free(c.used);
	return c.oom ? -1 : 0;
}
