// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab: the lab's deciding and reporting steps.
 *
 *   kver-lab sublevels N...          validate SUBLEVEL points, print them
 *   kver-lab point --tree M.P [--style S] [--release R] [--uts-version U] N
 *                                    the names of one point (style.c)
 *   kver-lab report [--wide] [--json F] [--summary S] DIR...
 *                                    judge each boot folder, print the table
 *                                    (report.c) or one summary line
 *   kver-lab progress --tree T --total N ...
 *                                    follow a full kernel build (progress.c)
 *
 * A boot folder holds what lab/boot.sh left (serial.log, qemu.status,
 * qemu.timeout, qemu.stderr) and point.meta (key=value lines: tree, package,
 * makefile, series, sublevel, expect, and style and version when the run
 * knows release styles). The verdict of a boot is decided here and only
 * here, so the terminal table and the JSON always agree.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kver.h"
#include "lab.h"
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

static void read_meta(struct point *p)
{
	char path[1100], line[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/point.meta", p->dir);
	f = fopen(path, "r");
	if (!f)
		die("cannot read %s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '='), *v;

		if (!eq)
			continue;
		*eq = '\0';
		v = eq + 1;
		v[strcspn(v, "\n")] = '\0';
		if (!strcmp(line, "tree"))
			copy(p->tree, sizeof(p->tree), v);
		else if (!strcmp(line, "package"))
			copy(p->package, sizeof(p->package), v);
		else if (!strcmp(line, "makefile"))
			copy(p->makefile, sizeof(p->makefile), v);
		else if (!strcmp(line, "series"))
			copy(p->series, sizeof(p->series), v);
		else if (!strcmp(line, "sublevel"))
			copy(p->sublevel, sizeof(p->sublevel), v);
		else if (!strcmp(line, "expect"))
			copy(p->expect, sizeof(p->expect), v);
		else if (!strcmp(line, "style"))
			copy(p->style, sizeof(p->style), v);
		else if (!strcmp(line, "version"))
			copy(p->version, sizeof(p->version), v);
	}
	fclose(f);
	/* Points recorded before release styles: upstream, version = release. */
	if (!p->style[0])
		copy(p->style, sizeof(p->style), "upstream");
	if (!p->version[0])
		copy(p->version, sizeof(p->version), p->expect);
}

static int read_int(const char *dir, const char *name, int dflt)
{
	char path[1100];
	FILE *f;
	int v = dflt;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = dflt;
		fclose(f);
	}
	return v;
}

static void keep_tail(struct point *p, const char *line)
{
	if (p->ntail == TAIL_LINES) {
		free(p->tail[0]);
		memmove(p->tail, p->tail + 1, (TAIL_LINES - 1) * sizeof(*p->tail));
		p->ntail--;
	}
	p->tail[p->ntail] = strdup(line);
	if (p->tail[p->ntail])
		p->ntail++;
}

/* Text after needle in line, or NULL. */
static const char *after(const char *line, const char *needle)
{
	const char *s = strstr(line, needle);

	return s ? s + strlen(needle) : NULL;
}

static void judge(struct point *p)
{
	char path[1100], *line = NULL, panic[200] = "";
	size_t cap = 0;
	ssize_t n;
	int started = 0, ran_init = 0, init_failed = 0;
	FILE *f;

	read_meta(p);
	p->qemu_status = read_int(p->dir, "qemu.status", -1);
	p->timeout_s = read_int(p->dir, "qemu.timeout", 0);
	p->exit_marker = -1;
	ktap_init(&p->log);

	snprintf(path, sizeof(path), "%s/serial.log", p->dir);
	f = fopen(path, "r");
	while (f && (n = getline(&line, &cap, f)) >= 0) {
		const char *v;

		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (ktap_feed(&p->log, line))
			die("%s: %s", path, "out of memory");
		keep_tail(p, line);
		if (!strcmp(line, "# kver-probe"))
			started = 1;
		else if (strstr(line, "Run /init as init process"))
			ran_init = 1;
		else if (strstr(line, "Failed to execute /init"))
			init_failed = 1;
		else if ((v = after(line, "# kver-probe: exit=")))
			p->exit_marker = atoi(v);
		else if (!strncmp(line, "# value: uname.release=", 23))
			copy(p->release, sizeof(p->release), line + 23);
		else if (!strncmp(line, "# value: vdso.code=", 19))
			copy(p->vdso, sizeof(p->vdso), line + 19);
		else if (!panic[0] && (v = after(line, "Kernel panic - not syncing: ")))
			copy(panic, sizeof(panic), v);
	}
	free(line);
	if (f)
		fclose(f);
	ktap_finish(&p->log);

	for (size_t i = 0; i < p->log.ndocs; i++) {
		struct ktap_doc *d = &p->log.docs[i];

		if (d->first_diag && !strcmp(d->first_diag, "kver-probe")) {
			p->probe = d;
		} else if (d->root.nsub) {
			ktap_count(&d->root, &p->kunit);
			p->kunit_docs++;
		}
	}

	copy(p->guest, sizeof(p->guest), "ok");
	if (!f) {
		copy(p->guest, sizeof(p->guest), "no-log");
		snprintf(p->detail, sizeof(p->detail), "no serial log in %s", p->dir);
	} else if (p->qemu_status == 124 || p->qemu_status == 137) {
		copy(p->guest, sizeof(p->guest), "hung");
		snprintf(p->detail, sizeof(p->detail), "guest hung %s: no exit within %d s",
			 started ? "in the probe" : ran_init ? "after /init started" : "before /init",
			 p->timeout_s);
	} else if (panic[0] && p->exit_marker < 0) {
		/* PID 1 ending, by a crash or an exit, panics the kernel. */
		const char *who = started ? "probe crashed" :
				  ran_init && !init_failed ? "/init crashed" :
				  "kernel panicked before /init";

		copy(p->guest, sizeof(p->guest),
		     started ? "probe-crashed" : ran_init && !init_failed ? "init-crashed" : "panic");
		snprintf(p->detail, sizeof(p->detail), "%s: kernel panic: %s", who, panic);
	} else if (p->qemu_status != 0 && p->qemu_status != 0x21 && p->qemu_status != 0x23) {
		copy(p->guest, sizeof(p->guest), "qemu-error");
		char msg[256] = "no message";
		FILE *e;

		snprintf(path, sizeof(path), "%s/qemu.stderr", p->dir);
		e = fopen(path, "r");
		if (e) {
			if (fgets(msg, sizeof(msg), e))
				msg[strcspn(msg, "\n")] = '\0';
			fclose(e);
		}
		snprintf(p->detail, sizeof(p->detail), "QEMU failed with status %d: %s",
			 p->qemu_status, msg);
	} else if (!started) {
		copy(p->guest, sizeof(p->guest), "no-init");
		snprintf(p->detail, sizeof(p->detail), "guest never reached /init");
	} else if (p->exit_marker < 0 || !p->probe) {
		copy(p->guest, sizeof(p->guest), "no-result");
		snprintf(p->detail, sizeof(p->detail), "probe stopped without reporting its result");
	} else if (p->qemu_status && p->qemu_status != (((0x10 | p->exit_marker) << 1) | 1)) {
		copy(p->guest, sizeof(p->guest), "inconsistent");
		snprintf(p->detail, sizeof(p->detail), "probe said exit=%d but QEMU exited %d",
			 p->exit_marker, p->qemu_status);
	} else if (p->probe->bailed) {
		copy(p->guest, sizeof(p->guest), "bailed");
		snprintf(p->detail, sizeof(p->detail), "probe bailed out: %s",
			 p->probe->bail_reason ? p->probe->bail_reason : "");
	}

	p->ok = !strcmp(p->guest, "ok");
	if (p->probe) {
		struct ktap_counts c = { 0 };

		ktap_count(&p->probe->root, &c);
		if (c.fail || c.missing || (int)p->probe->root.nsub != p->probe->plan)
			p->ok = 0;
		for (size_t i = 0; i < p->probe->root.nsub; i++) {
			struct ktap_test *t = &p->probe->root.sub[i];

			if (!strncmp(t->name, "guest:", 6))
				ktap_count(t, &p->guest_tests);
		}
		/* The probe's exit status must say the same as its results. */
		if (p->exit_marker != ((c.fail || c.missing) ? 1 : 0))
			p->ok = 0;
	}
	/* The lab's kernels build KUnit suites in: no KUnit output is a failure. */
	if (p->kunit_docs == 0 || p->kunit.fail || p->kunit.missing ||
	    p->kunit.pass + p->kunit.skip == 0)
		p->ok = 0;
}

static void free_point(struct point *p)
{
	for (int i = 0; i < p->ntail; i++)
		free(p->tail[i]);
	ktap_free(&p->log);
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void json_test(FILE *f, const struct ktap_test *t)
{
	fputs("{\"name\":", f);
	json_str(f, t->name);
	fprintf(f, ",\"status\":\"%s\"", ktap_status_name(t->status));
	if (t->directive) {
		fputs(",\"directive\":", f);
		json_str(f, t->directive);
	}
	if (t->ndiag) {
		fputs(",\"diag\":[", f);
		for (size_t i = 0; i < t->ndiag; i++) {
			fputs(i ? "," : "", f);
			json_str(f, t->diag[i]);
		}
		fputc(']', f);
	}
	if (t->nsub) {
		fputs(",\"subtests\":[", f);
		for (size_t i = 0; i < t->nsub; i++) {
			fputs(i ? "," : "", f);
			json_test(f, &t->sub[i]);
		}
		fputc(']', f);
	}
	fputc('}', f);
}

static void json_counts(FILE *f, const char *key, const struct ktap_counts *c)
{
	fprintf(f, ",\"%s\":{\"pass\":%d,\"fail\":%d,\"skip\":%d,\"missing\":%d}", key, c->pass,
		c->fail, c->skip, c->missing);
}

static void write_json(const char *path, struct point *pts, int npts)
{
	FILE *f = fopen(path, "w");
	int all_ok = 1;

	if (!f)
		die("cannot write %s: %s", path, strerror(errno));
	fputs("{\"points\":[", f);
	for (int i = 0; i < npts; i++) {
		struct point *p = &pts[i];
		const char *kv[][2] = {
			{ "tree", p->tree }, { "package", p->package }, { "makefile", p->makefile },
			{ "series", p->series }, { "style", p->style },
			{ "version", p->version }, { "expect", p->expect }, { "release", p->release },
			{ "vdso_code", p->vdso }, { "guest", p->guest }, { "detail", p->detail },
			{ "dir", p->dir },
		};

		all_ok &= p->ok;
		fputs(i ? ",\n{" : "\n{", f);
		fprintf(f, "\"sublevel\":%s", p->sublevel[0] ? p->sublevel : "null");
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
static void common_parent(struct point *pts, int npts, char *buf, size_t size)
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
static void print_summary(struct point *pts, int npts, long took, const char *json)
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
	struct point *pts;
	long summary = -2;
	int npts = 0, all_ok = 1, i = 0;

	for (; i < argc && argv[i][0] == '-'; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--wide")) {
			o.wide = 1;
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
		copy(pts[npts].dir, sizeof(pts[npts].dir), argv[i]);
		judge(&pts[npts]);
		all_ok &= pts[npts].ok;
	}
	if (summary == -2) {
		report_table(stdout, pts, npts, &o);
		report_details(stdout, pts, npts, o.width);
	}
	if (json)
		write_json(json, pts, npts);
	if (summary != -2)
		print_summary(pts, npts, summary, json);
	for (i = 0; i < npts; i++)
		free_point(&pts[i]);
	free(pts);
	return all_ok ? 0 : 1;
}

/* SUBLEVEL points: strict decimal, 0..65535, no sign, no leading zero. */
static int cmd_sublevels(int argc, char **argv)
{
	if (argc == 0)
		die("%s%s", "no SUBLEVEL given", "");
	for (int i = 0; i < argc; i++) {
		uint32_t v;
		int err = kver_parse_uint(argv[i], 65535, &v);

		if (err == KVER_ERANGE)
			die("invalid SUBLEVEL '%s': %s", argv[i], "above 65535, the most the lab builds");
		if (err)
			die("invalid SUBLEVEL '%s': %s", argv[i], kver_strerror(err));
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
		"       kver-lab report [--wide] [--json FILE] [--summary SECONDS] BOOT_DIR...\n"
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
		"           Colour on a terminal unless NO_COLOR is set.\n"
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
	if (!strcmp(argv[1], "point"))
		return cmd_point(prog, argc - 2, argv + 2);
	if (!strcmp(argv[1], "progress"))
		return cmd_progress(argc - 2, argv + 2);
	fprintf(stderr, "%s: error: unknown command '%s' (try --help)\n", prog, argv[1]);
	return 2;
}
