// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lint [--format=gcc|sarif|tsv] PATH...: reports C version tests that
 * break once SUBLEVEL passes 255, one compiler-style line each (report.c):
 *
 *   file:line:col: warning: <what>; use <replacement> [kver-<rule>]
 *
 * Each PATH is a tree of its own: a directory is searched for *.c and *.h
 * files (hidden entries and symbolic links to directories are skipped); a
 * file named directly is read whatever its name. Each file is read once,
 * however many links lead to it. All files of a tree are read once first
 * for the macros they define and the files they include (defs.c), and a
 * macro applies only where its file is included (tree.h); nothing crosses
 * from one tree to another. A file with its own constant
 * LINUX_VERSION_CODE is not built for Linux and is not judged. A comment
 * with "kver-lint: ignore" silences its line.
 * Exit status: 0 nothing found, 1 warnings, 2 an error (it wins over 1).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tree.h"

static int found, failed;

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kver-lint [--format=gcc|sarif|tsv] PATH...\n"
		"Reports kernel version tests in C sources that break when SUBLEVEL\n"
		"passes 255 (KERNEL_VERSION and LINUX_VERSION_CODE clamp it).\n"
		"Each PATH is a tree; directories are searched for *.c and *.h files.\n"
		"--format=sarif writes one SARIF 2.1.0 log instead of gcc-style lines,\n"
		"--format=tsv one tab-separated line per finding.\n"
		"Exit status: 0 clean, 1 warnings, 2 error.\n");
}

static void error(const char *path, const char *what)
{
	fprintf(stderr, "kver-lint: error: %s: %s\n", path, what);
	failed = 1;
}

static int read_file(const char *path, char **data, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t cap = 65536, n = 0;
	char *buf;

	if (fd < 0)
		return -1;
	buf = malloc(cap);
	if (!buf) {
		close(fd);
		errno = ENOMEM;
		return -1;
	}
	for (;;) {
		ssize_t got;

		if (n == cap) {
			char *nb = realloc(buf, cap * 2);

			if (!nb) {
				free(buf);
				close(fd);
				errno = ENOMEM;
				return -1;
			}
			buf = nb;
			cap *= 2;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			free(buf);
			close(fd);
			return -1;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	close(fd);
	*data = buf;
	*len = n;
	return 0;
}

static int by_position(const void *a, const void *b)
{
	const struct warning *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->col < y->col ? -1 : x->col > y->col;
}

/* ---- the files to read ---------------------------------------------------- */

struct file {
	char *path;
	dev_t dev;
	ino_t ino;
	int skip; /* unreadable, or not built for Linux */
	int link; /* reached through a symbolic link */
};

/* The files of all trees, each tree's together (main's starts[] says where each begins). */
static struct file *files;
static size_t nfiles, files_cap;

/*
 * Each file once: under the first path that is no symbolic link, else the
 * first link that leads to it.
 */
static void add_file(const char *path, const struct stat *st, int link)
{
	for (size_t i = 0; i < nfiles; i++) {
		char *p;

		if (files[i].dev != st->st_dev || files[i].ino != st->st_ino)
			continue;
		if (files[i].link && !link && (p = strdup(path))) {
			free(files[i].path);
			files[i].path = p;
			files[i].link = 0;
		}
		return;
	}
	if (nfiles == files_cap) {
		size_t ncap = files_cap ? files_cap * 2 : 256;
		struct file *nf = realloc(files, ncap * sizeof(*nf));

		if (!nf) {
			error(path, strerror(ENOMEM));
			return;
		}
		files = nf;
		files_cap = ncap;
	}
	files[nfiles].path = strdup(path);
	if (!files[nfiles].path) {
		error(path, strerror(ENOMEM));
		return;
	}
	files[nfiles].dev = st->st_dev;
	files[nfiles].ino = st->st_ino;
	files[nfiles].skip = 0;
	files[nfiles].link = link;
	nfiles++;
}

static int is_c_source(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

static void walk(const char *path, int named);

static void walk_dir(const char *path)
{
	struct dirent **ents;
	int n = scandir(path, &ents, NULL, alphasort);

	if (n < 0) {
		error(path, strerror(errno));
		return;
	}
	for (int i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		size_t len = strlen(path) + strlen(name) + 2;
		char *child;

		/* ., .. and hidden entries (.git, quilt's .pc) are skipped. */
		if (name[0] == '.') {
			free(ents[i]);
			continue;
		}
		child = malloc(len);
		if (!child) {
			error(path, strerror(ENOMEM));
		} else {
			snprintf(child, len, "%s%s%s", path,
				 path[strlen(path) - 1] == '/' ? "" : "/", name);
			walk(child, 0);
			free(child);
		}
		free(ents[i]);
	}
	free(ents);
}

static void walk(const char *path, int named)
{
	struct stat st;
	int link;

	/* Found in a walk: a link to a directory could loop, so lstat. */
	if ((named ? stat(path, &st) : lstat(path, &st)) < 0) {
		error(path, strerror(errno));
		return;
	}
	link = S_ISLNK(st.st_mode);
	if (S_ISDIR(st.st_mode))
		walk_dir(path);
	else if (named)
		add_file(path, &st, 0);
	else if (is_c_source(path) && (S_ISREG(st.st_mode) ||
				       (link && stat(path, &st) == 0 && S_ISREG(st.st_mode))))
		add_file(path, &st, link);
}

/* ---- reading and judging ---------------------------------------------------- */

/* Reads and lexes file f; -1 (reported, f skipped from now on) on error. */
static int load(struct file *f, struct source *src)
{
	char *data;
	size_t len;
	int r;

	memset(src, 0, sizeof(*src));
	src->path = f->path;
	if (read_file(f->path, &data, &len) < 0) {
		error(f->path, strerror(errno));
		f->skip = 1;
		return -1;
	}
	r = lex_source(src, data, len);
	free(data);
	if (r < 0) {
		error(f->path, strerror(ENOMEM));
		free_source(src);
		f->skip = 1;
	}
	return r;
}

/* Judges file i of a tree with the macros of its scope; counts its tests and findings. */
static void lint_file(struct file *f, struct scopes *scopes, size_t i, const char *tree,
		      size_t *tests, size_t *findings)
{
	struct source src, exp;
	struct scope scope;
	struct warnings w = { 0 };
	int r;

	if (f->skip || load(f, &src) < 0)
		return;
	if (scope_of(scopes, i, &scope) < 0) {
		error(f->path, strerror(ENOMEM));
		free_source(&src);
		return;
	}
	r = expand_source(&scope, &src, &exp);
	if (r < 0 || check_source(r ? &exp : &src, &scope, &w) < 0) {
		error(f->path, strerror(ENOMEM));
	} else {
		if (w.n)
			qsort(w.v, w.n, sizeof(*w.v), by_position);
		for (size_t k = 0; k < w.n; k++)
			report_warning(tree, f->path, &w.v[k]);
		if (w.n)
			found = 1;
		*tests += w.tests;
		*findings += w.n;
	}
	if (r > 0)
		free_source(&exp);
	free_scope(&scope);
	free_warnings(&w);
	free_source(&src);
}

/*
 * One tree, the files [first, end) found under root: what each file
 * defines and includes (the first pass), the include folders of its
 * makefiles, which files each file is compiled with, then each file judged.
 */
static void lint_tree(const char *root, size_t first, size_t end)
{
	size_t n = end - first;
	struct defs *defs = calloc(n + 1, sizeof(*defs));
	char **paths = calloc(n + 1, sizeof(*paths));
	struct incdirs dirs = { 0 };
	struct graph g = { 0 };
	struct scopes scopes = { 0 };
	struct stat st;
	size_t tests = 0, findings = 0;
	int oom = !defs || !paths;

	for (size_t i = 0; !oom && i < n; i++) {
		struct file *f = &files[first + i];
		struct source src;

		paths[i] = f->path;
		if (load(f, &src) < 0)
			continue;
		oom = defs_read(&defs[i], &src) < 0;
		f->skip = defs[i].foreign;
		free_source(&src);
	}
	if (!oom && stat(root, &st) == 0 && S_ISDIR(st.st_mode))
		oom = makefiles_read(root, &dirs) < 0;
	if (!oom)
		oom = graph_build(&g, n, paths, defs, &dirs) < 0 || scopes_build(&scopes, &g, defs) < 0;
	if (oom) {
		fprintf(stderr, "kver-lint: error: %s: reading the tree: %s\n", root, strerror(ENOMEM));
		failed = 1;
	}
	for (size_t i = 0; !oom && i < n; i++)
		lint_file(&files[first + i], &scopes, i, root, &tests, &findings);
	if (!oom)
		report_tree(root, tests, findings);
	free_scopes(&scopes);
	free_graph(&g);
	free_incdirs(&dirs);
	for (size_t i = 0; defs && i < n; i++)
		free_defs(&defs[i]);
	free(defs);
	free(paths);
}

int main(int argc, char **argv)
{
	int i = 1, first, rc;
	enum format format = FORMAT_GCC;
	size_t *starts;

	/* From the start: the tests' batch runs main once per case. */
	found = failed = 0;
	files = NULL;
	nfiles = files_cap = 0;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(argv[i], "--format=gcc")) {
			format = FORMAT_GCC;
			continue;
		}
		if (!strcmp(argv[i], "--format=sarif")) {
			format = FORMAT_SARIF;
			continue;
		}
		if (!strcmp(argv[i], "--format=tsv")) {
			format = FORMAT_TSV;
			continue;
		}
		if (!strncmp(argv[i], "--format=", 9)) {
			fprintf(stderr, "kver-lint: error: unknown format '%s' (gcc, sarif or tsv)\n",
				argv[i] + 9);
			return 2;
		}
		fprintf(stderr, "kver-lint: error: unknown option '%s'\n", argv[i]);
		usage(stderr);
		return 2;
	}
	if (i >= argc) {
		usage(stderr);
		return 2;
	}
	/* Each tree's files start where the files before it end. */
	first = i;
	starts = calloc((size_t)(argc - first) + 1, sizeof(*starts));
	if (!starts) {
		fprintf(stderr, "kver-lint: error: %s\n", strerror(ENOMEM));
		return 2;
	}
	for (; i < argc; i++) {
		starts[i - first] = nfiles;
		walk(argv[i], 1);
	}
	starts[argc - first] = nfiles;
	report_begin(format);
	for (i = first; i < argc; i++)
		lint_tree(argv[i], starts[i - first], starts[i - first + 1]);
	rc = report_end();
	free(starts);
	for (size_t k = 0; k < nfiles; k++)
		free(files[k].path);
	free(files);
	if (rc != 0 || fflush(stdout) != 0) {
		fprintf(stderr, "kver-lint: error: writing the report: %s\n", strerror(errno));
		return 2;
	}
	return failed ? 2 : found ? 1 : 0;
}
