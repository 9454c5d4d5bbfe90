// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab apt-source [--etc DIR] SUITE [COMPONENT...]: the sources.list line
 * of the lab's own apt state for SUITE (lab/apt.sh), from the archive the
 * machine's apt already uses for a suite of the same kind (aptsrc.c).
 * DIR is /etc/apt unless given (tests pass a folder of their own).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "aptsrc.h"
#include "lab.h"

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && !strcmp(s + n - m, end);
}

/* Read one file as apt would (by its name's ending); 1 when it serves target. */
static int from_file(const char *path, const char *target, struct aptsrc *s)
{
	struct stat st;
	FILE *f;
	int found;

	/* A FIFO or a folder in apt's place is not a sources file: skip it, never block. */
	if (stat(path, &st) || !S_ISREG(st.st_mode))
		return 0;
	f = fopen(path, "r");
	if (!f)
		return 0;
	found = ends_with(path, ".sources") ? aptsrc_deb822(f, target, s) :
					      aptsrc_list(f, target, s);
	fclose(f);
	return found;
}

/* sources.list, then sources.list.d/ in name order, as apt reads them. */
static int find_source(const char *etc, const char *target, struct aptsrc *s)
{
	char path[4096];
	struct dirent *e;
	char **names = NULL;
	size_t n = 0;
	int found;
	DIR *d;

	snprintf(path, sizeof(path), "%s/sources.list", etc);
	if (from_file(path, target, s))
		return 1;
	snprintf(path, sizeof(path), "%s/sources.list.d", etc);
	d = opendir(path);
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char **more;

		if (!ends_with(e->d_name, ".list") && !ends_with(e->d_name, ".sources"))
			continue;
		more = realloc(names, (n + 1) * sizeof(*names));
		if (!more)
			break;
		names = more;
		names[n] = strdup(e->d_name);
		if (names[n])
			n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	found = 0;
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/sources.list.d/%s", etc, names[i]);
		if (!found)
			found = from_file(path, target, s);
		free(names[i]);
	}
	free(names);
	return found;
}

/* A suite or component apt would take as one word: letters, digits, '-', '_', '.', '/'. */
static int apt_word(const char *s)
{
	return *s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./") ==
			     strlen(s);
}

int cmd_aptsrc(int argc, char **argv)
{
	const char *etc = "/etc/apt";
	char comps[256] = "", line[1536];
	struct aptsrc s;
	int i = 1;

	if (i + 1 < argc && !strcmp(argv[i], "--etc")) {
		etc = argv[i + 1];
		i += 2;
	}
	if (i >= argc)
		die("usage: %s apt-source [--etc DIR] SUITE [COMPONENT...]%s", lab_prog, "");
	for (int j = i; j < argc; j++)
		if (!apt_word(argv[j]))
			die("'%s' is not a suite or component name%s", argv[j], "");
	for (int j = i + 1; j < argc; j++) {
		size_t len = strlen(comps);

		snprintf(comps + len, sizeof(comps) - len, "%s%s", len ? " " : "", argv[j]);
	}
	if (!comps[0])
		strcpy(comps, "main");
	memset(&s, 0, sizeof(s));
	if (!find_source(etc, argv[i], &s))
		die("no apt source in %s serves a suite of the kind of '%s' (a Debian archive with such a suite, e.g. bookworm-security for bullseye-security)",
		    etc, argv[i]);
	if (aptsrc_line(line, sizeof(line), &s, argv[i], comps))
		die("the source line for '%s' is too long%s", argv[i], "");
	puts(line);
	return 0;
}
