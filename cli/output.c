// SPDX-License-Identifier: MIT
/*
 * What every subcommand of kver writes the same way: a one-line error (and
 * the JSON error document with --json), the JSON of a version, an
 * argument shown in an error, a release argument parsed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

const char kver_prog[] = "kver";

/*
 * With --json, stdout carries one JSON document whatever happens: until a
 * command has printed its own, an error prints {"error": "..."}.
 */
int json_pending;

/* One line on stderr: "kver: cmd: message" (and the JSON error, if due). */
int fail(int status, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: %s\n", kver_prog, msg);
	if (json_pending) {
		struct json j;

		json_start(&j, stdout, JSON_LINE);
		json_object(&j, NULL);
		json_string(&j, "error", msg);
		json_end(&j);
		json_finish(&j);
		json_pending = 0;
	}
	return status;
}

/* ---- JSON output ---------------------------------------------------- */

/* The numbers of a version as JSON members. */
void json_version(struct json *j, const struct kver *v)
{
	char buf[160];
	unsigned int i;

	kver_format(v, KVER_FMT_NUMBERS, buf, sizeof(buf));
	json_string(j, "version", buf);
	json_uint(j, "major", v->major);
	json_uint(j, "patchlevel", v->patchlevel);
	json_uint(j, "sublevel", v->sublevel);
	json_array(j, "extra");
	for (i = 3; i < v->nparts; i++)
		json_uint(j, NULL, v->extra[i - 3]);
	json_end(j);
	if (v->is_rc)
		json_uint(j, "rc", v->rc);
	else
		json_null(j, "rc");
}

/* Open the command's JSON document on stdout: one object. */
void json_begin(struct json *j)
{
	json_start(j, stdout, JSON_LINE);
	json_object(j, NULL);
}

/* Close it; stdout carries it, no error document is due any more. */
void json_done(struct json *j)
{
	json_end(j);
	json_finish(j);
	json_pending = 0;
}

/* ---- shared helpers ------------------------------------------------- */

/*
 * An argument as it may appear in a one-line error: printable ASCII only,
 * cut short with "..." when long.
 */
const char *clean(const char *s, char *buf, size_t size)
{
	size_t i;

	for (i = 0; s[i] && i + 4 < size; i++)
		buf[i] = (s[i] > 0x20 && s[i] < 0x7f) ? s[i] : '?';
	if (s[i])
		memcpy(buf + i, "...", 4);
	else
		buf[i] = '\0';
	return buf;
}

void numbers(const struct kver *v, char *buf, size_t size)
{
	kver_format(v, KVER_FMT_NUMBERS, buf, size);
}

/* Release strings on the command line get the parser's checks and words. */
int parse_arg(const char *cmd, const char *s, struct kver *v)
{
	int err = kver_parse(s, v);

	if (err) {
		char shown[48];

		fail(EXIT_USAGE, "%s: '%s': %s", cmd,
		     clean(s, shown, sizeof(shown)), kver_strerror(err));
	}
	return err;
}
