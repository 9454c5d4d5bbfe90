/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kver-matrix's unit tests (matrix_test.c has main): hand-made points and
 * the check of a cell (points.c), the expected file's and the renderers'
 * tests (render_test.c).
 */
#ifndef KVER_MATRIX_TEST_POINTS_H
#define KVER_MATRIX_TEST_POINTS_H

#include <stdint.h>

#include "kver_test.h"
#include "matrix.h"

/* One probe log for a point whose every channel carries code, and whose
 * headers say hcode, kernel_version kv and sublevel hsub ("" = absent). */
struct spec {
	const char *tree, *makefile, *series, *release;
	unsigned int sublevel;
	uint32_t code, hcode, kv;
	const char *hsub;
	const char *bcd, *uname26;
	const char *extra;	/* more log lines, or NULL */
	int unfinished;
};

/* Add a point made from s to m (a failed CHECK when it does not load). */
void add_point(struct matrix *m, const struct spec *s);
/* The cell of (series, sublevel, check) after judging must have verdict v and text. */
void expect_cell(const struct matrix *m, const char *series, unsigned int sub,
		 enum check c, enum verdict v, const char *text, int line);
#define EXPECT(m, s, n, c, v, t) expect_cell(m, s, n, c, v, t, __LINE__)
/* The code as kernels before the clamp made it. */
static inline uint32_t k(uint32_t a, uint32_t b, uint32_t c)
{
	return kver_code_unclamped(a, b, c);
}
/* Every design at 6.1's points, with the values its kernel would show. */
void build_designs(struct matrix *m);

/* render_test.c */
void test_expected(void);
void test_compare_and_render(void);

#endif
