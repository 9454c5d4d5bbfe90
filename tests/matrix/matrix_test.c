// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of kver-matrix: the checks on hand-made points (points.c makes
 * them), the expected file, the comparison and the renderers
 * (render_test.c), the recorded boot folders. Usage: matrix-test DIR, with
 * DIR = tests/matrix (for the recorded boot folders under fixtures/).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "points.h"
#include "protocol.h"

static void test_codes(void)
{
	uint32_t c;
	char buf[32];

	CHECK(parse_code("0x0601ff", &c) == 0 && c == 0x0601ff, "parse 0x0601ff");
	CHECK(parse_code("0X60100C0", &c) == 0 && c == 0x060100c0, "parse upper case");
	CHECK(parse_code("0x", &c) < 0, "bare 0x");
	CHECK(parse_code("0601ff", &c) < 0, "no 0x");
	CHECK(parse_code("0x123456789", &c) < 0, "9 digits");
	CHECK(parse_code("0x000000001", &c) < 0, "9 digits, leading zeros");
	CHECK(parse_code("0x12g4", &c) < 0, "bad digit");
	CHECK(parse_code("absent: no device", &c) < 0, "absent");
	CHECK(parse_code(NULL, &c) < 0, "NULL");
	describe_code(0x060200, buf, sizeof(buf));
	CHECK(!strcmp(buf, "6.2.0"), "describe 0x060200: %s", buf);
	describe_code(0x060100c0, buf, sizeof(buf));
	CHECK(!strcmp(buf, "0x060100c0"), "describe wide: %s", buf);
	CHECK(check_parse("at-least") == CHECK_AT_LEAST && check_parse("nope") < 0, "check ids");
}

static void test_designs(void)
{
	struct matrix m = { 0 };
	char err[256];

	build_designs(&m);
	CHECK(matrix_check_unique(&m, err, sizeof(err)) == 0, "unique: %s", err);
	matrix_sort(&m);
	matrix_judge(&m);
	CHECK(!strcmp(m.points[0].series, "unfixed") && m.points[0].truth.sublevel == 192,
	      "sorted: first is %s %u", m.points[0].series, m.points[0].truth.sublevel);

	for (int c = 0; c < CHECK_COUNT; c++)
		for (unsigned int s = 0; s < 5; s++) {
			static const unsigned int pts[] = { 192, 255, 256, 300, 65535 };

			EXPECT(&m, "mainline", pts[s], (enum check)c, VERDICT_OK, "ok");
		}
	EXPECT(&m, "unfixed", 255, CHECK_SPILL, VERDICT_OK, "ok");
	EXPECT(&m, "unfixed", 256, CHECK_SPILL, VERDICT_FAIL, "reads as 6.2.0");
	EXPECT(&m, "unfixed", 65535, CHECK_SPILL, VERDICT_FAIL, "reads as 7.0.255");
	EXPECT(&m, "unfixed", 300, CHECK_EXACT, VERDICT_FAIL, "6.2.44, not 6.1.255");
	EXPECT(&m, "unfixed", 300, CHECK_MONOTONIC, VERDICT_OK, "ok");
	EXPECT(&m, "unfixed", 300, CHECK_AT_LEAST, VERDICT_OK, "ok");
	EXPECT(&m, "unfixed", 192, CHECK_SUBLEVEL, VERDICT_NA, "n/a (no macro)");

	EXPECT(&m, "mask", 256, CHECK_MONOTONIC, VERDICT_FAIL, "6.1.0 < 6.1.255 at 255");
	EXPECT(&m, "mask", 65535, CHECK_MONOTONIC, VERDICT_OK, "ok");
	EXPECT(&m, "mask", 300, CHECK_EXACT, VERDICT_FAIL, "6.1.44, not 6.1.255");
	EXPECT(&m, "mask", 300, CHECK_SPILL, VERDICT_OK, "ok");
	EXPECT(&m, "mask", 300, CHECK_SUBLEVEL, VERDICT_OK, "ok");

	EXPECT(&m, "widen", 192, CHECK_SPILL, VERDICT_FAIL, "reads as 1537.0.192");
	EXPECT(&m, "widen", 192, CHECK_EXACT, VERDICT_FAIL, "0x060100c0, not 0x0601c0");
	EXPECT(&m, "widen", 65535, CHECK_MONOTONIC, VERDICT_OK, "ok");
	EXPECT(&m, "widen", 65535, CHECK_AT_LEAST, VERDICT_OK, "ok");

	EXPECT(&m, "clamp-code", 192, CHECK_EXACT, VERDICT_FAIL, "6.1.255, not 6.1.192");
	EXPECT(&m, "clamp-code", 192, CHECK_AT_LEAST, VERDICT_OK, "ok");
	EXPECT(&m, "clamp-code", 256, CHECK_AT_LEAST, VERDICT_FAIL, "false: 6.1.255 < 6.2.0");
	EXPECT(&m, "clamp-code", 256, CHECK_EXACT, VERDICT_OK, "ok");

	EXPECT(&m, "extraversion", 300, CHECK_RELEASE, VERDICT_OK, "ok (as 255.45)");
	EXPECT(&m, "extraversion", 300, CHECK_SUBLEVEL, VERDICT_FAIL, "255, not 300");
	EXPECT(&m, "extraversion", 300, CHECK_SPILL, VERDICT_OK, "ok");
	EXPECT(&m, "extraversion", 255, CHECK_SUBLEVEL, VERDICT_OK, "ok");
	matrix_free(&m);
}

static void test_channels(void)
{
	struct matrix m = { 0 };
	uint32_t c = kver_code(6, 1, 256);

	/* One device disagrees with the vDSO. */
	add_point(&m, &(struct spec){ "6.1", "6.1.192", "a", "6.1.256", 256, c, c, c, NULL, NULL,
				     NULL, "# value: cec.version=0x0601fe\r\n", 0 });
	/* The first printed value counts: the cec line above comes after the
	 * one add_point prints, so it is ignored. Make a real mismatch: */
	add_point(&m, &(struct spec){ "6.1", "6.1.192", "b", "6.1.256", 256, c, c - 1, c, NULL,
				     NULL, NULL, NULL, 0 });
	/* USB bcdDevice and UNAME26 spill while the codes do not. */
	add_point(&m, &(struct spec){ "6.1", "6.1.192", "c", "6.1.256", 256, c, c, c, NULL, "0602",
				     NULL, NULL, 0 });
	add_point(&m, &(struct spec){ "6.1", "6.1.192", "d", "6.1.256", 256, c, c, c, NULL, NULL,
				     "2.6.62", NULL, 0 });
	/*
	 * uname says 255 for a true 256: the release hides the version
	 * (probe/truth.h), and libkver printed nothing that gives it.
	 */
	add_point(&m, &(struct spec){ "6.1", "6.1.192", "e", "6.1.255", 256, c, c, c, NULL, NULL,
				     NULL, NULL, 0 });
	/* The probe never finished: no data anywhere. */
	add_point(&m, &(struct spec){ "6.1", "6.1.192", "f", "6.1.256", 256, c, c, c, NULL, NULL,
				     NULL, NULL, 1 });
	/* Headers built for another SUBLEVEL. */
	add_point(&m, &(struct spec){ "6.1", "6.1.192", "g", "6.1.256", 256, c, c, c, NULL, NULL,
				     NULL, "    # value: headers.args=6.1.255\r\n", 0 });
	/* Headers asked about the right version. */
	add_point(&m, &(struct spec){ "6.1", "6.1.192", "h", "6.1.256", 256, c, c, c, NULL, NULL,
				     NULL, "    # value: headers.args=6.1.256\r\n", 0 });
	matrix_sort(&m);
	matrix_judge(&m);
	EXPECT(&m, "a", 256, CHECK_AGREE, VERDICT_OK, "ok");
	EXPECT(&m, "b", 256, CHECK_AGREE, VERDICT_FAIL, "headers 6.1.254 != vdso 6.1.255");
	EXPECT(&m, "c", 256, CHECK_SPILL, VERDICT_FAIL, "USB bcdDevice 0602");
	EXPECT(&m, "d", 256, CHECK_SPILL, VERDICT_FAIL, "UNAME26 2.6.62");
	EXPECT(&m, "e", 256, CHECK_RELEASE, VERDICT_FAIL, "hidden; libkver none");
	for (int ch = 0; ch < CHECK_COUNT; ch++)
		EXPECT(&m, "f", 256, (enum check)ch, VERDICT_NODATA, "no data");
	EXPECT(&m, "g", 256, CHECK_AT_LEAST, VERDICT_NODATA, "headers asked 6.1.255");
	EXPECT(&m, "h", 256, CHECK_AT_LEAST, VERDICT_OK, "ok");
	matrix_free(&m);

	/* A device code that differs from the vDSO's (x), and a garbled one (y). */
	{
		static const char *const logs[] = {
			"# value: uname.release=6.1.256\n# value: proc.osrelease=6.1.256\n"
			"# value: proc.version=6.1.256\n# value: vdso.code=0x0601ff\n"
			"# value: v4l2.version=absent: /dev/video0: No such file\n"
			"# value: cec.version=0x060200\n"
			"    # value: headers.code=0x0601ff\n"
			"    # value: headers.kernel_version=0x0601ff\n"
			"    # value: headers.sublevel=256\n" KVER_PROBE_EXIT "1\n",
			"# value: vdso.code=0x0601ff\n# value: v4l2.version=0x06zz\n"
			KVER_PROBE_EXIT "0\n",
		};

		for (int i = 0; i < 2; i++) {
			struct point p;
			char meta[128], err[128], dir[2] = { "xy"[i], '\0' };

			snprintf(meta, sizeof(meta), "tree=6.1\nmakefile=6.1.192\nseries=%c\n"
				 "sublevel=256\nversion=6.1.256\n", dir[0]);
			CHECK(point_from_text(&p, dir, meta, logs[i], err, sizeof(err)) == 0, "%s",
			      err);
			CHECK(matrix_push(&m, &p) == 0, "push");
		}
		matrix_judge(&m);
		EXPECT(&m, "x", 256, CHECK_AGREE, VERDICT_FAIL, "cec 6.2.0 != vdso 6.1.255");
		EXPECT(&m, "x", 256, CHECK_SPILL, VERDICT_FAIL, "reads as 6.2.0");
		EXPECT(&m, "x", 256, CHECK_EXACT, VERDICT_OK, "ok");
		EXPECT(&m, "y", 256, CHECK_SPILL, VERDICT_FAIL, "v4l2 value garbled");
		EXPECT(&m, "y", 256, CHECK_AGREE, VERDICT_FAIL, "v4l2 value garbled");
		EXPECT(&m, "y", 256, CHECK_EXACT, VERDICT_OK, "ok");
		matrix_free(&m);
	}
}

static void test_meta_errors(void)
{
	struct point p;
	char err[256];

	CHECK(point_from_text(&p, "d", "tree=6.1\nseries=x\nsublevel=1\n", "", err,
			      sizeof(err)) < 0 && strstr(err, "lacks"), "no makefile: %s", err);
	CHECK(point_from_text(&p, "d", "tree=6.1\nseries=x\nmakefile=6.1\nsublevel=1\n", "", err,
			      sizeof(err)) < 0 && strstr(err, "not M.P.S"), "makefile 6.1: %s", err);
	CHECK(point_from_text(&p, "d", "tree=6.1\nseries=x\nmakefile=6.1.2\nsublevel=08\n", "",
			      err, sizeof(err)) < 0 && strstr(err, "sublevel=08"), "08: %s", err);
	/* Recorded before release styles: version= is expect=, not what was built. */
	CHECK(point_from_text(&p, "d", "tree=6.1\nseries=x\nmakefile=6.1.2\nsublevel=300\n"
			      "expect=6.1.255.45\n", "", err, sizeof(err)) < 0 &&
	      strstr(err, "version=6.1.255.45 is not M.P.S at sublevel=300"), "no version: %s", err);
	CHECK(point_from_text(&p, "d", "tree=6.1\nseries=x\nmakefile=6.1.2\nsublevel=300\n"
			      "version=6.1.299\n", "", err, sizeof(err)) < 0 &&
	      strstr(err, "version=6.1.299 is not"), "other sublevel: %s", err);
	CHECK(point_from_text(&p, "d", "tree=6.1\nseries=x\nmakefile=6.1.2\nsublevel=2\n"
			      "version=6.1.2\n", NULL, err, sizeof(err)) == 0 &&
	      !strcmp(p.problem, "no serial log in d") && p.own,
	      "no serial log: '%s'", p.problem);
	point_free(&p);
	CHECK(point_from_text(&p, "d", "tree=6.1\nseries=x\nmakefile=6.1.2\nsublevel=3\n"
			      "version=6.1.3\n", "# value: vdso.code=0x060103\n", err,
			      sizeof(err)) == 0 &&
	      !strcmp(p.problem, "probe stopped without reporting its result") && !p.own,
	      "unfinished: '%s'", p.problem);
	point_free(&p);
}

/* The builds are counted from each point's build=, unknown kinds left out. */
static void test_count_builds(void)
{
	static const char *const kinds[] = { "full", "replayed", "version-only", "incremental",
					     "teleported", NULL };
	struct matrix m = { 0 };
	char meta[256], err[256];
	int full, incremental;

	for (unsigned int i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		struct point p;

		snprintf(meta, sizeof(meta),
			 "tree=6.1\nseries=x\nmakefile=6.1.2\nsublevel=%u\nversion=6.1.%u\n%s%s%s",
			 300 + i, 300 + i, kinds[i] ? "build=" : "", kinds[i] ? kinds[i] : "",
			 kinds[i] ? "\n" : "");
		CHECK(point_from_text(&p, "d", meta, NULL, err, sizeof(err)) == 0, "%s", err);
		CHECK(matrix_push(&m, &p) == 0, "push");
		matrix_count_builds(&m, &full, &incremental);
		if (i == 0)
			CHECK(full == 1 && incremental == 0, "one full: %d %d", full, incremental);
	}
	CHECK(full == 1 && incremental == 3, "counted: %d full, %d incremental", full, incremental);
	matrix_free(&m);
	m = (struct matrix){ 0 };
	matrix_count_builds(&m, &full, &incremental);
	CHECK(full == -1 && incremental == -1, "no points: %d %d", full, incremental);
}

static void test_fixtures(const char *dir)
{
	struct matrix m = { 0 };
	char path[1024], err[512];
	int n;

	snprintf(path, sizeof(path), "%s/fixtures/boots", dir);
	n = matrix_add(&m, path, err, sizeof(err));
	CHECK(n > 0, "load %s: %s", path, err);
	CHECK(matrix_check_unique(&m, err, sizeof(err)) == 0, "%s", err);
	matrix_sort(&m);
	matrix_judge(&m);
	for (size_t i = 0; i < m.npoints; i++)
		CHECK(!m.points[i].problem[0], "%s: %s", m.points[i].dir, m.points[i].problem);
	matrix_free(&m);

	CHECK(matrix_add(&m, dir, err, sizeof(err)) < 0 && strstr(err, "holds none"),
	      "not a boot folder: %s", err);
	CHECK(matrix_add(&m, "/nonexistent/kver", err, sizeof(err)) < 0 &&
	      strstr(err, "cannot read"), "%s", err);
	matrix_free(&m);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: matrix-test TESTS_MATRIX_DIR\n");
		return 2;
	}
	KT_RUN(test_codes());
	KT_RUN(test_designs());
	KT_RUN(test_channels());
	KT_RUN(test_meta_errors());
	KT_RUN(test_count_builds());
	KT_RUN(test_expected());
	KT_RUN(test_compare_and_render());
	KT_RUN(test_fixtures(argv[1]));
	return kt_done();
}
