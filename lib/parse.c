// SPDX-License-Identifier: MIT
/* Release strings and strict numbers. */
#include <stdio.h>
#include <string.h>

#include "kver.h"

const char *kver_strerror(int err)
{
	switch (err) {
	case 0:			return "success";
	case KVER_EINVAL:	return "invalid argument";
	case KVER_EEMPTY:	return "empty";
	case KVER_ENOTNUM:	return "not a number";
	case KVER_ELEADZERO:	return "leading zero";
	case KVER_ERANGE:	return "out of range";
	case KVER_EFORMAT:	return "malformed version";
	case KVER_EBADCHAR:	return "invalid character";
	case KVER_ETOOLONG:	return "too long";
	case KVER_ETOOMANY:	return "too many numeric parts";
	case KVER_ENOVDSO:	return "no vDSO";
	case KVER_ENONOTE:	return "no Linux version note";
	case KVER_EELF:		return "malformed ELF image";
	case KVER_EABSENT:	return "not present";
	case KVER_EIO:		return "cannot read";
	case KVER_ENOSOURCE:	return "no usable version source";
	case KVER_ENOTREG:	return "not a regular file";
	case KVER_ECONFLICT:	return "contradicts itself";
	default:		return "unknown error";
	}
}

static int is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Read one strict decimal number from s[*pos .. len), stopping at the first
 * non-digit. Overflow is caught digit by digit, so no length of input can
 * wrap around.
 */
static int scan_uint(const char *s, size_t len, size_t *pos, uint32_t max,
		     uint32_t *out)
{
	size_t i = *pos;
	uint32_t v = 0;

	if (i >= len || !is_digit((unsigned char)s[i]))
		return KVER_ENOTNUM;
	if (s[i] == '0' && i + 1 < len && is_digit((unsigned char)s[i + 1]))
		return KVER_ELEADZERO;
	for (; i < len && is_digit((unsigned char)s[i]); i++) {
		uint32_t d = (uint32_t)(s[i] - '0');

		if (d > max || v > (max - d) / 10)
			return KVER_ERANGE;
		v = v * 10 + d;
	}
	*pos = i;
	*out = v;
	return 0;
}

int kver_parse_uint(const char *s, uint32_t max, uint32_t *out)
{
	size_t len, pos = 0;
	uint32_t v;
	int err;

	if (!s || !out)
		return KVER_EINVAL;
	len = strlen(s);
	if (len == 0)
		return KVER_EEMPTY;
	/* Classify the whole string first: "-1" and "1x" are not numbers. */
	for (size_t i = 0; i < len; i++)
		if (!is_digit((unsigned char)s[i]))
			return KVER_ENOTNUM;
	err = scan_uint(s, len, &pos, max, &v);
	if (err)
		return err;
	*out = v;
	return 0;
}

static int hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int kver_parse_code(const char *s, uint32_t *code)
{
	uint32_t v = 0;
	size_t i;

	if (!s || !code)
		return KVER_EINVAL;
	if ((s[0] == '0') && (s[1] == 'x' || s[1] == 'X')) {
		if (!s[2])
			return KVER_ENOTNUM;
		for (i = 2; s[i]; i++) {
			int d = hex_digit((unsigned char)s[i]);

			if (d < 0)
				return KVER_ENOTNUM;
			if (v > (UINT32_MAX >> 4))
				return KVER_ERANGE;
			v = (v << 4) | (uint32_t)d;
		}
		*code = v;
		return 0;
	}
	return kver_parse_uint(s, UINT32_MAX, code);
}

/* Printable ASCII without blanks: what a kernel release is made of. */
static int release_char(unsigned char c)
{
	return c > 0x20 && c < 0x7f;
}

/*
 * A release candidate at the start of the rest of v: upstream's "-rcN",
 * Debian's "~rcN", Fedora's "-0.rcN" ("6.13.0-0.rc1.20241202git...fc42"),
 * Ubuntu mainline's "-MMPPSSrcN" (the version in two digits a part).
 * N is a plain number followed by nothing or one of "-+_.". Returns 1 and
 * sets *n for a candidate, 0 for none, KVER_ERANGE for an N above
 * KVER_RC_MAX.
 */
static int rc_number(const struct kver *v, const char *rest, uint32_t *n)
{
	static const char *const forms[] = { "-rc", "~rc", "-0.rc" };
	size_t pos = 0, len = strlen(rest), end, i;
	char tag[16];
	int err;

	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++)
		if (strncmp(rest, forms[i], strlen(forms[i])) == 0)
			pos = strlen(forms[i]);
	/* Ubuntu's mainline builds: "6.8.0-060800rc1-generic". */
	snprintf(tag, sizeof(tag), "-%02u%02u%02urc", (unsigned)v->major % 100,
		 (unsigned)v->patchlevel % 100, (unsigned)v->sublevel % 100);
	if (v->major < 100 && v->patchlevel < 100 && v->sublevel < 100 &&
	    strncmp(rest, tag, 9) == 0)
		pos = 9;
	if (pos == 0)
		return 0;
	/* Only a well-formed candidate counts, and only then is N judged. */
	end = pos + strspn(rest + pos, "0123456789");
	if (end < len && rest[end] != '-' && rest[end] != '+' &&
	    rest[end] != '_' && rest[end] != '.')
		return 0;
	err = scan_uint(rest, end, &pos, KVER_RC_MAX, n);
	if (err)
		return err == KVER_ERANGE ? err : 0;
	return 1;
}

int kver_parse_n(const char *s, size_t len, struct kver *out)
{
	struct kver v;
	uint32_t part;
	size_t pos = 0;
	int err;

	if (!out)
		return KVER_EINVAL;
	memset(out, 0, sizeof(*out));
	if (!s)
		return KVER_EINVAL;
	if (len == 0)
		return KVER_EEMPTY;
	if (len > KVER_RELEASE_MAX)
		return KVER_ETOOLONG;
	for (size_t i = 0; i < len; i++)
		if (!release_char((unsigned char)s[i]))
			return KVER_EBADCHAR;

	memset(&v, 0, sizeof(v));
	for (;;) {
		err = scan_uint(s, len, &pos, UINT32_MAX, &part);
		if (err)
			/* A dot not followed by a number: "6.", "6..1". */
			return (err == KVER_ENOTNUM && v.nparts > 0) ?
				KVER_EFORMAT : err;
		if (v.nparts >= 3 + KVER_EXTRA_MAX)
			return KVER_ETOOMANY;
		switch (v.nparts) {
		case 0: v.major = part; break;
		case 1: v.patchlevel = part; break;
		case 2: v.sublevel = part; break;
		default: v.extra[v.nparts - 3] = part; break;
		}
		v.nparts++;
		if (pos >= len || s[pos] != '.')
			break;
		pos++;
	}
	/* A bare "6" or "6-rc1" is no kernel release. */
	if (v.nparts < 2)
		return KVER_EFORMAT;
	memcpy(v.rest, s + pos, len - pos);
	v.rest[len - pos] = '\0';
	err = rc_number(&v, v.rest, &v.rc);
	if (err < 0)
		return err;
	v.is_rc = err;
	if (!v.is_rc)
		v.rc = 0;
	*out = v;
	return 0;
}

int kver_parse(const char *release, struct kver *out)
{
	size_t len;

	if (!release) {
		if (out)
			memset(out, 0, sizeof(*out));
		return KVER_EINVAL;
	}
	/* Stop counting past the limit: a huge string is simply too long. */
	len = strnlen(release, KVER_RELEASE_MAX + 1);
	return kver_parse_n(release, len, out);
}

void kver_set(struct kver *v, uint32_t major, uint32_t patchlevel,
	      uint32_t sublevel)
{
	memset(v, 0, sizeof(*v));
	v->major = major;
	v->patchlevel = patchlevel;
	v->sublevel = sublevel;
	v->nparts = 3;
}

int kver_format(const struct kver *v, int how, char *buf, size_t size)
{
	char tmp[3 * 11 + KVER_EXTRA_MAX * 11 + KVER_REST_MAX + 8];
	unsigned int n, i;
	int len;

	if (!v || (!buf && size))
		return KVER_EINVAL;
	n = v->nparts;
	if (n > 3 + KVER_EXTRA_MAX)
		n = 3 + KVER_EXTRA_MAX;
	if (how == KVER_FMT_NUMBERS && n < 3)
		n = 3;
	if (n < 2)
		n = 2;
	len = snprintf(tmp, sizeof(tmp), "%u.%u", (unsigned)v->major,
		       (unsigned)v->patchlevel);
	if (n >= 3)
		len += snprintf(tmp + len, sizeof(tmp) - (size_t)len, ".%u",
				(unsigned)v->sublevel);
	for (i = 3; i < n; i++)
		len += snprintf(tmp + len, sizeof(tmp) - (size_t)len, ".%u",
				(unsigned)v->extra[i - 3]);
	if (how == KVER_FMT_FULL)
		len += snprintf(tmp + len, sizeof(tmp) - (size_t)len, "%.*s",
				KVER_REST_MAX, v->rest);
	if (size)
		snprintf(buf, size, "%s", tmp);
	return len;
}
