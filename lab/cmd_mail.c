// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab mail --author "Name <address>" [--recipients FILE] [--cover] DRAFT:
 * the postable form of one draft of the kver series on stdout (mail.h).
 * FILE is get_maintainer.pl's output with its role statistics (what the
 * patch's To: and Cc: become). --cover: a cover letter, which gets no
 * Signed-off-by. "kver-lab mail --author A --check" only checks A.
 * Exit status 0, or 2 with one line naming the cause.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "mail.h"

int cmd_mail(int argc, char **argv)
{
	const char *author = NULL, *rfile = NULL, *draft = NULL;
	struct mail_rcpt r = { 0 };
	int cover = 0, check = 0, rc;
	char why[512];
	FILE *f;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--author") || !strcmp(argv[i], "--recipients")) {
			if (i + 1 >= argc)
				die("%s needs a value%s", argv[i], "");
			if (!strcmp(argv[i], "--author"))
				author = argv[++i];
			else
				rfile = argv[++i];
		} else if (!strcmp(argv[i], "--cover")) {
			cover = 1;
		} else if (!strcmp(argv[i], "--check")) {
			check = 1;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			die("unknown mail option '%s'%s (try --help)", argv[i], "");
		} else if (!draft) {
			draft = argv[i];
		} else {
			die("mail takes one draft, not also '%s'%s", argv[i], "");
		}
	}
	if (!author)
		die("%s%s", "mail needs --author \"Name <address>\"", "");
	if (mail_author_check(author, why, sizeof(why)))
		die("%s%s", why, "");
	if (check)
		return 0;
	if (!draft)
		die("%s%s", "mail needs the draft to rewrite", "");
	if (rfile) {
		if (!(f = fopen(rfile, "r")))
			die("cannot read %s: %s", rfile, strerror(errno));
		rc = mail_rcpt_read(f, &r, why, sizeof(why));
		fclose(f);
		if (rc) {
			mail_rcpt_free(&r);
			die("%s: %s", rfile, why);
		}
	}
	if (!(f = fopen(draft, "r"))) {
		mail_rcpt_free(&r);
		die("cannot read %s: %s", draft, strerror(errno));
	}
	rc = mail_rewrite(f, stdout, author, &r, !cover, why, sizeof(why));
	fclose(f);
	mail_rcpt_free(&r);
	if (rc)
		die("%s: %s", draft, why);
	return 0;
}
