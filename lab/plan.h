/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The build planner: which path builds a lab point in a tree's build folder
 * (docs/lab-paths.md), and what the folder has learned for the next point.
 *
 *   plan.c        the decision: the path and why (plan_decide)
 *   plan_key.c    the key: what must not change for a version-only point
 *   plan_state.c  the folder's record, BUILD/.kver-plan (struct plan_state)
 *   plan_learn.c  what Kbuild's .cmd and .d files say: the version's
 *                 directories, the objects of a changed file
 *   plan_steps.c  the steps of a version-only make, for its replays
 *   plan_env.c    what the top Makefile exports (env dumps, REPLAY_LEAN)
 *   cmd_plan.c    kver-lab plan, the commands lab/build.sh runs
 */
#ifndef KVER_LAB_PLAN_H
#define KVER_LAB_PLAN_H

#include <stddef.h>
#include <stdio.h>

/* A growing list of strings, each its own copy. */
struct strv {
	char **v;
	size_t n, cap;
};
int strv_add(struct strv *s, const char *str);
int strv_addn(struct strv *s, const char *str, size_t len);
int strv_has(const struct strv *s, const char *str);
void strv_sort(struct strv *s);
void strv_free(struct strv *s);
/* The list as one string, items joined by sep; NULL when out of memory. */
char *strv_join(const struct strv *s, const char *sep);

/* A whole file, NUL-terminated (it may hold more NULs: *len says); NULL if unreadable. */
char *plan_slurp(const char *path, size_t *len);

/* The paths, as point.meta's build= names them. */
enum plan_path {
	PLAN_REFUSE,		/* a request the lab cannot build: nothing is run */
	PLAN_FULL,		/* no kernel in the folder yet: Kbuild's whole make */
	PLAN_INCREMENTAL,	/* Kbuild's whole make on the folder's last build */
	PLAN_WALK,		/* version only: Kbuild walks the version's directories */
	PLAN_REPLAY,		/* version only: the steps learned are run again */
};
const char *plan_path_name(enum plan_path p);
int plan_path_parse(const char *name, enum plan_path *p);

/*
 * The record of one build folder (plan_state.c). Every string is NULL or
 * its own copy. The key's parts are "NAME=VALUE" strings: series=, config=,
 * cc=, make:VAR= (a make variable of the command line), env:VAR= (a
 * variable of Kbuild's from the environment).
 */
struct plan_state {
	char *bad;		/* why the record was not read (then nothing is trusted) */
	char *config;		/* the config fragments' hash the folder was configured with */
	char *key;		/* the key of the last build that went well */
	struct strv parts;	/* that key's parts */
	struct strv dirs;	/* the version's directories learned at that build */
	char *steps;		/* the key BUILD/.kver-replay.mk was learned at */
	char *env_key;		/* the key the top Makefile's environment was recorded at */
	struct strv env;	/* that environment: NAME=VALUE made by the top Makefile */
	char *objects;		/* "CONFIG N": the objects of the last full build of CONFIG */
	char *kind;		/* the path the last build took (point.meta's build=) */
	char *release;		/* the release it carries (include/config/kernel.release) */
	char *vmlinux;		/* its vmlinux then (plan_vmlinux): another make since? */
	/* The build under way (plan begin), made the folder's by plan done. */
	char *pending;		/* its key */
	struct strv pending_parts;
	char *pending_config;
	char *pending_path;
	int pending_switched;	/* a series switch's walk: learn the directories again */
};
#define PLAN_RECORD ".kver-plan"
#define PLAN_STEPS ".kver-replay.mk"
/* BUILD/vmlinux's time and size, "SECONDS.NANOSECONDS SIZE", into buf; 0, or -1 when absent. */
int plan_vmlinux(const char *build, char *buf, size_t size);
/* Read BUILD's record (absent: an empty one; a record of the lab before it, imported). */
int plan_state_read(struct plan_state *st, const char *build);
/* Write it, whole, in place of the old one; the old hidden files go. 0 or -1 (errno). */
int plan_state_write(const struct plan_state *st, const char *build);
void plan_state_print(const struct plan_state *st, FILE *f);
void plan_state_free(struct plan_state *st);
int plan_set(char **field, const char *value);

/* One point asked for (cmd_plan.c fills it from the command line). */
struct plan_req {
	const char *src, *build;	/* the tree's working source and build folder */
	const char *tree;		/* its name, for the messages */
	const char *config_hash;	/* the config fragments' hash (lab/build.sh) */
	const char *cc_version;		/* the compiler's first --version line */
	const char *env_now;		/* the top Makefile's environment now (plan_env.c dump) */
	char **vars;			/* the make variables, ARCH=x86_64 SUBLEVEL=N ... */
	int nvars;
	char **envp;			/* the environment lab/build.sh runs make in */
};

struct plan {
	enum plan_path path;
	char why[640];		/* one line: why this path */
	char key[17];
	struct strv parts;
	struct strv dirs;	/* PLAN_WALK: the directories to walk */
	size_t steps;		/* PLAN_REPLAY: the steps to run */
	int configure;		/* configure the folder first */
	int resumed;		/* PLAN_FULL: a full build stopped half way goes on */
	int need_env;		/* dump the top Makefile's environment and plan again */
	int switched;		/* a series switch's walk */
	int carry;		/* a switch keeps the steps learned at the old key */
	char objects[32];	/* PLAN_FULL: the objects of the last such build, N or N~ */
};
/* Decide; 0, or -1 on a failure to read the folder (why says it). */
int plan_decide(const struct plan_req *r, const struct plan_state *st, struct plan *p);
void plan_free(struct plan *p);
/* After a build that went well: whether the folder's version directories
 * still hold (else they are learned again from its .cmd files). */
int plan_keeps_dirs(enum plan_path planned, enum plan_path took, int switched);
/* The key's parts of a request, and the key (16 hex digits) of a list of parts. */
int plan_parts(const struct plan_req *r, const char *series, struct strv *parts);
void plan_key(const struct strv *parts, char key[17]);
/* Said in one line: the first part of parts that the record's key lacks or has otherwise. */
void plan_key_change(const struct plan_state *st, const struct strv *parts, char *out,
		     size_t size);
/* The variable's value in envp, NULL when unset. */
const char *plan_getenv(char **envp, const char *name);

/* plan_learn.c */
/* Each dependency file of BUILD (.T.cmd; and .T.d unless cmd_only): fn gets
 * its path from the top and its target, D/T; a non-zero return stops. */
typedef int (*plan_file_fn)(const char *build, const char *rel, const char *target, void *ctx);
int plan_walk_deps(const char *build, int cmd_only, plan_file_fn fn, void *ctx);
/* Whether text names a version header (include/generated/utsrelease.h, ...). */
int plan_names_version(const char *text, size_t len);
/* The version's directories of BUILD: those of the vmlinux walk whose objects
 * depend on a version header, none below another. */
int plan_version_dirs(const char *build, struct strv *dirs);
/* The targets of BUILD whose .cmd or .d file names one of files (paths as
 * written there). */
int plan_users(const char *build, const struct strv *files, struct strv *targets);
/* Whether a target lies in one of dirs (or in the boot image's folder). */
int plan_in_dirs(const char *target, const struct strv *dirs);
/* dir relative to base ("../src"), both existing folders. */
char *plan_relpath(const char *base, const char *dir);
/* The replay list of the make that just went well (after BUILD/.kver-t0), into out. */
int plan_learn_steps(const char *build, const char *src, FILE *out, char *why, size_t whysize);
/* Whether two thin archives differ only in their members' recorded sizes. */
int plan_thin_same(const char *a, size_t alen, const char *b, size_t blen);
/* Remove the targets of BUILD's replay list, and the list. */
int plan_drop_steps(const char *build);

/* plan_env.c: a recipe's environment (env -0, lab/replay.mk's dump), sorted,
 * make's own variables left out. */
int plan_env_read(const char *path, struct strv *env);
/* What of it the top Makefile made: not in envp, not the version's. */
int plan_env_made(const struct strv *dump, char **envp, struct strv *made);
/* The lines that give the replay the compiler probes' outcome, from the
 * dumps with and without the probes; 1 when they cannot (why says). */
int plan_env_lean(const struct strv *full, const struct strv *lean, FILE *out, char *why,
		  size_t whysize);
int plan_env_same(const struct strv *a, const struct strv *b);

#endif
