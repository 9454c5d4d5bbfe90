// SPDX-License-Identifier: GPL-2.0
/* point.meta: the one writer and the one reader of a point's record; see meta.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "meta.h"
#include "protocol.h"
#include "style.h"
#include "truth.h"

/* What a key's value must be. */
enum kind {
	TEXT,		/* any line */
	MPS,		/* MAJOR.PATCHLEVEL.SUBLEVEL */
	VERSION,	/* M.P.S at the point's SUBLEVEL (meta_check) */
	SUBLEVEL,	/* style_sublevel() */
	FLAG,		/* 0 or 1 */
	SECONDS,	/* a decimal number, or empty: not recorded */
};

/* Every key of the record, in the order meta_write writes them. */
static const struct key {
	const char *name;
	enum kind kind;
	int required;
} keys[] = {
	{ KVER_META_TREE, TEXT, 1 },
	{ KVER_META_PACKAGE, TEXT, 0 },
	{ KVER_META_MAKEFILE, MPS, 1 },
	{ KVER_META_SERIES, TEXT, 1 },
	{ KVER_META_STYLE, TEXT, 0 },
	{ KVER_META_SUBLEVEL, SUBLEVEL, 1 },
	{ KVER_META_VERSION, VERSION, 0 },
	{ KVER_META_EXPECT, TEXT, 0 },
	{ KVER_META_HIDES, FLAG, 0 },
	{ KVER_META_UTS, TEXT, 0 },
	{ KVER_META_MAKE_VARS, TEXT, 0 },
	{ KVER_META_BUILD, TEXT, 0 },
	{ KVER_META_BUILD_S, SECONDS, 0 },
	{ KVER_META_GUEST_S, SECONDS, 0 },
	{ KVER_META_WAIT_S, SECONDS, 0 },
	{ KVER_META_BOOT_S, SECONDS, 0 },
	{ KVER_META_IMAGE, TEXT, 0 },
	{ KVER_META_HEADERS, TEXT, 0 },
	{ KVER_META_SUITE, TEXT, 0 },
};
#define NKEYS (sizeof(keys) / sizeof(keys[0]))

static int fail(char *err, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t size, const char *fmt, ...)
{
	va_list ap;

	if (err && size) {
		va_start(ap, fmt);
		vsnprintf(err, size, fmt, ap);
		va_end(ap);
	}
	return -1;
}

int meta_line(struct point_meta *m, const char *dir, const char *line, int lineno, char *err,
	      size_t errsize)
{
	size_t n = strcspn(line, "\r\n");
	const char *eq = memchr(line, '=', n);
	char *val;
	int rc;

	if (n == 0)
		return 0;
	if (!eq || eq == line)
		return fail(err, errsize, "%s/" KVER_FILE_META ":%d: '%.*s' is not KEY=VALUE", dir,
			    lineno, (int)(n > 64 ? 64 : n), line);
	val = strndup(eq + 1, n - (size_t)(eq + 1 - line));
	rc = val ? pairs_set(&m->lines, line, (size_t)(eq - line), val) : -1;
	free(val);
	return rc ? fail(err, errsize, "out of memory") : 0;
}

const char *meta_get(const struct point_meta *m, const char *key)
{
	const char *v = pairs_get(&m->lines, key, strlen(key));

	return v ? v : "";
}

/* A time: -1 when empty; else a decimal number of seconds. */
static int seconds(const char *s, long *out)
{
	uint32_t v;

	*out = -1;
	if (!s[0])
		return 0;
	if (kver_parse_uint(s, INT32_MAX, &v))
		return -1;
	*out = (long)v;
	return 0;
}

/* Key k's value v of its kind: 0, or -1 and why in err. */
static int check_kind(const char *dir, const struct key *k, const char *v, char *err,
		      size_t errsize)
{
	char why[160];
	struct kver mps;
	unsigned int sub;
	long secs;

	switch (k->kind) {
	case MPS:
		if (kver_parse(v, &mps) || mps.nparts != 3 || mps.rest[0])
			return fail(err, errsize, "%s/" KVER_FILE_META ": %s=%s is not M.P.S", dir,
				    k->name, v);
		return 0;
	case SUBLEVEL:
		if (style_sublevel(v, &sub, why, sizeof(why)))
			return fail(err, errsize, "%s/" KVER_FILE_META ": %s=%s: %s", dir, k->name, v,
				    why);
		return 0;
	case FLAG:
		if (strcmp(v, "0") && strcmp(v, "1"))
			return fail(err, errsize, "%s/" KVER_FILE_META ": %s=%s is not 0 or 1", dir,
				    k->name, v);
		return 0;
	case SECONDS:
		if (seconds(v, &secs))
			return fail(err, errsize, "%s/" KVER_FILE_META ": %s=%s is not a number of seconds",
				    dir, k->name, v);
		return 0;
	default:
		return 0;
	}
}

/* The defaults: style, version and hides_version of a record that lacks them. */
static int defaults(struct point_meta *m)
{
	const char *d = KVER_META_STYLE;

	if (!meta_get(m, d)[0] && pairs_set(&m->lines, d, strlen(d), "upstream"))
		return -1;
	/* Points recorded before release styles: the release was the version. */
	d = KVER_META_VERSION;
	if (!meta_get(m, d)[0] && pairs_set(&m->lines, d, strlen(d), meta_get(m, KVER_META_EXPECT)))
		return -1;
	d = KVER_META_HIDES;
	if (!meta_get(m, d)[0] &&
	    pairs_set(&m->lines, d, strlen(d),
		      truth_hides(meta_get(m, KVER_META_EXPECT), meta_get(m, KVER_META_VERSION)) ?
			      "1" : "0"))
		return -1;
	return 0;
}

int meta_check(struct point_meta *m, const char *dir, char *err, size_t errsize)
{
	for (size_t i = 0; i < NKEYS; i++)
		if (keys[i].required && !meta_get(m, keys[i].name)[0])
			return fail(err, errsize,
				    "%s/" KVER_FILE_META " lacks tree, series, makefile or sublevel", dir);
	if (defaults(m))
		return fail(err, errsize, "out of memory");
	for (size_t i = 0; i < NKEYS; i++)
		if (check_kind(dir, &keys[i], meta_get(m, keys[i].name), err, errsize))
			return -1;
	m->tree = meta_get(m, KVER_META_TREE);
	m->package = meta_get(m, KVER_META_PACKAGE);
	m->series = meta_get(m, KVER_META_SERIES);
	m->style = meta_get(m, KVER_META_STYLE);
	m->expect = meta_get(m, KVER_META_EXPECT);
	m->uts_version = meta_get(m, KVER_META_UTS);
	m->make_vars = meta_get(m, KVER_META_MAKE_VARS);
	m->build = meta_get(m, KVER_META_BUILD);
	kver_parse(meta_get(m, KVER_META_MAKEFILE), &m->makefile);
	style_sublevel(meta_get(m, KVER_META_SUBLEVEL), &m->sublevel, NULL, 0);
	m->hides_version = !strcmp(meta_get(m, KVER_META_HIDES), "1");
	seconds(meta_get(m, KVER_META_BUILD_S), &m->build_s);
	seconds(meta_get(m, KVER_META_GUEST_S), &m->guest_s);
	seconds(meta_get(m, KVER_META_WAIT_S), &m->wait_s);
	seconds(meta_get(m, KVER_META_BOOT_S), &m->boot_s);
	/* The version built is the point's: M.P.S, its SUBLEVEL sublevel=. */
	if (kver_parse(meta_get(m, KVER_META_VERSION), &m->version) || m->version.nparts != 3 ||
	    m->version.rest[0] || m->version.sublevel != m->sublevel)
		return fail(err, errsize, "%s/" KVER_FILE_META ": version=%s is not M.P.S at sublevel=%s",
			    dir, meta_get(m, KVER_META_VERSION), meta_get(m, KVER_META_SUBLEVEL));
	return 0;
}

int meta_key_known(const char *key, size_t klen)
{
	for (size_t i = 0; i < NKEYS; i++)
		if (strlen(keys[i].name) == klen && !strncmp(keys[i].name, key, klen))
			return 1;
	return 0;
}

int meta_write(FILE *f, const struct point_meta *m)
{
	for (size_t i = 0; i < NKEYS; i++) {
		const char *v = pairs_get(&m->lines, keys[i].name, strlen(keys[i].name));

		if (v)
			fprintf(f, "%s=%s\n", keys[i].name, v);
	}
	return ferror(f) ? -1 : 0;
}

void meta_json(struct json *j, const char *key, const struct point_meta *m)
{
	json_object(j, key);
	for (size_t i = 0; i < NKEYS; i++) {
		const char *name = keys[i].name, *v = meta_get(m, name);
		unsigned int sub;
		long secs;

		switch (keys[i].kind) {
		case SUBLEVEL:
			if (style_sublevel(v, &sub, NULL, 0))
				json_null(j, name);
			else
				json_uint(j, name, sub);
			break;
		case FLAG:
			json_bool(j, name, !strcmp(v, "1"));
			break;
		case SECONDS:
			if (seconds(v, &secs) || secs < 0)
				json_null(j, name);
			else
				json_int(j, name, secs);
			break;
		default:
			json_string(j, name, v);
			break;
		}
	}
	json_end(j);
}

void meta_free(struct point_meta *m)
{
	pairs_free(&m->lines);
	memset(m, 0, sizeof(*m));
}
