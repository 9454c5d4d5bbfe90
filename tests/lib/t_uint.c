// SPDX-License-Identifier: MIT
/* kver_parse_uint: the strict decimal the lab uses for SUBLEVEL arguments. */
#include <string.h>

#include "harness.h"
#include "kver.h"

struct uint_case {
	const char *s;
	uint32_t max;
	int err;
	uint32_t value;
};

static const struct uint_case cases[] = {
	{ "0", UINT32_MAX, 0, 0 },
	{ "7", UINT32_MAX, 0, 7 },
	{ "255", UINT32_MAX, 0, 255 },
	{ "256", UINT32_MAX, 0, 256 },
	{ "4294967295", UINT32_MAX, 0, 4294967295u },
	{ "4294967296", UINT32_MAX, KVER_ERANGE, 0 },
	{ "99999999999999999999999", UINT32_MAX, KVER_ERANGE, 0 },
	{ "255", 255, 0, 255 },
	{ "256", 255, KVER_ERANGE, 0 },
	{ "0", 0, 0, 0 },
	{ "1", 0, KVER_ERANGE, 0 },
	{ "", UINT32_MAX, KVER_EEMPTY, 0 },
	{ "abc", UINT32_MAX, KVER_ENOTNUM, 0 },
	{ "-1", UINT32_MAX, KVER_ENOTNUM, 0 },
	{ "+1", UINT32_MAX, KVER_ENOTNUM, 0 },
	{ " 1", UINT32_MAX, KVER_ENOTNUM, 0 },
	{ "1 ", UINT32_MAX, KVER_ENOTNUM, 0 },
	{ "1\n", UINT32_MAX, KVER_ENOTNUM, 0 },
	{ "12a", UINT32_MAX, KVER_ENOTNUM, 0 },
	{ "0x10", UINT32_MAX, KVER_ENOTNUM, 0 },
	{ "1.5", UINT32_MAX, KVER_ENOTNUM, 0 },
	{ "08", UINT32_MAX, KVER_ELEADZERO, 0 },
	{ "00", UINT32_MAX, KVER_ELEADZERO, 0 },
	{ "0000000000000000000001", UINT32_MAX, KVER_ELEADZERO, 0 },
};

/* kver_parse_code: a decimal number or 0x and hexadecimal digits. */
static const struct uint_case codes[] = {
	{ "0x601ff", 0, 0, 0x601ff },
	{ "0x601FF", 0, 0, 0x601ff },
	{ "0X0504FF", 0, 0, 0x504ff },
	{ "0xffffffff", 0, 0, 0xffffffffu },
	{ "0x100000000", 0, KVER_ERANGE, 0 },
	{ "0x", 0, KVER_ENOTNUM, 0 },
	{ "0x60g", 0, KVER_ENOTNUM, 0 },
	{ "393727", 0, 0, 393727 },
};

void test_uint(void)
{
	size_t i;
	uint32_t v;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct uint_case *c = &cases[i];
		int err;

		v = 12345;
		err = kver_parse_uint(c->s, c->max, &v);
		CHECK(err == c->err, "'%s' max %u: got %d (%s), want %d", c->s,
		      c->max, err, kver_strerror(err), c->err);
		if (c->err == 0)
			CHECK(v == c->value, "'%s': value %u", c->s, v);
		else
			CHECK(v == 12345, "'%s': out written on error", c->s);
	}
	CHECK(kver_parse_uint(NULL, 1, &v) == KVER_EINVAL, "NULL string");

	/* A code as /proc or a vDSO dump gives it: hexadecimal in either case, to 32 bits. */
	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		int err;

		v = 12345;
		err = kver_parse_code(codes[i].s, &v);
		CHECK(err == codes[i].err && (err || v == codes[i].value),
		      "code '%s': got %d (%s), value 0x%x", codes[i].s, err, kver_strerror(err),
		      (unsigned)v);
	}
	CHECK(kver_parse_uint("1", 1, NULL) == KVER_EINVAL, "NULL out");

	/* Each error is a short, distinct phrase. */
	CHECK(strcmp(kver_strerror(KVER_EEMPTY), "empty") == 0, "empty");
	CHECK(strcmp(kver_strerror(KVER_ENOTNUM), "not a number") == 0,
	      "not a number");
	CHECK(strcmp(kver_strerror(KVER_ELEADZERO), "leading zero") == 0,
	      "leading zero");
	CHECK(strcmp(kver_strerror(KVER_ERANGE), "out of range") == 0,
	      "out of range");
	for (int a = KVER_ENOSOURCE; a <= 0; a++)
		for (int b = a + 1; b <= 0; b++)
			CHECK(strcmp(kver_strerror(a), kver_strerror(b)) != 0,
			      "errors %d and %d read the same", a, b);
	CHECK(strcmp(kver_strerror(-1000), "unknown error") == 0, "unknown");
	CHECK(strcmp(kver_strerror(1), "unknown error") == 0, "positive");
}
