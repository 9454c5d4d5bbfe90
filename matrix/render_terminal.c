// SPDX-License-Identifier: GPL-2.0
/* kver-matrix: the matrix on the terminal, a table per tree, in colour when asked. */
#include <string.h>

#include "render.h"
#include "term.h"

static const char *ansi(enum verdict v)
{
	switch (v) {
	case VERDICT_OK: return TERM_OK;
	case VERDICT_FAIL: return TERM_FAIL;
	case VERDICT_NA: return TERM_SKIP;
	default: return TERM_NODATA;
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
