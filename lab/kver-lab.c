// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab: the lab's deciding and reporting steps.
 *
 *   kver-lab sublevels N...          validate SUBLEVEL points, print them
 *   kver-lab point --tree M.P [--style S] [--release R] [--uts-version U] N
 *                                    the names of one point (style.c)
 *   kver-lab report [--wide] [--json F] [--summary S] [--guest] DIR...
 *                                    judge each boot folder, print the table
 *                                    (report.c), one summary line, or the
 *                                    guests that did not run to their end
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

#include "json.h"
#include "kver.h"
#include "lab.h"
#include "matrix.h"
#include "progress.h"
#include "style.h"

static const char *prog = "kver-lab";

void die(const char *fmt, const char *arg, const char *why)
{
	fprintf(stderr, "%s: error: ", prog);
	fprintf(stderr, fmt, arg, why);
	fputc('\n', stderr);
	exit(2);
}

static void copy(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", src);
}

static void write_json(const char *path, struct boot *pts, int npts)
{
	FILE *f = fopen(path, "w");
	int all_ok = 1;

	if (!f)
		die("cannot write %s: %s", path, strerror(errno));
	fputs("{\"points\":[", f);
	for (int i = 0; i < npts; i++) {
		struct boot *p = &pts[i];
		const char *kv[][2] = {
			{ "tree", boot_meta(p, "tree") }, { "package", boot_meta(p, "package") },
			{ "makefile", boot_meta(p, "makefile") }, { "series", boot_meta(p, "series") },
			{ "style", boot_meta(p, "style") }, { "version", boot_meta(p, "version") },
			{ "expect", boot_meta(p, "expect") },
			{ "release", boot_value(p, "uname.release") },
			{ "vdso_code", boot_value(p, "vdso.code") }, { "guest", p->guest },
			{ "detail", p->detail }, { "dir", p->dir },
		};

		all_ok &= p->ok;
		fputs(i ? ",\n{" : "\n{", f);
		/* boot_finish made sure it is a decimal number. */
		fprintf(f, "\"sublevel\":%s", boot_meta(p, "sublevel"));
		for (size_t k = 0; k < sizeof(kv) / sizeof(kv[0]); k++) {
			fprintf(f, ",\"%s\":", kv[k][0]);
			json_str(f, kv[k][1]);
		}
		fprintf(f, ",\"qemu_status\":%d,\"ok\":%s", p->qemu_status, p->ok ? "true" : "false");
		json_counts(f, "kunit", &p->kunit);
		json_counts(f, "guest_tests", &p->guest_tests);
		fputs(",\"probe\":[", f);
		for (size_t j = 0; p->probe && j < p->probe->root.nsub; j++) {
			fputs(j ? "," : "", f);
			json_test(f, &p->probe->root.sub[j]);
		}
		fputs("],\"kunit_suites\":[", f);
		for (size_t d = 0, first = 1; d < p->log.ndocs; d++) {
			if (&p->log.docs[d] == p->probe)
				continue;
			for (size_t j = 0; j < p->log.docs[d].root.nsub; j++, first = 0) {
				fputs(first ? "" : ",", f);
				json_test(f, &p->log.docs[d].root.sub[j]);
			}
		}
		fputs("],\"serial_tail\":[", f);
		for (int k = 0; k < p->ntail; k++) {
			fputs(k ? "," : "", f);
			json_str(f, p->tail[k]);
		}
		fputs("]}", f);
	}
	fprintf(f, "\n],\"ok\":%s}\n", all_ok ? "true" : "false");
	if (fclose(f))
		die("cannot write %s: %s", path, strerror(errno));
}

/* The common folder of the boot folders, or "" when they have none. */
static void common_parent(struct boot *pts, int npts, char *buf, size_t size)
{
	char *slash;

	copy(buf, size, pts[0].dir);
	slash = strrchr(buf, '/');
	if (!slash) {
		copy(buf, size, ".");
		slash = buf + 1;
	}
	*slash = '\0';
	for (int i = 1; i < npts; i++) {
		size_t n = strlen(buf);

		if (strncmp(pts[i].dir, buf, n) || pts[i].dir[n] != '/' ||
		    strchr(pts[i].dir + n + 1, '/')) {
			buf[0] = '\0';
			return;
		}
	}
}

/* A path to show: ~/... under $HOME, as a shell reads it back. */
static const char *shown_path(const char *path, char *buf, size_t size)
{
	const char *home = getenv("HOME");
	size_t n = home ? strlen(home) : 0;

	if (n > 1 && !strncmp(path, home, n) && path[n] == '/') {
		snprintf(buf, size, "~%s", path + n);
		return buf;
	}
	return path;
}

/* One line: how many points passed, in how long, and where everything is. */
static void print_summary(struct boot *pts, int npts, long took, const char *json)
{
	char where[1024], buf[1100], jbuf[1100];
	const char *slash = json ? strrchr(json, '/') : NULL;
	int passed = 0;

	for (int i = 0; i < npts; i++)
		passed += pts[i].ok;
	common_parent(pts, npts, where, sizeof(where));
	printf("%d of %d point%s passed", passed, npts, npts == 1 ? "" : "s");
	if (took >= 0)
		printf(" in %ld min %02ld s", took / 60, took % 60);
	/* The usual case, results.json beside the boot folders, in one path. */
	if (json && where[0] && slash && !strcmp(slash + 1, "results.json") &&
	    (size_t)(slash - json) == strlen(where) && !strncmp(json, where, strlen(where))) {
		printf("; results.json, boot logs: %s\n", shown_path(where, buf, sizeof(buf)));
		return;
	}
	if (json)
		printf("; results: %s", shown_path(json, jbuf, sizeof(jbuf)));
	printf("; boot logs: %s\n", where[0] ? shown_path(where, buf, sizeof(buf)) :
						"in each point's folder");
}

static long parse_seconds(const char *s)
{
	uint32_t v;

	if (kver_parse_uint(s, UINT32_MAX, &v))
		die("--summary needs a number of seconds, not '%s'%s", s, "");
	return (long)v;
}

static int cmd_report(int argc, char **argv)
{
	const char *json = NULL, *wide = getenv("KVER_WIDE");
	struct report_opts o = {
		.colour = term_colour(STDOUT_FILENO),
		.wide = wide && wide[0] && strcmp(wide, "0") ? 1 : -1,
		.width = term_width(STDOUT_FILENO),
	};
	struct boot *pts;
	long summary = -2;
	int npts = 0, all_ok = 1, i = 0, guest_only = 0;

	for (; i < argc && argv[i][0] == '-'; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--wide")) {
			o.wide = 1;
		} else if (!strcmp(a, "--guest")) {
			guest_only = 1;
		} else if (!strcmp(a, "--json") || !strcmp(a, "--summary")) {
			if (i + 1 >= argc)
				die("%s needs a value%s", a, "");
			if (!strcmp(a, "--json"))
				json = argv[++i];
			else
				summary = parse_seconds(argv[++i]);
		} else if (!strcmp(a, "--")) {
			i++;
			break;
		} else {
			die("unknown report option '%s'%s (try --help)", a, "");
		}
	}
	if (i >= argc)
		die("%s%s", "report needs at least one boot folder", "");
	pts = calloc((size_t)(argc - i), sizeof(*pts));
	if (!pts)
		die("%s%s", "out of memory", "");
	for (; i < argc; i++, npts++) {
		char err[1200];

		if (boot_read(&pts[npts], argv[i], err, sizeof(err))) {
			fprintf(stderr, "%s: error: %s\n", prog, err);
			for (int k = 0; k <= npts; k++)
				boot_free(&pts[k]);
			free(pts);
			return 2;
		}
		all_ok &= pts[npts].ok;
	}
	if (guest_only) {
		all_ok = report_guests(stdout, pts, npts);
	} else if (summary == -2) {
		report_table(stdout, pts, npts, &o);
		report_details(stdout, pts, npts, o.width);
	}
	if (json)
		write_json(json, pts, npts);
	if (summary != -2 && !guest_only)
		print_summary(pts, npts, summary, json);
	for (i = 0; i < npts; i++)
		boot_free(&pts[i]);
	free(pts);
	return all_ok ? 0 : 1;
}

/* SUBLEVEL points: strict decimal, 0..65535, no sign, no leading zero. */
static int cmd_sublevels(int argc, char **argv)
{
	if (argc == 0)
		die("%s%s", "no SUBLEVEL given", "");
	for (int i = 0; i < argc; i++) {
		unsigned int v;
		char err[160];

		if (style_sublevel(argv[i], &v, err, sizeof(err)))
			die("%s%s", err, "");
	}
	for (int i = 0; i < argc; i++)
		printf("%s%s", i ? " " : "", argv[i]);
	putchar('\n');
	return 0;
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
		return cmd_point(prog, argc - 2, argv + 2);
	if (!strcmp(argv[1], "progress"))
		return cmd_progress(argc - 2, argv + 2);
	fprintf(stderr, "%s: error: unknown command '%s' (try --help)\n", prog, argv[1]);
	return 2;
}
