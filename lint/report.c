// SPDX-License-Identifier: GPL-2.0
/*
 * The output of kver-lint, one warning at a time:
 *
 *   gcc     file:line:col: warning: <what> [kver-<rule>], as compilers
 *           print them (editors and CI logs read it)
 *   sarif   one SARIF 2.1.0 log on stdout (code scanning services read
 *           it): the rules as the tool's reportingDescriptors, one result
 *           per warning with the file as a relative URI where it was given
 *           as one, line and column.
 */
#include <stdio.h>
#include <string.h>

#include "jsonstr.h"
#include "lint.h"

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

void report_warning(const char *path, const struct warning *w)
{
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
	       "          } } ]\n        }",
	       w->line, w->col);
}

void report_end(void)
{
	if (format == FORMAT_SARIF)
		fputs(results ? "\n      ]\n    }\n  ]\n}\n" : "]\n    }\n  ]\n}\n", stdout);
}
