// SPDX-License-Identifier: MIT
/* kver-test [SNAPSHOT-DIR]: every libkver unit test. */
#define KVER_TEST_MAIN
#include "harness.h"

int main(int argc, char **argv)
{
	const char *snapshots = argc > 1 ? argv[1] : "tests/lib/snapshots";

	KT_RUN(test_parse());
	KT_RUN(test_uint());
	KT_RUN(test_code());
	KT_RUN(test_vdso());
	KT_RUN(test_vdso_live());
	KT_RUN(test_running(snapshots));
	KT_RUN(test_running_files());
	KT_RUN(test_running_vdso());
	return kt_done();
}
