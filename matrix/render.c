// SPDX-License-Identifier: GPL-2.0
/*
 * kver-matrix's renderers share the layout of the matrix: its rows (one
 * per design, the trees apart), its columns and their widths. Each
 * renderer is a file of its own: render_terminal.c, render_markdown.c,
 * render_svg.c, render_json.c (and chart.c); all read the same judged
 * cells.
 */
#include <string.h>

#include "render.h"

/* Points of one tree: [first, end). */
size_t matrix_tree_end(const struct matrix *m, size_t first)
{
	size_t i = first;

	while (i < m->npoints && !strcmp(m->points[i].tree, m->points[first].tree))
		i++;
	return i;
}

int first_of_variant(const struct matrix *m, size_t i)
{
	return i == 0 || strcmp(m->points[i - 1].series, m->points[i].series) ||
	       strcmp(m->points[i - 1].tree, m->points[i].tree);
}

void sublevel_label(const struct point *p, char *buf, size_t size)
{
	snprintf(buf, size, "%u%s", p->truth.sublevel, p->own ? " own" : "");
}

const char *tree_headline(const struct point *p, char *buf, size_t size)
{
	snprintf(buf, size, "%s: linux-source-%s %s (Makefile %s)", p->tree, p->tree,
		 p->package[0] ? p->package : "?", p->makefile);
	return buf;
}

void cell_text(const struct cell *c, int compared, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s", c->text, compared && c->differs ? " !" : "");
}

int text_width(const char *s)
{
	return (int)strlen(s);
}

/*
 * Each column's width in one tree's table (points first to end): the widest
 * of its title and its cells, as WIDTH measures text (characters on the
 * terminal, pixels in the SVG).
 */
void column_widths(const struct matrix *m, size_t first, size_t end, int compared,
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
