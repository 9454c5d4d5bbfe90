// SPDX-License-Identifier: GPL-2.0
/* Hand-made points for kver-matrix's unit tests, and the check of a cell; see points.h. */
#include <stdio.h>
#include <string.h>

#include "points.h"
#include "protocol.h"

void add_point(struct matrix *m, const struct spec *s)
{
	char meta[512], log[4096], err[256], sub[160];
	struct point p;
	int rc;

	snprintf(meta, sizeof(meta),
		 "tree=%s\npackage=test\nmakefile=%s\nseries=%s\nsublevel=%u\nversion=%s.%u\n"
		 "expect=%s\nbuild_s=10\nguest_s=1\nboot_s=5\n",
		 s->tree, s->makefile, s->series, s->sublevel, s->tree, s->sublevel, s->release);
	if (s->hsub && !s->hsub[0])
		snprintf(sub, sizeof(sub), "absent: no LINUX_VERSION_SUBLEVEL");
	else if (s->hsub)
		snprintf(sub, sizeof(sub), "%s", s->hsub);
	else
		snprintf(sub, sizeof(sub), "%u", s->sublevel);
	snprintf(log, sizeof(log),
		 "KTAP version 1\r\n# " KVER_PROBE_NAME "\r\n"
		 "# value: uname.release=%s\r\n# value: proc.osrelease=%s\r\n"
		 "# value: proc.version=%s\r\n# value: vdso.code=0x%06x\r\n"
		 "# value: uname26.release=%s\r\n# value: v4l2.version=0x%06x\r\n"
		 "# value: media.media_version=0x%06x\r\n# value: media.driver_version=0x%06x\r\n"
		 "# value: cec.version=0x%06x\r\n# value: usb.bcdDevice=%s\r\n"
		 "    # value: headers.code=0x%06x\r\n    # value: headers.kernel_version=0x%06x\r\n"
		 "    # value: headers.sublevel=%s\r\n%s%s",
		 s->release, s->release, s->release, s->code, s->uname26 ? s->uname26 : "2.6.61",
		 s->code, s->code, s->code, s->code, s->bcd ? s->bcd : "0601", s->hcode, s->kv,
		 sub, s->extra ? s->extra : "", s->unfinished ? "" : KVER_PROBE_EXIT "0\r\n");
	rc = point_from_text(&p, "test", meta, log, err, sizeof(err));
	CHECK(rc == 0, "point_from_text: %s", err);
	if (rc == 0)
		CHECK(matrix_push(m, &p) == 0, "matrix_push");
}

/* The cell of (series, sublevel, check) after judging. */
static const struct cell *cell_of(const struct matrix *m, const char *series, unsigned int sub,
				  enum check c)
{
	for (size_t i = 0; i < m->npoints; i++)
		if (!strcmp(m->points[i].series, series) && m->points[i].truth.sublevel == sub)
			return &m->points[i].cells[c];
	return NULL;
}

void expect_cell(const struct matrix *m, const char *series, unsigned int sub,
			enum check c, enum verdict v, const char *text, int line)
{
	const struct cell *cl = cell_of(m, series, sub, c);

	if (!cl) {
		CHECK(0, "line %d: no cell %s %u", line, series, sub);
		return;
	}
	CHECK(cl->verdict == v, "line %d: %s %u %s: verdict %s, want %s (%s)", line, series, sub,
	      matrix_checks[c].id, verdict_name(cl->verdict), verdict_name(v), cl->text);
	if (text)
		CHECK(!strcmp(cl->text, text), "line %d: %s %u %s: text '%s', want '%s'", line,
		      series, sub, matrix_checks[c].id, cl->text, text);
}

/* Every design at 6.1's points, with the values its kernel would show. */
void build_designs(struct matrix *m)
{
	static const unsigned int pts[] = { 192, 255, 256, 300, 65535 };

	for (size_t i = 0; i < 5; i++) {
		unsigned int s = pts[i], c8 = s > 255 ? 255 : s;
		char rel[32], rel_x[32], u26[32];

		snprintf(rel, sizeof(rel), "6.1.%u", s);
		add_point(m, &(struct spec){ "6.1", "6.1.192", "mainline", rel, s,
					    kver_code(6, 1, s), kver_code(6, 1, s), kver_code(6, 1, s),
					    NULL, NULL, NULL, NULL, 0 });
		add_point(m, &(struct spec){ "6.1", "6.1.192", "unfixed", rel, s, k(6, 1, s),
					    k(6, 1, s), k(6, 1, s), "", s > 255 ? "0602" : "0601",
					    s > 255 ? "2.6.62" : "2.6.61", NULL, 0 });
		add_point(m, &(struct spec){ "6.1", "6.1.192", "mask", rel, s, k(6, 1, s & 255),
					    k(6, 1, s & 255), k(6, 1, s & 255), NULL, NULL, NULL, NULL,
					    0 });
		add_point(m, &(struct spec){ "6.1", "6.1.192", "widen", rel, s,
					    (6u << 24) + (1u << 16) + s, (6u << 24) + (1u << 16) + s,
					    (6u << 24) + (1u << 16) + s, NULL, NULL, NULL, NULL, 0 });
		add_point(m, &(struct spec){ "6.1", "6.1.192", "clamp-code", rel, s, k(6, 1, 255),
					    k(6, 1, 255), k(6, 1, s), NULL, NULL, NULL, NULL, 0 });
		if (s > 255)
			snprintf(rel_x, sizeof(rel_x), "6.1.255.%u", s - 255);
		else
			snprintf(rel_x, sizeof(rel_x), "%s", rel);
		snprintf(u26, sizeof(u26), "2.6.61%s", s > 255 ? rel_x + 7 : "");
		snprintf(rel, sizeof(rel), "%u", c8);
		add_point(m, &(struct spec){ "6.1", "6.1.192", "extraversion", rel_x, s,
					    kver_code(6, 1, s), kver_code(6, 1, s), kver_code(6, 1, s),
					    rel, NULL, u26, NULL, 0 });
	}
}
