/* SPDX-License-Identifier: MIT */
/*
 * kver_test.h: the C test harness; its output is KTAP, like tests/tap.sh's.
 *
 * A test is a function; main() runs each with KT_RUN(call), which prints
 * one result line named after the function: "ok N name", "not ok N name",
 * or "ok N name # SKIP reason". Inside a test, CHECK(cond, fmt, ...) is one
 * expectation: a false one prints a "#" line saying where and what and
 * makes the test not ok, but the test goes on. KT_SKIP(fmt, ...) ends the
 * test as skipped (a skip never counts as a pass; a CHECK that failed
 * before it still fails the test). kt_done() prints the plan and the
 * totals and gives main's exit status.
 *
 * Name filter: when KVER_T is set and not empty, only the tests whose name
 * matches the shell glob *$KVER_T* run (a plain word is a substring). When
 * none matches, kt_done() says so and fails, unless KVER_T_NESTED=1 (set by
 * tests/tap.sh for a suite run inside another, which judges the whole).
 *
 * One file of the test program defines KVER_TEST_MAIN before including
 * this header; it holds the harness's state.
 */
#ifndef KVER_TEST_H
#define KVER_TEST_H

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct kt_state {
	unsigned int run, passed, failed, skipped;
	unsigned int checks, bad;	/* in the current test */
	int skipping, begun;
	char name[128], skip[160];
};
extern struct kt_state kt;

#define CHECK(cond, ...)                                                       \
	do {                                                                   \
		kt.checks++;                                                   \
		if (!(cond)) {                                                 \
			kt.bad++;                                              \
			printf("# %s:%d: CHECK(%s) failed: ", __FILE__,        \
			       __LINE__, #cond);                               \
			printf(__VA_ARGS__);                                   \
			putchar('\n');                                         \
		}                                                              \
	} while (0)

#define KT_SKIP(...)                                                           \
	do {                                                                   \
		snprintf(kt.skip, sizeof(kt.skip), __VA_ARGS__);               \
		kt.skipping = 1;                                               \
		return;                                                        \
	} while (0)

#define KT_RUN(call)                                                           \
	do {                                                                   \
		if (kt_start(#call)) {                                         \
			call;                                                  \
			kt_finish();                                           \
		}                                                              \
	} while (0)

int kt_start(const char *call);
void kt_finish(void);
int kt_done(void);

#ifdef KVER_TEST_MAIN
struct kt_state kt;

/* The filter, from KVER_T: NULL when every test runs. */
static const char *kt_filter(void)
{
	const char *t = getenv("KVER_T");

	return t && *t ? t : NULL;
}

/* Begin the test that CALL names (its text up to '('); 0 if filtered out. */
int kt_start(const char *call)
{
	const char *f = kt_filter();
	size_t n = strcspn(call, "(");
	char glob[256];

	if (!kt.begun) {
		kt.begun = 1;
		printf("KTAP version 1\n");
	}
	if (n >= sizeof(kt.name))
		n = sizeof(kt.name) - 1;
	memcpy(kt.name, call, n);
	kt.name[n] = '\0';
	if (f) {
		snprintf(glob, sizeof(glob), "*%s*", f);
		if (fnmatch(glob, kt.name, 0) != 0)
			return 0;
	}
	kt.checks = kt.bad = 0;
	kt.skipping = 0;
	fflush(stdout);
	return 1;
}

/* Print the result of the test begun last. */
void kt_finish(void)
{
	unsigned int n = ++kt.run;

	if (kt.bad) {
		kt.failed++;
		printf("# %s: %u of %u checks failed\nnot ok %u %s\n", kt.name, kt.bad,
		       kt.checks, n, kt.name);
	} else if (kt.skipping) {
		kt.skipped++;
		printf("ok %u %s # SKIP %s\n", n, kt.name, kt.skip);
	} else if (!kt.checks) {
		/* A test that checked nothing cannot pass. */
		kt.failed++;
		printf("# %s: no check ran\nnot ok %u %s\n", kt.name, n, kt.name);
	} else {
		kt.passed++;
		printf("ok %u %s\n", n, kt.name);
	}
	fflush(stdout);
}

/* The plan and the totals; main's exit status. */
int kt_done(void)
{
	const char *f = kt_filter();
	const char *nested = getenv("KVER_T_NESTED");

	if (!kt.run) {
		printf("%s1..0\n# no test matches '%s'\n", kt.begun ? "" : "KTAP version 1\n",
		       f ? f : "");
		return nested && !strcmp(nested, "1") ? 0 : 1;
	}
	printf("1..%u\n# %u passed, %u failed, %u skipped\n", kt.run, kt.passed,
	       kt.failed, kt.skipped);
	return kt.failed ? 1 : 0;
}
#endif /* KVER_TEST_MAIN */

#endif
