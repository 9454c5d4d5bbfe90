// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the lab's KTAP reader, over logs shaped like the kernel's
 * KUnit output, the probe's output and the ways a guest can break off.
 */
#include <stdio.h>
#include <string.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "ktap.h"
#include "protocol.h"

/* The probe's lines, as probe/protocol.h spells them. */
#define PROBE_START "KTAP version 1\n# " KVER_PROBE_NAME "\n"

/* Read TEXT as a log; 1 when it holds NDOCS documents (a check). */
static int parse(struct ktap_log *log, const char *text, size_t ndocs)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");

	ktap_init(log);
	CHECK(f && ktap_read_file(log, f) == 0, "reading the log");
	if (f)
		fclose(f);
	CHECK(log->ndocs == ndocs, "%zu documents, not %zu", log->ndocs, ndocs);
	return log->ndocs == ndocs;
}

/* The results of a test and everything below it. */
static struct ktap_counts counts(const struct ktap_test *t)
{
	struct ktap_counts c = { 0 };

	ktap_count(t, &c);
	return c;
}

/* The counts below t must be these (a check named what). */
static void expect_counts(const struct ktap_test *t, int pass, int fail, int skip, int missing,
			  const char *what)
{
	struct ktap_counts c = counts(t);

	CHECK(c.pass == pass && c.fail == fail && c.skip == skip && c.missing == missing,
	      "%s: %d passed, %d failed, %d skipped, %d missing", what, c.pass, c.fail, c.skip,
	      c.missing);
}

/* KUnit as the 6.1 kernel prints it, printk time stamps included. */
static const char kunit_log[] =
	"[    0.000000] Linux version 6.1.256 (root@host) #1\n"
	"[    0.912345] KTAP version 1\n"
	"[    0.912346] 1..2\n"
	"[    0.912347]     KTAP version 1\n"
	"[    0.912348]     # Subtest: list-kunit-test\n"
	"[    0.912349]     1..3\n"
	"[    0.912350]     ok 1 list_test_list_init\n"
	"[    0.912351]     ok 2 list_test_list_add\n"
	"[    0.912352]     ok 3 list_test_list_del # SKIP not here\n"
	"[    0.912353] # list-kunit-test: pass:2 fail:0 skip:1 total:3\n"
	"[    0.912354] ok 1 list-kunit-test\n"
	"[    0.912355]     KTAP version 1\n"
	"[    0.912356]     # Subtest: version\n"
	"[    0.912357]     1..2\n"
	"[    0.912358]     # version_code_clamps: EXPECTATION FAILED at lib/x.c:12\n"
	"[    0.912359]     not ok 1 version_code_clamps\n"
	"[    0.912360]     ok 2 version_layout\n"
	"[    0.912361] not ok 2 version\n"
	"[    1.000000] Run /init as init process\n";

static void test_kunit(void)
{
	struct ktap_log log;
	struct ktap_counts c;
	const struct ktap_test *s;

	if (!parse(&log, kunit_log, 1))
		goto out;
	CHECK(log.docs[0].plan == 2, "plan %d", log.docs[0].plan);
	CHECK(log.docs[0].root.nsub == 2, "suites %zu", log.docs[0].root.nsub);
	if (log.docs[0].root.nsub != 2)
		goto out;
	s = &log.docs[0].root.sub[0];
	CHECK(!strcmp(s->name, "list-kunit-test"), "name '%s'", s->name);
	CHECK(s->nsub == 3 && s->status == KTAP_PASS, "cases %zu", s->nsub);
	CHECK(s->nsub == 3 && s->sub[2].status == KTAP_SKIP, "skip");
	CHECK(s->ndiag == 1 && strstr(s->diag[0], "pass:2"), "suite diag");
	s = &log.docs[0].root.sub[1];
	CHECK(s->status == KTAP_FAIL && s->nsub == 2, "failed suite");
	CHECK(s->nsub == 2 && s->sub[0].ndiag == 1 &&
	      strstr(s->sub[0].diag[0], "EXPECTATION FAILED"), "case diag kept");
	c = counts(&log.docs[0].root);
	CHECK(c.pass == 3 && c.fail == 1 && c.skip == 1 && c.missing == 0,
	      "counts %d/%d/%d/%d", c.pass, c.fail, c.skip, c.missing);
out:
	ktap_free(&log);
}

/* The kernel died in the middle of a suite: the rest is missing. */
static void test_crash(void)
{
	static const char text[] =
		"[    0.1] KTAP version 1\n"
		"[    0.1] 1..2\n"
		"[    0.1]     KTAP version 1\n"
		"[    0.1]     # Subtest: crashy\n"
		"[    0.1]     1..4\n"
		"[    0.1]     ok 1 first\n"
		"[    0.2] BUG: kernel NULL pointer dereference, address: 0000000000000000\n"
		"[    0.2] Kernel panic - not syncing: Fatal exception\n";
	struct ktap_log log;

	if (parse(&log, text, 1)) {
		struct ktap_counts c = counts(&log.docs[0].root);

		/* 3 cases of the open suite plus the second, never started suite */
		CHECK(c.pass == 1 && c.missing == 4, "counts %d pass %d missing", c.pass,
		      c.missing);
	}
	ktap_free(&log);
}

/* Two documents: KUnit's, then the probe's with a nested guest test. */
static void test_probe(void)
{
	static const char text[] =
		"[    0.1] KTAP version 1\n"
		"[    0.1] 1..1\n"
		"[    0.1]     KTAP version 1\n"
		"[    0.1]     # Subtest: s\n"
		"[    0.1]     1..1\n"
		"[    0.1]     ok 1 c\n"
		"[    0.1] ok 1 s\n"
		PROBE_START
		"1..4\n"
		"# value: uname.release=6.1.300\n"
		"ok 1 uname_release\n"
		"# vdso_note: code 0x06022c, expected 0x0601ff\n"
		"not ok 2 vdso_note\n"
		"    # Subtest: guest:kselftest/version.t\n"
		"    TAP version 13\n"
		"    1..2\n"
		"    # Starting 2 tests from 1 test cases.\n"
		"    ok 1 global.uname\n"
		"    ok 2 global.v4l2 # SKIP no /dev/video0\n"
		"    Bail out! a nested bail-out ends only its own test\n"
		"    # Totals: pass:1 fail:0 xfail:0 xpass:0 skip:1 error:0\n"
		"ok 3 guest:kselftest/version.t\n"
		"ok 4 guest:module # SKIP not applicable\n"
		KVER_PROBE_EXIT "1\n";
	struct ktap_log log;
	struct ktap_counts c;
	const struct ktap_doc *d;

	if (!parse(&log, text, 2))
		goto out;
	d = &log.docs[1];
	CHECK(d->first_diag && !strcmp(d->first_diag, KVER_PROBE_NAME), "producer");
	CHECK(!d->bailed, "a nested bail-out is not the document's");
	CHECK(d->plan == 4 && d->root.nsub == 4, "plan %d, %zu tests", d->plan, d->root.nsub);
	if (d->root.nsub != 4)
		goto out;
	CHECK(d->root.sub[1].status == KTAP_FAIL && d->root.sub[1].ndiag == 1, "vdso fails");
	CHECK(d->root.sub[2].nsub == 2 && !strcmp(d->root.sub[2].name,
						  "guest:kselftest/version.t"), "nested");
	CHECK(d->root.sub[3].status == KTAP_SKIP && d->root.sub[3].directive &&
	      !strcmp(d->root.sub[3].directive, "SKIP not applicable"), "skip directive");
	c = counts(&d->root);
	CHECK(c.pass == 2 && c.fail == 1 && c.skip == 2, "counts %d/%d/%d", c.pass, c.fail,
	      c.skip);
	c = counts(&log.docs[0].root);
	CHECK(c.pass == 1 && c.fail == 0, "first document separate");
out:
	ktap_free(&log);
}

/* A probe that stops after two of four results, and a bail out. */
static void test_short_and_bail(void)
{
	static const char text[] = PROBE_START
				   "1..4\n"
				   "ok 1 a\n"
				   "ok 2 b\n"
				   PROBE_START
				   "Bail out! no kver.expect= on the kernel command line\n";
	struct ktap_log log;

	if (parse(&log, text, 2)) {
		struct ktap_counts c = counts(&log.docs[0].root);

		CHECK(c.pass == 2 && c.missing == 2, "counts %d/%d", c.pass, c.missing);
		CHECK(log.docs[1].bailed && log.docs[1].bail_reason &&
		      !strcmp(log.docs[1].bail_reason,
			      "no kver.expect= on the kernel command line"), "bail reason");
	}
	ktap_free(&log);
}

/* Nothing in a log that looks like KTAP but is not. */
static void test_noise(void)
{
	static const char text[] = "ok 1 before any version line\n"
				   "KTAP version x\n"
				   "TAP version 13 extra\n"
				   "[ 1.0 ] ok 1 odd stamp\n"
				   "[    0.912345]KTAP version 1\n";	/* a stamp is followed by a blank */
	struct ktap_log log;

	parse(&log, text, 0);
	ktap_free(&log);
}

/* Two-space indentation from the specification works like the kernel's four. */
static void test_two_spaces(void)
{
	static const char text[] = "KTAP version 1\n"
				   "1..1\n"
				   "  KTAP version 1\n"
				   "  # Subtest: two\n"
				   "  1..2\n"
				   "  ok 1 x\n"
				   "  not ok 2 y\n"
				   "not ok 1 two\n";
	struct ktap_log log;

	if (parse(&log, text, 1)) {
		struct ktap_counts c = counts(&log.docs[0].root);

		CHECK(c.pass == 1 && c.fail == 1, "counts %d/%d", c.pass, c.fail);
		CHECK(log.docs[0].root.nsub == 1 &&
		      !strcmp(log.docs[0].root.sub[0].name, "two"), "suite name");
	}
	ktap_free(&log);
}

/*
 * A suite the kernel reported "not ok" although each case it printed
 * passed (kunit.py's summary counts it as a failure): the parent's own
 * failure counts once. A parent whose plan promises more cases than it
 * printed (a case that hung until the suite gave up) counts the rest as
 * missing, and no failure more: the missing ones already fail it.
 */
static void test_failed_parents(void)
{
	static const char text[] =
		"[    2.105231] KTAP version 1\n"
		"[    2.105233] 1..2\n"
		"[    2.105235]     KTAP version 1\n"
		"[    2.105236]     # Subtest: kver-exit\n"
		"[    2.105237]     1..2\n"
		"[    2.105301]     ok 1 kver_exit_code\n"
		"[    2.105399]     ok 2 kver_exit_marker\n"
		"[    2.105401] # kver-exit: pass:2 fail:0 skip:0 total:2\n"
		"[    2.105402] not ok 1 kver-exit\n"
		"[    2.105510]     KTAP version 1\n"
		"[    2.105511]     # Subtest: example\n"
		"[    2.105512]     1..4\n"
		"[    2.105601]     ok 1 example_simple_test\n"
		"[    2.105699]     ok 2 example_skip_test # SKIP this test should be skipped\n"
		"[   47.311004]     # example_slow_test: try timed out\n"
		"[   47.311107] not ok 2 example\n";
	struct ktap_log log;

	if (parse(&log, text, 1)) {
		expect_counts(&log.docs[0].root, 3, 1, 1, 2, "the log");
		if (log.docs[0].root.nsub == 2) {
			expect_counts(&log.docs[0].root.sub[0], 2, 1, 0, 0, "kver-exit");
			expect_counts(&log.docs[0].root.sub[1], 1, 0, 1, 2, "example");
		}
	}
	ktap_free(&log);
}

/* KUnit's parameterised cases (6.1): a third level, closed by its own result line. */
static void test_params(void)
{
	static const char text[] =
		"[    0.512001] KTAP version 1\n"
		"[    0.512002] 1..1\n"
		"[    0.512003]     KTAP version 1\n"
		"[    0.512004]     # Subtest: kunit-example-test\n"
		"[    0.512005]     1..2\n"
		"[    0.512101]     ok 1 example_simple_test\n"
		"[    0.512201]         KTAP version 1\n"
		"[    0.512202]         # Subtest: example_params_test\n"
		"[    0.512301]         ok 1 example value 3\n"
		"[    0.512302]         ok 2 example value 2 # skip unsupported param value\n"
		"[    0.512303]     ok 2 example_params_test\n"
		"[    0.512304] ok 1 kunit-example-test\n";
	struct ktap_log log;

	if (parse(&log, text, 1)) {
		const struct ktap_test *s = log.docs[0].root.nsub == 1 ? &log.docs[0].root.sub[0] : NULL;

		/* TAP's directive is read in any case: "# skip" is a skip. */
		expect_counts(&log.docs[0].root, 2, 0, 1, 0, "the log");
		CHECK(s && s->nsub == 2 && s->sub[1].nsub == 2 &&
		      !strcmp(s->sub[1].name, "example_params_test"), "the parameterised case");
	}
	ktap_free(&log);
}

/*
 * Subtests that never reported, each ended by the next one at its level:
 * the spec's form without "# Subtest:" (a plan, then the next version
 * line), and KUnit's with it.
 */
static void test_unreported_siblings(void)
{
	static const char spec[] = "KTAP version 1\n"
				   "1..2\n"
				   "    KTAP version 1\n"
				   "    1..2\n"
				   "    KTAP version 1\n"
				   "    1..1\n"
				   "    ok 1 y\n"
				   "ok 2 second\n";
	static const char kunit[] = "KTAP version 1\n"
				    "1..2\n"
				    "    KTAP version 1\n"
				    "    # Subtest: first\n"
				    "    1..2\n"
				    "    ok 1 x\n"
				    "    KTAP version 1\n"
				    "    # Subtest: second\n"
				    "    1..1\n"
				    "    ok 1 y\n"
				    "ok 2 second\n";
	static const char headers[] = "KTAP version 1\n"
				      "1..2\n"
				      "    # Subtest: empty\n"
				      "    # Subtest: second\n"
				      "    1..1\n"
				      "    ok 1 y\n"
				      "ok 2 second\n";
	struct ktap_log log;

	if (parse(&log, spec, 1)) {
		expect_counts(&log.docs[0].root, 1, 0, 0, 2, "spec");
		CHECK(log.docs[0].root.nsub == 2, "spec: %zu tests", log.docs[0].root.nsub);
	}
	ktap_free(&log);
	/* A suite that printed its header and nothing more, then the next suite. */
	if (parse(&log, headers, 1)) {
		const struct ktap_test *t = log.docs[0].root.sub;

		CHECK(log.docs[0].root.nsub == 2 && !strcmp(t[0].name, "empty") &&
		      t[0].status == KTAP_MISSING && !strcmp(t[1].name, "second"),
		      "two headers: %zu tests", log.docs[0].root.nsub);
	}
	ktap_free(&log);
	if (parse(&log, kunit, 1)) {
		expect_counts(&log.docs[0].root, 2, 0, 0, 1, "KUnit");
		CHECK(log.docs[0].root.nsub == 2 && log.docs[0].root.sub[0].status == KTAP_MISSING &&
		      !strcmp(log.docs[0].root.sub[0].name, "first"), "KUnit: %zu tests",
		      log.docs[0].root.nsub);
	}
	ktap_free(&log);
}

/*
 * A result line's own words: a name may start with '-' (only "- " is
 * the separator), a result without a name may carry a directive, the
 * result line names its subtest, and a diagnostic after the first result
 * names no producer.
 */
static void test_result_words(void)
{
	static const char text[] = "TAP version 13\n"
				   "1..3\n"
				   "ok 1 -EINVAL for a bad size\n"
				   "ok 2 # SKIP no name\n"
				   "    # Subtest: sizes\n"
				   "    1..1\n"
				   "    ok 1 - zero\n"
				   "ok 3 sizes (1 case)\n"
				   "# Totals: pass:2 fail:0 xfail:0 xpass:0 skip:1 error:0\n";
	struct ktap_log log;

	if (parse(&log, text, 1)) {
		const struct ktap_doc *d = &log.docs[0];

		CHECK(d->root.nsub == 3, "%zu tests", d->root.nsub);
		CHECK(!d->first_diag, "producer '%s'", d->first_diag ? d->first_diag : "");
		if (d->root.nsub == 3) {
			CHECK(!strcmp(d->root.sub[0].name, "-EINVAL for a bad size"), "name '%s'",
			      d->root.sub[0].name);
			CHECK(d->root.sub[1].status == KTAP_SKIP && !strcmp(d->root.sub[1].name, ""),
			      "nameless skip: '%s'", d->root.sub[1].name);
			CHECK(!strcmp(d->root.sub[2].name, "sizes (1 case)") &&
			      d->root.sub[2].nsub == 1 && !strcmp(d->root.sub[2].sub[0].name, "zero"),
			      "subtest '%s'", d->root.sub[2].name);
		}
	}
	ktap_free(&log);
}

int main(void)
{
	KT_RUN(test_kunit());
	KT_RUN(test_crash());
	KT_RUN(test_probe());
	KT_RUN(test_short_and_bail());
	KT_RUN(test_noise());
	KT_RUN(test_two_spaces());
	KT_RUN(test_failed_parents());
	KT_RUN(test_params());
	KT_RUN(test_unreported_siblings());
	KT_RUN(test_result_words());
	return kt_done();
}
