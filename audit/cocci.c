// SPDX-License-Identifier: GPL-2.0
/*
 * The in-tree side of the audit: the kver series' Coccinelle script run
 * over a kernel tree in make coccicheck's report mode. Its lines are
 * "FILE:LINE:COL-COL: MESSAGE" (a leading "./" or the tree's folder
 * dropped); anything else spatch prints is not a finding.
 */
#include <stdlib.h>
#include <string.h>

#include "audit.h"

int cocci_read(const char *report, const char *prefix, struct cocci *c)
{
	size_t pl = strlen(prefix);

	FILE *f = fopen(report, "r");
	char line[2048];

	c->f = NULL;
	c->n = 0;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		struct cocci_finding x;
		char *s = line, *colon, *msg;
		struct cocci_finding *nf;

		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(s, "./", 2))
			s += 2;
		/* Paths under the tree's folder, as spatch --dir prints them. */
		if (pl && !strncmp(s, prefix, pl))
			s += pl;
		colon = strchr(s, ':');
		if (!colon || colon == s || !colon[1] || colon[1] < '0' || colon[1] > '9')
			continue;
		memset(&x, 0, sizeof(x));
		x.line = atoi(colon + 1);
		msg = strstr(colon + 1, ": ");
		if (!msg || x.line <= 0)
			continue;
		snprintf(x.file, sizeof(x.file), "%.*s", (int)(colon - s), s);
		snprintf(x.msg, sizeof(x.msg), "%s", msg + 2);
		nf = realloc(c->f, (c->n + 1) * sizeof(*nf));
		if (!nf)
			break;
		c->f = nf;
		c->f[c->n++] = x;
	}
	fclose(f);
	return 0;
}

void cocci_free(struct cocci *c)
{
	free(c->f);
	c->f = NULL;
	c->n = 0;
}
