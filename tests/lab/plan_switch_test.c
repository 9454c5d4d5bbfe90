// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the planner's series switches (lab/plan.c, switch_ok): a
 * switch that lab/prepare.sh recorded (src/.kver-switch: the series left,
 * then the files whose content changed) keeps the folder's version-only
 * path only when every object of a changed file is in a walked folder, as
 * Kbuild's .cmd files name it (as $src/FILE, or as ../src/FILE where ccache
 * compiled it), no changed file is one the build reads itself, and a changed
 * top Makefile exports what it exported before. The switch records are the
 * lab's own (tests/lab/fixtures/plan/TREE/switch-*). argv[1]: the fixtures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "plan_fixture.h"

/* A switch into the folder's src, from the series its record's first line names. */
static char *switch_from(const char *root, const char *tree, const char *record)
{
	char path[4096], *text, *from;

	snprintf(path, sizeof(path), "%s/%s/%s", fx_dir, tree, record);
	text = plan_slurp(path, NULL);
	if (!text || fx_write(fx_path(root, tree, "src/.kver-switch"), text))
		return NULL;
	from = strndup(text, strcspn(text, "\n"));
	free(text);
	return from;
}

/* The point q after the lab's switch record (TREE/record) in a new root,
 * the folder's last build at the series it left (its key in old); the
 * series' name. */
static char *after_switch(const char **rootp, const char *tree, const char *record,
			  struct fx_req *q, struct plan_state *st, char old[17])
{
	const char *root = *rootp = fx_root();
	char *from;

	CHECK(!fx_tree(root, tree), "fixture");
	CHECK((from = switch_from(root, tree, record)) != NULL, "%s", record);
	fx_req(q, root, tree);
	fx_learned(st, q, from ? from : "");
	fx_key(q, from ? from : "", old);
	return from;
}

static void set_switch(const char *root, const char *tree, const char *changed)
{
	char text[1024];

	snprintf(text, sizeof(text), "s-before\n%s\n", changed);
	fx_write(fx_path(root, tree, "src/.kver-switch"), text);
}

/* rule: an object outside the version's folders that names a changed file
 * as $src/FILE needs the whole make */
static void test_switch_object_outside_absolute_path(void)
{
	const char *root;
	struct fx_req q;
	struct plan_state st;
	struct plan p;

	root = fx_point("6.1", "s-before", &q, &st);
	set_switch(root, "6.1", "include/linux/utsname.h");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental"), "%s", p.why);
	CHECK(!strcmp(p.why, "the series switch needs the whole make: arch/x86/kernel/dumpstack.o "
		      "depends on a changed file and is outside the version's directories"), "%s",
	      p.why);
	plan_free(&p);
	plan_state_free(&st);
}

/* rule: ... and so does one that names it only as ../src/FILE, as ccache
 * wrote its dependencies under CCACHE_BASEDIR (switch_ok's bug) */
static void test_switch_object_outside_ccache_path(void)
{
	const char *root = fx_root();
	char from[4096];
	struct fx_req q;
	struct plan_state st;
	struct plan p;

	CHECK(!fx_tree(root, "6.1"), "fixture");
	snprintf(from, sizeof(from), "%s/6.1/ccache/.dumpstack.o.cmd", fx_dir);
	CHECK(!fx_copy(from, fx_path(root, "6.1", "build/arch/x86/kernel/.dumpstack.o.cmd")), "copy");
	fx_req(&q, root, "6.1");
	fx_learned(&st, &q, "s-before");
	set_switch(root, "6.1", "include/linux/utsname.h");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") &&
	      strstr(p.why, "arch/x86/kernel/dumpstack.o depends on a changed file"), "%s", p.why);
	plan_free(&p);
	/* The source tree through a link: its real path is a third form. */
	CHECK(!symlink(q.src, fx_path(root, "6.1", "src-link")), "symlink");
	remove(fx_path(root, "6.1", "build/arch/x86/kernel/.dumpstack.o.cmd"));
	fx_write(fx_path(root, "6.1", "build/arch/x86/kernel/.dumpstack.o.cmd"),
		 "cmd_arch/x86/kernel/dumpstack.o := gcc -c\n\ndeps_arch/x86/kernel/dumpstack.o := \\\n");
	fx_write(fx_path(root, "6.1", "build/arch/x86/kernel/.process.o.d"), "");
	{
		char d[8192];

		snprintf(d, sizeof(d), "arch/x86/kernel/process.o: %s/include/linux/utsname.h\n",
			 q.src);
		fx_write(fx_path(root, "6.1", "build/arch/x86/kernel/.process.o.d"), d);
	}
	snprintf(q.src, sizeof(q.src), "%s", fx_path(root, "6.1", "src-link"));
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") &&
	      strstr(p.why, "arch/x86/kernel/process.o depends on a changed file"),
	      "a .d file, the real path: %s", p.why);
	plan_free(&p);
	plan_state_free(&st);
}

/* rule: a switch whose files reach only walked folders walks them */
static void test_switch_within_the_version_dirs(void)
{
	static const char *const trees[] = { "6.1", "6.12", "5.10" };

	for (size_t t = 0; t < 3; t++) {
		const char *root = fx_root();
		struct fx_req q;
		struct plan_state st;
		struct plan p;

		CHECK(!fx_tree(root, trees[t]), "fixture");
		fx_req(&q, root, trees[t]);
		fx_learned(&st, &q, "s-before");
		/* arch/x86/boot: bzImage walks it always. */
		set_switch(root, trees[t], "kernel/sys.c\ninit/version.c\nDocumentation/x.rst\n"
					   "arch/x86/boot/version.c");
		CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only") && p.switched && !p.carry,
		      "%s: %s", trees[t], p.why);
		CHECK(strstr(p.why, "changes only files of the version's directories") != NULL, "%s",
		      p.why);
		plan_free(&p);
		plan_state_free(&st);
	}
}

/* rule: a file the build reads itself is the whole make */
static void test_switch_of_a_file_the_build_reads(void)
{
	static const struct {
		const char *file;
		int whole;
	} cases[] = {
		{ "init/Makefile", 1 }, { "Makefile.extrawarn", 1 }, { "arch/x86/Kconfig", 1 },
		{ "init/Kbuild", 1 }, { "scripts/link-vmlinux.sh", 1 }, { "tools/lib/bpf/libbpf.c", 1 },
		{ "usr/gen_init_cpio.c", 1 }, { "include/uapi/linux/utsname.h", 1 },
		{ "arch/x86/boot/x.mk", 1 }, { "Documentation/kbuild/makefiles.rst", 0 },
		{ "lib/Kconfig.debug", 1 }, { "kernel/sys.c", 0 }, { "drivers/usb/core/hcd.c", 0 },
	};
	const char *root = fx_root();
	struct fx_req q;
	struct plan_state st;
	struct plan p;
	char *from;

	CHECK(!fx_tree(root, "5.10"), "fixture");
	fx_req(&q, root, "5.10");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char said[256];

		fx_learned(&st, &q, "s-before");
		set_switch(root, "5.10", cases[i].file);
		snprintf(said, sizeof(said), "the build itself reads %s", cases[i].file);
		fx_decide(&q, &st, &p);
		CHECK(cases[i].whole ? p.path == PLAN_INCREMENTAL && strstr(p.why, said) :
				       p.path == PLAN_WALK, "%s: %s", cases[i].file, p.why);
		plan_free(&p);
		plan_state_free(&st);
	}
	/* The lab's own switch to the kunit series: init/Makefile changed. */
	CHECK((from = switch_from(root, "5.10", "switch-kunit")) != NULL, "switch-kunit");
	fx_learned(&st, &q, from);
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") &&
	      strstr(p.why, "the build itself reads init/Makefile"), "%s", p.why);
	plan_free(&p);
	plan_state_free(&st);
	free(from);
}

/* rule: the top Makefile changed: its environment as recorded, or the whole make */
static void test_switch_of_the_top_makefile(void)
{
	static const char dump[] = "KBUILD_CFLAGS=-O2\0RETPOLINE_CFLAGS=-mx\0MAKEFLAGS=-s\0"
				   "HOME=/root\0KERNELRELEASE=6.1.300\0";
	static const char other[] = "KBUILD_CFLAGS=-O3\0RETPOLINE_CFLAGS=-mx\0HOME=/root\0";
	const char *root;
	struct fx_req q;
	struct plan_state st;
	struct plan p;
	char *from, old[17];

	from = after_switch(&root, "6.1", "switch-design", &q, &st, old);
	fx_env(&q, "HOME=/root");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") &&
	      strstr(p.why, "the top Makefile changed and its environment was not recorded"), "%s",
	      p.why);
	plan_free(&p);
	plan_set(&st.env_key, old);
	strv_add(&st.env, "KBUILD_CFLAGS=-O2");
	/* make's own, as a record of an older planner may hold it: read back. */
	strv_add(&st.env, "MAKEOVERRIDES=${-*-command-variables-*-}");
	strv_add(&st.env, "RETPOLINE_CFLAGS=-mx");
	CHECK(!plan_state_write(&st, q.r.build), "write");
	plan_state_free(&st);
	CHECK(!plan_state_read(&st, q.r.build) && !st.bad, "read");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only") && p.need_env, "%s", p.why);
	plan_free(&p);
	fx_write_bytes(fx_path(root, "6.1", "now.env"), dump, sizeof(dump) - 1);
	q.r.env_now = fx_path(root, "6.1", "now.env");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only") && !p.need_env && p.switched, "%s",
	      p.why);
	plan_free(&p);
	fx_write_bytes(fx_path(root, "6.1", "other.env"), other, sizeof(other) - 1);
	q.r.env_now = fx_path(root, "6.1", "other.env");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") &&
	      strstr(p.why, "the top Makefile exports another environment (KBUILD_CFLAGS "), "%s",
	      p.why);
	plan_free(&p);
	q.r.env_now = fx_path(root, "6.1", "no.env");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") &&
	      strstr(p.why, "reading the top Makefile failed"), "%s", p.why);
	plan_free(&p);
	plan_set(&st.env_key, "0123456789abcdef");
	q.r.env_now = fx_path(root, "6.1", "now.env");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") &&
	      strstr(p.why, "its environment was not recorded"), "recorded at another key: %s", p.why);
	plan_free(&p);
	plan_state_free(&st);
	free(from);
}

/* rule: only the top Makefile's version rules changed: the steps learned
 * before the switch are replayed (and carried to the new key) */
static void test_switch_of_the_makefile_alone_replays(void)
{
	static const char dump[] = "KBUILD_CFLAGS=-O2\0";
	const char *root;
	struct fx_req q;
	struct plan_state st;
	struct plan p;
	char *from, old[17];

	from = after_switch(&root, "6.1", "switch-makefile", &q, &st, old);
	plan_set(&st.env_key, old);
	strv_add(&st.env, "KBUILD_CFLAGS=-O2");
	plan_set(&st.steps, old);
	fx_write(fx_path(root, "6.1", "build/" PLAN_STEPS), "REPLAY_STEPS := init/version.o vmlinux\n"
		 "REPLAY_KBUILD :=\n");
	fx_write_bytes(fx_path(root, "6.1", "now.env"), dump, sizeof(dump) - 1);
	q.r.env_now = fx_path(root, "6.1", "now.env");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "replayed") && p.carry && p.steps == 2, "%s", p.why);
	CHECK(strstr(p.why, "changes only the top Makefile's version rules") != NULL, "%s", p.why);
	plan_free(&p);
	fx_env(&q, "KVER_REPLAY=0");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only") && !p.carry, "KVER_REPLAY=0: %s", p.why);
	plan_free(&p);
	q.nenv = 0;
	q.env[0] = NULL;
	plan_set(&st.steps, "0123456789abcdef");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only") && !p.carry, "other steps: %s", p.why);
	plan_free(&p);
	/* The top Makefile and another file: the steps may not hold. */
	plan_set(&st.steps, old);
	{
		char text[256];

		snprintf(text, sizeof(text), "%s\nMakefile\ninit/version.c\n", from);
		fx_write(fx_path(root, "6.1", "src/.kver-switch"), text);
	}
	CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only") && !p.carry && p.switched,
	      "Makefile and init/version.c: %s", p.why);
	plan_free(&p);
	/* A record of a third series: the switch is not from the folder's build. */
	plan_state_free(&st);
	fx_learned(&st, &q, "s-third");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") && strstr(p.why, "the series changed"),
	      "%s", p.why);
	plan_free(&p);
	plan_state_free(&st);
	free(from);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		fx_dir = argv[1];
	KT_RUN(test_switch_object_outside_absolute_path());
	KT_RUN(test_switch_object_outside_ccache_path());
	KT_RUN(test_switch_within_the_version_dirs());
	KT_RUN(test_switch_of_a_file_the_build_reads());
	KT_RUN(test_switch_of_the_top_makefile());
	KT_RUN(test_switch_of_the_makefile_alone_replays());
	fx_cleanup();
	return kt_done();
}
