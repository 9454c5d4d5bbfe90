// SPDX-License-Identifier: GPL-2.0
/* The JSON writer of every program of kver; see json.h. */
#include "json.h"

/* The length of the well-formed UTF-8 sequence at s (2 to 4), or 0. */
static int utf8_len(const unsigned char *s)
{
	unsigned char lo = 0x80, hi = 0xbf;
	int n;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* No overlong forms, no surrogates, nothing above U+10FFFF. */
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (int i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

/* s quoted and escaped, as json.h says. */
static void quote(FILE *f, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	fputc('"', f);
	while (*u) {
		int n;

		if (*u == '"' || *u == '\\') {
			fprintf(f, "\\%c", *u);
		} else if (*u == '\n') {
			fputs("\\n", f);
		} else if (*u == '\t') {
			fputs("\\t", f);
		} else if (*u < 0x20 || *u == 0x7f) {
			fprintf(f, "\\u%04x", *u);
		} else if (*u < 0x80) {
			fputc(*u, f);
		} else if ((n = utf8_len(u))) {
			fwrite(u, 1, (size_t)n, f);
			u += n;
			continue;
		} else {
			fputs("\\ufffd", f);
		}
		u++;
	}
	fputc('"', f);
}

void json_start(struct json *j, FILE *f, enum json_layout layout)
{
	j->f = f;
	j->depth = 0;
	j->items[0] = 0;
	j->kind[0] = 0;
	j->layout[0] = (char)layout;
	j->level[0] = 0;
	j->broken = 0;
}

/*
 * Before a value: its separator, its place, its key. -1 (and nothing
 * more written) when the value has no place there.
 */
static int lead(struct json *j, const char *key)
{
	int d = j->depth, in_object = j->kind[d] == '{';

	if (j->broken || (d == 0 && (key || j->items[0])) || (d > 0 && in_object != (key != NULL))) {
		j->broken = 1;
		return -1;
	}
	if (d > 0) {
		if (j->items[d])
			fputc(',', j->f);
		if (j->layout[d] == JSON_INDENT)
			fprintf(j->f, "\n%*s", 2 * j->level[d], "");
		else if (j->items[d] || j->layout[d] == JSON_SPACED)
			fputc(' ', j->f);
	}
	j->items[d]++;
	if (key) {
		quote(j->f, key);
		fputs(": ", j->f);
	}
	return 0;
}

static void open_container(struct json *j, const char *key, char kind, enum json_layout layout)
{
	int d = j->depth;

	if (lead(j, key))
		return;
	if (d + 1 >= JSON_DEPTH) {
		j->broken = 1;
		return;
	}
	fputc(kind, j->f);
	d = ++j->depth;
	j->items[d] = 0;
	j->kind[d] = kind;
	j->layout[d] = (char)layout;
	j->level[d] = j->level[d - 1] + (layout == JSON_INDENT);
}

void json_object(struct json *j, const char *key)
{
	open_container(j, key, '{', (enum json_layout)j->layout[j->depth]);
}

void json_array(struct json *j, const char *key)
{
	open_container(j, key, '[', (enum json_layout)j->layout[j->depth]);
}

void json_object_as(struct json *j, const char *key, enum json_layout layout)
{
	open_container(j, key, '{', layout);
}

void json_array_as(struct json *j, const char *key, enum json_layout layout)
{
	open_container(j, key, '[', layout);
}

void json_end(struct json *j)
{
	int d = j->depth;

	if (j->broken || d == 0) {
		j->broken = 1;
		return;
	}
	if (j->items[d] && j->layout[d] == JSON_INDENT)
		fprintf(j->f, "\n%*s", 2 * (j->level[d] - 1), "");
	else if (j->items[d] && j->layout[d] == JSON_SPACED)
		fputc(' ', j->f);
	fputc(j->kind[d] == '{' ? '}' : ']', j->f);
	j->depth--;
}

void json_string(struct json *j, const char *key, const char *s)
{
	if (!s)
		json_null(j, key);
	else if (!lead(j, key))
		quote(j->f, s);
}

void json_int(struct json *j, const char *key, long long v)
{
	if (!lead(j, key))
		fprintf(j->f, "%lld", v);
}

void json_uint(struct json *j, const char *key, unsigned long long v)
{
	if (!lead(j, key))
		fprintf(j->f, "%llu", v);
}

void json_bool(struct json *j, const char *key, int v)
{
	if (!lead(j, key))
		fputs(v ? "true" : "false", j->f);
}

void json_null(struct json *j, const char *key)
{
	if (!lead(j, key))
		fputs("null", j->f);
}

int json_finish(struct json *j)
{
	if (j->broken || j->depth || !j->items[0])
		return -1;
	fputc('\n', j->f);
	return ferror(j->f) ? -1 : 0;
}
