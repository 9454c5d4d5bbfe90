// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the audit's decisions (the audit/ folder), on inputs shaped like
 * what apt, dkms and kver-lint really print (tests/audit/pkgs/ holds
 * recorded packages). Run from tests/audit, or with that folder as argv[1].
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KVER_TEST_MAIN
#include "../../audit/audit.h"
#include "kver_test.h"

static FILE *text(const char *s)
{
	return fmemopen((void *)s, strlen(s), "r");
}

/* apt-cache madison of a release with its security suite, as the lab's apt state prints it. */
static const char madison[] =
	"acpi-call-dkms |    1.1.0-6 | http://deb.debian.org/debian bullseye/main amd64 Packages\n"
	"dahdi-dkms | 1:2.11.1.0.20170917~dfsg-7.4 | http://deb.debian.org/debian bullseye/main amd64 Packages\n"
	"  zfs-dkms | 2.0.3-9+deb11u2 | http://deb.debian.org/debian-security bullseye-security/contrib amd64 Packages\n"
	"  zfs-dkms | 2.0.3-9+deb11u1 | http://deb.debian.org/debian bullseye/contrib amd64 Packages\n"
	"  zfs-dkms | 2.0.3-9+deb11u1 | http://deb.debian.org/debian bullseye-updates/contrib amd64 Packages\n"
	"  zfs-linux | 2.0.3-9+deb11u1 | http://deb.debian.org/debian bullseye/contrib Sources\n"
	"broadcom-sta-dkms | 6.30.223.271-17 | http://deb.debian.org/debian bullseye/non-free amd64 Packages\n";

/* Every package once, its versions newest first as madison gave them, each version once. */
static void test_madison(void)
{
	struct apt_package *p;
	size_t n;
	FILE *f = text(madison);

	CHECK(apt_read_madison(f, &p, &n) == 0, "read");
	fclose(f);
	CHECK(n == 4, "%zu packages", n);
	if (n != 4)
		return;
	CHECK(!strcmp(p[1].v[0].version, "1:2.11.1.0.20170917~dfsg-7.4"), "epoch kept: %s",
	      p[1].v[0].version);
	CHECK(!strcmp(p[2].name, "zfs-dkms") && p[2].nv == 2, "zfs: %zu versions", p[2].nv);
	CHECK(!strcmp(p[2].v[0].suite, "bullseye-security") &&
	      !strcmp(p[2].v[0].component, "contrib"), "%s/%s", p[2].v[0].suite,
	      p[2].v[0].component);
	CHECK(!strcmp(p[2].v[1].version, "2.0.3-9+deb11u1"), "%s", p[2].v[1].version);
	CHECK(!strcmp(p[3].v[0].component, "non-free"), "%s", p[3].v[0].component);
	apt_free(p, n);
	/* Not madison's output: refused, nothing kept. */
	f = text("acpi-call-dkms 1.1.0-6\n");
	CHECK(apt_read_madison(f, &p, &n) == -1 && !p && !n, "bad line");
	fclose(f);
	f = text("x | 1 | http://a bullseye amd64 Packages\n");
	CHECK(apt_read_madison(f, &p, &n) == -1, "no component");
	fclose(f);
}

/* Write TEXT into DIR/NAME (a check). */
static void put_file(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	CHECK(f && fputs(text, f) >= 0, "writing %s", path);
	if (f)
		fclose(f);
}

/* Remove DIR and the files of NAMES (NULL-ended) that put_file wrote there. */
static void remove_dir(const char *dir, const char *const *names)
{
	char path[256];

	for (; *names; names++) {
		snprintf(path, sizeof(path), "%s/%s", dir, *names);
		unlink(path);
	}
	rmdir(dir);
}

/* dkms.conf read plainly; a name or version that is not literal falls back to the folder's. */
static void test_dkms_conf(void)
{
	struct dkms_conf c;
	char src[64];

	CHECK(dkms_conf_read("pkgs/wireguard-dkms_1.0.20210219-1/root/usr/src/wireguard-1.0.20210219",
			     &c) == 0, "read");
	CHECK(!strcmp(c.name, "wireguard") && !strcmp(c.version, "1.0.20210219") && c.plain,
	      "%s %s", c.name, c.version);
	CHECK(strstr(c.exclusive, "BUILD_EXCLUSIVE_KERNEL=\"^((5\\.[0-4]") &&
	      strstr(c.exclusive, "; BUILD_EXCLUSIVE_KERNEL=\"^((5\\.[0-5]"), "both branches: %s",
	      c.exclusive);
	CHECK(!strcmp(c.modules, "wireguard"), "%s", c.modules);
	CHECK(dkms_conf_read("pkgs/v4l2loopback-dkms_0.12.5-1/root/usr/src/v4l2loopback-0.12.5",
			     &c) == 0, "read");
	CHECK(!strcmp(c.modules, "v4l2loopback"), "$PACKAGE_NAME: %s", c.modules);
	CHECK(dkms_conf_read("pkgs/lttng-modules-dkms_2.12.5-1/root/usr/src/lttng-modules-2.12.5",
			     &c) == 0, "read");
	CHECK(!c.plain && !strcmp(c.name, "lttng-modules") && !strcmp(c.version, "2.12.5"),
	      "from the folder: %s %s", c.name, c.version);
	CHECK(!c.build_depends[0], "none: %s", c.build_depends);
	CHECK(dkms_conf_read("pkgs/nvidia-fs-dkms_2.13.5~11.8.0-5~deb12u1/root/usr/src/nvidia-fs-2.13",
			     &c) == 0 && !strcmp(c.build_depends, "nvidia-current"), "BUILD_DEPENDS: %s",
	      c.build_depends);
	/* Single quotes keep a '$' from the shell dkms sources the file with: still literal. */
	{
		char dir[] = "/tmp/kver-audit-test-XXXXXX";

		if (mkdtemp(dir)) {
			put_file(dir, "dkms.conf", "PACKAGE_NAME='acme'\nPACKAGE_VERSION='1.0$'\n"
				 "BUILT_MODULE_NAME[0]=\"acme$suffix\"\n");
			CHECK(dkms_conf_read(dir, &c) == 0 && c.plain && !strcmp(c.version, "1.0$") &&
				      !c.modules[0], "single quotes: %d '%s' '%s'", c.plain, c.version,
			      c.modules);
			remove_dir(dir, (const char *const[]){ "dkms.conf", NULL });
		} else {
			CHECK(0, "mkdtemp");
		}
	}
	CHECK(dkms_conf_read("pkgs/no-such", &c) == -1, "missing");
	CHECK(dkms_source("pkgs/wireguard-dkms_1.0.20210219-1/root", src, sizeof(src)) == 0 &&
	      !strcmp(src, "wireguard-1.0.20210219"), "%s", src);
	CHECK(dkms_source("pkgs/dh-dkms_3.0.10-8/root", src, sizeof(src)) == -1, "no module source");
}

/* Depends fields as Debian's packages write them; a machine with dkms, gcc, perl and libxtables12. */
static void test_depends(void)
{
	static const char installed[] = "dkms\ngcc\nperl\nlibc6-dev\nlibxtables12\npkg-config\n";
	static const char skip[] = "dkms firmware-* *-kernel-support--v1 udev";
	char out[256];

	/* iptables-netflow-dkms 2.6-4+deb12u1: only the headers are missing. */
	CHECK(depends_to_fetch("dkms (>= 2.8.4-3~), libc6-dev, libxtables-dev, pkg-config, "
			       "libc6 (>= 2.3.4)", installed, skip, out, sizeof(out)) == 2 &&
	      !strcmp(out, "libxtables-dev libc6"), "netflow: %s", out);
	/* west-chamber-dkms: another DKMS package's source, and each name once. */
	CHECK(depends_to_fetch("bzip2, dkms (>= 2.1.0.0), libxtables-dev (>= 1.4.3), make, "
			       "xtables-addons-dkms (>= 3.13), libxtables-dev", "dkms bzip2 make",
			       skip, out, sizeof(out)) == 2 &&
	      !strcmp(out, "libxtables-dev xtables-addons-dkms"), "west-chamber: %s", out);
	/* A group met by any of its packages; an architecture qualifier is no part of the name. */
	CHECK(depends_to_fetch("perl:any, libc6-dev | libc-dev, python3-distutils | "
			       "libpython3-stdlib (<< 3.6.4)", installed, skip, out,
			       sizeof(out)) == 1 && !strcmp(out, "python3-distutils"), "zfs: %s", out);
	/* NVIDIA's: firmware and user space skipped, the first other alternative taken. */
	CHECK(depends_to_fetch("firmware-nvidia-gsp (= 535.309.01) | firmware-nvidia-gsp-535.309.01, "
			       "nvidia-kernel-support--v1, dkms (>= 3.0.3-4~)", installed, skip, out,
			       sizeof(out)) == 0 && !out[0], "nvidia: '%s'", out);
	CHECK(depends_to_fetch("nvidia-kernel-dkms (>= 520) | nvidia-tesla-kernel-dkms (>= 520), "
			       "dkms (>= 3.0.3-4~)", installed, skip, out, sizeof(out)) == 1 &&
	      !strcmp(out, "nvidia-kernel-dkms"), "nvidia-fs: %s", out);
	/* Installed names match whole: libxtables12 is not libxtables-dev. */
	CHECK(depends_to_fetch("libxtables", installed, skip, out, sizeof(out)) == 1, "%s", out);
	CHECK(depends_to_fetch("", installed, skip, out, sizeof(out)) == 0 && !out[0], "empty");
	CHECK(depends_to_fetch("aaaaaaaa, bbbbbbbb", "", "", out, 10) == -1, "too small");
}

static void build(const char *pkg, const char *k, int rc, const char *excl, struct build *b)
{
	char d[512], m[512], l[512];

	memset(b, 0, sizeof(*b));
	b->seconds = 1500;
	snprintf(d, sizeof(d), "pkgs/%s/dkms-%s.log", pkg, k);
	snprintf(m, sizeof(m), "pkgs/%s/make-%s.log", pkg, k);
	snprintf(l, sizeof(l), "pkgs/%s/modules-%s.txt", pkg, k);
	classify_build(b, rc, d, m, l, excl);
}

/* Built, failed with the first compiler error, excluded by dkms, timed out. */
static void test_classify(void)
{
	struct build b;

	build("jool-dkms_4.1.9-1", "5.10.262", 0, "", &b);
	CHECK(b.status == BUILD_BUILT && b.modules == 3, "%d %d", b.status, b.modules);
	build("jool-dkms_4.1.9-1", "6.1.192", 10, "", &b);
	CHECK(b.status == BUILD_FAILED, "%d", b.status);
	CHECK(!strcmp(b.why, "src/mod/common/error_pool.c:3:10: fatal error: stdarg.h: No such "
			     "file or directory"), "first error, path in the package: %s", b.why);
	build("wireguard-dkms_1.0.20210219-1", "5.10.262", 77, "BUILD_EXCLUSIVE_KERNEL=\"^4\\.\"",
	      &b);
	CHECK(b.status == BUILD_EXCLUDED && strstr(b.why, "BUILD_EXCLUSIVE_KERNEL=\"^4\\.\"") &&
	      strstr(b.why, "(dkms: does not match this kernel/arch/config)"), "%s", b.why);
	build("jool-dkms_4.1.9-1", "6.1.192", 124, "", &b);
	CHECK(b.status == BUILD_TIMEOUT && !strcmp(b.why, "no result after 1500 s"), "%s", b.why);
	/* dkms exited 0 and left no module: failed, said so. */
	build("jool-dkms_4.1.9-1", "6.1.192", 0, "", &b);
	CHECK(b.status == BUILD_FAILED && strstr(b.why, "built no module"), "%s", b.why);
	/* No compiler error: modpost's. */
	build("evdi-dkms_1.9.0+dfsg-1", "6.1.192", 2, "", &b);
	CHECK(!strcmp(b.why, "ERROR: modpost: \"drm_gem_prime_mmap\" [evdi.ko] undefined!"),
	      "modpost's, path in the package: %s", b.why);
	/* A PRE_BUILD script (a configure) that failed says why before make's error. */
	build("iptables-netflow-dkms_2.5.1-2", "5.10.262", 2, "", &b);
	CHECK(!strcmp(b.why, "PRE_BUILD: Error: Can not find iptables version, try setting it with "
			     "--ipt-ver="), "%s", b.why);
	/* No make.log at all: dkms's own error. */
	build("evdi-dkms_1.9.0+dfsg-1", "5.10.262", 21, "", &b);
	CHECK(!strncmp(b.why, "Error! Bad return status", 24), "%s", b.why);
}

static struct finding tsv_finding(const char *line)
{
	struct package p;
	struct finding f;
	char path[] = "/tmp/kver-audit-test-XXXXXX";
	int fd = mkstemp(path);
	FILE *out = fdopen(fd, "w");

	memset(&p, 0, sizeof(p));
	memset(&f, 0, sizeof(f));
	fputs(line, out);
	fclose(out);
	if (findings_read(path, "src/", &p) == 0 && p.nf == 1)
		f = p.f[0];
	unlink(path);
	package_free(&p);
	return f;
}

/* What a finding's test does on 5.10.257 and 5.10.262: the author's intent against the code. */
static void test_finding_at(void)
{
	struct point p257, p262, p400;
	struct at_point a;
	struct finding f;

	CHECK(point_parse("5.10.257", &p257) == 0 && point_parse("5.10.262", &p262) == 0, "points");
	CHECK(point_parse("5.10", &p400) == -1 && point_parse("5.10.70000", &p400) == -1 &&
	      point_parse("5.10.257x", &p400) == -1, "bad points");
	point_parse("5.10.400", &p400);
	f = tsv_finding("t\tsrc/a/b.c\t12\t5\tkver-kernel-version\tdirective\t>= KV 5.10.260\t"
			"KVER_AT_LEAST(5, 10, 260)\t'x' compares with 5.10.255\n");
	CHECK(!strcmp(f.file, "a/b.c") && f.line == 12 && f.directive && f.kv &&
	      f.want[2] == 260 && !strcmp(f.op, ">="), "read: %s %d", f.file, f.line);
	finding_at(&f, &p257, &a);
	CHECK(a.known && a.answer && !a.meant && a.differs, "257: %s", a.text);
	CHECK(!strcmp(a.text, "true, meant false"), "%s", a.text);
	finding_at(&f, &p262, &a);
	CHECK(a.known && a.answer && a.meant && !a.differs && !strcmp(a.text, "true"), "262: %s",
	      a.text);
	/* A hand-computed 5.10.300 that reads as 5.11.44: wrong only from 5.10.301 on. */
	f = tsv_finding("t\tsrc/c.c\t3\t5\tkver-hand-computed\tcode\t< 330540 5.10.300\tKVER_BELOW(5, "
			"10, 300)\tm\n");
	finding_at(&f, &p262, &a);
	CHECK(a.known && !a.differs, "262: %s", a.text);
	finding_at(&f, &p400, &a);
	CHECK(a.known && a.differs && a.answer && !a.meant, "400: %s", a.text);
	/* Another series: as meant, nothing to say. */
	f = tsv_finding("t\tsrc/c.c\t3\t5\tkver-kernel-version\tdirective\t>= KV 5.4.300\tfix\tm\n");
	finding_at(&f, &p257, &a);
	CHECK(!a.known, "5.4's test at 5.10.257");
	f = tsv_finding("t\tsrc/c.c\t3\t5\tkver-sublevel-mask\tcode\t- - -\tfix\tm\n");
	finding_at(&f, &p257, &a);
	CHECK(a.known && a.differs && !strcmp(a.text, "reads 255, not 257"), "%s", a.text);
	f = tsv_finding("t\tsrc/c.c\t3\t5\tkver-unclamped-encode\tcode\t- - -\tfix\tm\n");
	finding_at(&f, &p257, &a);
	CHECK(a.known && a.differs && !strcmp(a.text, "packs 5.10.257 as 5.11.1"), "%s", a.text);
	/* A line that is not kver-lint's tsv is left out. */
	f = tsv_finding("not a finding\n");
	CHECK(!f.line, "left out");
}

/* The review's verdicts go to the findings they name, and its misses are counted. */
static void test_review(void)
{
	struct review *r;
	size_t n;
	struct package p;

	CHECK(review_read("review.txt", &r, &n) == 0 && n == 3, "%zu lines", n);
	CHECK(package_read("pkgs/v4l2loopback-dkms_0.12.5-1", &p) == 0, "%s", p.error);
	CHECK(p.lint_tests == 23, "the tree's summary line: %ld tests", p.lint_tests);
	review_apply(r, n, &p);
	CHECK(p.nf == 2, "%zu findings", p.nf);
	if (p.nf == 2) {
		CHECK(!strcmp(p.f[0].verdict, "false") && strstr(p.f[0].note, "driver's own"),
		      "%s: %s", p.f[0].verdict, p.f[0].note);
		CHECK(!strcmp(p.f[1].verdict, ""), "unread: %s", p.f[1].verdict);
	}
	CHECK(review_missed(r, n, &p) == 1, "missed");
	package_free(&p);
	free(r);
	CHECK(review_read("no-such-review", &r, &n) == -1, "missing");
}

/* A package's facts: each stage decided, the newest version's failure kept. */
static void test_package(void)
{
	struct package p;

	CHECK(package_read("pkgs/zfs-dkms_2.0.3-9+deb11u1", &p) == 0, "%s", p.error);
	CHECK(p.stage == STAGE_OK && !strcmp(p.wanted, "2.0.3-9+deb11u2") &&
	      strstr(p.wanted_why, "404  Not Found"), "%s: %s", p.wanted, p.wanted_why);
	CHECK(p.lint_rc == 124 && !strcmp(p.lint_error, "timed out after 600 s"), "%s", p.lint_error);
	package_free(&p);
	CHECK(package_read("pkgs/openafs-modules-dkms_1.8.6-5+deb11u2", &p) == 0, "%s", p.error);
	CHECK(p.stage == STAGE_DOWNLOAD && strstr(p.error, "404"), "%s", p.error);
	CHECK(p.nb == 2 && p.b[0].status == BUILD_NOT_RUN && !p.b[0].why[0], "no build: %s",
	      p.b[0].why);
	package_free(&p);
	/* A module built against another installed one: not built, and said why. */
	CHECK(package_read("pkgs/nvidia-fs-dkms_2.13.5~11.8.0-5~deb12u1", &p) == 0, "%s", p.error);
	CHECK(p.nb == 2 && p.b[1].status == BUILD_NOT_RUN &&
	      strstr(p.b[1].why, "BUILD_DEPENDS nvidia-current") &&
	      strstr(p.b[1].why, "the audit installs nothing"), "%s", p.b[1].why);
	package_free(&p);
	CHECK(package_read("pkgs/dh-dkms_3.0.10-8", &p) == 0 && p.stage == STAGE_NO_SOURCE, "%s",
	      p.error);
	package_free(&p);
	CHECK(package_read("pkgs/no-such", &p) == -1 && strstr(p.error, "no facts"), "%s", p.error);
	/* The .deb apt left is another version's: not this package. */
	CHECK(package_read("pkgs/ddcci-dkms_0.4.2-4", &p) == 0 && p.stage == STAGE_UNPACK &&
	      !strcmp(p.error, "the .deb fetched holds version 0.3.3-1"), "%s", p.error);
	package_free(&p);
}

/*
 * kver-lint's exit status 2 is an error (exit 1 only warnings): the
 * package's lint error is its error line, as for any status above 2.
 */
static void test_lint_error_status(void)
{
	char dir[] = "/tmp/kver-audit-test-XXXXXX";
	struct package p;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	put_file(dir, "facts",
		 "name=wireguard-dkms\nversion=1.0.20210219-1\ndownload_rc=0\nunpack_rc=0\n"
		 "root=pkgs/wireguard-dkms_1.0.20210219-1/root\nsource=wireguard-1.0.20210219\n"
		 "lint_rc=2\nlint_s=0\n");
	put_file(dir, "lint.err", "kver-lint: error: wireguard-1.0.20210219/src/device.c: "
		 "Permission denied\n");
	put_file(dir, "lint.tsv", "");
	CHECK(package_read(dir, &p) == 0 && p.stage == STAGE_OK && p.lint_rc == 2, "%s", p.error);
	CHECK(!strcmp(p.lint_error, "kver-lint: error: wireguard-1.0.20210219/src/device.c: "
		      "Permission denied"), "exit 2: '%s'", p.lint_error);
	package_free(&p);
	put_file(dir, "facts",
		 "name=wireguard-dkms\nversion=1.0.20210219-1\ndownload_rc=0\nunpack_rc=0\n"
		 "root=pkgs/wireguard-dkms_1.0.20210219-1/root\nsource=wireguard-1.0.20210219\n"
		 "lint_rc=1\nlint_s=0\n");
	CHECK(package_read(dir, &p) == 0 && !p.lint_error[0], "exit 1: '%s'", p.lint_error);
	package_free(&p);
	remove_dir(dir, (const char *const[]){ "facts", "lint.err", "lint.tsv", NULL });
}

/* spatch's report lines, the tree's folder taken off. */
static void test_cocci(void)
{
	struct cocci c;

	memset(&c, 0, sizeof(c));
	CHECK(cocci_read("cocci/report.txt", "/cache/audit/kernels/5.10/src/", &c) == 0, "read");
	CHECK(c.n == 2, "%zu", c.n);
	if (c.n == 2)
		CHECK(!strcmp(c.f[0].file, "drivers/scsi/gdth.c") && c.f[0].line == 3835 &&
		      !strncmp(c.f[0].msg, "WARNING: the sublevel", 21), "%s:%d %s", c.f[0].file,
		      c.f[0].line, c.f[0].msg);
	cocci_free(&c);
}

int main(int argc, char **argv)
{
	if (argc > 1 && chdir(argv[1]) != 0) {
		perror(argv[1]);
		return 2;
	}
	KT_RUN(test_madison());
	KT_RUN(test_dkms_conf());
	KT_RUN(test_depends());
	KT_RUN(test_classify());
	KT_RUN(test_finding_at());
	KT_RUN(test_review());
	KT_RUN(test_package());
	KT_RUN(test_lint_error_status());
	KT_RUN(test_cocci());
	return kt_done();
}
