/* SPDX-License-Identifier: GPL-2.0 */
/* The names of one lab point in a release style; see style.c. */
#ifndef KVER_LAB_STYLE_H
#define KVER_LAB_STYLE_H

#include <stddef.h>
#include <stdio.h>

struct style_point {
	char style[16];		/* upstream, debian, custom */
	char version[20];	/* the real M.P.S */
	char release[80];	/* what uname -r says */
	char uts[80];		/* what uname -v says; "" = the build's own */
	char build_version[80], build_timestamp[80];	/* uts split for init/Makefile */
	char user[32], host[32];	/* KBUILD_BUILD_USER/HOST; "" = the build's own */
};

/* The lab's one SUBLEVEL check, for a point's names and for its record
 * (meta.c): strict decimal 0..65535, no sign, no leading zero. 0, or -1
 * with "invalid SUBLEVEL '...': why" in err (NULL when errsize is 0). */
int style_sublevel(const char *s, unsigned int *sub, char *err, size_t errsize);
const char *style_check_release(const char *s, char *why, size_t size);
const char *style_check_uts(const char *s, char *why, size_t size);
/* A version Debian released: its ABI, package version and changelog date. */
struct style_debian {
	unsigned int abi;	/* 46 in 5.10.0-46-amd64 */
	char package[24];	/* 5.10.262-1 */
	char date[11];		/* 2026-07-31 */
};
/*
 * The line of a table of Debian releases ("VERSION ABI PACKAGE DATE" a
 * line, lab/fetch.sh writes one per tree) for version: 1 and *d filled,
 * 0 when the table has none, -1 when its line is malformed.
 */
int style_debian_find(FILE *f, const char *version, struct style_debian *d);
/*
 * 0, or -1 with a one-line reason in err. style NULL: upstream. known: the
 * version's Debian release, for the debian style, or NULL.
 */
int style_point(const char *style, const char *tree, const char *sublevel, const char *release,
		const char *uts, const struct style_debian *known, struct style_point *p, char *err,
		size_t errsize);
void style_print(FILE *f, const struct style_point *p);

#endif
