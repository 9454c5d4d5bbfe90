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
	uint32_t release_code;	/* the clamped encoding of release */
	uint32_t note;		/* the vDSO note, 0 without one */
};

/*
 * Fills e and prints it as a TAP comment. On failure (uname fails, the
 * release does not parse, the vDSO note is not the clamped encoding of it)
 * prints a "Bail out!" line and returns -1.
 */
int guest_expect(struct guest_expect *e);

/*
 * Prints TAP test n, what, for a code a tool computed: ok when it is e->code;
 * a skip with the reason when the release hides the version and the tool
 * computed the release's code (it read uname(2), which is all it can do on
 * such a kernel); not ok otherwise. Returns 1 for not ok, else 0.
 */
int guest_check(const struct guest_expect *e, int n, uint32_t got,
		const char *what);

#endif
