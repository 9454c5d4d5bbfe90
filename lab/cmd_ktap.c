// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab ktap [--json] FILE...: parse only. Read each file (a serial log,
 * or any KTAP; "-" is stdin) with the KTAP reader and print its tests, the
 * failures' diagnostics and a summary, without judging a boot: no
 * point.meta, no QEMU status, no verdict. Exit status 1 when a test
 * failed, went missing or a document bailed out.
 *
 * kver-lab ktap --test NAME FILE: the result of the first test called NAME
 * (a suite, a case or a guest program, at any depth, in any document), one
 * line with the counts of the cases below it. Exit status 0 when it passed,
 * 1 when it failed or went missing, 3 when it was skipped, 4 when FILE has
 * no test of that name.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ktap_json.h"
#include "lab.h"

/* A test and its subtests, one line each, indented by depth. */
static void print_test(FILE *out, const struct ktap_test *t, int depth)
{
	const char *word[] = { "ok", "FAIL", "skip", "MISSING" };

	fprintf(out, "%*s%-7s  %s", 2 * depth, "", word[t->status], t->name);
	if (t->directive)
		fprintf(out, "  # %s", t->directive);
	fputc('\n', out);
	if (t->status == KTAP_FAIL)
		for (size_t i = 0; i < t->ndiag; i++)
			fprintf(out, "%*s  # %s\n", 2 * depth, "", t->diag[i]);
	for (size_t i = 0; i < t->nsub; i++)
		print_test(out, &t->sub[i], depth + 1);
}

static int doc_bad(const struct ktap_doc *d, struct ktap_counts *c)
{
	ktap_count(&d->root, c);
	return c->fail || c->missing || d->bailed;
}

/* The text of one file; 1 when something in it failed. */
static int print_text(FILE *out, const char *name, const struct ktap_log *log)
{
	struct ktap_counts all = { 0 };
	int bad = 0;

	fprintf(out, "%s\n", name);
	for (size_t d = 0; d < log->ndocs; d++) {
		const struct ktap_doc *doc = &log->docs[d];
		struct ktap_counts c = { 0 };

		bad |= doc_bad(doc, &c);
		fprintf(out, "  KTAP document %zu%s%s%s: %zu test%s", d + 1,
			doc->first_diag ? " (" : "", doc->first_diag ? doc->first_diag : "",
			doc->first_diag ? ")" : "", doc->root.nsub, doc->root.nsub == 1 ? "" : "s");
		if (doc->plan >= 0)
			fprintf(out, ", plan %d", doc->plan);
		fputc('\n', out);
		for (size_t i = 0; i < doc->root.nsub; i++)
			print_test(out, &doc->root.sub[i], 2);
		if (doc->bailed)
			fprintf(out, "    Bail out! %s\n",
				doc->bail_reason ? doc->bail_reason : "");
		all.pass += c.pass;
		all.fail += c.fail;
		all.skip += c.skip;
		all.missing += c.missing;
	}
	fprintf(out, "%s: %d passed, %d failed, %d skipped, %d missing in %zu KTAP document%s\n",
		name, all.pass, all.fail, all.skip, all.missing, log->ndocs,
		log->ndocs == 1 ? "" : "s");
	return bad;
}

/* The JSON of one file: {"file":..,"documents":[..],"ok":..}; 1 when something failed. */
static int file_json(struct json *j, const char *name, const struct ktap_log *log)
{
	int bad = 0;

	json_object(j, NULL);
	json_string(j, "file", name);
	json_array(j, "documents");
	for (size_t d = 0; d < log->ndocs; d++) {
		const struct ktap_doc *doc = &log->docs[d];
		struct ktap_counts c = { 0 };
		int dbad = doc_bad(doc, &c);

		bad |= dbad;
		json_object(j, NULL);
		json_string(j, "producer", doc->first_diag);
		json_int(j, "plan", doc->plan);
		json_bool(j, "bailed", doc->bailed);
		if (doc->bailed)
			json_string(j, "bail_reason", doc->bail_reason ? doc->bail_reason : "");
		json_counts(j, "counts", &c);
		json_array(j, "tests");
		for (size_t i = 0; i < doc->root.nsub; i++)
			json_test(j, NULL, &doc->root.sub[i]);
		json_end(j);
		json_bool(j, "ok", !dbad);
		json_end(j);
	}
	json_end(j);
	json_bool(j, "ok", !bad);
	json_end(j);
	return bad;
}

/* The first test called name below t (t itself included), depth first. */
static const struct ktap_test *find_test(const struct ktap_test *t, const char *name)
{
	if (t->name && !strcmp(t->name, name))
		return t;
	for (size_t i = 0; i < t->nsub; i++) {
		const struct ktap_test *found = find_test(&t->sub[i], name);

		if (found)
			return found;
	}
	return NULL;
}

/* --test NAME: one line, and the exit status of the test's result. */
static int print_one(FILE *out, const char *file, const struct ktap_log *log, const char *name)
{
	const int rc[] = { 0, 1, 3, 1 };
	const struct ktap_test *t = NULL;
	struct ktap_counts c = { 0 };

	for (size_t d = 0; d < log->ndocs && !t; d++)
		t = find_test(&log->docs[d].root, name);
	if (!t) {
		fprintf(out, "%s: no test called '%s'\n", file, name);
		return 4;
	}
	ktap_count(t, &c);
	fprintf(out, "%s: %s: %d passed, %d failed, %d skipped, %d missing\n", name,
		ktap_status_name(t->status), c.pass, c.fail, c.skip, c.missing);
	return rc[t->status];
}

/* Parse one file into log; a file that cannot be read ends the command. */
static void read_one(const char *name, struct ktap_log *log)
{
	FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;
	int rc, err;

	if (!f)
		die("cannot read %s: %s", name, strerror(errno));
	ktap_init(log);
	errno = 0;
	rc = ktap_read_file(log, f);
	/* A folder opens, then fails to read: say so, not "0 documents". */
	err = ferror(f) ? (errno ? errno : EIO) : 0;
	if (f != stdin)
		fclose(f);
	if (rc || err)
		ktap_free(log);
	if (err)
		die("cannot read %s: %s", name, strerror(err));
	if (rc)
		die("%s: %s", name, "out of memory");
}

int cmd_ktap(int argc, char **argv)
{
	int json = 0, bad = 0, i = 1;
	struct json j;
	const char *test = NULL;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--json"))
			json = 1;
		else if (!strcmp(argv[i], "--test")) {
			if (++i >= argc || !argv[i][0])
				die("%s%s", "--test needs the name of a test", "");
			test = argv[i];
		} else if (!strcmp(argv[i], "--")) {
			i++;
			break;
		} else {
			die("unknown ktap option '%s'%s (try --help)", argv[i], "");
		}
	}
	if (i >= argc)
		die("%s%s", "ktap needs at least one file (- for stdin)", "");
	if (test) {
		struct ktap_log log;
		int rc;

		if (json || i + 1 != argc)
			die("%s%s", "--test takes one file and no --json", "");
		read_one(argv[i], &log);
		rc = print_one(stdout, argv[i], &log, test);
		ktap_free(&log);
		return rc;
	}
	if (json) {
		json_start(&j, stdout, JSON_INDENT);
		json_object(&j, NULL);
		json_array(&j, "files");
	}
	for (int first = i; i < argc; i++) {
		struct ktap_log log;

		read_one(argv[i], &log);
		if (json) {
			bad |= file_json(&j, argv[i], &log);
		} else {
			fputs(i > first ? "\n" : "", stdout);
			bad |= print_text(stdout, argv[i], &log);
		}
		ktap_free(&log);
	}
	if (json) {
		json_end(&j);
		json_bool(&j, "ok", !bad);
		json_end(&j);
		json_finish(&j);
	}
	return bad ? 1 : 0;
}
