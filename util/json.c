// SPDX-License-Identifier: GPL-2.0
/* The JSON writer of every program of kver; see json.h. */
#include "json.h"

void json_start(struct json *j, FILE *f, enum json_layout layout)
{
	j->f = f;
	j->layout = layout;
	j->depth = 0;
	j->items[0] = 0;
	j->kind[0] = 0;
	j->broken = 0;
}

/*
 * Before a value: its separator, its place, its key. -1 (and nothing
 * more written) when the value has no place there.
 */
static int lead(struct json *j, const char *key)
{
	int in_object = j->kind[j->depth] == '{';

	if (j->broken || (j->depth == 0 && (key || j->items[0])) ||
	    (j->depth > 0 && in_object != (key != NULL))) {
		j->broken = 1;
		return -1;
	}
	if (j->depth > 0) {
		if (j->items[j->depth])
			fputc(',', j->f);
		if (j->layout == JSON_INDENT)
			fprintf(j->f, "\n%*s", 2 * j->depth, "");
		else if (j->items[j->depth])
			fputc(' ', j->f);
	}
	j->items[j->depth]++;
	if (key) {
		json_str(j->f, key);
		fputs(": ", j->f);
	}
	return 0;
}

static void open_container(struct json *j, const char *key, char kind)
{
	if (lead(j, key))
		return;
	if (j->depth + 1 >= JSON_DEPTH) {
		j->broken = 1;
		return;
	}
	fputc(kind, j->f);
	j->depth++;
	j->items[j->depth] = 0;
	j->kind[j->depth] = kind;
}

void json_object(struct json *j, const char *key)
{
	open_container(j, key, '{');
}

void json_array(struct json *j, const char *key)
{
	open_container(j, key, '[');
}

void json_end(struct json *j)
{
	if (j->broken || j->depth == 0) {
		j->broken = 1;
		return;
	}
	if (j->layout == JSON_INDENT && j->items[j->depth])
		fprintf(j->f, "\n%*s", 2 * (j->depth - 1), "");
	fputc(j->kind[j->depth] == '{' ? '}' : ']', j->f);
	j->depth--;
}

void json_string(struct json *j, const char *key, const char *s)
{
	if (!s)
		json_null(j, key);
	else if (!lead(j, key))
		json_str(j->f, s);
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
