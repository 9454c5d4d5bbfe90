/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a point's names say of its version, and where user space can read
 * it: the one home of the rule "the release hides the version" and of what
 * libkver must then answer. The probe, the guest programs (guest/common),
 * the lab's record of a point (lab/meta.c, hides_version=) and through it
 * the matrix decide it here (docs/architecture.md).
 *
 * A point is built at a version M.P.S (version=, kver.version=) and reports
 * a release (expect=, kver.expect=, what uname -r says). The release hides
 * the version when libkver's reading of it does not give the version's
 * numbers: 6.1.0-75-amd64 (Debian's ABI name) or 6.1.255.45 (the
 * extraversion design) for 6.1.300. The release is then no source of
 * SUBLEVEL, and user space can read the version only
 *  - from a distribution's field: Debian's "Debian M.P.S-R" in the UTS
 *    version (uname -v, /proc/version), which libkver takes from
 *    /proc/version: exactly;
 *  - else from the kernel's own code, the vDSO's note: exactly below 255,
 *    and from 255 on only as "M.P.255 or later" (KVER_RUN_SUBLEVEL_MIN);
 *    6.1.0-1012-oem with an Ubuntu "#12-Ubuntu SMP ..." at 6.1.300 says
 *    6.1.255, SUBLEVEL 255 or more, and that is the right answer.
 */
#ifndef KVER_TRUTH_H
#define KVER_TRUTH_H

#include "kver.h"

/* 1 when release does not carry version's numbers (or does not parse), else 0. */
int truth_hides(const char *release, const char *version);

/* Where libkver takes a point's SUBLEVEL from. */
enum truth_source {
	TRUTH_RELEASE,	/* the release carries it */
	TRUTH_FIELD,	/* a distribution's field: /proc/version's Debian field */
	TRUTH_CODE,	/* the kernel's code alone: the vDSO's note */
};

/* What libkver must answer on a point. */
struct truth_reading {
	enum truth_source from;
	struct kver version;	/* the numbers (nparts 3, no suffix) */
	int sublevel_min;	/* only "version or later" is known (TRUTH_CODE from 255 on) */
};

/*
 * The reading of the point built at version (M.P.S) that reports release,
 * with the UTS version uts (NULL or "": none that carries a field). 0, or
 * -1 when version does not parse.
 */
int truth_reading(const char *release, const char *version, const char *uts,
		  struct truth_reading *r);

/* "release", "distribution field", "kernel code". */
const char *truth_source_name(enum truth_source from);

#endif
