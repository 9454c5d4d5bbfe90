/* SPDX-License-Identifier: MIT */
/*
 * kver.h as old code includes it: this file is compiled as C89, C99, C11,
 * C17 and C++98 to C++20, each with -pedantic -Werror (see check.sh).
 * It uses the types, constants and calls a caller would.
 */
#include "kver.h"

int main(void)
{
	struct kver v;
	struct kver_running r;
	enum kver_source s = KVER_SRC_UNAME;
	int err = kver_parse("6.1.0-27-amd64", &v);

	if (err == KVER_ENOTREG || s == KVER_SRC_NONE)
		return 2;
	if (kver_running((const struct kver_paths *)0, &r) != 0)
		return 1;
	return kver_code_of(&v) == KVER_DECODE_SUBLEVEL_MIN;
}
