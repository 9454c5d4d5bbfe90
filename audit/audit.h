/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kver-audit: every out-of-tree module Debian ships as a DKMS package,
 * linted and built against the kernels past 255 (docs/audit.md). The shell
 * (audit/run.sh) fetches, unpacks and runs; everything decided is here:
 *
 *   apt.c       which packages, from apt-cache madison's lines
 *   dkmsconf.c  a package's source folder and its dkms.conf, read plainly
 *   depends.c   which of its Depends its build needs fetched from apt
 *   facts.c     what the shell recorded of one package (its facts file)
 *   classify.c  what a download, an unpack or a dkms build came to
 *   findings.c  kver-lint's findings (tsv), what their tests answer on the
 *               audit's kernels, and the hand-read verdicts
 *   report.c    the terminal summary, the Markdown report, the list for
 *               upstream; json.c the JSON (docs/audit.md has its schema)
 *   cocci.c     the series' Coccinelle findings on the kernel tree
 */
#ifndef KVER_AUDIT_H
#define KVER_AUDIT_H

#include <stddef.h>
#include <stdio.h>

#define AUDIT_MAX_KERNELS 8
#define AUDIT_MAX_POINTS 8

/* kver-audit.c: the name errors start with, and an error that ends the command (status 2). */
void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* ---- apt.c ---------------------------------------------------------------- */

/* One version of a package, as apt-cache madison lists it. */
struct apt_version {
	char version[128];
	char suite[64];     /* bullseye-security */
	char component[32]; /* main, contrib, non-free */
};

/* A package and its versions, newest first (madison's order). */
struct apt_package {
	char name[128];
	struct apt_version *v;
	size_t nv;
};

/* Reads madison's lines ("NAME | VERSION | URI SUITE/COMPONENT ARCH Packages"); -1 on a bad line. */
int apt_read_madison(FILE *f, struct apt_package **out, size_t *n);
void apt_free(struct apt_package *p, size_t n);

/* ---- dkmsconf.c ----------------------------------------------------------- */

struct dkms_conf {
	char name[128], version[128];
	char modules[512];   /* BUILT_MODULE_NAME values, blank-separated */
	char exclusive[512]; /* BUILD_EXCLUSIVE_* lines, "; "-separated, as written */
	char build_depends[256]; /* BUILD_DEPENDS values: modules dkms builds and installs first */
	int plain;           /* name and version are literal values */
};

/* The package's source folder below root/usr/src: "NAME-VERSION" into out; 0, or -1 none. */
int dkms_source(const char *root, char *out, size_t size);
/* Reads dir/dkms.conf; -1 when it cannot be read. Name and version fall back to dir's name. */
int dkms_conf_read(const char *dir, struct dkms_conf *c);

/* ---- depends.c ------------------------------------------------------------ */

/*
 * The packages of a Depends field ("a (>= 1), b | c:any") to fetch: one per
 * group none of whose packages is in installed (blank-separated names), the
 * group's first one that no glob of skip names; blank-separated into out.
 * Their number, or -1 when out is too small.
 */
int depends_to_fetch(const char *depends, const char *installed, const char *skip, char *out,
		     size_t size);

/* ---- facts.c, classify.c -------------------------------------------------- */

enum build_status { BUILD_NOT_RUN, BUILD_BUILT, BUILD_FAILED, BUILD_EXCLUDED, BUILD_TIMEOUT };

struct build {
	char kernel[64];
	enum build_status status;
	long seconds;
	int modules;       /* .ko files dkms built */
	char why[512];     /* the first compiler error, the exclusion, ... */
};

enum stage { STAGE_OK, STAGE_DOWNLOAD, STAGE_UNPACK, STAGE_NO_SOURCE };

struct finding {
	char file[512];     /* in the package's source folder (usr/src/NAME-VERSION) */
	int line, col;
	char rule[48];
	int directive;
	char op[4];         /* "" when the finding is no comparison */
	int kv;             /* compared with KERNEL_VERSION(want) */
	long long value;    /* else the number compared with, or -1 */
	long long want[3];  /* the version the test means, -1 unknown */
	char fix[256];
	char msg[1024];
	char verdict[16];   /* audit/review.txt: "true", "false", or "" unread */
	char note[512];
};

struct package {
	char key[300];      /* NAME_VERSION: its folder */
	char name[128], version[128], component[32], releases[64];
	char wanted[128];   /* the newest version, when another was audited */
	char wanted_why[256];
	char source[256];   /* NAME-VERSION below usr/src */
	char exclusive[512];
	char depends[512];  /* its Depends unpacked over /usr for its builds (.deb names) */
	char build_depends[256]; /* its dkms.conf's BUILD_DEPENDS: its builds are not run */
	enum stage stage;
	char error[512];
	int lint_rc;        /* kver-lint's exit status; 124: timed out; -1 not run */
	long lint_tests;    /* comparisons with the version code it judged, -1 unknown */
	char lint_error[256];
	long lint_seconds;
	struct finding *f;
	size_t nf;
	struct build b[AUDIT_MAX_KERNELS];
	int nb;
	long seconds;
};

/*
 * Reads a package's folder: its facts file, logs and lint findings, every
 * outcome decided; -1 with the cause in p->error when it has no facts.
 */
int package_read(const char *dir, struct package *p);
void package_free(struct package *p);
const char *build_status_name(enum build_status s);
const char *stage_name(enum stage s);

/* classify.c: a dkms build from its exit status and logs. */
void classify_build(struct build *b, int rc, const char *dkms_log, const char *make_log,
		    const char *modules_list, const char *exclusive);
/* The first apt error ("E: ...") of a log, or its last line, into out. */
void first_apt_error(const char *log, char *out, size_t size);
/* The first line of a file that matches one of the needles, or "". */
int first_line_with(const char *path, const char *const *needles, char *out, size_t size);

/* ---- findings.c ------------------------------------------------------------ */

/* A kernel version the tests are asked about ("5.10.257"). */
struct point {
	long long v[3];
	char text[32];
};
int point_parse(const char *s, struct point *p);

/* kver-lint --format=tsv into p->f; paths made relative to prefix. -1 when unreadable. */
int findings_read(const char *tsv, const char *prefix, struct package *p);

/* What a finding's test does on one kernel. */
struct at_point {
	int known;          /* 0: the finding says nothing there (another series, no test) */
	int answer, meant;  /* for a comparison */
	long long reads;    /* for a value: what the code holds, -1 none */
	long long should;   /* what it means */
	int differs;
	char text[160];     /* "true, meant false", "reads 255, not 257" */
};
void finding_at(const struct finding *f, const struct point *pt, struct at_point *a);

/* audit/review.txt's verdicts on p's findings; its misses counted into *missed. */
struct review {
	char package[128], version[128], where[600], rule[48], verdict[16], note[512];
};
int review_read(const char *path, struct review **out, size_t *n);
void review_apply(const struct review *r, size_t n, struct package *p);
/* The misses the review lists for a package. */
size_t review_missed(const struct review *r, size_t n, const struct package *p);

/* ---- cocci.c --------------------------------------------------------------- */

struct cocci_finding {
	char file[512];
	int line;
	char msg[512];
};
struct cocci {
	char tree[64], script[64], status[128];
	struct cocci_finding *f;
	size_t n;
	long seconds;
};
/* spatch's report lines (FILE:LINE:COL-COL: MESSAGE), paths made relative to prefix; -1 when unreadable. */
int cocci_read(const char *report, const char *prefix, struct cocci *c);
void cocci_free(struct cocci *c);

/* ---- report.c, json.c ------------------------------------------------------ */

struct audit_run {
	struct package *p;
	size_t n;
	char kernels[AUDIT_MAX_KERNELS][64];
	char kernel_about[AUDIT_MAX_KERNELS][256];
	int nkernels;
	struct point points[AUDIT_MAX_POINTS];
	int npoints;
	struct cocci cocci;
	int have_cocci;
	struct review *review;
	size_t nreview;
	long lint_seconds, build_seconds, seconds;
	char date[64];
};

/*
 * One terminal line per package: "[N/M] name version: ..., about T left",
 * T judged on the elapsed time of the measured packages (those whose builds
 * ran: a build taken from an earlier run costs nothing).
 */
void report_progress(FILE *f, const struct package *p, int n, int of, long elapsed, int measured);
void report_summary(FILE *f, const struct audit_run *r);
void report_markdown(FILE *f, const struct audit_run *r);
void report_upstream(FILE *f, const struct audit_run *r);
/* The JSON (json.c): 0, or -1 when it is not whole. */
int report_json(FILE *f, const struct audit_run *r);
/* The hand-read counts over the run: findings read, true, false, missed. */
void review_counts(const struct audit_run *r, size_t *read, size_t *t, size_t *fl, size_t *missed,
		   size_t *unread);

#endif
