/* Must not compile without LINUX_VERSION_SUBLEVEL: a constant initializer. */
#include "kver_compat.h"

const int old_kernel = KVER_BELOW(5, 4, 65535);
