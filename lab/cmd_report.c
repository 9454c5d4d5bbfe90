// SPDX-License-Identifier: GPL-2.0
/* kver-lab report: judge each boot folder, then its table, JSON or summary line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "point_json.h"
#include "kver.h"
#include "lab.h"

static void copy(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", src);
}

/* results.json: every point in the one schema of a point (point_json.h). */
static void write_json(const char *path, struct boot *pts, int npts)
{
	FILE *f = fopen(path, "w");
	struct json j;
	int all_ok = 1, bad;

	if (!f)
		die("cannot write %s: %s", path, strerror(errno));
	json_start(&j, f, JSON_INDENT);
	json_object(&j, NULL);
	json_array(&j, "points");
	for (int i = 0; i < npts; i++) {
		all_ok &= pts[i].ok;
		json_object(&j, NULL);
		point_json(&j, &pts[i]);
		json_end(&j);
	}
	json_end(&j);
	json_bool(&j, "ok", all_ok);
	json_end(&j);
	bad = json_finish(&j);
	if (fclose(f) || bad)
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

int cmd_report(int argc, char **argv)
{
	const char *json = NULL, *wide = getenv("KVER_WIDE");
	struct report_opts o = {
		.colour = term_colour(STDOUT_FILENO),
		.wide = wide && wide[0] && strcmp(wide, "0") ? 1 : -1,
		.width = term_width(STDOUT_FILENO),
	};
	struct boot *pts;
	long summary = -2;
	int npts = 0, all_ok = 1, i = 1, guest_only = 0;

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
			fprintf(stderr, "%s: error: %s\n", lab_prog, err);
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
