// SPDX-License-Identifier: GPL-2.0
/*
 * Which path builds a lab point (docs/lab-paths.md). A point is a make of
 * the tree's build folder at one version. Kbuild's whole make walks the
 * whole tree (a sub-make per folder); when nothing but the version changed
 * since the folder's last build, only about a dozen objects are rebuilt
 * (those that include version.h, utsrelease.h or compile.h), and the lab
 * either walks just their folders (lab/point.mk) or, once it has seen such
 * a make, runs its steps again (lab/replay.mk). "Nothing but the version"
 * is the key: the series, the config, the compiler and every make variable
 * and Kbuild variable of the environment but the version's.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "plan.h"
#include "style.h"

static const char *const path_names[] = { "refuse", "full", "incremental", "version-only",
					   "replayed" };

const char *plan_path_name(enum plan_path p)
{
	return path_names[p];
}

int plan_path_parse(const char *name, enum plan_path *p)
{
	for (size_t i = 0; i < sizeof(path_names) / sizeof(path_names[0]); i++)
		if (!strcmp(name, path_names[i])) {
			*p = (enum plan_path)i;
			return 0;
		}
	return -1;
}

/* A version-only point rebuilds only what depended on the version: the
 * folders stay those of the build before, also when its replay failed and
 * the whole make took over (the same key). A walk that failed, a whole
 * make, and a series switch's walk (a changed file may have added a folder)
 * learn them again. */
int plan_keeps_dirs(enum plan_path planned, enum plan_path took, int switched)
{
	return !switched && (planned == PLAN_REPLAY || (planned == PLAN_WALK && took == PLAN_WALK));
}

void plan_free(struct plan *p)
{
	strv_free(&p->parts);
	strv_free(&p->dirs);
}

static int exists(const char *build, const char *name)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", build, name);
	return stat(path, &st) == 0;
}

/* Why the plan is what it is, in one line (cut at its end if need be). */
static void say(struct plan *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->why, sizeof(p->why), fmt, ap);
	va_end(ap);
}

static int refuse(struct plan *p, const char *fmt, const char *arg)
{
	p->path = PLAN_REFUSE;
	say(p, fmt, arg);
	return 0;
}

/* A make variable the lab can pass on: NAME=VALUE, of one line, not the lab's own. */
static int bad_var(const char *v, struct plan *p)
{
	static const char *const own[] = { "O", "INSTALL_HDR_PATH", "build-dir", "need-compiler",
					   "REPLAY_LIST", "REPLAY_ENV_OUT", "KBUILD_OUTPUT" };
	size_t n = strcspn(v, "=");

	if (!n || !v[n] || strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				     "0123456789_-") != n || (v[0] >= '0' && v[0] <= '9'))
		return refuse(p, "'%s' is not a make variable (NAME=VALUE)", v), 1;
	if (strchr(v, '\n'))
		return refuse(p, "the make variable %s holds a newline", v), 1;
	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		if (strlen(own[i]) == n && !strncmp(v, own[i], n))
			return refuse(p, "%s is the lab's own make variable", v), 1;
	return 0;
}

/* The request's own checks; 1 when refused. */
static int check_request(const struct plan_req *r, struct plan *p)
{
	const char *sub = NULL;
	char err[160];
	unsigned int s;

	for (int i = 0; i < r->nvars; i++) {
		if (bad_var(r->vars[i], p))
			return 1;
		if (!strncmp(r->vars[i], "SUBLEVEL=", 9))
			sub = r->vars[i] + 9;
	}
	if (!sub)
		return refuse(p, "no SUBLEVEL= among the make variables%s", ""), 1;
	if (style_sublevel(sub, &s, err, sizeof(err)))
		return refuse(p, "%s", err), 1;
	if (!r->cc_version || !r->cc_version[0])
		return refuse(p, "the compiler printed no version%s", ""), 1;
	return 0;
}

/* The series switch src/.kver-switch records (lab/prepare.sh): the series
 * switched from, then the files whose content changed. */
struct plan_switch {
	char *from;
	struct strv changed;
};

static int read_switch(const char *src, struct plan_switch *sw)
{
	char path[4096], *text, *save = NULL;

	memset(sw, 0, sizeof(*sw));
	snprintf(path, sizeof(path), "%s/.kver-switch", src);
	if (!(text = plan_slurp(path, NULL)))
		return errno == ENOENT ? 0 : -1;
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		if (sw->from ? strv_add(&sw->changed, l) : plan_set(&sw->from, l)) {
			free(text);
			return -1;
		}
	free(text);
	return sw->from ? 1 : 0;
}

/* A file the build reads by itself (not through an object's dependencies):
 * a Makefile, Kbuild or Kconfig file, a script, tools/ and usr/, a UAPI
 * header; a change to it can change any command. The top Makefile is
 * judged apart (switch_ok). */
static int read_by_build(const char *f)
{
	static const char *const anywhere[] = { "/Makefile", "/Kbuild", "/Kconfig", "/uapi/" };
	static const char *const top[] = { "/scripts/", "/tools/", "/usr/" };
	char s[4096];
	size_t n;

	snprintf(s, sizeof(s), "/%s", f);
	n = strlen(s);
	if (!strcmp(s, "/Makefile"))
		return 0;
	for (size_t i = 0; i < sizeof(anywhere) / sizeof(anywhere[0]); i++)
		if (strstr(s, anywhere[i]))
			return 1;
	for (size_t i = 0; i < sizeof(top) / sizeof(top[0]); i++)
		if (!strncmp(s, top[i], strlen(top[i])))
			return 1;
	return n > 3 && !strcmp(s + n - 3, ".mk");
}

/*
 * Whether the switch leaves a version-only point of the folder's
 * directories right, so that it costs no whole make: no changed file is one
 * the build reads by itself; every target whose dependency files name a
 * changed file (by its real path, or as ../src/FILE, ccache's form) lies in a
 * walked folder (or the boot image's, which bzImage always walks), where
 * Kbuild rebuilds it; and a changed top Makefile exports to the recipes the
 * environment it exported when the folder last learned it. 1 when it does,
 * 0 when not (why says), -1 on a failure to read.
 */
static int switch_ok(const struct plan_req *r, const struct plan_state *st,
		     const struct plan_switch *sw, const char *old_key, struct plan *p)
{
	struct strv files = { 0 }, users = { 0 }, now = { 0 }, made = { 0 };
	char *rel = plan_relpath(r->build, r->src), real[4096], buf[8192];
	int rc = 1;

	for (size_t i = 0; i < sw->changed.n; i++)
		if (read_by_build(sw->changed.v[i])) {
			say(p, "the build itself reads %s", sw->changed.v[i]);
			free(rel);
			return 0;
		}
	if (!rel || !realpath(r->src, real)) {
		free(rel);
		return -1;
	}
	/* Kbuild names the source tree by its real path (abs_srctree); ccache
	 * makes that relative to the build folder. */
	for (size_t i = 0; rc > 0 && i < sw->changed.n; i++) {
		const char *forms[] = { real, rel };

		for (size_t k = 0; rc > 0 && k < 2; k++) {
			snprintf(buf, sizeof(buf), "%s/%s", forms[k], sw->changed.v[i]);
			if (!strv_has(&files, buf) && strv_add(&files, buf))
				rc = -1;
		}
	}
	if (rc > 0 && plan_users(r->build, &files, &users))
		rc = -1;
	for (size_t i = 0; rc > 0 && i < users.n; i++)
		if (!plan_in_dirs(users.v[i], &st->dirs)) {
			say(p, "%s depends on a changed file and is outside the version's directories",
				 users.v[i]);
			rc = 0;
		}
	if (rc > 0 && strv_has(&sw->changed, "Makefile")) {
		if (!st->env_key || strcmp(st->env_key, old_key)) {
			say(p, "the top Makefile changed and its environment was not recorded");
			rc = 0;
		} else if (!r->env_now) {
			p->need_env = 1;
		} else if (plan_env_read(r->env_now, &now) || plan_env_made(&now, r->envp, &made)) {
			say(p, "reading the top Makefile failed");
			rc = 0;
		} else if (!plan_env_same(&made, &st->env)) {
			say(p, "the top Makefile exports another environment (%s)",
			    plan_env_first_change(&st->env, &made));
			rc = 0;
		}
	}
	free(rel);
	strv_free(&files);
	strv_free(&users);
	strv_free(&now);
	strv_free(&made);
	return rc;
}

/* The steps of the folder's replay list; none in a list an older kver-lab
 * learned without REPLAY_KBUILD (it would run a command that names the
 * version it was learned at). */
static size_t count_steps(const char *build)
{
	char path[4096], *text, *line, *save = NULL;
	size_t n = 0;

	snprintf(path, sizeof(path), "%s/%s", build, PLAN_STEPS);
	if (!(text = plan_slurp(path, NULL)))
		return 0;
	if (strstr(text, "\nREPLAY_KBUILD :=") && (line = strstr(text, "REPLAY_STEPS :=")) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		for (char *w = strtok_r(line + 15, " ", &save); w; w = strtok_r(NULL, " ", &save))
			n++;
	}
	free(text);
	return n;
}

/* Whether a knob (KVER_FAST, KVER_REPLAY) is on: unset, empty or 1. */
static int knob(char **envp, const char *name)
{
	const char *v = plan_getenv(envp, name);

	return !v || !*v || !strcmp(v, "1");
}

/* A full build's object count for its progress line: this config's, or another's as a guess. */
static void full_objects(const struct plan_state *st, const char *config, struct plan *p)
{
	size_t n;

	if (!st->objects || !(n = strcspn(st->objects, " ")) || !st->objects[n])
		return;
	snprintf(p->objects, sizeof(p->objects), "%s%s", st->objects + n + 1,
		 strlen(config) == n && !strncmp(st->objects, config, n) ? "" : "~");
}

/* The key's folder state: the same key as the last build, or a switch from it. */
static int same_key(const struct plan_req *r, const struct plan_state *st, struct plan *p)
{
	int replay = knob(r->envp, "KVER_REPLAY");

	if (!st->dirs.n) {
		p->path = PLAN_INCREMENTAL;
		say(p, "the last build learned no directories of the version");
		return 0;
	}
	for (size_t i = 0; i < st->dirs.n; i++)
		if (strv_add(&p->dirs, st->dirs.v[i]))
			return -1;
	if (replay && st->steps && !strcmp(st->steps, p->key) && (p->steps = count_steps(r->build))) {
		p->path = PLAN_REPLAY;
		say(p, "only the version changed since the last build, and its steps are known");
		return 0;
	}
	p->path = PLAN_WALK;
	say(p, "only the version changed since the last build%s",
		 !replay ? " (KVER_REPLAY=0: no replay)" : "; its steps are learned now");
	return 0;
}

static int after_switch(const struct plan_req *r, const struct plan_state *st,
			const struct plan_switch *sw, const char *old_key, struct plan *p)
{
	char why[sizeof(p->why)];
	int ok = switch_ok(r, st, sw, old_key, p);

	if (ok < 0)
		return -1;
	if (!ok) {
		snprintf(why, sizeof(why), "%s", p->why);
		p->path = PLAN_INCREMENTAL;
		say(p, "the series switch needs the whole make: %s", why);
		return 0;
	}
	for (size_t i = 0; i < st->dirs.n; i++)
		if (strv_add(&p->dirs, st->dirs.v[i]))
			return -1;
	/* Only the top Makefile's version rules: every command and dependency stays. */
	if (sw->changed.n == 1 && !strcmp(sw->changed.v[0], "Makefile") &&
	    knob(r->envp, "KVER_REPLAY") && st->steps && !strcmp(st->steps, old_key) &&
	    (p->steps = count_steps(r->build))) {
		p->path = PLAN_REPLAY;
		p->carry = 1;
		say(p, "the series switch changes only the top Makefile's version rules: no whole make");
		return 0;
	}
	/* Kbuild rebuilds there whatever the switch changed, and writes the
	 * objects' dependencies afresh. */
	p->path = PLAN_WALK;
	p->switched = 1;
	say(p, "the series switch changes only files of the version's directories: no whole make");
	return 0;
}

int plan_decide(const struct plan_req *r, const struct plan_state *st, struct plan *p)
{
	struct plan_switch sw;
	struct strv old = { 0 };
	char path[4096], *series, old_key[17], why[sizeof(p->why)], now[64];
	int rc = 0, has_switch;

	memset(p, 0, sizeof(*p));
	if (check_request(r, p))
		return 0;
	snprintf(path, sizeof(path), "%s/.kver-series", r->src);
	if (!(series = plan_slurp(path, NULL)) || !series[0] || series[0] == '\n') {
		free(series);
		return refuse(p, "tree has no prepared source (no %s): run lab/prepare.sh first",
			      path);
	}
	series[strcspn(series, "\n")] = '\0';
	rc = plan_parts(r, series, &p->parts);
	free(series);
	if (rc)
		return -1;
	plan_key(&p->parts, p->key);
	p->configure = !exists(r->build, ".config") || !st->config ||
		       strcmp(st->config, r->config_hash);
	if (!exists(r->build, "vmlinux")) {
		/* A build stopped half way: what is left is not a whole build. */
		p->path = PLAN_FULL;
		p->resumed = exists(r->build, "init/main.o");
		if (!p->resumed)
			full_objects(st, r->config_hash, p);
		say(p, "%s", p->resumed ?
			 "a full build stopped half way goes on" : "no kernel in the build folder yet");
		return 0;
	}
	p->path = PLAN_INCREMENTAL;
	if (!knob(r->envp, "KVER_FAST")) {
		say(p, "KVER_FAST=0: every point is the whole make");
		return 0;
	}
	if (p->configure) {
		say(p, "the folder is configured again");
		return 0;
	}
	if (st->bad) {
		say(p, "nothing learned is trusted: %s", st->bad);
		return 0;
	}
	/* A make the planner did not run (by hand, or a lab of before the
	 * record) leaves another vmlinux than the one the record knows. */
	if (st->key && (plan_vmlinux(r->build, now, sizeof(now)) || !st->vmlinux ||
			strcmp(st->vmlinux, now))) {
		say(p, "vmlinux is not the one the folder's record knows: another make built it");
		return 0;
	}
	if (st->key && !strcmp(st->key, p->key))
		return same_key(r, st, p);
	/* The key of the series the switch came from, all else as now. */
	if ((has_switch = read_switch(r->src, &sw)) < 0) {
		free(sw.from);
		strv_free(&sw.changed);
		return -1;
	}
	if (has_switch && st->key) {
		rc = plan_parts(r, sw.from, &old);
		plan_key(&old, old_key);
		if (!rc && !strcmp(st->key, old_key))
			rc = after_switch(r, st, &sw, old_key, p);
	}
	free(sw.from);
	strv_free(&sw.changed);
	strv_free(&old);
	if (rc || p->path != PLAN_INCREMENTAL || p->why[0])
		return rc;
	if (!st->key)
		snprintf(why, sizeof(why), "%s", st->pending ? "the last build did not finish" :
			 "nothing learned in this build folder yet");
	else
		plan_key_change(st, &p->parts, why, sizeof(why));
	say(p, "%s", why);
	return 0;
}
