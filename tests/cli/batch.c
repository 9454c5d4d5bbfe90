// SPDX-License-Identifier: MIT
/*
 * kver-batch CASES OUTDIR: the kver command's main() once per case, in one
 * process, for valgrind (tests/batch.h says how).
 */
#include "../../cli/cli.h"

#define KVER_BATCH_MAIN
#include "batch.h"

int main(int argc, char **argv)
{
	return batch_run(argc, argv, "kver", kver_main);
}
