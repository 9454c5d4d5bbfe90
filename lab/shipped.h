/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Debian's own binary kernels, booted as shipped (shipped.c): which image
 * package a request names, and what the booted kernel must then say, all
 * from the package (its name, its version, its changelog) and the image's
 * own version string; the drivers the probe loads (moddep.c).
 */
#ifndef KVER_LAB_SHIPPED_H
#define KVER_LAB_SHIPPED_H

#include <stddef.h>
#include <stdio.h>

/* Debian's version order (Debian Policy 5.6.12): <0, 0 or >0, as strcmp. */
int deb_vercmp(const char *a, const char *b);

/*
 * The upstream M.P.S a Debian package version starts with ("5.10.262-1",
 * "6.12.118-1~deb12u1", an epoch "1:" allowed): 0 and the numbers, or -1.
 */
int shipped_upstream(const char *debver, unsigned int *m, unsigned int *p, unsigned int *s);

/*
 * The release an image package boots as: linux-image-RELEASE or
 * linux-image-RELEASE-unsigned. 0, or -1 when pkg is no image package.
 */
int shipped_release(const char *pkg, char *release, size_t size);

/*
 * Debian's generic image of a version, unsigned: linux-image-5.10.0-46-amd64-unsigned,
 * linux-image-6.12.118+deb12-amd64-unsigned; not the cloud or rt flavour.
 */
int shipped_generic(const char *pkg);

struct shipped_pick {
	char package[128];
	char version[64];	/* the Debian package version */
};

/*
 * The image package WANT names among the suite's listing ("PACKAGE VERSION"
 * lines, any order): an image package's name (its newest version), an
 * upstream version M.P.S (the newest generic unsigned image of it: 6.1.192
 * is 6.1.0-57, 6.1.192-3, not -55 or -56) or a package version (5.10.262-1).
 * 0 and *out, or -1 with one line in err that names what the suite has.
 */
int shipped_pick(FILE *listing, const char *want, const char *suite, struct shipped_pick *out,
		 char *err, size_t errsize);

/* What a shipped point is and what its kernel must say. */
struct shipped_names {
	char tree[16];		/* M.P */
	char version[24];	/* M.P.S, from the package version */
	char sublevel[8];	/* S */
	char release[80];	/* uname -r: from the package name */
	char uts[96];		/* uname -v: the image's own, checked against the package */
	char headers[96];	/* the headers package: linux-headers-RELEASE */
};

/*
 * The names of image package PKG at version PKGVER, whose image says BANNER
 * (shipped_banner) and whose changelog dates PKGVER on DATE (YYYY-MM-DD, UTC):
 * the release is the package's, the version its upstream version, the UTS
 * version the image's own, which must end with "Debian PKGVER (DATE)". 0, or
 * -1 with one line in err.
 */
int shipped_names(const char *pkg, const char *pkgver, const char *banner, const char *date,
		  struct shipped_names *n, char *err, size_t errsize);

/*
 * The version string an x86 bzImage carries in its setup code (the boot
 * protocol's kernel_version field): "5.10.0-46-amd64 (debian-kernel@lists.debian.org)
 * #1 SMP Debian 5.10.262-1 (2026-07-31)". 0, or -1 with one line in err.
 */
int shipped_banner(FILE *image, char *buf, size_t size, char *err, size_t errsize);

/*
 * Do the headers folder DIR (linux-headers-RELEASE as unpacked) belong to
 * the image: its generated utsrelease.h and compile.h (utsversion.h from
 * 6.1 on) say the image's release and UTS version? 0, or -1 with one line
 * in err.
 */
int shipped_headers(const char *dir, const struct shipped_names *n, char *err, size_t errsize);

/*
 * moddep.c: the drivers NAMES (module names; '-' and '_' alike) and every
 * module they need, from a modules.dep (depmod's), one path a line on out in
 * an order in which each loads after what it needs, each once. A name built
 * into the kernel (in BUILTIN, modules.builtin, when not NULL) needs nothing
 * and is left out. 0, or -1 with one line in err.
 */
int moddep_order(FILE *dep, FILE *builtin, char *const *names, int nnames, FILE *out, char *err,
		 size_t errsize);

#endif
