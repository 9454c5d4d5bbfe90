// SPDX-License-Identifier: MIT
/* kver: the running kernel, and where each part came from. */
#include "cli.h"

int cmd_show(const struct opts *o)
{
	struct kver_running r;
	char num[160], what[256];
	int err = read_running(o, &r);

	if (err && err != KVER_ENOSOURCE)
		return EXIT_USAGE;
	if (o->json) {
		struct json j;

		json_begin(&j);
		json_running(&j, &r, err);
		json_done(&j);
		if (err)
			return no_source(&r, EXIT_NO);
		warn_disagree(&r);
		return EXIT_OK;
	}
	if (err)
		return no_source(&r, EXIT_NO);
	numbers(&r.version, num, sizeof(num));
	printf("release   %s\n", r.release[0] ? r.release : "(none)");
	printf("version   %s%s\n", num,
	       (r.flags & KVER_RUN_SUBLEVEL_MIN) ? " (SUBLEVEL 255 or more)" :
						   "");
	printf("code      0x%x (%u)%s\n", (unsigned)r.code, (unsigned)r.code,
	       (r.flags & KVER_RUN_CLAMPED) ? ", SUBLEVEL clamped to 255" : "");
	printf("from      major: %s, patchlevel: %s, sublevel: %s\n",
	       kver_source_name(r.from_major),
	       kver_source_name(r.from_patchlevel),
	       kver_source_name(r.from_sublevel));
	printf("sources\n");
	for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
		const struct kver_source_info *si = &r.src[s];

		source_text(&r, s, what, sizeof(what));
		printf("  %-18s %s%s\n", kver_source_name(s), what,
		       si->err == 0 && !si->agrees ? "  <- disagrees" : "");
	}
	if (r.flags & KVER_RUN_DISTRO_ABI)
		printf("note      uname shows the distribution's ABI number "
		       "where SUBLEVEL goes\n");
	if (r.flags & KVER_RUN_UNCLAMPED_KERNEL)
		printf("note      this kernel encodes SUBLEVEL without the "
		       "clamp: its code reads as a later PATCHLEVEL\n");
	warn_disagree(&r);
	return EXIT_OK;
}
