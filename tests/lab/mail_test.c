// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the postable form of a draft of the kver series
 * (lab/mail.c): who may sign, where get_maintainer.pl's recipients go, and
 * what the rewritten patch and cover letter look like.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KVER_TEST_MAIN
#include "kver_test.h"
#include "mail.h"

static void test_author(void)
{
	static const char *const good[] = {
		"Jane Doe <jane@kernel.org>",
		"J. R. Dobbs <bob@dobbs.dev>",
		"Zoë Müller <zoe.mueller@mail.de>",
		"A <a@b.co>",
	};
	static const struct {
		const char *author, *why;
	} bad[] = {
		{ "", "is empty" },
		{ "jane@kernel.org", "is not \"Name <address>\"" },
		{ "<jane@kernel.org>", "has no name" },
		{ "Jane<jane@kernel.org>", "needs a blank" },
		{ "Jane <jane@kernel.org> x", "has text after" },
		{ "Jane <jane@@kernel.org>", "has two @" },
		{ "Jane <jane kernel.org>", "has a ' '" },
		{ "Jane <jane@kernel>", "is not a domain" },
		{ "Jane <@kernel.org>", "is not local@domain" },
		{ "Jane <jane@>", "is not local@domain" },
		{ "jane@kernel.org <jane@kernel.org>", "is not a name" },
		{ "J. \"Bob\" Dobbs <bob@dobbs.dev>", "is not a name" },
		{ "kver unsigned draft <kver@example.org>", "is an example address" },
		{ "Jane <jane@mail.example.com>", "is an example address" },
		{ "Jane <jane@host.invalid>", "is an example address" },
		{ "Jane <jane@box.test>", "is an example address" },
		{ "Jane\n <jane@kernel.org>", "control character" },
		{ "Jane <<jane@kernel.org>>", "is not \"Name <address>\"" },
	};
	char why[512];

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		CHECK(!mail_author_check(good[i], why, sizeof(why)), "%s: %s", good[i], why);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why[0] = '\0';
		CHECK(mail_author_check(bad[i].author, why, sizeof(why)) == -1 &&
			      strstr(why, bad[i].why),
		      "'%s': '%s'", bad[i].author, why);
	}
}

static int read_rcpt(const char *text, struct mail_rcpt *r, char *why, size_t n)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc = mail_rcpt_read(f, r, why, n);

	fclose(f);
	return rc;
}

static void test_recipients(void)
{
	/* As get_maintainer.pl prints them, for two patches and a path added by hand. */
	static const char text[] =
		"Shuah Khan <shuah@kernel.org> (maintainer:KERNEL SELFTEST FRAMEWORK)\n"
		"linux-kselftest@vger.kernel.org (open list:KERNEL SELFTEST FRAMEWORK)\n"
		"linux-kernel@vger.kernel.org (open list)\n"
		"\n"
		"Rae Moar <rmoar@google.com> (reviewer:KERNEL UNIT TESTING FRAMEWORK (KUnit))\n"
		"Hans Verkuil <hverkuil-cisco@xs4all.nl> (supporter:CEC FRAMEWORK)\n"
		"Someone <x@y.org> (odd fixer:OLD DRIVER)\n"
		"shuah@kernel.org (also:lib/kunit/)\n"
		"Andy Lutomirski <luto@kernel.org> (also:lib/vdso/)\n"
		"linux-kernel@vger.kernel.org (open list)\n";
	struct mail_rcpt r = { 0 };
	char why[512];

	CHECK(!read_rcpt(text, &r, why, sizeof(why)), "%s", why);
	CHECK(r.nto == 3 && r.ncc == 4, "%zu to, %zu cc", r.nto, r.ncc);
	if (r.nto == 3 && r.ncc == 4) {
		CHECK(!strcmp(r.to[0], "Shuah Khan <shuah@kernel.org>"), "%s", r.to[0]);
		CHECK(!strcmp(r.to[1], "Hans Verkuil <hverkuil-cisco@xs4all.nl>"), "%s", r.to[1]);
		CHECK(!strcmp(r.to[2], "Someone <x@y.org>"), "%s", r.to[2]);
		CHECK(!strcmp(r.cc[0], "linux-kselftest@vger.kernel.org"), "%s", r.cc[0]);
		CHECK(!strcmp(r.cc[1], "linux-kernel@vger.kernel.org"), "%s", r.cc[1]);
		CHECK(!strcmp(r.cc[2], "Rae Moar <rmoar@google.com>"), "%s", r.cc[2]);
		CHECK(!strcmp(r.cc[3], "Andy Lutomirski <luto@kernel.org>"), "%s", r.cc[3]);
	}
	/* A reviewer who is a maintainer of another patch moves to To:. */
	CHECK(!read_rcpt("Rae Moar <rmoar@google.com> (maintainer:X)\n", &r, why, sizeof(why)),
	      "%s", why);
	CHECK(r.nto == 4 && r.ncc == 3 && !strcmp(r.to[3], "Rae Moar <rmoar@google.com>"),
	      "%zu to, %zu cc", r.nto, r.ncc);
	mail_rcpt_free(&r);
	/* get_maintainer.pl run without --rolestats gives no role: refused. */
	CHECK(read_rcpt("Shuah Khan <shuah@kernel.org>\n", &r, why, sizeof(why)) == -1 &&
		      strstr(why, "not a recipient with its role"),
	      "%s", why);
	mail_rcpt_free(&r);
	CHECK(read_rcpt("warning: no file matches F: foo (x)\n", &r, why, sizeof(why)) == -1, "%s",
	      why);
	mail_rcpt_free(&r);
}

/* A draft as the kver series commits it. */
static const char draft[] =
	"From 868d3fe50352df18e83209932cbd72269fbab437 Mon Sep 17 00:00:00 2001\n"
	"From: kver unsigned draft <kver@example.org>\n"
	"Date: Thu, 3 Dec 2026 08:31:21 +0000\n"
	"Subject: [RFC PATCH 1/1] kbuild: add KUnit test for the version code of\n"
	" linux/version.h\n"
	"\n"
	"Since commit 9b82f13e7ef3 the sublevel saturates.\n"
	"\n"
	"Add a KUnit suite.\n"
	"---\n"
	"\n"
	"Notes:\n"
	"    UNSIGNED DRAFT of the kver project: no Signed-off-by, not to be applied\n"
	"    as is.\n"
	"\n"
	"    RFC: where should this test live?\n"
	"\n"
	" init/Makefile | 1 +\n"
	"\n"
	"diff --git a/init/Makefile b/init/Makefile\n"
	"+UNSIGNED DRAFT in the diff stays\n"
	"-- \n"
	"2.39.5\n";

static char *rewrite(const char *in, const char *author, const struct mail_rcpt *r, int signoff,
		     int *rc, char *why, size_t n)
{
	FILE *f = fmemopen((void *)in, strlen(in), "r");
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	*rc = mail_rewrite(f, out, author, r, signoff, why, n);
	fclose(f);
	fclose(out);
	return buf;
}

static void test_patch(void)
{
	static const char want[] =
		"From 868d3fe50352df18e83209932cbd72269fbab437 Mon Sep 17 00:00:00 2001\n"
		"From: Jane Doe <jane@kernel.org>\n"
		"Date: Thu, 3 Dec 2026 08:31:21 +0000\n"
		"Subject: [RFC PATCH 1/1] kbuild: add KUnit test for the version code of\n"
		" linux/version.h\n"
		"To: Nathan Chancellor <nathan@kernel.org>\n"
		"Cc: linux-kbuild@vger.kernel.org\n"
		"\n"
		"Since commit 9b82f13e7ef3 the sublevel saturates.\n"
		"\n"
		"Add a KUnit suite.\n"
		"\n"
		"Signed-off-by: Jane Doe <jane@kernel.org>\n"
		"---\n"
		"\n"
		"Notes:\n"
		"    RFC: where should this test live?\n"
		"\n"
		" init/Makefile | 1 +\n"
		"\n"
		"diff --git a/init/Makefile b/init/Makefile\n"
		"+UNSIGNED DRAFT in the diff stays\n"
		"-- \n"
		"2.39.5\n";
	char *to[] = { "Nathan Chancellor <nathan@kernel.org>" }, *cc[] = { "linux-kbuild@vger.kernel.org" };
	struct mail_rcpt r = { to, cc, 1, 1 };
	char why[256] = "";
	int rc;
	char *got = rewrite(draft, "Jane Doe <jane@kernel.org>", &r, 1, &rc, why, sizeof(why));

	CHECK(rc == 0, "%s", why);
	CHECK(got && !strcmp(got, want), "got:\n%s", got ? got : "");
	free(got);
}

static void test_trailers(void)
{
	/* A message that ends with trailers is signed in its trailer block. */
	static const char in[] =
		"From 1 Mon Sep 17 00:00:00 2001\n"
		"From: x <kver@example.org>\n"
		"Subject: [PATCH] a\n"
		"\n"
		"Text.\n"
		"\n"
		"Fixes: 9b82f13e7ef3 (\"kbuild: clamp SUBLEVEL to 255\")\n"
		"\n"
		"---\n"
		" a | 1 +\n";
	struct mail_rcpt r = { 0 };
	char why[256] = "";
	int rc;
	char *got = rewrite(in, "A B <a@b.org>", &r, 1, &rc, why, sizeof(why));

	CHECK(rc == 0 && got && strstr(got, "Text.\n\nFixes: 9b82f13e7ef3 (\"kbuild: clamp SUBLEVEL to 255\")\n"
					    "Signed-off-by: A B <a@b.org>\n---\n"),
	      "%s", got ? got : why);
	free(got);
	/* No "---": a patch cannot be signed; a cover letter needs none. */
	got = rewrite("From 1 Mon\nFrom: x <y@z.org>\n\nbody\n", "A B <a@b.org>", &r, 1, &rc, why,
		      sizeof(why));
	CHECK(rc == -1 && strstr(why, "no \"---\" line"), "%s", why);
	free(got);
	got = rewrite("Subject: x\n\nbody\n---\n", "A B <a@b.org>", &r, 1, &rc, why, sizeof(why));
	CHECK(rc == -1 && strstr(why, "no From: header"), "%s", why);
	free(got);
}

static void test_cover(void)
{
	static const char in[] =
		"From 94ef Mon Sep 17 00:00:00 2001\n"
		"From: kver unsigned draft <kver@example.org>\n"
		"Subject: [PATCH 0/2] selftests: a test\n"
		"\n"
		"UNSIGNED DRAFT of the kver project: no Signed-off-by, not to be sent as\n"
		"is.\n"
		"\n"
		"A kselftest.\n"
		"\n"
		"Recipients per patch, from scripts/get_maintainer.pl:\n"
		"\n"
		"0001 selftests: a\n"
		"  to: Shuah Khan <shuah@kernel.org>\n"
		"\n"
		"kver unsigned draft (2):\n"
		"  selftests: a\n";
	static const char want[] =
		"From 94ef Mon Sep 17 00:00:00 2001\n"
		"From: Jane Doe <jane@kernel.org>\n"
		"Subject: [PATCH 0/2] selftests: a test\n"
		"To: Shuah Khan <shuah@kernel.org>\n"
		"\n"
		"A kselftest.\n"
		"\n"
		"Jane Doe (2):\n"
		"  selftests: a\n";
	char *to[] = { "Shuah Khan <shuah@kernel.org>" };
	struct mail_rcpt r = { to, NULL, 1, 0 };
	char why[256] = "";
	int rc;
	char *got = rewrite(in, "Jane Doe <jane@kernel.org>", &r, 0, &rc, why, sizeof(why));

	CHECK(rc == 0 && got && !strcmp(got, want), "%s", got ? got : why);
	free(got);
}

int main(void)
{
	KT_RUN(test_author());
	KT_RUN(test_recipients());
	KT_RUN(test_patch());
	KT_RUN(test_trailers());
	KT_RUN(test_cover());
	return kt_done();
}
