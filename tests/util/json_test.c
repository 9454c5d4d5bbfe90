// SPDX-License-Identifier: GPL-2.0
/* Host tests of the one JSON writer (util/json.c): every layout, every kind of value, misuse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KVER_TEST_MAIN
#include "json.h"
#include "kver_test.h"

/* A document: its text in buf, json_finish's answer in *rc. */
typedef void writer(struct json *j);

static const char *written(writer *fn, enum json_layout layout, char *buf, size_t size, int *rc)
{
	FILE *f;
	struct json j;

	buf[0] = '\0';
	f = fmemopen(buf, size, "w");
	if (!f)
		return "(fmemopen failed)";
	json_start(&j, f, layout);
	fn(&j);
	*rc = json_finish(&j);
	fclose(f);
	return buf;
}

static void document(struct json *j)
{
	json_object(j, NULL);
	json_string(j, "release", "6.1.0-75-amd64");
	json_uint(j, "code", 0x601ff);
	json_int(j, "cmp", -1);
	json_bool(j, "clamped", 1);
	json_bool(j, "exact", 0);
	json_null(j, "rc");
	json_string(j, "none", NULL);
	json_array(j, "extra");
	json_end(j);
	json_array(j, "flags");
	json_string(j, NULL, "clamped");
	json_string(j, NULL, "quote\"d");
	json_end(j);
	json_object(j, "from");
	json_string(j, "sublevel", "proc_version");
	json_end(j);
	json_object(j, "empty");
	json_end(j);
	json_end(j);
}

/* fn's document in layout is want, and whole. */
static void check_written(writer *fn, enum json_layout layout, const char *want)
{
	char buf[1024];
	int rc = 1;

	CHECK(!strcmp(written(fn, layout, buf, sizeof(buf), &rc), want), "%s", buf);
	CHECK(rc == 0, "json_finish %d", rc);
}

static void test_line(void)
{
	check_written(document, JSON_LINE,
		      "{\"release\": \"6.1.0-75-amd64\", \"code\": 393727, \"cmp\": -1, "
		      "\"clamped\": true, \"exact\": false, \"rc\": null, \"none\": null, "
		      "\"extra\": [], \"flags\": [\"clamped\", \"quote\\\"d\"], "
		      "\"from\": {\"sublevel\": \"proc_version\"}, \"empty\": {}}\n");
}

static void test_indent(void)
{
	check_written(document, JSON_INDENT,
		      "{\n  \"release\": \"6.1.0-75-amd64\",\n  \"code\": 393727,\n  \"cmp\": -1,\n"
		      "  \"clamped\": true,\n  \"exact\": false,\n  \"rc\": null,\n  \"none\": null,\n"
		      "  \"extra\": [],\n  \"flags\": [\n    \"clamped\",\n    \"quote\\\"d\"\n  ],\n"
		      "  \"from\": {\n    \"sublevel\": \"proc_version\"\n  },\n  \"empty\": {}\n}\n");
}

/*
 * The layouts mixed, as a SARIF log of kver-lint's nests them: spaced
 * containers in an indented one (and what they hold spaced as well), an
 * indented one in a spaced one (indented one level deeper than the
 * indented container around both), an empty one of each, a key escaped.
 */
static void mixed(struct json *j)
{
	json_object(j, NULL);
	json_array(j, "rules");
	json_object_as(j, NULL, JSON_SPACED);
	json_string(j, "id", "kver-boundary-255");
	json_object(j, "short");
	json_string(j, "text", "a \"b\"");
	json_end(j);
	json_end(j);
	json_end(j);
	json_array_as(j, "locations", JSON_SPACED);
	json_object(j, NULL);
	json_object_as(j, "physical", JSON_INDENT);
	json_object_as(j, "region", JSON_SPACED);
	json_int(j, "line", 4);
	json_int(j, "column", 5);
	json_end(j);
	json_array_as(j, "line", JSON_LINE);
	json_int(j, NULL, 1);
	json_int(j, NULL, 2);
	json_end(j);
	json_end(j);
	json_end(j);
	json_end(j);
	json_array_as(j, "none", JSON_SPACED);
	json_end(j);
	json_object_as(j, "indented", JSON_INDENT);
	json_end(j);
	json_string(j, "k\"ey", "v");
	json_end(j);
}

static void test_mixed(void)
{
	check_written(mixed, JSON_INDENT,
		      "{\n  \"rules\": [\n"
		      "    { \"id\": \"kver-boundary-255\", \"short\": { \"text\": \"a \\\"b\\\"\" } }\n"
		      "  ],\n"
		      "  \"locations\": [ { \"physical\": {\n"
		      "    \"region\": { \"line\": 4, \"column\": 5 },\n"
		      "    \"line\": [1, 2]\n"
		      "  } } ],\n"
		      "  \"none\": [],\n  \"indented\": {},\n  \"k\\\"ey\": \"v\"\n}\n");
}

static void key_in_array(struct json *j)
{
	json_array(j, NULL);
	json_string(j, "key", "v");
	json_end(j);
}

static void no_key_in_object(struct json *j)
{
	json_object(j, NULL);
	json_string(j, NULL, "v");
	json_end(j);
}

static void two_documents(struct json *j)
{
	json_object(j, NULL);
	json_end(j);
	json_object(j, NULL);
	json_end(j);
}

static void unclosed(struct json *j)
{
	json_object(j, NULL);
}

static void closed_twice(struct json *j)
{
	json_array(j, NULL);
	json_end(j);
	json_end(j);
}

static void too_deep(struct json *j)
{
	for (int i = 0; i < JSON_DEPTH + 1; i++)
		json_array(j, NULL);
	for (int i = 0; i < JSON_DEPTH + 1; i++)
		json_end(j);
}

static void nothing(struct json *j)
{
	(void)j;
}

/* Misuse: json_finish says so, and nothing is written after the mistake. */
static void test_misuse(void)
{
	static const struct {
		const char *name;
		writer *fn;
		const char *text;
	} cases[] = {
		{ "a key in an array", key_in_array, "[" },
		{ "no key in an object", no_key_in_object, "{" },
		{ "two documents", two_documents, "{}" },
		{ "unclosed", unclosed, "{" },
		{ "closed twice", closed_twice, "[]" },
		{ "too deep", too_deep, "[[[[[[[[[[[[[[[" },
		{ "nothing", nothing, "" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char buf[256];
		int rc = 0;

		written(cases[i].fn, JSON_LINE, buf, sizeof(buf), &rc);
		CHECK(rc == -1 && !strcmp(buf, cases[i].text), "%s: %d, '%s'", cases[i].name, rc, buf);
	}
}

int main(void)
{
	KT_RUN(test_line());
	KT_RUN(test_indent());
	KT_RUN(test_mixed());
	KT_RUN(test_misuse());
	return kt_done();
}
