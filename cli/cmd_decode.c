// SPDX-License-Identifier: MIT
/* kver decode CODE: what a code means. */
#include "cli.h"

int cmd_decode(const struct opts *o, int argc, char **argv)
{
	struct kver v;
	uint32_t code;
	char num[64], hex[16];
	int err, min;

	if (argc != 1)
		return fail(EXIT_USAGE, "decode: expects one CODE (try kver --help)");
	err = kver_parse_code(argv[0], &code);
	if (err) {
		char shown[48];

		return fail(EXIT_USAGE, "decode: '%s': %s",
			    clean(argv[0], shown, sizeof(shown)),
			    kver_strerror(err));
	}
	min = kver_decode(code, &v) == KVER_DECODE_SUBLEVEL_MIN;
	numbers(&v, num, sizeof(num));
	snprintf(hex, sizeof(hex), "0x%x", (unsigned)code);

	if (o->json) {
		struct json j;

		json_begin(&j);
		json_uint(&j, "code", code);
		json_string(&j, "code_hex", hex);
		json_version(&j, &v);
		json_bool(&j, "sublevel_exact", !min);
		json_uint(&j, "sublevel_min", v.sublevel);
		json_done(&j);
		return EXIT_OK;
	}
	printf("code      %s (%u)\n", hex, (unsigned)code);
	printf("version   %s\n", num);
	if (min)
		printf("sublevel  255 may stand for any SUBLEVEL >= 255 "
		       "(%u.%u.255, %u.%u.256, ...)\n",
		       (unsigned)v.major, (unsigned)v.patchlevel,
		       (unsigned)v.major, (unsigned)v.patchlevel);
	else
		printf("sublevel  exact\n");
	return EXIT_OK;
}
