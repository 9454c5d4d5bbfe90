// SPDX-License-Identifier: GPL-2.0
/* kver-matrix: the matrix as an SVG picture. */
#include <string.h>

#include "render.h"

#define SVG_CHAR_W 7.5
#define SVG_ROW_H 22
#define SVG_PAD 8
#define SVG_MARGIN 16

void xml_escape(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		default: fputc(*s, out);
		}
	}
}

static const char *svg_fill(enum verdict v)
{
	switch (v) {
	case VERDICT_OK: return "#cdeccd";
	case VERDICT_FAIL: return "#f4b6b6";
	case VERDICT_NA: return "#e4e4e4";
	default: return "#ffe08a";
	}
}

static int svg_width_of(const char *s)
{
	return (int)(strlen(s) * SVG_CHAR_W) + 2 * SVG_PAD;
}

/* Column widths (pixels) of one tree's table; the SVG marks no differences. */
static void svg_columns(const struct matrix *m, size_t first, size_t end, int *w)
{
	column_widths(m, first, end, 0, svg_width_of, w);
}

static void svg_text(FILE *out, int x, int y, const char *weight, const char *s)
{
	fprintf(out, "<text x=\"%d\" y=\"%d\"%s%s%s>", x + SVG_PAD, y + 15,
		weight ? " font-weight=\"" : "", weight ? weight : "", weight ? "\"" : "");
	xml_escape(out, s);
	fputs("</text>\n", out);
}

void render_svg(const struct matrix *m, const struct render_opts *o, FILE *out)
{
	int width = 0, height = SVG_MARGIN, w[COLS];
	char buf[160];

	/* Size first: the widest tree table and every row. */
	for (size_t first = 0; first < m->npoints;) {
		size_t end = matrix_tree_end(m, first);
		int tw = 0;

		svg_columns(m, first, end, w);
		for (int c = 0; c < COLS; c++)
			tw += w[c];
		if (tw > width)
			width = tw;
		height += SVG_ROW_H * (int)(end - first + 2) + SVG_MARGIN;
		first = end;
	}
	width += 2 * SVG_MARGIN;
	if (width < 620)
		width = 620;
	height += 2 * SVG_ROW_H;
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, "
		"monospace\" font-size=\"12\">\n", width, height, width, height);
	fputs("<title>kver variant matrix</title>\n", out);
	fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);
	int y = SVG_MARGIN;

	for (size_t first = 0; first < m->npoints;) {
		size_t end = matrix_tree_end(m, first);
		int x;

		svg_columns(m, first, end, w);
		svg_text(out, SVG_MARGIN - SVG_PAD, y, "bold",
			 tree_headline(&m->points[first], buf, sizeof(buf)));
		y += SVG_ROW_H;
		x = SVG_MARGIN;
		for (int c = 0; c < COLS; c++) {
			const char *h = c == 0 ? "variant" : c == 1 ? "SUBLEVEL" :
				matrix_checks[c - 2].id;

			fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
				"fill=\"#f2f2f2\" stroke=\"#999999\"/>\n", x, y, w[c], SVG_ROW_H);
			svg_text(out, x, y, "bold", h);
			x += w[c];
		}
		y += SVG_ROW_H;
		int tw = 0;

		for (int c = 0; c < COLS; c++)
			tw += w[c];
		for (size_t i = first; i < end; i++) {
			const struct point *p = &m->points[i];

			x = SVG_MARGIN;
			fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
				"fill=\"#ffffff\" stroke=\"#999999\"/>\n", x, y, w[0] + w[1], SVG_ROW_H);
			if (first_of_variant(m, i))
				svg_text(out, x, y, "bold", p->series);
			x += w[0];
			sublevel_label(p, buf, sizeof(buf));
			svg_text(out, x, y, NULL, buf);
			x += w[1];
			for (int c = 0; c < CHECK_COUNT; c++) {
				const struct cell *cl = &p->cells[c];

				fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
					"fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"><title>",
					x, y, w[2 + c], SVG_ROW_H, svg_fill(cl->verdict),
					o->compared && cl->differs ? "#000000" : "#999999",
					o->compared && cl->differs ? "3" : "1");
				fprintf(out, "%s %s %u %s: %s", p->tree, p->series, p->truth.sublevel,
					matrix_checks[c].id, verdict_name(cl->verdict));
				if (o->compared && cl->differs)
					fprintf(out, " (expected %s)", cl->has_expected ?
						verdict_name(cl->expected) : "nothing");
				fputs("</title></rect>\n", out);
				svg_text(out, x, y, cl->verdict == VERDICT_FAIL ? "bold" : NULL,
					 cl->text);
				x += w[2 + c];
			}
			/* A darker line above each design's first row. */
			if (first_of_variant(m, i))
				fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
					"stroke=\"#333333\" stroke-width=\"1.5\"/>\n", SVG_MARGIN, y,
					SVG_MARGIN + tw, y);
			y += SVG_ROW_H;
		}
		y += SVG_MARGIN;
		first = end;
	}
	/* Legend. */
	static const enum verdict legend[] = { VERDICT_OK, VERDICT_FAIL, VERDICT_NA, VERDICT_NODATA };
	int x = SVG_MARGIN;

	for (size_t i = 0; i < sizeof(legend) / sizeof(legend[0]); i++) {
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\" "
			"stroke=\"#999999\"/>\n", x, y + 4, svg_fill(legend[i]));
		svg_text(out, x + 10, y, NULL, verdict_name(legend[i]));
		x += 30 + (int)(strlen(verdict_name(legend[i])) * SVG_CHAR_W) + 20;
	}
	if (o->compared) {
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"#ffffff\" "
			"stroke=\"#000000\" stroke-width=\"3\"/>\n", x, y + 4);
		snprintf(buf, sizeof(buf), "differs from the expected verdict (%zu)", o->differences);
		svg_text(out, x + 10, y, NULL, buf);
	}
	fputs("</svg>\n", out);
}
