// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the lab's build progress: which of Kbuild's lines are an
 * object compiled, and what the status line says at each stage of a build.
 */
#include <string.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "progress.h"

/* Lines as make -C src O=build prints them (quiet_cmd_*), and their neighbours. */
static void test_objects(void)
{
	static const struct {
		const char *line;
		int object;
	} cases[] = {
		{ "  CC      init/main.o\n", 1 },
		{ "  CC      init/main.o", 1 },
		{ "  CC [M]  drivers/media/test-drivers/vivid/vivid-core.o\n", 1 },
		{ "  AS      arch/x86/entry/entry_64.o\n", 1 },
		{ "  CC [M]  drivers/media/cec/core/cec.mod.o\n", 1 },
		/* Not an object of the kernel, or not compiled. */
		{ "  HOSTCC  scripts/basic/fixdep\n", 0 },
		{ "  CC      kernel/bounds.s\n", 0 },
		{ "  CC      arch/x86/kernel/asm-offsets.s\n", 0 },
		{ "  LD      vmlinux.o\n", 0 },
		{ "  AR      init/built-in.a\n", 0 },
		{ "  LD [M]  drivers/media/cec/core/cec.ko\n", 0 },
		{ "  SYNC    include/config/auto.conf\n", 0 },
		{ "make[1]: Entering directory '/root/.cache/kver/6.1/build'\n", 0 },
		{ "CC      init/main.o\n", 0 },
		{ "  CC      init/main.o extra\n", 0 },
		{ "  CC      .o\n", 0 },
		{ "  CC ", 0 },
		{ "", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(progress_is_object(cases[i].line) == cases[i].object, "'%s'", cases[i].line);
}

static void test_duration(void)
{
	char buf[32];

	progress_duration(buf, sizeof(buf), 0);
	CHECK(!strcmp(buf, "0:00"), "%s", buf);
	progress_duration(buf, sizeof(buf), 59);
	CHECK(!strcmp(buf, "0:59"), "%s", buf);
	progress_duration(buf, sizeof(buf), 432);
	CHECK(!strcmp(buf, "7:12"), "%s", buf);
	progress_duration(buf, sizeof(buf), 3600 + 61);
	CHECK(!strcmp(buf, "1:01:01"), "%s", buf);
	progress_duration(buf, sizeof(buf), -5);
	CHECK(!strcmp(buf, "0:00"), "%s", buf);
}

static void test_line(void)
{
	static const struct {
		long done, total;
		int estimated;
		long elapsed;
		const char *want;
	} cases[] = {
		/* A quarter done in 60 s: three times as long again. */
		{ 500, 2000, 0, 60, "building 6.1: 500 of 2000 objects (25%), 1:00 elapsed, about 3:00 left" },
		{ 500, 2000, 1, 60, "building 6.1: 500 of ~2000 objects (25%), 1:00 elapsed, about 3:00 left" },
		{ 1999, 2000, 0, 400, "building 6.1: 1999 of 2000 objects (99%), 6:40 elapsed, about 0:00 left" },
		/* Too early for a rate. */
		{ 3, 2000, 0, 60, "building 6.1: 3 of 2000 objects (0%), 1:00 elapsed, estimating the time left" },
		{ 50, 2000, 0, 2, "building 6.1: 50 of 2000 objects (2%), 0:02 elapsed, estimating the time left" },
		/* Every object compiled (or more than the estimate): the link. */
		{ 2000, 2000, 0, 420, "building 6.1: 2000 of 2000 objects (100%), 7:00 elapsed, linking" },
		{ 2100, 2000, 1, 420, "building 6.1: 2100 of ~2000 objects (100%), 7:00 elapsed, linking" },
		/* No total known. */
		{ 120, 0, 0, 30, "building 6.1: 120 objects, 0:30 elapsed" },
	};
	char buf[256];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		progress_line(buf, sizeof(buf), "6.1", cases[i].done, cases[i].total,
			      cases[i].estimated, cases[i].elapsed);
		CHECK(!strcmp(buf, cases[i].want), "got '%s', want '%s'", buf, cases[i].want);
	}
	progress_done(buf, sizeof(buf), "6.12", 2811, 3 * 3600);
	CHECK(!strcmp(buf, "6.12: 2811 objects compiled in 3:00:00"), "%s", buf);
	/* A short buffer is cut, never overrun. */
	progress_line(buf, 10, "6.1", 500, 2000, 0, 60);
	CHECK(!strcmp(buf, "building "), "'%s'", buf);
}

int main(void)
{
	KT_RUN(test_objects());
	KT_RUN(test_duration());
	KT_RUN(test_line());
	return kt_done();
}
