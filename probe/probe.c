// SPDX-License-Identifier: GPL-2.0
/*
 * kver-probe: the lab guest's /init.
 *
 * Reads every place where this kernel tells user space its version, checks
 * each against what the lab built (kver.expect= on the kernel command line
 * is the release uname must say, kver.version= the real version, which a
 * distribution's release such as 6.1.0-75-amd64 hides, and /uts_version in
 * the initramfs, when present, what uname -v must say) and prints the
 * results as KTAP on the console. Then it runs the guest
 * test programs packed under /guest and leaves QEMU through isa-debug-exit
 * with the overall status.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>
#include <sys/ioctl.h>
#include <sys/personality.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/cec.h>
#include <linux/media.h>
#include <linux/videodev2.h>

#include "kver.h"
#include "protocol.h"

/* isa-debug-exit: QEMU exits with (value << 1) | 1. */
#define DEBUG_EXIT_PORT 0xf4
/* Offset so that a guest status never looks like QEMU's own exit code 1. */
#define DEBUG_EXIT_BASE 0x10

#define GUEST_DIR "/guest"
#define GUEST_TIMEOUT_S 120
#define MAX_GUEST_TESTS 64

static int test_no;
static int failed;

static void result(int ok, const char *name, const char *skip)
{
	test_no++;
	if (!ok)
		failed = 1;
	if (skip)
		printf("ok %d %s # SKIP %s\n", test_no, name, skip);
	else
		printf("%sok %d %s\n", ok ? "" : "not ", test_no, name);
	fflush(stdout);
}

static void diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

/* "# value: key=val" lines are what the host's boot model collects. */
#define value(key, fmt, ...) diag(KVER_VALUE key "=" fmt, __VA_ARGS__)

/* Read a small text file into buf without its trailing newline. */
static int read_text(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	while (n > 0 && buf[n - 1] == '\n')
		buf[--n] = '\0';
	return 0;
}

/* The value of NAME= on the kernel command line, copied into buf. */
static int cmdline_param(const char *name, char *buf, size_t size)
{
	char cmdline[4096];
	size_t len = strlen(name);
	char *tok, *save;

	if (read_text("/proc/cmdline", cmdline, sizeof(cmdline)))
		return -1;
	for (tok = strtok_r(cmdline, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (!strncmp(tok, name, len) && tok[len] == '=') {
			snprintf(buf, size, "%s", tok + len + 1);
			return 0;
		}
	}
	return -1;
}

/* Does release begin with the numbers of want (and not continue with a digit)? */
static int release_matches(const char *release, const char *want)
{
	size_t n = strlen(want);

	return !strncmp(release, want, n) && !(release[n] >= '0' && release[n] <= '9');
}

static void check_release(const char *name, const char *got, const char *want)
{
	int ok = release_matches(got, want);

	if (!ok)
		diag("%s: got '%s', expected a release starting with '%s'", name, got, want);
	result(ok, name, NULL);
}

static void check_file_release(const char *name, const char *path, const char *prefix,
			       const char *want)
{
	char buf[512];
	int err = read_text(path, buf, sizeof(buf));

	if (err) {
		diag("%s: cannot read %s: %s", name, path, strerror(-err));
		result(0, name, NULL);
		return;
	}
	if (strncmp(buf, prefix, strlen(prefix))) {
		diag("%s: %s does not start with '%s': '%s'", name, path, prefix, buf);
		result(0, name, NULL);
		return;
	}
	check_release(name, buf + strlen(prefix), want);
}

static void check_vdso(const struct kver *want)
{
	uint32_t code, expect = kver_code(want->major, want->patchlevel, want->sublevel);
	int err = kver_vdso_code(&code);

	if (err) {
		diag("vdso_note: no \"Linux\" note in the vDSO: %s", kver_strerror(err));
		result(0, "vdso_note", NULL);
		return;
	}
	value("vdso.code", "0x%06x", code);
	if (code != expect)
		diag("vdso_note: code 0x%06x, expected 0x%06x", code, expect);
	result(code == expect, "vdso_note", NULL);
}

/* uname(2) under the UNAME26 personality: 2.6.(60 + PATCHLEVEL) by design. */
static void read_uname26(void)
{
	struct utsname uts;
	int old = personality(0xffffffff);

	if (old < 0 || personality(PER_LINUX | UNAME26) < 0) {
		value("uname26.release", "absent: personality: %s", strerror(errno));
		return;
	}
	uname(&uts);
	personality(old);
	value("uname26.release", "%s", uts.release);
}

/* Device version fields, which the kernel fills with LINUX_VERSION_CODE. */
struct device_code {
	const char *key;
	const char *node;
	unsigned long request;
	int found;
	uint32_t code;
};

static void query_device(struct device_code *d, void *arg, const uint32_t *field)
{
	int fd = open(d->node, O_RDWR | O_CLOEXEC);

	if (fd < 0) {
		value("%s", "absent: %s: %s", d->key, d->node, strerror(errno));
		return;
	}
	if (ioctl(fd, d->request, arg) < 0) {
		value("%s", "absent: %s ioctl: %s", d->key, d->node, strerror(errno));
	} else {
		d->found = 1;
		d->code = *field;
		value("%s", "0x%06x", d->key, d->code);
	}
	close(fd);
}

static void read_devices(struct device_code *d)
{
	struct v4l2_capability cap;
	struct media_device_info info;
	struct cec_caps caps;

	query_device(&d[0], &cap, &cap.version);
	query_device(&d[1], &info, &info.media_version);
	if (d[1].found) {
		/* driver_version comes from the same ioctl */
		d[2].found = 1;
		d[2].code = info.driver_version;
		value("%s", "0x%06x", d[2].key, d[2].code);
	} else {
		value("%s", "absent: %s", d[2].key, d[1].node);
	}
	query_device(&d[3], &caps, &caps.version);
}

/* The xHCI root hub: bcdDevice is MAJOR.PATCHLEVEL in BCD, no SUBLEVEL. */
static void read_usb(void)
{
	static const char *const keys[][2] = {
		{ "usb.bcdDevice", "/sys/bus/usb/devices/usb1/bcdDevice" },
		{ "usb.manufacturer", "/sys/bus/usb/devices/usb1/manufacturer" },
	};
	char buf[256];

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		int err = read_text(keys[i][1], buf, sizeof(buf));

		if (err)
			value("%s", "absent: %s: %s", keys[i][0], keys[i][1], strerror(-err));
		else
			value("%s", "%s", keys[i][0], buf);
	}
}

/* Every device code present must be the clamped code of the release. */
static void check_devices(const struct device_code *d, size_t n, const struct kver *want)
{
	uint32_t expect = kver_code(want->major, want->patchlevel, want->sublevel);
	int present = 0, ok = 1;

	for (size_t i = 0; i < n; i++) {
		if (!d[i].found)
			continue;
		present++;
		if (d[i].code != expect) {
			diag("device_codes: %s is 0x%06x, expected 0x%06x", d[i].key, d[i].code,
			     expect);
			ok = 0;
		}
	}
	result(ok, "device_codes", present ? NULL : "no V4L2, media or CEC device");
}

/* libkver's reconciled answer must be the version the lab built. */
static void check_libkver(const struct kver *want, int hidden)
{
	struct kver_running r;
	char got[128], exp[128];
	int ok = 1, err = kver_running(NULL, &r);

	if (err) {
		diag("libkver_running: %s", kver_strerror(err));
		result(0, "libkver_running", NULL);
		return;
	}
	kver_format(&r.version, KVER_FMT_NUMBERS, got, sizeof(got));
	value("libkver.version", "%s", got);
	value("libkver.code", "0x%06x", r.code);
	if (kver_cmp(&r.version, want) != 0)
		diag("libkver_running: reconciled version %s, expected %s", got,
		     (kver_format(want, KVER_FMT_NUMBERS, exp, sizeof(exp)), exp));
	if (r.disagree)
		diag("libkver_running: sources disagree (mask 0x%x)", r.disagree);
	value("libkver.from_sublevel", "%s", kver_source_name(r.from_sublevel));
	/*
	 * Where the release hides SUBLEVEL, only the distribution's own field
	 * can give it exactly (the vDSO stops at 255): that must be the source.
	 */
	if (hidden && r.from_sublevel != KVER_SRC_PROC_VERSION &&
	    r.from_sublevel != KVER_SRC_SIGNATURE) {
		diag("libkver_running: the release hides SUBLEVEL, yet it came from %s, not the distribution's field",
		     kver_source_name(r.from_sublevel));
		ok = 0;
	}
	result(ok && kver_cmp(&r.version, want) == 0 && !r.disagree, "libkver_running", NULL);
}

/* uname -v against the UTS version the lab built, when it chose one. */
static void check_uts_version(const char *uts_version)
{
	char want[128];
	int err = read_text("/uts_version", want, sizeof(want));

	value("uname.version", "%s", uts_version);
	if (err) {
		result(1, "uts_version", "the build's own UTS version (no /uts_version)");
		return;
	}
	if (strcmp(uts_version, want))
		diag("uts_version: got '%s', expected '%s'", uts_version, want);
	result(!strcmp(uts_version, want), "uts_version", NULL);
}

static int is_test(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 2 && !strcmp(d->d_name + n - 2, ".t");
}

/* Copy the child's output to the console, indented as a KTAP subtest. */
static int relay_output(int fd, pid_t pid)
{
	char buf[4096], line[1024];
	size_t len = 0;
	time_t deadline = time(NULL) + GUEST_TIMEOUT_S;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	for (;;) {
		int left = (int)(deadline - time(NULL));
		ssize_t n;

		if (left <= 0 || poll(&pfd, 1, left * 1000) == 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			return -1;
		}
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] == '\n' || len == sizeof(line) - 1) {
				printf("    %.*s\n", (int)len, line);
				len = 0;
				if (buf[i] == '\n')
					continue;
			}
			line[len++] = buf[i];
		}
	}
	if (len)
		printf("    %.*s\n", (int)len, line);
	fflush(stdout);
	return 0;
}

static void run_guest_test(const char *plugin, const char *prog, const char *expect,
			   const char *version)
{
	char dir[512], name[600];
	int pipefd[2], status, timed_out;
	pid_t pid;

	snprintf(dir, sizeof(dir), GUEST_DIR "/%.255s", plugin);
	snprintf(name, sizeof(name), KVER_GUEST_TEST "%.255s/%.255s", plugin, prog);
	printf("    # Subtest: %s\n", name);
	fflush(stdout);
	if (pipe2(pipefd, O_CLOEXEC)) {
		diag("%s: pipe: %s", name, strerror(errno));
		result(0, name, NULL);
		return;
	}
	pid = fork();
	if (pid == 0) {
		char *argv[] = { (char *)prog, NULL };

		setpgid(0, 0);
		dup2(pipefd[1], STDOUT_FILENO);
		dup2(pipefd[1], STDERR_FILENO);
		if (chdir(dir) == 0) {
			setenv("KVER_EXPECT", expect, 1);
			setenv("KVER_VERSION", version, 1);
			execv(prog, argv);
		}
		dprintf(STDOUT_FILENO, "cannot run %s/%s: %s\n", dir, prog, strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);
	if (pid < 0) {
		close(pipefd[0]);
		diag("%s: fork: %s", name, strerror(errno));
		result(0, name, NULL);
		return;
	}
	timed_out = relay_output(pipefd[0], pid);
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (timed_out) {
		diag("%s: no result after %d s", name, GUEST_TIMEOUT_S);
		result(0, name, NULL);
	} else if (WIFSIGNALED(status)) {
		diag("%s: killed by signal %d", name, WTERMSIG(status));
		result(0, name, NULL);
	} else if (WEXITSTATUS(status) == 4) {
		result(1, name, "test reported skip (exit 4)");
	} else {
		if (WEXITSTATUS(status))
			diag("%s: exit status %d", name, WEXITSTATUS(status));
		result(WEXITSTATUS(status) == 0, name, NULL);
	}
}

struct guest_test {
	char plugin[256];
	char prog[256];
	char skip[256];
};

static int access_skip(const char *dir, char *why, size_t size)
{
	char path[600];

	snprintf(path, sizeof(path), "%s/skip", dir);
	if (read_text(path, why, size))
		return 0;
	if (!why[0])
		snprintf(why, size, "not applicable");
	return 1;
}

/* Every /guest/<plugin>/<prog>.t, sorted, so the plan can be printed first. */
static int find_guest_tests(struct guest_test *tests, int max)
{
	struct dirent **plugins;
	int n = 0, np = scandir(GUEST_DIR, &plugins, NULL, alphasort);

	for (int i = 0; i < np; i++) {
		struct dirent **progs;
		char dir[512];
		int nt;

		if (plugins[i]->d_name[0] == '.')
			goto next;
		snprintf(dir, sizeof(dir), GUEST_DIR "/%.255s", plugins[i]->d_name);
		/* A plugin that does not apply to this tree left only its reason. */
		if (n < max && access_skip(dir, tests[n].skip, sizeof(tests[n].skip))) {
			snprintf(tests[n].plugin, sizeof(tests[n].plugin), "%s", plugins[i]->d_name);
			tests[n++].prog[0] = '\0';
			goto next;
		}
		nt = scandir(dir, &progs, is_test, alphasort);
		for (int j = 0; j < nt; j++) {
			if (n < max) {
				snprintf(tests[n].plugin, sizeof(tests[n].plugin), "%s",
					 plugins[i]->d_name);
				snprintf(tests[n].prog, sizeof(tests[n].prog), "%s", progs[j]->d_name);
				n++;
			}
			free(progs[j]);
		}
		if (nt >= 0)
			free(progs);
next:
		free(plugins[i]);
	}
	if (np >= 0)
		free(plugins);
	return n;
}

static void mount_fs(const char *type, const char *dir)
{
	mkdir(dir, 0755);
	if (mount(type, dir, type, 0, NULL) && errno != EBUSY)
		diag("mount %s on %s: %s", type, dir, strerror(errno));
}

static void leave(int status)
{
	printf(KVER_PROBE_EXIT "%d\n", status);
	fflush(stdout);
	sync();
	if (ioperm(DEBUG_EXIT_PORT, 4, 1) == 0)
		outb(DEBUG_EXIT_BASE | status, DEBUG_EXIT_PORT);
	/* No debug-exit device: QEMU runs with -no-reboot, so a reboot ends it. */
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}

int main(void)
{
	static struct guest_test tests[MAX_GUEST_TESTS];
	struct device_code devices[] = {
		{ .key = "v4l2.version", .node = "/dev/video0", .request = VIDIOC_QUERYCAP },
		{ .key = "media.media_version", .node = "/dev/media0",
		  .request = MEDIA_IOC_DEVICE_INFO },
		{ .key = "media.driver_version", .node = "/dev/media0" },
		{ .key = "cec.version", .node = "/dev/cec0", .request = CEC_ADAP_G_CAPS },
	};
	char expect[128], version[128], buf[512];
	struct utsname uts;
	struct kver want, rel;
	int err, ntests, hidden;

	mount_fs("devtmpfs", "/dev");
	mount_fs("proc", "/proc");
	mount_fs("sysfs", "/sys");
	/* KUnit has finished by now; keep later kernel messages off our KTAP. */
	klogctl(8 /* SYSLOG_ACTION_CONSOLE_LEVEL */, NULL, 1);

	printf("KTAP version 1\n# " KVER_PROBE_NAME "\n");
	if (cmdline_param("kver.expect", expect, sizeof(expect))) {
		printf("Bail out! no kver.expect= on the kernel command line\n");
		leave(1);
	}
	if (cmdline_param("kver.version", version, sizeof(version)))
		snprintf(version, sizeof(version), "%s", expect);
	err = kver_parse(version, &want);
	if (err) {
		printf("Bail out! kver.version=%s: %s\n", version, kver_strerror(err));
		leave(1);
	}
	/* Does the release carry the version (6.1.300), or hide it (6.1.0-75-amd64)? */
	hidden = kver_parse(expect, &rel) || kver_cmp(&rel, &want) != 0;
	ntests = find_guest_tests(tests, MAX_GUEST_TESTS);
	printf("1..%d\n", 7 + ntests);
	value("expect", "%s", expect);
	value("version", "%s", version);

	uname(&uts);
	value("uname.release", "%s", uts.release);
	check_release("uname_release", uts.release, expect);
	if (read_text("/proc/sys/kernel/osrelease", buf, sizeof(buf)) == 0)
		value("proc.osrelease", "%s", buf);
	check_file_release("proc_osrelease", "/proc/sys/kernel/osrelease", "", expect);
	if (read_text("/proc/version", buf, sizeof(buf)) == 0 &&
	    !strncmp(buf, "Linux version ", 14))
		value("proc.version", "%.*s", (int)strcspn(buf + 14, " "), buf + 14);
	check_file_release("proc_version", "/proc/version", "Linux version ", expect);
	check_uts_version(uts.version);
	check_vdso(&want);
	check_libkver(&want, hidden);
	read_uname26();
	read_devices(devices);
	read_usb();
	check_devices(devices, sizeof(devices) / sizeof(devices[0]), &want);

	for (int i = 0; i < ntests; i++) {
		if (tests[i].prog[0]) {
			run_guest_test(tests[i].plugin, tests[i].prog, expect, version);
		} else {
			snprintf(buf, sizeof(buf), KVER_GUEST_TEST "%.255s", tests[i].plugin);
			result(1, buf, tests[i].skip);
		}
	}
	leave(failed);
}
