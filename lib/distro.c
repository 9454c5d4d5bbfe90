// SPDX-License-Identifier: MIT
/* Version fields of /proc/version (Debian's) and /proc/version_signature. */
#include <string.h>

#include "private.h"

/* Copy one blank-delimited word from *p, advancing past it. */
static size_t next_word(const char **p, char *out, size_t size)
{
	const char *s = *p;
	size_t n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	while (s[n] && s[n] != ' ' && s[n] != '\t')
		n++;
	*p = s + n;
	if (!out)
		return n;
	if (n >= size)
		return (size_t)-1;
	memcpy(out, s, n);
	out[n] = '\0';
	return n;
}

/* The "Linux version RELEASE" word of a /proc/version line. */
int kver_proc_version_release(const char *line, char *out, size_t size)
{
	const char *p = strstr(line, "Linux version ");
	size_t n;

	if (!p)
		return KVER_EFORMAT;
	p += strlen("Linux version ");
	n = next_word(&p, out, size);
	if (n == (size_t)-1)
		return KVER_ETOOLONG;
	return n ? 0 : KVER_EFORMAT;
}

int kver_debian_field(const char *line, struct kver *out)
{
	char word[KVER_RELEASE_MAX + 2];
	const char *p, *q, *found = NULL;

	if (!line || !out)
		return KVER_EINVAL;
	memset(out, 0, sizeof(*out));
	p = strstr(line, "Linux version ");
	if (!p)
		return KVER_EABSENT;
	p += strlen("Linux version ");
	next_word(&p, NULL, 0);
	/* Debian 6 and older: "Linux version R (Debian 2.6.32-48squeeze6)". */
	if (strncmp(p, " (Debian ", 9) == 0) {
		found = p + 9;
	} else {
		/*
		 * Since then the field follows the build number: "#1 SMP
		 * PREEMPT_DYNAMIC Debian 6.1.192-3 (2024-...)". Everything
		 * before " #" is the builder and compiler, whose "(Debian
		 * 12.2.0-14)" is gcc's version, not the kernel's.
		 */
		p = strstr(p, " #");
		if (!p)
			return KVER_EABSENT;
		for (q = p; (q = strstr(q, " Debian ")) != NULL; q++)
			found = q + 8;
	}
	if (!found)
		return KVER_EABSENT;
	p = found;
	/* A Debian epoch ("1:6.6.31-1+rpt1" on Raspberry Pi OS) is no part. */
	{
		size_t d = strspn(p, "0123456789");

		if (d > 0 && p[d] == ':')
			p += d + 1;
	}
	/* Stop at ')' too, for the parenthesised old form. */
	{
		size_t n = 0;

		while (p[n] == ' ')
			p++;
		while (p[n] && p[n] != ' ' && p[n] != '\t' && p[n] != ')')
			n++;
		if (n == 0)
			return KVER_EFORMAT;
		if (n > KVER_RELEASE_MAX)
			return KVER_ETOOLONG;
		memcpy(word, p, n);
		word[n] = '\0';
	}
	return kver_parse(word, out);
}

int kver_ubuntu_signature(const char *line, struct kver *out)
{
	char word[KVER_RELEASE_MAX + 2];
	const char *p = line;
	size_t n, last = 0;
	const char *lastp = NULL;

	if (!line || !out)
		return KVER_EINVAL;
	memset(out, 0, sizeof(*out));
	/* "Ubuntu 5.15.0-91.101-generic 5.15.131": the last word. */
	while ((n = next_word(&p, NULL, 0)) > 0) {
		lastp = p - n;
		last = n;
	}
	if (!lastp || lastp == line + strspn(line, " \t"))
		return KVER_EABSENT;	/* fewer than two words */
	if (last > KVER_RELEASE_MAX)
		return KVER_ETOOLONG;
	memcpy(word, lastp, last);
	word[last] = '\0';
	return kver_parse(word, out);
}

/* The second word of a signature: Ubuntu's own version and flavour. */
void kver_signature_name(const char *line, char *out, size_t size)
{
	const char *p = line;

	next_word(&p, NULL, 0);
	if (next_word(&p, out, size) == (size_t)-1)
		out[0] = '\0';
}

/*
 * Does a signature's name ("5.15.0-91.101-generic", or with an HWE tag
 * "5.15.0-91.101~20.04.1-generic") name the release "5.15.0-91-generic"?
 * Ubuntu's upload number, from the '.' after the ABI number up to the next
 * '-', is not in the release.
 */
int kver_signature_names(const char *name, const char *release)
{
	const char *dash = strchr(name, '-'), *up, *tail;
	size_t head;

	if (!dash)
		return strcmp(name, release) == 0;
	up = dash + 1 + strspn(dash + 1, "0123456789");
	if (*up != '.')
		return strcmp(name, release) == 0;
	tail = strchr(up, '-');
	if (!tail)
		tail = up + strlen(up);
	head = (size_t)(up - name);
	return strncmp(name, release, head) == 0 &&
	       strcmp(release + head, tail) == 0;
}
