// SPDX-License-Identifier: MIT
/* kver: the command itself is kver_main (kver.c), which its tests run in one process too. */
#include "cli.h"

int main(int argc, char **argv)
{
	return kver_main(argc, argv);
}
