/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the guest programs of the libbpf and perf plugins compare with: the
 * release the lab expects (KVER_EXPECT, else uname(2)), the real version
 * (KVER_VERSION, else the release's numbers: a Debian-style release such
 * as 6.1.0-75-amd64 hides it) and its LINUX_VERSION_CODE as the kernel
 * encodes it, checked against the vDSO's "Linux" note. Parsing and encoding
 * are libkver's.
 */
#ifndef GUEST_EXPECT_H
#define GUEST_EXPECT_H

#include <stdint.h>
#include <sys/utsname.h>

struct guest_expect {
	struct utsname uts;	/* what uname(2) says */
	const char *release;	/* KVER_EXPECT, else uts.release */
	const char *version;	/* KVER_VERSION, else release */
	int hidden;		/* the release does not carry the version */
	uint32_t code;		/* the clamped encoding of version */
	uint32_t note;		/* the vDSO note, 0 without one */
};

/*
 * Fills e and prints it as a TAP comment. On failure (uname fails, the
 * release does not parse, the vDSO note is not the clamped encoding of it)
 * prints a "Bail out!" line and returns -1.
 */
int guest_expect(struct guest_expect *e);

#endif
