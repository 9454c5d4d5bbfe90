// SPDX-License-Identifier: GPL-2.0
/*
 * The rules that scan a whole file rather than a comparison with the code:
 * kver-sublevel-mask (SUBLEVEL read back out of a code) and
 * kver-unclamped-encode (a code made by hand that carries past 255).
 */
#include <limits.h>
#include <stdio.h>

#include "rules.h"

static void decode(long long code, long long d[3])
{
	d[0] = code >> 16;
	d[1] = (code >> 8) & 0xff;
	d[2] = code & 0xff;
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
	size_t ks = os, ke = oe, kend;
	struct kv_call kv;
	char expr[160];

	if (c->used[s])
		return;
	/*
	 * KERNEL_VERSION() of a literal SUBLEVEL below 256 (a driver's own
	 * version, KERNEL_VERSION(0, 12, 5)) gives it back exactly.
	 */
	strip_parens(c, &ks, &ke);
	if (kernel_version_call(c, ks, &kend, &kv, 0) && kend == ke && kv.sub <= 255)
		return;
	if (!code && !context_has(c, cs, e, sublevel_words) &&
	    !(context_has(c, cs, e, sub_words) && context_has(c, cs, e, kernel_words)))
		return;
	render(c, s, e, expr, sizeof(expr));
	if (range_has_ident(c, os, oe, "LINUX_VERSION_CODE"))
		add(c, s, e, FIX_ONLY("LINUX_VERSION_SUBLEVEL (KVER_SUBLEVEL in kver_compat.h)"),
		    "'%s' takes SUBLEVEL from a version code, where it stops at 255; "
		    "use LINUX_VERSION_SUBLEVEL (KVER_SUBLEVEL in kver_compat.h)", expr);
	else
		add(c, s, e,
		    FIX_ONLY("SUBLEVEL as its own number (LINUX_VERSION_SUBLEVEL for the kernel "
			     "built against)"),
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

void check_masks(struct ctx *c)
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

void check_encodings(struct ctx *c)
{
	for (size_t k = 1; k + 1 < c->n; k++) {
		size_t xs, t1s, t1e, t2e, ye, ze;
		long long x, y, z;
		char expr[160], fix[160];

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
			snprintf(fix, sizeof(fix),
				 "KVER_AT_LEAST(%lld, %lld, %lld) or KVER_BELOW(%lld, %lld, %lld)",
				 x, y, z, x, y, z);
			struct detail dt = { .op = "", .want = { x, y, z }, .value = code,
					     .fix = fix };

			add(c, t1s, ze, &dt,
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
		add(c, t1s, ze, FIX_ONLY("((c) > 255 ? 255 : (c)), or the three numbers compared "
					 "separately"),
		    "'%s' encodes a version without clamping SUBLEVEL: from .256 on it "
		    "carries into PATCHLEVEL (x.y.256 reads as x.(y+1).0); clamp it as the "
		    "kernel does, ((c) > 255 ? 255 : (c)), or compare the three numbers separately",
		    expr);
		mark(c, t1s, ze);
	}
}
