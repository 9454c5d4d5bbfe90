// SPDX-License-Identifier: GPL-2.0
/*
 * The include options of a tree's Kbuild files and Makefiles: the folders
 * a module puts on its include path (ccflags-y += -I$(src)/include) and
 * the headers it forces into every file (-include $(src)/compat.h), so
 * that kver-lint follows an #include as the preprocessor would.
 *
 * Only plain options count: a path made of words, the module's own folder
 * ($(src), $(obj), $(M), $(PWD), $(CURDIR), $(KBUILD_EXTMOD),
 * $(srctree)/$(src), autoconf's @srcdir@ and friends) and variables the
 * makefiles assign such values. A path with a make function, a variable
 * they do not assign, or one outside the tree is left out (includes.c
 * then finds a header by the end of its path). Every makefile of the
 * tree is read, conditionals and all: an include folder of any
 * configuration is one.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "text.h"
#include "tree.h"

#define MAX_MAKEFILE (1 << 20)

struct var {
	char *name, *value;
};

struct reader {
	const char *root;
	struct var *vars;
	size_t nvars;
	struct incdirs *out;
	int oom;
};

char *path_norm(const char *path)
{
	size_t n = strlen(path);
	char *out = malloc(n + 2), *copy = strdup(path);
	size_t o = 0, keep = 0; /* keep: leading ".." that cannot be taken out */
	char *save = NULL;

	if (!out || !copy) {
		free(out);
		free(copy);
		return NULL;
	}
	if (path[0] == '/')
		out[o++] = '/';
	for (char *p = strtok_r(copy, "/", &save); p; p = strtok_r(NULL, "/", &save)) {
		if (!strcmp(p, "."))
			continue;
		if (!strcmp(p, "..") && o > (path[0] == '/') && o > keep) {
			/* Drop the last part. */
			while (o > 0 && out[o - 1] != '/')
				o--;
			if (o > (path[0] == '/'))
				o--;
			continue;
		}
		if (o > (path[0] == '/'))
			out[o++] = '/';
		memcpy(out + o, p, strlen(p));
		o += strlen(p);
		if (!strcmp(p, ".."))
			keep = o;
	}
	if (o == 0)
		out[o++] = '.';
	out[o] = '\0';
	free(copy);
	return out;
}

static int is_makefile(const char *name)
{
	size_t n = strlen(name);

	return !strncmp(name, "Makefile", 8) || !strncmp(name, "makefile", 8) ||
	       !strcmp(name, "GNUmakefile") || !strncmp(name, "Kbuild", 6) ||
	       (n > 3 && !strcmp(name + n - 3, ".mk")) ||
	       (n > 8 && !strcmp(name + n - 8, ".include")) ||
	       (n > 7 && !strcmp(name + n - 7, ".kbuild"));
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "r");
	char *s;
	size_t n;

	if (!f)
		return NULL;
	s = malloc(MAX_MAKEFILE + 1);
	n = s ? fread(s, 1, MAX_MAKEFILE, f) : 0;
	fclose(f);
	if (s)
		s[n] = '\0';
	return s;
}

/* Each logical line of a makefile: continuations joined, comments cut. */
static char *next_line(char **p)
{
	char *s = *p, *w = s, *r = s;

	if (!*s)
		return NULL;
	while (*r && *r != '\n') {
		if (*r == '\\' && r[1] == '\n') {
			*w++ = ' ';
			r += 2;
			continue;
		}
		*w++ = *r++;
	}
	*p = *r ? r + 1 : r;
	*w = '\0';
	for (char *c = s; *c; c++)
		if (*c == '#' && (c == s || c[-1] != '\\')) {
			*c = '\0';
			break;
		}
	return s;
}

static const char *var_get(const struct reader *rd, const char *name, size_t n)
{
	for (size_t i = rd->nvars; i-- > 0;)
		if (strlen(rd->vars[i].name) == n && !strncmp(rd->vars[i].name, name, n))
			return rd->vars[i].value;
	return NULL;
}

/* NAME = VALUE (:=, ::=, ?=, +=), export and override allowed. */
static void read_assignment(struct reader *rd, char *line)
{
	char *p = line, *name, *op, *value;
	size_t nlen;

	p += strspn(p, " \t");
	if (!strncmp(p, "export ", 7) || !strncmp(p, "override ", 9))
		p += strcspn(p, " ") + 1;
	name = p;
	nlen = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-");
	if (!nlen)
		return;
	op = p + nlen + strspn(p + nlen, " \t");
	if (!strncmp(op, "::=", 3))
		value = op + 3;
	else if (!strncmp(op, ":=", 2) || !strncmp(op, "?=", 2) || !strncmp(op, "+=", 2))
		value = op + 2;
	else if (op[0] == '=')
		value = op + 1;
	else
		return;
	value += strspn(value, " \t");
	size_t vlen = strlen(value);

	while (vlen && (value[vlen - 1] == ' ' || value[vlen - 1] == '\t'))
		vlen--;
	struct var *nv = realloc(rd->vars, (rd->nvars + 1) * sizeof(*nv));

	if (!nv) {
		rd->oom = 1;
		return;
	}
	rd->vars = nv;
	nv[rd->nvars].name = strndup(name, nlen);
	if (op[0] == '+' && var_get(rd, name, nlen)) {
		const char *old = var_get(rd, name, nlen);
		char *both = malloc(strlen(old) + vlen + 2);

		if (both)
			snprintf(both, strlen(old) + vlen + 2, "%s %.*s", old, (int)vlen, value);
		nv[rd->nvars].value = both;
	} else {
		nv[rd->nvars].value = strndup(value, vlen);
	}
	if (!nv[rd->nvars].name || !nv[rd->nvars].value) {
		free(nv[rd->nvars].name);
		free(nv[rd->nvars].value);
		rd->oom = 1;
		return;
	}
	rd->nvars++;
}

/* The module's own folder, under any of its names. */
static int is_dir_var(const char *s, size_t n)
{
	static const char *const names[] = { "src", "obj", "M", "PWD", "CURDIR", "KBUILD_EXTMOD",
					     "abs_srcdir", "srcdir", NULL };

	for (size_t k = 0; names[k]; k++)
		if (strlen(names[k]) == n && !strncmp(names[k], s, n))
			return 1;
	return 0;
}

/*
 * word with its variables replaced, into b; 0 when plain, -1 when not
 * (a function, a variable not assigned, a value of several words). The
 * module's folder is written as DIR_MARK and the tree's as ROOT_MARK, so
 * that a path that starts with one is not taken as relative.
 */
#define DIR_MARK '\001'
#define ROOT_MARK '\002'

static int expand(const struct reader *rd, const char *word, struct buf *b, int depth)
{
	const char *p = word;

	if (depth > 8)
		return -1;
	while (*p) {
		if (!strncmp(p, "$(srctree)/$(src)", 17) || !strncmp(p, "${srctree}/${src}", 17)) {
			put(b, &(char){ DIR_MARK }, 1);
			p += 17;
			continue;
		}
		if (p[0] == '@' && strchr(p + 1, '@')) {
			const char *e = strchr(p + 1, '@');
			size_t n = (size_t)(e - p - 1);

			if ((n == 14 && !strncmp(p + 1, "abs_top_srcdir", n)) ||
			    (n == 10 && !strncmp(p + 1, "top_srcdir", n)))
				put(b, &(char){ ROOT_MARK }, 1);
			else if (is_dir_var(p + 1, n))
				put(b, &(char){ DIR_MARK }, 1);
			else
				return -1;
			p = e + 1;
			continue;
		}
		if (p[0] != '$') {
			put(b, p, 1);
			p++;
			continue;
		}
		char close = p[1] == '(' ? ')' : p[1] == '{' ? '}' : 0;
		const char *e = close ? strchr(p + 2, close) : NULL;

		if (!e)
			return -1;
		size_t n = (size_t)(e - p - 2);

		if (memchr(p + 2, ' ', n) || memchr(p + 2, ',', n) || memchr(p + 2, '$', n))
			return -1;
		if (is_dir_var(p + 2, n)) {
			put(b, &(char){ DIR_MARK }, 1);
		} else {
			const char *v = var_get(rd, p + 2, n);

			if (!v || strchr(v, ' ') || strchr(v, '\t') ||
			    expand(rd, v, b, depth + 1) < 0)
				return -1;
		}
		p = e + 1;
	}
	return 0;
}

static void add_path(struct reader *rd, char ***list, size_t *n, const char *word,
		     const char *dir)
{
	struct buf b = { 0 }, full = { 0 };
	size_t rl = strlen(rd->root);
	char *norm, **nl;

	if (expand(rd, word, &b, 0) < 0 || !b.s || b.oom) {
		rd->oom |= b.oom;
		free(b.s);
		return;
	}
	/* Relative to the makefile's folder, unless it starts at a folder. */
	if (b.s[0] != '/' && b.s[0] != DIR_MARK && b.s[0] != ROOT_MARK) {
		put(&full, dir, strlen(dir));
		put(&full, "/", 1);
	}
	for (const char *p = b.s; *p; p++)
		if (*p == DIR_MARK)
			put(&full, dir, strlen(dir));
		else if (*p == ROOT_MARK)
			put(&full, rd->root, strlen(rd->root));
		else
			put(&full, p, 1);
	free(b.s);
	norm = full.s ? path_norm(full.s) : NULL;
	free(full.s);
	if (!norm) {
		rd->oom = 1;
		return;
	}
	/* Inside the tree only. */
	if (strcmp(rd->root, ".") &&
	    (strncmp(norm, rd->root, rl) || (norm[rl] && norm[rl] != '/'))) {
		free(norm);
		return;
	}
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*list)[i], norm)) {
			free(norm);
			return;
		}
	nl = realloc(*list, (*n + 1) * sizeof(*nl));
	if (!nl) {
		free(norm);
		rd->oom = 1;
		return;
	}
	*list = nl;
	nl[(*n)++] = norm;
}

/* The include options of one logical line. */
static void read_options(struct reader *rd, char *line, const char *dir)
{
	char *save = NULL, *w, *prev = NULL;

	for (w = strtok_r(line, " \t", &save); w; prev = w, w = strtok_r(NULL, " \t", &save)) {
		size_t n = strlen(w);

		/* -I"$(src)/include" */
		if (n >= 2 && (w[0] == '"' || w[0] == '\'') && w[n - 1] == w[0]) {
			w[n - 1] = '\0';
			w++;
		}
		if (prev && (!strcmp(prev, "-I") || !strcmp(prev, "-iquote") ||
			     !strcmp(prev, "-isystem") || !strcmp(prev, "-idirafter")))
			add_path(rd, &rd->out->dirs, &rd->out->ndirs, w, dir);
		else if (prev && !strcmp(prev, "-include"))
			add_path(rd, &rd->out->forced, &rd->out->nforced, w, dir);
		else if (!strncmp(w, "-I", 2) && w[2])
			add_path(rd, &rd->out->dirs, &rd->out->ndirs, w + 2, dir);
	}
}

/* Each makefile under dir, in two passes: the variables first, then the options. */
static void walk(struct reader *rd, const char *dir, int pass)
{
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, alphasort);

	if (n < 0)
		return;
	for (int i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		size_t len = strlen(dir) + strlen(name) + 2;
		char *path = malloc(len);
		struct stat st;

		if (!path) {
			rd->oom = 1;
		} else if (name[0] != '.') {
			snprintf(path, len, "%s/%s", dir, name);
			if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
				walk(rd, path, pass);
			} else if (is_makefile(name) && stat(path, &st) == 0 &&
				   S_ISREG(st.st_mode)) {
				char *text = read_text(path), *p = text, *line;

				while (text && (line = next_line(&p)))
					if (pass == 0)
						read_assignment(rd, line);
					else
						read_options(rd, line, dir);
				free(text);
			}
		}
		free(path);
		free(ents[i]);
	}
	free(ents);
}

int makefiles_read(const char *root, struct incdirs *out)
{
	struct reader rd = { .out = out };
	char *norm = path_norm(root);

	memset(out, 0, sizeof(*out));
	if (!norm)
		return -1;
	rd.root = norm;
	walk(&rd, norm, 0);
	walk(&rd, norm, 1);
	for (size_t i = 0; i < rd.nvars; i++) {
		free(rd.vars[i].name);
		free(rd.vars[i].value);
	}
	free(rd.vars);
	free(norm);
	return rd.oom ? -1 : 0;
}

void free_incdirs(struct incdirs *d)
{
	for (size_t i = 0; i < d->ndirs; i++)
		free(d->dirs[i]);
	free(d->dirs);
	for (size_t i = 0; i < d->nforced; i++)
		free(d->forced[i]);
	free(d->forced);
	memset(d, 0, sizeof(*d));
}
