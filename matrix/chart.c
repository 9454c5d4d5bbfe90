// SPDX-License-Identifier: GPL-2.0
/*
 * kver-matrix --chart: one picture of what the designs mean to user space.
 *
 * Per tree, for every design in the upstream release style: the version a
 * 2020-style decoder (code >> 16, (code >> 8) & 0xff, code & 0xff) reads
 * from the booted kernel's LINUX_VERSION_CODE, against the real SUBLEVEL
 * of each point. The vertical axis is ordinal (every version read, in
 * order), so a jump into the next PATCHLEVEL shows as a line leaving the
 * reference, whatever the size of the numbers. The reference is what a
 * right code says: the real version with SUBLEVEL clamped at 255.
 */
#include <stdlib.h>
#include <string.h>

#include "matrix.h"

#define CHART_LEFT 120
#define CHART_STEP_X 96
#define CHART_STEP_Y 24
#define CHART_TOP 44
#define CHART_LEGEND 250
#define CHART_MAX 64

static const char *const design_colour[] = {
	"#d62728", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#1f77b4", "#2ca02c",
};

struct axis {
	uint32_t v[CHART_MAX];
	size_t n;
};

static void axis_add(struct axis *a, uint32_t v)
{
	size_t i;

	for (i = 0; i < a->n && a->v[i] < v; i++)
		;
	if ((i < a->n && a->v[i] == v) || a->n == CHART_MAX)
		return;
	memmove(a->v + i + 1, a->v + i, (a->n - i) * sizeof(*a->v));
	a->v[i] = v;
	a->n++;
}

static size_t axis_pos(const struct axis *a, uint32_t v)
{
	size_t i;

	for (i = 0; i < a->n && a->v[i] != v; i++)
		;
	return i;
}

static int upstream_row(const struct point *p)
{
	return !strchr(p->series, '@');
}

static uint32_t reference(const struct point *p)
{
	uint32_t s = p->truth.sublevel > 255 ? 255 : p->truth.sublevel;

	return (p->truth.major << 16) + (p->truth.patchlevel << 8) + s;
}

struct panel {
	struct axis xs, ys;	/* real SUBLEVELs; codes read and references */
	const char *designs[CHART_MAX];
	size_t nd;
	int width, height;
};

/* The axes and designs of one tree, m->points[first] to [end - 1]. */
static void collect(const struct matrix *m, size_t first, size_t end, struct panel *pn)
{
	struct axis *xs = &pn->xs, *ys = &pn->ys;
	const char **designs = pn->designs;

	memset(pn, 0, sizeof(*pn));
	for (size_t i = first; i < end; i++) {
		const struct point *p = &m->points[i];
		uint32_t code;
		size_t d;

		if (!upstream_row(p))
			continue;
		axis_add(xs, p->truth.sublevel);
		axis_add(ys, reference(p));
		if (!point_code(p, &code))
			axis_add(ys, code);
		for (d = 0; d < pn->nd && strcmp(designs[d], p->series); d++)
			;
		if (d == pn->nd && pn->nd < CHART_MAX)
			designs[pn->nd++] = p->series;
	}
	pn->width = CHART_LEFT + (int)xs->n * CHART_STEP_X + CHART_LEGEND;
	pn->height = CHART_TOP + (int)ys->n * CHART_STEP_Y + 30;
	if (pn->height < CHART_TOP + (int)pn->nd * 20 + 40)
		pn->height = CHART_TOP + (int)pn->nd * 20 + 40;
}

/* One tree's panel, from m->points[first] to [end - 1], at y0. */
static void panel(const struct matrix *m, size_t first, size_t end, int y0, FILE *out)
{
	struct panel pn;
	const struct axis *xs = &pn.xs, *ys = &pn.ys;
	size_t nd;
	char buf[64];
	int w;

	collect(m, first, end, &pn);
	nd = pn.nd;
	w = pn.width - CHART_LEGEND;
	fprintf(out, "<g transform=\"translate(0,%d)\">\n", y0);
	fprintf(out, "<text x=\"16\" y=\"22\" font-weight=\"bold\">linux-source-%s %s: the version a "
		"2020 decoder reads from LINUX_VERSION_CODE</text>\n",
		m->points[first].tree, m->points[first].package);
	/* Axes: a row per version read, a column per real SUBLEVEL. */
	for (size_t k = 0; k < ys->n; k++) {
		int y = CHART_TOP + (int)(ys->n - 1 - k) * CHART_STEP_Y;
		uint32_t c = ys->v[k];

		fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#e6e6e6\"/>\n",
			CHART_LEFT - 10, y, w - 30, y);
		snprintf(buf, sizeof(buf), "%u.%u.%u", c >> 16, (c >> 8) & 0xff, c & 0xff);
		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", CHART_LEFT - 14, y + 4);
		xml_escape(out, buf);
		fputs("</text>\n", out);
	}
	for (size_t k = 0; k < xs->n; k++) {
		int x = CHART_LEFT + (int)k * CHART_STEP_X;

		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%u</text>\n", x,
			CHART_TOP + (int)ys->n * CHART_STEP_Y, xs->v[k]);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555555\">real "
		"SUBLEVEL of the booted kernel</text>\n", CHART_LEFT + (int)(xs->n - 1) *
		CHART_STEP_X / 2, CHART_TOP + (int)ys->n * CHART_STEP_Y + 20);

	/* The reference, then one line per design, each a little apart. */
	fputs("<polyline fill=\"none\" stroke=\"#bbbbbb\" stroke-width=\"9\" "
	      "stroke-linejoin=\"round\" points=\"", out);
	for (size_t k = 0; k < xs->n; k++) {
		uint32_t s = xs->v[k] > 255 ? 255 : xs->v[k];
		uint32_t ref = (m->points[first].truth.major << 16) +
			       (m->points[first].truth.patchlevel << 8) + s;

		fprintf(out, "%d,%d ", CHART_LEFT + (int)k * CHART_STEP_X,
			CHART_TOP + (int)(ys->n - 1 - axis_pos(ys, ref)) * CHART_STEP_Y);
	}
	fputs("\"/>\n", out);
	for (size_t d = 0; d < nd; d++) {
		const char *col = design_colour[variant_rank(pn.designs[d]) / 2 %
						(sizeof(design_colour) / sizeof(*design_colour))];
		int dy = (int)d * 3 - (int)nd * 3 / 2;

		fprintf(out, "<g stroke=\"%s\" fill=\"%s\"><title>%s</title>\n", col, col,
			pn.designs[d]);
		fputs("<polyline fill=\"none\" stroke-width=\"2\" points=\"", out);
		for (size_t i = first; i < end; i++) {
			const struct point *p = &m->points[i];
			uint32_t code;

			if (upstream_row(p) && !strcmp(p->series, pn.designs[d]) && !point_code(p, &code))
				fprintf(out, "%d,%d ",
					CHART_LEFT + (int)axis_pos(xs, p->truth.sublevel) * CHART_STEP_X,
					CHART_TOP + (int)(ys->n - 1 - axis_pos(ys, code)) * CHART_STEP_Y + dy);
		}
		fputs("\"/>\n", out);
		for (size_t i = first; i < end; i++) {
			const struct point *p = &m->points[i];
			uint32_t code;

			if (upstream_row(p) && !strcmp(p->series, pn.designs[d]) && !point_code(p, &code))
				fprintf(out, "<circle r=\"4\" cx=\"%d\" cy=\"%d\"><title>%s at %u: "
					"%u.%u.%u</title></circle>\n",
					CHART_LEFT + (int)axis_pos(xs, p->truth.sublevel) * CHART_STEP_X,
					CHART_TOP + (int)(ys->n - 1 - axis_pos(ys, code)) * CHART_STEP_Y + dy,
					p->series, p->truth.sublevel, code >> 16, (code >> 8) & 0xff,
					code & 0xff);
		}
		fputs("</g>\n", out);
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"4\" fill=\"%s\"/>"
			"<text x=\"%d\" y=\"%d\">", w, CHART_TOP + (int)d * 20 - 2, col, w + 20,
			CHART_TOP + (int)d * 20 + 4);
		xml_escape(out, pn.designs[d]);
		fputs("</text>\n", out);
	}
	fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"9\" fill=\"#bbbbbb\"/>"
		"<text x=\"%d\" y=\"%d\">real version, SUBLEVEL</text><text x=\"%d\" y=\"%d\">"
		"clamped at 255 (right)</text>\n", w, CHART_TOP + (int)nd * 20 - 4, w + 20,
		CHART_TOP + (int)nd * 20 + 4, w + 20, CHART_TOP + (int)nd * 20 + 20);
	fputs("</g>\n", out);
}

void render_chart(const struct matrix *m, const struct render_opts *o, FILE *out)
{
	int width = 0, height = 0;
	size_t first;

	(void)o;
	/* Size first: the widest panel and every panel's height. */
	for (first = 0; first < m->npoints;) {
		size_t end = matrix_tree_end(m, first);
		struct panel pn;

		collect(m, first, end, &pn);
		if (pn.width > width)
			width = pn.width;
		height += pn.height + 16;
		first = end;
	}
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" "
		"font-size=\"12\">\n<title>kver: the version a 2020 decoder reads, per design"
		"</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
		width, height, width, height);
	int y = 0;

	for (first = 0; first < m->npoints;) {
		size_t end = matrix_tree_end(m, first);

		struct panel pn;

		collect(m, first, end, &pn);
		panel(m, first, end, y, out);
		y += pn.height + 16;
		first = end;
	}
	fputs("</svg>\n", out);
}
