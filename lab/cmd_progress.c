// SPDX-License-Identifier: GPL-2.0
/* kver-lab progress: a full kernel build followed, object by object. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kver.h"
#include "lab.h"
#include "progress.h"

/*
 * kver-lab progress: follow a full kernel build. Kbuild's output comes on
 * stdin; every line goes on to the build log, and stderr gets a status line:
 * objects compiled against the count a finished build of that tree and
 * config produced, elapsed time and an estimate of the time left. On a
 * terminal the line is rewritten in place every second; otherwise a plain
 * line is printed every --every seconds (default 30). At the end of the
 * input the count goes to --count FILE, for the next build's total.
 */
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
	/* A line longer than the terminal would wrap, and \r not reach its start. */
	int width = tty ? term_width(STDERR_FILENO) - 1 : 255;
	char *line = NULL, msg[256], ts[16], full[280];
	size_t cap = 0;
	FILE *log = NULL;
	double start = now(), last = start;

	for (int i = 1; i < argc; i++) {
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
		snprintf(full, sizeof(full), "%s%s", ts, msg);
		if (tty)
			fprintf(stderr, "\r%.*s\033[K", width, full);
		else
			fprintf(stderr, "%s\n", full);
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
