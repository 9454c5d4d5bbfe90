// SPDX-License-Identifier: GPL-2.0
/* JSON strings for every program of kver; see jsonstr.h for the rules. */
#include "jsonstr.h"

/* The length of the well-formed UTF-8 sequence at s (2 to 4), or 0. */
static int utf8_len(const unsigned char *s)
{
	unsigned char lo = 0x80, hi = 0xbf;
	int n;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* No overlong forms, no surrogates, nothing above U+10FFFF. */
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (int i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

void json_str(FILE *f, const char *s)
{
	const unsigned char *u = (const unsigned char *)(s ? s : "");

	fputc('"', f);
	while (*u) {
		int n;

		if (*u == '"' || *u == '\\') {
			fprintf(f, "\\%c", *u);
		} else if (*u == '\n') {
			fputs("\\n", f);
		} else if (*u == '\t') {
			fputs("\\t", f);
		} else if (*u < 0x20 || *u == 0x7f) {
			fprintf(f, "\\u%04x", *u);
		} else if (*u < 0x80) {
			fputc(*u, f);
		} else if ((n = utf8_len(u))) {
			fwrite(u, 1, (size_t)n, f);
			u += n;
			continue;
		} else {
			fputs("\\ufffd", f);
		}
		u++;
	}
	fputc('"', f);
}
