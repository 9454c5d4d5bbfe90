// SPDX-License-Identifier: MIT
/* kver code VERSION: the LINUX_VERSION_CODE the kernel would use. */
#include "cli.h"

int cmd_code(const struct opts *o, int argc, char **argv)
{
	struct kver v, back;
	uint32_t code, old;
	char num[160], back_s[64], shown[48];
	int clamped, overflow, extra = 0;
	unsigned int i;

	if (argc != 1)
		return fail(EXIT_USAGE, "code: expects one VERSION (try kver --help)");
	if (parse_arg("code", argv[0], &v))
		return EXIT_USAGE;
	code = kver_code_of(&v);
	old = kver_code_unclamped(v.major, v.patchlevel, v.sublevel);
	clamped = v.sublevel > 255;
	overflow = kver_code_overflows(&v);
	for (i = 3; i < v.nparts; i++)
		extra |= v.extra[i - 3] != 0;
	numbers(&v, num, sizeof(num));
	kver_decode(code, &back);
	numbers(&back, back_s, sizeof(back_s));

	if (o->json) {
		struct json j;

		json_begin(&j);
		json_string(&j, "input", argv[0]);
		json_version(&j, &v);
		json_uint(&j, "code", code);
		snprintf(back_s, sizeof(back_s), "0x%x", (unsigned)code);
		json_string(&j, "code_hex", back_s);
		json_bool(&j, "clamped", clamped);
		json_bool(&j, "overflow", overflow);
		json_bool(&j, "exact", kver_code_exact(&v));
		if (clamped && !overflow && v.patchlevel < 0xff) {
			snprintf(back_s, sizeof(back_s), "0x%x", (unsigned)old);
			json_string(&j, "unclamped_hex", back_s);
		}
		json_done(&j);
	} else {
		printf("version   %s", num);
		if (v.is_rc)
			printf(" release candidate %u", (unsigned)v.rc);
		printf("\ncode      0x%x (%u)\n", (unsigned)code, (unsigned)code);
		if (overflow)
			printf("overflow  yes: PATCHLEVEL above 255 or MAJOR above "
			       "65535 does not fit; the code reads as %s\n",
			       back_s);
		if (clamped) {
			printf("clamped   yes: SUBLEVEL %u is stored as 255; every "
			       "%u.%u.x from %u.%u.255 up shares this code\n",
			       (unsigned)v.sublevel, (unsigned)v.major,
			       (unsigned)v.patchlevel, (unsigned)v.major,
			       (unsigned)v.patchlevel);
			if (!overflow && v.patchlevel < 0xff) {
				kver_decode(old, &back);
				numbers(&back, back_s, sizeof(back_s));
				printf("unclamped 0x%x before the 2021 clamp, "
				       "which reads as %s\n",
				       (unsigned)old, back_s);
			}
		} else if (v.sublevel == 255) {
			printf("clamped   no, but 255 is where the clamp lands: "
			       "every %u.%u.x from here up shares this code\n",
			       (unsigned)v.major, (unsigned)v.patchlevel);
		} else {
			printf("clamped   no\n");
		}
		if (extra)
			printf("note      the parts after SUBLEVEL are not encoded\n");
	}
	if (overflow)
		return fail(EXIT_NO, "code: '%s': the code overflows and reads "
			    "as another version",
			    clean(argv[0], shown, sizeof(shown)));
	return EXIT_OK;
}
