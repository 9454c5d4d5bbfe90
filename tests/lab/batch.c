// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab-batch CASES OUTDIR: kver-lab's main() once per case, in one
 * process, for valgrind (tests/batch.h says how). die() ends a case, not
 * the batch.
 */
#include <stdlib.h>

#include "batch.h"

#define main kver_lab_main
#define exit batch_exit
#include "../../lab/kver-lab.c"
#undef exit
#undef main

#define KVER_BATCH_MAIN
#include "batch.h"

int main(int argc, char **argv)
{
	return batch_run(argc, argv, "kver-lab", kver_lab_main);
}
