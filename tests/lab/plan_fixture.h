/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The planner's test folders (tests/lab/plan_test.c, plan_learn_test.c): a
 * tree's source and build folder in a temporary root, ROOT/TREE/src and
 * ROOT/TREE/build, the build folder holding the .cmd files recorded from
 * the lab's real build folders (tests/lab/fixtures/plan/TREE/, record.sh),
 * their paths moved from the lab's cache to ROOT; and a point asked for in
 * it, as lab/build.sh asks kver-lab plan.
 */
#ifndef KVER_PLAN_FIXTURE_H
#define KVER_PLAN_FIXTURE_H

#include "plan.h"

/* The fixtures' folder (argv[1] of the tests, or tests/lab/fixtures/plan). */
extern const char *fx_dir;

/* A new root, removed by fx_cleanup(). */
const char *fx_root(void);
void fx_cleanup(void);
/* ROOT/TREE/{src,build} from the fixtures of TREE (vmlinux and .config
 * there, the series "s-now" in src); 0 on success. */
int fx_tree(const char *root, const char *tree);
/* A file under ROOT/TREE/build (or any path, when it starts with '/'). */
int fx_write(const char *path, const char *text);
int fx_write_bytes(const char *path, const char *bytes, size_t len);
int fx_copy(const char *from, const char *to);
int fx_mtime(const char *path, long sec);
const char *fx_path(const char *root, const char *tree, const char *rel);

/* A point: ARCH=x86_64 SUBLEVEL=300 CC=ccache gcc, config "cfg1", gcc 12. */
struct fx_req {
	struct plan_req r;
	char *vars[16];
	char *env[16];
	int nenv;
	char src[4096], build[4096];
};
void fx_req(struct fx_req *q, const char *root, const char *tree);
void fx_var(struct fx_req *q, const char *var);
void fx_env(struct fx_req *q, const char *var);
/* The key of the point were the series the one named. */
void fx_key(const struct fx_req *q, const char *series, char key[17]);
/* The record of a folder whose last build was this point under series:
 * its key, the directories its .cmd files give, the config. */
void fx_learned(struct plan_state *st, const struct fx_req *q, const char *series);

/* A new root with TREE's folders, the point q in it and, when series is
 * not NULL, the record of its last build under series (fx_learned); the root. */
const char *fx_point(const char *tree, const char *series, struct fx_req *q,
		     struct plan_state *st);
/* The plan for q on the record st; the path's name (a failure is a check failed). */
const char *fx_decide(const struct fx_req *q, const struct plan_state *st, struct plan *p);

#endif
