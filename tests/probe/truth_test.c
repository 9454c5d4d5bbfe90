// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of what a point's names say of its version (probe/truth.c)
 * and of the probe's judgement of libkver's answer (libkver_verdict in
 * probe/checks.c), on the sources of a kernel recorded as files and read
 * by libkver as the guest reads the real ones: a release that carries the
 * version, Debian's that hides it behind a field, and one that hides it
 * with no field at all (an Ubuntu-style custom release), whose only
 * source is the kernel's code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "probe.h"

static void test_hides(void)
{
	static const struct {
		const char *release, *version;
		int hides;
	} cases[] = {
		{ "6.1.300", "6.1.300", 0 },
		{ "6.1.300-kver", "6.1.300", 0 },
		{ "6.1.0-75-amd64", "6.1.300", 1 },
		{ "6.1.255.45", "6.1.300", 1 },
		{ "6.1.255", "6.1.256", 1 },
		{ "", "6.1.300", 1 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(truth_hides(cases[i].release, cases[i].version) == cases[i].hides, "%s for %s",
		      cases[i].release, cases[i].version);
}

#define DEBIAN_UTS "#1 SMP PREEMPT_DYNAMIC Debian 6.1.300-1 (2026-01-01)"
#define UBUNTU_UTS "#12-Ubuntu SMP PREEMPT_DYNAMIC Thu Jan  1 00:00:00 UTC 2026"

static void test_reading(void)
{
	static const struct {
		const char *release, *version, *uts;
		enum truth_source from;
		const char *numbers;
		int min;
	} cases[] = {
		{ "6.1.300", "6.1.300", NULL, TRUTH_RELEASE, "6.1.300", 0 },
		{ "6.1.0-75-amd64", "6.1.300", DEBIAN_UTS, TRUTH_FIELD, "6.1.300", 0 },
		/* A Debian field of another version gives nothing. */
		{ "6.1.0-75-amd64", "6.1.301", DEBIAN_UTS, TRUTH_CODE, "6.1.255", 1 },
		{ "6.1.0-1012-oem", "6.1.300", UBUNTU_UTS, TRUTH_CODE, "6.1.255", 1 },
		{ "6.1.0-1012-oem", "6.1.255", UBUNTU_UTS, TRUTH_CODE, "6.1.255", 1 },
		{ "6.1.0-1012-oem", "6.1.254", UBUNTU_UTS, TRUTH_CODE, "6.1.254", 0 },
		{ "6.1.0-1012-oem", "6.1.100", NULL, TRUTH_CODE, "6.1.100", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct truth_reading r;
		char got[64] = "";
		int rc = truth_reading(cases[i].release, cases[i].version, cases[i].uts, &r);

		kver_format(&r.version, KVER_FMT_NUMBERS, got, sizeof(got));
		CHECK(rc == 0 && r.from == cases[i].from && !strcmp(got, cases[i].numbers) &&
		      r.sublevel_min == cases[i].min, "%s at %s: from %s, %s, min %d", cases[i].release,
		      cases[i].version, truth_source_name(r.from), got, r.sublevel_min);
	}
	CHECK(truth_reading("6.1.300", "6.1", NULL, &(struct truth_reading){ 0 }) == 0,
	      "M.P is a version");
	CHECK(truth_reading("6.1.300", "x", NULL, &(struct truth_reading){ 0 }) == -1,
	      "no version");
}

static char dir[] = "/tmp/kver-truth-test.XXXXXX";

/* The kernel's sources as files, one a line of text ("" = absent), read by libkver. */
struct sources {
	const char *uname, *proc_version, *vdso;
};

static int put(const char *name, const char *text, char *path, size_t size)
{
	FILE *f;

	snprintf(path, size, "%s/%s", dir, name);
	if (!text[0]) {
		path[0] = '\0';
		return 0;
	}
	f = fopen(path, "w");
	if (!f)
		return -1;
	fprintf(f, "%s\n", text);
	return fclose(f);
}

static int read_sources(const struct sources *s, struct kver_running *r)
{
	char u[256], v[256], c[256];
	struct kver_paths p = { .version_signature = "" };

	if (put("uname", s->uname, u, sizeof(u)) || put("version", s->proc_version, v, sizeof(v)) ||
	    put("vdso", s->vdso, c, sizeof(c)))
		return -1;
	p.uname = u;
	p.osrelease = u;
	p.proc_version = v;
	p.vdso = c;
	return kver_running(&p, r);
}

/* libkver_verdict with its lines kept out of this test's KTAP, shown when it fails. */
static int verdict(const struct probe *p, const struct kver_running *r, char *out, size_t size)
{
	FILE *f = tmpfile();
	int saved, ok;
	size_t n = 0;

	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	if (f)
		dup2(fileno(f), STDOUT_FILENO);
	ok = libkver_verdict(p, r, "libkver_running");
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	if (f) {
		rewind(f);
		n = fread(out, 1, size - 1, f);
		fclose(f);
	}
	out[n] = '\0';
	return ok;
}

#define LINUX(release, rest) "Linux version " release " (builder@host) (gcc 12.2.0) " rest

static void test_verdict(void)
{
	static const struct {
		const char *name;
		struct sources s;
		const char *expect, *version, *uts;
		int ok;
	} cases[] = {
		{ "upstream 300", { "6.1.300", LINUX("6.1.300", "#1 SMP"), "0x0601ff" },
		  "6.1.300", "6.1.300", NULL, 1 },
		{ "Debian's field at 300", { "6.1.0-75-amd64", LINUX("6.1.0-75-amd64", DEBIAN_UTS),
		  "0x0601ff" }, "6.1.0-75-amd64", "6.1.300", DEBIAN_UTS, 1 },
		/* The measured case: no field, so 6.1.255 and "SUBLEVEL 255 or more". */
		{ "a custom release without a field at 300", { "6.1.0-1012-oem",
		  LINUX("6.1.0-1012-oem", UBUNTU_UTS), "0x0601ff" }, "6.1.0-1012-oem", "6.1.300",
		  UBUNTU_UTS, 1 },
		{ "a custom release without a field at 100", { "6.1.0-1012-oem",
		  LINUX("6.1.0-1012-oem", UBUNTU_UTS), "0x060164" }, "6.1.0-1012-oem", "6.1.100",
		  UBUNTU_UTS, 1 },
		/* Wrong answers: another SUBLEVEL, or none where the field gives it. */
		{ "upstream, the kernel says 299", { "6.1.299", LINUX("6.1.299", "#1 SMP"),
		  "0x0601ff" }, "6.1.300", "6.1.300", NULL, 0 },
		{ "Debian's field lost", { "6.1.0-75-amd64", LINUX("6.1.0-75-amd64", "#1 SMP"),
		  "0x0601ff" }, "6.1.0-75-amd64", "6.1.300", DEBIAN_UTS, 0 },
		{ "a release that names another SUBLEVEL", { "6.1.5-oem", LINUX("6.1.5-oem", UBUNTU_UTS),
		  "0x0601ff" }, "6.1.5-oem", "6.1.300", UBUNTU_UTS, 0 },
	};

	if (!mkdtemp(dir))
		KT_SKIP("mkdtemp: no temporary folder");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct probe p = { .expect = cases[i].expect, .version = cases[i].version,
				   .uts_expect = cases[i].uts };
		struct kver_running r;
		char out[4096] = "";
		int ok;

		kver_parse(p.version, &p.want);
		if (read_sources(&cases[i].s, &r)) {
			CHECK(0, "%s: libkver read no version", cases[i].name);
			continue;
		}
		ok = verdict(&p, &r, out, sizeof(out));
		CHECK(ok == cases[i].ok, "%s: %s; its lines:\n%s", cases[i].name,
		      ok ? "ok" : "not ok", out);
	}
	/* libkver's answer as the custom point gets it: 6.1.255, from the vDSO, or later. */
	{
		struct sources s = { "6.1.0-1012-oem", LINUX("6.1.0-1012-oem", UBUNTU_UTS), "0x0601ff" };
		struct kver_running r;
		char got[64] = "";

		CHECK(read_sources(&s, &r) == 0, "custom: libkver");
		kver_format(&r.version, KVER_FMT_NUMBERS, got, sizeof(got));
		CHECK(!strcmp(got, "6.1.255") && (r.flags & KVER_RUN_SUBLEVEL_MIN) &&
		      r.from_sublevel == KVER_SRC_VDSO, "custom: %s, flags 0x%x", got, r.flags);
	}
	for (const char *f = "uname\0version\0vdso\0"; *f; f += strlen(f) + 1) {
		char path[256];

		snprintf(path, sizeof(path), "%s/%s", dir, f);
		unlink(path);
	}
	rmdir(dir);
}

int main(void)
{
	KT_RUN(test_hides());
	KT_RUN(test_reading());
	KT_RUN(test_verdict());
	return kt_done();
}
