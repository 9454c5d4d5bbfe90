// SPDX-License-Identifier: GPL-2.0
/*
 * The build folder's record, BUILD/.kver-plan: what the planner knows of the
 * folder (docs/lab-paths.md has the format). One "name=value" a line, in
 * this order, each name once but key.part=, pending.part= and env=, which
 * repeat; '#' starts a comment line. In a value, a backslash is written
 * "\\" and a newline "\n". A record that does not read (an unknown name, no
 * format=1) is trusted in nothing: the next point is Kbuild's whole make.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plan.h"

int strv_addn(struct strv *s, const char *str, size_t len)
{
	char *c;

	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 16;
		char **v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			return -1;
		s->v = v;
		s->cap = cap;
	}
	if (!(c = malloc(len + 1)))
		return -1;
	memcpy(c, str, len);
	c[len] = '\0';
	s->v[s->n++] = c;
	return 0;
}

int strv_add(struct strv *s, const char *str)
{
	return strv_addn(s, str, strlen(str));
}

int strv_has(const struct strv *s, const char *str)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->v[i], str))
			return 1;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void strv_sort(struct strv *s)
{
	if (s->n)
		qsort(s->v, s->n, sizeof(*s->v), cmp_str);
}

void strv_free(struct strv *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

char *strv_join(const struct strv *s, const char *sep)
{
	size_t len = 1, k = strlen(sep);
	char *out, *p;

	for (size_t i = 0; i < s->n; i++)
		len += strlen(s->v[i]) + k;
	if (!(out = p = malloc(len)))
		return NULL;
	*p = '\0';
	for (size_t i = 0; i < s->n; i++)
		p += sprintf(p, "%s%s", i ? sep : "", s->v[i]);
	return out;
}

char *plan_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (cap - n < 4096) {
			char *b = realloc(buf, cap = cap ? 2 * cap : 65536);

			if (!b) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = b;
		}
		size_t r = fread(buf + n, 1, cap - n - 1, f);

		n += r;
		if (r == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		buf = NULL;
	} else {
		buf[n] = '\0';
		if (len)
			*len = n;
	}
	fclose(f);
	return buf;
}

int plan_vmlinux(const char *build, char *buf, size_t size)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/vmlinux", build);
	if (stat(path, &st))
		return -1;
	snprintf(buf, size, "%lld.%09ld %lld", (long long)st.st_mtim.tv_sec,
		 (long)st.st_mtim.tv_nsec, (long long)st.st_size);
	return 0;
}

int plan_set(char **field, const char *value)
{
	char *c = value ? strdup(value) : NULL;

	if (value && !c)
		return -1;
	free(*field);
	*field = c;
	return 0;
}

void plan_state_free(struct plan_state *st)
{
	char **fields[] = { &st->bad, &st->config, &st->key, &st->steps, &st->env_key,
			    &st->objects, &st->kind, &st->release, &st->vmlinux, &st->pending,
			    &st->pending_config, &st->pending_path };

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		free(*fields[i]);
	strv_free(&st->parts);
	strv_free(&st->dirs);
	strv_free(&st->env);
	strv_free(&st->pending_parts);
	memset(st, 0, sizeof(*st));
}

/* The record's names: a string field, a list (repeated), or the words of dirs=. */
static char **field_of(struct plan_state *st, const char *name, struct strv **list)
{
	static const char *const names[] = { "config", "key", "steps", "made-env", "objects",
					     "kind", "release", "vmlinux", "pending",
					     "pending.config", "pending.path" };
	char **fields[] = { &st->config, &st->key, &st->steps, &st->env_key, &st->objects,
			    &st->kind, &st->release, &st->vmlinux, &st->pending,
			    &st->pending_config, &st->pending_path };

	*list = NULL;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i]))
			return fields[i];
	if (!strcmp(name, "key.part"))
		*list = &st->parts;
	else if (!strcmp(name, "pending.part"))
		*list = &st->pending_parts;
	else if (!strcmp(name, "env"))
		*list = &st->env;
	return NULL;
}

/* A value's escapes undone in place: "\\" and "\n"; -1 on another one. */
static int unescape(char *v)
{
	char *o = v;

	for (char *i = v; *i; i++) {
		if (*i != '\\') {
			*o++ = *i;
			continue;
		}
		if (i[1] == '\\')
			*o++ = '\\';
		else if (i[1] == 'n')
			*o++ = '\n';
		else
			return -1;
		i++;
	}
	*o = '\0';
	return 0;
}

static int bad(struct plan_state *st, const char *build, int lineno, const char *why)
{
	char msg[512];

	snprintf(msg, sizeof(msg), "%s/%s:%d: %s", build, PLAN_RECORD, lineno, why);
	plan_state_free(st);
	return plan_set(&st->bad, msg);
}

static int parse_record(struct plan_state *st, const char *build, char *text)
{
	int lineno = 0, format = 0;
	char *save = NULL;

	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *eq = strchr(line, '='), **field;
		struct strv *list;

		lineno++;
		if (line[0] == '#')
			continue;
		if (!eq)
			return bad(st, build, lineno, "not name=value");
		*eq = '\0';
		if (unescape(eq + 1))
			return bad(st, build, lineno, "a backslash that is not \\\\ or \\n");
		if (!strcmp(line, "format")) {
			if (strcmp(eq + 1, "1"))
				return bad(st, build, lineno, "a format other than 1");
			format = 1;
		} else if (!strcmp(line, "dirs")) {
			char *s2 = NULL;

			for (char *w = strtok_r(eq + 1, " ", &s2); w; w = strtok_r(NULL, " ", &s2))
				if (strv_add(&st->dirs, w))
					return -1;
		} else if (!strcmp(line, "pending.switched")) {
			st->pending_switched = !strcmp(eq + 1, "1");
		} else if ((field = field_of(st, line, &list))) {
			if (plan_set(field, eq + 1))
				return -1;
		} else if (list) {
			/* A record of an older planner may hold make's own
			 * variables in env=: they are not the Makefile's. */
			if (list == &st->env && plan_env_makes_own(eq + 1))
				continue;
			if (strv_add(list, eq + 1))
				return -1;
		} else {
			return bad(st, build, lineno, "an unknown name");
		}
	}
	return format ? 0 : bad(st, build, lineno, "no format=1");
}

/* The first line of a hidden file of the lab before the record, or NULL. */
static char *legacy_line(const char *build, const char *name)
{
	char path[4096], *text, *nl;

	snprintf(path, sizeof(path), "%s/%s", build, name);
	if (!(text = plan_slurp(path, NULL)))
		return NULL;
	if ((nl = strchr(text, '\n')))
		*nl = '\0';
	if (!text[0]) {
		free(text);
		return NULL;
	}
	return text;
}

int plan_state_read(struct plan_state *st, const char *build)
{
	char path[4096], *text;
	int rc;

	memset(st, 0, sizeof(*st));
	snprintf(path, sizeof(path), "%s/%s", build, PLAN_RECORD);
	if (!(text = plan_slurp(path, NULL))) {
		if (errno != ENOENT)
			return -1;
		/* The lab before the record: its config hash and object count
		 * still hold; the rest is learned again. */
		st->config = legacy_line(build, ".kver-config");
		st->objects = legacy_line(build, ".kver-objects");
		return 0;
	}
	rc = parse_record(st, build, text);
	free(text);
	return rc;
}

static void put(FILE *f, const char *name, const char *value)
{
	if (!value)
		return;
	fprintf(f, "%s=", name);
	for (const char *c = value; *c; c++) {
		if (*c == '\\')
			fputs("\\\\", f);
		else if (*c == '\n')
			fputs("\\n", f);
		else
			fputc(*c, f);
	}
	fputc('\n', f);
}

static void put_list(FILE *f, const char *name, const struct strv *s)
{
	for (size_t i = 0; i < s->n; i++)
		put(f, name, s->v[i]);
}

void plan_state_print(const struct plan_state *st, FILE *f)
{
	fprintf(f, "# What kver-lab plan knows of this build folder (docs/lab-paths.md).\n");
	fprintf(f, "format=1\n");
	put(f, "config", st->config);
	put(f, "key", st->key);
	put_list(f, "key.part", &st->parts);
	if (st->dirs.n) {
		fprintf(f, "dirs=");
		for (size_t i = 0; i < st->dirs.n; i++)
			fprintf(f, "%s%s", i ? " " : "", st->dirs.v[i]);
		fprintf(f, "\n");
	}
	put(f, "steps", st->steps);
	put(f, "made-env", st->env_key);
	put_list(f, "env", &st->env);
	put(f, "objects", st->objects);
	put(f, "kind", st->kind);
	put(f, "release", st->release);
	put(f, "vmlinux", st->vmlinux);
	put(f, "pending", st->pending);
	put_list(f, "pending.part", &st->pending_parts);
	put(f, "pending.config", st->pending_config);
	put(f, "pending.path", st->pending_path);
	if (st->pending)
		fprintf(f, "pending.switched=%d\n", st->pending_switched);
}

int plan_state_write(const struct plan_state *st, const char *build)
{
	/* The lab's hidden files before the record. */
	static const char *const legacy[] = { ".kver-fast", ".kver-config", ".kver-made-env",
					      ".kver-objects", ".kver-release", ".kver-build-kind" };
	char path[4096], tmp[4200];
	FILE *f;
	int err;

	snprintf(path, sizeof(path), "%s/%s", build, PLAN_RECORD);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if (!(f = fopen(tmp, "w")))
		return -1;
	plan_state_print(st, f);
	err = ferror(f);
	if (fclose(f) || err || rename(tmp, path)) {
		unlink(tmp);
		return -1;
	}
	for (size_t i = 0; i < sizeof(legacy) / sizeof(legacy[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", build, legacy[i]);
		unlink(path);
	}
	return 0;
}
