// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the shipped mode's decisions (lab/shipped.c, moddep.c,
 * cpio.c): Debian's version order, which image package a request names,
 * what the booted kernel must say (from the package name, its version, the
 * changelog's date and the image's own string), whether headers are the
 * image's, the drivers' load order from a modules.dep, and the initramfs.
 * The listings and strings are those of Debian 11's and 12's security
 * suites as apt showed them.
 */
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define KVER_TEST_MAIN
#include "cpio.h"
#include "kver_test.h"
#include "shipped.h"

static void test_vercmp(void)
{
	static const struct {
		const char *a, *b;
		int sign;
	} cases[] = {
		{ "6.1.192-3", "6.1.192-1", 1 },
		{ "5.10.262-1", "5.10.259-1", 1 },
		{ "5.10.9-1", "5.10.10-1", -1 },
		{ "6.12.118-1~deb12u1", "6.12.118-1", -1 },
		{ "1.0~rc1", "1.0", -1 },
		{ "1.0", "1.0+b1", -1 },
		{ "1.0a", "1.0", 1 },
		{ "1.0a", "1.0+", -1 },
		{ "1:1.0", "2.0", 1 },
		{ "1.0-1", "1.0-1.1", -1 },
		{ "5.10.262-1", "5.10.262-1", 0 },
		{ "5.10.0262-1", "5.10.262-1", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int c = deb_vercmp(cases[i].a, cases[i].b), r = deb_vercmp(cases[i].b, cases[i].a);

		CHECK((c > 0) - (c < 0) == cases[i].sign, "%s vs %s: %d", cases[i].a, cases[i].b, c);
		CHECK((r > 0) - (r < 0) == -cases[i].sign, "%s vs %s: %d", cases[i].b, cases[i].a, r);
	}
}

static void test_upstream(void)
{
	unsigned int m, p, s;

	CHECK(!shipped_upstream("5.10.262-1", &m, &p, &s) && m == 5 && p == 10 && s == 262, "262");
	CHECK(!shipped_upstream("6.12.118-1~deb12u1", &m, &p, &s) && s == 118, "6.12");
	CHECK(!shipped_upstream("1:6.1.192", &m, &p, &s) && m == 6 && s == 192, "epoch");
	CHECK(!shipped_upstream("6.1.65535+b1", &m, &p, &s) && s == 65535, "+b1");
	/* Debian marks an upstream pre-release with '~': the numbers end there too. */
	CHECK(!shipped_upstream("6.1.0~rc7-1~exp1", &m, &p, &s) && m == 6 && p == 1 && s == 0,
	      "~rc7");
	CHECK(shipped_upstream("5.10-1", &m, &p, &s), "two numbers");
	CHECK(shipped_upstream("5.10.262.1-1", &m, &p, &s), "four numbers");
	CHECK(shipped_upstream("5.10.262a", &m, &p, &s), "a letter");
	CHECK(shipped_upstream("5.10.123456-1", &m, &p, &s), "six digits");
	CHECK(shipped_upstream("x:5.10.262", &m, &p, &s), "epoch not a number");
	CHECK(shipped_upstream("", &m, &p, &s), "empty");
}

static void test_release(void)
{
	char r[96];

	CHECK(!shipped_release("linux-image-5.10.0-46-amd64-unsigned", r, sizeof(r)) &&
		      !strcmp(r, "5.10.0-46-amd64"), "%s", r);
	CHECK(!shipped_release("linux-image-5.10.0-46-amd64", r, sizeof(r)) &&
		      !strcmp(r, "5.10.0-46-amd64"), "signed: %s", r);
	CHECK(!shipped_release("linux-image-6.12.118+deb12-amd64-unsigned", r, sizeof(r)) &&
		      !strcmp(r, "6.12.118+deb12-amd64"), "%s", r);
	CHECK(shipped_release("linux-image-amd64", r, sizeof(r)), "the meta package");
	CHECK(shipped_release("linux-image-5.10.0-46-amd64-dbg", r, sizeof(r)), "debug symbols");
	CHECK(shipped_release("linux-headers-5.10.0-46-amd64", r, sizeof(r)), "headers");
	CHECK(shipped_release("linux-image-", r, sizeof(r)), "nothing");
	CHECK(shipped_release("linux-image-5.10.0 x", r, sizeof(r)), "a blank");
	CHECK(shipped_generic("linux-image-5.10.0-46-amd64-unsigned"), "generic");
	CHECK(shipped_generic("linux-image-6.12.118+deb12-amd64-unsigned"), "6.12 generic");
	CHECK(!shipped_generic("linux-image-5.10.0-46-cloud-amd64-unsigned"), "cloud");
	CHECK(!shipped_generic("linux-image-5.10.0-46-rt-amd64-unsigned"), "rt");
	CHECK(!shipped_generic("linux-image-5.10.0-46-amd64"), "signed");
	CHECK(!shipped_generic("linux-image-5.10.0-46-arm64-unsigned"), "arm64");
}

/* Debian 11's and 12's security suites, in no particular order. */
static const char listing[] =
	"linux-image-5.10.0-46-cloud-amd64-unsigned 5.10.262-1\n"
	"linux-image-5.10.0-46-amd64-unsigned 5.10.262-1\n"
	"linux-image-5.10.0-44-amd64-unsigned 5.10.257-1\n"
	"linux-image-5.10.0-45-amd64-unsigned 5.10.259-1\n"
	"linux-image-5.10.0-45-amd64 5.10.259-1\n"
	"linux-image-5.10.0-43-amd64-unsigned 5.10.251-5\n"
	"linux-image-5.10.0-46-amd64-dbg 5.10.262-1\n"
	"linux-image-amd64 5.10.262-1\n"
	"linux-image-6.1.0-57-amd64-unsigned 6.1.192-3\n"
	"linux-image-6.1.0-55-amd64-unsigned 6.1.192-1\n"
	"linux-image-6.1.0-56-rt-amd64-unsigned 6.1.192-2\n"
	"linux-image-6.1.0-56-amd64-unsigned 6.1.192-2\n"
	"linux-image-6.12.118+deb12-amd64-unsigned 6.12.118-1~deb12u1\n"
	"not a line\n";

static int pick(const char *want, struct shipped_pick *p, char *err, size_t size)
{
	FILE *f = fmemopen((void *)listing, strlen(listing), "r");
	int rc = shipped_pick(f, want, "the-suite", p, err, size);

	fclose(f);
	return rc;
}

static void test_pick(void)
{
	static const struct {
		const char *want, *package, *version;
	} good[] = {
		{ "5.10.262", "linux-image-5.10.0-46-amd64-unsigned", "5.10.262-1" },
		{ "5.10.257", "linux-image-5.10.0-44-amd64-unsigned", "5.10.257-1" },
		{ "6.1.192", "linux-image-6.1.0-57-amd64-unsigned", "6.1.192-3" },
		{ "6.1.192-1", "linux-image-6.1.0-55-amd64-unsigned", "6.1.192-1" },
		{ "6.12.118", "linux-image-6.12.118+deb12-amd64-unsigned", "6.12.118-1~deb12u1" },
		{ "linux-image-5.10.0-45-amd64", "linux-image-5.10.0-45-amd64", "5.10.259-1" },
		{ "linux-image-5.10.0-46-cloud-amd64-unsigned",
		  "linux-image-5.10.0-46-cloud-amd64-unsigned", "5.10.262-1" },
	};
	static const struct {
		const char *want, *err;
	} bad[] = {
		{ "5.10.258", "the-suite has no linux-image of 5.10.258 (its 5.10 images: 5.10.251-5 5.10.257-1 5.10.259-1 5.10.262-1)" },
		{ "6.1.192-4", "the-suite has no linux-image of 6.1.192-4 (its 6.1 images: 6.1.192-1 6.1.192-2 6.1.192-3)" },
		{ "linux-image-5.10.0-47-amd64-unsigned", "the-suite has no package linux-image-5.10.0-47-amd64-unsigned (its 5.10 images: 5.10.251-5 5.10.257-1 5.10.259-1 5.10.262-1)" },
		{ "4.19.300", "the-suite has no linux-image of 4.19.300 (its 4.19 images: none)" },
		{ "linux-image-amd64", "'linux-image-amd64' is no kernel image package (linux-image-RELEASE[-unsigned])" },
		{ "abc", "'abc' is neither an image package nor a version" },
		{ "5.10", "'5.10' is neither an image package nor a version" },
	};
	struct shipped_pick p;
	char err[512];

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		err[0] = '\0';
		CHECK(!pick(good[i].want, &p, err, sizeof(err)) && !strcmp(p.package, good[i].package) &&
			      !strcmp(p.version, good[i].version),
		      "%s: %s %s %s", good[i].want, p.package, p.version, err);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		CHECK(pick(bad[i].want, &p, err, sizeof(err)) &&
			      !strncmp(err, bad[i].err, strlen(bad[i].err)),
		      "%s: '%s'", bad[i].want, err);
	}
}

#define PKG "linux-image-5.10.0-46-amd64-unsigned"
#define BANNER "5.10.0-46-amd64 (debian-kernel@lists.debian.org) #1 SMP Debian 5.10.262-1 (2026-07-31)"

static void test_names(void)
{
	static const struct {
		const char *pkg, *ver, *banner, *date, *err;
	} bad[] = {
		{ PKG, "5.10.262-1", BANNER, "2026-07-30", "the image of " PKG " says '#1 SMP Debian 5.10.262-1 (2026-07-31)', its package and changelog say '... Debian 5.10.262-1 (2026-07-30)'" },
		{ PKG, "5.10.261-1", BANNER, "2026-07-31", "the image of " PKG " says '#1 SMP Debian 5.10.262-1 (2026-07-31)'" },
		{ "linux-image-5.10.0-45-amd64-unsigned", "5.10.262-1", BANNER, "2026-07-31", "the image of linux-image-5.10.0-45-amd64-unsigned calls itself '5.10.0-46-amd64', not 5.10.0-45-amd64" },
		{ PKG, "5.10.262-1", "5.10.0-46-amd64 #1 SMP Debian 5.10.262-1 (2026-07-31)", "2026-07-31", "the image of " PKG " says '5.10.0-46-amd64 #1" },
		{ PKG, "5.10.262-1", "5.10.0-46-amd64", "2026-07-31", "the image of " PKG " calls itself" },
		{ PKG, "6.1.192-3", BANNER, "2026-07-31", PKG ": release 5.10.0-46-amd64 is not of the package's version 6.1.192" },
		{ PKG, "262-1", BANNER, "2026-07-31", PKG ": package version '262-1' does not start with M.P.S" },
		{ PKG, "5.10.262-1", BANNER, "31 Jul 2026", PKG ": changelog date '31 Jul 2026' is not YYYY-MM-DD" },
		{ "linux-headers-5.10.0-46-amd64", "5.10.262-1", BANNER, "2026-07-31", "'linux-headers-5.10.0-46-amd64' is no kernel image package" },
	};
	struct shipped_names n;
	char err[512];

	CHECK(!shipped_names(PKG, "5.10.262-1", BANNER, "2026-07-31", &n, err, sizeof(err)), "%s", err);
	CHECK(!strcmp(n.tree, "5.10") && !strcmp(n.version, "5.10.262") && !strcmp(n.sublevel, "262"),
	      "%s %s %s", n.tree, n.version, n.sublevel);
	CHECK(!strcmp(n.release, "5.10.0-46-amd64"), "%s", n.release);
	CHECK(!strcmp(n.uts, "#1 SMP Debian 5.10.262-1 (2026-07-31)"), "%s", n.uts);
	CHECK(!strcmp(n.headers, "linux-headers-5.10.0-46-amd64"), "%s", n.headers);
	/* Debian 12's: PREEMPT_DYNAMIC in the image's own string, a ~deb12u1 revision. */
	CHECK(!shipped_names("linux-image-6.12.118+deb12-amd64-unsigned", "6.12.118-1~deb12u1",
			     "6.12.118+deb12-amd64 (debian-kernel@lists.debian.org) #1 SMP PREEMPT_DYNAMIC Debian 6.12.118-1~deb12u1 (2026-11-20)",
			     "2026-11-20", &n, err, sizeof(err)) &&
		      !strcmp(n.uts, "#1 SMP PREEMPT_DYNAMIC Debian 6.12.118-1~deb12u1 (2026-11-20)") &&
		      !strcmp(n.version, "6.12.118"),
	      "%s %s", n.uts, err);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		CHECK(shipped_names(bad[i].pkg, bad[i].ver, bad[i].banner, bad[i].date, &n, err,
				    sizeof(err)) &&
			      !strncmp(err, bad[i].err, strlen(bad[i].err)),
		      "case %zu: '%s'", i, err);
	}
}

/* A bzImage's first bytes: the setup header's magic and kernel_version. */
static size_t fake_image(unsigned char *img, size_t size, const char *magic, uint16_t at,
			 const char *banner)
{
	memset(img, 0, size);
	memcpy(img + 0x202, magic, 4);
	img[0x20e] = (unsigned char)(at & 0xff);
	img[0x20f] = (unsigned char)(at >> 8);
	if (banner)
		memcpy(img + 0x200 + at, banner, strlen(banner) + 1);
	return size;
}

static int banner_of(unsigned char *img, size_t n, char *buf, size_t size, char *err)
{
	FILE *f = fmemopen(img, n, "r");
	int rc = shipped_banner(f, buf, size, err, 256);

	fclose(f);
	return rc;
}

static void test_banner(void)
{
	static unsigned char img[0x1000];
	char buf[256], err[256];

	fake_image(img, sizeof(img), "HdrS", 0x3c0, BANNER);
	CHECK(!banner_of(img, sizeof(img), buf, sizeof(buf), err) && !strcmp(buf, BANNER), "%s %s",
	      buf, err);
	fake_image(img, sizeof(img), "MZ\0\0", 0x3c0, BANNER);
	CHECK(banner_of(img, sizeof(img), buf, sizeof(buf), err) &&
		      !strcmp(err, "not an x86 kernel image (no setup header)"), "%s", err);
	fake_image(img, sizeof(img), "HdrS", 0, NULL);
	CHECK(banner_of(img, sizeof(img), buf, sizeof(buf), err) &&
		      !strcmp(err, "the kernel image names no version string"), "%s", err);
	CHECK(banner_of(img, 0x100, buf, sizeof(buf), err), "short file");
	/* A string that runs to the end of the buffer is not taken half. */
	fake_image(img, sizeof(img), "HdrS", 0x3c0, BANNER);
	CHECK(banner_of(img, sizeof(img), buf, 20, err) &&
		      !strcmp(err, "the kernel image's version string is not terminated"), "%s", err);
}

static char dir[] = "/tmp/kver-shipped-test.XXXXXX";

static void put(const char *rel, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static void test_headers(void)
{
	struct shipped_names n = { .release = "5.10.0-46-amd64",
				   .uts = "#1 SMP Debian 5.10.262-1 (2026-07-31)" };
	char err[512], sub[600];

	snprintf(sub, sizeof(sub), "%s/include/generated", dir);
	CHECK(shipped_headers(dir, &n, err, sizeof(err)) && strstr(err, "no kernel headers"), "%s", err);
	snprintf(sub, sizeof(sub), "mkdir -p %s/include/generated", dir);
	CHECK(system(sub) == 0, "mkdir");
	put("include/generated/utsrelease.h", "#define UTS_RELEASE \"5.10.0-46-amd64\"\n");
	CHECK(shipped_headers(dir, &n, err, sizeof(err)) &&
		      strstr(err, "(no UTS_VERSION in compile.h or utsversion.h)"), "%s", err);
	/* 6.1's: the UTS version in utsversion.h, compile.h without it. */
	put("include/generated/utsversion.h", "#define UTS_VERSION \"#1 SMP Debian 5.10.262-1 (2026-07-31)\"\n");
	put("include/generated/compile.h", "#define UTS_MACHINE\t\t\"x86_64\"\n");
	CHECK(!shipped_headers(dir, &n, err, sizeof(err)), "utsversion.h: %s", err);
	put("include/generated/utsversion.h", "#define UTS_VERSION \"#1 SMP Debian 5.10.262-1 (2026-07-30)\"\n");
	CHECK(shipped_headers(dir, &n, err, sizeof(err)) && strstr(err, "(2026-07-30)"), "%s", err);
	put("include/generated/utsversion.h", "");
	put("include/generated/compile.h", "/* SMP */\n#define UTS_MACHINE \"x86_64\"\n"
		"#define UTS_VERSION \"#1 SMP Debian 5.10.262-1 (2026-07-31)\"\n");
	CHECK(!shipped_headers(dir, &n, err, sizeof(err)), "%s", err);
	put("include/generated/compile.h", "#define UTS_VERSION \"#1 SMP Debian 5.10.262-1 (2026-08-01)\"\n");
	CHECK(shipped_headers(dir, &n, err, sizeof(err)) &&
		      strstr(err, ": the headers are for 5.10.0-46-amd64 '#1 SMP Debian 5.10.262-1 (2026-08-01)', the image is '#1 SMP Debian 5.10.262-1 (2026-07-31)'"),
	      "%s", err);
	put("include/generated/compile.h", "/* no version */\n");
	CHECK(shipped_headers(dir, &n, err, sizeof(err)) && strstr(err, "no UTS_VERSION"), "%s", err);
	put("include/generated/compile.h", "#define UTS_VERSION \"#1 SMP Debian 5.10.262-1 (2026-07-31)\"\n");
	put("include/generated/utsrelease.h", "#define UTS_RELEASE \"5.10.0-44-amd64\"\n");
	CHECK(shipped_headers(dir, &n, err, sizeof(err)) &&
		      strstr(err, ": the headers are for 5.10.0-44-amd64, the image is 5.10.0-46-amd64"),
	      "%s", err);
}

/* A piece of Debian 5.10.262's modules.dep (depmod's), and a cycle. */
static const char moddep[] =
	"kernel/drivers/usb/common/usb-common.ko:\n"
	"kernel/drivers/usb/host/xhci-pci.ko: kernel/drivers/usb/host/xhci-hcd.ko kernel/drivers/usb/core/usbcore.ko kernel/drivers/usb/common/usb-common.ko\n"
	"kernel/drivers/usb/core/usbcore.ko: kernel/drivers/usb/common/usb-common.ko\n"
	"kernel/drivers/usb/host/xhci-hcd.ko: kernel/drivers/usb/core/usbcore.ko kernel/drivers/usb/common/usb-common.ko\n"
	"kernel/drivers/media/test-drivers/vivid/vivid.ko.xz: kernel/drivers/media/v4l2-core/videodev.ko kernel/drivers/media/mc/mc.ko kernel/drivers/media/cec/core/cec.ko\n"
	"kernel/drivers/media/v4l2-core/videodev.ko: kernel/drivers/media/mc/mc.ko\n"
	"kernel/drivers/media/mc/mc.ko:\n"
	"kernel/drivers/media/cec/core/cec.ko:\n"
	"kernel/a.ko: kernel/b.ko\n"
	"kernel/b.ko: kernel/a.ko\n"
	"kernel/lonely.ko: kernel/gone.ko\n";

static int order(const char *dep, const char *builtin, char *const *names, int n, char *out,
		 size_t size, char *err)
{
	FILE *d = fmemopen((void *)dep, strlen(dep), "r");
	FILE *b = builtin ? fmemopen((void *)builtin, strlen(builtin), "r") : NULL;
	FILE *o;
	int rc;

	memset(out, 0, size);
	o = fmemopen(out, size, "w");
	rc = moddep_order(d, b, names, n, o, err, 512);

	fclose(o);
	fclose(d);
	if (b)
		fclose(b);
	return rc;
}

static void test_moddep(void)
{
	char *const both[] = { "vivid", "xhci-pci" }, *const underscore[] = { "xhci_pci", "usbcore" };
	char *const builtin_usb[] = { "usbcore", "vivid" }, *const none[] = { "nosuch" };
	char *const cycle[] = { "a" }, *const lonely[] = { "lonely" };
	char out[2048], err[512];

	/* Depth first: each after what its own line names, each once. */
	CHECK(!order(moddep, NULL, both, 2, out, sizeof(out), err), "%s", err);
	CHECK(!strcmp(out, "kernel/drivers/media/mc/mc.ko\n"
			   "kernel/drivers/media/v4l2-core/videodev.ko\n"
			   "kernel/drivers/media/cec/core/cec.ko\n"
			   "kernel/drivers/media/test-drivers/vivid/vivid.ko.xz\n"
			   "kernel/drivers/usb/common/usb-common.ko\n"
			   "kernel/drivers/usb/core/usbcore.ko\n"
			   "kernel/drivers/usb/host/xhci-hcd.ko\n"
			   "kernel/drivers/usb/host/xhci-pci.ko\n"),
	      "%s", out);
	/* Each once: usbcore asked for again after xhci-pci brought it. */
	CHECK(!order(moddep, NULL, underscore, 2, out, sizeof(out), err) &&
		      !strcmp(out, "kernel/drivers/usb/common/usb-common.ko\n"
				   "kernel/drivers/usb/core/usbcore.ko\n"
				   "kernel/drivers/usb/host/xhci-hcd.ko\n"
				   "kernel/drivers/usb/host/xhci-pci.ko\n"),
	      "%s %s", out, err);
	/* Built in (and listed in modules.dep all the same): still loaded from its line. */
	CHECK(!order(moddep, "kernel/drivers/usb/core/usbcore.ko\n", builtin_usb, 2, out, sizeof(out),
		     err) && strstr(out, "vivid.ko.xz"), "%s", err);
	CHECK(!order("kernel/other.ko:\n", "kernel/drivers/usb/core/usbcore.ko\n", builtin_usb, 1, out,
		     sizeof(out), err) &&
		      !strcmp(out, ""), "built in, no line: '%s' %s", out, err);
	CHECK(order(moddep, NULL, none, 1, out, sizeof(out), err) &&
		      !strcmp(err, "no module nosuch in modules.dep, and none built in"), "%s", err);
	CHECK(order(moddep, NULL, cycle, 1, out, sizeof(out), err) &&
		      strstr(err, "needs itself (a cycle)"), "%s", err);
	CHECK(order(moddep, NULL, lonely, 1, out, sizeof(out), err) &&
		      !strcmp(err, "modules.dep: kernel/lonely.ko needs kernel/gone.ko, which has no line of its own"),
	      "%s", err);
	CHECK(order("kernel/x.ko kernel/y.ko\n", NULL, none, 1, out, sizeof(out), err) &&
		      strstr(err, "modules.dep:1: 'kernel/x.ko kernel/y.ko' is not 'PATH: DEPS'"), "%s", err);
}

/* The 8-hex-digit field i of the newc header at h. */
static unsigned long field(const char *h, int i)
{
	char f[9];

	memcpy(f, h + 6 + 8 * i, 8);
	f[8] = '\0';
	return strtoul(f, NULL, 16);
}

static void test_cpio(void)
{
	char list[1024], src[600], *buf = NULL;
	size_t size = 0, off = 0;
	FILE *l, *o;
	char err[512];
	const char *names[] = { "dev", "dev/console", "init", "lib/x", "TRAILER!!!" };
	const unsigned long modes[] = { 040755, 020600, 0100755, 0120777, 0 };
	int i = 0;

	snprintf(src, sizeof(src), "%s/init-src", dir);
	put("init-src", "#!/bin/true\n");
	snprintf(list, sizeof(list),
		 "# a comment\n\ndir /dev 0755 0 0\nnod /dev/console 0600 0 0 c 5 1\n"
		 "file /init %s 0755 0 0\nslink /lib/x ../init 0777 0 0\n", src);
	l = fmemopen(list, strlen(list), "r");
	o = open_memstream(&buf, &size);
	CHECK(!cpio_write(l, o, err, sizeof(err)), "%s", err);
	fclose(l);
	fclose(o);
	CHECK(size % 512 == 0, "size %zu", size);
	while (buf && off + 110 <= size && i < 5) {
		const char *h = buf + off;
		unsigned long namesize = field(h, 11), filesize = field(h, 6);

		CHECK(!memcmp(h, "070701", 6), "magic at %zu", off);
		CHECK(!strcmp(h + 110, names[i]) && namesize == strlen(names[i]) + 1, "name %d: %s", i,
		      h + 110);
		CHECK(field(h, 1) == modes[i], "mode of %s: %lo", names[i], field(h, 1));
		if (i == 1)
			CHECK(field(h, 9) == 5 && field(h, 10) == 1, "console is 5,1");
		off += (110 + namesize + 3) & ~3ul;
		if (i == 2)
			CHECK(filesize == 12 && !memcmp(buf + off, "#!/bin/true\n", 12), "init contents");
		if (i == 3)
			CHECK(filesize == 7 && !memcmp(buf + off, "../init", 7), "link target");
		off += (filesize + 3) & ~3ul;
		i++;
	}
	CHECK(i == 5, "entries: %d", i);
	free(buf);
	buf = NULL;
	snprintf(list, sizeof(list), "file /init %s/missing 0755 0 0\n", dir);
	l = fmemopen(list, strlen(list), "r");
	o = open_memstream(&buf, &size);
	CHECK(cpio_write(l, o, err, sizeof(err)) && strstr(err, "missing: No such file or directory"),
	      "%s", err);
	fclose(l);
	fclose(o);
	free(buf);
	buf = NULL;
	snprintf(list, sizeof(list), "dir /dev 0755 0 0\nfifo /x 0644 0 0\n");
	l = fmemopen(list, strlen(list), "r");
	o = open_memstream(&buf, &size);
	CHECK(cpio_write(l, o, err, sizeof(err)) &&
		      !strcmp(err, "line 2: 'fifo /x 0644 0 0' is not a dir, nod, file or slink entry"),
	      "%s", err);
	fclose(l);
	fclose(o);
	free(buf);
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	KT_RUN(test_vercmp());
	KT_RUN(test_upstream());
	KT_RUN(test_release());
	KT_RUN(test_pick());
	KT_RUN(test_names());
	KT_RUN(test_banner());
	KT_RUN(test_headers());
	KT_RUN(test_moddep());
	KT_RUN(test_cpio());
	nftw(dir, remove_one, 8, FTW_DEPTH | FTW_PHYS);
	return kt_done();
}
