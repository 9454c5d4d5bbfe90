// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of what the planner learns and keeps (lab/plan_learn.c,
 * plan_steps.c, plan_env.c, plan_state.c): the version's directories and
 * the steps of a version-only make from the .cmd files recorded from the
 * lab's build folders, the thin archives the steps leave out (a real
 * init/built-in.a), what the top Makefile exports, and the folder's record.
 * argv[1]: the fixtures' folder (tests/lab/fixtures/plan).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "plan_fixture.h"

/* rule: a word names a version header alone or after a folder, not as a part */
static void test_version_header_words(void)
{
	static const struct {
		const char *text;
		int names;
	} cases[] = {
		{ "deps := \\\n  include/generated/utsrelease.h \\\n", 1 },
		{ "-include init/utsversion-tmp.h -c", 1 },
		{ "x: ./include/generated/compile.h", 1 },
		{ "  include/generated/uapi/linux/version.h:", 1 },
		{ "  include/generated/utsversion.h", 1 },
		{ "  include/generated/utsrelease.hh \\", 0 },
		{ "  include/generated/autoconf.h \\", 0 },
		{ "  xinclude/generated/utsrelease.h", 0 },
		{ "  ../src/include/linux/version.h", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(plan_names_version(cases[i].text, strlen(cases[i].text)) == cases[i].names,
		      "'%s'", cases[i].text);
}

/* rule: a folder of the version walks once, the folders below it with it */
static void test_version_dirs_nested_and_without_archive(void)
{
	const char *root = fx_root();
	struct strv dirs = { 0 };
	char *s;

	CHECK(!fx_tree(root, "6.1"), "fixture");
	/* kernel/module depends on the version; so does usr/include/linux, which has no archive. */
	remove(fx_path(root, "6.1", "build/kernel/.sys.o.cmd"));
	remove(fx_path(root, "6.1", "build/kernel/.fork.o.cmd"));
	CHECK(!plan_version_dirs(fx_path(root, "6.1", "build"), &dirs), "dirs");
	s = strv_join(&dirs, " ");
	CHECK(!strcmp(s, "arch/x86/entry/vdso drivers/usb/core init kernel/module"), "%s", s);
	free(s);
	strv_free(&dirs);
	/* Nothing depends on the version: nothing to walk. */
	CHECK(!plan_version_dirs(fx_path(root, "6.1", "build/arch/x86/kernel"), &dirs) && !dirs.n,
	      "arch/x86/kernel alone: %zu", dirs.n);
	strv_free(&dirs);
}

/* rule: a target is in a walked folder when below it, or below the boot image's */
static void test_target_in_the_walked_folders(void)
{
	static const struct {
		const char *target;
		int in;
	} cases[] = {
		{ "init/version.o", 1 }, { "init/tests/linux_version_kunit.o", 1 },
		{ "kernel/sys.o", 1 }, { "initramfs/x.o", 0 }, { "kernel", 0 }, { "vmlinux", 0 },
		{ "arch/x86/boot/version.o", 1 }, { "arch/x86/boot", 0 }, { "arch/x86/kernel/x.o", 0 },
		{ "lib/x.o", 0 },
	};
	struct strv dirs = { 0 };

	strv_add(&dirs, "init");
	strv_add(&dirs, "kernel");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(plan_in_dirs(cases[i].target, &dirs) == cases[i].in, "%s", cases[i].target);
	strv_free(&dirs);
}

/* rule: a path relative to the build folder, as ccache writes it */
static void test_relative_path_of_the_source(void)
{
	static const char *const cases[][3] = {
		{ "build", "src", "../src" }, { "build/init", "src/scripts", "../../src/scripts" },
		{ "build", "build/init", "init" }, { "build/init", "build", ".." },
		{ "build", "build", "." }, { "build", "nowhere", NULL },
	};
	const char *root = fx_root();

	CHECK(!fx_tree(root, "6.12"), "fixture");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *r = plan_relpath(fx_path(root, "6.12", cases[i][0]),
				       fx_path(root, "6.12", cases[i][1]));

		CHECK(cases[i][2] ? r && !strcmp(r, cases[i][2]) : !r, "%s to %s: %s", cases[i][0],
		      cases[i][1], r ? r : "(none)");
		free(r);
	}
}

/* The real init/built-in.a of a tree, and a copy with one byte changed at off. */
static char *archive(const char *tree, size_t *len)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s/build/init/built-in.a", fx_dir, tree);
	return plan_slurp(path, len);
}

/* rule: a thin archive written again but for its members' sizes is the same */
static void test_thin_archive_sizes_only(void)
{
	size_t len = 0;
	char *a = archive("6.1", &len), *b;
	size_t member, names;

	CHECK(a && len == 668, "init/built-in.a: %zu bytes", len);
	if (!a)
		return;
	b = malloc(len);
	/* The first member's header follows the name table: "//" at 8, its
	 * size at 8 + 48, its data (120 bytes) from 68. */
	names = 8;
	member = names + 60 + 120;
	CHECK(!memcmp(a + member, "/0 ", 3), "first member at %zu", member);
	memcpy(b, a, len);
	CHECK(plan_thin_same(a, len, b, len), "itself");
	memcpy(b + member + 48, "33620     ", 10);
	CHECK(plan_thin_same(a, len, b, len), "a member's size");
	memcpy(b, a, len);
	b[member + 1] = '9';
	CHECK(!plan_thin_same(a, len, b, len), "a member's name");
	memcpy(b, a, len);
	b[names + 60 + 5] = 'X';
	CHECK(!plan_thin_same(a, len, b, len), "the name table");
	memcpy(b, a, len);
	memcpy(b + names + 48, "121       ", 10);
	CHECK(!plan_thin_same(a, len, b, len), "the name table's size");
	memcpy(b, a, len);
	b[member + 40] = '7';
	CHECK(!plan_thin_same(a, len, b, len), "a member's mode");
	memcpy(b, a, len);
	b[member + 58] = ' ';
	CHECK(!plan_thin_same(a, len, b, len), "a broken header");
	CHECK(!plan_thin_same(a, len, a, len - 2), "a shorter archive");
	CHECK(!plan_thin_same(a, len - 30, a, len - 30), "a header cut short");
	memcpy(b, a, len);
	memcpy(b, "!<arch>\n", 8);
	CHECK(!plan_thin_same(b, len, b, len), "not a thin archive");
	free(a);
	free(b);
	/* 6.12's and 5.10's, as their builds wrote them, are each the same as themselves. */
	for (int t = 0; t < 2; t++) {
		a = archive(t ? "5.10" : "6.12", &len);
		CHECK(a && plan_thin_same(a, len, a, len), "%s", t ? "5.10" : "6.12");
		free(a);
	}
}

/* Every .cmd file of the fixture made before the mark; the headers there. */
static void before_the_mark(const char *root)
{
	static const char *const cmds[] = {
		"init/.version.o.cmd", "init/tests/.linux_version_kunit.o.cmd", "kernel/.sys.o.cmd",
		"kernel/module/.main.o.cmd", "arch/x86/entry/vdso/.vdso-note.o.cmd",
		"drivers/usb/core/.hcd.o.cmd", "usr/include/linux/.version.h.cmd",
		"arch/x86/boot/.version.o.cmd", "kernel/.fork.o.cmd", "arch/x86/kernel/.dumpstack.o.cmd",
		".vmlinux.cmd", "init/.built-in.a.cmd", "init/.version-timestamp.o.cmd",
	};
	char rel[256];

	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		snprintf(rel, sizeof(rel), "build/%s", cmds[i]);
		fx_mtime(fx_path(root, "6.1", rel), 500);
	}
	fx_write(fx_path(root, "6.1", "build/include/generated/utsrelease.h"), "");
	fx_write(fx_path(root, "6.1", "build/include/generated/uapi/linux/version.h"), "");
	fx_mtime(fx_path(root, "6.1", "build/include/generated/utsrelease.h"), 500);
	fx_mtime(fx_path(root, "6.1", "build/include/generated/uapi/linux/version.h"), 500);
}

/* The steps of a version-only make on the 6.1 fixture: the .cmd files it
 * wrote, in the order given (seconds after the mark at 1000; "=FILE" at it). */
static char *learn(const char *root, const char *const *order, size_t n, int *rc, char *why)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	before_the_mark(root);
	fx_write(fx_path(root, "6.1", "build/.kver-t0"), "");
	fx_mtime(fx_path(root, "6.1", "build/.kver-t0"), 1000);
	/* "=FILE": made at the mark's own time. */
	for (size_t i = 0; i < n; i++)
		fx_mtime(fx_path(root, "6.1", order[i] + (order[i][0] == '=')),
			 order[i][0] == '=' ? 1000 : 1001 + (long)i);
	*rc = plan_learn_steps(fx_path(root, "6.1", "build"), fx_path(root, "6.1", "src"), f, why, 512);
	fclose(f);
	return text;
}

/* The order 6.1's make wrote them in: the UAPI header, the compiles, the
 * archive, what the link makes itself, the link, the boot image's. */
static const char *const order[] = {
	"build/include/generated/utsrelease.h", "build/include/generated/uapi/linux/version.h",
	"build/usr/include/linux/.version.h.cmd", "build/arch/x86/entry/vdso/.vdso-note.o.cmd",
	"build/init/.version.o.cmd", "build/kernel/.sys.o.cmd", "build/init/.built-in.a.cmd",
	"build/init/.version-timestamp.o.cmd", "build/.vmlinux.cmd",
	"build/arch/x86/boot/.version.o.cmd",
};

/* rule: the steps are the targets the make wrote, in its order, less what
 * the link makes itself and the archives written again but for sizes; a
 * compile of a version header waits for the headers alone, every other step
 * for all before it */
static void test_steps_of_a_version_only_make(void)
{
	const char *root = fx_root();
	char why[512] = "", *text, *b;
	size_t len = 0;
	int rc;

	CHECK(!fx_tree(root, "6.1"), "fixture");
	/* init/built-in.a as the make found it: the same members, other sizes. */
	b = archive("6.1", &len);
	memcpy(b + 8 + 60 + 120 + 48, "33620     ", 10);
	fx_write_bytes(fx_path(root, "6.1", "build/.kver-ar/init/built-in.a"), b, len);
	free(b);
	text = learn(root, order, sizeof(order) / sizeof(order[0]), &rc, why);
	CHECK(!rc, "%s", why);
	CHECK(strstr(text, "REPLAY_STEPS := usr/include/linux/version.h arch/x86/entry/vdso/vdso-note.o "
			   "init/version.o kernel/sys.o vmlinux arch/x86/boot/version.o\n") == text,
	      "%s", text);
	CHECK(strstr(text, "\nkver-replay/init/version.o: kver-replay-headers\n") != NULL, "%s", text);
	CHECK(strstr(text, "\nkver-replay/kernel/sys.o: kver-replay-headers\n") != NULL, "%s", text);
	CHECK(strstr(text, "\nkver-replay/vmlinux: kver-replay-headers kver-replay/usr/include/linux/"
			   "version.h kver-replay/arch/x86/entry/vdso/vdso-note.o kver-replay/init/"
			   "version.o kver-replay/kernel/sys.o\n") != NULL, "%s", text);
	CHECK(strstr(text, "\nREPLAY_VERSION_H := 1\n") != NULL, "%s", text);
	free(text);
	/* An archive written again with other members is a step; so is the
	 * link's own make of init/version-timestamp.o without a link. */
	fx_write(fx_path(root, "6.1", "build/.kver-ar/init/built-in.a"), "!<thin>\n");
	text = learn(root, order, sizeof(order) / sizeof(order[0]) - 2, &rc, why);
	CHECK(!rc && strstr(text, " kernel/sys.o init/built-in.a init/version-timestamp.o\n"), "%s",
	      text);
	free(text);
	/* A compile of a version header that reads another step waits for the
	 * steps before it (as vdso2c reads vdso64.so); a .cmd file of the
	 * mark's own time is not the make's. */
	fx_write(fx_path(root, "6.1", "build/arch/x86/entry/vdso/.vdso-image-64.c.cmd"),
		 "cmd_arch/x86/entry/vdso/vdso-image-64.c := arch/x86/entry/vdso/vdso2c "
		 "arch/x86/entry/vdso/vdso64.so.dbg arch/x86/entry/vdso/vdso-note.o "
		 "include/generated/uapi/linux/version.h\n");
	{
		static const char *const two[] = {
			"build/include/generated/utsrelease.h", "build/arch/x86/entry/vdso/.vdso-note.o.cmd",
			"build/arch/x86/entry/vdso/.vdso-image-64.c.cmd",
		};

		text = learn(root, two, 3, &rc, why);
	}
	CHECK(!rc && strstr(text, "\nkver-replay/arch/x86/entry/vdso/vdso-image-64.c: kver-replay-headers "
				  "kver-replay/arch/x86/entry/vdso/vdso-note.o\n"), "%s", text);
	free(text);
	{
		static const char *const mark[] = { "build/include/generated/utsrelease.h",
						    "build/init/.version.o.cmd",
						    "=build/kernel/.sys.o.cmd" };

		text = learn(root, mark, 3, &rc, why);
	}
	CHECK(!rc && strstr(text, "init/version.o") && !strstr(text, "kernel/sys.o"), "at the mark: %s",
	      text);
	free(text);
}

/* rule: learning fails, said, when the make wrote no new release or a .cmd
 * file has no saved command; version.h need not change (5.10 from 255 on) */
static void test_steps_not_learned(void)
{
	const char *root = fx_root();
	char why[512] = "", *text;
	int rc;

	CHECK(!fx_tree(root, "6.1"), "fixture");
	text = learn(root, order + 2, 3, &rc, why);
	CHECK(rc == 1 && strstr(why, "the make wrote no new release"), "%d %s", rc, why);
	free(text);
	text = learn(root, order, 1, &rc, why);
	CHECK(rc == 1 && strstr(why, "no .cmd file"), "%d %s", rc, why);
	free(text);
	fx_write(fx_path(root, "6.1", "build/kernel/.sys.o.cmd"), "# no command\n");
	text = learn(root, order, 6, &rc, why);
	CHECK(rc == 1 && strstr(why, "kernel/.sys.o.cmd names no saved command"), "%d %s", rc, why);
	free(text);
	fx_write(fx_path(root, "6.1", "build/kernel/.sys.o.cmd"),
		 "savedcmd_kernel/sys.o := gcc -c -o kernel/sys.o\n");
	{
		static const char *const no_version_h[] = { "build/include/generated/utsrelease.h",
							     "build/init/.version.o.cmd",
							     "build/kernel/.sys.o.cmd" };

		text = learn(root, no_version_h, 3, &rc, why);
	}
	CHECK(!rc && strstr(text, "REPLAY_STEPS := ") && strstr(text, "\nREPLAY_VERSION_H := 0\n"),
	      "savedcmd_, an unchanged version.h: %s %s", text, why);
	free(text);
	remove(fx_path(root, "6.1", "build/.kver-t0"));
	CHECK(plan_learn_steps(fx_path(root, "6.1", "build"), fx_path(root, "6.1", "src"), stdout, why,
			       sizeof(why)) == 1 && strstr(why, "no mark"), "%s", why);
}

/* rule: what the compiler probes decide is exported to the replay (REPLAY_LEAN),
 * when the variables make it so */
static void test_lean_environment(void)
{
	struct strv full = { 0 }, lean = { 0 };
	char why[256] = "", *text = NULL;
	size_t len = 0;
	FILE *f;

	strv_add(&full, "AR=ar");
	strv_add(&full, "KBUILD_CFLAGS=-O2 -mretpoline #x $(y)");
	strv_add(&full, "RETPOLINE_CFLAGS=-mretpoline");
	strv_add(&lean, "AR=ar");
	strv_add(&lean, "KBUILD_CFLAGS=-O2");
	f = open_memstream(&text, &len);
	CHECK(plan_env_lean(&full, &lean, f, why, sizeof(why)) == 0, "%s", why);
	fclose(f);
	CHECK(!strcmp(text, "REPLAY_LEAN := 1\nexport KBUILD_CFLAGS := -O2 -mretpoline \\#x $$(y)\n"
			    "export RETPOLINE_CFLAGS := -mretpoline\n"), "%s", text);
	free(text);
	/* Exported only without the probes: no lean replay. */
	strv_add(&lean, "LEAN_ONLY=1");
	f = open_memstream(&text, &len);
	CHECK(plan_env_lean(&full, &lean, f, why, sizeof(why)) == 1 &&
	      strstr(why, "LEAN_ONLY is exported only without"), "%s", why);
	fclose(f);
	CHECK(!len, "nothing written: %s", text);
	free(text);
	strv_free(&lean);
	strv_add(&lean, "AR=ar");
	strv_add(&full, "PAHOLE_FLAGS=a\\");
	f = open_memstream(&text, &len);
	CHECK(plan_env_lean(&full, &lean, f, why, sizeof(why)) == 1 &&
	      strstr(why, "PAHOLE_FLAGS has a value"), "a backslash at the end: %s", why);
	fclose(f);
	free(text);
	strv_free(&full);
	strv_add(&full, "AR=ar");
	strv_add(&full, "X=a\nb");
	f = open_memstream(&text, &len);
	CHECK(plan_env_lean(&full, &lean, f, why, sizeof(why)) == 1 && strstr(why, "X has a value"),
	      "a newline: %s", why);
	fclose(f);
	free(text);
	strv_free(&full);
	strv_free(&lean);
}

/* rule: the top Makefile's environment is what a recipe gets but the
 * process's own and the version's, make's own left out */
static void test_made_environment(void)
{
	static const char dump[] = "HOME=/root\0MAKEFLAGS=-s\0MAKELEVEL=1\0REPLAY_LIST=x\0"
				   "KBUILD_CFLAGS=-O2\0KERNELRELEASE=6.1.300\0SUBLEVEL=300\0"
				   "KBUILD_BUILD_VERSION=1\0MODLIB=/lib/modules/6.1.300\0"
				   "AR=ar\0CC=gcc\0noequals\0";
	char *envp[] = { "HOME=/root", "CC=cc", NULL };
	const char *root = fx_root();
	struct strv env = { 0 }, made = { 0 };
	char *s;

	fx_write_bytes(fx_path(root, "x", "env"), dump, sizeof(dump) - 1);
	CHECK(!plan_env_read(fx_path(root, "x", "env"), &env), "read");
	s = strv_join(&env, " ");
	CHECK(!strcmp(s, "AR=ar CC=gcc HOME=/root KBUILD_BUILD_VERSION=1 KBUILD_CFLAGS=-O2 "
			 "KERNELRELEASE=6.1.300 MODLIB=/lib/modules/6.1.300 SUBLEVEL=300"), "%s", s);
	free(s);
	CHECK(!plan_env_made(&env, envp, &made), "made");
	s = strv_join(&made, " ");
	CHECK(!strcmp(s, "AR=ar CC=gcc KBUILD_CFLAGS=-O2"), "%s", s);
	free(s);
	CHECK(plan_env_same(&made, &made) && !plan_env_same(&made, &env), "same");
	strv_free(&env);
	strv_add(&env, "AR=ar");
	strv_add(&env, "CC=gcc");
	strv_add(&env, "KBUILD_CFLAGS=-O3");
	CHECK(!plan_env_same(&made, &env), "another value");
	CHECK(plan_env_read(fx_path(root, "x", "none"), &env) == -1, "no dump");
	strv_free(&env);
	strv_free(&made);
}

/* rule: the record reads back as written; one that does not read is said
 * so; the lab's files before it give their config and count */
static void test_record(void)
{
	static const char *const bad[] = {
		"format=2\n", "config=x\n", "format=1\nsize=3\n", "format=1\nno value\n",
		"format=1\nrelease=6.1\\x\n",
	};
	const char *root = fx_root();
	char build[4096];
	struct plan_state st = { 0 }, back;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	snprintf(build, sizeof(build), "%s", fx_path(root, "6.1", "build"));
	fx_write(fx_path(root, "6.1", "build/.kver-config"), "0901d49be203540f\n");
	fx_write(fx_path(root, "6.1", "build/.kver-objects"), "0901d49be203540f 832\n");
	fx_write(fx_path(root, "6.1", "build/.kver-fast"), "x\ny\n");
	CHECK(!plan_state_read(&st, build) && !st.bad, "legacy");
	CHECK(st.config && !strcmp(st.config, "0901d49be203540f"), "config");
	CHECK(st.objects && !strcmp(st.objects, "0901d49be203540f 832"), "objects");
	CHECK(!st.key && !st.dirs.n, "nothing else");
	plan_set(&st.key, "0123456789abcdef");
	strv_add(&st.parts, "cc=gcc (Debian 12.2.0-14) 12.2.0");
	strv_add(&st.parts, "make:X=a=b");
	strv_add(&st.dirs, "init");
	strv_add(&st.dirs, "kernel");
	strv_add(&st.env, "PAHOLE_FLAGS=a\\b\nc");
	plan_set(&st.env_key, "0123456789abcdef");
	plan_set(&st.kind, "replayed");
	plan_set(&st.release, "6.1.300");
	plan_set(&st.vmlinux, "1765000000.123456789 2048");
	plan_set(&st.pending, "fedcba9876543210");
	strv_add(&st.pending_parts, "series=s");
	plan_set(&st.pending_config, "c2");
	plan_set(&st.pending_path, "version-only");
	st.pending_switched = 1;
	CHECK(!plan_state_write(&st, build), "write");
	CHECK(!plan_state_read(&back, build) && !back.bad, "%s", back.bad ? back.bad : "");
	f = open_memstream(&text, &len);
	plan_state_print(&back, f);
	fclose(f);
	CHECK(!strcmp(text, "# What kver-lab plan knows of this build folder (docs/lab-paths.md).\n"
			    "format=1\nconfig=0901d49be203540f\nkey=0123456789abcdef\n"
			    "key.part=cc=gcc (Debian 12.2.0-14) 12.2.0\nkey.part=make:X=a=b\n"
			    "dirs=init kernel\nmade-env=0123456789abcdef\nenv=PAHOLE_FLAGS=a\\\\b\\nc\n"
			    "objects=0901d49be203540f 832\nkind=replayed\nrelease=6.1.300\n"
			    "vmlinux=1765000000.123456789 2048\n"
			    "pending=fedcba9876543210\npending.part=series=s\npending.config=c2\n"
			    "pending.path=version-only\npending.switched=1\n"), "%s", text);
	CHECK(back.pending_switched == 1 && !strcmp(back.env.v[0], "PAHOLE_FLAGS=a\\b\nc"), "values");
	CHECK(!plan_slurp(fx_path(root, "6.1", "build/.kver-fast"), NULL) &&
	      !plan_slurp(fx_path(root, "6.1", "build/.kver-config"), NULL), "the old files are gone");
	free(text);
	plan_state_free(&st);
	plan_state_free(&back);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		fx_write(fx_path(root, "6.1", "build/" PLAN_RECORD), bad[i]);
		CHECK(!plan_state_read(&st, build) && st.bad && !st.key && !st.config,
		      "'%s': %s", bad[i], st.bad ? st.bad : "read");
		plan_state_free(&st);
	}
}

/* rule: a step whose saved command carries a SUBLEVEL (a Makefile's
 * -DMAKEFILE_SUBLEVEL=$(SUBLEVEL), as the kver series' KUnit test has)
 * changes with the point: the steps name the number it was learned at,
 * which lab/replay.mk replaces with the point's own */
static void test_step_that_carries_sublevel(void)
{
	const char *root = fx_root();
	char why[512] = "", *text;
	int rc;

	CHECK(!fx_tree(root, "6.1"), "fixture");
	fx_write(fx_path(root, "6.1", "build/kernel/.sys.o.cmd"),
		 "savedcmd_kernel/sys.o := gcc -DMAKEFILE_SUBLEVEL=300 -c -o kernel/sys.o "
		 "kernel/sys.c include/generated/uapi/linux/version.h\n");
	text = learn(root, order, sizeof(order) / sizeof(order[0]), &rc, why);
	CHECK(rc == 0 && strstr(text, "\nREPLAY_SUBLEVEL := 300\n"), "%d: %s", rc, text ? text : why);
	free(text);
	/* SUBLEVEL= with no number (a word that merely names it) is no reason. */
	fx_write(fx_path(root, "6.1", "build/kernel/.sys.o.cmd"),
		 "savedcmd_kernel/sys.o := gcc -DNAME=SUBLEVEL= -c -o kernel/sys.o "
		 "kernel/sys.c include/generated/uapi/linux/version.h\n");
	text = learn(root, order, sizeof(order) / sizeof(order[0]), &rc, why);
	CHECK(rc == 0 && !strstr(text, "REPLAY_SUBLEVEL"), "%s", why);
	free(text);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		fx_dir = argv[1];
	KT_RUN(test_version_header_words());
	KT_RUN(test_version_dirs_nested_and_without_archive());
	KT_RUN(test_target_in_the_walked_folders());
	KT_RUN(test_relative_path_of_the_source());
	KT_RUN(test_thin_archive_sizes_only());
	KT_RUN(test_steps_of_a_version_only_make());
	KT_RUN(test_step_that_carries_sublevel());
	KT_RUN(test_steps_not_learned());
	KT_RUN(test_lean_environment());
	KT_RUN(test_made_environment());
	KT_RUN(test_record());
	fx_cleanup();
	return kt_done();
}
