// SPDX-License-Identifier: GPL-2.0
/* kver-lab sublevels and point: check SUBLEVEL points, print one point's names. */
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

int cmd_point(int argc, char **argv)
{
	const char *style = NULL, *tree = NULL, *release = NULL, *uts = NULL;
	struct style_point p;
	char err[400];
	int i;

	for (i = 1; i < argc; i++) {
		const char **slot = !strcmp(argv[i], "--style")	      ? &style :
				    !strcmp(argv[i], "--tree")	      ? &tree :
				    !strcmp(argv[i], "--release")     ? &release :
				    !strcmp(argv[i], "--uts-version") ? &uts : NULL;

		if (!slot)
			break;
		if (i + 1 >= argc)
			die("%s needs a value%s", argv[i], "");
		*slot = argv[++i];
	}
	if (!tree || i != argc - 1)
		die("usage: %s point --tree M.P [--style S] [--release R] [--uts-version U] SUBLEVEL%s",
		    lab_prog, "");
	if (style_point(style, tree, argv[i], release, uts, &p, err, sizeof(err)))
		die("%s%s", err, "");
	style_print(stdout, &p);
	return 0;
}
