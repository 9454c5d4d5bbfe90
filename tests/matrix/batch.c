// SPDX-License-Identifier: GPL-2.0
/*
 * kver-matrix-batch CASES OUTDIR: kver-matrix's main() once per case, in
 * one process, for valgrind (tests/batch.h says how).
 */
#define main kver_matrix_main
#include "../../matrix/kver-matrix.c"
#undef main

#define KVER_BATCH_MAIN
#include "batch.h"

int main(int argc, char **argv)
{
	return batch_run(argc, argv, "kver-matrix", kver_matrix_main);
}
