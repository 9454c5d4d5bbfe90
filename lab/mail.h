/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mail.c: the postable form of one of the kver series' unsigned drafts
 * (the patches of patches/v3/SERIES/, git format-patch files). The drafts carry no
 * Signed-off-by and a paragraph that starts "UNSIGNED DRAFT"; a person
 * who sends them gives a name and address, which become the author and
 * the Signed-off-by (the project never signs the DCO), and the recipients
 * that scripts/get_maintainer.pl names become To: and Cc: headers, so that
 * "git send-email" of the folder sends each file where it belongs.
 */
#ifndef KVER_MAIL_H
#define KVER_MAIL_H

#include <stddef.h>
#include <stdio.h>

/*
 * 0 when author is "Name <local@domain>", a person's name and address: a
 * name of printable characters without <>"; an address with one @, no
 * blanks, and a domain with a dot that is not reserved for examples or
 * tests (example.com/.net/.org, .example, .invalid, .test, .localhost).
 * Otherwise -1 and the reason in why.
 */
int mail_author_check(const char *author, char *why, size_t n);

/* The recipients of one message, in the order first seen, without repeats. */
struct mail_rcpt {
	char **to, **cc;
	size_t nto, ncc;
};

/*
 * Read get_maintainer.pl's output with role statistics ("Name <a@b>
 * (maintainer:ENTRY)", "list@host (open list:ENTRY)") from f: maintainers,
 * supporters and odd fixers go to To:, everyone else (reviewers, lists) to
 * Cc:, and an address already in To: is not repeated in Cc: (with or
 * without its name). A line whose
 * role is "also:..." (the maintainers of a path added by hand) goes to Cc:.
 * Blank lines are skipped. 0, or -1 with the line that is no recipient in
 * why.
 */
int mail_rcpt_read(FILE *f, struct mail_rcpt *r, char *why, size_t n);
void mail_rcpt_free(struct mail_rcpt *r);

/*
 * Write the postable form of the draft read from in: From: is author, To:
 * and Cc: headers are added, every paragraph that starts with "UNSIGNED
 * DRAFT" (in the message or in the notes) is dropped, and, with signoff,
 * "Signed-off-by: author" ends the message above its "---" line (in the
 * trailer block when the message ends with one); a cover letter's
 * paragraph "Recipients per patch..." is dropped up to its shortlog. 0,
 * or -1 with the reason in why (no From: header, no "---" line to sign
 * above).
 */
int mail_rewrite(FILE *in, FILE *out, const char *author, const struct mail_rcpt *r, int signoff,
		 char *why, size_t n);

#endif
