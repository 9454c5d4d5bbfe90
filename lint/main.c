// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lint PATH...: reports C version tests that break once SUBLEVEL
 * passes 255, one compiler-style line each:
 *
 *   file:line:col: warning: <what>; use <replacement> [kver-<rule>]
 *
 * A directory is searched for *.c and *.h files (hidden entries and
 * symbolic links to directories are skipped); a file named directly is read
 * whatever its name. A comment with "kver-lint: ignore" silences its line.
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

#include "lint.h"

static int found, failed;

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kver-lint PATH...\n"
		"Reports kernel version tests in C sources that break when SUBLEVEL\n"
		"passes 255 (KERNEL_VERSION and LINUX_VERSION_CODE clamp it).\n"
		"Directories are searched for *.c and *.h files.\n"
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

static void lint_file(const char *path)
{
	struct source src = { .path = path };
	struct warnings w = { 0 };
	char *data;
	size_t len;

	if (read_file(path, &data, &len) < 0) {
		error(path, strerror(errno));
		return;
	}
	if (lex_source(&src, data, len) < 0 || check_source(&src, &w) < 0) {
		error(path, strerror(ENOMEM));
	} else {
		if (w.n)
			qsort(w.v, w.n, sizeof(*w.v), by_position);
		for (size_t i = 0; i < w.n; i++)
			printf("%s:%d:%d: warning: %s\n", path, w.v[i].line,
			       w.v[i].col, w.v[i].msg);
		if (w.n)
			found = 1;
	}
	free(data);
	free_warnings(&w);
	free_source(&src);
}

static int is_c_source(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

static void lint_path(const char *path, int named);

static void lint_dir(const char *path)
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
			lint_path(child, 0);
			free(child);
		}
		free(ents[i]);
	}
	free(ents);
}

static void lint_path(const char *path, int named)
{
	struct stat st;

	/* Found in a walk: a link to a directory could loop, so lstat. */
	if ((named ? stat(path, &st) : lstat(path, &st)) < 0) {
		error(path, strerror(errno));
		return;
	}
	if (S_ISDIR(st.st_mode))
		lint_dir(path);
	else if (named)
		lint_file(path);
	else if (is_c_source(path) && (S_ISREG(st.st_mode) ||
				       (S_ISLNK(st.st_mode) && stat(path, &st) == 0 &&
					S_ISREG(st.st_mode))))
		lint_file(path);
}

int main(int argc, char **argv)
{
	int i = 1, paths = 0;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		}
		fprintf(stderr, "kver-lint: error: unknown option '%s'\n", argv[i]);
		usage(stderr);
		return 2;
	}
	for (; i < argc; i++, paths++)
		lint_path(argv[i], 1);
	if (!paths) {
		usage(stderr);
		return 2;
	}
	if (fflush(stdout) != 0) {
		fprintf(stderr, "kver-lint: error: writing the report: %s\n", strerror(errno));
		return 2;
	}
	return failed ? 2 : found ? 1 : 0;
}
