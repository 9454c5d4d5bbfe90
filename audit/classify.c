// SPDX-License-Identifier: GPL-2.0
/*
 * What a step of one package came to, from its exit status and its logs:
 * a dkms build is built (it left modules), not for this kernel (dkms's own
 * BUILD_EXCLUSIVE_* decision, exit status 77), timed out (timeout's 124,
 * or killed), or failed, named by its first compiler error (else its
 * PRE_BUILD script's, modpost's, make's, dkms's own); a download by apt's
 * first error.
 */
#include <stdlib.h>
#include <string.h>

#include "audit.h"

int first_line_with(const char *path, const char *const *needles, char *out, size_t size)
{
	FILE *f = path ? fopen(path, "r") : NULL;
	char line[4096];

	out[0] = '\0';
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		for (size_t k = 0; needles[k]; k++)
			if (strstr(line, needles[k])) {
				line[strcspn(line, "\r\n")] = '\0';
				snprintf(out, size, "%s", line + strspn(line, " \t"));
				fclose(f);
				return 1;
			}
	}
	fclose(f);
	return 0;
}

void first_apt_error(const char *log, char *out, size_t size)
{
	static const char *const e[] = { "E: ", NULL };
	FILE *f;
	char line[2048], last[2048] = "";

	if (first_line_with(log, e, out, size))
		return;
	f = log ? fopen(log, "r") : NULL;
	while (f && fgets(line, sizeof(line), f))
		if (line[strspn(line, " \t\r\n")])
			snprintf(last, sizeof(last), "%s", line);
	if (f)
		fclose(f);
	last[strcspn(last, "\r\n")] = '\0';
	snprintf(out, size, "%s", last[0] ? last : "no log");
}

/*
 * Every path into the dkms build folder made relative to it (".../build/x.c: "
 * -> "x.c: ", modpost's "[.../build/x.ko]" -> "[x.ko]"): a path runs from a
 * '/' after a blank, quote or bracket to the next such character, and loses
 * all up to its last "/build/".
 */
static void shorten(char *s)
{
	for (char *p = s; *p; p++) {
		char *end, *cut = NULL;

		if (*p != '/' || (p > s && !strchr(" '\"[(", p[-1])))
			continue;
		end = p + strcspn(p, " '\"]):");
		for (char *b = strstr(p, "/build/"); b && b < end; b = strstr(b + 1, "/build/"))
			cut = b + 7;
		if (cut) {
			memmove(p, cut, strlen(cut) + 1);
			end = p + strcspn(p, " '\"]):");
		}
		p = end - 1 < p ? p : end - 1;
	}
}

/* The first error line of dkms's PRE_BUILD script (a package's configure), or 0. */
static int pre_build_error(const char *dkms_log, char *out, size_t size)
{
	FILE *f = dkms_log ? fopen(dkms_log, "r") : NULL;
	char line[1024];
	int in = 0;

	out[0] = '\0';
	while (f && fgets(line, sizeof(line), f)) {
		if (strstr(line, "Running the pre_build script"))
			in = 1;
		else if (strstr(line, "Building module"))
			in = 0;
		else if (in && strstr(line, "rror")) {
			line[strcspn(line, "\r\n")] = '\0';
			snprintf(out, size, "PRE_BUILD: %s", line + strspn(line, " \t!"));
			break;
		}
	}
	if (f)
		fclose(f);
	return out[0] != '\0';
}

static int count_lines(const char *path)
{
	FILE *f = path ? fopen(path, "r") : NULL;
	char line[1024];
	int n = 0;

	while (f && fgets(line, sizeof(line), f))
		n += line[strspn(line, " \t\r\n")] != '\0';
	if (f)
		fclose(f);
	return n;
}

void classify_build(struct build *b, int rc, const char *dkms_log, const char *make_log,
		    const char *modules_list, const char *exclusive)
{
	static const char *const compiler[] = { ": error: ", ": fatal error: ", NULL };
	static const char *const modpost[] = { "ERROR: modpost:", "ERROR: ", NULL };
	static const char *const make[] = { "*** ", NULL };
	static const char *const dkms[] = { "Error!", "error", "Error", NULL };
	static const char *const modlib[] = { "/lib/modules/", NULL };
	static const char *const excl[] = { "BUILD_EXCLUSIVE", "does not match this kernel",
					    "not building", NULL };
	char line[512];

	b->modules = count_lines(modules_list);
	b->why[0] = '\0';
	if (rc == 124 || rc == 137) {
		b->status = BUILD_TIMEOUT;
		snprintf(b->why, sizeof(b->why), "no result after %ld s", b->seconds);
		return;
	}
	if (rc == 77) {
		b->status = BUILD_EXCLUDED;
		first_line_with(dkms_log, excl, line, sizeof(line));
		/* dkms names its own copy of dkms.conf: what it says is enough. */
		if (strstr(line, "BUILD_EXCLUSIVE directive which does not match"))
			snprintf(line, sizeof(line), "does not match this kernel/arch/config");
		snprintf(b->why, sizeof(b->why), "%.200s%s%.290s%s", exclusive && *exclusive ? exclusive : "",
			 exclusive && *exclusive && line[0] ? " (dkms: " : line[0] ? "dkms: " : "", line,
			 exclusive && *exclusive && line[0] ? ")" : "");
		if (!b->why[0])
			snprintf(b->why, sizeof(b->why), "dkms: BUILD_EXCLUSIVE does not match");
		return;
	}
	if (rc == 0 && b->modules > 0) {
		b->status = BUILD_BUILT;
		return;
	}
	b->status = BUILD_FAILED;
	if (rc == 0) {
		snprintf(b->why, sizeof(b->why), "dkms exited 0 but built no module");
		return;
	}
	if (first_line_with(make_log, compiler, line, sizeof(line)) ||
	    first_line_with(dkms_log, compiler, line, sizeof(line)) ||
	    pre_build_error(dkms_log, line, sizeof(line)) ||
	    first_line_with(make_log, modpost, line, sizeof(line)) ||
	    first_line_with(make_log, modlib, line, sizeof(line)) ||
	    first_line_with(make_log, make, line, sizeof(line)) ||
	    first_line_with(dkms_log, dkms, line, sizeof(line))) {
		shorten(line);
		snprintf(b->why, sizeof(b->why), "%s", line);
	} else {
		snprintf(b->why, sizeof(b->why), "dkms exited %d, no error in its logs", rc);
	}
}
