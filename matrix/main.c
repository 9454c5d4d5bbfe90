// SPDX-License-Identifier: GPL-2.0
/*
 * kver-matrix [options] DIR...: judge the lab's boot folders of every
 * design and print the variant matrix. matrix_main is the whole command
 * (kver-matrix.c calls it; its tests' batch too).
 *
 * Exit status: 0 the matrix was made (and matches the expected verdicts
 * when --expected is given), 1 some cell differs from its expected verdict,
 * 2 usage or input error.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "matrix.h"
#include "term.h"

static const char *prog = "kver-matrix";

static void usage(FILE *out)
{
	fprintf(out,
		"usage: %s [options] DIR...\n"
		"\n"
		"DIR is a boot folder of lab/run.sh (point.meta, serial.log) or a folder\n"
		"holding such folders.\n"
		"\n"
		"  --expected FILE   compare every cell with the expected verdicts in FILE\n"
		"                    (lines: TREE VARIANT POINT CHECK VERDICT); exit 1 and\n"
		"                    name every cell that differs\n"
		"  --all-expected    with --expected: an expected cell of a measured tree and\n"
		"                    variant that was not measured is a difference too\n"
		"  --md FILE         write the matrix as Markdown\n"
		"  --svg FILE        write the matrix as an SVG picture\n"
		"  --chart FILE      write an SVG chart: the version a 2020 decoder reads\n"
		"                    from each design's code, against the real SUBLEVEL\n"
		"  --json FILE       write the matrix, values and cost as JSON\n"
		"  --color WHEN      auto (default: on a terminal, unless NO_COLOR is set),\n"
		"                    always or never\n"
		"  --quiet           no terminal matrix (differences are still printed)\n"
		"  --wall SECONDS    the run's wall time, for the reports (the builds are\n"
		"                    counted from each point's build= in point.meta)\n"
		"  -h, --help        this text\n",
		prog);
}

static int fail(const char *what, const char *why)
{
	fprintf(stderr, "%s: error: %s%s%s\n", prog, what, why ? ": " : "", why ? why : "");
	return 2;
}

static int number_arg(const char *opt, const char *s, long *out)
{
	uint32_t v;

	if (kver_parse_uint(s, INT32_MAX, &v)) {
		fprintf(stderr, "%s: error: %s needs a number, not '%s'\n", prog, opt, s);
		return -1;
	}
	*out = (long)v;
	return 0;
}

typedef void (*renderer)(const struct matrix *, const struct render_opts *, FILE *);

static int write_file(const char *path, renderer fn, const struct matrix *m,
		      const struct render_opts *o)
{
	FILE *f;
	int err;

	if (!strcmp(path, "-")) {
		fn(m, o, stdout);
		return fflush(stdout) ? -1 : 0;
	}
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "%s: error: cannot write %s: %s\n", prog, path, strerror(errno));
		return -1;
	}
	fn(m, o, f);
	err = ferror(f);
	if (fclose(f) || err) {
		fprintf(stderr, "%s: error: writing %s failed\n", prog, path);
		return -1;
	}
	return 0;
}

int matrix_main(int argc, char **argv)
{
	const char *expected = NULL, *md = NULL, *svg = NULL, *json = NULL, *chart = NULL;
	const char *color = "auto";
	struct render_opts o = { .wall_s = -1 };
	struct matrix m = { 0 };
	struct expected x = { 0 };
	int all = 0, quiet = 0, i, rc = 0;
	char err[512];

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		long n;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(a, "--all-expected")) {
			all = 1;
		} else if (!strcmp(a, "--quiet")) {
			quiet = 1;
		} else if (!strcmp(a, "--")) {
			i++;
			break;
		} else if (a[0] == '-' && a[1] == '-') {
			const char *v = i + 1 < argc ? argv[i + 1] : NULL;

			if (!v) {
				fprintf(stderr, "%s: error: %s needs a value\n", prog, a);
				return 2;
			}
			i++;
			if (!strcmp(a, "--expected"))
				expected = v;
			else if (!strcmp(a, "--md"))
				md = v;
			else if (!strcmp(a, "--svg"))
				svg = v;
			else if (!strcmp(a, "--chart"))
				chart = v;
			else if (!strcmp(a, "--json"))
				json = v;
			else if (!strcmp(a, "--color"))
				color = v;
			else if (!strcmp(a, "--wall")) {
				if (number_arg(a, v, &n))
					return 2;
				o.wall_s = n;
			} else {
				fprintf(stderr, "%s: error: unknown option %s (try --help)\n", prog, a);
				return 2;
			}
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "%s: error: unknown option %s (try --help)\n", prog, a);
			return 2;
		} else {
			break;
		}
	}
	if (i >= argc) {
		usage(stderr);
		return 2;
	}
	if (all && !expected)
		return fail("--all-expected needs --expected", NULL);
	if (!strcmp(color, "always")) {
		o.color = 1;
	} else if (!strcmp(color, "never")) {
		o.color = 0;
	} else if (!strcmp(color, "auto")) {
		o.color = term_colour(STDOUT_FILENO);
	} else {
		return fail("--color takes auto, always or never", color);
	}

	for (; i < argc; i++) {
		if (matrix_add(&m, argv[i], err, sizeof(err)) < 0) {
			matrix_free(&m);
			return fail(err, NULL);
		}
	}
	if (matrix_check_unique(&m, err, sizeof(err))) {
		matrix_free(&m);
		return fail(err, NULL);
	}
	matrix_sort(&m);
	matrix_judge(&m);
	matrix_count_builds(&m, &o.full_builds, &o.incremental_builds);

	if (expected) {
		if (expected_load(expected, &x, err, sizeof(err))) {
			matrix_free(&m);
			return fail(err, NULL);
		}
		/* Differences go to stderr first, so they are seen even with --quiet. */
		o.differences = matrix_compare(&m, &x, all, NULL);
		o.compared = 1;
		if (o.differences) {
			fprintf(stderr, "%s: %zu cell%s differ%s from %s:\n", prog, o.differences,
				o.differences == 1 ? "" : "s", o.differences == 1 ? "s" : "", expected);
			matrix_compare(&m, &x, all, stderr);
			rc = 1;
		}
		expected_free(&x);
	}
	for (size_t k = 0; k < m.npoints; k++)
		if (m.points[k].problem[0])
			fprintf(stderr, "%s: %s: %s\n", prog, m.points[k].dir, m.points[k].problem);

	if (!quiet) {
		render_terminal(&m, &o, stdout);
		fflush(stdout);
	}
	if ((md && write_file(md, render_markdown, &m, &o)) ||
	    (svg && write_file(svg, render_svg, &m, &o)) ||
	    (chart && write_file(chart, render_chart, &m, &o)) ||
	    (json && write_file(json, render_json, &m, &o)))
		rc = 2;
	matrix_free(&m);
	return rc;
}
