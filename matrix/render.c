// SPDX-License-Identifier: GPL-2.0
/*
 * kver-matrix: the matrix on the terminal, in Markdown, as SVG and as JSON.
 * All four read the same judged cells.
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "matrix.h"
#include "point_json.h"
#include "term.h"

#define COLS (2 + CHECK_COUNT)

/* Points of one tree: [first, end). */
size_t matrix_tree_end(const struct matrix *m, size_t first)
{
	size_t i = first;

	while (i < m->npoints && !strcmp(m->points[i].tree, m->points[first].tree))
		i++;
	return i;
}

static int first_of_variant(const struct matrix *m, size_t i)
{
	return i == 0 || strcmp(m->points[i - 1].series, m->points[i].series) ||
	       strcmp(m->points[i - 1].tree, m->points[i].tree);
}

static void sublevel_label(const struct point *p, char *buf, size_t size)
{
	snprintf(buf, size, "%u%s", p->truth.sublevel, p->own ? " own" : "");
}

static const char *tree_headline(const struct point *p, char *buf, size_t size)
{
	snprintf(buf, size, "%s: linux-source-%s %s (Makefile %s)", p->tree, p->tree,
		 p->package[0] ? p->package : "?", p->makefile);
	return buf;
}

/* ---- terminal ------------------------------------------------------------ */

static const char *ansi(enum verdict v)
{
	switch (v) {
	case VERDICT_OK: return TERM_OK;
	case VERDICT_FAIL: return TERM_FAIL;
	case VERDICT_NA: return TERM_SKIP;
	default: return TERM_NODATA;
	}
}

static void cell_text(const struct cell *c, int compared, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s", c->text, compared && c->differs ? " !" : "");
}

static int text_width(const char *s)
{
	return (int)strlen(s);
}

/*
 * Each column's width in one tree's table (points first to end): the widest
 * of its title and its cells, as WIDTH measures text (characters on the
 * terminal, pixels in the SVG).
 */
static void column_widths(const struct matrix *m, size_t first, size_t end, int compared,
			  int (*width)(const char *), int *w)
{
	char buf[160];

	w[0] = width("variant");
	w[1] = width("SUBLEVEL");
	for (int c = 0; c < CHECK_COUNT; c++)
		w[2 + c] = width(matrix_checks[c].id);
	for (size_t i = first; i < end; i++) {
		const struct point *p = &m->points[i];

		if (width(p->series) > w[0])
			w[0] = width(p->series);
		sublevel_label(p, buf, sizeof(buf));
		if (width(buf) > w[1])
			w[1] = width(buf);
		for (int c = 0; c < CHECK_COUNT; c++) {
			cell_text(&p->cells[c], compared, buf, sizeof(buf));
			if (width(buf) > w[2 + c])
				w[2 + c] = width(buf);
		}
	}
}

static void pad(FILE *out, size_t n)
{
	while (n--)
		fputc(' ', out);
}

void render_terminal(const struct matrix *m, const struct render_opts *o, FILE *out)
{
	for (size_t first = 0; first < m->npoints;) {
		size_t end = matrix_tree_end(m, first);
		int w[COLS];
		char buf[160];

		column_widths(m, first, end, o->compared, text_width, w);
		fprintf(out, "%s%s%s\n", o->color ? TERM_BOLD : "",
			tree_headline(&m->points[first], buf, sizeof(buf)), o->color ? TERM_RESET : "");
		fprintf(out, "%-*s  %-*s", (int)w[0], "variant", (int)w[1], "SUBLEVEL");
		for (int c = 0; c < CHECK_COUNT; c++)
			fprintf(out, "  %-*s", c + 1 < CHECK_COUNT ? (int)w[2 + c] : 0,
				matrix_checks[c].id);
		fputc('\n', out);
		for (size_t i = first; i < end; i++) {
			const struct point *p = &m->points[i];

			fprintf(out, "%-*s  ", (int)w[0], first_of_variant(m, i) ? p->series : "");
			sublevel_label(p, buf, sizeof(buf));
			fprintf(out, "%-*s", (int)w[1], buf);
			for (int c = 0; c < CHECK_COUNT; c++) {
				const struct cell *cl = &p->cells[c];

				cell_text(cl, o->compared, buf, sizeof(buf));
				fputs("  ", out);
				if (o->color)
					fprintf(out, "%s%s%s" TERM_RESET, cl->differs && o->compared ?
						TERM_REVERSE : "", ansi(cl->verdict), buf);
				else
					fputs(buf, out);
				if (c + 1 < CHECK_COUNT)
					pad(out, (size_t)w[2 + c] - strlen(buf));
			}
			fputc('\n', out);
		}
		fputc('\n', out);
		first = end;
	}
	if (o->compared)
		fprintf(out, "%zu cell%s differ%s from the expected verdicts%s\n", o->differences,
			o->differences == 1 ? "" : "s", o->differences == 1 ? "s" : "",
			o->differences ? " (marked !)" : "");
}

/* ---- Markdown -------------------------------------------------------------- */

static void md_escape(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|' || *s == '*' || *s == '_' || *s == '<' || *s == '`' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
}

/* A row's first two cells: the variant (on its first row) and the SUBLEVEL. */
static void md_row_start(FILE *out, const struct matrix *m, size_t i)
{
	const struct point *p = &m->points[i];
	char buf[64];

	fputs("| ", out);
	md_escape(out, first_of_variant(m, i) ? p->series : "");
	fputs(" | ", out);
	sublevel_label(p, buf, sizeof(buf));
	fprintf(out, "%s |", buf);
}

static void md_cell(FILE *out, const struct cell *c, int compared)
{
	fputs(" ", out);
	switch (c->verdict) {
	case VERDICT_OK:
		md_escape(out, c->text);
		break;
	case VERDICT_FAIL:
		fputs("**✗ ", out);
		md_escape(out, c->text);
		fputs("**", out);
		break;
	case VERDICT_NA:
		fputs("– ", out);
		md_escape(out, c->text);
		break;
	default:
		fputs("**no data**: ", out);
		md_escape(out, c->text);
		break;
	}
	if (compared && c->differs) {
		if (c->has_expected)
			fprintf(out, " ⚠ expected %s", verdict_name(c->expected));
		else
			fputs(" ⚠ no expected verdict", out);
	}
	fputs(" |", out);
}

static void md_value(FILE *out, const struct point *p, const char *key)
{
	const char *v = boot_value(&p->boot, key);

	fputs(" ", out);
	if (!v)
		fputs("–", out);
	else if (value_absent(v))
		fputs(KVER_VALUE_ABSENT, out);
	else
		md_escape(out, v);
	fputs(" |", out);
}

static void cost_lines(const struct matrix *m, const struct render_opts *o, FILE *out,
		       const char *prefix)
{
	long build = 0, guest = 0, boot = 0;
	size_t timed = 0;

	for (size_t i = 0; i < m->npoints; i++) {
		const struct point *p = &m->points[i];

		if (p->build_s < 0 || p->guest_s < 0 || p->boot_s < 0)
			continue;
		timed++;
		build += p->build_s;
		guest += p->guest_s;
		boot += p->boot_s;
	}
	fprintf(out, "%s%zu point%s", prefix, m->npoints, m->npoints == 1 ? "" : "s");
	if (timed)
		fprintf(out, "; kernel build %ld s, guest programs %ld s, boot %ld s "
			"(per point %.1f s on average)",
			build, guest, boot, (double)(build + guest + boot) / (double)timed);
	fputc('\n', out);
	if (o->wall_s >= 0)
		fprintf(out, "%stotal wall time %ld s (%.1f min)\n", prefix, o->wall_s,
			(double)o->wall_s / 60.0);
	if (o->full_builds >= 0)
		fprintf(out, "%sfull (cold) kernel builds: %d; incremental: %d\n", prefix,
			o->full_builds, o->incremental_builds < 0 ? 0 : o->incremental_builds);
}

void render_markdown(const struct matrix *m, const struct render_opts *o, FILE *out)
{
	char buf[160];

	fputs("# kver variant matrix\n\n", out);
	fputs("Each design built from Debian's tree, booted in QEMU at each SUBLEVEL and read "
	      "back. One row per (variant, SUBLEVEL), one column per check: `ok`, or what "
	      "went wrong.\n\n", out);
	for (size_t first = 0; first < m->npoints;) {
		size_t end = matrix_tree_end(m, first);

		fprintf(out, "## %s\n\n", tree_headline(&m->points[first], buf, sizeof(buf)));
		fputs("| variant | SUBLEVEL |", out);
		for (int c = 0; c < CHECK_COUNT; c++)
			fprintf(out, " %s |", matrix_checks[c].id);
		fputs("\n|---|---|", out);
		for (int c = 0; c < CHECK_COUNT; c++)
			fputs("---|", out);
		fputc('\n', out);
		for (size_t i = first; i < end; i++) {
			const struct point *p = &m->points[i];

			md_row_start(out, m, i);
			for (int c = 0; c < CHECK_COUNT; c++)
				md_cell(out, &p->cells[c], o->compared);
			fputc('\n', out);
		}
		fprintf(out, "\n### Values read back (%s)\n\n", m->points[first].tree);
		fputs("| variant | SUBLEVEL | uname | vDSO | V4L2 | media | media driver | CEC "
		      "| USB bcdDevice | UNAME26 | headers code | KERNEL_VERSION(M,P,S) "
		      "| LINUX_VERSION_SUBLEVEL | 2020 decoder sees |\n", out);
		fputs("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n", out);
		for (size_t i = first; i < end; i++) {
			const struct point *p = &m->points[i];

			md_row_start(out, m, i);
			md_value(out, p, KVER_KEY_UNAME_RELEASE);
			for (int ch = 0; ch < CH_COUNT; ch++)
				md_value(out, p, channel_keys[ch]);
			md_value(out, p, KVER_KEY_USB_BCD);
			md_value(out, p, KVER_KEY_UNAME26);
			md_value(out, p, KVER_KEY_HEADERS_CODE);
			md_value(out, p, KVER_KEY_HEADERS_KERNEL_VERSION);
			md_value(out, p, KVER_KEY_HEADERS_SUBLEVEL);
			legacy_belief(p, buf, sizeof(buf));
			fprintf(out, " %s |\n", buf[0] ? buf : "–");
		}
		fputc('\n', out);
		first = end;
	}
	fputs("## Checks\n\n", out);
	for (int c = 0; c < CHECK_COUNT; c++)
		fprintf(out, "- **%s**: %s.\n", matrix_checks[c].id, matrix_checks[c].title);
	fputs("\n`own` marks the tree's own SUBLEVEL. `n/a`: the kernel does not offer what "
	      "the check reads.", out);
	if (o->compared)
		fprintf(out, " ⚠ marks a cell that differs from the expected verdict "
			"(%zu in all).", o->differences);
	fputs("\n\n## Cost\n\n", out);
	cost_lines(m, o, out, "- ");
}

/* ---- SVG ------------------------------------------------------------------- */

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

/* ---- JSON ------------------------------------------------------------------ */

/* A number, or null when it is not known (negative). */
static void json_known(struct json *j, const char *key, long v)
{
	if (v < 0)
		json_null(j, key);
	else
		json_int(j, key, v);
}

/* What the matrix adds to a point's JSON (docs/results-schema.md): its row and cells. */
static void point_matrix_json(struct json *j, const struct point *p, int compared)
{
	char legacy[64];

	legacy_belief(p, legacy, sizeof(legacy));
	json_object(j, "matrix");
	json_string(j, "row", p->series);
	json_bool(j, "own", p->own);
	json_string(j, "legacy_decoder", legacy[0] ? legacy : NULL);
	json_string(j, "problem", p->problem[0] ? p->problem : NULL);
	json_object(j, "cells");
	for (int c = 0; c < CHECK_COUNT; c++) {
		const struct cell *cl = &p->cells[c];

		json_object(j, matrix_checks[c].id);
		json_string(j, "verdict", verdict_name(cl->verdict));
		json_string(j, "text", cl->text);
		if (compared) {
			json_string(j, "expected",
				    cl->has_expected ? verdict_name(cl->expected) : NULL);
			json_bool(j, "differs", cl->differs);
		}
		json_end(j);
	}
	json_end(j);
	json_end(j);
}

void render_json(const struct matrix *m, const struct render_opts *o, FILE *out)
{
	long build = 0, guest = 0, boot = 0;
	struct json j;

	json_start(&j, out, JSON_INDENT);
	json_object(&j, NULL);
	json_array(&j, "checks");
	for (int c = 0; c < CHECK_COUNT; c++) {
		json_object(&j, NULL);
		json_string(&j, "id", matrix_checks[c].id);
		json_string(&j, "title", matrix_checks[c].title);
		json_end(&j);
	}
	json_end(&j);
	json_array(&j, "points");
	for (size_t i = 0; i < m->npoints; i++) {
		const struct point *p = &m->points[i];

		if (p->build_s > 0)
			build += p->build_s;
		if (p->guest_s > 0)
			guest += p->guest_s;
		if (p->boot_s > 0)
			boot += p->boot_s;
		json_object(&j, NULL);
		point_json(&j, &p->boot);
		point_matrix_json(&j, p, o->compared);
		json_end(&j);
	}
	json_end(&j);
	json_object(&j, "cost");
	json_uint(&j, "points", m->npoints);
	json_int(&j, "build_s", build);
	json_int(&j, "guest_s", guest);
	json_int(&j, "boot_s", boot);
	json_known(&j, "wall_s", o->wall_s);
	json_known(&j, "full_builds", o->full_builds);
	json_known(&j, "incremental_builds", o->incremental_builds);
	json_end(&j);
	json_bool(&j, "compared", o->compared);
	json_uint(&j, "differences", o->compared ? o->differences : 0);
	json_end(&j);
	json_finish(&j);
}
