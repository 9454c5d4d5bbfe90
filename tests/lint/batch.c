// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lint-batch CASES OUTDIR: kver-lint's main() once per case, in one
 * process, for valgrind (tests/batch.h says how).
 */
#define main kver_lint_main
#include "../../lint/main.c"
#undef main

#define KVER_BATCH_MAIN
#include "batch.h"

int main(int argc, char **argv)
{
	return batch_run(argc, argv, "kver-lint", kver_lint_main);
}
