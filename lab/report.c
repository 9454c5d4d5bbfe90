// SPDX-License-Identifier: GPL-2.0
/*
 * The lab's report on the terminal: one table row per judged point, then
 * every failure named below it.
 *
 * The narrow table (the default) fits in 100 columns: the probe's own
 * checks are summed up in one column. The wide table has one column per
 * probe check and the verdict's whole reason on its row; it is chosen with
 * --wide or KVER_WIDE=1, or when it fits the terminal.
 */
#include <string.h>

#include "lab.h"
#include "protocol.h"

enum tone { PLAIN, GOOD, BAD, SKIPPED };

/* A column: its header and how a point fills its cell. */
struct column {
	const char *header;
	enum tone (*fill)(const struct boot *p, const struct column *c, char *buf, size_t size);
	const char *arg;	/* a text column's key, the probe check of a per-check
				 * column, or "wide" */
};

#define MAX_COLS 32

static enum tone text(char *buf, size_t size, const char *s)
{
	snprintf(buf, size, "%s", s && s[0] ? s : "-");
	return PLAIN;
}

/* A point.meta field, "-" when empty. */
static enum tone c_meta(const struct boot *p, const struct column *c, char *buf, size_t size)
{
	return text(buf, size, boot_meta(p, c->arg));
}

/* A value the guest printed, "-" when it did not. */
static enum tone c_value(const struct boot *p, const struct column *c, char *buf, size_t size)
{
	return text(buf, size, boot_value(p, c->arg));
}

#define META(header, key) { header, c_meta, key }
#define VALUE(header, key) { header, c_value, key }

static enum tone c_package(const struct boot *p, const struct column *c, char *buf,
			   size_t size)
{
	(void)c;
	snprintf(buf, size, "%s (%s)", boot_meta(p, KVER_META_PACKAGE), boot_meta(p, KVER_META_MAKEFILE));
	return PLAIN;
}

static const struct ktap_test *find_test(const struct boot *p, const char *name)
{
	if (!p->probe)
		return NULL;
	for (size_t j = 0; j < p->probe->root.nsub; j++) {
		if (!strcmp(p->probe->root.sub[j].name, name))
			return &p->probe->root.sub[j];
	}
	return NULL;
}

static int is_guest_test(const struct ktap_test *t)
{
	return !strncmp(t->name, KVER_GUEST_TEST, strlen(KVER_GUEST_TEST));
}

/* One probe check (wide table). */
static enum tone c_check(const struct boot *p, const struct column *c, char *buf, size_t size)
{
	const struct ktap_test *t = find_test(p, c->arg);

	if (!t)
		return text(buf, size, "-");
	switch (t->status) {
	case KTAP_PASS:
		text(buf, size, "ok");
		return GOOD;
	case KTAP_SKIP:
		text(buf, size, "skip");
		return SKIPPED;
	default:
		text(buf, size, "FAIL");
		return BAD;
	}
}

/* All the probe's own checks in one cell (narrow table): passed/all. */
static enum tone c_checks(const struct boot *p, const struct column *c, char *buf, size_t size)
{
	int good = 0, all = 0;

	(void)c;
	if (!p->probe)
		return text(buf, size, "-");
	for (size_t j = 0; j < p->probe->root.nsub; j++) {
		const struct ktap_test *t = &p->probe->root.sub[j];

		if (is_guest_test(t))
			continue;
		all++;
		good += t->status == KTAP_PASS || t->status == KTAP_SKIP;
	}
	snprintf(buf, size, "%d/%d", good, all);
	return good == all ? GOOD : BAD;
}

static enum tone counts(const struct ktap_counts *c, int present, int wide, char *buf,
			size_t size)
{
	int bad = c->fail || c->missing;

	if (!present) {
		text(buf, size, "none");
		return BAD;
	}
	snprintf(buf, size, "%d/%d%s%s", c->pass, c->pass + c->fail + c->missing,
		 wide && c->skip ? " +skip" : "", wide && bad ? " FAIL" : "");
	return bad ? BAD : GOOD;
}

static enum tone c_kunit(const struct boot *p, const struct column *c, char *buf, size_t size)
{
	if (!p->kunit_docs && !boot_kunit_required(p))
		return text(buf, size, "-");
	return counts(&p->kunit, p->kunit_docs, c->arg != NULL, buf, size);
}

static enum tone c_guest(const struct boot *p, const struct column *c, char *buf, size_t size)
{
	return counts(&p->guest_tests, 1, c->arg != NULL, buf, size);
}

/* The verdict: the guest's state when it did not end well (narrow table). */
static enum tone c_verdict(const struct boot *p, const struct column *c, char *buf, size_t size)
{
	(void)c;
	if (p->ok)
		return text(buf, size, "ok"), GOOD;
	if (strcmp(p->guest, "ok"))
		snprintf(buf, size, "FAIL %s", p->guest);
	else
		text(buf, size, "FAIL");
	return BAD;
}

/* The verdict with its whole reason (wide table). */
static enum tone c_verdict_why(const struct boot *p, const struct column *c, char *buf, size_t size)
{
	(void)c;
	if (p->ok)
		return text(buf, size, "ok"), GOOD;
	snprintf(buf, size, "FAIL: %s", p->detail[0] ? p->detail : "a check failed");
	return BAD;
}

static const struct column narrow[] = {
	META("TREE", KVER_META_TREE),
	META("STYLE", KVER_META_STYLE),
	META("SUBLEVEL", KVER_META_SUBLEVEL),
	VALUE("RELEASE", KVER_KEY_UNAME_RELEASE),
	VALUE("CODE", KVER_KEY_VDSO_CODE),
	{ "CHECKS", c_checks, NULL },
	{ "KUNIT", c_kunit, NULL },
	{ "GUEST", c_guest, NULL },
	{ "VERDICT", c_verdict, NULL },
};

/* The wide table: the narrow one's first columns, each probe check, the rest. */
static int wide_columns(struct boot *pts, int npts, struct column *cols)
{
	static const struct column head[] = {
		META("TREE", KVER_META_TREE),
		{ "PACKAGE (MAKEFILE)", c_package, NULL },
		META("STYLE", KVER_META_STYLE),
		META("SERIES", KVER_META_SERIES),
		META("SUBLEVEL", KVER_META_SUBLEVEL),
		VALUE("RELEASE", KVER_KEY_UNAME_RELEASE),
		VALUE("VDSO", KVER_KEY_VDSO_CODE),
	};
	static const struct column tail[] = {
		{ "KUNIT", c_kunit, "wide" },
		{ "GUEST", c_guest, "wide" },
		{ "VERDICT", c_verdict_why, NULL },
	};
	int n = 0;

	for (size_t k = 0; k < sizeof(head) / sizeof(head[0]); k++)
		cols[n++] = head[k];
	/* Probe checks in the order they first appear. */
	for (int i = 0; i < npts; i++) {
		for (size_t j = 0; pts[i].probe && j < pts[i].probe->root.nsub; j++) {
			const struct ktap_test *t = &pts[i].probe->root.sub[j];
			int k;

			if (is_guest_test(t) || t->status == KTAP_MISSING)
				continue;
			for (k = 0; k < n && (cols[k].fill != c_check || strcmp(cols[k].arg, t->name));
			     k++)
				;
			if (k == n && n < MAX_COLS - 3)
				cols[n++] = (struct column){ t->name, c_check, t->name };
		}
	}
	for (size_t k = 0; k < sizeof(tail) / sizeof(tail[0]); k++)
		cols[n++] = tail[k];
	return n;
}

#define GAP 2

/* Column widths; returns the table's width. */
static int widths(const struct column *cols, int ncols, struct boot *pts, int npts, int *w)
{
	char buf[1700];
	int total = 0;

	for (int k = 0; k < ncols; k++) {
		w[k] = (int)strlen(cols[k].header);
		for (int i = 0; i < npts; i++) {
			cols[k].fill(&pts[i], &cols[k], buf, sizeof(buf));
			if ((int)strlen(buf) > w[k])
				w[k] = (int)strlen(buf);
		}
		total += w[k] + (k ? GAP : 0);
	}
	return total;
}

static const char *paint(enum tone t, int colour)
{
	if (!colour)
		return "";
	switch (t) {
	case GOOD: return TERM_OK;
	case BAD: return TERM_FAIL;
	case SKIPPED: return TERM_SKIP;
	default: return "";
	}
}

static void print_rows(FILE *out, const struct column *cols, int ncols, const int *w,
		       struct boot *pts, int npts, int colour)
{
	char buf[1700];

	for (int k = 0; k < ncols; k++)
		fprintf(out, "%*s%-*s", k ? GAP : 0, "", k + 1 < ncols ? w[k] : 0,
			cols[k].header);
	fputc('\n', out);
	for (int i = 0; i < npts; i++) {
		for (int k = 0; k < ncols; k++) {
			enum tone t = cols[k].fill(&pts[i], &cols[k], buf, sizeof(buf));
			const char *on = paint(t, colour);

			fprintf(out, "%*s%s%s%s", k ? GAP : 0, "", on, buf, on[0] ? TERM_RESET : "");
			if (k + 1 < ncols)
				fprintf(out, "%*s", w[k] - (int)strlen(buf), "");
		}
		fputc('\n', out);
	}
}

void report_table(FILE *out, struct boot *pts, int npts, const struct report_opts *o)
{
	struct column wide[MAX_COLS];
	int nwide = wide_columns(pts, npts, wide), w[MAX_COLS];
	int nnarrow = (int)(sizeof(narrow) / sizeof(narrow[0]));
	int use_wide = o->wide;

	if (use_wide < 0)
		use_wide = o->width > 0 && widths(wide, nwide, pts, npts, w) <= o->width;
	if (use_wide) {
		widths(wide, nwide, pts, npts, w);
		print_rows(out, wide, nwide, w, pts, npts, o->colour);
	} else {
		widths(narrow, nnarrow, pts, npts, w);
		print_rows(out, narrow, nnarrow, w, pts, npts, o->colour);
	}
}

static void print_failures(FILE *out, const struct ktap_test *t, const char *prefix)
{
	for (size_t i = 0; i < t->nsub; i++) {
		const struct ktap_test *s = &t->sub[i];

		if (s->status != KTAP_FAIL && s->status != KTAP_MISSING)
			continue;
		fprintf(out, "    %s%s: %s\n", prefix, s->name, ktap_status_name(s->status));
		for (size_t j = 0; j < s->ndiag; j++)
			fprintf(out, "      # %s\n", s->diag[j]);
		if (s->nsub)
			print_failures(out, s, "  ");
	}
}

void report_details(FILE *out, struct boot *pts, int npts, int width)
{
	for (int i = 0; i < npts; i++) {
		struct boot *p = &pts[i];

		if (p->ok)
			continue;
		fprintf(out, "\n%s %s SUBLEVEL=%s (%s):\n", boot_meta(p, KVER_META_TREE),
			boot_meta(p, KVER_META_SERIES), boot_meta(p, KVER_META_SUBLEVEL), p->dir);
		if (p->detail[0]) {
			fprintf(out, "  %s; last lines of the serial log:\n", p->detail);
			/* On a terminal, a log line is cut to fit its width. */
			for (int k = 0; k < p->ntail; k++) {
				int n = (int)strlen(p->tail[k]);

				if (width > 8 && n + 4 > width)
					fprintf(out, "  | %.*s...\n", width - 7, p->tail[k]);
				else
					fprintf(out, "  | %s\n", p->tail[k]);
			}
		}
		if (p->probe)
			print_failures(out, &p->probe->root, "");
		/* judge_results fails a probe whose results are not those its plan announced. */
		if (p->probe && (int)p->probe->root.nsub != p->probe->plan)
			fprintf(out, "    probe: %zu results, its plan %d\n", p->probe->root.nsub,
				p->probe->plan);
		if (!p->kunit_docs && boot_kunit_required(p))
			fprintf(out, "    KUnit: no KUnit output in the serial log\n");
		for (size_t d = 0; d < p->log.ndocs; d++) {
			if (&p->log.docs[d] != p->probe)
				print_failures(out, &p->log.docs[d].root, "kunit ");
		}
	}
}

int report_guests(FILE *out, struct boot *pts, int npts)
{
	int all = 1;

	for (int i = 0; i < npts; i++) {
		if (!strcmp(pts[i].guest, "ok"))
			continue;
		fprintf(out, "%s: %s: %s\n", pts[i].dir, pts[i].guest, pts[i].detail);
		all = 0;
	}
	return all;
}
