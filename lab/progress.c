// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab progress: follow a full kernel build. Kbuild's output comes on
 * stdin; every line goes on to the build log, and stderr gets a status line:
 * objects compiled against the count a finished build of that tree and
 * config produced, elapsed time and an estimate of the time left. On a
 * terminal the line is rewritten in place every second; otherwise a plain
 * line is printed every --every seconds (default 30). At the end of the
 * input the count goes to --count FILE, for the next build's total.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kver.h"
#include "lab.h"
#include "progress.h"

int progress_is_object(const char *line)
{
	const char *p = line, *end;
	size_t n;

	/* "  CC      init/main.o", "  CC [M]  drivers/x.o", "  AS      arch/y.o" */
	if (strncmp(p, "  ", 2))
		return 0;
	p += 2;
	if (strncmp(p, "CC ", 3) && strncmp(p, "AS ", 3))
		return 0;
	p += 3;
	p += strspn(p, " ");
	if (!strncmp(p, "[M]", 3))
		p += 3 + strspn(p + 3, " ");
	end = p + strcspn(p, " \t\r\n");
	n = (size_t)(end - p);
	return n > 2 && !strncmp(end - 2, ".o", 2) && *(end + strspn(end, "\r\n")) == '\0';
}

void progress_duration(char *buf, size_t size, long s)
{
	if (s < 0)
		s = 0;
	if (s >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
}

void progress_line(char *buf, size_t size, const char *tree, long done, long total,
		   int estimated, long elapsed_s)
{
	char took[32], left[64] = "", of[40] = "";

	progress_duration(took, sizeof(took), elapsed_s);
	if (total > 0) {
		long pct = done >= total ? 100 : done * 100 / total;

		snprintf(of, sizeof(of), " of %s%ld", estimated ? "~" : "", total);
		snprintf(left, sizeof(left), " (%ld%%)", pct);
	}
	if (total <= 0) {
		snprintf(buf, size, "building %s: %ld objects, %s elapsed", tree, done, took);
		return;
	}
	/* A rate from the first few seconds or objects says nothing yet. */
	if (done >= total) {
		snprintf(buf, size, "building %s: %ld%s objects%s, %s elapsed, linking", tree,
			 done, of, left, took);
	} else if (done < 10 || elapsed_s < 5) {
		snprintf(buf, size, "building %s: %ld%s objects%s, %s elapsed, estimating the time left",
			 tree, done, of, left, took);
	} else {
		char rest[32];

		progress_duration(rest, sizeof(rest), elapsed_s * (total - done) / done);
		snprintf(buf, size, "building %s: %ld%s objects%s, %s elapsed, about %s left", tree,
			 done, of, left, took, rest);
	}
}

void progress_done(char *buf, size_t size, const char *tree, long done, long elapsed_s)
{
	char took[32];

	progress_duration(took, sizeof(took), elapsed_s);
	snprintf(buf, size, "built %s: %ld objects in %s", tree, done, took);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "[HH:MM:SS] " as lab/common.sh's say() prints it. */
static void stamp(char *buf, size_t size)
{
	time_t t = time(NULL);
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(buf, size, "[%H:%M:%S] ", &tm);
}

static long number(const char *opt, const char *s, int *estimated)
{
	char digits[32];
	size_t n = strlen(s);
	uint32_t v;

	if (estimated && n && s[n - 1] == '~') {
		*estimated = 1;
		n--;
	}
	if (n >= sizeof(digits))
		n = sizeof(digits) - 1;
	memcpy(digits, s, n);
	digits[n] = '\0';
	if (kver_parse_uint(digits, UINT32_MAX, &v))
		die("%s needs a number, not '%s'", opt, s);
	return (long)v;
}

int cmd_progress(int argc, char **argv)
{
	const char *tree = NULL, *logname = NULL, *countname = NULL;
	long total = 0, every = 30, done = 0;
	int estimated = 0, tty = isatty(STDERR_FILENO), shown = 0;
	char *line = NULL, msg[256], ts[16];
	size_t cap = 0;
	FILE *log = NULL;
	double start = now(), last = start;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!v)
			die("%s needs a value%s", a, "");
		if (!strcmp(a, "--tree"))
			tree = v;
		else if (!strcmp(a, "--total"))
			total = number(a, v, &estimated);
		else if (!strcmp(a, "--every"))
			every = number(a, v, NULL);
		else if (!strcmp(a, "--log"))
			logname = v;
		else if (!strcmp(a, "--count"))
			countname = v;
		else
			die("unknown progress option '%s'%s (try --help)", a, "");
		i++;
	}
	if (!tree)
		die("%s%s", "progress needs --tree", "");
	if (logname && !(log = fopen(logname, "w")))
		die("cannot write %s: %s", logname, strerror(errno));

	while (getline(&line, &cap, stdin) >= 0) {
		double t;

		if (log)
			fputs(line, log);
		if (!progress_is_object(line))
			continue;
		done++;
		t = now();
		/* A terminal gets the line in place every second, a log every --every. */
		if (t - last < (tty ? 1 : every))
			continue;
		last = t;
		progress_line(msg, sizeof(msg), tree, done, total, estimated, (long)(t - start));
		stamp(ts, sizeof(ts));
		if (tty)
			fprintf(stderr, "\r%s%s\033[K", ts, msg);
		else
			fprintf(stderr, "%s%s\n", ts, msg);
		shown = 1;
	}
	free(line);
	if (log && fclose(log))
		die("cannot write %s: %s", logname, strerror(errno));
	progress_done(msg, sizeof(msg), tree, done, (long)(now() - start));
	stamp(ts, sizeof(ts));
	fprintf(stderr, "%s%s%s%s\n", tty && shown ? "\r" : "", ts, msg, tty ? "\033[K" : "");
	if (countname) {
		FILE *f = fopen(countname, "w");

		if (!f || fprintf(f, "%ld\n", done) < 0 || fclose(f))
			die("cannot write %s: %s", countname, strerror(errno));
	}
	return 0;
}
