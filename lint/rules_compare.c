// SPDX-License-Identifier: GPL-2.0
/*
 * The rules that judge a comparison with the version code:
 * kver-kernel-version, kver-boundary-255, kver-stable-clamp (a constant
 * KERNEL_VERSION() on the other side) and kver-hand-computed (a number).
 *
 * A KERNEL_VERSION(a, b, c) test is judged on the kernel series it names,
 * a.b, with that series' own <linux/version.h> (series.c): from 5.4 on both
 * macros clamp, so KERNEL_VERSION(5, 4, 260) is 5.4.255; 4.4 to 4.19 clamp
 * only the code, so KERNEL_VERSION(4, 9, 337) reads as 4.10.81, which no
 * 4.9 code reaches; 4.14 and 4.19 clamped the code before their SUBLEVEL
 * reached 255. A test that answers as meant on every kernel of its series
 * is not reported.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "series.h"

int kernel_version_call(const struct ctx *c, size_t i, size_t *end, struct kv_call *kv,
			long long min)
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
	    kv->sub < min || kv->sub > INT_MAX)
		return 0;
	memcpy(kv->a, bounds[0], sizeof(kv->a));
	memcpy(kv->b, bounds[1], sizeof(kv->b));
	memcpy(kv->c, bounds[2], sizeof(kv->c));
	if (eval_range(c, kv->a[0], kv->a[1], &kv->va) < 0 || kv->va < 0 || kv->va > 255 ||
	    eval_range(c, kv->b[0], kv->b[1], &kv->vb) < 0 || kv->vb < 0 || kv->vb > 255)
		kv->va = kv->vb = -1;
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

/*
 * A comparison whose operand is KERNEL_VERSION(a, b, c) alone: a and b as
 * the messages show them, the full-precision test for it, and what it
 * answers wrong on its series (runs, nwrong; the series is known only for
 * literal a and b: otherwise it is taken as one that clamps both macros).
 */
struct kv_compared {
	struct kv_call kv;
	char a[64], b[64], repl[256];
	struct series series;
	struct wrong runs[4];
	int nwrong;
	struct detail d;
};

static int kernel_version_compared(const struct ctx *c, const struct comparison *k,
				   struct kv_compared *v)
{
	size_t is = k->s, ie = k->e, kend;

	strip_parens(c, &is, &ie);
	if (!kernel_version_call(c, is, &kend, &v->kv, 0) || kend != ie)
		return 0;
	render_arg(c, v->kv.a, v->a, sizeof(v->a));
	render_arg(c, v->kv.b, v->b, sizeof(v->b));
	replacement(k->op, v->a, v->b, v->kv.sub, v->repl, sizeof(v->repl));
	series_get(v->kv.va < 0 ? 5 : v->kv.va, v->kv.va < 0 ? 4 : v->kv.vb, &v->series);
	v->d = (struct detail){ .op = k->op, .want = { v->kv.va, v->kv.vb, v->kv.sub },
				.value = -1, .fix = v->repl };
	if (v->kv.va >= 0) {
		v->nwrong = series_wrong(&v->series, k->op,
					 series_kv(&v->series, v->kv.va, v->kv.vb, v->kv.sub),
					 v->d.want, v->runs, 4);
	} else {
		/* The series is not known: the clamping one's answers, by the operator. */
		long long want[3] = { 5, 4, v->kv.sub };

		v->nwrong = series_wrong(&v->series, k->op, series_kv(&v->series, 5, 4, v->kv.sub),
					 want, v->runs, 4);
	}
	return 1;
}

/* "4.9.337 and later", "4.19.222 to 4.19.229": run r of series a.b as text. */
static void run_text(const struct kv_compared *v, const struct wrong *r, char *buf, size_t size)
{
	if (r->to == 65535)
		snprintf(buf, size, "%s.%s.%lld and later", v->a, v->b, r->from);
	else if (r->to == r->from)
		snprintf(buf, size, "%s.%s.%lld", v->a, v->b, r->from);
	else
		snprintf(buf, size, "%s.%s.%lld to %s.%s.%lld", v->a, v->b, r->from, v->a, v->b,
			 r->to);
}

void kernel_version_comparison(struct ctx *c, const struct comparison *k)
{
	struct kv_compared v;
	char runs[320];

	/* At 255 and below it is another rule's. */
	if (!kernel_version_compared(c, k, &v) || v.kv.sub <= 255)
		return;
	/* Right on every kernel of its series: judged, and not reported alone either. */
	if (!v.nwrong) {
		mark(c, k->s, k->e);
		return;
	}
	if (v.series.kv_clamps) {
		add(c, k->at, k->end, &v.d,
		    "'%s' compares with %s.%s.255, not %s.%s.%lld: KERNEL_VERSION() "
		    "clamps SUBLEVEL to 255; use %s",
		    k->expr, v.a, v.b, v.a, v.b, v.kv.sub, v.repl);
	} else {
		long long kv = series_kv(&v.series, v.kv.va, v.kv.vb, v.kv.sub);

		run_text(&v, &v.runs[0], runs, sizeof(runs));
		add(c, k->at, k->end, &v.d,
		    "'%s': on %s.%s headers KERNEL_VERSION(%s, %s, %lld) reads as %lld.%lld.%lld "
		    "(%s clamps only the code, at %s.%s.255), so the test is %s on %s, where it "
		    "means %s; use %s",
		    k->expr, v.a, v.b, v.a, v.b, v.kv.sub, kv >> 16, (kv >> 8) & 0xff, kv & 0xff,
		    v.series.who, v.a, v.b, v.runs[0].answer ? "true" : "false", runs,
		    v.runs[0].answer ? "false" : "true", v.repl);
	}
	mark(c, k->s, k->e);
}

/* The early clamp of 4.14 and 4.19: the runs below 255, as a clause, or "". */
static void early_text(const struct kv_compared *v, char *buf, size_t size)
{
	char runs[320];

	buf[0] = '\0';
	if (!v->nwrong || v->runs[0].from >= 255)
		return;
	run_text(v, &v->runs[0], runs, sizeof(runs));
	snprintf(buf, size,
		 "%s set the code to %s.%s.255 from %s.%s.%lld on, so it is %s on %s, where it means %s",
		 v->series.who, v->a, v->b, v->a, v->b, v->series.code_from,
		 v->runs[0].answer ? "true" : "false", runs, v->runs[0].answer ? "false" : "true");
}

void boundary_comparison(struct ctx *c, const struct comparison *k)
{
	struct kv_compared v;
	char early[1024];

	if (!kernel_version_compared(c, k, &v) || v.kv.sub != 255 || !v.nwrong ||
	    v.runs[v.nwrong - 1].to < 256)
		return;
	early_text(&v, early, sizeof(early));
	add(c, k->at, k->end, &v.d,
	    "'%s' treats %s.%s.256 and later as %s.%s.255: the version code "
	    "stops at 255%s%s; use %s",
	    k->expr, v.a, v.b, v.a, v.b, early[0] ? "; " : "", early, v.repl);
	mark(c, k->s, k->e);
}

void stable_clamp_comparison(struct ctx *c, const struct comparison *k)
{
	struct kv_compared v;
	char early[1024];

	/* What answers wrong only below 255: 4.14's and 4.19's early clamp. */
	if (!kernel_version_compared(c, k, &v) || v.kv.sub > 255 || !v.nwrong ||
	    v.runs[v.nwrong - 1].to >= 256)
		return;
	early_text(&v, early, sizeof(early));
	add(c, k->at, k->end, &v.d, "'%s': %s; use %s", k->expr, early, v.repl);
	mark(c, k->s, k->e);
}

/* KERNEL_VERSION(a, b, c > 255) outside a comparison with the code. */
void check_kernel_version(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		struct kv_call kv;
		struct series s;
		size_t end;
		char a[64], b[64], fix[400];

		if (c->used[i] || !kernel_version_call(c, i, &end, &kv, 256))
			continue;
		render_arg(c, kv.a, a, sizeof(a));
		render_arg(c, kv.b, b, sizeof(b));
		snprintf(fix, sizeof(fix), "KVER_AT_LEAST(%s, %s, %lld) or KVER_BELOW(%s, %s, %lld)",
			 a, b, kv.sub, a, b, kv.sub);
		struct detail d = { .op = "", .want = { kv.va, kv.vb, kv.sub }, .value = -1,
				    .fix = fix };

		series_get(kv.va < 0 ? 5 : kv.va, kv.va < 0 ? 4 : kv.vb, &s);
		/* Only the series that clamp the code alone read it otherwise. */
		if (s.kv_clamps || s.code_from < 0) {
			add(c, i, end, &d,
			    "KERNEL_VERSION(%s, %s, %lld) is clamped to %s.%s.255; compare with "
			    "%s from kver_compat.h",
			    a, b, kv.sub, a, b, fix);
		} else {
			long long v = series_kv(&s, kv.va, kv.vb, kv.sub);

			add(c, i, end, &d,
			    "KERNEL_VERSION(%s, %s, %lld) reads as %lld.%lld.%lld on %s.%s headers "
			    "(%s clamps only the code) and as %s.%s.255 on 5.4 and later; compare "
			    "with %s from kver_compat.h",
			    a, b, kv.sub, v >> 16, (v >> 8) & 0xff, v & 0xff, a, b, s.who, a, b, fix);
		}
		mark(c, i, end);
	}
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
void hand_computed_comparison(struct ctx *c, const struct comparison *k)
{
	long long val, want[3], got[3];
	char na[24], nb[24], num[64], repl[256];
	struct detail d = { .op = k->op, .fix = repl };

	/* A number that no 32-bit version code can hold is not one. */
	if (eval_range(c, k->s, k->e, &val) < 0 || val < 0 || val > 0xffffffffLL)
		return;
	decode(val, got);
	d.value = val;
	render(c, k->s, k->e, num, sizeof(num));
	if (literal_encoding(c, k->s, k->e, want) &&
	    (want[0] != got[0] || want[1] != got[1] || want[2] != got[2])) {
		snprintf(na, sizeof(na), "%lld", want[0]);
		snprintf(nb, sizeof(nb), "%lld", want[1]);
		replacement(k->op, na, nb, want[2], repl, sizeof(repl));
		memcpy(d.want, want, sizeof(d.want));
		add(c, k->at, k->end, &d,
		    "'%s' compares with %lld.%lld.%lld, not %lld.%lld.%lld: a SUBLEVEL "
		    "above 255 carries into PATCHLEVEL; use %s",
		    k->expr, got[0], got[1], got[2], want[0], want[1], want[2], repl);
	} else {
		snprintf(na, sizeof(na), "%lld", got[0]);
		snprintf(nb, sizeof(nb), "%lld", got[1]);
		replacement(k->op, na, nb, got[2], repl, sizeof(repl));
		memcpy(d.want, got, sizeof(d.want));
		char tail[96] = "";

		if (got[2] == 255)
			snprintf(tail, sizeof(tail), ", the code of every release from %lld.%lld.255 on",
				 got[0], got[1]);
		add(c, k->at, k->end, &d,
		    "'%s' compares with the hand-computed %s, which is %lld.%lld.%lld%s; use %s",
		    k->expr, num, got[0], got[1], got[2], tail, repl);
	}
	mark(c, k->s, k->e);
}
