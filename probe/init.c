// SPDX-License-Identifier: GPL-2.0
/*
 * What the probe does as PID 1: mount the file systems it reads, quiet the
 * kernel's console, read files and the kernel command line, and power the
 * guest off with its status through QEMU's isa-debug-exit.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/io.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe.h"

int read_text(const char *path, char *buf, size_t size)
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

static void mount_fs(const char *type, const char *dir)
{
	mkdir(dir, 0755);
	if (mount(type, dir, type, 0, NULL) && errno != EBUSY)
		diag("mount %s on %s: %s", type, dir, strerror(errno));
}

void init_system(void)
{
	mount_fs("devtmpfs", "/dev");
	mount_fs("proc", "/proc");
	mount_fs("sysfs", "/sys");
	/* KUnit has finished by now; keep later kernel messages off our KTAP. */
	klogctl(8 /* SYSLOG_ACTION_CONSOLE_LEVEL */, NULL, 1);
}

int cmdline_value(const char *cmdline, const char *name, char *buf, size_t size)
{
	char copy[4096];
	size_t len = strlen(name);
	char *tok, *save;

	snprintf(copy, sizeof(copy), "%s", cmdline);
	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (!strncmp(tok, name, len) && tok[len] == '=') {
			snprintf(buf, size, "%s", tok + len + 1);
			return 0;
		}
	}
	return -1;
}

int cmdline_param(const char *name, char *buf, size_t size)
{
	char cmdline[4096];

	if (read_text("/proc/cmdline", cmdline, sizeof(cmdline)))
		return -1;
	return cmdline_value(cmdline, name, buf, size);
}

void leave(int status)
{
	printf(KVER_PROBE_EXIT "%d\n", status);
	fflush(stdout);
	sync();
	if (ioperm(KVER_EXIT_PORT, 4, 1) == 0)
		/* isa-debug-exit (protocol.h): QEMU exits with KVER_QEMU_EXIT(status). */
		outb(KVER_EXIT_BASE | status, KVER_EXIT_PORT);
	/* No debug-exit device: QEMU runs with -no-reboot, so a reboot ends it. */
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}
