// SPDX-License-Identifier: GPL-2.0
/*
 * kver-audit: the deciding steps of the audit of Debian's DKMS packages
 * (audit/run.sh runs them; docs/audit.md).
 *
 *   kver-audit packages [--suffix S]   apt-cache madison's lines on stdin:
 *                                      "NAME VERSION COMPONENT SUITE" per
 *                                      version, newest first (apt.c)
 *   kver-audit source ROOT             the package's source folder below
 *                                      ROOT/usr/src (dkmsconf.c)
 *   kver-audit dkms-conf DIR           its dkms.conf's name, version,
 *                                      modules, BUILD_EXCLUSIVE_* lines
 *   kver-audit depends INSTALLED SKIP DEPENDS
 *                                      the packages of a Depends field its
 *                                      build needs from apt (depends.c)
 *   kver-audit progress N M SECONDS PKGDIR [MEASURED]
 *                                      one package's progress line, the
 *                                      time left judged on MEASURED (N)
 *   kver-audit report [options] PKGDIR...
 *                                      the summary, audit.md, audit.json,
 *                                      upstream.md (report.c, json.c)
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

static const char prog[] = "kver-audit";

void fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: error: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kver-audit packages [--suffix SUFFIX] < MADISON_LINES\n"
		"       kver-audit source ROOT\n"
		"       kver-audit dkms-conf DIR\n"
		"       kver-audit depends INSTALLED_LIST_FILE \"SKIP_GLOBS\" \"DEPENDS\"\n"
		"       kver-audit progress N M SECONDS PKGDIR [MEASURED]\n"
		"       kver-audit report [--out DIR] [--review FILE] [--kernels FILE]\n"
		"                         [--points \"M.P.S ...\"] [--cocci DIR] [--seconds N]\n"
		"                         [--date TEXT] PKGDIR...\n");
}

static int cmd_packages(int argc, char **argv)
{
	const char *suffix = "-dkms";
	struct apt_package *p;
	size_t n;

	if (argc == 3 && !strcmp(argv[1], "--suffix"))
		suffix = argv[2];
	else if (argc != 1)
		fail("usage: kver-audit packages [--suffix SUFFIX]");
	if (apt_read_madison(stdin, &p, &n) < 0)
		fail("standard input: not apt-cache madison's output");
	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(p[i].name), sl = strlen(suffix);

		if (l <= sl || strcmp(p[i].name + l - sl, suffix))
			continue;
		for (size_t k = 0; k < p[i].nv; k++)
			printf("%s %s %s %s\n", p[i].name, p[i].v[k].version, p[i].v[k].component,
			       p[i].v[k].suite);
	}
	apt_free(p, n);
	return 0;
}

static int cmd_source(int argc, char **argv)
{
	char dir[512];

	if (argc != 2)
		fail("usage: kver-audit source ROOT");
	if (dkms_source(argv[1], dir, sizeof(dir)) < 0)
		return 1;
	puts(dir);
	return 0;
}

static int cmd_dkms_conf(int argc, char **argv)
{
	struct dkms_conf c;

	if (argc != 2)
		fail("usage: kver-audit dkms-conf DIR");
	if (dkms_conf_read(argv[1], &c) < 0)
		fail("%s/dkms.conf: cannot be read", argv[1]);
	if (!c.name[0] || !c.version[0])
		fail("%s/dkms.conf: no plain PACKAGE_NAME and PACKAGE_VERSION, and the folder's "
		     "name is not NAME-VERSION", argv[1]);
	printf("name=%s\nversion=%s\nmodules=%s\nexclusive=%s\nbuild_depends=%s\n", c.name, c.version,
	       c.modules, c.exclusive, c.build_depends);
	return 0;
}

/* The installed packages' names (one a line) as one blank-separated string. */
static char *read_names(const char *path)
{
	FILE *f = fopen(path, "r");
	char *s = NULL;
	size_t n = 0;

	if (!f)
		fail("%s: cannot be read", path);
	if (getdelim(&s, &n, '\0', f) < 0) {
		free(s);
		s = strdup("");
	}
	fclose(f);
	if (!s)
		fail("out of memory");
	return s;
}

static int cmd_depends(int argc, char **argv)
{
	char out[4096], *installed;
	int n;

	if (argc != 4)
		fail("usage: kver-audit depends INSTALLED_LIST_FILE \"SKIP_GLOBS\" \"DEPENDS\"");
	installed = read_names(argv[1]);
	n = depends_to_fetch(argv[3], installed, argv[2], out, sizeof(out));
	free(installed);
	if (n < 0)
		fail("Depends: too many packages to fetch: %.80s...", argv[3]);
	if (n)
		puts(out);
	return 0;
}

static long number(const char *s, const char *what)
{
	char *end;
	long n = strtol(s, &end, 10);

	if (!*s || *end || n < 0)
		fail("%s: '%s' is not a number", what, s);
	return n;
}

static int cmd_progress(int argc, char **argv)
{
	struct package p;

	if (argc != 5 && argc != 6)
		fail("usage: kver-audit progress N M SECONDS PKGDIR [MEASURED]");
	if (package_read(argv[4], &p) < 0)
		fail("%s", p.error);
	report_progress(stdout, &p, (int)number(argv[1], "N"), (int)number(argv[2], "M"),
			number(argv[3], "SECONDS"),
			(int)number(argc == 6 ? argv[5] : argv[1], "MEASURED"));
	package_free(&p);
	return 0;
}

/* "NAME ABOUT..." lines. */
static void read_kernels(const char *path, struct audit_run *r)
{
	FILE *f = fopen(path, "r");
	char line[512];

	if (!f)
		fail("%s: cannot be read", path);
	while (r->nkernels < AUDIT_MAX_KERNELS && fgets(line, sizeof(line), f)) {
		char *sp;

		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0])
			continue;
		sp = strchr(line, ' ');
		if (sp)
			*sp = '\0';
		snprintf(r->kernels[r->nkernels], sizeof(r->kernels[0]), "%.63s", line);
		snprintf(r->kernel_about[r->nkernels], sizeof(r->kernel_about[0]), "%.255s",
			 sp ? sp + 1 : "");
		r->nkernels++;
	}
	fclose(f);
}

/* DIR/facts (tree=, script=, src=, rc=, seconds=) and DIR/report.txt. */
static void read_cocci(const char *dir, struct audit_run *r)
{
	char path[4096], line[512], src[512] = "";
	FILE *f;
	long rc = -1;

	snprintf(path, sizeof(path), "%s/facts", dir);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '=');

		line[strcspn(line, "\r\n")] = '\0';
		if (!eq)
			continue;
		*eq++ = '\0';
		if (!strcmp(line, "tree"))
			snprintf(r->cocci.tree, sizeof(r->cocci.tree), "%s", eq);
		else if (!strcmp(line, "script"))
			snprintf(r->cocci.script, sizeof(r->cocci.script), "%s", eq);
		else if (!strcmp(line, "rc"))
			rc = atol(eq);
		else if (!strcmp(line, "seconds"))
			r->cocci.seconds = atol(eq);
		else if (!strcmp(line, "src"))
			snprintf(src, sizeof(src), "%s/", eq);
	}
	fclose(f);
	snprintf(path, sizeof(path), "%s/report.txt", dir);
	r->have_cocci = 1;
	if (cocci_read(path, src, &r->cocci) < 0)
		snprintf(r->cocci.status, sizeof(r->cocci.status), "no report");
	else if (rc == 0)
		snprintf(r->cocci.status, sizeof(r->cocci.status), "make coccicheck finished");
	else
		snprintf(r->cocci.status, sizeof(r->cocci.status),
			 rc == 124 ? "timed out: findings so far" : "make coccicheck exited %ld", rc);
}

static FILE *out_file(const char *dir, const char *name)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		fail("%s: cannot be written", path);
	return f;
}

static void close_file(FILE *f, const char *name)
{
	if (fclose(f) != 0)
		fail("%s: writing failed", name);
}

static int cmd_report(int argc, char **argv)
{
	struct audit_run r;
	const char *out = NULL, *review = NULL;
	int i = 1;

	memset(&r, 0, sizeof(r));
	for (; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
		if (!strcmp(argv[i], "--out"))
			out = argv[i + 1];
		else if (!strcmp(argv[i], "--review"))
			review = argv[i + 1];
		else if (!strcmp(argv[i], "--kernels"))
			read_kernels(argv[i + 1], &r);
		else if (!strcmp(argv[i], "--cocci"))
			read_cocci(argv[i + 1], &r);
		else if (!strcmp(argv[i], "--seconds"))
			r.seconds = number(argv[i + 1], "--seconds");
		else if (!strcmp(argv[i], "--date"))
			snprintf(r.date, sizeof(r.date), "%s", argv[i + 1]);
		else if (!strcmp(argv[i], "--points")) {
			char pts[256], *save = NULL;

			snprintf(pts, sizeof(pts), "%s", argv[i + 1]);
			for (char *s = strtok_r(pts, " ", &save); s && r.npoints < AUDIT_MAX_POINTS;
			     s = strtok_r(NULL, " ", &save))
				if (point_parse(s, &r.points[r.npoints++]) < 0)
					fail("--points: '%s' is not a version M.P.S", s);
		} else {
			fail("report: unknown option '%s'", argv[i]);
		}
	}
	if (review && review_read(review, &r.review, &r.nreview) < 0)
		fail("%s: cannot be read", review);
	r.p = calloc((size_t)(argc - i) + 1, sizeof(*r.p));
	if (!r.p)
		fail("out of memory");
	for (; i < argc; i++) {
		struct package *p = &r.p[r.n];

		if (package_read(argv[i], p) < 0) {
			fprintf(stderr, "%s: warning: %s: left out\n", prog, p->error);
			continue;
		}
		review_apply(r.review, r.nreview, p);
		r.lint_seconds += p->lint_seconds;
		for (int k = 0; k < p->nb; k++)
			r.build_seconds += p->b[k].seconds;
		r.n++;
	}
	report_summary(stdout, &r);
	if (out) {
		FILE *f = out_file(out, "audit.md");

		report_markdown(f, &r);
		close_file(f, "audit.md");
		f = out_file(out, "audit.json");
		if (report_json(f, &r) < 0)
			fail("audit.json: the document is not whole");
		close_file(f, "audit.json");
		f = out_file(out, "upstream.md");
		report_upstream(f, &r);
		close_file(f, "upstream.md");
		f = out_file(out, "summary.txt");
		report_summary(f, &r);
		close_file(f, "summary.txt");
	}
	for (size_t k = 0; k < r.n; k++)
		package_free(&r.p[k]);
	free(r.p);
	free(r.review);
	cocci_free(&r.cocci);
	return fflush(stdout) ? 2 : 0;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int, char **);
	} cmds[] = {
		{ "packages", cmd_packages }, { "source", cmd_source },
		{ "dkms-conf", cmd_dkms_conf }, { "depends", cmd_depends },
		{ "progress", cmd_progress },
		{ "report", cmd_report },
	};

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return 0;
	}
	for (size_t k = 0; k < sizeof(cmds) / sizeof(cmds[0]); k++)
		if (!strcmp(argv[1], cmds[k].name))
			return cmds[k].run(argc - 1, argv + 1);
	fprintf(stderr, "%s: error: unknown command '%s' (try --help)\n", prog, argv[1]);
	return 2;
}
