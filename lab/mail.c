// SPDX-License-Identifier: GPL-2.0
/*
 * The postable form of a draft of the kver series (mail.h).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail.h"

static int fail(char *why, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, n, fmt, ap);
	va_end(ap);
	return -1;
}

static int ends_with(const char *s, size_t len, const char *tail)
{
	size_t t = strlen(tail);

	return len >= t && !strncasecmp(s + len - t, tail, t);
}

/* A domain kept for examples and tests (RFC 2606, RFC 6761). */
static int reserved_domain(const char *d, size_t len)
{
	static const char *const names[] = { "example.com", "example.net", "example.org" };
	static const char *const tlds[] = { ".example", ".invalid", ".test", ".localhost" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t k = strlen(names[i]);

		if ((len == k && !strncasecmp(d, names[i], k)) ||
		    (len > k && d[len - k - 1] == '.' && ends_with(d, len, names[i])))
			return 1;
	}
	for (size_t i = 0; i < sizeof(tlds) / sizeof(tlds[0]); i++)
		if (ends_with(d, len, tlds[i]))
			return 1;
	return 0;
}

int mail_author_check(const char *a, char *why, size_t n)
{
	const char *lt = strchr(a, '<'), *gt = strrchr(a, '>'), *at = NULL;
	size_t name_len;

	if (!*a)
		return fail(why, n, "AUTHOR is empty: give \"Name <address>\"");
	for (const char *p = a; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return fail(why, n, "AUTHOR has a control character");
	if (!lt || !gt || gt < lt || strchr(lt + 1, '<') || strchr(a, '>') != gt)
		return fail(why, n, "AUTHOR '%s' is not \"Name <address>\"", a);
	if (gt[1])
		return fail(why, n, "AUTHOR '%s' has text after its address", a);
	name_len = (size_t)(lt - a);
	while (name_len && a[name_len - 1] == ' ')
		name_len--;
	if (!name_len || a[0] == ' ')
		return fail(why, n, "AUTHOR '%s' has no name before its address", a);
	if (lt == a || lt[-1] != ' ')
		return fail(why, n, "AUTHOR '%s' needs a blank between name and <address>", a);
	for (size_t i = 0; i < name_len; i++)
		if (strchr("\"@", a[i]))
			return fail(why, n, "AUTHOR's name '%.*s' is not a name", (int)name_len, a);
	for (const char *p = lt + 1; p < gt; p++) {
		if (*p == '@') {
			if (at)
				return fail(why, n, "the address of AUTHOR '%s' has two @", a);
			at = p;
		} else if (isspace((unsigned char)*p) || strchr(",;:()[]\\\"", *p)) {
			return fail(why, n, "the address of AUTHOR '%s' has a '%c'", a, *p);
		}
	}
	if (!at || at == lt + 1 || at + 1 == gt)
		return fail(why, n, "the address of AUTHOR '%s' is not local@domain", a);
	{
		const char *d = at + 1;
		size_t len = (size_t)(gt - d);

		if (!memchr(d, '.', len) || d[0] == '.' || d[len - 1] == '.')
			return fail(why, n, "the domain of AUTHOR '%s' is not a domain", a);
		for (size_t i = 0; i < len; i++)
			if (!isalnum((unsigned char)d[i]) && d[i] != '.' && d[i] != '-')
				return fail(why, n, "the domain of AUTHOR '%s' is not a domain", a);
		if (reserved_domain(d, len))
			return fail(why, n, "AUTHOR '%s' is an example address: a person signs, give your own",
				    a);
	}
	return 0;
}

static int add(char ***v, size_t *nv, const char *s)
{
	char **nw = realloc(*v, (*nv + 1) * sizeof(**v));

	if (!nw)
		return -1;
	*v = nw;
	if (!(nw[*nv] = strdup(s)))
		return -1;
	(*nv)++;
	return 0;
}

/* The address of "Name <address>" or of a bare address. */
static const char *address(const char *s, size_t *len)
{
	const char *lt = strchr(s, '<'), *gt = lt ? strchr(lt, '>') : NULL;

	if (lt && gt) {
		*len = (size_t)(gt - lt - 1);
		return lt + 1;
	}
	*len = strlen(s);
	return s;
}

/* The index of the recipient with the address of s, or -1. */
static long find(char **v, size_t nv, const char *s)
{
	size_t len, l;
	const char *a = address(s, &len);

	for (size_t i = 0; i < nv; i++) {
		const char *b = address(v[i], &l);

		if (l == len && !strncasecmp(a, b, len))
			return (long)i;
	}
	return -1;
}

void mail_rcpt_free(struct mail_rcpt *r)
{
	for (size_t i = 0; i < r->nto; i++)
		free(r->to[i]);
	for (size_t i = 0; i < r->ncc; i++)
		free(r->cc[i]);
	free(r->to);
	free(r->cc);
	memset(r, 0, sizeof(*r));
}

/* Is a get_maintainer.pl role one that goes to To:? */
static int to_role(const char *role, size_t len)
{
	static const char *const kinds[] = { "maintainer", "supporter", "odd fixer" };

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		size_t k = strlen(kinds[i]);

		if (len >= k && !strncmp(role, kinds[i], k) && (len == k || role[k] == ':'))
			return 1;
	}
	return 0;
}

int mail_rcpt_read(FILE *f, struct mail_rcpt *r, char *why, size_t n)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;

	while (!rc && (len = getline(&line, &cap, f)) >= 0) {
		char *open, *who;
		int to;
		long i;

		while (len && (line[len - 1] == '\n' || line[len - 1] == ' '))
			line[--len] = '\0';
		if (!len)
			continue;
		open = strstr(line, " (");
		if (!open || line[len - 1] != ')' || !memchr(line, '@', (size_t)(open - line))) {
			rc = fail(why, n, "not a recipient with its role: '%s'", line);
			break;
		}
		*open = '\0';
		who = line;
		to = to_role(open + 2, (size_t)(line + len - 1 - (open + 2)));
		if (to) {
			if ((i = find(r->cc, r->ncc, who)) >= 0) {
				free(r->cc[i]);
				memmove(r->cc + i, r->cc + i + 1, (r->ncc - (size_t)i - 1) * sizeof(*r->cc));
				r->ncc--;
			}
			if (find(r->to, r->nto, who) < 0 && add(&r->to, &r->nto, who))
				rc = fail(why, n, "out of memory");
		} else if (find(r->to, r->nto, who) < 0 && find(r->cc, r->ncc, who) < 0 &&
			   add(&r->cc, &r->ncc, who)) {
			rc = fail(why, n, "out of memory");
		}
	}
	free(line);
	return rc;
}

/* The lines of a file, without their newlines. */
struct lines {
	char **l;
	size_t n;
};

static void lines_free(struct lines *ls)
{
	for (size_t i = 0; i < ls->n; i++)
		free(ls->l[i]);
	free(ls->l);
}

static int lines_read(FILE *f, struct lines *ls)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	memset(ls, 0, sizeof(*ls));
	while ((len = getline(&line, &cap, f)) >= 0) {
		if (len && line[len - 1] == '\n')
			line[len - 1] = '\0';
		if (add(&ls->l, &ls->n, line)) {
			free(line);
			return -1;
		}
	}
	free(line);
	return 0;
}

/* A line with nothing but blanks. */
static int blank(const char *s)
{
	return s[strspn(s, " \t")] == '\0';
}

/* "Key: value", the form of a trailer (Signed-off-by:, Fixes:, Link:...). */
static int trailer(const char *s)
{
	size_t k = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-");

	return k && isalpha((unsigned char)s[0]) && s[k] == ':' && s[k + 1] == ' ';
}

int mail_rewrite(FILE *in, FILE *out, const char *author, const struct mail_rcpt *r, int signoff,
		 char *why, size_t n)
{
	struct lines ls;
	size_t hdr_end = 0, sep = 0, diff = 0, i;
	int have_from = 0, have_sep = 0;
	const char *old_name = NULL;
	size_t old_len = 0;
	char *drop;

	if (lines_read(in, &ls))
		return fail(why, n, "out of memory");
	while (hdr_end < ls.n && ls.l[hdr_end][0])
		if (!strncmp(ls.l[hdr_end++], "From: ", 6))
			have_from = 1;
	for (sep = hdr_end; sep < ls.n && strcmp(ls.l[sep], "---"); sep++)
		;
	have_sep = sep < ls.n;
	for (diff = have_sep ? sep : hdr_end; diff < ls.n && strncmp(ls.l[diff], "diff --git ", 11); diff++)
		;
	if (!have_from || hdr_end == ls.n) {
		lines_free(&ls);
		return fail(why, n, "no From: header: not a git format-patch file");
	}
	if (signoff && !have_sep) {
		lines_free(&ls);
		return fail(why, n, "no \"---\" line: nowhere to put Signed-off-by");
	}
	/* The draft's own paragraphs, and one blank line after each, go. */
	if (!(drop = calloc(ls.n + 1, 1))) {
		lines_free(&ls);
		return fail(why, n, "out of memory");
	}
	for (i = hdr_end + 1; i < diff; i++) {
		const char *s = ls.l[i] + strspn(ls.l[i], " ");

		/* A paragraph starts the message, the notes or follows a blank line. */
		if (strncmp(s, "UNSIGNED DRAFT", 14) ||
		    (i > hdr_end + 1 && !blank(ls.l[i - 1]) && strcmp(ls.l[i - 1], "Notes:")))
			continue;
		while (i < diff && !blank(ls.l[i]))
			drop[i++] = 1;
		if (i < diff && i != sep)
			drop[i] = 1;
	}
	/* The name of the draft's author, which git's shortlog repeats. */
	for (i = 0; i < hdr_end; i++)
		if (!strncmp(ls.l[i], "From: ", 6)) {
			const char *lt = strstr(ls.l[i], " <");

			old_name = ls.l[i] + 6;
			old_len = lt ? (size_t)(lt - old_name) : 0;
		}
	/*
	 * A cover letter's list of recipients per patch, for whoever checks
	 * the draft, goes up to the shortlog: the headers now say it.
	 */
	for (i = hdr_end + 1; !signoff && old_len && i < ls.n; i++) {
		if (strncmp(ls.l[i], "Recipients per patch", 20) || !blank(ls.l[i - 1]))
			continue;
		while (i < ls.n && !(!strncmp(ls.l[i], old_name, old_len) &&
				     !strncmp(ls.l[i] + old_len, " (", 2)))
			drop[i++] = 1;
		break;
	}
	/* The header, with the author in From:, then To: and Cc:. */
	for (i = 0; i < hdr_end; i++) {
		if (!strncmp(ls.l[i], "From: ", 6))
			fprintf(out, "From: %s\n", author);
		else
			fprintf(out, "%s\n", ls.l[i]);
	}
	for (i = 0; i < r->nto; i++)
		fprintf(out, "To: %s\n", r->to[i]);
	for (i = 0; i < r->ncc; i++)
		fprintf(out, "Cc: %s\n", r->cc[i]);
	{
		size_t end = signoff ? sep : ls.n, last = end;

		/* The message, without the blank lines at its end. */
		while (signoff && last > hdr_end + 1 && (drop[last - 1] || blank(ls.l[last - 1])))
			last--;
		for (i = hdr_end; i < last; i++) {
			const char *l = ls.l[i];

			if (drop[i])
				continue;
			/* "kver unsigned draft (2):" of a cover letter's shortlog. */
			if (old_len && !strncmp(l, old_name, old_len) && !strncmp(l + old_len, " (", 2) &&
			    l[strlen(l) - 1] == ':')
				fprintf(out, "%.*s%s\n", (int)(strchr(author, '<') - author - 1), author,
					l + old_len);
			else
				fprintf(out, "%s\n", l);
		}
		if (signoff) {
			size_t p = last;

			while (p > hdr_end + 1 && !blank(ls.l[p - 1]) && trailer(ls.l[p - 1]))
				p--;
			/* The last paragraph is a trailer block: sign in it. */
			if (!(p < last && (p == hdr_end + 1 || blank(ls.l[p - 1]))))
				fputc('\n', out);
			fprintf(out, "Signed-off-by: %s\n", author);
			for (i = sep; i < ls.n; i++)
				if (!drop[i])
					fprintf(out, "%s\n", ls.l[i]);
		}
	}
	free(drop);
	lines_free(&ls);
	return 0;
}
