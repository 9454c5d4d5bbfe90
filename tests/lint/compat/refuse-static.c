/* Refused without LINUX_VERSION_SUBLEVEL on a kernel that reads 5.4.255: a constant initializer. */
#include "kver_compat.h"

const int old_kernel = KVER_BELOW(5, 4, 65535);
