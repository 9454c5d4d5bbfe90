// SPDX-License-Identifier: GPL-2.0
/*
 * Which archive serves another Debian suite, read from the machine's own
 * apt configuration (never written): the lab fetches Debian 11's kernels on
 * a Debian 12 machine through a sources list of its own, and names no
 * mirror itself. The machine already says where "debian" and
 * "debian-security" are: a suite of the same kind (bookworm-security for
 * bullseye-security, bookworm for bullseye) is served by the same archive.
 *
 * Both formats apt reads are understood: deb822 stanzas (*.sources) and
 * one-line entries (sources.list, *.list).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "aptsrc.h"

/* The kind of a suite: the part after its first '-' ("security", "updates"), or "". */
static const char *suite_kind(const char *suite, size_t len, size_t *kind_len)
{
	const char *dash = memchr(suite, '-', len);

	if (!dash) {
		*kind_len = 0;
		return "";
	}
	*kind_len = len - (size_t)(dash + 1 - suite);
	return dash + 1;
}

static int same_kind(const char *a, size_t alen, const char *b)
{
	size_t ka, kb;
	const char *x = suite_kind(a, alen, &ka), *y = suite_kind(b, strlen(b), &kb);

	return ka == kb && !memcmp(x, y, ka);
}

/* Does a blank-separated word list hold a word equal to w? */
static int has_word(const char *list, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = list; *p;) {
		size_t len;

		while (*p && isspace((unsigned char)*p))
			p++;
		len = strcspn(p, " \t\r\n");
		if (len == n && !memcmp(p, w, n))
			return 1;
		p += len;
	}
	return 0;
}

/* The first word of list (a URI) whose suite list holds one of the kind of target. */
static int pick(const char *types, const char *uris, const char *suites, const char *signed_by,
		const char *target, struct aptsrc *out)
{
	size_t len;

	if (!has_word(types, "deb"))
		return 0;
	for (const char *p = suites; *p; p += len) {
		while (*p && isspace((unsigned char)*p))
			p++;
		len = strcspn(p, " \t\r\n");
		if (!len || !same_kind(p, len, target))
			continue;
		while (*uris && isspace((unsigned char)*uris))
			uris++;
		len = strcspn(uris, " \t\r\n");
		if (!len || len >= sizeof(out->uri))
			return 0;
		memcpy(out->uri, uris, len);
		out->uri[len] = '\0';
		/* A key given inline (a PGP block) is not a file apt could be pointed at. */
		if (signed_by[0] == '/' && strlen(signed_by) < sizeof(out->signed_by))
			strcpy(out->signed_by, signed_by);
		else
			out->signed_by[0] = '\0';
		return 1;
	}
	return 0;
}

static void trim(char *s)
{
	size_t n = strlen(s);

	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

/* One deb822 field "Name: value" into the slot it names, if it is one we read. */
static void field(char *line, char *types, char *uris, char *suites, char *signed_by,
		  char *enabled, size_t size)
{
	static const char *names[] = { "Types", "URIs", "Suites", "Signed-By", "Enabled" };
	char *slots[] = { types, uris, suites, signed_by, enabled };
	char *colon = strchr(line, ':');

	if (!colon)
		return;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t n = strlen(names[i]);

		if ((size_t)(colon - line) == n && !strncasecmp(line, names[i], n)) {
			const char *v = colon + 1;

			while (*v == ' ' || *v == '\t')
				v++;
			snprintf(slots[i], size, "%s", v);
			trim(slots[i]);
		}
	}
}

int aptsrc_deb822(FILE *f, const char *target, struct aptsrc *out)
{
	char line[1024], types[256] = "", uris[512] = "", suites[256] = "", signed_by[512] = "",
			      enabled[16] = "";
	int eof = 0;

	while (!eof) {
		eof = !fgets(line, sizeof(line), f);
		if (!eof && line[0] == '#')
			continue;
		/* A blank line or the end closes a stanza. */
		if (eof || strspn(line, " \t\r\n") == strlen(line)) {
			if (strcasecmp(enabled, "no") &&
			    pick(types, uris, suites, signed_by, target, out))
				return 1;
			types[0] = uris[0] = suites[0] = signed_by[0] = enabled[0] = '\0';
			continue;
		}
		/* Continuation lines (an inline key) belong to the field before. */
		if (line[0] == ' ' || line[0] == '\t')
			continue;
		field(line, types, uris, suites, signed_by, enabled, sizeof(uris));
	}
	return 0;
}

int aptsrc_list(FILE *f, const char *target, struct aptsrc *out)
{
	char line[1024];

	while (fgets(line, sizeof(line), f)) {
		char *p = line, *opts_end, signed_by[512] = "";
		char uri[512], suite[128];
		int n;

		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, "deb", 3) || (p[3] != ' ' && p[3] != '\t'))
			continue;
		p += 4;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '[') {
			char *sb;

			opts_end = strchr(p, ']');
			if (!opts_end)
				continue;
			*opts_end = '\0';
			sb = strstr(p, "signed-by=");
			if (sb)
				snprintf(signed_by, sizeof(signed_by), "%.*s",
					 (int)strcspn(sb + 10, " \t"), sb + 10);
			p = opts_end + 1;
		}
		if (sscanf(p, "%511s %127s%n", uri, suite, &n) != 2)
			continue;
		if (pick("deb", uri, suite, signed_by, target, out))
			return 1;
	}
	return 0;
}

/* A line apt reads as one source; the caller's target suite and components. */
int aptsrc_line(char *buf, size_t size, const struct aptsrc *s, const char *suite,
		const char *components)
{
	int n;

	if (s->signed_by[0])
		n = snprintf(buf, size, "deb [signed-by=%s] %s %s %s", s->signed_by, s->uri, suite,
			     components);
	else
		n = snprintf(buf, size, "deb %s %s %s", s->uri, suite, components);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}
