// SPDX-License-Identifier: GPL-2.0
/*
 * kver-matrix: the command on its own (main.c has it, for kver-lab too).
 */
#include "matrix.h"

int main(int argc, char **argv)
{
	return matrix_main(argc, argv);
}
