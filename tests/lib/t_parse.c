// SPDX-License-Identifier: MIT
/* Release strings from every family the library must handle. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "kver.h"

struct release_case {
	const char *release;
	uint32_t major, patchlevel, sublevel;
	unsigned int nparts;
	uint32_t extra[KVER_EXTRA_MAX];
	uint32_t rc;
	const char *rest;
	uint32_t code;		/* LINUX_VERSION_CODE the kernel would use */
};

/* Expected numbers and codes worked out by hand, not by the library. */
static const struct release_case releases[] = {
	{ "6.1.256", 6, 1, 256, 3, {0}, 0, "", 0x601ff }, /* upstream */
	{ "6.1.300", 6, 1, 300, 3, {0}, 0, "", 0x601ff }, /* upstream */
	{ "6.12.0-rc3", 6, 12, 0, 3, {0}, 3, "-rc3", 0x60c00 }, /* upstream */
	{ "2.6.32.71", 2, 6, 32, 4, {71}, 0, "", 0x20620 }, /* upstream */
	{ "3.0", 3, 0, 0, 2, {0}, 0, "", 0x30000 }, /* upstream */
	{ "4.9.256", 4, 9, 256, 3, {0}, 0, "", 0x409ff }, /* upstream */
	{ "4.9.337", 4, 9, 337, 3, {0}, 0, "", 0x409ff }, /* upstream */
	{ "4.14.336", 4, 14, 336, 3, {0}, 0, "", 0x40eff }, /* upstream */
	{ "4.19.325", 4, 19, 325, 3, {0}, 0, "", 0x413ff }, /* upstream */
	{ "5.4.289", 5, 4, 289, 3, {0}, 0, "", 0x504ff }, /* upstream */
	{ "5.10.234", 5, 10, 234, 3, {0}, 0, "", 0x50aea }, /* upstream */
	{ "6.6.75", 6, 6, 75, 3, {0}, 0, "", 0x6064b }, /* upstream */
	{ "6.13", 6, 13, 0, 2, {0}, 0, "", 0x60d00 }, /* upstream */
	{ "2.6.39.4", 2, 6, 39, 4, {4}, 0, "", 0x20627 }, /* upstream */
	{ "3.18.140", 3, 18, 140, 3, {0}, 0, "", 0x3128c }, /* upstream */
	{ "6.1.0-rc1", 6, 1, 0, 3, {0}, 1, "-rc1", 0x60100 }, /* upstream */
	{ "6.18.44-fc-v1147", 6, 18, 44, 3, {0}, 0, "-fc-v1147", 0x6122c }, /* upstream */
	{ "6.1.0-27-amd64", 6, 1, 0, 3, {0}, 0, "-27-amd64", 0x60100 }, /* debian */
	{ "6.12.12+bpo-amd64", 6, 12, 12, 3, {0}, 0, "+bpo-amd64", 0x60c0c }, /* debian */
	{ "4.19.0-27-amd64", 4, 19, 0, 3, {0}, 0, "-27-amd64", 0x41300 }, /* debian */
	{ "5.10.0-33-arm64", 5, 10, 0, 3, {0}, 0, "-33-arm64", 0x50a00 }, /* debian */
	{ "3.16.0-11-686-pae", 3, 16, 0, 3, {0}, 0, "-11-686-pae", 0x31000 }, /* debian */
	{ "2.6.32-5-amd64", 2, 6, 32, 3, {0}, 0, "-5-amd64", 0x20620 }, /* debian */
	{ "6.12.12-amd64", 6, 12, 12, 3, {0}, 0, "-amd64", 0x60c0c }, /* debian */
	{ "6.1.0-31-cloud-amd64", 6, 1, 0, 3, {0}, 0, "-31-cloud-amd64", 0x60100 }, /* debian */
	{ "5.15.0-91-generic", 5, 15, 0, 3, {0}, 0, "-91-generic", 0x50f00 }, /* ubuntu */
	{ "6.8.0-45-generic", 6, 8, 0, 3, {0}, 0, "-45-generic", 0x60800 }, /* ubuntu */
	{ "4.15.0-213-generic", 4, 15, 0, 3, {0}, 0, "-213-generic", 0x40f00 }, /* ubuntu */
	{ "5.4.0-1103-aws", 5, 4, 0, 3, {0}, 0, "-1103-aws", 0x50400 }, /* ubuntu */
	{ "6.5.0-1025-azure", 6, 5, 0, 3, {0}, 0, "-1025-azure", 0x60500 }, /* ubuntu */
	{ "5.15.0-1060-raspi", 5, 15, 0, 3, {0}, 0, "-1060-raspi", 0x50f00 }, /* ubuntu */
	{ "4.18.0-513.24.1.el8_9.x86_64", 4, 18, 0, 3, {0}, 0, "-513.24.1.el8_9.x86_64", 0x41200 }, /* redhat */
	{ "6.5.6-300.fc39.x86_64", 6, 5, 6, 3, {0}, 0, "-300.fc39.x86_64", 0x60506 }, /* redhat */
	{ "3.10.0-1160.119.1.el7.x86_64", 3, 10, 0, 3, {0}, 0, "-1160.119.1.el7.x86_64", 0x30a00 }, /* redhat */
	{ "5.14.0-427.13.1.el9_4.x86_64", 5, 14, 0, 3, {0}, 0, "-427.13.1.el9_4.x86_64", 0x50e00 }, /* redhat */
	{ "2.6.32-754.35.1.el6.x86_64", 2, 6, 32, 3, {0}, 0, "-754.35.1.el6.x86_64", 0x20620 }, /* redhat */
	{ "6.11.4-301.fc41.aarch64", 6, 11, 4, 3, {0}, 0, "-301.fc41.aarch64", 0x60b04 }, /* redhat */
	{ "6.6.7-arch1-1", 6, 6, 7, 3, {0}, 0, "-arch1-1", 0x60607 }, /* arch */
	{ "6.12.10-zen1-1-zen", 6, 12, 10, 3, {0}, 0, "-zen1-1-zen", 0x60c0a }, /* arch */
	{ "6.1.74-1-lts", 6, 1, 74, 3, {0}, 0, "-1-lts", 0x6014a }, /* arch */
	{ "5.10.198-android12-9-00085-gabcdef123456", 5, 10, 198, 3, {0}, 0, "-android12-9-00085-gabcdef123456", 0x50ac6 }, /* android */
	{ "6.1.75-android14-11-g48b922851ac5", 6, 1, 75, 3, {0}, 0, "-android14-11-g48b922851ac5", 0x6014b }, /* android */
	{ "5.15.148-android13-8-00012-g1234567890ab", 5, 15, 148, 3, {0}, 0, "-android13-8-00012-g1234567890ab", 0x50f94 }, /* android */
	{ "4.14.190-perf+", 4, 14, 190, 3, {0}, 0, "-perf+", 0x40ebe }, /* android */
	{ "4.4.302-cip97", 4, 4, 302, 3, {0}, 0, "-cip97", 0x404ff }, /* cip */
	{ "4.19.312-cip108", 4, 19, 312, 3, {0}, 0, "-cip108", 0x413ff }, /* cip */
	{ "5.10.224-rt116", 5, 10, 224, 3, {0}, 0, "-rt116", 0x50ae0 }, /* rt */
	{ "6.1.83-rt28", 6, 1, 83, 3, {0}, 0, "-rt28", 0x60153 }, /* rt */
	{ "4.4.302-cip97-rt48", 4, 4, 302, 3, {0}, 0, "-cip97-rt48", 0x404ff }, /* cip */
	{ "5.15.153.1-microsoft-standard-WSL2", 5, 15, 153, 4, {1}, 0, "-microsoft-standard-WSL2", 0x50f99 }, /* wsl */
	{ "6.6.36.6-microsoft-standard-WSL2", 6, 6, 36, 4, {6}, 0, "-microsoft-standard-WSL2", 0x60624 }, /* wsl */
	{ "4.4.0-19041-Microsoft", 4, 4, 0, 3, {0}, 0, "-19041-Microsoft", 0x40400 }, /* wsl */
	{ "6.1.21-v8+", 6, 1, 21, 3, {0}, 0, "-v8+", 0x60115 }, /* rpi */
	{ "6.6.31+rpt-rpi-v8", 6, 6, 31, 3, {0}, 0, "+rpt-rpi-v8", 0x6061f }, /* rpi */
	{ "5.10.103-v7l+", 5, 10, 103, 3, {0}, 0, "-v7l+", 0x50a67 }, /* rpi */
	{ "4.19.66+", 4, 19, 66, 3, {0}, 0, "+", 0x41342 }, /* rpi */
	{ "5.14.21-150500.55.65-default", 5, 14, 21, 3, {0}, 0, "-150500.55.65-default", 0x50e15 }, /* suse */
	{ "6.4.0-150600.23.25-default", 6, 4, 0, 3, {0}, 0, "-150600.23.25-default", 0x60400 }, /* suse */
	{ "1.2.3.4.5.6.7", 1, 2, 3, 7, {4, 5, 6, 7}, 0, "", 0x10203 }, /* widest */
	{ "4294967295.4294967295.4294967295", 4294967295u, 4294967295u,
	  4294967295u, 3, {0}, 0, "", 0xfffeffff }, /* 32-bit limits */
	{ "6.1~rc3", 6, 1, 0, 2, {0}, 3, "~rc3", 0x60100 }, /* Debian rc */
	{ "6.1.0-rc10x", 6, 1, 0, 3, {0}, 0, "-rc10x", 0x60100 }, /* no rc */
	{ "6.14.0-0.rc7.20250321gitb3ee1e460951.60.fc43.x86_64", 6, 14, 0, 3, {0}, 7, "-0.rc7.20250321gitb3ee1e460951.60.fc43.x86_64", 0x60e00 }, /* redhat */
	{ "5.17.0-0.rc7.116.fc36.x86_64", 5, 17, 0, 3, {0}, 7, "-0.rc7.116.fc36.x86_64", 0x51100 }, /* redhat */
	{ "6.13.0-0.rc1.20241202gite70140ba0d2b.14.eln144", 6, 13, 0, 3, {0}, 1, "-0.rc1.20241202gite70140ba0d2b.14.eln144", 0x60d00 }, /* redhat */
	{ "6.16.0-0.rc7.60.eln150.x86_64", 6, 16, 0, 3, {0}, 7, "-0.rc7.60.eln150.x86_64", 0x61000 }, /* redhat */
	{ "6.14.0-63.fc42.x86_64", 6, 14, 0, 3, {0}, 0, "-63.fc42.x86_64", 0x60e00 }, /* redhat */
};

/* Which releases are release candidates, and of which number. */
static const struct {
	const char *release;
	int is_rc;
	uint32_t rc;
} rcs[] = {
	{ "6.1.0-rc0", 1, 0 },
	{ "6.12.0-rc3", 1, 3 },
	{ "6.1~rc3", 1, 3 },
	{ "6.13.0-0.rc1.20241202gite70140ba0d2b.17.fc42", 1, 1 },
	{ "5.15.0-0.rc7.0.fc32.qubes.x86_64", 1, 7 },
	{ "6.1.0-rc99", 1, 99 },
	{ "6.8.0-060800rc1-generic", 1, 1 },	/* Ubuntu mainline */
	{ "4.16.0-041600rc1-generic", 1, 1 },
	{ "5.17.9-051709-generic", 0, 0 },
	{ "6.8.0-060900rc1-generic", 0, 0 },	/* another version's tag */
	/* Two digits a part: from 100 on a part has no tag, 6.1.0's is not 6.1.100's. */
	{ "6.1.99-060199rc1-generic", 1, 1 },
	{ "6.1.100-060100rc1-generic", 0, 0 },
	{ "6.1.0-rc1_dbg", 1, 1 },	/* N followed by one of - + _ . */
	{ "6.1.0-rc1~exp1", 0, 0 },	/* or by nothing, never by ~ */
	{ "6.13.0-200.fc42", 0, 0 },
	{ "6.1.0-rc10x", 0, 0 },	/* not a candidate: no rc at all */
	{ "6.1.0-rc", 0, 0 },
	{ "6.1.0-rc03", 0, 0 },
	{ "6.1.0-0.rcx", 0, 0 },
	{ "6.1.0-27-amd64", 0, 0 },
};

static void check_rc(void)
{
	struct kver v;
	size_t i;

	for (i = 0; i < sizeof(rcs) / sizeof(rcs[0]); i++) {
		int err = kver_parse(rcs[i].release, &v);

		CHECK(err == 0 && v.is_rc == rcs[i].is_rc && v.rc == rcs[i].rc,
		      "%s: err %d, is_rc %d, rc %u", rcs[i].release, err,
		      v.is_rc, (unsigned)v.rc);
	}
}

struct bad_case {
	const char *s;
	size_t len;		/* 0: strlen(s) */
	int err;
};

static const struct bad_case bad[] = {
	{ "", 0, KVER_EEMPTY },
	{ "abc", 0, KVER_ENOTNUM },
	{ "6.", 0, KVER_EFORMAT },
	{ "6..1", 0, KVER_EFORMAT },
	{ "6", 0, KVER_EFORMAT },
	{ "6-rc1", 0, KVER_EFORMAT },
	{ "6.1.", 0, KVER_EFORMAT },
	{ "6.1..2", 0, KVER_EFORMAT },
	{ "6.1.x", 0, KVER_EFORMAT },
	{ ".6.1", 0, KVER_ENOTNUM },
	{ "v6.1", 0, KVER_ENOTNUM },
	{ "-6.1", 0, KVER_ENOTNUM },
	{ "06.1", 0, KVER_ELEADZERO },
	{ "6.01", 0, KVER_ELEADZERO },
	{ "6.1.00", 0, KVER_ELEADZERO },
	{ "4294967296.1", 0, KVER_ERANGE },
	{ "6.4294967296", 0, KVER_ERANGE },
	{ "6.1.99999999999999999999", 0, KVER_ERANGE },
	{ "6.1.18446744073709551616", 0, KVER_ERANGE },
	{ "1.2.3.4.5.6.7.8", 0, KVER_ETOOMANY },
	{ "6.1\0.2", 6, KVER_EBADCHAR },
	{ "\0", 1, KVER_EBADCHAR },
	{ "6.1.2\n", 0, KVER_EBADCHAR },
	{ "6.1\t2", 0, KVER_EBADCHAR },
	{ "6.1 ", 0, KVER_EBADCHAR },
	{ " 6.1", 0, KVER_EBADCHAR },
	{ "\x01", 0, KVER_EBADCHAR },
	{ "6.1.2\x7f", 0, KVER_EBADCHAR },
	{ "6.1-\xc3\xa9", 0, KVER_EBADCHAR },
	{ "6.1.2\x1b[31m", 0, KVER_EBADCHAR },
	/* An absurd release candidate is no release at all. */
	{ "6.1.0-rc100", 0, KVER_ERANGE },
	{ "6.1-rc99999999999", 0, KVER_ERANGE },
	{ "6.13.0-0.rc4294967296.fc42", 0, KVER_ERANGE },
	{ "6.1~rc123", 0, KVER_ERANGE },
};

static void check_release(const struct release_case *c)
{
	struct kver v;
	char buf[128];
	unsigned int i;
	int err = kver_parse(c->release, &v);

	CHECK(err == 0, "%s: %s", c->release, kver_strerror(err));
	if (err)
		return;
	CHECK(v.major == c->major && v.patchlevel == c->patchlevel &&
		      v.sublevel == c->sublevel,
	      "%s: got %u.%u.%u", c->release, v.major, v.patchlevel,
	      v.sublevel);
	CHECK(v.nparts == c->nparts, "%s: nparts %u, want %u", c->release,
	      v.nparts, c->nparts);
	for (i = 3; i < c->nparts; i++)
		CHECK(v.extra[i - 3] == c->extra[i - 3], "%s: extra[%u] %u",
		      c->release, i - 3, v.extra[i - 3]);
	CHECK(v.rc == c->rc, "%s: rc %u, want %u", c->release, v.rc, c->rc);
	CHECK(strcmp(v.rest, c->rest) == 0, "%s: rest '%s', want '%s'",
	      c->release, v.rest, c->rest);
	CHECK(kver_code_of(&v) == c->code, "%s: code 0x%x, want 0x%x",
	      c->release, kver_code_of(&v), c->code);
	CHECK(kver_code(c->major, c->patchlevel, c->sublevel) == c->code,
	      "%s: kver_code", c->release);
	/* The full form gives back the string it came from. */
	kver_format(&v, KVER_FMT_FULL, buf, sizeof(buf));
	CHECK(strcmp(buf, c->release) == 0, "%s: formatted as '%s'",
	      c->release, buf);
	/* Same answer when given a length. */
	{
		struct kver w;

		err = kver_parse_n(c->release, strlen(c->release), &w);
		CHECK(err == 0 && memcmp(&v, &w, sizeof(v)) == 0,
		      "%s: kver_parse_n differs", c->release);
	}
}

static void check_bad(const struct bad_case *c)
{
	struct kver v;
	size_t len = c->len ? c->len : strlen(c->s);
	int err = kver_parse_n(c->s, len, &v);
	static const struct kver zero;

	CHECK(err == c->err, "bad input %zu bytes '%s': got %d (%s), want %d",
	      len, c->s, err, kver_strerror(err), c->err);
	CHECK(memcmp(&v, &zero, sizeof(v)) == 0, "'%s': out not zeroed", c->s);
	/* Through the C-string entry too, when there is no embedded NUL. */
	if (strlen(c->s) == len)
		CHECK(kver_parse(c->s, &v) == c->err, "kver_parse('%s')", c->s);
}

static void check_lengths(void)
{
	static char big[10001];
	char s[KVER_RELEASE_MAX + 2];
	struct kver v;
	int err;

	/* 10 000 characters of an otherwise good release. */
	memset(big, 'a', sizeof(big) - 1);
	memcpy(big, "6.1.2-", 6);
	CHECK(kver_parse(big, &v) == KVER_ETOOLONG, "10000 characters");
	memset(big, '9', sizeof(big) - 1);
	CHECK(kver_parse(big, &v) == KVER_ETOOLONG, "10000 digits");
	memset(big, '.', sizeof(big) - 1);
	CHECK(kver_parse(big, &v) == KVER_ETOOLONG, "10000 dots");

	/* Exactly the kernel's limit is fine, one more is not. */
	memset(s, 'x', sizeof(s));
	memcpy(s, "6.1.2-", 6);
	s[KVER_RELEASE_MAX] = '\0';
	err = kver_parse(s, &v);
	CHECK(err == 0 && strlen(v.rest) == KVER_RELEASE_MAX - 5,
	      "64 characters: %s", kver_strerror(err));
	s[KVER_RELEASE_MAX] = 'x';
	s[KVER_RELEASE_MAX + 1] = '\0';
	CHECK(kver_parse(s, &v) == KVER_ETOOLONG, "65 characters");

	/*
	 * kver_parse_n reads its len bytes and no more: a release cut out of
	 * a longer text ("6.1.0" of "6.1.05") is whole, a number's end
	 * included, and a buffer with no NUL after it is never read past.
	 */
	err = kver_parse_n("6.1.05", 5, &v);
	CHECK(err == 0 && v.sublevel == 0 && v.nparts == 3, "'6.1.0' of '6.1.05': %s",
	      kver_strerror(err));
	{
		char *exact = malloc(5);

		CHECK(exact != NULL, "malloc");
		if (exact) {
			memcpy(exact, "6.1.0", 5);
			err = kver_parse_n(exact, 5, &v);
			CHECK(err == 0 && v.sublevel == 0, "5 bytes without a NUL: %s",
			      kver_strerror(err));
			free(exact);
		}
	}

	CHECK(kver_parse(NULL, &v) == KVER_EINVAL, "NULL release");
	CHECK(kver_parse("6.1", NULL) == KVER_EINVAL, "NULL out");
}

static void check_format(void)
{
	struct kver v;
	char buf[8];
	int n;

	kver_parse("3.0", &v);
	n = kver_format(&v, KVER_FMT_NUMBERS, buf, sizeof(buf));
	CHECK(n == 5 && strcmp(buf, "3.0.0") == 0, "3.0 numbers: %s", buf);
	kver_parse("5.15.153.1-microsoft-standard-WSL2", &v);
	n = kver_format(&v, KVER_FMT_NUMBERS, buf, sizeof(buf));
	/* Truncated like snprintf, but the needed length is returned. */
	CHECK(n == 10 && strcmp(buf, "5.15.15") == 0, "truncation: %d %s", n,
	      buf);
	n = kver_format(&v, KVER_FMT_FULL, NULL, 0);
	CHECK(n == 34, "length only: %d", n);
}

void test_parse(void)
{
	size_t i;

	CHECK(sizeof(releases) / sizeof(releases[0]) >= 40,
	      "at least 40 real releases");
	for (i = 0; i < sizeof(releases) / sizeof(releases[0]); i++)
		check_release(&releases[i]);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		check_bad(&bad[i]);
	check_rc();
	check_lengths();
	check_format();
}
