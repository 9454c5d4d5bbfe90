// SPDX-License-Identifier: GPL-2.0
/* kver-matrix: the checks (matrix_checks), their judges and their verdicts. */
#include <stdarg.h>
#include <string.h>
#include <strings.h>

#include "matrix.h"

const struct check_info matrix_checks[CHECK_COUNT] = {
	[CHECK_SPILL] = { "spill",
			  "no spill: a 2020 decoder of every run-time code (and the USB "
			  "bcdDevice, UNAME26) sees the true MAJOR.PATCHLEVEL" },
	[CHECK_MONOTONIC] = { "monotonic",
			      "the code at a higher SUBLEVEL is never lower than at a lower "
			      "one (points of the same tree and variant)" },
	[CHECK_AT_LEAST] = { "at-least",
			     "LINUX_VERSION_CODE >= KERNEL_VERSION(M,P,S) for the point's "
			     "own numbers, in its installed headers" },
	[CHECK_AGREE] = { "agree",
			  "the vDSO, V4L2, media and CEC codes agree with each other and "
			  "with the headers' LINUX_VERSION_CODE" },
	[CHECK_EXACT] = { "exact",
			  "the code equals the clamped encoding of the true version "
			  "(no jump ahead below 255)" },
	[CHECK_RELEASE] = { "release",
			    "uname, /proc/sys/kernel/osrelease and /proc/version agree and "
			    "carry the true release number" },
	[CHECK_SUBLEVEL] = { "sublevel",
			     "LINUX_VERSION_SUBLEVEL (the full-precision SUBLEVEL), where it "
			     "exists, is the true one" },
};

const char *verdict_name(enum verdict v)
{
	switch (v) {
	case VERDICT_OK: return "ok";
	case VERDICT_FAIL: return "fail";
	case VERDICT_NA: return "n/a";
	case VERDICT_NODATA: return "no data";
	default: return "?";
	}
}

int verdict_parse(const char *s, enum verdict *v)
{
	if (!strcmp(s, "ok"))
		*v = VERDICT_OK;
	else if (!strcmp(s, "fail"))
		*v = VERDICT_FAIL;
	else if (!strcmp(s, "n/a"))
		*v = VERDICT_NA;
	else
		return -1;
	return 0;
}

int check_parse(const char *s)
{
	for (int i = 0; i < CHECK_COUNT; i++)
		if (!strcmp(s, matrix_checks[i].id))
			return i;
	return -1;
}

static void cell(struct point *p, enum check c, enum verdict v, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void cell(struct point *p, enum check c, enum verdict v, const char *fmt, ...)
{
	va_list ap;

	p->cells[c].verdict = v;
	va_start(ap, fmt);
	vsnprintf(p->cells[c].text, sizeof(p->cells[c].text), fmt, ap);
	va_end(ap);
}

static unsigned int bin2bcd(unsigned int v)
{
	return ((v / 10) << 4) | (v % 10);
}

/*
 * The next run-time code of p from channel *ch on: 1 with *ch and *code,
 * 0 when no channel is left, -1 when one is garbled (check c then fails).
 */
static int next_code(struct point *p, enum check c, int *ch, uint32_t *code)
{
	for (; *ch < CH_COUNT; (*ch)++) {
		int rc = channel_code(p, (enum channel)*ch, code);

		if (rc < 0) {
			cell(p, c, VERDICT_FAIL, "%s value garbled", channel_names[*ch]);
			return -1;
		}
		if (rc)
			return 1;
	}
	return 0;
}

static void judge_spill(struct point *p)
{
	const struct kver *t = &p->truth;
	int seen = 0, ch, rc;
	uint32_t code;
	char got[32];
	const char *v;

	for (ch = 0; (rc = next_code(p, CHECK_SPILL, &ch, &code)) > 0; ch++) {
		struct kver d;

		seen++;
		kver_decode(code, &d);
		if (d.major != t->major || d.patchlevel != t->patchlevel) {
			kver_format(&d, KVER_FMT_NUMBERS, got, sizeof(got));
			cell(p, CHECK_SPILL, VERDICT_FAIL, "reads as %s", got);
			return;
		}
	}
	if (rc < 0)
		return;
	if (!seen) {
		cell(p, CHECK_SPILL, VERDICT_NODATA, "no run-time code");
		return;
	}
	/* The USB root hub: bcdDevice is MAJOR and PATCHLEVEL in BCD. */
	v = boot_value(&p->boot, KVER_KEY_USB_BCD);
	if (v && !value_absent(v)) {
		char want[16];

		snprintf(want, sizeof(want), "%02x%02x", bin2bcd(t->major), bin2bcd(t->patchlevel));
		if (strcasecmp(v, want)) {
			cell(p, CHECK_SPILL, VERDICT_FAIL, "USB bcdDevice %.16s", v);
			return;
		}
	}
	/* UNAME26: 2.6.(60 + PATCHLEVEL), whatever the SUBLEVEL. */
	v = boot_value(&p->boot, KVER_KEY_UNAME26);
	if (v && !value_absent(v)) {
		struct kver u;

		if (kver_parse(v, &u) || u.major != 2 || u.patchlevel != 6 ||
		    u.sublevel != 60 + t->patchlevel) {
			cell(p, CHECK_SPILL, VERDICT_FAIL, "UNAME26 %.32s", v);
			return;
		}
	}
	cell(p, CHECK_SPILL, VERDICT_OK, "ok");
}

static void judge_at_least(struct point *p)
{
	const char *c = boot_value(&p->boot, KVER_KEY_HEADERS_CODE);
	const char *k = boot_value(&p->boot, KVER_KEY_HEADERS_KERNEL_VERSION);
	const char *args = boot_value(&p->boot, KVER_KEY_HEADERS_ARGS);
	uint32_t code, kv;
	char a[32], b[32];

	if (!c || !k || parse_code(c, &code) || parse_code(k, &kv)) {
		cell(p, CHECK_AT_LEAST, VERDICT_NODATA, "no headers values");
		return;
	}
	if (args) {
		struct kver v;

		if (kver_parse(args, &v) || kver_cmp(&v, &p->truth)) {
			cell(p, CHECK_AT_LEAST, VERDICT_NODATA, "headers asked %.20s", args);
			return;
		}
	}
	if (code >= kv) {
		cell(p, CHECK_AT_LEAST, VERDICT_OK, "ok");
		return;
	}
	describe_code(code, a, sizeof(a));
	describe_code(kv, b, sizeof(b));
	cell(p, CHECK_AT_LEAST, VERDICT_FAIL, "false: %s < %s", a, b);
}

static void judge_agree(struct point *p)
{
	const char *h = boot_value(&p->boot, KVER_KEY_HEADERS_CODE);
	uint32_t first = 0, code, hc;
	int have = -1, ch, rc;
	char a[32], b[32];

	for (ch = 0; (rc = next_code(p, CHECK_AGREE, &ch, &code)) > 0; ch++) {
		if (have < 0) {
			have = ch;
			first = code;
		} else if (code != first) {
			describe_code(code, a, sizeof(a));
			describe_code(first, b, sizeof(b));
			cell(p, CHECK_AGREE, VERDICT_FAIL, "%s %s != %s %s", channel_names[ch], a,
			     channel_names[have], b);
			return;
		}
	}
	if (rc < 0)
		return;
	if (have < 0) {
		cell(p, CHECK_AGREE, VERDICT_NODATA, "no run-time code");
		return;
	}
	if (!h || parse_code(h, &hc)) {
		cell(p, CHECK_AGREE, VERDICT_NODATA, "no headers values");
		return;
	}
	if (hc != first) {
		describe_code(hc, a, sizeof(a));
		describe_code(first, b, sizeof(b));
		cell(p, CHECK_AGREE, VERDICT_FAIL, "headers %s != %s %s", a, channel_names[have], b);
		return;
	}
	cell(p, CHECK_AGREE, VERDICT_OK, "ok");
}

static void judge_exact(struct point *p)
{
	uint32_t code, want = kver_code_of(&p->truth);
	char a[32], b[32];

	if (point_code(p, &code)) {
		cell(p, CHECK_EXACT, VERDICT_NODATA, "no run-time code");
		return;
	}
	if (code == want) {
		cell(p, CHECK_EXACT, VERDICT_OK, "ok");
		return;
	}
	describe_code(code, a, sizeof(a));
	if (code > 0xffffff)
		snprintf(b, sizeof(b), "0x%06x", want);
	else
		describe_code(want, b, sizeof(b));
	cell(p, CHECK_EXACT, VERDICT_FAIL, "%s, not %s", a, b);
}

static void judge_release(struct point *p)
{
	const char *u = boot_value(&p->boot, KVER_KEY_UNAME_RELEASE);
	const char *o = boot_value(&p->boot, KVER_KEY_OSRELEASE);
	const char *v = boot_value(&p->boot, KVER_KEY_PROC_VERSION);
	const struct kver *t = &p->truth;
	struct kver r;

	if (!u || value_absent(u)) {
		cell(p, CHECK_RELEASE, VERDICT_NODATA, "no uname release");
		return;
	}
	if (!o || strcmp(o, u)) {
		cell(p, CHECK_RELEASE, VERDICT_FAIL, "osrelease %.20s", o ? o : "missing");
		return;
	}
	if (!v || strcmp(v, u)) {
		cell(p, CHECK_RELEASE, VERDICT_FAIL, "/proc/version %.20s", v ? v : "missing");
		return;
	}
	if (kver_parse(u, &r)) {
		cell(p, CHECK_RELEASE, VERDICT_FAIL, "uname %.24s unreadable", u);
		return;
	}
	/*
	 * SUBLEVEL held at 255, the count after it in EXTRAVERSION: the
	 * extraversion design's own way to say the version (its release hides
	 * it from libkver's reading, probe/truth.h).
	 */
	if (r.major == t->major && r.patchlevel == t->patchlevel && r.sublevel == 255 &&
	    r.nparts >= 4 && t->sublevel > 255 && r.extra[0] == t->sublevel - 255) {
		cell(p, CHECK_RELEASE, VERDICT_OK, "ok (as 255.%u)", r.extra[0]);
		return;
	}
	if (p->hides_version) {
		/*
		 * A distribution's release (6.1.0-75-amd64) hides SUBLEVEL by
		 * design: it must be the one built, and the true version must
		 * still reach user space (libkver reads it where it is).
		 */
		const char *lv = boot_value(&p->boot, KVER_KEY_LIBKVER_VERSION);
		const char *from = boot_value(&p->boot, KVER_KEY_LIBKVER_FROM);
		struct kver l;

		if (strcmp(u, p->expect)) {
			cell(p, CHECK_RELEASE, VERDICT_FAIL, "uname %.24s, built %.24s", u, p->expect);
		} else if (!lv || kver_parse(lv, &l) || kver_cmp(&l, t)) {
			cell(p, CHECK_RELEASE, VERDICT_FAIL, "hidden; libkver %.20s", lv ? lv : "none");
		} else {
			cell(p, CHECK_RELEASE, VERDICT_OK, "ok (uname %u.%u.%u; %u from %.12s)",
			     r.major, r.patchlevel, r.sublevel, t->sublevel, from ? from : "?");
		}
		return;
	}
	if (r.major == t->major && r.patchlevel == t->patchlevel && r.sublevel == t->sublevel) {
		cell(p, CHECK_RELEASE, VERDICT_OK, "ok");
		return;
	}
	cell(p, CHECK_RELEASE, VERDICT_FAIL, "uname says %.24s", u);
}

static void judge_sublevel(struct point *p)
{
	const char *s = boot_value(&p->boot, KVER_KEY_HEADERS_SUBLEVEL);
	const char *ma = boot_value(&p->boot, KVER_KEY_HEADERS_MAJOR);
	const char *pa = boot_value(&p->boot, KVER_KEY_HEADERS_PATCHLEVEL);
	uint32_t n;

	if (!s) {
		cell(p, CHECK_SUBLEVEL, VERDICT_NODATA, "no headers values");
		return;
	}
	if (value_absent(s)) {
		cell(p, CHECK_SUBLEVEL, VERDICT_NA, "n/a (no macro)");
		return;
	}
	if (kver_parse_uint(s, UINT32_MAX, &n)) {
		cell(p, CHECK_SUBLEVEL, VERDICT_FAIL, "garbled: %.20s", s);
		return;
	}
	if (n != p->truth.sublevel) {
		cell(p, CHECK_SUBLEVEL, VERDICT_FAIL, "%u, not %u", n, p->truth.sublevel);
		return;
	}
	if (ma && pa && !value_absent(ma) && !value_absent(pa)) {
		uint32_t a, b;

		if (kver_parse_uint(ma, UINT32_MAX, &a) || kver_parse_uint(pa, UINT32_MAX, &b) ||
		    a != p->truth.major || b != p->truth.patchlevel) {
			cell(p, CHECK_SUBLEVEL, VERDICT_FAIL, "MAJOR.PATCHLEVEL %.8s.%.8s", ma, pa);
			return;
		}
	}
	cell(p, CHECK_SUBLEVEL, VERDICT_OK, "ok");
}

/* Against every point of the same tree and variant at a lower SUBLEVEL. */
static void judge_monotonic(const struct matrix *m, struct point *p)
{
	uint32_t code, worst = 0;
	const struct point *at = NULL;
	char a[32], b[32];

	if (point_code(p, &code)) {
		cell(p, CHECK_MONOTONIC, VERDICT_NODATA, "no run-time code");
		return;
	}
	for (size_t i = 0; i < m->npoints; i++) {
		const struct point *q = &m->points[i];
		uint32_t qc;

		if (q == p || !point_same_line(p, q) || q->truth.sublevel >= p->truth.sublevel ||
		    q->problem[0] || point_code(q, &qc))
			continue;
		if (qc > code && (!at || qc > worst)) {
			worst = qc;
			at = q;
		}
	}
	if (!at) {
		cell(p, CHECK_MONOTONIC, VERDICT_OK, "ok");
		return;
	}
	describe_code(code, a, sizeof(a));
	describe_code(worst, b, sizeof(b));
	cell(p, CHECK_MONOTONIC, VERDICT_FAIL, "%s < %s at %u", a, b, at->truth.sublevel);
}

/*
 * Each check's judge: from the point's own values, or against the other
 * points of its line (after every point's own).
 */
static const struct {
	void (*point)(struct point *p);
	void (*line)(const struct matrix *m, struct point *p);
} judges[CHECK_COUNT] = {
	[CHECK_SPILL] = { .point = judge_spill },
	[CHECK_MONOTONIC] = { .line = judge_monotonic },
	[CHECK_AT_LEAST] = { .point = judge_at_least },
	[CHECK_AGREE] = { .point = judge_agree },
	[CHECK_EXACT] = { .point = judge_exact },
	[CHECK_RELEASE] = { .point = judge_release },
	[CHECK_SUBLEVEL] = { .point = judge_sublevel },
};

void matrix_judge(struct matrix *m)
{
	for (size_t i = 0; i < m->npoints; i++) {
		struct point *p = &m->points[i];

		if (p->problem[0]) {
			for (int c = 0; c < CHECK_COUNT; c++)
				cell(p, (enum check)c, VERDICT_NODATA, "no data");
			continue;
		}
		for (int c = 0; c < CHECK_COUNT; c++)
			if (judges[c].point)
				judges[c].point(p);
	}
	for (size_t i = 0; i < m->npoints; i++)
		if (!m->points[i].problem[0])
			for (int c = 0; c < CHECK_COUNT; c++)
				if (judges[c].line)
					judges[c].line(m, &m->points[i]);
}
