// SPDX-License-Identifier: GPL-2.0
/*
 * The progress of a full kernel build: what counts as an object compiled,
 * and the status line (see progress.h).
 */
#include <stdio.h>
#include <string.h>

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
	snprintf(buf, size, "%s: %ld objects compiled in %s", tree, done, took);
}
