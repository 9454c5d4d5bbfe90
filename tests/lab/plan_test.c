// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the build planner's decision (lab/plan.c, plan_key.c): which
 * path builds a point and why, on build folders made of the .cmd files
 * recorded from the lab's 6.1, 6.12 and 5.10 build folders and the series
 * switches lab/prepare.sh recorded there (tests/lab/fixtures/plan/).
 * argv[1]: the fixtures' folder.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "plan_fixture.h"

static const char *const trees[] = { "6.1", "6.12", "5.10" };

/* rule: a point whose key is the last build's only walks the version's directories */
static void test_same_key_walks_the_version_dirs(void)
{
	for (size_t t = 0; t < 3; t++) {
		const char *root = fx_root();
		struct fx_req q;
		struct plan_state st;
		struct plan p;
		char *dirs;

		CHECK(!fx_tree(root, trees[t]), "fixture %s", trees[t]);
		fx_req(&q, root, trees[t]);
		fx_learned(&st, &q, "s-now");
		CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only"), "%s: %s (%s)", trees[t],
		      plan_path_name(p.path), p.why);
		dirs = strv_join(&p.dirs, " ");
		/* init/tests and kernel/module are below walked folders; usr/ and
		 * arch/x86/boot have no archive of the vmlinux walk. */
		CHECK(!strcmp(dirs, "arch/x86/entry/vdso drivers/usb/core init kernel"), "%s: %s",
		      trees[t], dirs);
		CHECK(!p.configure, "%s: configured again", trees[t]);
		free(dirs);
		plan_free(&p);
		plan_state_free(&st);
	}
}

/* rule: the version's own make variables and KBUILD_BUILD_* are no part of the key */
static void test_version_variables_keep_the_key(void)
{
	static const char *const vars[] = { "KERNELVERSION=6.1.0-75-amd64", "EXTRAVERSION=.45",
					    "SUBLEVEL=255" };
	struct fx_req q;
	struct plan_state st;
	struct plan p;

	fx_point("6.1", "s-now", &q, &st);
	for (size_t i = 0; i < 3; i++)
		fx_var(&q, vars[i]);
	fx_env(&q, "KBUILD_BUILD_VERSION=1 SMP PREEMPT_DYNAMIC Debian 6.1.300-1");
	fx_env(&q, "KBUILD_BUILD_USER=debian-kernel");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only"), "%s", p.why);
	plan_free(&p);
	plan_state_free(&st);
}

/* rule: every other make variable, Kbuild's environment (KCFLAGS), the
 * compiler, the series and the config are the key: a change is the whole make */
static void test_key_change_is_the_whole_make(void)
{
	static const struct {
		const char *var, *env, *cc, *config, *said;
	} cases[] = {
		{ NULL, "KCFLAGS=-O1", NULL, NULL, "the environment's KCFLAGS changed ('-O1', was '')" },
		{ NULL, "KCPPFLAGS=-DX", NULL, NULL, "KCPPFLAGS changed" },
		{ NULL, "KBUILD_BUILD_TIMESTAMP=2026-01-01", NULL, NULL, "KBUILD_BUILD_TIMESTAMP" },
		{ "KCFLAGS=-O1", NULL, NULL, NULL, "the make variable KCFLAGS changed ('-O1', was '')" },
		{ "LLVM=1", NULL, NULL, NULL, "LLVM" },
		{ NULL, "LLVM=1", NULL, NULL, "the environment's LLVM changed" },
		{ NULL, NULL, "gcc (Debian 14.2.0-19) 14.2.0", NULL, "the compiler changed" },
		{ NULL, NULL, NULL, "cfg2", "configured again" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *root = fx_root();
		struct fx_req q;
		struct plan_state st;
		struct plan p;

		CHECK(!fx_tree(root, "6.1"), "fixture");
		fx_req(&q, root, "6.1");
		fx_learned(&st, &q, "s-now");
		if (cases[i].var)
			fx_var(&q, cases[i].var);
		if (cases[i].env)
			fx_env(&q, cases[i].env);
		if (cases[i].cc)
			q.r.cc_version = cases[i].cc;
		if (cases[i].config)
			q.r.config_hash = cases[i].config;
		CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") && strstr(p.why, cases[i].said),
		      "case %zu: %s: %s", i, plan_path_name(p.path), p.why);
		plan_free(&p);
		plan_state_free(&st);
	}
}

/* rule: another series without a switch record is the whole make, and says which */
static void test_series_change_is_the_whole_make(void)
{
	struct fx_req q;
	struct plan_state st;
	struct plan p;

	fx_point("6.12", "s-before", &q, &st);
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental"), "%s", p.why);
	CHECK(!strcmp(p.why, "the series changed (s-now, was s-before)"), "%s", p.why);
	plan_free(&p);
	plan_state_free(&st);
}

/* rule: no kernel yet is the full build; a build stopped half way goes on */
static void test_full_and_resumed(void)
{
	const char *root = fx_root();
	struct fx_req q;
	struct plan_state st = { 0 };
	struct plan p;

	CHECK(!fx_tree(root, "5.10"), "fixture");
	remove(fx_path(root, "5.10", "build/vmlinux"));
	remove(fx_path(root, "5.10", "build/.config"));
	fx_req(&q, root, "5.10");
	plan_set(&st.objects, "cfg1 832");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "full") && !p.resumed && p.configure, "%s", p.why);
	CHECK(!strcmp(p.objects, "832"), "this config's count: %s", p.objects);
	plan_free(&p);
	plan_set(&st.objects, "cfg0 900");
	fx_decide(&q, &st, &p);
	CHECK(!strcmp(p.objects, "900~"), "another config's count is a guess: %s", p.objects);
	plan_free(&p);
	plan_set(&st.objects, "cfg 700");
	fx_decide(&q, &st, &p);
	CHECK(!strcmp(p.objects, "700~"), "a config named as the start of this one: %s", p.objects);
	plan_free(&p);
	fx_write(fx_path(root, "5.10", "build/init/main.o"), "");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "full") && p.resumed && !p.objects[0], "%s", p.why);
	CHECK(!strcmp(p.why, "a full build stopped half way goes on"), "%s", p.why);
	plan_free(&p);
	plan_state_free(&st);
}

/* rule: KVER_FAST=0, a record that does not read, a vmlinux the record does
 * not know, a build that did not finish, no directories learned: the whole
 * make, each said */
static void test_whole_make_when_nothing_is_trusted(void)
{
	const char *root;
	struct fx_req q;
	struct plan_state st;
	struct plan p;

	root = fx_point("6.1", "s-now", &q, &st);
	fx_env(&q, "KVER_FAST=0");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") && strstr(p.why, "KVER_FAST=0"), "%s",
	      p.why);
	plan_free(&p);
	q.nenv = 0;
	q.env[0] = NULL;
	fx_env(&q, "KVER_FAST=1");
	plan_set(&st.bad, "BUILD/.kver-plan:3: an unknown name");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") && strstr(p.why, "an unknown name"), "%s",
	      p.why);
	plan_free(&p);
	plan_set(&st.bad, NULL);
	/* No .config: configured again, whatever the record says. */
	remove(fx_path(root, "6.1", "build/.config"));
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") && p.configure &&
	      strstr(p.why, "configured again"), "no .config: %s", p.why);
	plan_free(&p);
	fx_write(fx_path(root, "6.1", "build/.config"), "CONFIG_X=y\n");
	/* A make the planner did not run: another vmlinux than the record's. */
	fx_write(fx_path(root, "6.1", "build/vmlinux"), "linked by hand\n");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") && strstr(p.why, "another make built it"),
	      "%s", p.why);
	plan_free(&p);
	plan_set(&st.vmlinux, NULL);
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") && strstr(p.why, "another make built it"),
	      "no vmlinux in the record: %s", p.why);
	plan_free(&p);
	{
		char stamp[64];

		plan_vmlinux(q.build, stamp, sizeof(stamp));
		plan_set(&st.vmlinux, stamp);
	}
	strv_free(&st.dirs);
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") &&
	      !strcmp(p.why, "the last build learned no directories of the version"), "%s", p.why);
	plan_free(&p);
	plan_set(&st.key, NULL);
	plan_set(&st.pending, "0123456789abcdef");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") &&
	      !strcmp(p.why, "the last build did not finish"), "%s", p.why);
	plan_free(&p);
	plan_set(&st.pending, NULL);
	CHECK(!strcmp(fx_decide(&q, &st, &p), "incremental") &&
	      !strcmp(p.why, "nothing learned in this build folder yet"), "%s", p.why);
	plan_free(&p);
	plan_state_free(&st);
}

/* rule: the steps learned at the key are replayed, unless KVER_REPLAY=0, the
 * list was learned at another key or by an older kver-lab, or it is gone */
static void test_replay_of_the_steps_learned(void)
{
	const char *root;
	struct fx_req q;
	struct plan_state st;
	struct plan p;
	const char *list;

	root = fx_point("6.1", "s-now", &q, &st);
	list = fx_path(root, "6.1", "build/" PLAN_STEPS);
	fx_write(list, "REPLAY_STEPS := init/version.o kernel/sys.o vmlinux\nREPLAY_KBUILD :=\n"
		       "REPLAY_LEAN := 1\n");
	plan_set(&st.steps, st.key);
	CHECK(!strcmp(fx_decide(&q, &st, &p), "replayed") && p.steps == 3, "%s %zu", p.why, p.steps);
	plan_free(&p);
	fx_env(&q, "KVER_REPLAY=0");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only") && strstr(p.why, "KVER_REPLAY=0"), "%s",
	      p.why);
	plan_free(&p);
	q.nenv = 0;
	q.env[0] = NULL;
	plan_set(&st.steps, "0123456789abcdef");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only"), "steps of another key: %s", p.why);
	plan_free(&p);
	plan_set(&st.steps, st.key);
	/* An older kver-lab's list: a step that names the version would run as learned. */
	fx_write(list, "REPLAY_STEPS := init/version.o kernel/sys.o vmlinux\nREPLAY_LEAN := 1\n");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only"), "a list without REPLAY_KBUILD: %s",
	      p.why);
	plan_free(&p);
	remove(list);
	CHECK(!strcmp(fx_decide(&q, &st, &p), "version-only"), "no list: %s", p.why);
	plan_free(&p);
	plan_state_free(&st);
}

/* rule: a request the lab cannot build is refused, named */
static void test_refused_requests(void)
{
	static const struct {
		const char *var, *said;
	} cases[] = {
		{ "bzImage", "'bzImage' is not a make variable" },
		{ "=x", "not a make variable" },
		{ "1X=2", "not a make variable" },
		{ "A B=1", "not a make variable" },
		{ "O=/tmp/x", "O=/tmp/x is the lab's own make variable" },
		{ "INSTALL_HDR_PATH=/h", "the lab's own" },
		{ "build-dir=init", "the lab's own" },
		{ "KCFLAGS=-O1\n-O2", "holds a newline" },
		{ "SUBLEVEL=65536", "invalid SUBLEVEL '65536'" },
		{ "SUBLEVEL=abc", "invalid SUBLEVEL 'abc'" },
		{ "SUBLEVEL=08", "invalid SUBLEVEL '08'" },
	};
	const char *root = fx_root();
	struct plan_state st = { 0 };
	struct fx_req q;
	struct plan p;

	CHECK(!fx_tree(root, "6.1"), "fixture");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fx_req(&q, root, "6.1");
		fx_var(&q, cases[i].var);
		CHECK(!strcmp(fx_decide(&q, &st, &p), "refuse") && strstr(p.why, cases[i].said),
		      "'%s': %s", cases[i].var, p.why);
		plan_free(&p);
	}
	fx_req(&q, root, "6.1");
	q.vars[1] = "SUBLEVEL_X=1";
	CHECK(!strcmp(fx_decide(&q, &st, &p), "refuse") && strstr(p.why, "no SUBLEVEL="), "%s", p.why);
	plan_free(&p);
	fx_req(&q, root, "6.1");
	q.r.cc_version = "";
	CHECK(!strcmp(fx_decide(&q, &st, &p), "refuse") && strstr(p.why, "no version"), "%s", p.why);
	plan_free(&p);
	fx_req(&q, root, "6.1");
	fx_write(fx_path(root, "6.1", "src/.kver-series"), "\n");
	CHECK(!strcmp(fx_decide(&q, &st, &p), "refuse") && strstr(p.why, "no prepared source"), "%s",
	      p.why);
	plan_free(&p);
	remove(fx_path(root, "6.1", "src/.kver-series"));
	CHECK(!strcmp(fx_decide(&q, &st, &p), "refuse") && strstr(p.why, "no prepared source"), "%s",
	      p.why);
	plan_free(&p);
}

/* rule: KVER_FAST and KVER_REPLAY are on when unset, empty or 1 */
static void test_knobs_on_when_unset_empty_or_one(void)
{
	static const char *const on[] = { "KVER_FAST=", "KVER_FAST=1", "KVER_REPLAY=",
					  "KVER_REPLAY=1" };
	static const char *const off[] = { "KVER_FAST=0", "KVER_FAST=yes", "KVER_REPLAY=0",
					   "KVER_REPLAY=true" };
	const char *root;
	struct fx_req q;
	struct plan_state st;
	struct plan p;

	root = fx_point("6.12", "s-now", &q, &st);
	fx_write(fx_path(root, "6.12", "build/" PLAN_STEPS), "REPLAY_STEPS := init/version.o\nREPLAY_KBUILD :=\n");
	plan_set(&st.steps, st.key);
	for (size_t i = 0; i < 4; i++) {
		q.env[0] = (char *)on[i];
		CHECK(!strcmp(fx_decide(&q, &st, &p), "replayed"), "%s: %s", on[i], p.why);
		plan_free(&p);
		q.env[0] = (char *)off[i];
		CHECK(p.path == PLAN_REPLAY && strcmp(fx_decide(&q, &st, &p), "replayed"), "%s: %s",
		      off[i], p.why);
		plan_free(&p);
	}
	plan_state_free(&st);
}

/* rule: the key is its parts, each whole: two variables are not one */
static void test_key_of_its_parts(void)
{
	const char *root = fx_root();
	struct fx_req a, b;
	char ka[17], kb[17], kc[17];

	CHECK(!fx_tree(root, "6.1"), "fixture");
	fx_req(&a, root, "6.1");
	fx_var(&a, "X=a");
	fx_var(&a, "Y=b");
	fx_req(&b, root, "6.1");
	fx_var(&b, "X=amake:Y=b");
	fx_key(&a, "s", ka);
	fx_key(&b, "s", kb);
	CHECK(strcmp(ka, kb), "X=a Y=b and X=amake:Y=b: %s", ka);
	fx_key(&a, "t", kc);
	CHECK(strcmp(ka, kc) && strlen(ka) == 16, "%s %s", ka, kc);
}

/* rule: the version's directories hold after a version-only point, not
 * after a whole make, a failed walk or a switch's walk */
static void test_directories_kept_or_learned_again(void)
{
	static const struct {
		enum plan_path planned, took;
		int switched, keeps;
	} cases[] = {
		{ PLAN_REPLAY, PLAN_REPLAY, 0, 1 },
		{ PLAN_REPLAY, PLAN_INCREMENTAL, 0, 1 },
		{ PLAN_WALK, PLAN_WALK, 0, 1 },
		{ PLAN_WALK, PLAN_INCREMENTAL, 0, 0 },
		{ PLAN_WALK, PLAN_WALK, 1, 0 },
		{ PLAN_REPLAY, PLAN_REPLAY, 1, 0 },
		{ PLAN_INCREMENTAL, PLAN_INCREMENTAL, 0, 0 },
		{ PLAN_FULL, PLAN_FULL, 0, 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(plan_keeps_dirs(cases[i].planned, cases[i].took, cases[i].switched) ==
		      cases[i].keeps, "case %zu", i);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		fx_dir = argv[1];
	KT_RUN(test_same_key_walks_the_version_dirs());
	KT_RUN(test_version_variables_keep_the_key());
	KT_RUN(test_key_change_is_the_whole_make());
	KT_RUN(test_series_change_is_the_whole_make());
	KT_RUN(test_full_and_resumed());
	KT_RUN(test_whole_make_when_nothing_is_trusted());
	KT_RUN(test_replay_of_the_steps_learned());
	KT_RUN(test_refused_requests());
	KT_RUN(test_knobs_on_when_unset_empty_or_one());
	KT_RUN(test_key_of_its_parts());
	KT_RUN(test_directories_kept_or_learned_again());
	fx_cleanup();
	return kt_done();
}
