// SPDX-License-Identifier: GPL-2.0
/*
 * The drivers the probe loads in a shipped kernel, and what they need:
 * modules.dep (depmod's "PATH: DEP DEP ..." a line, one line per module)
 * walked depth first, so that each module comes after every module its
 * own line names, each once. A module's name is its file name without
 * ".ko" and a compression suffix, '-' and '_' alike (as modprobe reads
 * them: xhci-pci and xhci_pci are one driver).
 */
#include <stdlib.h>
#include <string.h>

#include "shipped.h"

struct mod {
	char *path;
	char name[64];
	char **deps;
	size_t ndeps;
	int state;	/* 0 not seen, 1 being walked, 2 printed */
};

struct moddep {
	struct mod *mods;
	size_t n;
	char *err;
	size_t errsize;
};

/* The module name of a path: its base name up to ".ko", '-' as '_'. */
static void mod_name(const char *path, char *name, size_t size)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strcspn(base, ".");
	if (n >= size)
		n = size - 1;
	for (size_t i = 0; i < n; i++)
		name[i] = base[i] == '-' ? '_' : base[i];
	name[n] = '\0';
}

static void free_mods(struct moddep *d)
{
	for (size_t i = 0; i < d->n; i++) {
		for (size_t j = 0; j < d->mods[i].ndeps; j++)
			free(d->mods[i].deps[j]);
		free(d->mods[i].deps);
		free(d->mods[i].path);
	}
	free(d->mods);
}

/* One line of modules.dep; 0, or -1 (out of memory or malformed, err set). */
static int add_line(struct moddep *d, char *line, int lineno)
{
	char *colon = strchr(line, ':'), *tok, *save;
	struct mod *m, *grown;

	line[strcspn(line, "\n")] = '\0';
	if (!line[0])
		return 0;
	if (!colon || colon == line) {
		snprintf(d->err, d->errsize, "modules.dep:%d: '%.60s' is not 'PATH: DEPS'", lineno, line);
		return -1;
	}
	grown = realloc(d->mods, (d->n + 1) * sizeof(*grown));
	if (!grown)
		goto oom;
	d->mods = grown;
	m = &d->mods[d->n];
	memset(m, 0, sizeof(*m));
	*colon = '\0';
	m->path = strdup(line);
	d->n++;
	if (!m->path)
		goto oom;
	mod_name(m->path, m->name, sizeof(m->name));
	for (tok = strtok_r(colon + 1, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		char **deps = realloc(m->deps, (m->ndeps + 1) * sizeof(*deps));

		if (!deps)
			goto oom;
		m->deps = deps;
		if (!(m->deps[m->ndeps] = strdup(tok)))
			goto oom;
		m->ndeps++;
	}
	return 0;
oom:
	snprintf(d->err, d->errsize, "out of memory");
	return -1;
}

static struct mod *by_path(struct moddep *d, const char *path)
{
	for (size_t i = 0; i < d->n; i++)
		if (!strcmp(d->mods[i].path, path))
			return &d->mods[i];
	return NULL;
}

static struct mod *by_name(struct moddep *d, const char *name)
{
	for (size_t i = 0; i < d->n; i++)
		if (!strcmp(d->mods[i].name, name))
			return &d->mods[i];
	return NULL;
}

/* Print m after everything it needs. */
static int walk(struct moddep *d, struct mod *m, FILE *out)
{
	if (m->state == 2)
		return 0;
	if (m->state == 1) {
		snprintf(d->err, d->errsize, "modules.dep: %s needs itself (a cycle)", m->path);
		return -1;
	}
	m->state = 1;
	for (size_t i = 0; i < m->ndeps; i++) {
		struct mod *dep = by_path(d, m->deps[i]);

		if (!dep) {
			snprintf(d->err, d->errsize, "modules.dep: %s needs %s, which has no line of its own",
				 m->path, m->deps[i]);
			return -1;
		}
		if (walk(d, dep, out))
			return -1;
	}
	m->state = 2;
	fprintf(out, "%s\n", m->path);
	return 0;
}

/* Is name among modules.builtin's paths? */
static int built_in(FILE *builtin, const char *name)
{
	char line[512], got[64];

	if (!builtin)
		return 0;
	rewind(builtin);
	while (fgets(line, sizeof(line), builtin)) {
		line[strcspn(line, "\n")] = '\0';
		mod_name(line, got, sizeof(got));
		if (!strcmp(got, name))
			return 1;
	}
	return 0;
}

int moddep_order(FILE *dep, FILE *builtin, char *const *names, int nnames, FILE *out, char *err,
		 size_t errsize)
{
	struct moddep d = { .err = err, .errsize = errsize };
	char *line = NULL;
	size_t cap = 0;
	int rc = 0, lineno = 0;

	while (!rc && getline(&line, &cap, dep) >= 0)
		rc = add_line(&d, line, ++lineno);
	free(line);
	for (int i = 0; !rc && i < nnames; i++) {
		char name[64];
		struct mod *m;

		mod_name(names[i], name, sizeof(name));
		m = by_name(&d, name);
		if (m) {
			rc = walk(&d, m, out);
		} else if (!built_in(builtin, name)) {
			snprintf(err, errsize, "no module %s in modules.dep, and none built in", names[i]);
			rc = -1;
		}
	}
	free_mods(&d);
	return rc;
}
