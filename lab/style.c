// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab point: the names one lab point carries, decided in one place.
 *
 * A point is a tree (MAJOR.PATCHLEVEL), a SUBLEVEL and a release style:
 *
 *   upstream  uname -r is M.P.S, the UTS version is the build's own;
 *   debian    built the way Debian's packaging builds its kernels: uname -r
 *             is the ABI name M.P.0-ABI-amd64 and the real version is only
 *             in the UTS version, "#1 SMP PREEMPT_DYNAMIC Debian M.P.S-1
 *             (2026-01-01)" (PREEMPT_DYNAMIC exists from 5.12 on), built by
 *             debian-kernel@lists.debian.org. A version Debian released
 *             (a line of the tree's table of Debian releases: 5.10.262 is
 *             ABI 46, package 5.10.262-1 of 2026-07-31) takes Debian's own
 *             ABI, revision and date; any other takes ABI = SUBLEVEL / 4,
 *             growing with the point as Debian's does every few stable
 *             releases, revision 1 and the lab's date;
 *   custom    a release and/or UTS version string given by the user, to
 *             reproduce the exact strings of a distribution's kernel.
 *
 * The lab writes what this prints into point.meta and passes the same
 * values to make, the guest plugins and the probe; nothing downstream
 * recomputes them.
 */
#include <stdio.h>
#include <string.h>

#include "kver.h"
#include "style.h"

/* struct new_utsname holds 64 characters and a NUL per field. */
#define UTS_LEN 64

#define DEBIAN_DATE "2026-01-01"
#define DEBIAN_USER "debian-kernel"
#define DEBIAN_HOST "lists.debian.org"

/*
 * Characters a release may hold: what make, the shell, a file name under
 * /lib/modules and every distribution's kernel names get through intact.
 */
static int release_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       strchr("._+~-", c);
}

/* The UTS version is echoed inside double quotes by init/Makefile. */
static int uts_char(char c)
{
	return release_char(c) || strchr(" :(),/", c);
}

/* NULL when s fits a field of struct new_utsname, else why not (into why); limit names it. */
static const char *check_len(const char *s, const char *limit, char *why, size_t size)
{
	size_t n = strlen(s);

	if (!n)
		return "is empty";
	if (n > UTS_LEN) {
		snprintf(why, size, "is %zu characters, more than the %d %s", n, UTS_LEN, limit);
		return why;
	}
	return NULL;
}

/* NULL when s is a usable release, else why not (into why). */
const char *style_check_release(const char *s, char *why, size_t size)
{
	const char *bad = check_len(s, "of struct new_utsname", why, size);

	if (bad)
		return bad;
	for (size_t i = 0; s[i]; i++) {
		if (!release_char(s[i])) {
			snprintf(why, size, "has '%c' at offset %zu (allowed: letters, digits, . _ + ~ -)",
				 s[i], i);
			return why;
		}
	}
	return NULL;
}

const char *style_check_uts(const char *s, char *why, size_t size)
{
	const char *sp = strrchr(s, ' '), *bad = check_len(s, "the kernel keeps", why, size);

	if (bad)
		return bad;
	if (s[0] != '#' || s[1] < '0' || s[1] > '9')
		return "does not start with '#' and a build number, as uname -v does";
	for (size_t i = 1; s[i]; i++) {
		if (!uts_char(s[i])) {
			snprintf(why, size,
				 "has '%c' at offset %zu (allowed: letters, digits, space, . _ + ~ - : ( ) , /)",
				 s[i], i);
			return why;
		}
	}
	if (!sp || !sp[1] || sp == s + 1)
		return "has no text after the build number";
	/* arch/x86/boot/Makefile echoes the part before the last word unquoted. */
	for (const char *c = s + 1; c < sp; c++) {
		if (strchr("(),/", *c)) {
			snprintf(why, size, "has '%c' before its last word, where make's shell would mangle it",
				 *c);
			return why;
		}
	}
	return NULL;
}

int style_sublevel(const char *s, unsigned int *sub, char *err, size_t errsize)
{
	uint32_t v;
	int rc = kver_parse_uint(s, 65535, &v);

	if (rc) {
		snprintf(err, errsize, "invalid SUBLEVEL '%s': %s", s,
			 rc == KVER_ERANGE ? "above 65535, the most the lab builds" : kver_strerror(rc));
		return -1;
	}
	*sub = v;
	return 0;
}

int style_debian_find(FILE *f, const char *version, struct style_debian *d)
{
	char line[256];

	while (fgets(line, sizeof(line), f)) {
		char v[32], pkg[24], date[11], end;
		unsigned int abi;

		/* "5.10.262 46 5.10.262-1 2026-07-31": version, ABI, package, date. */
		if (sscanf(line, "%31s %u %23s %10s %c", v, &abi, pkg, date, &end) != 4 ||
		    strcmp(v, version))
			continue;
		if (strlen(date) != 10 || date[4] != '-' || date[7] != '-' ||
		    strncmp(pkg, v, strlen(v)) || pkg[strlen(v)] != '-' || abi > 9999)
			return -1;
		d->abi = abi;
		snprintf(d->package, sizeof(d->package), "%s", pkg);
		snprintf(d->date, sizeof(d->date), "%s", date);
		return 1;
	}
	return 0;
}

int style_point(const char *style, const char *tree, const char *sublevel, const char *release,
		const char *uts, const struct style_debian *known, struct style_point *p, char *err,
		size_t errsize)
{
	struct kver t;
	unsigned int sub;
	char why[160];
	const char *bad;

	memset(p, 0, sizeof(*p));
	if (style_sublevel(sublevel, &sub, err, errsize))
		return -1;
	if (kver_parse(tree, &t) || t.nparts != 2 || t.rest[0]) {
		snprintf(err, errsize, "tree '%s' is not MAJOR.PATCHLEVEL", tree);
		return -1;
	}
	snprintf(p->version, sizeof(p->version), "%u.%u.%u", t.major, t.patchlevel, sub);
	if (release && (bad = style_check_release(release, why, sizeof(why)))) {
		snprintf(err, errsize, "release string '%s' %s", release, bad);
		return -1;
	}
	if (uts && (bad = style_check_uts(uts, why, sizeof(why)))) {
		snprintf(err, errsize, "UTS version '%s' %s", uts, bad);
		return -1;
	}
	if (release || uts) {
		if (style && strcmp(style, "custom")) {
			snprintf(err, errsize, "--release and --uts-version make a custom style, not '%s'",
				 style);
			return -1;
		}
		style = "custom";
	}
	if (!style)
		style = "upstream";
	snprintf(p->style, sizeof(p->style), "%s", style);
	if (!strcmp(style, "upstream")) {
		snprintf(p->release, sizeof(p->release), "%s", p->version);
	} else if (!strcmp(style, "debian")) {
		/* CONFIG_PREEMPT_DYNAMIC, in every Debian kernel's uname -v since 5.12. */
		const char *flags = kver_code(t.major, t.patchlevel, 0) >= kver_code(5, 12, 0) ?
					    "SMP PREEMPT_DYNAMIC" : "SMP";

		unsigned int abi = known ? known->abi : sub / 4;

		snprintf(p->release, sizeof(p->release), "%u.%u.0-%u-amd64", t.major, t.patchlevel, abi);
		if (known)
			snprintf(p->uts, sizeof(p->uts), "#1 %s Debian %s (%s)", flags, known->package,
				 known->date);
		else
			snprintf(p->uts, sizeof(p->uts), "#1 %s Debian %s-1 (%s)", flags, p->version,
				 DEBIAN_DATE);
		snprintf(p->user, sizeof(p->user), "%s", DEBIAN_USER);
		snprintf(p->host, sizeof(p->host), "%s", DEBIAN_HOST);
	} else if (!strcmp(style, "custom")) {
		snprintf(p->release, sizeof(p->release), "%s", release ? release : p->version);
		if (uts)
			snprintf(p->uts, sizeof(p->uts), "%s", uts);
	} else {
		snprintf(err, errsize, "unknown release style '%s' (known: upstream, debian, custom)",
			 style);
		return -1;
	}
	if (p->uts[0]) {
		/*
		 * init/Makefile writes '#'"$(build-version)" <flags> "$(timestamp)":
		 * everything up to the last word goes in the build version, the
		 * last word in the timestamp, and the kernel's own SMP/PREEMPT
		 * flags (none in the lab's config) add nothing between them.
		 */
		const char *sp = strrchr(p->uts, ' ');

		snprintf(p->build_version, sizeof(p->build_version), "%.*s",
			 (int)(sp - p->uts - 1), p->uts + 1);
		snprintf(p->build_timestamp, sizeof(p->build_timestamp), "%s", sp + 1);
	}
	return 0;
}

void style_print(FILE *f, const struct style_point *p)
{
	fprintf(f, "style=%s\nversion=%s\nrelease=%s\n", p->style, p->version, p->release);
	if (p->uts[0])
		fprintf(f, "uts_version=%s\nbuild_version=%s\nbuild_timestamp=%s\n", p->uts,
			p->build_version, p->build_timestamp);
	if (p->user[0])
		fprintf(f, "build_user=%s\nbuild_host=%s\n", p->user, p->host);
}
