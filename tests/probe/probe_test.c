// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the probe's parts (everything but main.c, which mounts and
 * powers off, and never runs here): the release match, the kernel command
 * line, the plan counted from the check table against the results the
 * checks print (on this host's own /proc, read only), and the guest
 * plugins' tests found and run from a folder made here.
 */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "probe.h"

/* Run FN(ARG) with stdout going into a buffer of SIZE, returned. */
static char *capture(void (*fn)(void *), void *arg, size_t size)
{
	char *buf = calloc(1, size);
	FILE *f = tmpfile();
	int saved;
	size_t n;

	if (!buf || !f) {
		free(buf);
		if (f)
			fclose(f);
		return NULL;
	}
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	dup2(fileno(f), STDOUT_FILENO);
	fn(arg);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	rewind(f);
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void test_release_matches(void)
{
	static const struct {
		const char *release, *want;
		int match;
	} cases[] = {
		{ "6.1.300", "6.1.300", 1 },
		{ "6.1.300-rc1", "6.1.300", 1 },
		{ "6.1.300+", "6.1.300", 1 },
		{ "6.1.3000", "6.1.300", 0 },
		{ "6.1.30", "6.1.300", 0 },
		{ "6.1.0-75-amd64", "6.1.0-75-amd64", 1 },
		{ "6.1.0-75-amd64", "6.1.0-7", 0 },
		{ "", "6.1.300", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(release_matches(cases[i].release, cases[i].want) == cases[i].match,
		      "'%s' against '%s'", cases[i].release, cases[i].want);
}

static void test_cmdline(void)
{
	const char *line = "console=ttyS0 panic=-1 kver.expect=6.1.300 kver.expectx=1 "
			   "kver.version=6.1.300";
	char buf[64];

	CHECK(cmdline_value(line, "kver.expect", buf, sizeof(buf)) == 0 &&
	      !strcmp(buf, "6.1.300"), "kver.expect: '%s'", buf);
	CHECK(cmdline_value(line, "kver.version", buf, sizeof(buf)) == 0 &&
	      !strcmp(buf, "6.1.300"), "kver.version: '%s'", buf);
	CHECK(cmdline_value(line, "panic", buf, sizeof(buf)) == 0 && !strcmp(buf, "-1"),
	      "panic: '%s'", buf);
	CHECK(cmdline_value(line, "kver", buf, sizeof(buf)) != 0, "kver= is not there");
	CHECK(cmdline_value(line, "console=ttyS0", buf, sizeof(buf)) != 0, "no name=value=");
	CHECK(cmdline_value("", "kver.expect", buf, sizeof(buf)) != 0, "empty line");
	CHECK(cmdline_value("kver.expect= x", "kver.expect", buf, sizeof(buf)) == 0 && !buf[0],
	      "empty value: '%s'", buf);
}

static void checks_here(void *arg)
{
	run_checks(arg);
}

/* Every named entry of the table is one result line, in the table's order. */
static void test_plan(void)
{
	static const char *const names[] = {
		"uname_release", "proc_osrelease", "proc_version", "uts_version",
		"vdso_note", "libkver_running", "device_codes",
	};
	struct probe p = { .expect = "0.0.0", .version = "0.0.0" };
	char *out, *line, *save;
	int n = 0;

	uname(&p.uts);
	out = capture(checks_here, &p, 1 << 16);
	CHECK(out != NULL, "capture");
	if (!out)
		return;
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char want[64];
		int ok = !strncmp(line, "ok ", 3), not_ok = !strncmp(line, "not ok ", 7);

		if (!ok && !not_ok) {
			CHECK(line[0] == '#', "not a diagnostic: '%s'", line);
			continue;
		}
		n++;
		CHECK((size_t)n <= sizeof(names) / sizeof(names[0]), "result %d: '%s'", n, line);
		if ((size_t)n > sizeof(names) / sizeof(names[0]))
			continue;
		snprintf(want, sizeof(want), "%d %s", n, names[n - 1]);
		CHECK(!strncmp(line + (ok ? 3 : 7), want, strlen(want)), "'%s', not '%s'", line,
		      want);
	}
	CHECK(n == checks_planned(), "%d results, %d planned", n, checks_planned());
	CHECK(checks_planned() == (int)(sizeof(names) / sizeof(names[0])), "%d planned",
	      checks_planned());
	free(out);
}

static char dir[] = "/tmp/kver-probe-test.XXXXXX";

/* NAME under dir (the buffer is the caller's). */
static const char *in_dir(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", dir, name);
	return buf;
}

/* Write FILE under dir with TEXT and MODE. */
static int put(const char *file, const char *text, mode_t mode)
{
	char path[512];
	FILE *f = fopen(in_dir(path, sizeof(path), file), "w");
	int rc = f && fputs(text, f) >= 0 ? 0 : -1;

	if (f && fclose(f))
		rc = -1;
	return rc ? rc : chmod(path, mode);
}

static int sub(const char *name)
{
	char path[512];

	return mkdir(in_dir(path, sizeof(path), name), 0755);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

/* "ok 12 name" becomes "ok N name": the numbers go on from earlier tests. */
static void unnumber(char *s)
{
	char *w = s;

	for (char *r = s; *r;) {
		int bol = r == s || r[-1] == '\n';

		if (bol && (!strncmp(r, "ok ", 3) || !strncmp(r, "not ok ", 7))) {
			size_t k = r[0] == 'o' ? 3 : 7;

			memmove(w, r, k);
			w += k;
			r += k;
			if (*r >= '0' && *r <= '9') {
				while (*r >= '0' && *r <= '9')
					r++;
				*w++ = 'N';	/* w < r now: at least one digit was read */
			}
			continue;
		}
		*w++ = *r++;
	}
	*w = '\0';
}

struct guest_run {
	struct guest_test *tests;
	int n;
};

/* A /modules/load list: file names only, in order. */
static void test_modules_list(void)
{
	static const char good[] = "usb-common.ko\n\nusbcore.ko\nxhci-hcd.ko";
	static const char *const bad[] = { "kernel/usbcore.ko\n", "../x.ko\n", ".hidden.ko\n" };
	char names[4][MODULE_NAME_MAX], longname[MODULE_NAME_MAX + 8];
	FILE *f = fmemopen((void *)good, strlen(good), "r");

	CHECK(modules_read_list(f, names, 4) == 3 && !strcmp(names[0], "usb-common.ko") &&
		      !strcmp(names[2], "xhci-hcd.ko"), "%s", names[0]);
	rewind(f);
	CHECK(modules_read_list(f, names, 2) == -1, "more than max");
	fclose(f);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		f = fmemopen((void *)bad[i], strlen(bad[i]), "r");
		CHECK(modules_read_list(f, names, 4) == -1, "'%s' taken", bad[i]);
		fclose(f);
	}
	memset(longname, 'a', sizeof(longname) - 2);
	longname[sizeof(longname) - 2] = '\n';
	longname[sizeof(longname) - 1] = '\0';
	f = fmemopen(longname, strlen(longname), "r");
	CHECK(modules_read_list(f, names, 4) == -1, "too long a name");
	fclose(f);
}

static void test_usb_bcd(void)
{
	static const struct {
		unsigned int m, p;
		const char *bcd;
	} cases[] = { { 5, 10, "0510" }, { 6, 1, "0601" }, { 6, 12, "0612" }, { 10, 0, "1000" } };
	char buf[16];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		usb_bcd(cases[i].m, cases[i].p, buf, sizeof(buf));
		CHECK(!strcmp(buf, cases[i].bcd), "%u.%u: %s", cases[i].m, cases[i].p, buf);
	}
}

/* kver.devices=required: a driver that did not load fails device_codes, named. */
static void test_devices_required(void)
{
	struct probe p = { .expect = "5.10.0-46-amd64", .version = "5.10.262" };
	char *out;

	kver_set(&p.want, 5, 10, 262);
	uname(&p.uts);
	p.devices_required = 1;
	p.modules_failed = 2;
	out = capture(checks_here, &p, 1 << 16);
	/* The result lines are numbered on from the tests before: unnumbered here. */
	if (out)
		unnumber(out);
	CHECK(out && strstr(out, "\nnot ok N device_codes\n") &&
		      strstr(out, "# device_codes: 2 of the drivers packed for the device channels did not load\n"),
	      "%s", out ? out : "(none)");
	CHECK(out && !strstr(out, "device_codes # SKIP"), "required is never a skip");
	free(out);
}

static void guest_here(void *arg)
{
	struct guest_run *r = arg;

	run_guest_tests(dir, r->tests, r->n, "6.1.0-75-amd64", "6.1.300");
}

static void test_guest(void)
{
	static struct guest_test tests[MAX_GUEST_TESTS];
	static const char expected[] =
		"    # Subtest: guest:a/1-ok.t\n"
		"    KVER_EXPECT=6.1.0-75-amd64 KVER_VERSION=6.1.300\n"
		"ok N guest:a/1-ok.t\n"
		"    # Subtest: guest:a/2-skip.t\n"
		"ok N guest:a/2-skip.t # SKIP test reported skip (exit 4)\n"
		"    # Subtest: guest:a/3-fail.t\n"
		"    # failing\n"
		"# guest:a/3-fail.t: exit status 3\n"
		"not ok N guest:a/3-fail.t\n"
		"    # Subtest: guest:a/4-signal.t\n"
		"# guest:a/4-signal.t: killed by signal 9\n"
		"not ok N guest:a/4-signal.t\n"
		"ok N guest:b # SKIP not on this tree\n"
		"ok N guest:c # SKIP not applicable\n";
	struct guest_run r = { tests, 0 };
	char *out;

	if (!mkdtemp(dir))
		KT_SKIP("mkdtemp: no temporary folder");
	CHECK(sub("a") == 0 && sub("b") == 0 && sub("c") == 0 && sub(".hidden") == 0, "mkdir");
	CHECK(put("a/1-ok.t", "#!/bin/sh\necho KVER_EXPECT=$KVER_EXPECT KVER_VERSION=$KVER_VERSION\n",
		  0755) == 0, "a/1-ok.t");
	CHECK(put("a/2-skip.t", "#!/bin/sh\nexit 4\n", 0755) == 0, "a/2-skip.t");
	CHECK(put("a/3-fail.t", "#!/bin/sh\necho '# failing'\nexit 3\n", 0755) == 0, "a/3-fail.t");
	CHECK(put("a/4-signal.t", "#!/bin/sh\nkill -KILL $$\n", 0755) == 0, "a/4-signal.t");
	CHECK(put("a/data", "not a test\n", 0644) == 0, "a/data");
	CHECK(put("b/skip", "not on this tree\n", 0644) == 0, "b/skip");
	CHECK(put("b/x.t", "#!/bin/sh\nexit 1\n", 0755) == 0, "b/x.t");
	CHECK(put("c/skip", "", 0644) == 0, "c/skip");
	CHECK(put(".hidden/x.t", "#!/bin/sh\nexit 1\n", 0755) == 0, ".hidden/x.t");

	r.n = find_guest_tests(dir, tests, MAX_GUEST_TESTS);
	CHECK(r.n == 6, "%d tests found", r.n);
	CHECK(find_guest_tests(dir, tests, 2) == 2, "at most 2");
	r.n = find_guest_tests(dir, tests, MAX_GUEST_TESTS);
	out = capture(guest_here, &r, 1 << 16);
	if (out)
		unnumber(out);
	CHECK(out && !strcmp(out, expected), "output:\n%s", out ? out : "(none)");
	free(out);
	CHECK(nftw(dir, remove_one, 8, FTW_DEPTH | FTW_PHYS) == 0, "removing %s", dir);
}

int main(void)
{
	KT_RUN(test_release_matches());
	KT_RUN(test_cmdline());
	KT_RUN(test_plan());
	KT_RUN(test_modules_list());
	KT_RUN(test_usb_bcd());
	KT_RUN(test_devices_required());
	KT_RUN(test_guest());
	return kt_done();
}
