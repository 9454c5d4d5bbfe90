// SPDX-License-Identifier: GPL-2.0
/*
 * The output of kver-lint, one warning at a time:
 *
 *   gcc     file:line:col: warning: <what> [kver-<rule>], as compilers
 *           print them (editors and CI logs read it)
 *   sarif   one SARIF 2.1.0 log on stdout (code scanning services read
 *           it): the rules as the tool's reportingDescriptors, one result
 *           per warning with the file as a relative URI where it was given
 *           as one, line and column, and the tree in its properties.
 *   tsv     one line per warning for programs (the audit), tab-separated:
 *           tree, file, line, column, rule, "directive" or "code", the
 *           test ("OP VALUE WANT": the operator with the code on the left,
 *           KV for KERNEL_VERSION(WANT) or the number compared with, the
 *           version meant as M.P.S; "-" for each part that is none), the
 *           fix, the message. A tab, newline or backslash in a field is
 *           written \t, \n, \\.
 */
#include <stdio.h>
#include <string.h>

#include "jsonstr.h"
#include "rules.h"

static enum format format;
static int results;

/* A path as a URI reference: unreserved bytes and '/' as they are. */
static void uri(const char *path)
{
	if (path[0] == '/')
		fputs("file://", stdout);
	for (const char *p = path; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    strchr("-._~/", c))
			putchar(c);
		else
			printf("%%%02X", c);
	}
}

void report_begin(enum format f)
{
	format = f;
	results = 0;
	if (format != FORMAT_SARIF)
		return;
	fputs("{\n"
	      "  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
	      "  \"version\": \"2.1.0\",\n"
	      "  \"runs\": [\n"
	      "    {\n"
	      "      \"tool\": {\n"
	      "        \"driver\": {\n"
	      "          \"name\": \"kver-lint\",\n"
	      "          \"rules\": [",
	      stdout);
	for (size_t i = 0; lint_rules[i].id; i++) {
		printf("%s\n            { \"id\": ", i ? "," : "");
		json_str(stdout, lint_rules[i].id);
		fputs(", \"shortDescription\": { \"text\": ", stdout);
		json_str(stdout, lint_rules[i].what);
		fputs(" }, \"defaultConfiguration\": { \"level\": \"warning\" } }", stdout);
	}
	fputs("\n          ]\n"
	      "        }\n"
	      "      },\n"
	      "      \"results\": [",
	      stdout);
}

/* A tsv field: tab, newline and backslash escaped, then end (a tab or the newline). */
static void field(const char *s, char end)
{
	for (; *s; s++)
		if (*s == '\t')
			fputs("\\t", stdout);
		else if (*s == '\n')
			fputs("\\n", stdout);
		else if (*s == '\\')
			fputs("\\\\", stdout);
		else
			putchar(*s);
	putchar(end);
}

static void tsv(const char *tree, const char *path, const struct warning *w)
{
	char test[96], want[64] = "-", value[32] = "-";

	field(tree, '\t');
	field(path, '\t');
	printf("%d\t%d\t", w->line, w->col);
	field(w->rule, '\t');
	field(w->directive ? "directive" : "code", '\t');
	if (w->want[0] >= 0 && w->want[1] >= 0 && w->want[2] >= 0)
		snprintf(want, sizeof(want), "%lld.%lld.%lld", w->want[0], w->want[1], w->want[2]);
	if (w->value >= 0)
		snprintf(value, sizeof(value), "%lld", w->value);
	else if (w->op[0] && w->want[0] >= 0)
		snprintf(value, sizeof(value), "KV");
	snprintf(test, sizeof(test), "%s %s %s", w->op[0] ? w->op : "-", value, want);
	field(test, '\t');
	field(w->fix ? w->fix : "-", '\t');
	field(w->msg, '\n');
}

void report_warning(const char *tree, const char *path, const struct warning *w)
{
	if (format == FORMAT_TSV) {
		tsv(tree, path, w);
		return;
	}
	if (format != FORMAT_SARIF) {
		printf("%s:%d:%d: warning: %s [%s]\n", path, w->line, w->col, w->msg, w->rule);
		return;
	}
	printf("%s\n        {\n          \"ruleId\": ", results++ ? "," : "");
	json_str(stdout, w->rule);
	fputs(",\n          \"level\": \"warning\",\n          \"message\": { \"text\": ",
	      stdout);
	json_str(stdout, w->msg);
	fputs(" },\n          \"locations\": [ { \"physicalLocation\": {\n"
	      "            \"artifactLocation\": { \"uri\": \"",
	      stdout);
	uri(path);
	printf("\" },\n            \"region\": { \"startLine\": %d, \"startColumn\": %d }\n"
	       "          } } ],\n          \"properties\": { \"tree\": ",
	       w->line, w->col);
	json_str(stdout, tree);
	fputs(" }\n        }", stdout);
}

void report_tree(const char *tree, size_t tests, size_t findings)
{
	if (format != FORMAT_TSV)
		return;
	fputs("# ", stdout);
	field(tree, ':');
	printf(" %zu comparisons with the version code judged, %zu findings\n", tests, findings);
}

void report_end(void)
{
	if (format == FORMAT_SARIF)
		fputs(results ? "\n      ]\n    }\n  ]\n}\n" : "]\n    }\n  ]\n}\n", stdout);
}
