// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of which archive serves another Debian suite (lab/aptsrc.c),
 * on apt sources written as Debian 12 machines have them: deb822 stanzas
 * in /etc/apt/sources.list.d/debian.sources, and one-line entries.
 */
#include <stdio.h>
#include <string.h>

#define KVER_TEST_MAIN
#include "aptsrc.h"
#include "kver_test.h"

/* A Debian 12 machine's debian.sources, as the Debian installer and images write it. */
static const char bookworm_sources[] =
	"Types: deb\n"
	"# http://snapshot.debian.org/archive/debian/20250520T000000Z\n"
	"URIs: http://deb.debian.org/debian\n"
	"Suites: bookworm bookworm-updates\n"
	"Components: main\n"
	"Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n"
	"\n"
	"Types: deb\n"
	"URIs: http://deb.debian.org/debian-security\n"
	"Suites: bookworm-security\n"
	"Components: main\n"
	"Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n";

/* Run one of aptsrc.c's readers on text as if it were a file. */
static int read_text(int (*reader)(FILE *, const char *, struct aptsrc *), const char *text,
		     const char *target, struct aptsrc *s)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int found;

	memset(s, 0, sizeof(*s));
	found = reader(f, target, s);
	fclose(f);
	return found;
}

static int deb822(const char *text, const char *target, struct aptsrc *s)
{
	return read_text(aptsrc_deb822, text, target, s);
}

static int list(const char *text, const char *target, struct aptsrc *s)
{
	return read_text(aptsrc_list, text, target, s);
}

/* A suite is served by the archive of the machine's suite of the same kind. */
static void test_same_kind(void)
{
	struct aptsrc s;
	char line[2048];

	CHECK(deb822(bookworm_sources, "bullseye-security", &s), "security");
	CHECK(!strcmp(s.uri, "http://deb.debian.org/debian-security"), "%s", s.uri);
	CHECK(!strcmp(s.signed_by, "/usr/share/keyrings/debian-archive-keyring.gpg"), "%s",
	      s.signed_by);
	CHECK(!aptsrc_line(line, sizeof(line), &s, "bullseye-security", "main"), "line");
	CHECK(!strcmp(line, "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] "
			    "http://deb.debian.org/debian-security bullseye-security main"),
	      "%s", line);
	CHECK(deb822(bookworm_sources, "bullseye", &s), "plain suite");
	CHECK(!strcmp(s.uri, "http://deb.debian.org/debian"), "%s", s.uri);
	CHECK(deb822(bookworm_sources, "bullseye-updates", &s), "updates");
	CHECK(!strcmp(s.uri, "http://deb.debian.org/debian"), "%s", s.uri);
	/* No backports source on this machine: none is made up. */
	CHECK(!deb822(bookworm_sources, "bullseye-backports", &s), "backports: %s", s.uri);
}

/* Sources apt itself would not use are not used either. */
static void test_ignored_stanzas(void)
{
	static const char text[] =
		"Types: deb-src\n"
		"URIs: http://src.example/debian-security\n"
		"Suites: bookworm-security\n"
		"\n"
		"Enabled: no\n"
		"Types: deb\n"
		"URIs: http://off.example/debian-security\n"
		"Suites: bookworm-security\n"
		"\n"
		"types: deb deb-src\n"
		"uris: http://on.example/debian-security\n"
		"suites: trixie-security\n"
		"Signed-By:\n"
		" -----BEGIN PGP PUBLIC KEY BLOCK-----\n"
		" .\n"
		" mQINBFxZ9FABEAC\n"
		" -----END PGP PUBLIC KEY BLOCK-----\n";
	struct aptsrc s;

	CHECK(deb822(text, "bullseye-security", &s), "found");
	CHECK(!strcmp(s.uri, "http://on.example/debian-security"), "%s", s.uri);
	/* An inline key is no file to point apt at: apt's own keys then. */
	CHECK(!s.signed_by[0], "%s", s.signed_by);
}

static void test_one_line(void)
{
	static const char text[] =
		"# deb http://old.example/debian bullseye main\n"
		"deb-src http://deb.example/debian bookworm main\n"
		"deb [arch=amd64 signed-by=/etc/apt/keyrings/k.gpg] http://sec.example/debian-security bookworm-security main\n"
		"  deb\thttp://deb.example/debian bookworm main contrib\n"
		"deb [broken http://bad.example/debian bookworm main\n";
	struct aptsrc s;

	CHECK(list(text, "bullseye-security", &s), "security");
	CHECK(!strcmp(s.uri, "http://sec.example/debian-security"), "%s", s.uri);
	CHECK(!strcmp(s.signed_by, "/etc/apt/keyrings/k.gpg"), "%s", s.signed_by);
	CHECK(list(text, "bullseye", &s), "plain");
	CHECK(!strcmp(s.uri, "http://deb.example/debian"), "%s", s.uri);
	CHECK(!s.signed_by[0], "%s", s.signed_by);
	CHECK(!list("deb [broken http://bad.example/debian bookworm main\n", "bullseye", &s),
	      "an unclosed option list is no source");
}

int main(void)
{
	KT_RUN(test_same_kind());
	KT_RUN(test_ignored_stanzas());
	KT_RUN(test_one_line());
	return kt_done();
}
