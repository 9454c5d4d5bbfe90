// SPDX-License-Identifier: GPL-2.0
/*
 * Which packages the audit reads, from apt itself: the DKMS packages a
 * Debian release has, with every version apt lists for each, newest first
 * as apt-cache madison orders them (apt's own version comparison), the
 * suite and component each comes from. The shell takes the first version
 * it can download.
 */
#include <stdlib.h>
#include <string.h>

#include "audit.h"

/* s with blanks cut at both ends, in place. */
static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* "URI SUITE/COMPONENT ARCH Packages": suite and component; 0, or -1 no such line. */
static int where(char *s, struct apt_version *v)
{
	char *save = NULL, *w[8];
	int n = 0;

	for (char *t = strtok_r(s, " \t\r\n", &save); t && n < 8; t = strtok_r(NULL, " \t\r\n", &save))
		w[n++] = t;
	if (n != 4 || strcmp(w[3], "Packages"))
		return -1;
	char *slash = strchr(w[1], '/');

	if (!slash || slash == w[1] || !slash[1] || strlen(w[1]) >= sizeof(v->suite))
		return -1;
	*slash = '\0';
	snprintf(v->suite, sizeof(v->suite), "%s", w[1]);
	/* non-free/... for a component with a section part: keep the first. */
	slash[1 + strcspn(slash + 1, "/")] = '\0';
	snprintf(v->component, sizeof(v->component), "%s", slash + 1);
	return 0;
}

int apt_read_madison(FILE *f, struct apt_package **out, size_t *n)
{
	char line[2048];
	struct apt_package *p = NULL;
	size_t np = 0;

	while (fgets(line, sizeof(line), f)) {
		char *a = line, *b = strchr(a, '|'), *c = b ? strchr(b + 1, '|') : NULL;
		struct apt_version v = { 0 };
		char *name;
		size_t k;

		if (!strchr(line, '\n') && !feof(f))
			goto bad;
		if (!*trim(line))
			continue;
		if (!c)
			goto bad;
		*b = *c = '\0';
		name = trim(a);
		snprintf(v.version, sizeof(v.version), "%s", trim(b + 1));
		/* A source package's line (deb-src) is no binary to fetch. */
		if (strstr(c + 1, " Sources"))
			continue;
		if (where(c + 1, &v) < 0)
			goto bad;
		if (!*name || !*v.version || strlen(name) >= sizeof(p->name))
			goto bad;
		for (k = 0; k < np && strcmp(p[k].name, name); k++)
			;
		if (k == np) {
			struct apt_package *q = realloc(p, (np + 1) * sizeof(*q));

			if (!q)
				goto bad;
			p = q;
			memset(&p[np], 0, sizeof(p[np]));
			snprintf(p[np].name, sizeof(p[np].name), "%s", name);
			np++;
		}
		/* The same version from two suites is one package: its first. */
		int seen = 0;

		for (size_t j = 0; j < p[k].nv; j++)
			seen |= !strcmp(p[k].v[j].version, v.version);
		if (seen)
			continue;
		struct apt_version *nv = realloc(p[k].v, (p[k].nv + 1) * sizeof(*nv));

		if (!nv)
			goto bad;
		p[k].v = nv;
		nv[p[k].nv++] = v;
	}
	*out = p;
	*n = np;
	return 0;
bad:
	apt_free(p, np);
	*out = NULL;
	*n = 0;
	return -1;
}

void apt_free(struct apt_package *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(p[i].v);
	free(p);
}
