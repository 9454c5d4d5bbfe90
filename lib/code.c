// SPDX-License-Identifier: MIT
/* LINUX_VERSION_CODE: encode, decode, compare. */
#include "kver.h"

uint32_t kver_code(uint32_t major, uint32_t patchlevel, uint32_t sublevel)
{
	/* Same as the kernel's KERNEL_VERSION() since the 2021 clamp. */
	return (major << 16) + (patchlevel << 8) +
	       (sublevel > 255 ? 255 : sublevel);
}

uint32_t kver_code_unclamped(uint32_t major, uint32_t patchlevel,
			     uint32_t sublevel)
{
	/* What kernels did before the clamp, on purpose. */
	return (major << 16) + (patchlevel << 8) + sublevel; /* kver-lint: ignore */
}

uint32_t kver_code_of(const struct kver *v)
{
	return kver_code(v->major, v->patchlevel, v->sublevel);
}

int kver_decode(uint32_t code, struct kver *out)
{
	kver_set(out, code >> 16, (code >> 8) & 0xff, code & 0xff);
	return (code & 0xff) == 0xff ? KVER_DECODE_SUBLEVEL_MIN : 0;
}

int kver_code_exact(const struct kver *v)
{
	unsigned int i;

	if (kver_code_overflows(v) || v->sublevel >= 0xff)
		return 0;
	for (i = 3; i < v->nparts && i < 3 + KVER_EXTRA_MAX; i++)
		if (v->extra[i - 3] != 0)
			return 0;
	return 1;
}

int kver_code_overflows(const struct kver *v)
{
	return v->major > 0xffff || v->patchlevel > 0xff;
}

static int cmp_u32(uint32_t a, uint32_t b)
{
	return a < b ? -1 : a > b;
}

static uint32_t part(const struct kver *v, unsigned int i)
{
	switch (i) {
	case 0: return v->major;
	case 1: return v->patchlevel;
	case 2: return v->sublevel;
	default:
		return i < v->nparts ? v->extra[i - 3] : 0;
	}
}

int kver_cmp(const struct kver *a, const struct kver *b)
{
	unsigned int i;
	int c;

	for (i = 0; i < 3 + KVER_EXTRA_MAX; i++) {
		c = cmp_u32(part(a, i), part(b, i));
		if (c)
			return c;
	}
	/* 6.12.0-rc0 < 6.12.0-rc3 < 6.12.0. */
	if (a->is_rc != b->is_rc)
		return a->is_rc ? -1 : 1;
	return a->is_rc ? cmp_u32(a->rc, b->rc) : 0;
}

int kver_code_collides(const struct kver *a, const struct kver *b)
{
	return kver_cmp(a, b) != 0 && kver_code_of(a) == kver_code_of(b);
}
