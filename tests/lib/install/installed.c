// SPDX-License-Identifier: MIT
/* Built against an installed kver.h and kver.pc: the install works. */
#include <stdio.h>
#include <string.h>

#include <kver.h>

int main(void)
{
	struct kver a, b;
	uint32_t n;

	if (kver_parse("6.1.256", &a) || kver_parse("6.1.300", &b))
		return 1;
	if (kver_code_of(&a) != 0x601ff || !kver_code_collides(&a, &b))
		return 1;
	if (kver_parse_uint("08", 255, &n) != KVER_ELEADZERO ||
	    strcmp(kver_strerror(KVER_ELEADZERO), "leading zero") != 0)
		return 1;
	printf("installed libkver %s: 6.1.256 -> 0x%x\n", KVER_VERSION_STRING,
	       kver_code_of(&a));
	return 0;
}
