/* Refused without LINUX_VERSION_SUBLEVEL on a kernel that reads 5.4.255: SUBLEVEL 260 in #if. */
#include "kver_compat.h"

#if KVER_AT_LEAST(5, 4, 260)
int newer;
#endif
int unused;
