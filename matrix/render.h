/* SPDX-License-Identifier: GPL-2.0 */
/* What kver-matrix's renderers share (render.c): the layout of the matrix's tables. */
#ifndef KVER_MATRIX_RENDER_H
#define KVER_MATRIX_RENDER_H

#include "matrix.h"

/* The columns of a tree's table: the design, the SUBLEVEL, one per check. */
#define COLS (2 + CHECK_COUNT)

/* Point i starts a design's rows within its tree. */
int first_of_variant(const struct matrix *m, size_t i);
/* "256", "192 own". */
void sublevel_label(const struct point *p, char *buf, size_t size);
/* "6.1: linux-source-6.1 6.1.192-3 (Makefile 6.1.192)", in buf. */
const char *tree_headline(const struct point *p, char *buf, size_t size);
/* A cell's text, " !" after it when it differs from its expected verdict. */
void cell_text(const struct cell *c, int compared, char *buf, size_t size);
/* Characters of a text, the terminal's measure of width. */
int text_width(const char *s);
/*
 * Each column's width in one tree's table (points first to end): the widest
 * of its title and its cells, as width measures text (characters on the
 * terminal, pixels in the SVG).
 */
void column_widths(const struct matrix *m, size_t first, size_t end, int compared,
		   int (*width)(const char *), int *w);

#endif
