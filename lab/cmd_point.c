// SPDX-License-Identifier: GPL-2.0
/* kver-lab sublevels and point: check SUBLEVEL points, print one point's names. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "style.h"

/* SUBLEVEL points: strict decimal, 0..65535, no sign, no leading zero. */
int cmd_sublevels(int argc, char **argv)
{
	if (argc < 2)
		die("%s%s", "no SUBLEVEL given", "");
	for (int i = 1; i < argc; i++) {
		unsigned int v;
		char err[160];

		if (style_sublevel(argv[i], &v, err, sizeof(err)))
			die("%s%s", err, "");
	}
	for (int i = 1; i < argc; i++)
		printf("%s%s", i > 1 ? " " : "", argv[i]);
	putchar('\n');
	return 0;
}

/* The line for the point's version in a table of Debian releases, or NULL. */
static const struct style_debian *known_release(const char *table, const char *tree,
						const char *sublevel, struct style_debian *d)
{
	char version[48];
	int found;
	FILE *f;

	if (!table)
		return NULL;
	f = fopen(table, "r");
	if (!f)
		die("cannot read the table of Debian releases %s: %s", table, strerror(errno));
	snprintf(version, sizeof(version), "%s.%s", tree, sublevel);
	found = style_debian_find(f, version, d);
	fclose(f);
	if (found < 0)
		die("the table of Debian releases %s has a malformed line for %s", table, version);
	return found ? d : NULL;
}

int cmd_point(int argc, char **argv)
{
	const char *style = NULL, *tree = NULL, *release = NULL, *uts = NULL, *table = NULL;
	struct style_debian known;
	struct style_point p;
	char err[400];
	int i;

	for (i = 1; i < argc; i++) {
		const char **slot = !strcmp(argv[i], "--style")		  ? &style :
				    !strcmp(argv[i], "--tree")		  ? &tree :
				    !strcmp(argv[i], "--release")	  ? &release :
				    !strcmp(argv[i], "--uts-version")	  ? &uts :
				    !strcmp(argv[i], "--debian-releases") ? &table : NULL;

		if (!slot)
			break;
		if (i + 1 >= argc)
			die("%s needs a value%s", argv[i], "");
		*slot = argv[++i];
	}
	if (!tree || i != argc - 1)
		die("usage: %s point --tree M.P [--style S] [--release R] [--uts-version U] [--debian-releases FILE] SUBLEVEL%s",
		    lab_prog, "");
	if (style_point(style, tree, argv[i], release, uts,
			known_release(table, tree, argv[i], &known), &p, err, sizeof(err)))
		die("%s%s", err, "");
	style_print(stdout, &p);
	return 0;
}
