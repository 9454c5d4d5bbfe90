// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of a point's record, point.meta (lab/meta.c): the lab's one
 * SUBLEVEL check (lab/style.c), the record read and checked line by line, its defaults,
 * what it refuses, and the writer's output read back as the same record.
 *
 * Output is KTAP (tests/kver_test.h); KVER_T picks tests by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "meta.h"
#include "protocol.h"
#include "style.h"

/* Read text (lines) into m and check it: meta_check's answer, err its message. */
static int read_text(struct point_meta *m, const char *text, char *err, size_t size)
{
	char *copy = strdup(text), *save = NULL;
	int rc = 0, n = 0;

	memset(m, 0, sizeof(*m));
	err[0] = '\0';
	for (char *l = strtok_r(copy, "\n", &save); l && !rc; l = strtok_r(NULL, "\n", &save))
		rc = meta_line(m, "dir", l, ++n, err, size);
	free(copy);
	return rc ? rc : meta_check(m, "dir", err, size);
}

static void test_sublevel(void)
{
	static const struct {
		const char *s;
		int ok;
		unsigned int v;
		const char *why;
	} cases[] = {
		{ "0", 1, 0, NULL },
		{ "255", 1, 255, NULL },
		{ "65535", 1, 65535, NULL },
		{ "65536", 0, 0, "invalid SUBLEVEL '65536': above 65535, the most the lab builds" },
		{ "4294967296", 0, 0, "above 65535" },
		{ "08", 0, 0, "invalid SUBLEVEL '08': leading zero" },
		{ "", 0, 0, "invalid SUBLEVEL ''" },
		{ "-1", 0, 0, "invalid SUBLEVEL '-1'" },
		{ "1 2", 0, 0, "invalid SUBLEVEL '1 2'" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned int v = 12345;
		char err[160] = "";
		int rc = style_sublevel(cases[i].s, &v, err, sizeof(err));

		CHECK((rc == 0) == cases[i].ok, "'%s': %d", cases[i].s, rc);
		if (cases[i].ok)
			CHECK(v == cases[i].v, "'%s': %u", cases[i].s, v);
		else
			CHECK(strstr(err, cases[i].why), "'%s': '%s'", cases[i].s, err);
	}
}

static const char full[] = "tree=6.1\npackage=6.1.192-3\nmakefile=6.1.192\nseries=kver\n"
			   "style=debian\nsublevel=300\nversion=6.1.300\nexpect=6.1.0-75-amd64\n"
			   "uts_version=#1 SMP Debian 6.1.300-1 (2026-01-01)\n"
			   "make_vars=SUBLEVEL=300 KERNELVERSION=6.1.0-75-amd64\nbuild=replayed\n"
			   "build_s=4\nguest_s=2\nwait_s=0\nboot_s=1\n";

/* Every key typed; the writer's output is the record again, key by key. */
static void test_round_trip(void)
{
	struct point_meta m, back;
	char err[512], *text = NULL;
	size_t len = 0;
	FILE *f;

	CHECK(read_text(&m, full, err, sizeof(err)) == 0, "%s", err);
	CHECK(!strcmp(m.tree, "6.1") && !strcmp(m.style, "debian") && m.sublevel == 300 &&
	      m.version.major == 6 && m.version.sublevel == 300 && m.makefile.sublevel == 192 &&
	      !strcmp(m.build, "replayed") && m.build_s == 4 && m.wait_s == 0 && m.boot_s == 1,
	      "typed members");
	CHECK(m.hides_version == 1, "6.1.0-75-amd64 hides 6.1.300");
	f = open_memstream(&text, &len);
	CHECK(f && meta_write(f, &m) == 0, "meta_write");
	if (f)
		fclose(f);
	/* In protocol.h's order, hides_version decided and written after expect. */
	CHECK(text && strstr(text, "expect=6.1.0-75-amd64\nhides_version=1\nuts_version=#1 SMP"),
	      "%s", text ? text : "");
	CHECK(text && read_text(&back, text, err, sizeof(err)) == 0, "%s", err);
	for (size_t i = 0; text && i < m.lines.n; i++)
		CHECK(!strcmp(meta_get(&back, m.lines.p[i].key), m.lines.p[i].val), "%s",
		      m.lines.p[i].key);
	CHECK(text && back.lines.n == m.lines.n, "%zu keys, %zu", back.lines.n, m.lines.n);
	free(text);
	meta_free(&m);
	if (text)
		meta_free(&back);
}

/* A record from before release styles: upstream, the release is the version. */
static void test_defaults(void)
{
	struct point_meta m;
	char err[512];

	CHECK(read_text(&m, "tree=6.1\nmakefile=6.1.192\nseries=kver\nsublevel=256\n"
			"expect=6.1.256\nbuild_s=\n", err, sizeof(err)) == 0, "%s", err);
	CHECK(!strcmp(m.style, "upstream") && !strcmp(meta_get(&m, KVER_META_VERSION), "6.1.256"),
	      "style %s, version %s", m.style, meta_get(&m, KVER_META_VERSION));
	CHECK(m.hides_version == 0 && m.build_s == -1 && m.boot_s == -1, "hides %d, build_s %ld",
	      m.hides_version, m.build_s);
	meta_free(&m);
	/* A recorded hides_version is the record's; the last line of a key counts. */
	CHECK(read_text(&m, "tree=6.1\nmakefile=6.1.192\nseries=kver\nsublevel=256\n"
			"version=6.1.256\nexpect=6.1.256\nhides_version=1\ntree=6.12\n", err,
			sizeof(err)) == 0, "%s", err);
	CHECK(m.hides_version == 1 && !strcmp(m.tree, "6.12"), "hides %d, tree %s",
	      m.hides_version, m.tree);
	meta_free(&m);
}

/* What the reader refuses, each with one line naming it. */
static void test_refused(void)
{
	static const char base[] = "tree=6.1\nmakefile=6.1.192\nseries=kver\n";
	static const struct {
		const char *more, *want;
	} cases[] = {
		{ "sublevel=70000\n", "dir/point.meta: sublevel=70000: invalid SUBLEVEL '70000': above 65535" },
		{ "sublevel=256\nversion=6.1.255\n", "version=6.1.255 is not M.P.S at sublevel=256" },
		{ "sublevel=256\nversion=6.1.256-rc1\n", "version=6.1.256-rc1 is not M.P.S" },
		{ "sublevel=256\nexpect=6.1.0-64-amd64\n", "version=6.1.0-64-amd64 is not M.P.S" },
		{ "sublevel=256\nexpect=6.1.256\nhides_version=yes\n", "hides_version=yes is not 0 or 1" },
		{ "sublevel=256\nexpect=6.1.256\nboot_s=1s\n", "boot_s=1s is not a number of seconds" },
		{ "expect=6.1.256\n", "lacks tree, series, makefile or sublevel" },
		{ "sublevel=256\nnot a pair\n", "dir/point.meta:5: 'not a pair' is not KEY=VALUE" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct point_meta m;
		char text[512], err[512];

		snprintf(text, sizeof(text), "%s%s", base, cases[i].more);
		CHECK(read_text(&m, text, err, sizeof(err)) == -1, "case %zu", i);
		CHECK(strstr(err, cases[i].want), "case %zu: '%s'", i, err);
		meta_free(&m);
	}
}

int main(void)
{
	KT_RUN(test_sublevel());
	KT_RUN(test_round_trip());
	KT_RUN(test_defaults());
	KT_RUN(test_refused());
	return kt_done();
}
