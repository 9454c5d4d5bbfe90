// SPDX-License-Identifier: GPL-2.0
/*
 * What the build folder's dependency files say (docs/lab-paths.md). Kbuild
 * keeps, for every target T of a folder D, D/.T.cmd: the command that made
 * it (cmd_T, savedcmd_T from 6.3 on), its source and every file it read,
 * one word each, as the compiler wrote them in D/.T.d: a source file as
 * $src/FILE, or as ../src/FILE when ccache compiled it under CCACHE_BASEDIR
 * (it makes the paths below that folder relative). The planner reads the
 * words of those files: which targets depend on the version headers, which
 * on the files a series switch changed, and the steps of a version-only make.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "plan.h"

/* The headers that carry the version: a target reading one is rebuilt at every point. */
static const char *const version_headers[] = {
	"include/generated/uapi/linux/version.h", "include/generated/utsrelease.h",
	"include/generated/compile.h", "include/generated/utsversion.h", "init/utsversion-tmp.h",
};

/* The next word of text at *pos (blank-separated), or 0 at the end. */
static int next_word(const char *text, size_t len, size_t *pos, const char **w, size_t *wlen)
{
	size_t i = *pos;

	while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\\'))
		i++;
	if (i >= len)
		return 0;
	*w = text + i;
	while (i < len && text[i] != ' ' && text[i] != '\t' && text[i] != '\n')
		i++;
	*wlen = (size_t)(text + i - *w);
	/* A prerequisite of a .d file's phony rules ends in ':'. */
	if (*wlen > 1 && (*w)[*wlen - 1] == ':')
		(*wlen)--;
	*pos = i;
	return 1;
}

/* Whether the word is the file name, alone or after a folder ("./", "$(objtree)/"). */
static int word_is(const char *w, size_t wlen, const char *name)
{
	size_t n = strlen(name);

	return wlen >= n && !memcmp(w + wlen - n, name, n) && (wlen == n || w[wlen - n - 1] == '/');
}

int plan_names_version(const char *text, size_t len)
{
	size_t pos = 0, wlen;
	const char *w;

	while (next_word(text, len, &pos, &w, &wlen))
		for (size_t i = 0; i < sizeof(version_headers) / sizeof(version_headers[0]); i++)
			if (word_is(w, wlen, version_headers[i]))
				return 1;
	return 0;
}

/* Whether a word of text is one of files, exactly. */
static int names_one_of(const char *text, size_t len, const struct strv *files)
{
	size_t pos = 0, wlen;
	const char *w;

	while (next_word(text, len, &pos, &w, &wlen))
		for (size_t i = 0; i < files->n; i++)
			if (strlen(files->v[i]) == wlen && !memcmp(w, files->v[i], wlen))
				return 1;
	return 0;
}

/*
 * The target of a dependency file's path from the top of the folder,
 * "D/.T.cmd" or "D/.T.d", into out ("D/T"); 0 when the name is neither.
 */
static int target_of(const char *rel, int cmd_only, char *out, size_t size)
{
	const char *base = strrchr(rel, '/');
	size_t dlen = base ? (size_t)(base - rel + 1) : 0, n;

	base = base ? base + 1 : rel;
	n = strlen(base);
	if (base[0] != '.')
		return 0;
	if (n > 5 && !strcmp(base + n - 4, ".cmd"))
		n -= 4;
	else if (!cmd_only && n > 3 && !strcmp(base + n - 2, ".d"))
		n -= 2;
	else
		return 0;
	snprintf(out, size, "%.*s%.*s", (int)dlen, rel, (int)(n - 1), base + 1);
	return 1;
}

static int walk(const char *build, char *rel, size_t rlen, int cmd_only, plan_file_fn fn,
		void *ctx)
{
	char path[PATH_MAX * 2], target[PATH_MAX];
	DIR *d;
	struct dirent *e;
	int rc = 0;

	snprintf(path, sizeof(path), "%s/%s", build, rel);
	if (!(d = opendir(path)))
		return -1;
	while (!rc && (e = readdir(d))) {
		struct stat st;
		size_t n = strlen(e->d_name);

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    !strcmp(e->d_name, ".kver-ar") || !strcmp(e->d_name, ".kver-env") ||
		    rlen + n + 2 >= PATH_MAX)
			continue;
		snprintf(rel + rlen, PATH_MAX - rlen, "%s%s", rlen ? "/" : "", e->d_name);
		snprintf(path, sizeof(path), "%s/%s", build, rel);
		/* Not through a symbolic link: BUILD/source is the source tree. */
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			rc = walk(build, rel, strlen(rel), cmd_only, fn, ctx);
		else if (S_ISREG(st.st_mode) && target_of(rel, cmd_only, target, sizeof(target)))
			rc = fn(build, rel, target, ctx);
		rel[rlen] = '\0';
	}
	closedir(d);
	return rc;
}

int plan_walk_deps(const char *build, int cmd_only, plan_file_fn fn, void *ctx)
{
	char rel[PATH_MAX] = "";

	return walk(build, rel, 0, cmd_only, fn, ctx);
}

/* A dependency file's words, for the scans below. */
typedef int (*text_fn)(const char *build, const char *rel, const char *target, const char *text,
		       size_t len, void *ctx);
struct text_ctx {
	text_fn fn;
	void *ctx;
};

static int with_text(const char *build, const char *rel, const char *target, void *ctx)
{
	struct text_ctx *c = ctx;
	char path[PATH_MAX * 2], *text;
	size_t len = 0;
	int rc;

	snprintf(path, sizeof(path), "%s/%s", build, rel);
	if (!(text = plan_slurp(path, &len)))
		return -1;
	rc = c->fn(build, rel, target, text, len, c->ctx);
	free(text);
	return rc;
}

static int scan(const char *build, text_fn fn, void *ctx)
{
	struct text_ctx c = { fn, ctx };

	return plan_walk_deps(build, 0, with_text, &c);
}

/* A folder of the vmlinux walk (one with a built-in.a) that depends on the version. */
static int add_version_dir(const char *build, const char *rel, const char *target,
			   const char *text, size_t len, void *ctx)
{
	struct strv *all = ctx;
	const char *slash = strrchr(rel, '/');
	char path[PATH_MAX * 2], dir[PATH_MAX];
	struct stat st;

	(void)target;
	if (!slash || !plan_names_version(text, len))
		return 0;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash - rel), rel);
	snprintf(path, sizeof(path), "%s/%s/built-in.a", build, dir);
	if (strv_has(all, dir) || stat(path, &st) != 0)
		return 0;
	return strv_add(all, dir);
}

int plan_version_dirs(const char *build, struct strv *dirs)
{
	struct strv all = { 0 };
	int rc = scan(build, add_version_dir, &all);

	strv_sort(&all);
	/* Sorted, a folder comes before those below it: only the first is walked. */
	for (size_t i = 0; !rc && i < all.n; i++) {
		size_t n = strlen(all.v[i]);
		int below = 0;

		for (size_t k = 0; k < dirs->n; k++) {
			size_t m = strlen(dirs->v[k]);

			if (n > m && !strncmp(all.v[i], dirs->v[k], m) && all.v[i][m] == '/')
				below = 1;
		}
		if (!below)
			rc = strv_add(dirs, all.v[i]);
	}
	strv_free(&all);
	return rc;
}

struct users_ctx {
	const struct strv *files;
	struct strv *targets;
};

static int add_user(const char *build, const char *rel, const char *target, const char *text,
		    size_t len, void *ctx)
{
	struct users_ctx *c = ctx;

	(void)build;
	(void)rel;
	if (!names_one_of(text, len, c->files) || strv_has(c->targets, target))
		return 0;
	return strv_add(c->targets, target);
}

int plan_users(const char *build, const struct strv *files, struct strv *targets)
{
	struct users_ctx c = { files, targets };
	int rc = scan(build, add_user, &c);

	strv_sort(targets);
	return rc;
}

int plan_in_dirs(const char *target, const struct strv *dirs)
{
	/* bzImage's own folder: the image is always made again. */
	static const char boot[] = "arch/x86/boot";

	for (size_t i = 0; i <= dirs->n; i++) {
		const char *d = i < dirs->n ? dirs->v[i] : boot;
		size_t n = strlen(d);

		if (!strncmp(target, d, n) && target[n] == '/')
			return 1;
	}
	return 0;
}

char *plan_relpath(const char *base, const char *dir)
{
	char b[PATH_MAX], d[PATH_MAX], *out;
	size_t i = 0, common = 0, up = 0;

	if (!realpath(base, b) || !realpath(dir, d))
		return NULL;
	/* The components both paths start with: up to a '/' or the end of both. */
	while (b[i] && b[i] == d[i]) {
		i++;
		if ((b[i] == '/' || !b[i]) && (d[i] == '/' || !d[i]))
			common = i;
	}
	for (i = common; b[i]; i++)
		up += b[i] == '/';
	if (!(out = malloc(3 * up + strlen(d) + 2)))
		return NULL;
	out[0] = '\0';
	for (i = 0; i < up; i++)
		strcat(out, i ? "/.." : "..");
	if (d[common])
		strcat(strcat(out, up ? "/" : ""), d + common + 1);
	else if (!up)
		strcpy(out, ".");
	return out;
}

int plan_thin_same(const char *a, size_t alen, const char *b, size_t blen)
{
	static const char magic[] = "!<thin>\n";
	size_t off = sizeof(magic) - 1;

	if (alen != blen || alen < off || memcmp(a, magic, off) || memcmp(b, magic, off))
		return 0;
	/* Each member's header: name 16, date 12, uid 6, gid 6, mode 8, size 10, "`\n". */
	while (off < alen) {
		const char *h = a + off, *g = b + off;
		int member = h[0] == '/' && h[1] >= '0' && h[1] <= '9';
		size_t size = 0;

		if (alen - off < 60 || memcmp(h + 58, "`\n", 2) || memcmp(g + 58, "`\n", 2))
			return 0;
		/* A member "/N" (its name in the "//" table) has no data here:
		 * its recorded size alone may differ. */
		if (memcmp(h, g, 48) || (!member && memcmp(h + 48, g + 48, 10)))
			return 0;
		off += 60;
		if (member || (strncmp(h, "/ ", 2) && strncmp(h, "// ", 3) && strncmp(h, "/SYM64/", 7)))
			continue;
		for (int i = 48; i < 58 && h[i] >= '0' && h[i] <= '9'; i++)
			size = size * 10 + (size_t)(h[i] - '0');
		size += size & 1;
		if (alen - off < size || memcmp(a + off, b + off, size))
			return 0;
		off += size;
	}
	return 1;
}
