/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kver-matrix: judge the lab's boots of every version-code design.
 *
 * A boot folder (lab/run.sh) is read by the boot model (lab/boot.h): its
 * point.meta (tree, package, makefile, series, style, sublevel, version,
 * expect, build_s, guest_s, boot_s) and the "# value: KEY=VALUE" lines the
 * probe and the guest plugins print. Each folder is one point: a (tree, variant,
 * SUBLEVEL). Every point gets one cell per check, decided here from the
 * values alone; the renderers and the comparison with the expected
 * verdicts only read the cells.
 */
#ifndef KVER_MATRIX_H
#define KVER_MATRIX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "boot.h"
#include "kver.h"
#include "protocol.h"
#include "truth.h"

enum verdict {
	VERDICT_OK,
	VERDICT_FAIL,
	VERDICT_NA,	/* the kernel does not offer what the check reads */
	VERDICT_NODATA,	/* the boot did not produce the values: a lab problem */
	VERDICT_COUNT
};

enum check {
	CHECK_SPILL,		/* legacy decoder sees the true MAJOR.PATCHLEVEL */
	CHECK_MONOTONIC,	/* code never lower than at a lower SUBLEVEL */
	CHECK_AT_LEAST,		/* LINUX_VERSION_CODE >= KERNEL_VERSION(M,P,S) */
	CHECK_AGREE,		/* run-time codes agree, and with the headers */
	CHECK_EXACT,		/* code == clamped encoding of the true version */
	CHECK_RELEASE,		/* release string carries the true release */
	CHECK_SUBLEVEL,		/* full-precision SUBLEVEL is the true one */
	CHECK_COUNT
};

/* The checks (checks.c). */
struct check_info {
	const char *id;		/* column name and key in the expected file */
	const char *title;	/* one line for legends */
};
extern const struct check_info matrix_checks[CHECK_COUNT];

/* "ok", "fail", "n/a", "no data". */
const char *verdict_name(enum verdict v);
/* Expected-file words: "ok", "fail", "n/a". 0 or -1. */
int verdict_parse(const char *s, enum verdict *v);
/* Index of a check id ("at-least"), or -1. */
int check_parse(const char *s);

#define CELL_TEXT_MAX 64

struct cell {
	enum verdict verdict;
	char text[CELL_TEXT_MAX];	/* "ok" or what went wrong, a few words */
	int has_expected;		/* set by matrix_compare */
	enum verdict expected;
	int differs;
};

/* The run-time channels that carry a LINUX_VERSION_CODE. */
enum channel {
	CH_VDSO,
	CH_V4L2,
	CH_MEDIA,
	CH_MEDIA_DRIVER,
	CH_CEC,
	CH_COUNT
};
extern const char *const channel_keys[CH_COUNT];	/* "vdso.code", ... */
extern const char *const channel_names[CH_COUNT];	/* "vdso", ... */

/*
 * One point of the matrix: a boot folder as the boot model read and judged
 * it (lab/boot.h), and what the matrix derives from it. The strings point
 * into boot and live as long as it does.
 */
struct point {
	struct boot boot;
	const char *dir, *tree, *package, *makefile, *expect;
	char series[64];		/* the row: series, "@style" when not upstream */
	struct kver truth;		/* version=: the M.P.S the lab built */
	uint32_t own_sublevel;		/* makefile's SUBLEVEL */
	int own;			/* truth.sublevel == own_sublevel */
	int hides_version;		/* uname hides the version (probe/truth.h) */
	long build_s, guest_s, boot_s;	/* -1 when not recorded */
	char problem[128];		/* why the point has no data, or "" */
	struct cell cells[CHECK_COUNT];
};

struct matrix {
	struct point *points;
	size_t npoints;
};

/* A point's values (values.c), read also by the checks and the renderers. */

/*
 * Load one boot folder through the boot model. Returns 0, or -1 with a
 * message in err when boot_read refuses it (no point.meta, bad meta, a file
 * that is not a regular file). A folder whose guest left no values still
 * loads: its problem says why.
 */
int point_load(const char *dir, struct point *p, char *err, size_t errsize);
/* Build a point by hand (tests): meta lines and serial log text (NULL: no log). */
int point_from_text(struct point *p, const char *dir, const char *meta, const char *serial,
		    char *err, size_t errsize);
void point_free(struct point *p);
int parse_code(const char *s, uint32_t *code);	/* "0x0601ff": 0, else -1 */
/* A code as a person reads it: "6.2.0", or hex when it is not 8.8.8. */
void describe_code(uint32_t code, char *buf, size_t size);
/* What the 2020 decoder believes: "6.2" (MAJOR.PATCHLEVEL), or "" */
void legacy_belief(const struct point *p, char *buf, size_t size);
/* Primary run-time code (vDSO, else the first device): 0, or -1. */
int point_code(const struct point *p, uint32_t *code);
/* The code of a channel: 1 read, 0 absent or never printed, -1 garbled. */
int channel_code(const struct point *p, enum channel ch, uint32_t *code);
/* A value the guest says is not there: "absent", maybe with a reason. */
int value_absent(const char *v);

/* The matrix (matrix.c). */

/*
 * Add DIR: a boot folder, or a folder whose subfolders are boot folders.
 * Returns the number of points added, or -1 with a message in err.
 */
int matrix_add(struct matrix *m, const char *dir, char *err, size_t errsize);
/* Add a loaded point (the matrix takes it over). -1 when out of memory. */
int matrix_push(struct matrix *m, struct point *p);
/* Order: tree, variant (the matrix's order, then by name), SUBLEVEL. */
void matrix_sort(struct matrix *m);
/*
 * Count the points' builds by the kind each point.meta recorded (build=):
 * full ones, and incremental ones of any kind. Both stay -1 when no point
 * recorded its kind (folders of an older lab).
 */
void matrix_count_builds(const struct matrix *m, int *full, int *incremental);
/* Two points with the same tree, variant and SUBLEVEL: -1 and a message. */
int matrix_check_unique(const struct matrix *m, char *err, size_t errsize);
/* Same tree and variant: one line of the matrix. */
int point_same_line(const struct point *p, const struct point *q);
void matrix_free(struct matrix *m);
/* Position of a variant in the matrix, or a large number for others. */
int variant_rank(const char *name);

/* Decide every cell (checks.c). */
void matrix_judge(struct matrix *m);

/* Expected verdicts (expected.c): "TREE VARIANT POINT CHECK VERDICT" lines. */
struct expectation {
	char tree[16];
	char variant[64];
	char point[16];		/* decimal SUBLEVEL or "own" */
	int check;
	enum verdict verdict;
	int line;
	int used;
};

struct expected {
	struct expectation *e;
	size_t n;
};

int expected_load(const char *path, struct expected *x, char *err, size_t errsize);
int expected_parse(const char *text, const char *name, struct expected *x, char *err,
		   size_t errsize);
void expected_free(struct expected *x);
/*
 * Compare every measured cell with its expected verdict and mark the cells.
 * With all set, an expected cell of a measured (tree, variant) that was not
 * measured is a difference too. Each difference is printed to out (may be
 * NULL). Returns the number of differences.
 */
size_t matrix_compare(struct matrix *m, struct expected *x, int all, FILE *out);

/* The kver-matrix command (main.c): argv[0] is the command's name. */
int matrix_main(int argc, char **argv);

/* Rendering. */
struct render_opts {
	int color;		/* ANSI colours in the terminal matrix */
	int compared;		/* cells carry expected verdicts */
	long wall_s;		/* -1 when unknown */
	int full_builds;	/* -1 when unknown */
	int incremental_builds;	/* -1 when unknown */
	size_t differences;
};
void render_terminal(const struct matrix *m, const struct render_opts *o, FILE *out);
void render_markdown(const struct matrix *m, const struct render_opts *o, FILE *out);
void render_svg(const struct matrix *m, const struct render_opts *o, FILE *out);
void render_json(const struct matrix *m, const struct render_opts *o, FILE *out);
/* The version a 2020 decoder reads, per design and point, as an SVG chart. */
void render_chart(const struct matrix *m, const struct render_opts *o, FILE *out);
/* One past the last point of the tree of m->points[first]. */
size_t matrix_tree_end(const struct matrix *m, size_t first);
/* s with XML's special characters escaped. */
void xml_escape(FILE *out, const char *s);

#endif
