/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A KTAP reader for serial logs: the kernel's KUnit output (with printk
 * time stamps) and the probe's own KTAP, in one log, among any other lines.
 * Follows Documentation/dev-tools/ktap.rst; also accepts "TAP version 13/14"
 * as kselftest prints it.
 */
#ifndef KVER_KTAP_H
#define KVER_KTAP_H

#include <stddef.h>
#include <stdio.h>

enum ktap_status {
	KTAP_PASS,
	KTAP_FAIL,
	KTAP_SKIP,
	KTAP_MISSING,	/* announced by a plan, never reported: a crash */
};

struct ktap_test {
	char *name;
	int number;
	enum ktap_status status;
	char *directive;	/* text after '#' on the result line, or NULL */
	char **diag;		/* '# ...' lines just before the result */
	size_t ndiag;
	struct ktap_test *sub;	/* subtests, in order */
	size_t nsub;
};

/* One document: from a top-level version line to the next one. */
struct ktap_doc {
	struct ktap_test root;	/* root.sub are the top-level tests */
	int plan;		/* -1 when the document has no plan */
	int bailed;		/* "Bail out!" seen */
	char *bail_reason;
	char *first_diag;	/* first top-level '#' line, which names the producer */
};

struct ktap_log {
	struct ktap_doc *docs;
	size_t ndocs;
	void *state;		/* the reader's open groups */
};

void ktap_init(struct ktap_log *log);
/* Feed one line (without its newline). Returns 0, or -1 when out of memory. */
int ktap_feed(struct ktap_log *log, const char *line);
/* Close what is still open: announced but unreported tests become MISSING. */
int ktap_finish(struct ktap_log *log);
int ktap_read_file(struct ktap_log *log, FILE *f);
void ktap_free(struct ktap_log *log);

/* Counts over the leaves below test (the test itself when it has none). */
struct ktap_counts {
	int pass, fail, skip, missing;
};
void ktap_count(const struct ktap_test *test, struct ktap_counts *c);
const char *ktap_status_name(enum ktap_status s);

#endif
