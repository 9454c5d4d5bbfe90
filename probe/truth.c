// SPDX-License-Identifier: GPL-2.0
/* The release hides the version; see truth.h. */
#include "truth.h"

int truth_hides(const char *release, const char *version)
{
	struct kver r, v;

	if (kver_parse(version, &v) || kver_parse(release, &r))
		return 1;
	return kver_cmp(&r, &v) != 0;
}
