/*
 * A SUBLEVEL only known at run time. Without LINUX_VERSION_SUBLEVEL the
 * answer depends on it only on a kernel that reads 5.4.255: there the
 * program does not link (the undefined object names the reason), so no
 * division by zero can run. Elsewhere it links, and answers.
 */
#include <stdio.h>
#include "kver_compat.h"

int at_least(int sublevel);
int at_least(int sublevel)
{
	return KVER_AT_LEAST(5, 4, sublevel);
}

int main(int argc, char **argv)
{
	(void)argv;
	/* 299 + argc: not a constant to the compiler. */
	printf("%d %d %d\n", at_least(100 + argc), at_least(254 + argc), at_least(299 + argc));
	return 0;
}
