// SPDX-License-Identifier: GPL-2.0
/* The planner's test folders (plan_fixture.h). */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kver_test.h"
#include "plan_fixture.h"

const char *fx_dir = "../tests/lab/fixtures/plan";
/* Where the fixtures' paths point: the lab's cache when they were taken. */
static const char recorded[] = "/root/.cache/kver";
static char root[PATH_MAX];

const char *fx_root(void)
{
	const char *tmp = getenv("TMPDIR");

	fx_cleanup();
	snprintf(root, sizeof(root), "%s/kver-plan-test.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root)) {
		perror("mkdtemp");
		exit(2);
	}
	/* As Kbuild names folders: by their real path (a TMPDIR through a link). */
	{
		char real[PATH_MAX];

		if (realpath(root, real))
			snprintf(root, sizeof(root), "%s", real);
	}
	return root;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)flag;
	(void)f;
	return remove(path);
}

void fx_cleanup(void)
{
	if (root[0])
		nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	root[0] = '\0';
}

const char *fx_path(const char *r, const char *tree, const char *rel)
{
	static char buf[4][PATH_MAX];
	static int n;

	n = (n + 1) % 4;
	snprintf(buf[n], sizeof(buf[n]), "%s/%s/%s", r, tree, rel);
	return buf[n];
}

static int mkdirs(const char *path)
{
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s", path);
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			if (mkdir(p, 0755) && errno != EEXIST)
				return -1;
			*s = '/';
		}
	return 0;
}

int fx_write_bytes(const char *path, const char *bytes, size_t len)
{
	FILE *f;
	int rc;

	if (mkdirs(path) || !(f = fopen(path, "wb")))
		return -1;
	rc = fwrite(bytes, 1, len, f) == len ? 0 : -1;
	return fclose(f) || rc ? -1 : 0;
}

int fx_write(const char *path, const char *text)
{
	return fx_write_bytes(path, text, strlen(text));
}

int fx_mtime(const char *path, long sec)
{
	struct timespec t[2] = { { sec, 0 }, { sec, 0 } };

	return utimensat(AT_FDCWD, path, t, 0);
}

/* A fixture file into place, the recorded cache's paths moved to the root. */
int fx_copy(const char *from, const char *to)
{
	size_t len = 0, n = strlen(recorded);
	char *text = plan_slurp(from, &len), *out, *o;
	int rc;

	if (!text || !(out = o = malloc(len * 8 + 1))) {
		free(text);
		return -1;
	}
	for (size_t i = 0; i < len; i++) {
		if (len - i >= n && !memcmp(text + i, recorded, n)) {
			o += sprintf(o, "%s", root);
			i += n - 1;
		} else {
			*o++ = text[i];
		}
	}
	rc = fx_write_bytes(to, out, (size_t)(o - out));
	free(text);
	free(out);
	return rc;
}

static char copy_to[PATH_MAX];
static size_t copy_from_len;

static int copy_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	char to[PATH_MAX * 2];

	(void)f;
	if (flag != FTW_F || !S_ISREG(st->st_mode))
		return 0;
	snprintf(to, sizeof(to), "%s%s", copy_to, path + copy_from_len);
	return fx_copy(path, to);
}

int fx_tree(const char *r, const char *tree)
{
	char from[PATH_MAX];

	snprintf(from, sizeof(from), "%s/%s/build", fx_dir, tree);
	snprintf(copy_to, sizeof(copy_to), "%s", fx_path(r, tree, "build"));
	copy_from_len = strlen(from);
	if (nftw(from, copy_one, 16, FTW_PHYS))
		return -1;
	/* The lines of the tree's scripts/link-vmlinux.sh that the planner reads. */
	snprintf(from, sizeof(from), "%s/%s/link-vmlinux.lines", fx_dir, tree);
	if (!access(from, F_OK) && fx_copy(from, fx_path(r, tree, "src/scripts/link-vmlinux.sh")))
		return -1;
	return fx_write(fx_path(r, tree, "src/.kver-series"), "s-now\n") ||
	       fx_write(fx_path(r, tree, "build/vmlinux"), "") ||
	       fx_write(fx_path(r, tree, "build/.config"), "CONFIG_X=y\n");
}

void fx_req(struct fx_req *q, const char *r, const char *tree)
{
	static const char *const vars[] = { "ARCH=x86_64", "SUBLEVEL=300", "CC=ccache gcc" };

	memset(q, 0, sizeof(*q));
	snprintf(q->src, sizeof(q->src), "%s", fx_path(r, tree, "src"));
	snprintf(q->build, sizeof(q->build), "%s", fx_path(r, tree, "build"));
	q->r.src = q->src;
	q->r.build = q->build;
	q->r.tree = tree;
	q->r.config_hash = "cfg1";
	q->r.cc_version = "gcc (Debian 12.2.0-14) 12.2.0";
	for (size_t i = 0; i < 3; i++)
		q->vars[i] = (char *)vars[i];
	q->r.vars = q->vars;
	q->r.nvars = 3;
	q->r.envp = q->env;
}

void fx_var(struct fx_req *q, const char *var)
{
	q->vars[q->r.nvars++] = (char *)var;
}

void fx_env(struct fx_req *q, const char *var)
{
	q->env[q->nenv++] = (char *)var;
}

void fx_key(const struct fx_req *q, const char *series, char key[17])
{
	struct strv parts = { 0 };

	plan_parts(&q->r, series, &parts);
	plan_key(&parts, key);
	strv_free(&parts);
}

void fx_learned(struct plan_state *st, const struct fx_req *q, const char *series)
{
	char key[17];

	memset(st, 0, sizeof(*st));
	plan_parts(&q->r, series, &st->parts);
	plan_key(&st->parts, key);
	plan_set(&st->key, key);
	plan_set(&st->config, q->r.config_hash);
	{
		char stamp[64];

		if (!plan_vmlinux(q->build, stamp, sizeof(stamp)))
			plan_set(&st->vmlinux, stamp);
	}
	plan_version_dirs(q->build, &st->dirs);
}

const char *fx_point(const char *tree, const char *series, struct fx_req *q,
		     struct plan_state *st)
{
	const char *r = fx_root();

	CHECK(!fx_tree(r, tree), "the fixture of %s", tree);
	fx_req(q, r, tree);
	if (series)
		fx_learned(st, q, series);
	else
		memset(st, 0, sizeof(*st));
	return r;
}

const char *fx_decide(const struct fx_req *q, const struct plan_state *st, struct plan *p)
{
	if (plan_decide(&q->r, st, p)) {
		CHECK(0, "plan_decide failed");
		return "error";
	}
	return plan_path_name(p->path);
}
