// SPDX-License-Identifier: GPL-2.0
/*
 * Drivers for the device channels of a kernel that builds them as modules
 * (Debian's own images: vivid for V4L2, media and CEC, xhci for the USB
 * root hub). The lab packs them into the initramfs: /modules/load names
 * the files of /modules in the order to load them, each after what it
 * needs (kver-lab modules decides it from the image's modules.dep). The
 * probe loads them before it reads the channels, and only as PID 1 of an
 * initramfs: the guest is the only place a module is ever loaded.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include "probe.h"

#define MODULES_DIR KVER_INITRAMFS_MODULES
#define MODULES_LIST MODULES_DIR "/load"
/* Root file system magics of an initramfs (linux/magic.h). */
#define RAMFS_MAGIC 0x858458f6
#define TMPFS_MAGIC 0x01021994
/* How long the device nodes may take to appear after the drivers loaded. */
#define DEVICE_WAIT_S 10

int modules_read_list(FILE *f, char names[][MODULE_NAME_MAX], int max)
{
	char line[512];
	int n = 0;

	while (fgets(line, sizeof(line), f)) {
		size_t len = strcspn(line, "\n");

		line[len] = '\0';
		if (!len)
			continue;
		if (n == max || len >= MODULE_NAME_MAX || strchr(line, '/') || line[0] == '.')
			return -1;
		memcpy(names[n++], line, len + 1);
	}
	return n;
}

/* Only the lab's guest: PID 1 on an initramfs. */
static int in_guest(void)
{
	struct statfs root;

	return getpid() == 1 && statfs("/", &root) == 0 &&
	       (root.f_type == RAMFS_MAGIC || root.f_type == TMPFS_MAGIC);
}

/* One module file: 0, or an errno. */
static int load_one(const char *file)
{
	char path[MODULE_NAME_MAX + 16];
	int fd, err = 0;

	snprintf(path, sizeof(path), MODULES_DIR "/%.*s", MODULE_NAME_MAX - 1, file);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	if (syscall(SYS_finit_module, fd, "", 0) && errno != EEXIST)
		err = errno;
	close(fd);
	return err;
}

/* The nodes the device channels are read from, once their drivers are in. */
static void wait_for_devices(void)
{
	static const char *const nodes[] = { "/dev/video0", "/dev/media0", "/dev/cec0",
					     "/sys/bus/usb/devices/usb1/bcdDevice" };
	time_t end = time(NULL) + DEVICE_WAIT_S;
	struct stat st;

	for (size_t i = 0; i < sizeof(nodes) / sizeof(nodes[0]); i++) {
		while (stat(nodes[i], &st) && time(NULL) < end)
			usleep(50 * 1000);
	}
}

int load_modules(struct probe *p, const char *name, const char **skip)
{
	static char names[64][MODULE_NAME_MAX];
	FILE *f = fopen(MODULES_LIST, "re");
	int n;

	(void)name, (void)skip;
	if (!f)
		return 1;
	n = modules_read_list(f, names, 64);
	fclose(f);
	if (n < 0) {
		value("modules", "unreadable: %s holds a name that is no module file", MODULES_LIST);
		p->modules_failed++;
		return 1;
	}
	if (!in_guest()) {
		value("modules", "not loaded: %s", "not PID 1 of an initramfs");
		p->modules_failed += n;
		return 1;
	}
	for (int i = 0; i < n; i++) {
		int err = load_one(names[i]);

		if (err) {
			value("module.%.*s", "failed: %s", (int)strcspn(names[i], "."), names[i],
			      strerror(err));
			p->modules_failed++;
		} else {
			value("module.%.*s", "loaded", (int)strcspn(names[i], "."), names[i]);
		}
	}
	if (n)
		wait_for_devices();
	return 1;
}
