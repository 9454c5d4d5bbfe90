// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of what the planner keeps (lab/plan_env.c, plan_state.c): what
 * the top Makefile exports, with and without its compiler probes, as
 * lab/replay.mk's dump gives it, and the build folder's record,
 * BUILD/.kver-plan, with the lab's files before it. argv[1]: the fixtures'
 * folder (tests/lab/fixtures/plan).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "plan_fixture.h"

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
				   "MAKEOVERRIDES=${-*-command-variables-*-}\0_=/usr/bin/make\0"
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

int main(int argc, char **argv)
{
	if (argc > 1)
		fx_dir = argv[1];
	KT_RUN(test_lean_environment());
	KT_RUN(test_made_environment());
	KT_RUN(test_record());
	fx_cleanup();
	return kt_done();
}
