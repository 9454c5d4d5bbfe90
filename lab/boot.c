// SPDX-License-Identifier: GPL-2.0
/*
 * The boot model's store and its scan of the serial log: point.meta's
 * lines, the values, the tail of the log (boot_judge.c gives the verdict,
 * boot_files.c reads a folder's files).
 *
 * The serial log is read once, line by line: the KTAP reader (ktap.c) gets
 * every line, and the same pass collects the probe's values and exit line
 * (probe/protocol.h) and the kernel's own landmarks (/init started or not,
 * the first panic).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boot.h"
#include "kver.h"
#include "protocol.h"

void boot_set_err(char *err, size_t size, const char *fmt, ...)
{
	va_list ap;

	if (!err || !size)
		return;
	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
}

static const char *pair_get(const struct boot_pair *p, size_t n, const char *key, size_t klen)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(p[i].key) == klen && !strncmp(p[i].key, key, klen))
			return p[i].val;
	return NULL;
}

static int pair_add(struct boot_pair **p, size_t *n, const char *key, size_t klen,
		    const char *val)
{
	struct boot_pair *np = realloc(*p, (*n + 1) * sizeof(*np));

	if (!np)
		return -1;
	*p = np;
	np[*n].key = strndup(key, klen);
	np[*n].val = strdup(val);
	if (!np[*n].key || !np[*n].val) {
		free(np[*n].key);
		free(np[*n].val);
		return -1;
	}
	(*n)++;
	return 0;
}

static void pairs_free(struct boot_pair *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(p[i].key);
		free(p[i].val);
	}
	free(p);
}

/* A point.meta key: the last line of a key counts. */
static int meta_set(struct boot *b, const char *key, size_t klen, const char *val)
{
	for (size_t i = 0; i < b->nmeta; i++) {
		if (strlen(b->meta[i].key) == klen && !strncmp(b->meta[i].key, key, klen)) {
			char *v = strdup(val);

			if (!v)
				return -1;
			free(b->meta[i].val);
			b->meta[i].val = v;
			return 0;
		}
	}
	return pair_add(&b->meta, &b->nmeta, key, klen, val);
}

const char *boot_meta(const struct boot *b, const char *key)
{
	const char *v = pair_get(b->meta, b->nmeta, key, strlen(key));

	return v ? v : "";
}

const char *boot_value(const struct boot *b, const char *key)
{
	return pair_get(b->values, b->nvalues, key, strlen(key));
}

int boot_init(struct boot *b, const char *dir)
{
	memset(b, 0, sizeof(*b));
	b->qemu_status = -1;
	b->exit_marker = -1;
	snprintf(b->qemu_msg, sizeof(b->qemu_msg), "no message");
	ktap_init(&b->log);
	b->dir = strdup(dir);
	return b->dir ? 0 : -1;
}

int boot_meta_line(struct boot *b, const char *line, int lineno, char *err, size_t errsize)
{
	size_t n = strcspn(line, "\r\n");
	const char *eq = memchr(line, '=', n);
	char *val;
	int rc;

	if (n == 0)
		return 0;
	if (!eq || eq == line) {
		boot_set_err(err, errsize, "%s/" KVER_FILE_META ":%d: '%.*s' is not KEY=VALUE", b->dir, lineno,
			(int)(n > 64 ? 64 : n), line);
		return -1;
	}
	val = strndup(eq + 1, n - (size_t)(eq + 1 - line));
	if (!val) {
		boot_set_err(err, errsize, "out of memory");
		return -1;
	}
	rc = meta_set(b, line, (size_t)(eq - line), val);
	free(val);
	if (rc)
		boot_set_err(err, errsize, "out of memory");
	return rc;
}

static void keep_tail(struct boot *b, const char *line)
{
	if (b->ntail == BOOT_TAIL_LINES) {
		free(b->tail[0]);
		memmove(b->tail, b->tail + 1, (BOOT_TAIL_LINES - 1) * sizeof(*b->tail));
		b->ntail--;
	}
	b->tail[b->ntail] = strdup(line);
	if (b->tail[b->ntail])
		b->ntail++;
}

/* Text after needle in line, or NULL. */
static const char *after(const char *line, const char *needle)
{
	const char *s = strstr(line, needle);

	return s ? s + strlen(needle) : NULL;
}

/* "# value: KEY=VALUE" at any indentation; the first of a key counts. */
static int take_value(struct boot *b, const char *line)
{
	const char *s = line + strspn(line, " \t"), *eq;

	if (strncmp(s, KVER_VALUE_LINE, strlen(KVER_VALUE_LINE)))
		return 0;
	s += strlen(KVER_VALUE_LINE);
	eq = strchr(s, '=');
	if (!eq || eq == s || pair_get(b->values, b->nvalues, s, (size_t)(eq - s)))
		return 0;
	return pair_add(&b->values, &b->nvalues, s, (size_t)(eq - s), eq + 1);
}

/* The landmarks of a boot: the probe started and ended, /init, a panic. */
static void take_landmark(struct boot *b, const char *line)
{
	const char *v;

	if (!strcmp(line, "# " KVER_PROBE_NAME)) {
		b->started = 1;
	} else if (strstr(line, "Run /init as init process")) {
		b->ran_init = 1;
	} else if (strstr(line, "Failed to execute /init")) {
		b->init_failed = 1;
	} else if ((v = after(line, KVER_PROBE_EXIT))) {
		b->exit_seen = 1;
		b->exit_marker = atoi(v);
	} else if (!b->panic[0] && (v = after(line, "Kernel panic - not syncing: "))) {
		snprintf(b->panic, sizeof(b->panic), "%s", v);
	}
}

int boot_feed(struct boot *b, const char *line)
{
	size_t n = strlen(line);
	char *copy = NULL;
	int rc;

	if (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) {
		while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			n--;
		copy = strndup(line, n);
		if (!copy)
			return -1;
		line = copy;
	}
	b->has_serial = 1;
	rc = ktap_feed(&b->log, line);
	keep_tail(b, line);
	if (!rc)
		rc = take_value(b, line);
	take_landmark(b, line);
	free(copy);
	return rc;
}

/* The required keys, the makefile's M.P.S and a decimal sublevel. */
int boot_check_meta(struct boot *b, char *err, size_t errsize)
{
	const char *mk = boot_meta(b, "makefile"), *sub = boot_meta(b, "sublevel");
	struct kver v;
	uint32_t s;
	int rc;

	if (!boot_meta(b, "tree")[0] || !boot_meta(b, "series")[0] || !mk[0] || !sub[0]) {
		boot_set_err(err, errsize, "%s/" KVER_FILE_META " lacks tree, series, makefile or sublevel",
			b->dir);
		return -1;
	}
	rc = kver_parse(mk, &v);
	if (rc || v.nparts != 3) {
		boot_set_err(err, errsize, "%s/" KVER_FILE_META ": makefile=%s is not M.P.S", b->dir, mk);
		return -1;
	}
	rc = kver_parse_uint(sub, UINT32_MAX, &s);
	if (rc) {
		boot_set_err(err, errsize, "%s/" KVER_FILE_META ": sublevel=%s: %s", b->dir, sub,
			kver_strerror(rc));
		return -1;
	}
	/* Points recorded before release styles: upstream, version = release. */
	if (!boot_meta(b, "style")[0] && meta_set(b, "style", 5, "upstream"))
		return -1;
	if (!boot_meta(b, "version")[0] && meta_set(b, "version", 7, boot_meta(b, "expect")))
		return -1;
	return 0;
}

void boot_free(struct boot *b)
{
	for (int i = 0; i < b->ntail; i++)
		free(b->tail[i]);
	ktap_free(&b->log);
	pairs_free(b->meta, b->nmeta);
	pairs_free(b->values, b->nvalues);
	free(b->dir);
	memset(b, 0, sizeof(*b));
}
