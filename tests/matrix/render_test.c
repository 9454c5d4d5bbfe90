// SPDX-License-Identifier: GPL-2.0
/* kver-matrix's expected file, the comparison with it and the renderers, on hand-made points. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "points.h"
#include "protocol.h"

static const char expected_text[] =
	"# comment\n"
	"\n"
	"6.1 mainline own spill ok   # trailing comment\n"
	"6.1 mainline 256 spill fail\n"
	"6.1 unfixed 192 sublevel n/a\n";

void test_expected(void)
{
	struct expected x;
	char err[256];

	CHECK(expected_parse(expected_text, "t", &x, err, sizeof(err)) == 0, "parse: %s", err);
	CHECK(x.n == 3 && x.e[1].verdict == VERDICT_FAIL && x.e[2].verdict == VERDICT_NA &&
	      x.e[0].line == 3, "parsed %zu", x.n);
	expected_free(&x);
	CHECK(expected_parse("6.1 a 256 spill maybe\n", "t", &x, err, sizeof(err)) < 0 &&
	      strstr(err, "t:1: verdict 'maybe'"), "%s", err);
	CHECK(expected_parse("\n6.1 a 256 nope ok\n", "t", &x, err, sizeof(err)) < 0 &&
	      strstr(err, "t:2: unknown check"), "%s", err);
	CHECK(expected_parse("6.1 a 256 spill\n", "t", &x, err, sizeof(err)) < 0 &&
	      strstr(err, "TREE VARIANT POINT CHECK VERDICT"), "%s", err);
	CHECK(expected_parse("6.1 a 256 spill ok extra\n", "t", &x, err, sizeof(err)) < 0,
	      "six words");
	CHECK(expected_parse("6.1 a x256 spill ok\n", "t", &x, err, sizeof(err)) < 0 &&
	      strstr(err, "point 'x256'"), "%s", err);
	CHECK(expected_parse("6.1 a 256 spill ok\n6.1 a 256 spill fail\n", "t", &x, err,
			      sizeof(err)) < 0 && strstr(err, "t:2: same cell as line 1"), "%s", err);
	CHECK(expected_load("/nonexistent/expected", &x, err, sizeof(err)) < 0 &&
	      strstr(err, "cannot read"), "%s", err);
}

static char *render(void (*fn)(const struct matrix *, const struct render_opts *, FILE *),
		    const struct matrix *m, const struct render_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	fn(m, o, f);
	fclose(f);
	return buf;
}

void test_compare_and_render(void)
{
	struct matrix m = { 0 };
	struct expected x;
	struct render_opts o = { .wall_s = 100, .full_builds = 1, .incremental_builds = 29 };
	char err[256], *out = NULL;
	size_t len = 0, n;
	FILE *f;
	char *s;

	build_designs(&m);
	matrix_sort(&m);
	matrix_judge(&m);
	/* Right for mainline, one wrong verdict for unfixed, and a line for a
	 * point that was not measured. */
	CHECK(expected_parse("6.1 mainline own spill ok\n6.1 mainline 256 spill ok\n"
			     "6.1 unfixed 256 spill ok\n6.1 mainline 1000 spill ok\n"
			     "6.1 mainline 192 spill fail\n",
			     "t", &x, err, sizeof(err)) == 0, "%s", err);
	f = open_memstream(&out, &len);
	n = matrix_compare(&m, &x, 1, f);
	fclose(f);
	/* 6*5*7 = 210 cells, 3 with an expectation: 207 without one, 1 wrong,
	 * 1 not measured; "own" wins over the numeric 192 line. */
	CHECK(n == 209, "differences %zu\n%s", n, out);
	CHECK(strstr(out, "6.1 unfixed 256 spill: expected ok, measured fail (reads as 6.2.0)") !=
	      NULL, "wrong cell named:\n%.300s", out);
	CHECK(strstr(out, "6.1 mainline 1000 spill: expected ok, not measured") != NULL,
	      "unmeasured named");
	CHECK(strstr(out, "6.1 mainline 192 spill") == NULL, "own line wins over 192");
	free(out);
	n = matrix_compare(&m, &x, 0, NULL);
	CHECK(n == 208, "without --all-expected: %zu", n);
	expected_free(&x);

	o.compared = 1;
	o.differences = n;
	s = render(render_terminal, &m, &o);
	CHECK(s && strstr(s, "reads as 6.2.0 !") && !strchr(s, '\033'), "terminal plain");
	free(s);
	o.color = 1;
	s = render(render_terminal, &m, &o);
	CHECK(s && strstr(s, "\033[1;31mreads as 6.2.0") && strstr(s, "\033[7m"),
	      "terminal colour");
	free(s);
	s = render(render_markdown, &m, &o);
	CHECK(s && strstr(s, "| unfixed | 192 own |") &&
	      strstr(s, "**✗ reads as 6.2.0** ⚠ expected ok") &&
	      strstr(s, "total wall time 100 s") && strstr(s, "full (cold) kernel builds: 1"),
	      "markdown");
	free(s);
	s = render(render_svg, &m, &o);
	CHECK(s && !strncmp(s, "<svg ", 5) && strstr(s, "</svg>\n") &&
	      strstr(s, "6.1.0 &lt; 6.1.255 at 255"), "svg");
	free(s);
	s = render(render_json, &m, &o);
	CHECK(s && strstr(s, "\"differences\": 208") && strstr(s, "\"full_builds\": 1") &&
	      strstr(s, "\"text\": \"reads as 6.2.0\",\n            \"expected\": \"ok\",\n"
			"            \"differs\": true"),
	      "json");
	free(s);
	matrix_free(&m);

	/* Escaping of odd values. */
	{
		struct point p;
		const char *log = "# value: uname.release=6.1.1|x\"y<z>\n" KVER_PROBE_EXIT "0\n";

		CHECK(point_from_text(&p, "q\"dir", "tree=6.1\nmakefile=6.1.1\nseries=a|b<c&\nsublevel=1\n"
				      "version=6.1.1\n", log, err, sizeof(err)) == 0, "%s", err);
		CHECK(matrix_push(&m, &p) == 0, "push");
		matrix_judge(&m);
		o.compared = 0;
		s = render(render_json, &m, &o);
		CHECK(s && strstr(s, "\"dir\": \"q\\\"dir\"") &&
		      strstr(s, "\"uname.release\": \"6.1.1|x\\\"y<z>\""), "json escape");
		free(s);
		s = render(render_markdown, &m, &o);
		CHECK(s && strstr(s, "| a\\|b\\<c& |") && strstr(s, "6.1.1\\|x\"y\\<z>"), "md escape");
		free(s);
		s = render(render_svg, &m, &o);
		CHECK(s && strstr(s, ">a|b&lt;c&amp;<"), "svg escape");
		free(s);
		matrix_free(&m);
	}
}
