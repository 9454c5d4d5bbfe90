// SPDX-License-Identifier: GPL-2.0
/*
 * kver-matrix: loading boot folders and judging every cell.
 *
 * Version strings are parsed and codes encoded and decoded by libkver
 * (kver_parse, kver_code, kver_decode, kver_cmp); this file only reads the
 * values and applies the checks.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

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

const char *const channel_keys[CH_COUNT] = {
	"vdso.code", "v4l2.version", "media.media_version", "media.driver_version",
	"cec.version",
};
const char *const channel_names[CH_COUNT] = {
	"vdso", "v4l2", "media", "media driver", "cec",
};

/* The designs, in the order the matrix shows them (lab/lab.conf). */
static const char *const variant_order[] = { KVER_VARIANTS };

/* A design in another release style ("kver@debian") follows its upstream row. */
int variant_rank(const char *name)
{
	size_t n = strcspn(name, "@");

	for (size_t i = 0; i < sizeof(variant_order) / sizeof(variant_order[0]); i++)
		if (strlen(variant_order[i]) == n && !strncmp(name, variant_order[i], n))
			return 2 * (int)i + (name[n] == '@');
	return 1000;
}

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


/* DIR/NAME into buf; -1 when it does not fit. */
static int join(char *buf, size_t size, const char *dir, const char *name)
{
	int n = snprintf(buf, size, "%s/%s", dir, name);

	return n < 0 || (size_t)n >= size ? -1 : 0;
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

/* ---- values ------------------------------------------------------------ */

int parse_code(const char *s, uint32_t *code)
{
	uint32_t v = 0;
	size_t n = 0;

	if (!s || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return -1;
	for (s += 2; *s; s++, n++) {
		int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			return -1;
		if (n >= 8)
			return -1;
		v = (v << 4) | (uint32_t)d;
	}
	if (!n)
		return -1;
	*code = v;
	return 0;
}

void describe_code(uint32_t code, char *buf, size_t size)
{
	struct kver v;

	if (code > 0xffffff) {
		snprintf(buf, size, "0x%08x", code);
		return;
	}
	kver_decode(code, &v);
	kver_format(&v, KVER_FMT_NUMBERS, buf, size);
}

static int is_absent(const char *v)
{
	return v && !strncmp(v, "absent", 6);
}

/* The code of a channel: 1 read, 0 absent or never printed, -1 garbled. */
static int channel_code(const struct point *p, enum channel ch, uint32_t *code)
{
	const char *v = boot_value(&p->boot, channel_keys[ch]);

	if (!v || is_absent(v))
		return 0;
	return parse_code(v, code) ? -1 : 1;
}

int point_code(const struct point *p, uint32_t *code)
{
	for (int ch = 0; ch < CH_COUNT; ch++)
		if (channel_code(p, (enum channel)ch, code) == 1)
			return 0;
	return -1;
}

void legacy_belief(const struct point *p, char *buf, size_t size)
{
	uint32_t code;
	struct kver v;

	if (point_code(p, &code)) {
		snprintf(buf, size, "%s", "");
		return;
	}
	kver_decode(code, &v);
	snprintf(buf, size, "%u.%u", v.major, v.patchlevel);
}

/* The matrix's own reading of point.meta: its row, the true version, the cost. */
static int derive(struct point *p, char *err, size_t errsize)
{
	const struct boot *b = &p->boot;
	const char *style = boot_meta(b, "style");
	const char *cost[] = { "build_s", "guest_s", "boot_s" };
	long *costs[] = { &p->build_s, &p->guest_s, &p->boot_s };
	struct kver mk, e;
	uint32_t s;

	p->dir = b->dir;
	p->tree = boot_meta(b, "tree");
	p->package = boot_meta(b, "package");
	p->makefile = boot_meta(b, "makefile");
	p->expect = boot_meta(b, "expect");
	for (size_t i = 0; i < 3; i++)
		*costs[i] = boot_meta(b, cost[i])[0] ? strtol(boot_meta(b, cost[i]), NULL, 10) : -1;
	/* A release style other than upstream is a row of its own: "kver@debian". */
	snprintf(p->series, sizeof(p->series), "%s", boot_meta(b, "series"));
	if (strcmp(style, "upstream")) {
		size_t n = strlen(p->series);

		snprintf(p->series + n, sizeof(p->series) - n, "@%s", style);
	}
	/* boot_finish checked both. */
	if (kver_parse(p->makefile, &mk) ||
	    kver_parse_uint(boot_meta(b, "sublevel"), UINT32_MAX, &s)) {
		boot_set_err(err, errsize, "%s/point.meta: makefile or sublevel unreadable", p->dir);
		return -1;
	}
	kver_set(&p->truth, mk.major, mk.patchlevel, s);
	p->hides_version = strcmp(style, "upstream") &&
			   (kver_parse(p->expect, &e) || kver_cmp(&e, &p->truth));
	p->own_sublevel = mk.sublevel;
	p->own = s == mk.sublevel;
	return 0;
}

static void set_problem(struct point *p)
{
	if (!p->boot.has_serial)
		snprintf(p->problem, sizeof(p->problem), "no serial.log");
	else if (!p->boot.nvalues && !p->boot.exit_seen)
		snprintf(p->problem, sizeof(p->problem), "the probe printed nothing");
	else if (!p->boot.exit_seen)
		snprintf(p->problem, sizeof(p->problem), "the probe did not finish");
	else if (!boot_value(&p->boot, "uname.release") && !boot_value(&p->boot, "vdso.code"))
		snprintf(p->problem, sizeof(p->problem), "no channel values in the log");
}

/* The boot read (or made) in p->boot into a point; p->boot is freed on error. */
static int point_finish(struct point *p, char *err, size_t errsize)
{
	if (derive(p, err, errsize)) {
		point_free(p);
		return -1;
	}
	set_problem(p);
	return 0;
}

int point_from_text(struct point *p, const char *dir, const char *meta, const char *serial,
		    char *err, size_t errsize)
{
	const char *s;
	int n = 0, rc;

	memset(p, 0, sizeof(*p));
	rc = boot_init(&p->boot, dir);
	for (s = meta; !rc && *s; s += strcspn(s, "\n"), s += *s == '\n') {
		char *line = strndup(s, strcspn(s, "\n"));

		rc = line ? boot_meta_line(&p->boot, line, ++n, err, errsize) : -1;
		free(line);
	}
	for (s = serial; !rc && s && *s; s += strcspn(s, "\n"), s += *s == '\n') {
		char *line = strndup(s, strcspn(s, "\n"));

		rc = line ? boot_feed(&p->boot, line) : -1;
		free(line);
	}
	/* A log that is there but empty is not a missing one. */
	p->boot.has_serial |= serial != NULL;
	if (!rc)
		rc = boot_finish(&p->boot, err, errsize);
	if (rc) {
		if (err && !err[0])
			boot_set_err(err, errsize, "out of memory");
		point_free(p);
		return -1;
	}
	return point_finish(p, err, errsize);
}

int point_load(const char *dir, struct point *p, char *err, size_t errsize)
{
	memset(p, 0, sizeof(*p));
	if (boot_read(&p->boot, dir, err, errsize)) {
		point_free(p);
		return -1;
	}
	return point_finish(p, err, errsize);
}

void point_free(struct point *p)
{
	boot_free(&p->boot);
	p->dir = NULL;
}

/* ---- the matrix -------------------------------------------------------- */

int matrix_push(struct matrix *m, struct point *p)
{
	struct point *np = realloc(m->points, (m->npoints + 1) * sizeof(*np));

	if (!np)
		return -1;
	m->points = np;
	np[m->npoints++] = *p;
	return 0;
}

/* A folder with a point.meta of any kind: the boot model refuses a bad one. */
static int is_boot_dir(const char *dir)
{
	char path[4096];
	struct stat st;

	return !join(path, sizeof(path), dir, "point.meta") && lstat(path, &st) == 0;
}

static int add_one(struct matrix *m, const char *dir, char *err, size_t errsize)
{
	struct point p;

	if (point_load(dir, &p, err, errsize))
		return -1;
	if (matrix_push(m, &p)) {
		point_free(&p);
		boot_set_err(err, errsize, "out of memory");
		return -1;
	}
	return 1;
}

int matrix_add(struct matrix *m, const char *dir, char *err, size_t errsize)
{
	struct dirent **ents;
	int n, added = 0;

	if (is_boot_dir(dir))
		return add_one(m, dir, err, errsize);
	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0) {
		boot_set_err(err, errsize, "cannot read %s: %s", dir, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char sub[4096];

		if (added >= 0 && ents[i]->d_name[0] != '.' &&
		    !join(sub, sizeof(sub), dir, ents[i]->d_name) && is_boot_dir(sub)) {
			if (add_one(m, sub, err, errsize) < 0)
				added = -1;
			else
				added++;
		}
		free(ents[i]);
	}
	free(ents);
	if (added == 0)
		boot_set_err(err, errsize, "%s is not a boot folder and holds none", dir);
	return added > 0 ? added : -1;
}

static int tree_cmp(const char *a, const char *b)
{
	struct kver va, vb;

	if (kver_parse(a, &va) || kver_parse(b, &vb))
		return strcmp(a, b);
	return kver_cmp(&va, &vb);
}

static int point_cmp(const void *a, const void *b)
{
	const struct point *p = a, *q = b;
	int c = tree_cmp(p->tree, q->tree);

	if (c)
		return c;
	c = variant_rank(p->series) - variant_rank(q->series);
	if (c)
		return c;
	c = strcmp(p->series, q->series);
	if (c)
		return c;
	return p->truth.sublevel < q->truth.sublevel ? -1 : p->truth.sublevel > q->truth.sublevel;
}

void matrix_sort(struct matrix *m)
{
	if (m->npoints > 1)
		qsort(m->points, m->npoints, sizeof(*m->points), point_cmp);
}

static int same_line(const struct point *p, const struct point *q)
{
	return !strcmp(p->tree, q->tree) && !strcmp(p->series, q->series);
}

int matrix_check_unique(const struct matrix *m, char *err, size_t errsize)
{
	for (size_t i = 0; i < m->npoints; i++)
		for (size_t j = i + 1; j < m->npoints; j++)
			if (same_line(&m->points[i], &m->points[j]) &&
			    m->points[i].truth.sublevel == m->points[j].truth.sublevel) {
				boot_set_err(err, errsize, "%s and %s are the same point (%s %s %u)",
					m->points[i].dir, m->points[j].dir, m->points[i].tree,
					m->points[i].series, m->points[i].truth.sublevel);
				return -1;
			}
	return 0;
}

void matrix_free(struct matrix *m)
{
	for (size_t i = 0; i < m->npoints; i++)
		point_free(&m->points[i]);
	free(m->points);
	m->points = NULL;
	m->npoints = 0;
}

/* ---- the checks -------------------------------------------------------- */

static unsigned int bin2bcd(unsigned int v)
{
	return ((v / 10) << 4) | (v % 10);
}

static void judge_spill(struct point *p)
{
	const struct kver *t = &p->truth;
	int seen = 0;
	char got[32];
	const char *v;

	for (int ch = 0; ch < CH_COUNT; ch++) {
		uint32_t code;
		struct kver d;
		int rc = channel_code(p, (enum channel)ch, &code);

		if (rc < 0) {
			cell(p, CHECK_SPILL, VERDICT_FAIL, "%s value garbled", channel_names[ch]);
			return;
		}
		if (rc == 0)
			continue;
		seen++;
		kver_decode(code, &d);
		if (d.major != t->major || d.patchlevel != t->patchlevel) {
			kver_format(&d, KVER_FMT_NUMBERS, got, sizeof(got));
			cell(p, CHECK_SPILL, VERDICT_FAIL, "reads as %s", got);
			return;
		}
	}
	if (!seen) {
		cell(p, CHECK_SPILL, VERDICT_NODATA, "no run-time code");
		return;
	}
	/* The USB root hub: bcdDevice is MAJOR and PATCHLEVEL in BCD. */
	v = boot_value(&p->boot, "usb.bcdDevice");
	if (v && !is_absent(v)) {
		char want[16];

		snprintf(want, sizeof(want), "%02x%02x", bin2bcd(t->major), bin2bcd(t->patchlevel));
		if (strcasecmp(v, want)) {
			cell(p, CHECK_SPILL, VERDICT_FAIL, "USB bcdDevice %.16s", v);
			return;
		}
	}
	/* UNAME26: 2.6.(60 + PATCHLEVEL), whatever the SUBLEVEL. */
	v = boot_value(&p->boot, "uname26.release");
	if (v && !is_absent(v)) {
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
	const char *c = boot_value(&p->boot, "headers.code");
	const char *k = boot_value(&p->boot, "headers.kernel_version");
	const char *args = boot_value(&p->boot, "headers.args");
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
	const char *h = boot_value(&p->boot, "headers.code");
	uint32_t first = 0, code, hc;
	int have = -1;
	char a[32], b[32];

	for (int ch = 0; ch < CH_COUNT; ch++) {
		int rc = channel_code(p, (enum channel)ch, &code);

		if (rc < 0) {
			cell(p, CHECK_AGREE, VERDICT_FAIL, "%s value garbled", channel_names[ch]);
			return;
		}
		if (rc == 0)
			continue;
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
	const char *u = boot_value(&p->boot, "uname.release");
	const char *o = boot_value(&p->boot, "proc.osrelease");
	const char *v = boot_value(&p->boot, "proc.version");
	const struct kver *t = &p->truth;
	struct kver r;

	if (!u || is_absent(u)) {
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
	if (p->hides_version) {
		/*
		 * A distribution's release (6.1.0-75-amd64) hides SUBLEVEL by
		 * design: it must be the one built, and the true version must
		 * still reach user space (libkver reads it where it is).
		 */
		const char *lv = boot_value(&p->boot, "libkver.version");
		const char *from = boot_value(&p->boot, "libkver.from_sublevel");
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
	if (r.major == t->major && r.patchlevel == t->patchlevel) {
		if (r.sublevel == t->sublevel) {
			cell(p, CHECK_RELEASE, VERDICT_OK, "ok");
			return;
		}
		/* SUBLEVEL held at 255, the count after it in EXTRAVERSION. */
		if (r.sublevel == 255 && r.nparts >= 4 && t->sublevel > 255 &&
		    r.extra[0] == t->sublevel - 255) {
			cell(p, CHECK_RELEASE, VERDICT_OK, "ok (as 255.%u)", r.extra[0]);
			return;
		}
	}
	cell(p, CHECK_RELEASE, VERDICT_FAIL, "uname says %.24s", u);
}

static void judge_sublevel(struct point *p)
{
	const char *s = boot_value(&p->boot, "headers.sublevel");
	const char *ma = boot_value(&p->boot, "headers.major");
	const char *pa = boot_value(&p->boot, "headers.patchlevel");
	uint32_t n;

	if (!s) {
		cell(p, CHECK_SUBLEVEL, VERDICT_NODATA, "no headers values");
		return;
	}
	if (is_absent(s)) {
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
	if (ma && pa && !is_absent(ma) && !is_absent(pa)) {
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
static void judge_monotonic(struct matrix *m, struct point *p)
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

		if (q == p || !same_line(p, q) || q->truth.sublevel >= p->truth.sublevel ||
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

void matrix_judge(struct matrix *m)
{
	for (size_t i = 0; i < m->npoints; i++) {
		struct point *p = &m->points[i];

		if (p->problem[0]) {
			for (int c = 0; c < CHECK_COUNT; c++)
				cell(p, (enum check)c, VERDICT_NODATA, "no data");
			continue;
		}
		judge_spill(p);
		judge_at_least(p);
		judge_agree(p);
		judge_exact(p);
		judge_release(p);
		judge_sublevel(p);
	}
	for (size_t i = 0; i < m->npoints; i++)
		if (!m->points[i].problem[0])
			judge_monotonic(m, &m->points[i]);
}
