// SPDX-License-Identifier: GPL-2.0
/*
 * The key of a point (docs/lab-paths.md): what must not change between two
 * points for the second to change nothing but the version. Its parts are
 * the series, the config fragments' hash, the compiler's version line (another
 * version probes other flags and makes other objects), every make variable
 * of the command line but the version's, and every variable of Kbuild's
 * environment below that is set. The key is a hash of the parts; the record
 * keeps the parts too, to say which one changed.
 */
#include <stdio.h>
#include <string.h>

#include "plan.h"

/* The variables of the version: they reach only the version headers (the
 * release: SUBLEVEL, KERNELVERSION, EXTRAVERSION; the UTS version:
 * KBUILD_BUILD_VERSION, _VERSION_TIMESTAMP, _USER, _HOST, which are no
 * part of kbuild_env), so a Debian-style point after an upstream one of
 * the same series is version-only too (tests/run.sh proves both). */
static int version_var(const char *v)
{
	static const char *const names[] = { "SUBLEVEL", "KERNELVERSION", "EXTRAVERSION" };
	size_t n = strcspn(v, "=");

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && !strncmp(v, names[i], n))
			return 1;
	return 0;
}

/* What Kbuild reads from the environment and what a build made with it
 * depends on (Documentation/kbuild/kbuild.rst). KBUILD_BUILD_TIMESTAMP is
 * one: it also dates the files of the built-in initramfs. */
static const char *const kbuild_env[] = {
	"KCPPFLAGS", "KAFLAGS", "KCFLAGS", "KRUSTFLAGS", "AFLAGS_MODULE", "AFLAGS_KERNEL",
	"CFLAGS_MODULE", "CFLAGS_KERNEL", "RUSTFLAGS_MODULE", "RUSTFLAGS_KERNEL",
	"LDFLAGS_MODULE", "HOSTCFLAGS", "HOSTCXXFLAGS", "HOSTRUSTFLAGS", "HOSTLDFLAGS",
	"HOSTLDLIBS", "USERCFLAGS", "USERLDFLAGS", "CROSS_COMPILE", "LLVM", "LLVM_IAS",
	"KBUILD_EXTRA_WARN", "KBUILD_ABS_SRCTREE", "KCONFIG_CONFIG", "KBUILD_KCONFIG",
	"KBUILD_BUILD_TIMESTAMP",
};

const char *plan_getenv(char **envp, const char *name)
{
	size_t n = strlen(name);

	for (char **e = envp; e && *e; e++)
		if (!strncmp(*e, name, n) && (*e)[n] == '=')
			return *e + n + 1;
	return NULL;
}

static int add_part(struct strv *parts, const char *name, const char *value)
{
	char buf[8192];

	snprintf(buf, sizeof(buf), "%s=%s", name, value);
	return strv_add(parts, buf);
}

int plan_parts(const struct plan_req *r, const char *series, struct strv *parts)
{
	char name[256];
	int rc = add_part(parts, "series", series) || add_part(parts, "config", r->config_hash) ||
		 add_part(parts, "cc", r->cc_version);

	for (int i = 0; !rc && i < r->nvars; i++)
		if (!version_var(r->vars[i])) {
			snprintf(name, sizeof(name), "make:%s", r->vars[i]);
			rc = strv_add(parts, name);
		}
	for (size_t i = 0; !rc && i < sizeof(kbuild_env) / sizeof(kbuild_env[0]); i++) {
		const char *v = plan_getenv(r->envp, kbuild_env[i]);

		snprintf(name, sizeof(name), "env:%s", kbuild_env[i]);
		if (v && *v)
			rc = add_part(parts, name, v);
	}
	return rc ? -1 : 0;
}

/* FNV-1a, 64 bits, over the parts, a newline after each. */
void plan_key(const struct strv *parts, char key[17])
{
	unsigned long long h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < parts->n; i++)
		for (const char *c = parts->v[i];; c++) {
			h ^= (unsigned char)(*c ? *c : '\n');
			h *= 0x100000001b3ULL;
			if (!*c)
				break;
		}
	snprintf(key, 17, "%016llx", h);
}

/* The value of the part named as part's first n characters, or NULL. */
static const char *part_value(const struct strv *s, const char *part, size_t n)
{
	for (size_t k = 0; k < s->n; k++)
		if (!strncmp(s->v[k], part, n) && s->v[k][n] == '=')
			return s->v[k] + n + 1;
	return NULL;
}

/* The first part of the key that changed since the folder's last build, said. */
void plan_key_change(const struct plan_state *st, const struct strv *parts, char *out,
		       size_t size)
{
	const struct strv *sides[2] = { parts, &st->parts };

	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < sides[s]->n; i++) {
			const char *part = sides[s]->v[i], *other, *now, *was, *colon;
			size_t n = strcspn(part, "=");

			if (strv_has(sides[!s], part))
				continue;
			other = part_value(sides[!s], part, n);
			now = s ? other : part + n + 1;
			was = s ? part + n + 1 : other;
			now = now ? now : "";
			was = was ? was : "";
			colon = memchr(part, ':', n);
			colon = colon ? colon : part - 1;
			if (!strncmp(part, "series=", 7))
				snprintf(out, size, "the series changed (%s, was %s)", now, was);
			else if (!strncmp(part, "config=", 7))
				snprintf(out, size, "the config changed");
			else if (!strncmp(part, "cc=", 3))
				snprintf(out, size, "the compiler changed ('%s', was '%s')", now, was);
			else
				snprintf(out, size, "%s %.*s changed ('%s', was '%s')",
					 part[0] == 'm' ? "the make variable" : "the environment's",
					 (int)(n - (size_t)(colon + 1 - part)), colon + 1, now, was);
			return;
		}
	snprintf(out, size, "the key changed");
}

