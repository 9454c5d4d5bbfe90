/* Must not compile without LINUX_VERSION_SUBLEVEL: SUBLEVEL 260 in #if. */
#include "kver_compat.h"

#if KVER_AT_LEAST(5, 4, 260)
int newer;
#endif
int unused;
