// SPDX-License-Identifier: GPL-2.0
/*
 * What the top Makefile exports to every recipe (lab/replay.mk's
 * kver-replay-env-dump writes a recipe's environment, env -0). The planner
 * reads two such dumps to let a replay skip the top Makefile's compiler
 * probes (with and without them, need-compiler=: what differs is what the
 * probes decide, KBUILD_CFLAGS, RETPOLINE_CFLAGS, ..., never the version's
 * variables, both being of one point), and keeps what the Makefile made for
 * a later series switch that changes it (plan.c: the same environment, or
 * the whole make).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

/* make's own variables and the dump's: not the Makefile's. */
static int makes_own(const char *e)
{
	static const char *const names[] = { "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKE_TERMOUT",
					     "MAKE_TERMERR", "REPLAY_ENV_OUT", "REPLAY_LIST" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t n = strlen(names[i]);

		if (!strncmp(e, names[i], n) && e[n] == '=')
			return 1;
	}
	return 0;
}

int plan_env_read(const char *path, struct strv *env)
{
	size_t len = 0;
	char *text = plan_slurp(path, &len);

	if (!text)
		return -1;
	for (size_t i = 0; i < len; i += strlen(text + i) + 1)
		if (strchr(text + i, '=') && !makes_own(text + i) && strv_add(env, text + i)) {
			free(text);
			return -1;
		}
	free(text);
	strv_sort(env);
	return 0;
}

/* The version's variables: they differ from point to point, and reach only its headers. */
static int versions(const char *e)
{
	static const char *const names[] = { "VERSION", "PATCHLEVEL", "SUBLEVEL", "EXTRAVERSION",
					     "KERNELRELEASE", "KERNELVERSION", "MODLIB",
					     "INSTALL_DTBS_PATH", "INSTALL_HDR_PATH" };
	size_t n = strcspn(e, "=");

	if (n > 13 && !strncmp(e, "KBUILD_BUILD_", 13))
		return 1;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && !strncmp(e, names[i], n))
			return 1;
	return 0;
}

int plan_env_made(const struct strv *dump, char **envp, struct strv *made)
{
	for (size_t i = 0; i < dump->n; i++) {
		int inherited = 0;

		for (char **e = envp; e && *e && !inherited; e++)
			inherited = !strcmp(*e, dump->v[i]);
		if (!inherited && !versions(dump->v[i]) && strv_add(made, dump->v[i]))
			return -1;
	}
	return 0;
}

/* Whether a variable of that name is in the list. */
static int has_name(const struct strv *s, const char *e)
{
	size_t n = strcspn(e, "=");

	for (size_t i = 0; i < s->n; i++)
		if (!strncmp(s->v[i], e, n) && s->v[i][n] == '=')
			return 1;
	return 0;
}

int plan_env_lean(const struct strv *full, const struct strv *lean, FILE *out, char *why,
		  size_t whysize)
{
	struct strv probed = { 0 };
	int rc = 0;

	/* Changed or only with the probes. */
	for (size_t i = 0; i < full->n; i++)
		if (!strv_has(lean, full->v[i]) && strv_add(&probed, full->v[i]))
			rc = -1;
	/* Changed or only without them: each must be one the probes set. */
	for (size_t i = 0; !rc && i < lean->n; i++)
		if (!strv_has(full, lean->v[i]) && !has_name(&probed, lean->v[i])) {
			snprintf(why, whysize, "%.*s is exported only without the compiler probes",
				 (int)strcspn(lean->v[i], "="), lean->v[i]);
			rc = 1;
		}
	for (size_t i = 0; !rc && i < probed.n; i++) {
		size_t n = strlen(probed.v[i]);

		if (strchr(probed.v[i], '\n') || probed.v[i][n - 1] == '\\') {
			snprintf(why, whysize, "%.*s has a value make cannot export as it is",
				 (int)strcspn(probed.v[i], "="), probed.v[i]);
			rc = 1;
		}
	}
	if (!rc) {
		fprintf(out, "REPLAY_LEAN := 1\n");
		for (size_t i = 0; i < probed.n; i++) {
			const char *e = probed.v[i];
			size_t n = strcspn(e, "=");

			fprintf(out, "export %.*s := ", (int)n, e);
			for (const char *c = e + n + 1; *c; c++) {
				if (*c == '$')
					fputs("$$", out);
				else if (*c == '#')
					fputs("\\#", out);
				else
					fputc(*c, out);
			}
			fputc('\n', out);
		}
	}
	strv_free(&probed);
	return rc;
}

int plan_env_same(const struct strv *a, const struct strv *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i], b->v[i]))
			return 0;
	return 1;
}
