// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the boot model (lab/boot.c): recorded boot folders of real
 * QEMU runs, boots built line by line for each rule of the judge, and the
 * bad folders it must refuse with one line naming the cause.
 *
 *   boot_test TESTS_DIR    TESTS_DIR is tests/
 *
 * Output is KTAP (tests/kver_test.h): one result per test, failed checks
 * as diagnostics; KVER_T picks tests by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "boot.h"
#include "protocol.h"

static const char *tests_dir;

/* The probe's lines, as probe/protocol.h spells them. */
#define PROBE_START "KTAP version 1\n# " KVER_PROBE_NAME "\n"
#define PROBE_EXIT(n) KVER_PROBE_EXIT #n "\n"
#define VALUE(kv) KVER_VALUE_LINE kv
/* A passing KUnit document, and the panic PID 1's end brings (its exit code in hex). */
#define KUNIT_OK "KTAP version 1\n1..1\nok 1 suite\n"
#define PANIC_INIT(code) "Kernel panic - not syncing: Attempted to kill init! exitcode=" code "\n"

static const char good_meta[] = "tree=6.1\npackage=6.1.192-3\nmakefile=6.1.192\n"
				"series=kver\nsublevel=256\nexpect=6.1.256\n";

/* What the recorded boots of tests/lab/boots must yield (see their expect files). */
static const struct {
	const char *dir, *guest;
	int ok;
} recorded[] = {
	{ "pass", "ok", 1 },
	{ "wrong-release", "ok", 0 },
	{ "hung", "hung", 0 },
	{ "no-init", "panic", 0 },
	{ "probe-crashed", "probe-crashed", 0 },
	{ "probe-stopped", "no-result", 0 },
	{ "qemu-error", "qemu-error", 0 },
};

/* The recorded boot folder FOLDER/NAME below tests_dir, read into b. */
static void read_recorded(struct boot *b, const char *folder, const char *name)
{
	char dir[4096], err[512] = "";

	snprintf(dir, sizeof(dir), "%s/%s/%s", tests_dir, folder, name);
	CHECK(boot_read(b, dir, err, sizeof(err)) == 0, "%s: %s", dir, err);
}

/* Each recorded boot gets the judge's verdict its expect file names. */
static void test_recorded(void)
{
	for (size_t i = 0; i < sizeof(recorded) / sizeof(recorded[0]); i++) {
		const char *name = recorded[i].dir;
		struct boot b;

		read_recorded(&b, "lab/boots", name);
		CHECK(!strcmp(b.guest, recorded[i].guest), "%s: guest %s", name, b.guest);
		CHECK(b.ok == recorded[i].ok, "%s: ok %d", name, b.ok);
		CHECK(boot_ran_to_end(&b) == !strcmp(recorded[i].guest, "ok"), "%s: ran to its end",
		      name);
		boot_free(&b);
	}
}

/* The passing boot: values, counts and the probe's document, as the report shows them. */
static void test_pass_values(void)
{
	struct boot b;

	read_recorded(&b, "lab/boots", "pass");
	CHECK(b.probe != NULL, "probe document");
	CHECK(b.exit_seen && b.exit_marker == 0, "exit %d", b.exit_marker);
	CHECK(b.kunit.pass == 57 && b.kunit.fail == 0, "kunit %d", b.kunit.pass);
	CHECK(b.guest_tests.pass == 26, "guest tests %d", b.guest_tests.pass);
	CHECK(boot_value(&b, "uname.release") && !strcmp(boot_value(&b, "uname.release"),
							 "6.1.256"), "release");
	CHECK(boot_value(&b, "vdso.code") && !strcmp(boot_value(&b, "vdso.code"), "0x0601ff"),
	      "vdso");
	CHECK(!strcmp(boot_meta(&b, "style"), "upstream"), "default style");
	CHECK(!strcmp(boot_meta(&b, "version"), "6.1.256"), "version defaults to expect");
	CHECK(!strcmp(boot_meta(&b, "nothing"), ""), "absent key");
	CHECK(b.ntail == BOOT_TAIL_LINES, "tail %d", b.ntail);
	boot_free(&b);
}

/* A matrix recording keeps only value lines: indented plugin values count. */
static void test_matrix_recording(void)
{
	struct boot b;

	read_recorded(&b, "matrix/fixtures/boots", "6.1-kver-256");
	CHECK(b.exit_seen, "exit line");
	CHECK(boot_value(&b, "headers.sublevel") &&
	      !strcmp(boot_value(&b, "headers.sublevel"), "256"), "indented value");
	CHECK(!strcmp(b.guest, "no-status") && boot_ran_to_end(&b), "no qemu.status: %s",
	      b.guest);
	CHECK(!b.ok, "a recording without KUnit output is not ok");
	boot_free(&b);
}

/* Values: any indentation, CR LF line ends, the first of a key counts. */
static void test_values(void)
{
	static const char log[] = VALUE("a=1\r\n")
				  "    " VALUE("b=two words\r\n")
				  VALUE("a=2\n")
				  VALUE("=no key\n")
				  VALUE("nokey\n")
				  "x " VALUE("c=not at the start\n");
	struct boot_text t = { .meta = good_meta, .serial = log, .status = "0" };
	char err[512] = "";
	struct boot b;

	CHECK(boot_from_text(&b, "text", &t, err, sizeof(err)) == 0, "%s", err);
	CHECK(boot_value(&b, "a") && !strcmp(boot_value(&b, "a"), "1"), "first a");
	CHECK(boot_value(&b, "b") && !strcmp(boot_value(&b, "b"), "two words"), "b");
	CHECK(!boot_value(&b, "c") && !boot_value(&b, ""), "c or empty key");
	CHECK(b.values.n == 2, "%zu values", b.values.n);
	CHECK(!b.exit_seen && b.exit_marker == -1, "no exit line");
	boot_free(&b);
}

/* A missing or malformed point.meta is refused, each with its cause. */
static void test_bad_meta(void)
{
	static const struct {
		const char *meta, *want;
	} cases[] = {
		{ NULL, "cannot read text/point.meta: No such file or directory" },
		{ "tree=6.1\nnot a pair\n", "'not a pair' is not KEY=VALUE" },
		{ "=6.1\n", "'=6.1' is not KEY=VALUE" },
		{ "tree=6.1\nseries=kver\nmakefile=6.1.192\n",
		  "lacks tree, series, makefile or sublevel" },
		{ "tree=6.1\nseries=kver\nmakefile=6.1\nsublevel=1\n", "makefile=6.1 is not M.P.S" },
		{ "tree=6.1\nseries=kver\nmakefile=6.1.192\nsublevel=1x\n", "sublevel=1x" },
		{ "tree=6.1\nseries=kver\nmakefile=6.1.192\nsublevel=-1\n", "sublevel=-1" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct boot_text t = { .meta = cases[i].meta, .serial = "", .status = "0" };
		char err[512] = "";
		struct boot b;

		CHECK(boot_from_text(&b, "text", &t, err, sizeof(err)) == -1, "case %zu", i);
		CHECK(strstr(err, cases[i].want), "case %zu: '%s'", i, err);
		boot_free(&b);
	}
}

/* One case of the judge: a serial log and QEMU's status, and the verdict. */
static const struct {
	const char *name, *log, *status, *guest, *detail;
	int ok;
} judged[] = {
	{ "hung in the probe", "Run /init as init process\n# " KVER_PROBE_NAME "\n", "124",
	  "hung", "guest hung in the probe: no exit within 20 s", 0 },
	{ "hung before /init", "Linux version 6.1.256\n", "137", "hung",
	  "guest hung before /init: no exit within 20 s", 0 },
	{ "/init crashed", "Run /init as init process\nKernel panic - not syncing: boom\n", "0",
	  "init-crashed", "/init crashed: kernel panic: boom", 0 },
	{ "init failed", "Run /init as init process\nFailed to execute /init (error -8)\n"
	  "Kernel panic - not syncing: No working init found.\n", "0", "panic",
	  "kernel panicked before /init: kernel panic: No working init found.", 0 },
	/* No qemu.status: the log alone, as far as it goes. */
	{ "no status, no probe", "Linux version 6.1.256\n", NULL, "no-init",
	  "guest never reached /init", 0 },
	{ "no status, probe stopped", PROBE_START "1..1\n", NULL, "no-result",
	  "probe stopped without reporting its result", 0 },
	{ "no status, recorded values", VALUE("a=1\n"), NULL, "no-result",
	  "probe stopped without reporting its result", 0 },
	{ "no status, probe finished", PROBE_START "1..1\nok 1 a\n" PROBE_EXIT(0), NULL,
	  "no-status", "no qemu.status in text", 0 },
	{ "no /init", "Linux version 6.1.256\n", "0", "no-init", "guest never reached /init", 0 },
	{ "inconsistent", PROBE_START "1..1\nok 1 a\n" PROBE_EXIT(0), "35", "inconsistent",
	  "probe said exit=0 but QEMU exited 35", 0 },
	{ "bailed", PROBE_START "Bail out! no kver.expect=\n" PROBE_EXIT(1), "35", "bailed",
	  "probe bailed out: no kver.expect=", 0 },
	{ "exit status says ok, a check failed",
	  "KTAP version 1\n1..1\nok 1 suite\n" PROBE_START "1..1\nnot ok 1 a\n" PROBE_EXIT(0),
	  "33", "ok", "", 0 },
	{ "all ok", "KTAP version 1\n1..1\nok 1 suite\n" PROBE_START "1..1\nok 1 a\n" PROBE_EXIT(0),
	  "33", "ok", "", 1 },
	{ "no KUnit output", PROBE_START "1..1\nok 1 a\n" PROBE_EXIT(0), "33", "ok", "", 0 },
	/* The probe's results must be the ones its plan announced, no more. */
	{ "more results than the plan",
	  KUNIT_OK PROBE_START "1..1\nok 1 a\nok 2 b\n" PROBE_EXIT(0), "33", "ok", "", 0 },
	/* A panic after the probe's exit line (its port write did not end QEMU) leaves its result. */
	{ "a panic after the exit line",
	  KUNIT_OK PROBE_START "1..1\nok 1 a\n" PROBE_EXIT(0) PANIC_INIT("0x00000000"), "0", "ok",
	  "", 1 },
	/* The reason is the first panic's, not the end marker's that repeats it. */
	{ "two panic lines", "Run /init as init process\n" PROBE_START PANIC_INIT("0x0000000b")
	  "---[ end Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000000b ]---\n",
	  "0", "probe-crashed", "probe crashed: kernel panic: Attempted to kill init! exitcode=0x0000000b",
	  0 },
	{ "an exit line without the probe's KTAP", "Run /init as init process\n# " KVER_PROBE_NAME
	  "\n" PROBE_EXIT(0), "33", "no-result", "probe stopped without reporting its result", 0 },
	/* KUnit: a missing case fails the point, skipped cases alone do not. */
	{ "a KUnit case missing", "KTAP version 1\n1..2\nok 1 suite\n" PROBE_START "1..1\nok 1 a\n"
	  PROBE_EXIT(0), "33", "ok", "", 0 },
	{ "every KUnit suite skipped", "KTAP version 1\n1..1\nok 1 suite # SKIP no hardware\n"
	  PROBE_START "1..1\nok 1 a\n" PROBE_EXIT(0), "33", "ok", "", 1 },
};

/* Every rule of the judge, in the order the rules win. */
static void test_judge(void)
{
	for (size_t i = 0; i < sizeof(judged) / sizeof(judged[0]); i++) {
		struct boot_text t = { .meta = good_meta, .serial = judged[i].log,
				       .status = judged[i].status, .timeout = "20" };
		char err[512] = "";
		struct boot b;

		CHECK(boot_from_text(&b, "text", &t, err, sizeof(err)) == 0, "%s: %s",
		      judged[i].name, err);
		CHECK(!strcmp(b.guest, judged[i].guest), "%s: guest %s", judged[i].name, b.guest);
		CHECK(!strcmp(b.detail, judged[i].detail), "%s: '%s'", judged[i].name, b.detail);
		CHECK(b.ok == judged[i].ok, "%s: ok %d", judged[i].name, b.ok);
		boot_free(&b);
	}
}

/* A KTAP document with no test (KUnit with no suite built in) is no KUnit output. */
static void test_empty_kunit(void)
{
	struct boot_text t = { .meta = good_meta,
			       .serial = "KTAP version 1\n1..0\n" PROBE_START "1..1\nok 1 a\n" PROBE_EXIT(0),
			       .status = "33" };
	char err[512] = "";
	struct boot b;

	CHECK(boot_from_text(&b, "text", &t, err, sizeof(err)) == 0, "%s", err);
	CHECK(b.kunit_docs == 0 && !b.ok, "%d KUnit documents, ok %d", b.kunit_docs, b.ok);
	boot_free(&b);
}

/*
 * Debian's own images (style shipped) build no KUnit suite in: no KUnit
 * output is fine there, a failing KUnit case still is not; the lab's own
 * kernels must have KUnit output.
 */
static void test_shipped_kunit(void)
{
	static const char shipped_meta[] =
		"tree=5.10\npackage=5.10.262-1\nmakefile=5.10.262\nseries=debian\nstyle=shipped\n"
		"sublevel=262\nversion=5.10.262\nexpect=5.10.0-46-amd64\n";
	struct boot_text t = { .meta = shipped_meta,
			       .serial = PROBE_START "1..1\nok 1 a\n" PROBE_EXIT(0),
			       .status = "33" };
	char err[512] = "";
	struct boot b;

	CHECK(boot_from_text(&b, "text", &t, err, sizeof(err)) == 0 && b.ok && !b.kunit_docs,
	      "shipped without KUnit: ok %d, %s", b.ok, err);
	boot_free(&b);
	t.serial = "KTAP version 1\n1..1\nnot ok 1 a_suite\n" PROBE_START "1..1\nok 1 a\n" PROBE_EXIT(0);
	CHECK(boot_from_text(&b, "text", &t, err, sizeof(err)) == 0 && !b.ok, "a KUnit failure: ok %d",
	      b.ok);
	boot_free(&b);
	t.meta = good_meta;
	t.serial = PROBE_START "1..1\nok 1 a\n" PROBE_EXIT(0);
	CHECK(boot_from_text(&b, "text", &t, err, sizeof(err)) == 0 && !b.ok,
	      "the lab's kernel without KUnit: ok %d", b.ok);
	boot_free(&b);
}

/* A folder with a made point.meta and, when fifo names one, a FIFO. */
static void make_folder(const char *dir, const char *meta, const char *fifo)
{
	char path[4200];
	FILE *f;

	mkdir(dir, 0755);
	snprintf(path, sizeof(path), "%s/point.meta", dir);
	if (meta && (f = fopen(path, "w"))) {
		fputs(meta, f);
		fclose(f);
	}
	if (fifo) {
		snprintf(path, sizeof(path), "%s/%s", dir, fifo);
		mkfifo(path, 0600);
	}
}

static void remove_folder(const char *dir)
{
	static const char *const names[] = { "point.meta", "serial.log", "qemu.status" };
	char path[4200];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

/* Bad folders: refused at once (a FIFO is not waited on), the cause named. */
static void test_bad_folders(void)
{
	char tmp[] = "/tmp/kver-boot-test.XXXXXX", dir[4096], err[512];
	static const struct {
		const char *meta, *fifo, *want;
	} cases[] = {
		{ NULL, NULL, "point.meta: No such file or directory" },
		{ NULL, "point.meta", "point.meta: not a regular file" },
		{ good_meta, "serial.log", "serial.log: not a regular file" },
		{ good_meta, "qemu.status", "qemu.status: not a regular file" },
	};
	struct boot b;

	if (!mkdtemp(tmp)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(dir, sizeof(dir), "%s/none", tmp);
	CHECK(boot_read(&b, dir, err, sizeof(err)) == -1 &&
	      strstr(err, "none: No such file or directory"), "missing folder: %s", err);
	boot_free(&b);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(dir, sizeof(dir), "%s/case", tmp);
		make_folder(dir, cases[i].meta, cases[i].fifo);
		err[0] = '\0';
		CHECK(boot_read(&b, dir, err, sizeof(err)) == -1 && strstr(err, cases[i].want),
		      "case %zu: '%s'", i, err);
		boot_free(&b);
		remove_folder(dir);
	}
	/* Only point.meta: a boot whose guest left no log, not an error. */
	make_folder(dir, good_meta, NULL);
	CHECK(boot_read(&b, dir, err, sizeof(err)) == 0 && !strcmp(b.guest, "no-log"), "%s",
	      b.guest);
	boot_free(&b);
	remove_folder(dir);
	rmdir(tmp);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: boot_test TESTS_DIR\n");
		return 2;
	}
	tests_dir = argv[1];
	KT_RUN(test_recorded());
	KT_RUN(test_pass_values());
	KT_RUN(test_matrix_recording());
	KT_RUN(test_values());
	KT_RUN(test_bad_meta());
	KT_RUN(test_judge());
	KT_RUN(test_empty_kunit());
	KT_RUN(test_shipped_kunit());
	KT_RUN(test_bad_folders());
	return kt_done();
}
