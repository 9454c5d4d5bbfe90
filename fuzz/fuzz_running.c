// SPDX-License-Identifier: MIT
/*
 * libFuzzer target for the reconcile: kver_running() over source files
 * whose contents are the input. The first byte's low five bits mark
 * sources as absent (bit 0 uname ... bit 4 vdso); the rest is split at
 * "\n----\n" into the files of uname, osrelease, version, version_signature
 * and vdso, in that order (a missing part is an empty file). The files are
 * memfds, so the real reading code runs without touching the disk.
 *
 * Besides not crashing, the answer must keep the rules of kver.h: no part
 * from a source that disagrees, disagree bits exactly for the sources that
 * contradict the result, the code and flags consistent with the version.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kver.h"

#define MUST(cond)                                                         \
	do {                                                               \
		if (!(cond))                                               \
			abort();                                           \
	} while (0)

#define NSRC (KVER_SRC_COUNT - 1)

static int fds[NSRC];
static char paths[NSRC][64];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	for (int i = 0; i < NSRC; i++) {
		fds[i] = memfd_create("kver-source", MFD_CLOEXEC);
		if (fds[i] < 0)
			abort();
		snprintf(paths[i], sizeof(paths[i]), "/proc/self/fd/%d",
			 fds[i]);
	}
	return 0;
}

static void fill(int i, const uint8_t *p, size_t n)
{
	if (ftruncate(fds[i], 0) != 0 ||
	    (n && pwrite(fds[i], p, n, 0) != (ssize_t)n))
		abort();
}

static int nul_terminated(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

static void check(const struct kver_running *r, int err)
{
	int s;

	MUST(nul_terminated(r->release, sizeof(r->release)));
	for (s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
		const struct kver_source_info *si = &r->src[s];
		int bit = (r->disagree >> s) & 1;

		MUST(si->err <= 0);
		MUST(nul_terminated(si->text, sizeof(si->text)));
		MUST(!si->has_version || si->err == 0);
		MUST(si->err == 0 ? bit == !si->agrees : !bit);
	}
	if (err) {
		MUST(err == KVER_ENOSOURCE);
		for (s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++)
			MUST(r->src[s].err != 0);
		return;
	}
	/* Rule 4: every part comes from a usable source that agrees. */
	MUST(r->src[r->from_major].err == 0 && r->src[r->from_major].agrees);
	MUST(r->src[r->from_patchlevel].err == 0 &&
	     r->src[r->from_patchlevel].agrees);
	MUST(r->src[r->from_sublevel].err == 0 &&
	     r->src[r->from_sublevel].agrees);
	MUST(r->from_major == r->from_patchlevel);
	MUST(r->disagree == 0 || (r->disagree & ~0x3eu) == 0);
	MUST(!(r->flags & KVER_RUN_DISAGREE) == !r->disagree);
	MUST(r->code == kver_code_of(&r->version));
	MUST(!(r->flags & KVER_RUN_CLAMPED) == (r->version.sublevel < 255));
	MUST(!(r->flags & KVER_RUN_SUBLEVEL_MIN) ||
	     r->from_sublevel == KVER_SRC_VDSO);
	/* With a release, it is the text of the source of MAJOR. */
	if (r->release[0])
		MUST(strcmp(r->release, r->src[r->from_major].text) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char sep[] = "\n----\n";
	struct kver_paths p;
	const char *path[NSRC];
	struct kver_running r;
	const uint8_t *at, *end;
	unsigned int absent;
	int i, err;

	if (size < 1)
		return 0;
	absent = data[0];
	at = data + 1;
	end = data + size;
	for (i = 0; i < NSRC; i++) {
		const uint8_t *cut = NULL;
		size_t left = (size_t)(end - at);

		if (left >= sizeof(sep) - 1)
			cut = memmem(at, left, sep, sizeof(sep) - 1);
		if (!cut)
			cut = end;
		fill(i, at, (size_t)(cut - at));
		path[i] = (absent >> i) & 1 ? "" : paths[i];
		at = cut < end ? cut + sizeof(sep) - 1 : end;
	}
	p.uname = path[0];
	p.osrelease = path[1];
	p.proc_version = path[2];
	p.version_signature = path[3];
	p.vdso = path[4];
	err = kver_running(&p, &r);
	check(&r, err);
	return 0;
}
