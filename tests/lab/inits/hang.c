// SPDX-License-Identifier: GPL-2.0
/* A guest /init that never finishes: the lab must report a hung guest. */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	puts("hang: sleeping forever");
	fflush(stdout);
	for (;;)
		pause();
}
