// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab: the lab's deciding and reporting steps.
 *
 *   kver-lab sublevels N...          validate SUBLEVEL points, print them
 *   kver-lab point --tree M.P [--style S] [--release R] [--uts-version U] N
 *                                    the names of one point (style.c)
 *   kver-lab report [--json F] DIR...
 *                                    judge each boot folder, print the table
 *
 * A boot folder holds what lab/boot.sh left (serial.log, qemu.status,
 * qemu.timeout, qemu.stderr) and point.meta (key=value lines: tree, package,
 * makefile, series, sublevel, expect). The verdict of a boot is decided here
 * and only here, so the terminal table and the JSON always agree.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kver.h"
#include "ktap.h"
#include "style.h"

#define TAIL_LINES 12
#define MAX_COLS 16

static const char *prog = "kver-lab";

struct point {
	char dir[1024];
	/* point.meta */
	char tree[16], package[64], makefile[32], series[64], sublevel[16], expect[64];
	/* what the guest did */
	int qemu_status, timeout_s;
	char guest[32];		/* "ok", "hung", "panic", "crashed", "no-init", ... */
	char detail[1536];
	char *tail[TAIL_LINES];
	int ntail;
	/* probe values and results */
	char release[128], vdso[32];
	struct ktap_log log;
	struct ktap_doc *probe;
	int exit_marker;	/* the probe's own exit=N, -1 when absent */
	struct ktap_counts kunit, guest_tests;
	int kunit_docs;
	int ok;
};

static void die(const char *fmt, const char *arg, const char *why)
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
	}
	fclose(f);
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

/* ---- output ---- */

static int use_colour;

static const char *paint(int ok)
{
	if (!use_colour)
		return "";
	return ok ? "\033[32m" : "\033[31;1m";
}

static const char *unpaint(void)
{
	return use_colour ? "\033[0m" : "";
}

/* Names of the probe's own checks, in order of first appearance. */
static int probe_columns(struct point *pts, int npts, const char **cols)
{
	int ncols = 0;

	for (int i = 0; i < npts; i++) {
		if (!pts[i].probe)
			continue;
		for (size_t j = 0; j < pts[i].probe->root.nsub; j++) {
			const char *name = pts[i].probe->root.sub[j].name;
			int k;

			if (!strncmp(name, "guest:", 6) ||
			    pts[i].probe->root.sub[j].status == KTAP_MISSING)
				continue;
			for (k = 0; k < ncols && strcmp(cols[k], name); k++)
				;
			if (k == ncols && ncols < MAX_COLS)
				cols[ncols++] = name;
		}
	}
	return ncols;
}

static const struct ktap_test *find_test(const struct point *p, const char *name)
{
	if (!p->probe)
		return NULL;
	for (size_t j = 0; j < p->probe->root.nsub; j++) {
		if (!strcmp(p->probe->root.sub[j].name, name))
			return &p->probe->root.sub[j];
	}
	return NULL;
}

static const char *cell_of(const struct ktap_test *t)
{
	if (!t)
		return "-";
	switch (t->status) {
	case KTAP_PASS:
		return "ok";
	case KTAP_SKIP:
		return "skip";
	default:
		return "FAIL";
	}
}

static void counts_cell(char *buf, size_t size, const struct ktap_counts *c, int present)
{
	if (!present)
		snprintf(buf, size, "none");
	else
		snprintf(buf, size, "%d/%d%s%s", c->pass, c->pass + c->fail + c->missing,
			 c->skip ? " +skip" : "", (c->fail || c->missing) ? " FAIL" : "");
}

static void print_table(struct point *pts, int npts)
{
	const char *cols[MAX_COLS];
	int ncols = probe_columns(pts, npts, cols);
	char buf[64];

	printf("%-5s %-29s %-10s %-8s %-10s %-9s", "TREE", "PACKAGE (MAKEFILE)", "SERIES",
	       "SUBLEVEL", "RELEASE", "VDSO");
	for (int k = 0; k < ncols; k++)
		printf(" %-*s", (int)(strlen(cols[k]) > 4 ? strlen(cols[k]) : 4), cols[k]);
	printf(" %-12s %-14s %s\n", "KUNIT", "GUEST", "VERDICT");
	for (int i = 0; i < npts; i++) {
		struct point *p = &pts[i];

		snprintf(buf, sizeof(buf), "%s (%s)", p->package, p->makefile);
		printf("%-5s %-29s %-10s %-8s %-10s %-9s", p->tree, buf, p->series, p->sublevel,
		       p->release[0] ? p->release : "-", p->vdso[0] ? p->vdso : "-");
		for (int k = 0; k < ncols; k++) {
			const char *cell = cell_of(find_test(p, cols[k]));
			int w = (int)(strlen(cols[k]) > 4 ? strlen(cols[k]) : 4);

			printf(" %s%-*s%s", paint(strcmp(cell, "FAIL")), w, cell, unpaint());
		}
		counts_cell(buf, sizeof(buf), &p->kunit, p->kunit_docs);
		printf(" %-12s", buf);
		counts_cell(buf, sizeof(buf), &p->guest_tests, 1);
		printf(" %-14s", buf);
		printf(" %s%s%s%s%s\n", paint(p->ok), p->ok ? "ok" : "FAIL", unpaint(),
		       p->ok ? "" : ": ", p->ok ? "" : (p->detail[0] ? p->detail : "a check failed"));
	}
}

static void print_failures(const struct ktap_test *t, const char *prefix)
{
	for (size_t i = 0; i < t->nsub; i++) {
		const struct ktap_test *s = &t->sub[i];

		if (s->status != KTAP_FAIL && s->status != KTAP_MISSING)
			continue;
		printf("    %s%s: %s\n", prefix, s->name, ktap_status_name(s->status));
		for (size_t j = 0; j < s->ndiag; j++)
			printf("      # %s\n", s->diag[j]);
		if (s->nsub)
			print_failures(s, "  ");
	}
}

static void print_details(struct point *pts, int npts)
{
	for (int i = 0; i < npts; i++) {
		struct point *p = &pts[i];

		if (p->ok)
			continue;
		printf("\n%s %s SUBLEVEL=%s (%s):\n", p->tree, p->series, p->sublevel, p->dir);
		if (p->detail[0]) {
			printf("  %s; last lines of the serial log:\n", p->detail);
			for (int k = 0; k < p->ntail; k++)
				printf("  | %s\n", p->tail[k]);
		}
		if (p->probe)
			print_failures(&p->probe->root, "");
		if (!p->kunit_docs)
			printf("    KUnit: no KUnit output in the serial log\n");
		for (size_t d = 0; d < p->log.ndocs; d++) {
			if (&p->log.docs[d] != p->probe)
				print_failures(&p->log.docs[d].root, "kunit ");
		}
	}
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
			{ "series", p->series }, { "expect", p->expect }, { "release", p->release },
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

static int cmd_report(int argc, char **argv)
{
	const char *json = NULL;
	struct point *pts;
	int npts = 0, all_ok = 1, i = 0;

	if (i < argc && !strcmp(argv[i], "--json")) {
		if (i + 1 >= argc)
			die("%s%s", "--json needs a file name", "");
		json = argv[i + 1];
		i += 2;
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
	use_colour = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
	print_table(pts, npts);
	print_details(pts, npts);
	if (json)
		write_json(json, pts, npts);
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

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kver-lab sublevels N...\n"
		"       kver-lab report [--json FILE] BOOT_DIR...\n"
		"       kver-lab point --tree M.P [--style upstream|debian] [--release R]\n"
		"                      [--uts-version U] SUBLEVEL\n"
		"\n"
		"sublevels  check SUBLEVEL points (decimal 0..65535, no sign, no leading zero)\n"
		"report     judge each boot folder left by lab/boot.sh, print a table,\n"
		"           details of every failure, and optionally the JSON of the run;\n"
		"           exit status 1 when any point failed\n"
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
	fprintf(stderr, "%s: error: unknown command '%s' (try --help)\n", prog, argv[1]);
	return 2;
}
