// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab plan: the build planner's commands (plan.h, docs/lab-paths.md).
 * lab/build.sh runs them around its makes; the folder's record changes
 * only through them.
 *
 *   plan [--explain] OPTION... -- MAKE_VAR...   the path of a point (nothing written)
 *   plan begin OPTION... -- MAKE_VAR...         the same, and the build is under way
 *   plan learn --src S --build B [--full F --lean L]
 *                                   after a version-only walk: its steps, and
 *                                   what the top Makefile exports
 *   plan learned --build B [--full F --check C]
 *                                   the steps become the folder's replay list
 *   plan built --build B --kind PATH [--objects N]
 *                                   the build went well: the folder's key
 *   plan drop-steps --build B       a replay that failed: its targets and list go
 *   plan show BUILD [NAME]          the record, or the values of NAME in it
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lab.h"
#include "plan.h"

extern char **environ;

struct opts {
	struct plan_req r;
	int explain;
	const char *full, *lean, *check, *kind, *objects;
};

static void parse(int argc, char **argv, int first, struct opts *o)
{
	static const char *const names[] = { "--src", "--build", "--tree", "--config-hash",
					     "--cc-version", "--env-now", "--full", "--lean",
					     "--check", "--kind", "--objects" };
	const char **vals[] = { &o->r.src, &o->r.build, &o->r.tree, &o->r.config_hash,
				&o->r.cc_version, &o->r.env_now, &o->full, &o->lean, &o->check,
				&o->kind, &o->objects };
	int i;

	memset(o, 0, sizeof(*o));
	o->r.envp = environ;
	for (i = first; i < argc && strcmp(argv[i], "--"); i++) {
		size_t k = 0;

		if (!strcmp(argv[i], "--explain")) {
			o->explain = 1;
			continue;
		}
		while (k < sizeof(names) / sizeof(names[0]) && strcmp(argv[i], names[k]))
			k++;
		if (k == sizeof(names) / sizeof(names[0]))
			die("unknown plan option '%s'%s (try --help)", argv[i], "");
		if (i + 1 >= argc)
			die("%s needs a value%s", argv[i], "");
		*vals[k] = argv[++i];
	}
	if (i < argc) {
		o->r.vars = argv + i + 1;
		o->r.nvars = argc - i - 1;
	}
	if (!o->r.build)
		die("plan needs --build BUILD%s%s", "", "");
}

/* The compiler's first --version line, of CC= (the last one) or gcc. */
static char *cc_version(const struct plan_req *r)
{
	const char *cc = "gcc";
	char cmd[4096], line[1024] = "";
	FILE *p;

	for (int i = 0; i < r->nvars; i++)
		if (!strncmp(r->vars[i], "CC=", 3))
			cc = r->vars[i] + 3;
	snprintf(cmd, sizeof(cmd), "LC_ALL=C %s --version 2>&1", cc);
	if (!(p = popen(cmd, "r")))
		return NULL;
	if (!fgets(line, sizeof(line), p))
		line[0] = '\0';
	pclose(p);
	line[strcspn(line, "\n")] = '\0';
	return strdup(line);
}

static void sh_value(const char *name, const char *v)
{
	printf("plan_%s='", name);
	for (; *v; v++)
		if (*v == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*v);
	printf("'\n");
}

/* The kind of build, as lab/build.sh says it (tests/run.sh reads it). */
static void what(const struct plan *p, char *out, size_t size)
{
	switch (p->path) {
	case PLAN_WALK:
		snprintf(out, size, "incremental, version only: %zu directories", p->dirs.n);
		break;
	case PLAN_REPLAY:
		snprintf(out, size, "incremental, version only: %zu steps replayed", p->steps);
		break;
	case PLAN_FULL:
		snprintf(out, size, "full build%s", p->resumed ? ", resumed" : "");
		break;
	default:
		snprintf(out, size, "%s", plan_path_name(p->path));
	}
}

/* Whether the replay list carries the compiler probes' outcome (plan_env_lean). */
static int lean_list(const char *build)
{
	char path[4200], *text;
	int lean;

	snprintf(path, sizeof(path), "%s/%s", build, PLAN_STEPS);
	if (!(text = plan_slurp(path, NULL)))
		return 0;
	lean = strstr(text, "\nREPLAY_LEAN := 1\n") != NULL;
	free(text);
	return lean;
}

static void print_plan(const struct opts *o, const struct plan *p)
{
	char w[128], *dirs = strv_join(&p->dirs, " ");

	what(p, w, sizeof(w));
	if (o->explain) {
		printf("%s%s%s (%s): %s\n", o->r.tree ? o->r.tree : "", o->r.tree ? ": " : "",
		       plan_path_name(p->path), w, p->why);
	} else {
		sh_value("path", plan_path_name(p->path));
		sh_value("what", w);
		sh_value("why", p->why);
		sh_value("key", p->key);
		sh_value("dirs", dirs ? dirs : "");
		sh_value("objects", p->objects);
		printf("plan_configure=%d\nplan_resumed=%d\nplan_need_env=%d\nplan_lean=%d\n",
		       p->configure, p->resumed, p->need_env,
		       p->path == PLAN_REPLAY && lean_list(o->r.build));
	}
	free(dirs);
}

static int copy_parts(struct strv *to, const struct strv *from)
{
	strv_free(to);
	for (size_t i = 0; i < from->n; i++)
		if (strv_add(to, from->v[i]))
			return -1;
	return 0;
}

static void write_state(const struct plan_state *st, const char *build)
{
	if (plan_state_write(st, build))
		die("cannot write %s/" PLAN_RECORD ": %s", build, strerror(errno));
}

static int decide(struct opts *o, struct plan_state *st, int begin)
{
	struct plan p;
	char *cc = NULL;
	int rc;

	if (!o->r.src || (!o->r.config_hash && (begin || !st->config)))
		die("plan needs --src SRC and --config-hash HASH%s%s", "", "");
	/* Without a hash (a question asked by hand): the folder's own config. */
	if (!o->r.config_hash)
		o->r.config_hash = st->config;
	if (!o->r.cc_version)
		o->r.cc_version = cc = cc_version(&o->r);
	rc = plan_decide(&o->r, st, &p);
	free(cc);
	if (rc)
		die("planning a build in %s failed: %s", o->r.build, strerror(errno));
	print_plan(o, &p);
	rc = p.path == PLAN_REFUSE;
	if (begin && !rc && !p.need_env) {
		plan_set(&st->key, NULL);
		strv_free(&st->parts);
		if (plan_set(&st->pending, p.key) || copy_parts(&st->pending_parts, &p.parts) ||
		    plan_set(&st->pending_config, o->r.config_hash) ||
		    plan_set(&st->pending_path, plan_path_name(p.path)))
			die("out of memory%s%s", "", "");
		st->pending_switched = p.switched;
		/* The steps learned before the switch hold after it. */
		if (p.carry && (plan_set(&st->steps, p.key) || plan_set(&st->env_key, p.key)))
			die("out of memory%s%s", "", "");
		write_state(st, o->r.build);
	}
	plan_free(&p);
	return rc;
}

static void need_pending(const struct plan_state *st, const char *build)
{
	if (!st->pending)
		die("no build is under way in %s (kver-lab plan begin)%s", build, "");
}

static void read_env(const char *path, struct strv *env)
{
	if (plan_env_read(path, env))
		die("cannot read the environment dump %s: %s", path, strerror(errno));
}

/* path of name in BUILD */
static const char *at(const char *build, const char *name)
{
	static char path[4][4200];
	static int n;

	n = (n + 1) % 4;
	snprintf(path[n], sizeof(path[n]), "%s/%s", build, name);
	return path[n];
}

static int learn(struct opts *o, struct plan_state *st)
{
	struct strv full = { 0 }, lean = { 0 }, made = { 0 };
	char why[512] = "";
	FILE *f;
	int rc;

	need_pending(st, o->r.build);
	if (!o->r.src)
		die("plan learn needs --src SRC%s%s", "", "");
	if (!(f = fopen(at(o->r.build, ".kver-replay.tmp"), "w")))
		die("cannot write %s: %s", at(o->r.build, ".kver-replay.tmp"), strerror(errno));
	rc = plan_learn_steps(o->r.build, o->r.src, f, why, sizeof(why));
	if (fclose(f) || rc < 0)
		die("learning the steps in %s failed: %s", o->r.build, strerror(errno));
	unlink(at(o->r.build, ".kver-replay.lean"));
	if (rc) {
		unlink(at(o->r.build, ".kver-replay.tmp"));
		printf("%s\n", why);
		return 1;
	}
	if (!o->full)
		return 0;
	/* What the top Makefile gave the recipes, for a later series switch. */
	read_env(o->full, &full);
	if (plan_env_made(&full, o->r.envp, &made) || plan_set(&st->env_key, st->pending))
		die("out of memory%s%s", "", "");
	strv_free(&st->env);
	st->env = made;
	write_state(st, o->r.build);
	if (o->lean) {
		size_t len = 0;
		char *steps = plan_slurp(at(o->r.build, ".kver-replay.tmp"), &len);

		read_env(o->lean, &lean);
		if (!steps || !(f = fopen(at(o->r.build, ".kver-replay.lean"), "w")))
			die("cannot write %s: %s", at(o->r.build, ".kver-replay.lean"), strerror(errno));
		fwrite(steps, 1, len, f);
		rc = plan_env_lean(&full, &lean, f, why, sizeof(why));
		if (fclose(f) || rc < 0)
			die("cannot write %s: %s", at(o->r.build, ".kver-replay.lean"), strerror(errno));
		if (rc)
			unlink(at(o->r.build, ".kver-replay.lean"));
		free(steps);
	}
	strv_free(&full);
	strv_free(&lean);
	if (why[0])
		printf("the replays read the whole top Makefile: %s\n", why);
	return 0;
}

static int learned(struct opts *o, struct plan_state *st)
{
	const char *lean = at(o->r.build, ".kver-replay.lean");

	need_pending(st, o->r.build);
	if (!access(lean, F_OK)) {
		struct strv full = { 0 }, check = { 0 };

		if (o->full && o->check) {
			read_env(o->full, &full);
			read_env(o->check, &check);
		}
		/* The environment without the probes but with the list must be
		 * the one with them, or the replay reads the whole top Makefile. */
		if (o->check && plan_env_same(&full, &check)) {
			if (rename(lean, at(o->r.build, ".kver-replay.tmp")))
				die("cannot rename %s: %s", lean, strerror(errno));
		} else {
			printf("the replays read the whole top Makefile: %s\n", o->check ?
			       "without its compiler probes it exports another environment" :
			       "reading it without its compiler probes failed");
			unlink(lean);
		}
		strv_free(&full);
		strv_free(&check);
	}
	if (rename(at(o->r.build, ".kver-replay.tmp"), at(o->r.build, PLAN_STEPS)))
		die("no steps learned in %s: %s", o->r.build, strerror(errno));
	if (plan_set(&st->steps, st->pending))
		die("out of memory%s%s", "", "");
	write_state(st, o->r.build);
	return 0;
}

static int done(struct opts *o, struct plan_state *st)
{
	enum plan_path kind, planned;
	char objects[128], stamp[64], *release;

	need_pending(st, o->r.build);
	if (!o->kind || plan_path_parse(o->kind, &kind) || kind == PLAN_REFUSE)
		die("plan built needs --kind full|incremental|version-only|replayed%s%s", "", "");
	if (!st->pending_path || plan_path_parse(st->pending_path, &planned))
		planned = PLAN_INCREMENTAL;
	if (!plan_keeps_dirs(planned, kind, st->pending_switched)) {
		strv_free(&st->dirs);
		if (plan_version_dirs(o->r.build, &st->dirs))
			die("reading the dependency files of %s failed: %s", o->r.build, strerror(errno));
		if (!st->dirs.n)
			printf("no directory of the version found: the next point is the whole make\n");
	}
	if (plan_vmlinux(o->r.build, stamp, sizeof(stamp)) || plan_set(&st->vmlinux, stamp))
		die("the build left no %s/vmlinux%s", o->r.build, "");
	if (!(release = plan_slurp(at(o->r.build, "include/config/kernel.release"), NULL)))
		die("the build left no %s/include/config/kernel.release%s", o->r.build, "");
	release[strcspn(release, "\n")] = '\0';
	if (plan_set(&st->release, release) || plan_set(&st->key, st->pending) ||
	    copy_parts(&st->parts, &st->pending_parts) || plan_set(&st->config, st->pending_config) ||
	    plan_set(&st->kind, plan_path_name(kind)))
		die("out of memory%s%s", "", "");
	free(release);
	if (o->objects) {
		snprintf(objects, sizeof(objects), "%s %s", st->config, o->objects);
		if (plan_set(&st->objects, objects))
			die("out of memory%s%s", "", "");
	}
	/* A list learned at another key is stale. */
	if (!st->steps || strcmp(st->steps, st->key)) {
		unlink(at(o->r.build, PLAN_STEPS));
		plan_set(&st->steps, NULL);
	}
	plan_set(&st->pending, NULL);
	plan_set(&st->pending_config, NULL);
	plan_set(&st->pending_path, NULL);
	strv_free(&st->pending_parts);
	st->pending_switched = 0;
	write_state(st, o->r.build);
	return 0;
}

/* kver-lab plan show BUILD [NAME]: the record, or the values of NAME in it. */
static int show(int argc, char **argv)
{
	struct plan_state st;
	char *text = NULL, *save = NULL;
	size_t len = 0, n;
	FILE *f;
	int found = 0;

	if (argc < 3 || argc > 4)
		die("usage: kver-lab plan show BUILD [NAME]%s%s", "", "");
	if (plan_state_read(&st, argv[2]))
		die("cannot read %s/" PLAN_RECORD ": %s", argv[2], strerror(errno));
	if (!(f = open_memstream(&text, &len)))
		die("out of memory%s%s", "", "");
	plan_state_print(&st, f);
	fclose(f);
	plan_state_free(&st);
	if (argc == 3) {
		fputs(text, stdout);
		free(text);
		return 0;
	}
	n = strlen(argv[3]);
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		if (!strncmp(l, argv[3], n) && l[n] == '=') {
			printf("%s\n", l + n + 1);
			found = 1;
		}
	free(text);
	return !found;
}

int cmd_plan(int argc, char **argv)
{
	static const char *const actions[] = { "begin", "learn", "learned", "built", "drop-steps",
					       "show" };
	struct plan_state st;
	struct opts o;
	size_t a = 0;
	int rc;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: kver-lab plan [--explain] --src SRC --build BUILD --config-hash HASH\n"
		       "                     [--tree T] [--cc-version LINE] [--env-now FILE] -- MAKE_VAR...\n"
		       "       kver-lab plan begin (the same options)\n"
		       "       kver-lab plan learn --src SRC --build BUILD [--full FILE --lean FILE]\n"
		       "       kver-lab plan learned --build BUILD [--full FILE --check FILE]\n"
		       "       kver-lab plan built --build BUILD --kind PATH [--objects N]\n"
		       "       kver-lab plan drop-steps --build BUILD\n"
		       "       kver-lab plan show BUILD [NAME]\n"
		       "The path that builds a point (full, incremental, version-only, replayed,\n"
		       "refuse) and why, and the build folder's record around lab/build.sh's\n"
		       "makes: docs/lab-paths.md.\n");
		return 0;
	}
	while (a < sizeof(actions) / sizeof(actions[0]) && (argc < 2 || strcmp(argv[1], actions[a])))
		a++;
	if (a == 5)
		return show(argc, argv);
	parse(argc, argv, a < sizeof(actions) / sizeof(actions[0]) ? 2 : 1, &o);
	if (plan_state_read(&st, o.r.build))
		die("cannot read %s/" PLAN_RECORD ": %s", o.r.build, strerror(errno));
	switch (a) {
	case 0: rc = decide(&o, &st, 1); break;
	case 1: rc = learn(&o, &st); break;
	case 2: rc = learned(&o, &st); break;
	case 3: rc = done(&o, &st); break;
	case 4:
		if (plan_drop_steps(o.r.build))
			die("removing the replayed steps in %s failed: %s", o.r.build, strerror(errno));
		plan_set(&st.steps, NULL);
		write_state(&st, o.r.build);
		rc = 0;
		break;
	default: rc = decide(&o, &st, 0);
	}
	plan_state_free(&st);
	return rc;
}
