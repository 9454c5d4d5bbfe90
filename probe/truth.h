/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a point's names say of its version: the one home of the rule "the
 * release hides the version". The probe, the guest programs (guest/common)
 * and the matrix decide it here (docs/architecture.md).
 *
 * A point is built at a version M.P.S (version=, kver.version=) and reports
 * a release (expect=, kver.expect=, what uname -r says). The release hides
 * the version when libkver's reading of it does not give the version's
 * numbers: 6.1.0-75-amd64 (Debian's ABI name) or 6.1.255.45 (the
 * extraversion design) for 6.1.300. The release is then no source of
 * SUBLEVEL.
 */
#ifndef KVER_TRUTH_H
#define KVER_TRUTH_H

#include "kver.h"

/* 1 when release does not carry version's numbers (or does not parse), else 0. */
int truth_hides(const char *release, const char *version);

#endif
