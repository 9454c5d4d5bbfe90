// SPDX-License-Identifier: GPL-2.0
/*
 * Which of a DKMS package's Depends its build needs from apt: a Debian
 * machine that installs the package has them all (libxtables-dev's headers
 * and pkg-config file for iptables-netflow's configure, xtables-addons'
 * source below /usr/src for west-chamber), this machine only some. A group
 * ("a (>= 1) | b:any") is met when one of its packages is installed;
 * otherwise its first package that the skip list does not name is fetched.
 * The skip list (audit.conf's depends-skip, shell globs) names what only
 * runs after the build (firmware, udev rules, the X driver, NVIDIA's user
 * space) and dkms itself.
 */
#include <fnmatch.h>
#include <string.h>

#include "audit.h"

/* s[0..n) without surrounding blanks, its version and architecture, into out. */
static void package_name(const char *s, size_t n, char *out, size_t size)
{
	size_t a = 0, b;

	while (a < n && (s[a] == ' ' || s[a] == '\t' || s[a] == '\n'))
		a++;
	b = a;
	while (b < n && !strchr(" \t\n(:[<", s[b]))
		b++;
	snprintf(out, size, "%.*s", (int)(b - a), s + a);
}

static int in_words(const char *name, const char *words, int glob)
{
	char w[128];

	for (const char *p = words; p && *p;) {
		size_t l;

		p += strspn(p, " \t\n");
		l = strcspn(p, " \t\n");
		if (!l)
			break;
		snprintf(w, sizeof(w), "%.*s", (int)l, p);
		if (glob ? !fnmatch(w, name, 0) : !strcmp(w, name))
			return 1;
		p += l;
	}
	return 0;
}

int depends_to_fetch(const char *depends, const char *installed, const char *skip, char *out,
		     size_t size)
{
	size_t used = 0;
	int n = 0;

	out[0] = '\0';
	for (const char *g = depends; g && *g;) {
		size_t gl = strcspn(g, ",");
		char pick[128] = "";
		int met = 0;

		for (const char *a = g; a < g + gl;) {
			size_t al = strcspn(a, "|,");
			char name[128];

			if (a + al > g + gl)
				al = (size_t)(g + gl - a);
			package_name(a, al, name, sizeof(name));
			if (name[0] && in_words(name, installed, 0))
				met = 1;
			else if (name[0] && !pick[0] && !in_words(name, skip, 1))
				snprintf(pick, sizeof(pick), "%s", name);
			a += al + (a[al] == '|');
		}
		if (!met && pick[0] && !in_words(pick, out, 0)) {
			int w = snprintf(out + used, size - used, "%s%s", used ? " " : "", pick);

			if (w < 0 || (size_t)w >= size - used)
				return -1;
			used += (size_t)w;
			n++;
		}
		g += gl + (g[gl] == ',');
	}
	return n;
}
