// SPDX-License-Identifier: MIT
/* Encoding, decoding, comparison, collisions. */
#include <string.h>

#include "harness.h"
#include "kver.h"

static struct kver V(const char *s)
{
	struct kver v;
	int err = kver_parse(s, &v);

	CHECK(err == 0, "parse %s: %s", s, kver_strerror(err));
	return v;
}

static void check_encode(void)
{
	/* What <linux/version.h>'s KERNEL_VERSION() gives. */
	CHECK(kver_code(4, 9, 255) == 0x409ff, "4.9.255");
	CHECK(kver_code(4, 9, 256) == 0x409ff, "4.9.256 clamps");
	CHECK(kver_code(6, 1, 300) == 0x601ff, "6.1.300 clamps");
	CHECK(kver_code(6, 1, UINT32_MAX) == 0x601ff, "huge sublevel");
	CHECK(kver_code(6, 1, 192) == 393664, "6.1.192 = 393664");
	CHECK(kver_code(0, 0, 0) == 0, "0.0.0");
	/* Before the clamp 4.9.256 ran into PATCHLEVEL: "4.10.0". */
	CHECK(kver_code_unclamped(4, 9, 256) == 0x40a00, "unclamped 4.9.256");
	CHECK(kver_code_unclamped(4, 9, 255) == 0x409ff, "unclamped 4.9.255");
}

static void check_decode(void)
{
	struct kver v;

	CHECK(kver_decode(0x409ff, &v) == KVER_DECODE_SUBLEVEL_MIN,
	      "0x409ff is a lower bound");
	CHECK(v.major == 4 && v.patchlevel == 9 && v.sublevel == 255 &&
		      v.nparts == 3 && v.rest[0] == '\0',
	      "0x409ff = 4.9.255");
	CHECK(kver_decode(0x601c0, &v) == 0, "0x601c0 exact");
	CHECK(v.major == 6 && v.patchlevel == 1 && v.sublevel == 192,
	      "0x601c0 = 6.1.192");
	CHECK(kver_decode(0x40a00, &v) == 0 && v.patchlevel == 10,
	      "0x40a00 = 4.10.0");
	CHECK(kver_decode(0xffffffff, &v) == KVER_DECODE_SUBLEVEL_MIN &&
		      v.major == 0xffff && v.patchlevel == 0xff,
	      "0xffffffff");
	/* Every exact code survives a round trip. */
	for (uint32_t c = 0; c < 0x70000; c += 0x3d) {
		int r = kver_decode(c, &v);

		if (kver_code_of(&v) != c || (r != 0) != ((c & 0xff) == 0xff)) {
			CHECK(0, "round trip 0x%x", c);
			break;
		}
	}
	CHECK(1, "round trips");
}

static void check_exact(void)
{
	struct kver v;

	v = V("6.1.254");
	CHECK(kver_code_exact(&v), "6.1.254 exact");
	v = V("6.1.255");
	CHECK(!kver_code_exact(&v), "6.1.255 shares 0x601ff");
	v = V("6.256.1");
	CHECK(!kver_code_exact(&v), "patchlevel 256");
	v = V("2.6.32.71");
	CHECK(!kver_code_exact(&v), "fourth part not encoded");
	v = V("2.6.32.0");
	CHECK(kver_code_exact(&v), "fourth part 0");
	/* Any fourth part but 0 is lost, 1 included: 2.6.32.1 reads as 2.6.32. */
	v = V("2.6.32.1");
	CHECK(!kver_code_exact(&v), "fourth part 1 not encoded");
	v = V("65535.255.254");
	CHECK(kver_code_exact(&v) && !kver_code_overflows(&v), "largest exact");
	v = V("65536.0.0");
	CHECK(!kver_code_exact(&v) && kver_code_overflows(&v), "major 65536");
	v = V("6.256.0");
	CHECK(kver_code_overflows(&v) && kver_code_of(&v) == 0x70000,
	      "6.256.0 reads as 7.0.0");
	v = V("6.1.300");
	CHECK(!kver_code_overflows(&v), "a clamp is no overflow");
	/* exact means kver_decode gives the numbers back and says so. */
	{
		static const char *const all[] = { "6.1.254", "6.1.255",
						   "6.1.0-rc3", "4.9.337" };
		struct kver d;

		for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
			int r;

			v = V(all[i]);
			r = kver_decode(kver_code_of(&v), &d);
			CHECK(kver_code_exact(&v) ==
				      (r == 0 && d.sublevel == v.sublevel),
			      "%s: exact agrees with kver_decode", all[i]);
		}
	}
}

struct cmp_case {
	const char *a, *b;
	int want;
};

static const struct cmp_case cmps[] = {
	{ "6.1.256", "6.1.300", -1 },
	{ "6.1.300", "6.1.256", 1 },
	{ "6.1.255", "6.1.256", -1 },
	{ "6.1.192", "6.1.192", 0 },
	{ "6.1", "6.1.0", 0 },
	{ "3.0", "3.0.0", 0 },
	{ "2.6.32", "2.6.32.71", -1 },
	{ "2.6.32.0", "2.6.32", 0 },
	{ "5.15.153.1-microsoft-standard-WSL2", "5.15.153", 1 },
	{ "6.12.0-rc3", "6.12.0", -1 },
	{ "6.12.0-rc3", "6.12.0-rc10", -1 },
	{ "6.12.0-rc3", "6.11.11", 1 },
	{ "6.1.0-27-amd64", "6.1.0-28-amd64", 0 },
	{ "6.10.0", "6.9.12", 1 },
	{ "4.9.256", "4.10.0", -1 },
	{ "10.0", "9.99.99", 1 },
	{ "4294967295.0", "4294967294.255", 1 },
	/* rc0 < rc1 < ... < release, in every distribution's spelling. */
	{ "6.1.0-rc0", "6.1.0-rc1", -1 },
	{ "6.1.0-rc0", "6.1.0", -1 },
	{ "6.1~rc3", "6.1.0-rc3", 0 },
	{ "6.13.0-0.rc1.20241202gite70140ba0d2b.17.fc42", "6.13.0-200.fc42", -1 },
	{ "6.14.0-0.rc7.20250321gitb3ee1e460951.60.fc43.x86_64", "6.14.0-63.fc42.x86_64", -1 },
	{ "6.14.0-0.rc7.20250321gitb3ee1e460951.60.fc43.x86_64", "6.14.0-rc6", 1 },
	{ "6.14.0-0.rc7.20250321gitb3ee1e460951.60.fc43.x86_64", "6.13.12", 1 },
	{ "6.8.0-060800rc1-generic", "6.8.0-060800-generic", -1 },
	{ "6.8.0-060800rc1-generic", "6.8.0-rc2", -1 },
};

static void check_cmp(void)
{
	struct kver a, b;
	size_t i;

	for (i = 0; i < sizeof(cmps) / sizeof(cmps[0]); i++) {
		a = V(cmps[i].a);
		b = V(cmps[i].b);
		CHECK(kver_cmp(&a, &b) == cmps[i].want, "cmp %s %s: %d",
		      cmps[i].a, cmps[i].b, kver_cmp(&a, &b));
		CHECK(kver_cmp(&b, &a) == -cmps[i].want, "cmp %s %s reversed",
		      cmps[i].a, cmps[i].b);
	}
	/* Only the first nparts numbers count, whatever the array holds past them. */
	kver_set(&a, 6, 1, 300);
	b = a;
	b.extra[0] = 5;
	CHECK(kver_cmp(&a, &b) == 0 && kver_cmp(&b, &a) == 0, "extra past nparts compared");
}

static void check_collide(void)
{
	struct kver a, b;

	a = V("6.1.256");
	b = V("6.1.300");
	CHECK(kver_code_collides(&a, &b), "6.1.256 and 6.1.300 share 0x601ff");
	b = V("6.1.255");
	CHECK(kver_code_collides(&a, &b), "6.1.255 and 6.1.256");
	b = V("6.1.254");
	CHECK(!kver_code_collides(&a, &b), "6.1.254 has its own code");
	b = V("6.1.256-foo");
	CHECK(!kver_code_collides(&a, &b), "same version is no collision");
	a = V("2.6.32.71");
	b = V("2.6.32.70");
	CHECK(kver_code_collides(&a, &b), "2.6.32.x share a code");
}

void test_code(void)
{
	check_encode();
	check_decode();
	check_exact();
	check_cmp();
	check_collide();
}
