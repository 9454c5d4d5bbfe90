/* Compiles everywhere: no SUBLEVEL above 255 (the refused forms at 255). */
#include "kver_compat.h"

#if KVER_AT_LEAST(5, 4, 255)
int newer;
#elif KVER_BELOW(5, 4, 255)
int older;
#endif

int pick(void);
int pick(void)
{
	return KVER_AT_LEAST(5, 4, 255) + KVER_BELOW(5, 4, 200);
}

const int old_kernel = KVER_BELOW(5, 4, 255);
const int sublevel = KVER_SUBLEVEL + KVER_MAJOR + KVER_PATCHLEVEL + KVER_FULL_VERSION;
