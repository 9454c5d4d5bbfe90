// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab: the lab's deciding and reporting steps.
 *
 *   kver-lab sublevels N...          validate SUBLEVEL points, print them
 *                                    (cmd_point.c)
 *   kver-lab point --tree M.P [--style S] [--release R] [--uts-version U] N
 *                                    the names of one point (cmd_point.c,
 *                                    style.c)
 *   kver-lab report [--wide] [--json F] [--summary S] [--guest] DIR...
 *                                    judge each boot folder, print the table
 *                                    (cmd_report.c, report.c), one summary
 *                                    line, or the guests that did not run to
 *                                    their end
 *   kver-lab ktap [--json] FILE...   parse only: the KTAP of serial logs,
 *                                    no boot judged (cmd_ktap.c)
 *   kver-lab matrix [options] DIR... kver-matrix itself (matrix/main.c)
 *   kver-lab progress --tree T --total N ...
 *                                    follow a full kernel build (progress.c)
 *
 * Each boot folder is read and judged by the boot model (boot.c), the one
 * place a verdict is decided, so the terminal table, the JSON and
 * kver-matrix always agree.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kver.h"
#include "lab.h"
#include "matrix.h"
#include "progress.h"

const char lab_prog[] = "kver-lab";

void die(const char *fmt, const char *arg, const char *why)
{
	fprintf(stderr, "%s: error: ", lab_prog);
	fprintf(stderr, fmt, arg, why);
	fputc('\n', stderr);
	exit(2);
}

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

static int cmd_progress(int argc, char **argv)
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

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kver-lab sublevels N...\n"
		"       kver-lab report [--wide] [--json FILE] [--summary SECONDS] [--guest] BOOT_DIR...\n"
		"       kver-lab ktap [--json] FILE...\n"
		"       kver-lab matrix [options] DIR...   (kver-lab matrix --help)\n"
		"       kver-lab progress --tree TREE [--total N[~]] [--log FILE] [--every SECONDS]\n"
		"                         [--count FILE]\n"
		"       kver-lab point --tree M.P [--style upstream|debian] [--release R]\n"
		"                      [--uts-version U] SUBLEVEL\n"
		"\n"
		"sublevels  check SUBLEVEL points (decimal 0..65535, no sign, no leading zero)\n"
		"report     judge each boot folder left by lab/boot.sh, print a table,\n"
		"           details of every failure, and optionally the JSON of the run;\n"
		"           exit status 1 when any point failed. The table fits in 100\n"
		"           columns; --wide (or KVER_WIDE=1, or a terminal wide enough)\n"
		"           gives one column per probe check. --summary prints instead\n"
		"           one line: points passed, the run's time, where its files are.\n"
		"           --guest prints instead one line per guest that did not run to\n"
		"           its end (hung, crashed, no result...) and exits 1 when any did\n"
		"           not, whatever its checks say.\n"
		"           Colour on a terminal unless NO_COLOR is set.\n"
		"ktap       parse only: the KTAP tests of each serial log (or any KTAP;\n"
		"           - is stdin), failures with their diagnostics and a summary,\n"
		"           or --json; no boot is judged. Exit status 1 when a test\n"
		"           failed, went missing or a document bailed out.\n"
		"matrix     the variant matrix of boot folders: kver-matrix, the same\n"
		"           code and options\n"
		"progress   follow a full kernel build's output on stdin: copy it to the\n"
		"           log, show objects compiled against N (N~: an estimate),\n"
		"           elapsed time and time left on stderr\n"
		"point      the release, version and UTS version of one point in a release\n"
		"           style, as key=value lines (lab/style.c)\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "sublevels"))
		return cmd_sublevels(argc - 2, argv + 2);
	if (!strcmp(argv[1], "report"))
		return cmd_report(argc - 2, argv + 2);
	if (!strcmp(argv[1], "matrix"))
		return matrix_main(argc - 1, argv + 1);
	if (!strcmp(argv[1], "ktap"))
		return cmd_ktap(argc - 2, argv + 2);
	if (!strcmp(argv[1], "point"))
		return cmd_point(argc - 2, argv + 2);
	if (!strcmp(argv[1], "progress"))
		return cmd_progress(argc - 2, argv + 2);
	fprintf(stderr, "%s: error: unknown command '%s' (try --help)\n", lab_prog, argv[1]);
	return 2;
}
