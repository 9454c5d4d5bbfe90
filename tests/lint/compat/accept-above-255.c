/* Compiles with LINUX_VERSION_SUBLEVEL: SUBLEVELs above 255 are fine there. */
#include "kver_compat.h"

#if !KVER_FULL_VERSION
#error "this case is for kernels with LINUX_VERSION_SUBLEVEL"
#endif

#if KVER_AT_LEAST(5, 4, 260)
int newer;
#elif KVER_BELOW(5, 4, 256)
int older;
#endif

int pick(void);
int pick(void)
{
	return KVER_AT_LEAST(5, 4, 300) + KVER_BELOW(5, 4, 65535);
}

const int old_kernel = KVER_BELOW(5, 4, 65535);
