/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the guest programs of the libbpf and perf plugins compare with: the
 * version the kernel was built as (KVER_VERSION; else the release the lab
 * expects, KVER_EXPECT; else uname(2)) and its LINUX_VERSION_CODE as the
 * kernel encodes it, checked against the vDSO's "Linux" note. A
 * distribution-style kernel's release (6.1.0-75-amd64) does not carry the
 * version; KVER_VERSION (6.1.300) does. Parsing and encoding are libkver's.
 */
#ifndef GUEST_EXPECT_H
#define GUEST_EXPECT_H

#include <stdint.h>
#include <sys/utsname.h>

struct guest_expect {
	struct utsname uts;	/* what uname(2) says */
	const char *release;	/* KVER_EXPECT, else uts.release */
	const char *version;	/* KVER_VERSION, else release */
	uint32_t code;		/* the clamped encoding of version */
	uint32_t release_code;	/* the clamped encoding of release */
	uint32_t note;		/* the vDSO note, 0 without one */
};

/*
 * Fills e and prints it as a TAP comment. On failure (uname fails, the
 * release or version does not parse, the vDSO note is not the clamped
 * encoding of the version) prints a "Bail out!" line and returns -1.
 */
int guest_expect(struct guest_expect *e);

/*
 * Prints TAP test n, what, for a code a tool computed: ok when it is e->code;
 * a skip with the reason when the release does not carry the version and the
 * tool computed the release's code (it read uname(2), which is all it can do
 * on such a kernel); not ok otherwise. Returns 1 for not ok, else 0.
 */
int guest_check(const struct guest_expect *e, int n, uint32_t got,
		const char *what);

#endif
