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
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "rules.h"

static enum format format;
/* The SARIF log, written through util/json.c from report_begin to report_end. */
static struct json sarif;
static int sarif_oom;	/* a location's URI could not be made */

/*
 * A path as a URI reference: unreserved bytes and '/' as they are, every
 * other byte %XX, "file://" before an absolute path. NULL when out of memory.
 */
static char *uri(const char *path)
{
	char *u = malloc(strlen("file://") + 3 * strlen(path) + 1), *o = u;

	if (!u)
		return NULL;
	if (path[0] == '/')
		o += sprintf(o, "file://");
	for (const char *p = path; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    strchr("-._~/", c))
			*o++ = (char)c;
		else
			o += sprintf(o, "%%%02X", c);
	}
	*o = '\0';
	return u;
}

/*
 * The log's layout: indented, but each rule, message, location part and
 * the properties on one line ({ "text": ... }), and the physical location
 * inside its one-line locations array indented again.
 */
void report_begin(enum format f)
{
	format = f;
	if (format != FORMAT_SARIF)
		return;
	sarif_oom = 0;
	json_start(&sarif, stdout, JSON_INDENT);
	json_object(&sarif, NULL);
	json_string(&sarif, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
	json_string(&sarif, "version", "2.1.0");
	json_array(&sarif, "runs");
	json_object(&sarif, NULL);
	json_object(&sarif, "tool");
	json_object(&sarif, "driver");
	json_string(&sarif, "name", "kver-lint");
	json_array(&sarif, "rules");
	for (size_t i = 0; lint_rules[i].id; i++) {
		json_object_as(&sarif, NULL, JSON_SPACED);
		json_string(&sarif, "id", lint_rules[i].id);
		json_object(&sarif, "shortDescription");
		json_string(&sarif, "text", lint_rules[i].what);
		json_end(&sarif);
		json_object(&sarif, "defaultConfiguration");
		json_string(&sarif, "level", "warning");
		json_end(&sarif);
		json_end(&sarif);
	}
	json_end(&sarif);	/* rules */
	json_end(&sarif);	/* driver */
	json_end(&sarif);	/* tool */
	json_array(&sarif, "results");
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

/* One result: the rule, the message, where, and the tree in its properties. */
static void sarif_result(const char *tree, const char *path, const struct warning *w)
{
	char *u = uri(path);

	sarif_oom |= !u;
	json_object(&sarif, NULL);
	json_string(&sarif, "ruleId", w->rule);
	json_string(&sarif, "level", "warning");
	json_object_as(&sarif, "message", JSON_SPACED);
	json_string(&sarif, "text", w->msg);
	json_end(&sarif);
	json_array_as(&sarif, "locations", JSON_SPACED);
	json_object(&sarif, NULL);
	json_object_as(&sarif, "physicalLocation", JSON_INDENT);
	json_object_as(&sarif, "artifactLocation", JSON_SPACED);
	json_string(&sarif, "uri", u);
	json_end(&sarif);
	json_object_as(&sarif, "region", JSON_SPACED);
	json_int(&sarif, "startLine", w->line);
	json_int(&sarif, "startColumn", w->col);
	json_end(&sarif);
	json_end(&sarif);	/* physicalLocation */
	json_end(&sarif);
	json_end(&sarif);	/* locations */
	json_object_as(&sarif, "properties", JSON_SPACED);
	json_string(&sarif, "tree", tree);
	json_end(&sarif);
	json_end(&sarif);
	free(u);
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
	sarif_result(tree, path, w);
}

void report_tree(const char *tree, size_t tests, size_t findings)
{
	if (format != FORMAT_TSV)
		return;
	fputs("# ", stdout);
	field(tree, ':');
	printf(" %zu comparisons with the version code judged, %zu findings\n", tests, findings);
}

int report_end(void)
{
	if (format != FORMAT_SARIF)
		return 0;
	json_end(&sarif);	/* results */
	json_end(&sarif);	/* the run */
	json_end(&sarif);	/* runs */
	json_end(&sarif);
	if (json_finish(&sarif) == 0 && !sarif_oom)
		return 0;
	errno = sarif_oom ? ENOMEM : EIO;
	return -1;
}
