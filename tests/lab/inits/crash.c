// SPDX-License-Identifier: GPL-2.0
/*
 * A guest /init that starts like the probe and then crashes: the lab must
 * report a crashed probe, not a kernel that never reached /init.
 */
#include <stdio.h>

#include "protocol.h"

int main(void)
{
	printf("KTAP version 1\n# " KVER_PROBE_NAME "\n1..4\n");
	fflush(stdout);
	/* A fault, not raise(): PID 1 ignores signals sent by user space. */
	*(volatile int *)0 = 1;
	return 0;
}
