// SPDX-License-Identifier: GPL-2.0
/* The expected version of the guest programs; see expect.h. */
#include <stdio.h>
#include <stdlib.h>

#include "expect.h"
#include "tap.h"
#include "kver.h"
#include "truth.h"

int guest_expect(struct guest_expect *e)
{
	struct kver v, r;
	int err;

	if (uname(&e->uts)) {
		printf("Bail out! uname failed\n");
		return -1;
	}
	e->release = getenv("KVER_EXPECT");
	if (!e->release || !*e->release)
		e->release = e->uts.release;
	e->version = getenv("KVER_VERSION");
	if (!e->version || !*e->version)
		e->version = e->release;
	err = kver_parse(e->version, &v);
	if (err) {
		printf("Bail out! cannot parse version \"%s\": %s\n",
		       e->version, kver_strerror(err));
		return -1;
	}
	e->hidden = truth_hides(e->release, e->version);
	e->release_code = e->hidden && !kver_parse(e->release, &r) ?
			  kver_code_of(&r) : kver_code_of(&v);
	e->code = kver_code_of(&v);
	if (kver_vdso_code(&e->note))
		e->note = 0;
	printf("# release %s (uname %s), version %s: expected LINUX_VERSION_CODE %#x, vDSO note %#x\n",
	       e->release, e->uts.release, e->version, e->code, e->note);
	if (e->note && e->note != e->code) {
		printf("Bail out! the vDSO note %#x is not the clamped encoding of %s\n",
		       e->note, e->version);
		return -1;
	}
	return 0;
}

int guest_check(const struct guest_expect *e, int n, uint32_t got,
		const char *what)
{
	printf("# %s: %#x (%u.%u.%u), expected %#x (%u.%u.%u)\n", what, got,
	       got >> 16, (got >> 8) & 0xff, got & 0xff, e->code, e->code >> 16,
	       (e->code >> 8) & 0xff, e->code & 0xff);
	if (e->hidden && e->release_code != e->code && got == e->release_code)
		return guest_result(n, 1,
				    "%s # SKIP release %s hides version %s, and the tool reads the release",
				    what, e->release, e->version);
	return guest_result(n, got == e->code, "%s", what);
}
