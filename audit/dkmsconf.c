// SPDX-License-Identifier: GPL-2.0
/*
 * A DKMS package's source folder (usr/src/NAME-VERSION, as dh_dkms lays it
 * out) and what its dkms.conf says plainly. dkms.conf is a shell script
 * that dkms sources; only literal assignments are read here (the name and
 * version to hand to dkms, the modules, and every BUILD_EXCLUSIVE_* line as
 * written for the report). Whether a kernel is excluded is dkms's own
 * decision (exit status 77, classify.c), with the script's conditions.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit.h"

int dkms_source(const char *root, char *out, size_t size)
{
	char path[4096];
	struct dirent **ents;
	int n, found = -1;

	snprintf(path, sizeof(path), "%s/usr/src", root);
	n = scandir(path, &ents, NULL, alphasort);
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		struct stat st;

		snprintf(path, sizeof(path), "%s/usr/src/%s/dkms.conf", root, ents[i]->d_name);
		if (found < 0 && ents[i]->d_name[0] != '.' && stat(path, &st) == 0 &&
		    S_ISREG(st.st_mode) && strlen(ents[i]->d_name) < size) {
			snprintf(out, size, "%s", ents[i]->d_name);
			found = 0;
		}
		free(ents[i]);
	}
	free(ents);
	return found;
}

/* A literal value: quotes taken off; 0, or -1 when it holds $ or ` (not plain). */
static int literal(const char *v, char *out, size_t size)
{
	size_t n = strlen(v);
	char q = 0;

	while (n && (v[n - 1] == ' ' || v[n - 1] == '\t' || v[n - 1] == '\n' || v[n - 1] == '\r'))
		n--;
	if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
		q = v[0];
		v++;
		n -= 2;
	}
	if (memchr(v, '`', n) || (q != '\'' && memchr(v, '$', n)) || n >= size)
		return -1;
	memcpy(out, v, n);
	out[n] = '\0';
	return 0;
}

static void append(char *list, size_t size, const char *sep, const char *s)
{
	size_t l = strlen(list);

	snprintf(list + l, size - l, "%s%s", l ? sep : "", s);
}

int dkms_conf_read(const char *dir, struct dkms_conf *c)
{
	char path[4096], line[1024];
	const char *base = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
	FILE *f;
	int name = 0, version = 0;

	memset(c, 0, sizeof(*c));
	snprintf(path, sizeof(path), "%s/dkms.conf", dir);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *s = line, *eq, value[128];

		s += strspn(s, " \t");
		if (*s == '#' || !(eq = strchr(s, '=')))
			continue;
		*eq = '\0';
		char *key = s;

		if (strspn(key, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789[]") != strlen(key))
			continue;
		if (!strncmp(key, "BUILD_EXCLUSIVE_", 16)) {
			*eq = '=';
			s[strcspn(s, "\r\n")] = '\0';
			append(c->exclusive, sizeof(c->exclusive), "; ", s);
			continue;
		}
		if (!strcmp(key, "PACKAGE_NAME") && literal(eq + 1, value, sizeof(value)) == 0) {
			snprintf(c->name, sizeof(c->name), "%s", value);
			name = 1;
		} else if (!strcmp(key, "PACKAGE_VERSION") &&
			   literal(eq + 1, value, sizeof(value)) == 0) {
			snprintf(c->version, sizeof(c->version), "%s", value);
			version = 1;
		} else if (!strncmp(key, "BUILD_DEPENDS", 13) &&
			   literal(eq + 1, value, sizeof(value)) == 0) {
			append(c->build_depends, sizeof(c->build_depends), " ", value);
		} else if (!strncmp(key, "BUILT_MODULE_NAME", 17)) {
			/* "$PACKAGE_NAME" is the common non-literal one. */
			if (literal(eq + 1, value, sizeof(value)) == 0)
				append(c->modules, sizeof(c->modules), " ", value);
			else if (strstr(eq + 1, "PACKAGE_NAME") && name)
				append(c->modules, sizeof(c->modules), " ", c->name);
		}
	}
	fclose(f);
	c->plain = name && version;
	/* NAME-VERSION, as dh_dkms names the folder: the version starts with a digit. */
	if (!c->plain) {
		const char *dash = NULL;

		for (const char *p = base; *p; p++)
			if (*p == '-' && p[1] >= '0' && p[1] <= '9')
				dash = p;
		if (dash) {
			if (!name)
				snprintf(c->name, sizeof(c->name), "%.*s", (int)(dash - base), base);
			if (!version)
				snprintf(c->version, sizeof(c->version), "%s", dash + 1);
		}
	}
	return 0;
}
