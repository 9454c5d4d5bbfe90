// SPDX-License-Identifier: GPL-2.0
/*
 * A guest /init that starts like the probe and then crashes: the lab must
 * report a crashed probe, not a kernel that never reached /init.
 */
#include <signal.h>
#include <stdio.h>

int main(void)
{
	printf("KTAP version 1\n# kver-probe\n1..4\n");
	fflush(stdout);
	raise(SIGSEGV);
	return 0;
}
