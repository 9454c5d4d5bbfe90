// SPDX-License-Identifier: MIT
/*
 * libFuzzer target for the text side of libkver: release strings, strict
 * numbers, the distribution fields and code decoding. Besides not crashing,
 * every answer must be self-consistent; a broken invariant aborts.
 */
#include <stdlib.h>
#include <string.h>

#include "kver.h"

#define MUST(cond)                                                         \
	do {                                                               \
		if (!(cond))                                               \
			abort();                                           \
	} while (0)

static void release(const uint8_t *data, size_t size)
{
	struct kver v, w;
	char buf[KVER_RELEASE_MAX + 1];
	int err, n;

	err = kver_parse_n((const char *)data, size, &v);
	MUST(err <= 0 && err >= KVER_ENOSOURCE);
	if (err) {
		static const struct kver zero;

		MUST(memcmp(&v, &zero, sizeof(v)) == 0);
		return;
	}
	MUST(size <= KVER_RELEASE_MAX);
	MUST(v.nparts >= 2 && v.nparts <= 3 + KVER_EXTRA_MAX);
	MUST(kver_cmp(&v, &v) == 0);
	MUST(kver_code_of(&v) ==
	     kver_code(v.major, v.patchlevel, v.sublevel));
	/* The full form is the input, byte for byte, and parses the same. */
	n = kver_format(&v, KVER_FMT_FULL, buf, sizeof(buf));
	MUST(n >= 0 && (size_t)n == size && memcmp(buf, data, size) == 0);
	MUST(kver_parse(buf, &w) == 0 && memcmp(&v, &w, sizeof(v)) == 0);
	/* The numbers alone compare equal to the version, up to -rc. */
	kver_format(&v, KVER_FMT_NUMBERS, buf, sizeof(buf));
	MUST(kver_parse(buf, &w) == 0 && w.rest[0] == '\0');
	v.is_rc = 0;
	MUST(kver_cmp(&v, &w) == 0);
	MUST(v.rc <= KVER_RC_MAX);
}

static void decode(const uint8_t *data, size_t size)
{
	struct kver v;
	uint32_t code;
	int r;

	if (size < 4)
		return;
	memcpy(&code, data, 4);
	r = kver_decode(code, &v);
	MUST(kver_code_of(&v) == code);
	MUST((r == KVER_DECODE_SUBLEVEL_MIN) ==
	     ((code & 0xff) == 0xff)); /* kver-lint: ignore */
	MUST(r == 0 || r == KVER_DECODE_SUBLEVEL_MIN);
	MUST(kver_code_exact(&v) == (r == 0));
}

static void text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	struct kver v;
	uint32_t u, max = UINT32_MAX;
	int err;

	if (!s)
		return;
	memcpy(s, data, size);
	s[size] = '\0';
	if (size > 0)
		max = (uint32_t)data[0] * 0x01010101u;
	err = kver_parse_uint(s, max, &u);
	MUST(err == 0 || err == KVER_EEMPTY || err == KVER_ENOTNUM ||
	     err == KVER_ELEADZERO || err == KVER_ERANGE);
	if (err == 0)
		MUST(u <= max);
	err = kver_debian_field(s, &v);
	MUST(err <= 0);
	err = kver_ubuntu_signature(s, &v);
	MUST(err <= 0);
	err = kver_parse(s, &v);
	MUST(err <= 0);
	free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	release(data, size);
	decode(data, size);
	text(data, size);
	return 0;
}
