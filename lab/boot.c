// SPDX-License-Identifier: GPL-2.0
/*
 * The boot model's store and its scan of the serial log: point.meta's
 * lines (read by meta.c), the values, the tail of the log (boot_judge.c
 * gives the verdict, boot_files.c reads a folder's files).
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

const char *boot_meta(const struct boot *b, const char *key)
{
	return meta_get(&b->meta, key);
}

const char *boot_value(const struct boot *b, const char *key)
{
	return pairs_get(&b->values, key, strlen(key));
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
	return meta_line(&b->meta, b->dir, line, lineno, err, errsize);
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
	if (!eq || eq == s || pairs_get(&b->values, s, (size_t)(eq - s)))
		return 0;
	return pairs_add(&b->values, s, (size_t)(eq - s), eq + 1);
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

void boot_free(struct boot *b)
{
	for (int i = 0; i < b->ntail; i++)
		free(b->tail[i]);
	ktap_free(&b->log);
	meta_free(&b->meta);
	pairs_free(&b->values);
	free(b->dir);
	memset(b, 0, sizeof(*b));
}
