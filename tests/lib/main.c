// SPDX-License-Identifier: MIT
/* kver-test [SNAPSHOT-DIR]: every libkver unit test. */
#include <stdio.h>

#include "harness.h"

unsigned int t_passed, t_failed;

int main(int argc, char **argv)
{
	const char *snapshots = argc > 1 ? argv[1] : "tests/lib/snapshots";

	test_parse();
	test_uint();
	test_code();
	test_vdso();
	test_running(snapshots);
	printf("%u passed, %u failed\n", t_passed, t_failed);
	return t_failed ? 1 : 0;
}
