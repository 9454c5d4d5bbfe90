/* Refused without LINUX_VERSION_SUBLEVEL on a kernel that reads 5.4.255: KVER_BELOW in #elif. */
#include "kver_compat.h"

#if KVER_AT_LEAST(5, 5, 0)
int newer;
#elif KVER_BELOW(5, 4, 256)
int older;
#endif
int unused;
