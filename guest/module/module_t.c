// SPDX-License-Identifier: GPL-2.0
/*
 * module.t: loads kver_cmp.ko in the lab guest and checks its answers.
 *
 * For each version M.P.S the module reports (see kmod/kver_cmp.c) it checks
 * that KVER_AT_LEAST / KVER_BELOW agree with the true release (KVER_EXPECT)
 * and that the naive LINUX_VERSION_CODE >= KERNEL_VERSION() test gives
 * exactly what the SUBLEVEL clamp predicts: wrong wherever the clamp hides
 * the difference, so a pass also proves the problem is real.
 *
 * Exit status: 0 all passed, 1 a check failed, 4 modules cannot be loaded
 * here. It never loads anything unless / is an initramfs (the guest).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "kver.h"
#include "tap.h"

#define MODULE_NAME "kver_cmp"
#define MODULE_FILE MODULE_NAME ".ko"
#define REPORT "/sys/module/" MODULE_NAME "/parameters/report"
#define MAX_ROWS 16
/* Root file system magics of an initramfs (linux/magic.h). */
#define RAMFS_MAGIC 0x858458f6
#define TMPFS_MAGIC 0x01021994

struct row {
	struct kver v;
	int naive_if, naive_c, compat_if, compat_c, below_c;
};

struct report {
	char release[128];
	struct kver built;
	long code, kv_major, kv_patch, kv_256, sub_naive, sub_compat;
	struct row rows[MAX_ROWS];
	int nrows;
};

static int test_no;
static int failed;

static void skip(const char *why, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void skip(const char *why, const char *fmt, ...)
{
	va_list ap;

	printf("ok %d ", ++test_no);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(" # SKIP %s\n", why);
}

/* "6.1.300", "6.1.300-rc1", "6.12.65535.1": at least three numbers (libkver). */
static int parse_release(const char *s, struct kver *v)
{
	return kver_parse(s, v) == 0 && v->nparts >= 3 ? 0 : -1;
}

/* "M P S" from a line of the module's report. */
static int scan_version(const char *s, struct kver *v)
{
	unsigned int a, b, c;

	if (sscanf(s, "%u %u %u", &a, &b, &c) != 3)
		return -1;
	kver_set(v, a, b, c);
	return 0;
}

static void show_kernel_log(void)
{
	static char buf[1 << 14];
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, sizeof(buf) - 1);
	char *line, *save;
	int total = 0, skipn;

	if (n <= 0)
		return;
	buf[n] = '\0';
	for (int i = 0; i < n; i++)
		total += buf[i] == '\n';
	skipn = total > 8 ? total - 8 : 0;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		if (skipn-- <= 0)
			printf("# kernel: %s\n", line);
}

/* 0 loaded (or already loaded), 4 loading is impossible here, 1 failed. */
static int load_module(void)
{
	int fd = open(MODULE_FILE, O_RDONLY | O_CLOEXEC);
	struct stat st;
	void *image;
	ssize_t got;

	if (fd < 0) {
		printf("# open %s: %s\n", MODULE_FILE, strerror(errno));
		return 1;
	}
	if (syscall(SYS_finit_module, fd, "", 0) == 0 || errno == EEXIST) {
		close(fd);
		return 0;
	}
	if (errno != ENOSYS) {
		printf("# finit_module: %s\n", strerror(errno));
		close(fd);
		return 1;
	}
	/* Older kernels: init_module with the image in memory. */
	if (fstat(fd, &st) < 0 || !(image = malloc(st.st_size))) {
		close(fd);
		return 1;
	}
	got = read(fd, image, st.st_size);
	close(fd);
	if (got != st.st_size) {
		free(image);
		return 1;
	}
	if (syscall(SYS_init_module, image, (unsigned long)st.st_size, "") == 0 ||
	    errno == EEXIST) {
		free(image);
		return 0;
	}
	printf("# init_module: %s\n", strerror(errno));
	free(image);
	return errno == ENOSYS ? 4 : 1;
}

static int read_report(struct report *r)
{
	char line[256];
	FILE *f = fopen(REPORT, "re");
	unsigned int a, b, c;
	int ok = 1;

	if (!f) {
		printf("# %s: %s\n", REPORT, strerror(errno));
		return -1;
	}
	memset(r, 0, sizeof(*r));
	while (fgets(line, sizeof(line), f)) {
		struct row *w = &r->rows[r->nrows];

		printf("# report: %s", line);
		if (sscanf(line, "release %127s", r->release) == 1 ||
		    (!strncmp(line, "version ", 8) && !scan_version(line + 8, &r->built)) ||
		    sscanf(line, "code %ld", &r->code) == 1 ||
		    sscanf(line, "encoding %ld %ld %ld", &r->kv_major, &r->kv_patch,
			   &r->kv_256) == 3 ||
		    sscanf(line, "sublevel %ld %ld", &r->sub_naive,
			   &r->sub_compat) == 2)
			continue;
		if (r->nrows < MAX_ROWS &&
		    sscanf(line, "ge %u %u %u %d %d %d %d %d", &a, &b, &c, &w->naive_if,
			   &w->naive_c, &w->compat_if, &w->compat_c,
			   &w->below_c) == 8) {
			kver_set(&w->v, a, b, c);
			r->nrows++;
			continue;
		}
		ok = 0;
	}
	fclose(f);
	return ok && r->release[0] && r->nrows > 0 ? 0 : -1;
}

static int unload_module(void)
{
	if (syscall(SYS_delete_module, MODULE_NAME, O_NONBLOCK) == 0)
		return 0;
	printf("# delete_module: %s\n", strerror(errno));
	return -1;
}

/* The rows the module reports (kmod/kver_cmp.c), in its order. */
static const char *const row_names[] = {
	"ge_M.P.254",   "ge_M.P.255",   "ge_M.P.256",   "ge_M.P.258",
	"ge_M.P.260",   "ge_M.P.300",   "ge_M.P.301",   "ge_M.P.65535",
	"ge_M.P.65536", "ge_M.P+1.0",
};
#define NROWS (int)(sizeof(row_names) / sizeof(row_names[0]))
/* load, release, code, 2 per row, 2 sublevel, naive wrong here, unload */
#define NTESTS (3 + 2 * NROWS + 2 + 1 + 1)

int main(void)
{
	const char *expect = getenv("KVER_EXPECT");
	/* A Debian-style release (6.1.0-75-amd64) comes with the version. */
	const char *version = getenv("KVER_VERSION");
	struct statfs root;
	struct kver want, running;
	struct utsname uts;
	static struct report r;
	int rc, clamps, naive_wrong = 0;
	char other[160];

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("KTAP version 1\n");
	/* Never on a development machine: the guest's / is an initramfs. */
	if (statfs("/", &root) < 0 ||
	    (root.f_type != RAMFS_MAGIC && root.f_type != TMPFS_MAGIC)) {
		printf("1..0 # SKIP / is not an initramfs: not in the lab guest\n");
		return 4;
	}
	if (version && !*version)
		version = NULL;
	if (!expect || parse_release(version ? version : expect, &want) < 0) {
		printf("1..1\n# KVER_EXPECT (or KVER_VERSION) missing or not M.P.S\n"
		       "not ok 1 kver_expect\n");
		return 1;
	}
	printf("1..%d\n", NTESTS);
	printf("# expected release %s, version %u.%u.%u\n", expect, want.major,
	       want.patchlevel, want.sublevel);

	/* A second guard: only the kernel the lab built for this point. */
	if (uname(&uts) < 0 || parse_release(uts.release, &running) < 0 ||
	    (version ? strcmp(uts.release, expect) != 0 : kver_cmp(&running, &want) != 0)) {
		printf("# running kernel is not %s: not loading\n", expect);
		rc = 1;
	} else {
		rc = load_module();
	}
	if (rc == 4) {
		/* Nothing was checked: the whole run is a skip. */
		printf("# modules cannot be loaded in this kernel\n");
		return 4;
	}
	failed |= guest_result(++test_no, rc == 0, "load_" MODULE_NAME);
	if (rc != 0 || read_report(&r) < 0) {
		if (rc == 0)
			printf("# cannot read %s\n", REPORT);
		show_kernel_log();
		while (test_no < NTESTS)
			skip("module not loaded", "check_%d", test_no + 1);
		return 1;
	}

	printf("# module built for %s (%u.%u.%u), running %s\n", r.release,
	       r.built.major, r.built.patchlevel, r.built.sublevel, uts.release);
	failed |= guest_result(++test_no,
			       !strcmp(r.release, uts.release) && !kver_cmp(&r.built, &want),
			       "built_for_running_kernel");
	/*
	 * The naive answers are predicted for the kernel's own encoding, the
	 * clamp. A series that encodes otherwise (widened, masked, unclamped)
	 * is told apart, and only the compat answers count there.
	 */
	clamps = r.kv_major == 65536 && r.kv_patch == 256 && r.kv_256 == 255;
	snprintf(other, sizeof(other),
		 "KERNEL_VERSION() is not the clamp here (1.0.0=%ld 0.1.0=%ld 0.0.256=%ld)",
		 r.kv_major, r.kv_patch, r.kv_256);
	printf("# LINUX_VERSION_CODE %#lx, KERNEL_VERSION(0, 0, 256) %ld\n",
	       r.code, r.kv_256);
	if (clamps)
		failed |= guest_result(++test_no, r.code == (long)kver_code_of(&want),
				       "linux_version_code_clamped");
	else
		skip(other, "linux_version_code_clamped");

	for (int i = 0; i < NROWS; i++) {
		const struct row *w = &r.rows[i];
		int truth, naive;

		if (i >= r.nrows) {
			printf("# row %s missing from the report\n",
			       row_names[i]);
			failed |= guest_result(++test_no, 0, "compat_%s", row_names[i]);
			failed |= guest_result(++test_no, 0, "naive_%s", row_names[i]);
			continue;
		}
		truth = kver_cmp(&want, &w->v) >= 0;
		naive = kver_code_of(&want) >= kver_code_of(&w->v);
		printf("# >= %u.%u.%u: true %d; compat #if %d, C %d, below %d;"
		       " naive #if %d, C %d (clamp predicts %d%s)\n",
		       w->v.major, w->v.patchlevel, w->v.sublevel, truth,
		       w->compat_if, w->compat_c, w->below_c, w->naive_if,
		       w->naive_c, naive, naive != truth ? ", wrong" : "");
		failed |= guest_result(++test_no,
				       w->compat_if == truth && w->compat_c == truth &&
					       w->below_c == !truth,
				       "compat_%s", row_names[i]);
		if (!clamps) {
			skip(other, "naive_%s", row_names[i]);
			continue;
		}
		/* Exactly the clamp's answer, wrong where it must be wrong. */
		failed |= guest_result(++test_no, w->naive_if == naive && w->naive_c == naive,
				       "naive_%s", row_names[i]);
		naive_wrong += w->naive_if != truth;
	}

	printf("# SUBLEVEL: KVER_SUBLEVEL %ld, LINUX_VERSION_CODE & 0xff %ld\n",
	       r.sub_compat, r.sub_naive);
	failed |= guest_result(++test_no, r.sub_compat == (long)want.sublevel, "compat_sublevel");
	if (clamps)
		failed |= guest_result(++test_no,
				       r.sub_naive == (long)(want.sublevel > 255 ? 255 : want.sublevel),
				       "naive_sublevel");
	else
		skip(other, "naive_sublevel");
	if (!clamps)
		skip(other, "naive_wrong_at_this_point");
	else if (want.sublevel < 255)
		skip("the clamp changes nothing below SUBLEVEL 255",
		     "naive_wrong_at_this_point");
	else
	{
		printf("# naive answers wrong at this point: %d\n", naive_wrong);
		failed |= guest_result(++test_no, naive_wrong > 0, "naive_wrong_at_this_point");
	}

	failed |= guest_result(++test_no, unload_module() == 0, "unload_" MODULE_NAME);
	return failed ? 1 : 0;
}
