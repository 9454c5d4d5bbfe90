/* SPDX-License-Identifier: GPL-2.0 */
/* The archive of another Debian suite, from the machine's apt sources; see aptsrc.c. */
#ifndef KVER_LAB_APTSRC_H
#define KVER_LAB_APTSRC_H

#include <stddef.h>
#include <stdio.h>

struct aptsrc {
	char uri[512];		/* the archive, as the machine's sources name it */
	char signed_by[512];	/* its keyring file, or "" */
};

/*
 * The first "deb" source of f serving a suite of the same kind as target
 * (bullseye-security: one whose suite ends in -security; bullseye: one
 * with no '-'): 1 and *out filled, or 0. deb822 stanzas (*.sources) or
 * one-line entries (sources.list, *.list).
 */
int aptsrc_deb822(FILE *f, const char *target, struct aptsrc *out);
int aptsrc_list(FILE *f, const char *target, struct aptsrc *out);
/* "deb [signed-by=K] URI SUITE COMPONENTS" into buf; -1 when it does not fit. */
int aptsrc_line(char *buf, size_t size, const struct aptsrc *s, const char *suite,
		const char *components);

#endif
