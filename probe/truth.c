// SPDX-License-Identifier: GPL-2.0
/* The release hides the version, and what libkver can then read; see truth.h. */
#include <stdio.h>
#include <string.h>

#include "truth.h"

int truth_hides(const char *release, const char *version)
{
	struct kver r, v;

	if (kver_parse(version, &v) || kver_parse(release, &r))
		return 1;
	return kver_cmp(&r, &v) != 0;
}

/* The same numbers, whatever follows them. */
static int same_numbers(const struct kver *a, const struct kver *b)
{
	struct kver x = *a, y = *b;

	x.is_rc = y.is_rc = 0;
	return kver_cmp(&x, &y) == 0;
}

int truth_reading(const char *release, const char *version, const char *uts,
		  struct truth_reading *r)
{
	struct kver v, field;
	char line[256];

	memset(r, 0, sizeof(*r));
	if (kver_parse(version, &v))
		return -1;
	kver_set(&r->version, v.major, v.patchlevel, v.sublevel);
	r->from = TRUTH_RELEASE;
	if (!truth_hides(release, version))
		return 0;
	/* The UTS version as /proc/version carries it, after the release. */
	snprintf(line, sizeof(line), "Linux version %s %s", release, uts ? uts : "");
	if (uts && uts[0] && kver_debian_field(line, &field) == 0 && same_numbers(&field, &v)) {
		r->from = TRUTH_FIELD;
		return 0;
	}
	r->from = TRUTH_CODE;
	r->sublevel_min = kver_decode(kver_code_of(&v), &r->version) == KVER_DECODE_SUBLEVEL_MIN;
	return 0;
}

const char *truth_source_name(enum truth_source from)
{
	switch (from) {
	case TRUTH_FIELD:
		return "distribution field";
	case TRUTH_CODE:
		return "kernel code";
	default:
		return "release";
	}
}
