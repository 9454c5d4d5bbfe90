/* Refused without LINUX_VERSION_SUBLEVEL on a kernel that reads 5.4.255: a C expression. */
#include "kver_compat.h"

int pick(void);
int pick(void)
{
	if (KVER_AT_LEAST(5, 4, 300))
		return 1;
	return 0;
}
