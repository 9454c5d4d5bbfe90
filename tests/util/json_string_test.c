// SPDX-License-Identifier: GPL-2.0
/* Host tests of the JSON writer's strings (util/json.c): escapes and UTF-8. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KVER_TEST_MAIN
#include "json.h"
#include "kver_test.h"

/* s written as a document of its own, in buf, without the document's newline. */
static const char *quoted(const char *s, char *buf, size_t size)
{
	FILE *f = fmemopen(buf, size, "w");
	struct json j;
	size_t n;

	if (!f)
		return "(fmemopen failed)";
	json_start(&j, f, JSON_LINE);
	json_string(&j, NULL, s);
	if (json_finish(&j))
		snprintf(buf, size, "(json_finish failed)");
	fclose(f);
	n = strlen(buf);
	if (n && buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	return buf;
}

struct json_case {
	const char *in, *out;
};

static void check_cases(const struct json_case *cases, size_t n)
{
	char buf[256];

	for (size_t i = 0; i < n; i++)
		CHECK(!strcmp(quoted(cases[i].in, buf, sizeof(buf)), cases[i].out), "case %zu: %s",
		      i, buf);
}

static void test_escapes(void)
{
	static const struct json_case cases[] = {
		{ "6.1.300", "\"6.1.300\"" },
		{ "", "\"\"" },
		{ "a\"b\\c", "\"a\\\"b\\\\c\"" },
		{ "line\nnext\ttab", "\"line\\nnext\\ttab\"" },
		{ "\r\x01\x1f\x7f", "\"\\u000d\\u0001\\u001f\\u007f\"" },
		{ "/ and ~ stay", "\"/ and ~ stay\"" },
	};
	char buf[256];

	check_cases(cases, sizeof(cases) / sizeof(cases[0]));
	CHECK(!strcmp(quoted(NULL, buf, sizeof(buf)), "null"), "NULL: %s", buf);
}

/* Well-formed UTF-8 is kept; any other byte above 0x7f is U+FFFD. */
static void test_utf8(void)
{
	static const struct json_case cases[] = {
		{ "caf\xc3\xa9", "\"caf\xc3\xa9\"" },
		{ "\xe2\x9c\x97 fail", "\"\xe2\x9c\x97 fail\"" },
		{ "\xf0\x9f\x90\xa7", "\"\xf0\x9f\x90\xa7\"" },
		{ "\xc3", "\"\\ufffd\"" },
		{ "\xc3(", "\"\\ufffd(\"" },
		{ "\xe9t\xe9", "\"\\ufffdt\\ufffd\"" },
		{ "\xc0\xaf", "\"\\ufffd\\ufffd\"" },		/* overlong '/' */
		{ "\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"" },	/* a surrogate */
		{ "\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"" },	/* above U+10FFFF */
		{ "\xe2\x9c", "\"\\ufffd\\ufffd\"" },		/* cut short */
	};

	check_cases(cases, sizeof(cases) / sizeof(cases[0]));
}

int main(void)
{
	KT_RUN(test_escapes());
	KT_RUN(test_utf8());
	return kt_done();
}
