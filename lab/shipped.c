// SPDX-License-Identifier: GPL-2.0
/*
 * Debian's own binary kernels, booted as shipped: which image package a
 * request names, and what its kernel must say, decided from the package
 * alone. Nothing here is typed by hand:
 *
 *   release       the package's name: linux-image-5.10.0-46-amd64-unsigned
 *                 boots as 5.10.0-46-amd64;
 *   version       the package's version: 5.10.262-1 is 5.10.262;
 *   UTS version   the image's own string (the bzImage setup header), which
 *                 must end with "Debian <package version> (<changelog date>)".
 *
 * The headers a module is built against must be the image's: their
 * UTS_RELEASE and UTS_VERSION are compared with those names.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shipped.h"
#include "style.h"

#define IMAGE_PREFIX "linux-image-"
#define UNSIGNED_SUFFIX "-unsigned"
#define MAX_LISTING 4096

/* One character of a non-digit run: '~' before everything, even the end; letters before the rest. */
static int char_order(char c)
{
	if (!c || isdigit((unsigned char)c))
		return 0;
	if (c == '~')
		return -1;
	if (isalpha((unsigned char)c))
		return (unsigned char)c;
	return (unsigned char)c + 256;
}

/* Non-digit runs by char_order, digit runs as numbers, in turn. */
static int segment_cmp(const char *a, const char *b)
{
	while (*a || *b) {
		unsigned long long na = 0, nb = 0;

		while ((*a && !isdigit((unsigned char)*a)) || (*b && !isdigit((unsigned char)*b))) {
			int x = char_order(*a), y = char_order(*b);

			if (x != y)
				return x < y ? -1 : 1;
			a++;
			b++;
		}
		while (*a == '0')
			a++;
		while (*b == '0')
			b++;
		while (isdigit((unsigned char)*a))
			na = na * 10 + (unsigned)(*a++ - '0');
		while (isdigit((unsigned char)*b))
			nb = nb * 10 + (unsigned)(*b++ - '0');
		if (na != nb)
			return na < nb ? -1 : 1;
	}
	return 0;
}

/* EPOCH:UPSTREAM-REVISION into its three parts (epoch 0 and revision "" when absent). */
static void split_version(const char *v, unsigned long *epoch, char *up, char *rev, size_t size)
{
	const char *colon = strchr(v, ':'), *dash;

	*epoch = 0;
	if (colon) {
		*epoch = strtoul(v, NULL, 10);
		v = colon + 1;
	}
	dash = strrchr(v, '-');
	snprintf(up, size, "%.*s", (int)(dash ? (size_t)(dash - v) : strlen(v)), v);
	snprintf(rev, size, "%s", dash ? dash + 1 : "");
}

int deb_vercmp(const char *a, const char *b)
{
	char ua[128], ra[128], ub[128], rb[128];
	unsigned long ea, eb;
	int c;

	split_version(a, &ea, ua, ra, sizeof(ua));
	split_version(b, &eb, ub, rb, sizeof(ub));
	if (ea != eb)
		return ea < eb ? -1 : 1;
	c = segment_cmp(ua, ub);
	return c ? c : segment_cmp(ra, rb);
}

/* A decimal number of at most 5 digits at *s, *s moved past it. */
static int number(const char **s, unsigned int *v)
{
	const char *p = *s;

	*v = 0;
	if (!isdigit((unsigned char)*p))
		return -1;
	while (isdigit((unsigned char)*p) && p - *s < 5)
		*v = *v * 10 + (unsigned)(*p++ - '0');
	if (isdigit((unsigned char)*p))
		return -1;
	*s = p;
	return 0;
}

int shipped_upstream(const char *debver, unsigned int *m, unsigned int *p, unsigned int *s)
{
	const char *v = debver, *colon = strchr(debver, ':');

	if (colon) {
		for (const char *c = debver; c < colon; c++)
			if (!isdigit((unsigned char)*c))
				return -1;
		v = colon + 1;
	}
	if (number(&v, m) || *v++ != '.' || number(&v, p) || *v++ != '.' || number(&v, s))
		return -1;
	return *v && !strchr("-+~", *v) ? -1 : 0;
}

int shipped_release(const char *pkg, char *release, size_t size)
{
	size_t n, k = strlen(UNSIGNED_SUFFIX);
	char why[160];

	if (strncmp(pkg, IMAGE_PREFIX, strlen(IMAGE_PREFIX)))
		return -1;
	pkg += strlen(IMAGE_PREFIX);
	n = strlen(pkg);
	if (n > k && !strcmp(pkg + n - k, UNSIGNED_SUFFIX))
		n -= k;
	if (!n || n >= size || !isdigit((unsigned char)pkg[0]))
		return -1;
	snprintf(release, size, "%.*s", (int)n, pkg);
	/* Debug symbols and meta packages are no image. */
	if (strstr(release, "-dbg") || !strchr(release, '-'))
		return -1;
	return style_check_release(release, why, sizeof(why)) ? -1 : 0;
}

int shipped_generic(const char *pkg)
{
	char rel[96];
	size_t n = strlen(pkg), k = strlen(UNSIGNED_SUFFIX);
	const char *word;

	if (n <= k || strcmp(pkg + n - k, UNSIGNED_SUFFIX) || shipped_release(pkg, rel, sizeof(rel)))
		return 0;
	n = strlen(rel);
	if (n < 7 || strcmp(rel + n - 6, "-amd64"))
		return 0;
	rel[n - 6] = '\0';
	/* 5.10.0-46 or 6.12.118+deb12: the flavour's word would be "cloud" or "rt". */
	word = strrchr(rel, '-');
	word = word ? word + 1 : rel;
	return isdigit((unsigned char)word[0]);
}

struct entry {
	char name[128], version[64];
};

static int by_version(const void *a, const void *b)
{
	return deb_vercmp(((const struct entry *)a)->version, ((const struct entry *)b)->version);
}

/* ", near: V V V" (the versions of the suite's generic M.P images), or what it lacks. */
static void near_versions(const struct entry *e, size_t n, unsigned int m, unsigned int p,
			  char *buf, size_t size)
{
	size_t len = 0;
	const char *last = "";

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		unsigned int em, ep, es;

		if (!shipped_generic(e[i].name) || shipped_upstream(e[i].version, &em, &ep, &es) ||
		    em != m || ep != p || !strcmp(e[i].version, last))
			continue;
		if (len + strlen(e[i].version) + 2 >= size)
			break;
		len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? " " : "", e[i].version);
		last = e[i].version;
	}
	if (!len)
		snprintf(buf, size, "none");
}

/* The listing, sorted by version (oldest first); -1 when it has no usable line. */
static struct entry *read_listing(FILE *f, size_t *n)
{
	struct entry *e = calloc(MAX_LISTING, sizeof(*e));
	char line[512];

	*n = 0;
	if (!e)
		return NULL;
	while (*n < MAX_LISTING && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%127s %63s", e[*n].name, e[*n].version) == 2)
			(*n)++;
	}
	qsort(e, *n, sizeof(*e), by_version);
	return e;
}

int shipped_pick(FILE *listing, const char *want, const char *suite, struct shipped_pick *out,
		 char *err, size_t errsize)
{
	unsigned int m, p, s, em, ep, es;
	size_t n;
	struct entry *e = read_listing(listing, &n);
	const struct entry *best = NULL;
	int by_name = !strncmp(want, IMAGE_PREFIX, strlen(IMAGE_PREFIX));
	int by_pkgver = !by_name && strchr(want, '-') != NULL;
	char rel[96], near[512];

	if (!e) {
		snprintf(err, errsize, "out of memory");
		return -1;
	}
	if (by_name ? shipped_release(want, rel, sizeof(rel)) ||
			      shipped_upstream(rel, &m, &p, &s) :
		      shipped_upstream(want, &m, &p, &s)) {
		if (by_name)
			snprintf(err, errsize, "'%s' is no kernel image package (linux-image-RELEASE[-unsigned])",
				 want);
		else
			snprintf(err, errsize,
				 "'%s' is neither an image package nor a version (M.P.S, or a package version such as 5.10.262-1)",
				 want);
		free(e);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		if (by_name ? strcmp(e[i].name, want) :
		    !shipped_generic(e[i].name) ? 1 :
		    by_pkgver ? strcmp(e[i].version, want) :
				(shipped_upstream(e[i].version, &em, &ep, &es) || em != m || ep != p ||
				 es != s))
			continue;
		best = &e[i];	/* sorted: the last is the newest */
	}
	if (!best) {
		near_versions(e, n, m, p, near, sizeof(near));
		snprintf(err, errsize, "%s has no %s%s (its %u.%u images: %s)", suite,
			 by_name ? "package " : "linux-image of ", want, m, p, near);
		free(e);
		return -1;
	}
	snprintf(out->package, sizeof(out->package), "%s", best->name);
	snprintf(out->version, sizeof(out->version), "%s", best->version);
	free(e);
	return 0;
}

static int is_date(const char *d)
{
	static const char form[] = "dddd-dd-dd";

	for (size_t i = 0; i < sizeof(form) - 1; i++)
		if (form[i] == 'd' ? !isdigit((unsigned char)d[i]) : d[i] != form[i])
			return 0;
	return d[sizeof(form) - 1] == '\0';
}

int shipped_names(const char *pkg, const char *pkgver, const char *banner, const char *date,
		  struct shipped_names *n, char *err, size_t errsize)
{
	unsigned int m, p, s;
	char want[160], why[160];
	const char *uts;
	size_t rl, wl, ul;

	memset(n, 0, sizeof(*n));
	if (shipped_release(pkg, n->release, sizeof(n->release))) {
		snprintf(err, errsize, "'%s' is no kernel image package (linux-image-RELEASE[-unsigned])",
			 pkg);
		return -1;
	}
	if (shipped_upstream(pkgver, &m, &p, &s)) {
		snprintf(err, errsize, "%s: package version '%s' does not start with M.P.S", pkg, pkgver);
		return -1;
	}
	snprintf(n->tree, sizeof(n->tree), "%u.%u", m, p);
	snprintf(n->version, sizeof(n->version), "%u.%u.%u", m, p, s);
	snprintf(n->sublevel, sizeof(n->sublevel), "%u", s);
	snprintf(n->headers, sizeof(n->headers), "linux-headers-%s", n->release);
	if (strncmp(n->release, n->tree, strlen(n->tree)) || n->release[strlen(n->tree)] != '.') {
		snprintf(err, errsize, "%s: release %s is not of the package's version %s", pkg,
			 n->release, n->version);
		return -1;
	}
	if (!is_date(date)) {
		snprintf(err, errsize, "%s: changelog date '%s' is not YYYY-MM-DD", pkg, date);
		return -1;
	}
	rl = strlen(n->release);
	if (strncmp(banner, n->release, rl) || banner[rl] != ' ') {
		snprintf(err, errsize, "the image of %s calls itself '%.*s', not %s", pkg,
			 (int)strcspn(banner, " "), banner, n->release);
		return -1;
	}
	uts = strstr(banner + rl, ") #");
	if (banner[rl + 1] != '(' || !uts) {
		snprintf(err, errsize, "the image of %s says '%s', not 'RELEASE (USER@HOST) #N ...'", pkg,
			 banner);
		return -1;
	}
	uts += 2;
	snprintf(want, sizeof(want), " Debian %s (%s)", pkgver, date);
	ul = strlen(uts);
	wl = strlen(want);
	if (ul < wl || strcmp(uts + ul - wl, want)) {
		snprintf(err, errsize, "the image of %s says '%s', its package and changelog say '...%s'",
			 pkg, uts, want);
		return -1;
	}
	if (ul >= sizeof(n->uts) || style_check_uts(uts, why, sizeof(why))) {
		snprintf(err, errsize, "the image of %s says '%s', which is no UTS version", pkg, uts);
		return -1;
	}
	snprintf(n->uts, sizeof(n->uts), "%s", uts);
	return 0;
}

/* The x86 boot protocol's setup header (Documentation/x86/boot.rst). */
#define SETUP_MAGIC_AT 0x202
#define SETUP_KERNEL_VERSION_AT 0x20e
#define SETUP_OFFSET 0x200

int shipped_banner(FILE *image, char *buf, size_t size, char *err, size_t errsize)
{
	unsigned char head[0x210];
	uint16_t at;
	size_t n;

	if (fread(head, 1, sizeof(head), image) != sizeof(head) ||
	    memcmp(head + SETUP_MAGIC_AT, "HdrS", 4)) {
		snprintf(err, errsize, "not an x86 kernel image (no setup header)");
		return -1;
	}
	at = (uint16_t)(head[SETUP_KERNEL_VERSION_AT] | head[SETUP_KERNEL_VERSION_AT + 1] << 8);
	if (!at || fseek(image, (long)at + SETUP_OFFSET, SEEK_SET)) {
		snprintf(err, errsize, "the kernel image names no version string");
		return -1;
	}
	n = fread(buf, 1, size - 1, image);
	buf[n] = '\0';
	if (!n || strlen(buf) == size - 1) {
		snprintf(err, errsize, "the kernel image's version string is %s",
			 n ? "not terminated" : "missing");
		return -1;
	}
	return 0;
}

/* The string of "#define NAME "..."" in file dir/rel into buf: 0, 1 when the file is absent, -1 when it lacks NAME. */
static int header_string(const char *dir, const char *rel, const char *name, char *buf, size_t size)
{
	char path[4096], line[512], want[80];
	FILE *f;
	int rc = -1;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	f = fopen(path, "r");
	if (!f)
		return errno == ENOENT ? 1 : -1;
	snprintf(want, sizeof(want), "#define %s \"", name);
	while (rc && fgets(line, sizeof(line), f)) {
		char *end;

		if (strncmp(line, want, strlen(want)) || !(end = strrchr(line, '"')) ||
		    end < line + strlen(want))
			continue;
		snprintf(buf, size, "%.*s", (int)(end - line - (ptrdiff_t)strlen(want)),
			 line + strlen(want));
		rc = 0;
	}
	fclose(f);
	return rc;
}

int shipped_headers(const char *dir, const struct shipped_names *n, char *err, size_t errsize)
{
	char got[256];
	int rc = header_string(dir, "include/generated/utsrelease.h", "UTS_RELEASE", got, sizeof(got));

	if (rc) {
		snprintf(err, errsize, "%s has no UTS_RELEASE in include/generated/utsrelease.h: no kernel headers",
			 dir);
		return -1;
	}
	if (strcmp(got, n->release)) {
		snprintf(err, errsize, "%s: the headers are for %s, the image is %s", dir, got,
			 n->release);
		return -1;
	}
	/* compile.h up to 6.0, utsversion.h from 6.1 on. */
	rc = header_string(dir, "include/generated/compile.h", "UTS_VERSION", got, sizeof(got));
	if (rc)
		rc = header_string(dir, "include/generated/utsversion.h", "UTS_VERSION", got,
				   sizeof(got));
	if (rc || strcmp(got, n->uts)) {
		snprintf(err, errsize, "%s: the headers are for %s '%s', the image is '%s'", dir,
			 n->release, rc ? "(no UTS_VERSION in compile.h or utsversion.h)" : got,
			 n->uts);
		return -1;
	}
	return 0;
}
