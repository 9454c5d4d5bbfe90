// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP reader, one line at a time (ktap_tree.c holds what it builds).
 * Nesting is decided by indentation: every open group (a document or a
 * subtest) remembers the indentation of its lines, and a result line
 * closes the groups indented deeper than itself. The kernel indents by 4
 * spaces, the specification by 2; both work because only the order of
 * indentations matters.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_tree.h"

/* A printk time stamp, "[    1.234567] ", is not part of the line. */
static const char *skip_timestamp(const char *s)
{
	const char *p = s;

	if (*p != '[')
		return s;
	p++;
	while (*p == ' ')
		p++;
	if (!isdigit((unsigned char)*p))
		return s;
	while (isdigit((unsigned char)*p) || *p == '.')
		p++;
	if (p[0] != ']' || p[1] != ' ')
		return s;
	return p + 2;
}

static int is_version(const char *s)
{
	const char *p;

	if (!strncmp(s, "KTAP version ", 13))
		p = s + 13;
	else if (!strncmp(s, "TAP version ", 12))
		p = s + 12;
	else
		return 0;
	if (!isdigit((unsigned char)*p))
		return 0;
	while (isdigit((unsigned char)*p))
		p++;
	while (isspace((unsigned char)*p))
		p++;
	return *p == '\0';
}

static int parse_plan(const char *s)
{
	char *end;
	long n;

	if (strncmp(s, "1..", 3) || !isdigit((unsigned char)s[3]))
		return -1;
	n = strtol(s + 3, &end, 10);
	while (isspace((unsigned char)*end))
		end++;
	return (*end || n > 100000) ? -1 : (int)n;
}

/* Close the groups deeper than indent; open an implicit one if none is at it. */
static int reach_indent(struct state *st, int indent)
{
	while (st->n > 1 && st->g[st->n - 1].indent > indent) {
		if (pop_unreported(st))
			return -1;
	}
	if (st->g[st->n - 1].indent < indent)
		return push_subtest(st, indent);
	return 0;
}

/* A subtest that has seen nothing but its header line. */
static int fresh(const struct state *st, int indent)
{
	const struct group *g = &st->g[st->n - 1];

	return st->n > 1 && g->indent == indent && g->t->nsub == 0 && g->plan < 0;
}

/* Start a subtest at indent, ending unreported ones at the same level. */
static int open_subtest(struct state *st, int indent)
{
	while (st->n > 1 && st->g[st->n - 1].indent >= indent) {
		if (pop_unreported(st))
			return -1;
	}
	return push_subtest(st, indent);
}

static int on_result(struct state *st, int indent, const char *s)
{
	struct ktap_test t = { 0 }, *closed = NULL;
	const char *p = s, *hash;
	struct group *g;

	t.status = KTAP_PASS;
	if (!strncmp(p, "not ok", 6)) {
		t.status = KTAP_FAIL;
		p += 6;
	} else {
		p += 2;
	}
	while (*p == ' ')
		p++;
	t.number = atoi(p);
	while (isdigit((unsigned char)*p))
		p++;
	while (*p == ' ')
		p++;
	if (p[0] == '-' && p[1] == ' ')
		p += 2;
	hash = *p == '#' ? p : strstr(p, " #");

	/*
	 * Groups nested more than one level deeper never got their result; the
	 * one right below this level is the subtest this line reports.
	 */
	while (st->n > 2 && st->g[st->n - 2].indent > indent) {
		if (pop_unreported(st))
			return -1;
	}
	if (st->n > 1 && st->g[st->n - 1].indent > indent) {
		g = &st->g[--st->n];
		closed = g->t;
		drop_diag(g);
		if (add_missing(closed, g->plan))
			goto oom;
	}
	if (st->g[st->n - 1].indent < indent && push_subtest(st, indent))
		goto oom;
	g = &st->g[st->n - 1];

	t.name = dup_trim(p, hash ? (size_t)(hash - p) : strlen(p));
	if (!t.name)
		goto oom;
	if (closed) {
		if (!*t.name && closed->name) {
			free(t.name);
			t.name = closed->name;
			closed->name = NULL;
		}
		t.sub = closed->sub;
		t.nsub = closed->nsub;
		closed->sub = NULL;
		closed->nsub = 0;
		free_test(closed);
		free(closed);
		closed = NULL;
	}
	if (hash) {
		const char *d = hash + 1;

		while (*d == ' ' || *d == '#')
			d++;
		t.directive = dup_trim(d, strlen(d));
		if (!t.directive)
			goto oom;
		if (!strncasecmp(d, "SKIP", 4))
			t.status = KTAP_SKIP;
	}
	t.diag = g->diag;
	t.ndiag = g->ndiag;
	g->diag = NULL;
	g->ndiag = 0;
	if (add_sub(g->t, &t))
		goto oom;
	return 0;
oom:
	free_test(&t);
	if (closed) {
		free_test(closed);
		free(closed);
	}
	return -1;
}

static int on_diag(struct ktap_log *log, struct state *st, int indent, const char *s)
{
	struct ktap_doc *doc = &log->docs[log->ndocs - 1];
	const char *text = s + 1 + (s[1] == ' ');
	struct group *g = &st->g[st->n - 1];
	char *d;

	if (st->n == 1 && g->t->nsub == 0 && !doc->first_diag) {
		doc->first_diag = dup_trim(text, strlen(text));
		return doc->first_diag ? 0 : -1;
	}
	/* A diagnostic belongs to the open group at its indentation. */
	for (size_t i = st->n; i-- > 0;) {
		if (st->g[i].indent <= indent) {
			g = &st->g[i];
			break;
		}
	}
	d = dup_trim(text, strlen(text));
	if (!d || grow((void **)&g->diag, g->ndiag, sizeof(*g->diag))) {
		free(d);
		return -1;
	}
	g->diag[g->ndiag++] = d;
	return 0;
}

int ktap_feed(struct ktap_log *log, const char *line)
{
	struct state *st = state_of(log);
	const char *s;
	int indent = 0, plan;

	if (!st)
		return -1;
	s = skip_timestamp(line);
	while (s[indent] == ' ')
		indent++;
	s += indent;

	if (is_version(s)) {
		if (st->n == 0 || indent <= st->g[0].indent)
			return new_doc(log, indent);
		/* A version line right after "# Subtest:" belongs to that subtest. */
		if (fresh(st, indent))
			return 0;
		return open_subtest(st, indent);
	}
	if (st->n == 0)
		return 0;	/* anything before the first document */

	/* A nested test's bail-out ends only that test; its result line says so. */
	if (!strncmp(s, "Bail out!", 9) && indent == st->g[0].indent) {
		struct ktap_doc *doc = &log->docs[log->ndocs - 1];
		const char *why = s + 9;

		while (*why == ' ')
			why++;
		doc->bailed = 1;
		if (!doc->bail_reason)
			doc->bail_reason = dup_trim(why, strlen(why));
		return 0;
	}
	if (indent < st->g[0].indent)
		return 0;	/* kernel noise left of the document */

	if (!strncmp(s, "# Subtest:", 10)) {
		const char *name = s + 10;
		struct group *g;

		while (*name == ' ')
			name++;
		if (!fresh(st, indent) || st->g[st->n - 1].t->name) {
			if (open_subtest(st, indent))
				return -1;
		}
		g = &st->g[st->n - 1];
		g->t->name = dup_trim(name, strlen(name));
		return g->t->name ? 0 : -1;
	}
	if (s[0] == '#')
		return on_diag(log, st, indent, s);
	plan = parse_plan(s);
	if (plan >= 0) {
		if (reach_indent(st, indent))
			return -1;
		st->g[st->n - 1].plan = plan;
		if (st->n == 1)
			log->docs[log->ndocs - 1].plan = plan;
		return 0;
	}
	if ((!strncmp(s, "ok ", 3) || !strncmp(s, "not ok ", 7)) &&
	    isdigit((unsigned char)s[s[0] == 'o' ? 3 : 7]))
		return on_result(st, indent, s);
	return 0;
}

int ktap_read_file(struct ktap_log *log, FILE *f)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int err = 0;

	while (!err && (n = getline(&line, &cap, f)) >= 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		/* A NUL inside a line (serial noise) ends it. */
		err = ktap_feed(log, line);
	}
	free(line);
	return err | ktap_finish(log);
}
