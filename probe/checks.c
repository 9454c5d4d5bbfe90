// SPDX-License-Identifier: GPL-2.0
/*
 * The probe's checks: every place where the kernel tells user space its
 * version, read and compared with what the lab built. They are one table,
 * run in its order; an entry with a name is one KTAP result (its function
 * says ok or not, and why it skipped), an entry without one only prints
 * value lines for the host. The plan is counted from the table.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/personality.h>
#include <unistd.h>

#include <linux/cec.h>
#include <linux/media.h>
#include <linux/videodev2.h>

#include "probe.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

int release_matches(const char *release, const char *want)
{
	size_t n = strlen(want);

	return !strncmp(release, want, n) && !(release[n] >= '0' && release[n] <= '9');
}

static int check_release(const char *name, const char *got, const char *want)
{
	int ok = release_matches(got, want);

	if (!ok)
		diag("%s: got '%s', expected a release starting with '%s'", name, got, want);
	return ok;
}

static int check_file_release(const char *name, const char *path, const char *prefix,
			      const char *want)
{
	char buf[512];
	int err = read_text(path, buf, sizeof(buf));

	if (err) {
		diag("%s: cannot read %s: %s", name, path, strerror(-err));
		return 0;
	}
	if (strncmp(buf, prefix, strlen(prefix))) {
		diag("%s: %s does not start with '%s': '%s'", name, path, prefix, buf);
		return 0;
	}
	return check_release(name, buf + strlen(prefix), want);
}

/* uname(2)'s release. */
static int uname_release(struct probe *p, const char *name, const char **skip)
{
	(void)skip;
	value(KVER_KEY_UNAME_RELEASE, "%s", p->uts.release);
	return check_release(name, p->uts.release, p->expect);
}

/* /proc/sys/kernel/osrelease. */
static int proc_osrelease(struct probe *p, const char *name, const char **skip)
{
	char buf[512];

	(void)skip;
	if (read_text("/proc/sys/kernel/osrelease", buf, sizeof(buf)) == 0)
		value(KVER_KEY_OSRELEASE, "%s", buf);
	return check_file_release(name, "/proc/sys/kernel/osrelease", "", p->expect);
}

/* The release in /proc/version, after "Linux version ". */
static int proc_version(struct probe *p, const char *name, const char **skip)
{
	char buf[512];

	(void)skip;
	if (read_text("/proc/version", buf, sizeof(buf)) == 0 &&
	    !strncmp(buf, "Linux version ", 14))
		value(KVER_KEY_PROC_VERSION, "%.*s", (int)strcspn(buf + 14, " "), buf + 14);
	return check_file_release(name, "/proc/version", "Linux version ", p->expect);
}

/* uname -v against the UTS version the lab built, when it chose one. */
static int uts_version(struct probe *p, const char *name, const char **skip)
{
	value(KVER_KEY_UNAME_VERSION, "%s", p->uts.version);
	if (!p->uts_expect) {
		*skip = "the build's own UTS version (no " KVER_INITRAMFS_UTS ")";
		return 1;
	}
	if (strcmp(p->uts.version, p->uts_expect))
		diag("%s: got '%s', expected '%s'", name, p->uts.version, p->uts_expect);
	return !strcmp(p->uts.version, p->uts_expect);
}

/* The vDSO's "Linux" ELF note: LINUX_VERSION_CODE, clamped. */
static int vdso_note(struct probe *p, const char *name, const char **skip)
{
	const struct kver *want = &p->want;
	uint32_t code, expect = kver_code(want->major, want->patchlevel, want->sublevel);
	int err = kver_vdso_code(&code);

	(void)skip;
	if (err) {
		diag("%s: no \"Linux\" note in the vDSO: %s", name, kver_strerror(err));
		return 0;
	}
	value(KVER_KEY_VDSO_CODE, "0x%06x", code);
	if (code != expect)
		diag("%s: code 0x%06x, expected 0x%06x", name, code, expect);
	return code == expect;
}

int libkver_verdict(const struct probe *p, const struct kver_running *r, const char *name)
{
	struct truth_reading want;
	char got[128], exp[128];
	int ok = 1, min = (r->flags & KVER_RUN_SUBLEVEL_MIN) != 0;

	kver_format(&r->version, KVER_FMT_NUMBERS, got, sizeof(got));
	value(KVER_KEY_LIBKVER_VERSION, "%s", got);
	value(KVER_KEY_LIBKVER_CODE, "0x%06x", r->code);
	value(KVER_KEY_LIBKVER_FROM, "%s", kver_source_name(r->from_sublevel));
	/* What libkver can know of this point, and from where (probe/truth.h). */
	if (truth_reading(p->expect, p->version, p->uts_expect ? p->uts_expect : p->uts.version,
			  &want)) {
		diag("%s: the version %s is not one", name, p->version);
		return 0;
	}
	kver_format(&want.version, KVER_FMT_NUMBERS, exp, sizeof(exp));
	if (kver_cmp(&r->version, &want.version) != 0 || min != want.sublevel_min) {
		diag("%s: reconciled version %s%s, expected %s%s (from the %s)", name, got,
		     min ? " or later" : "", exp, want.sublevel_min ? " or later" : "",
		     truth_source_name(want.from));
		ok = 0;
	}
	if (r->disagree) {
		diag("%s: sources disagree (mask 0x%x)", name, r->disagree);
		ok = 0;
	}
	/* Where the release hides SUBLEVEL, it must come from where it can. */
	if (want.from == TRUTH_FIELD && r->from_sublevel != KVER_SRC_PROC_VERSION &&
	    r->from_sublevel != KVER_SRC_SIGNATURE) {
		diag("%s: the release hides SUBLEVEL, yet it came from %s, not the distribution's field",
		     name, kver_source_name(r->from_sublevel));
		ok = 0;
	} else if (want.from == TRUTH_CODE && r->from_sublevel != KVER_SRC_VDSO) {
		diag("%s: the release hides SUBLEVEL and no distribution field gives it, yet it came from %s, not the kernel's code",
		     name, kver_source_name(r->from_sublevel));
		ok = 0;
	}
	return ok;
}

/* libkver's reconciled answer must be the version the lab built. */
static int libkver_running(struct probe *p, const char *name, const char **skip)
{
	struct kver_running r;
	int err = kver_running(NULL, &r);

	(void)skip;
	if (err) {
		diag("%s: %s", name, kver_strerror(err));
		return 0;
	}
	return libkver_verdict(p, &r, name);
}

/* uname(2) under the UNAME26 personality: 2.6.(60 + PATCHLEVEL) by design. */
static int read_uname26(struct probe *p, const char *name, const char **skip)
{
	struct utsname uts;
	int old = personality(0xffffffff);

	(void)p, (void)name, (void)skip;
	if (old < 0 || personality(PER_LINUX | UNAME26) < 0) {
		value(KVER_KEY_UNAME26, KVER_VALUE_ABSENT ": personality: %s", strerror(errno));
		return 1;
	}
	uname(&uts);
	personality(old);
	value(KVER_KEY_UNAME26, "%s", uts.release);
	return 1;
}

/* Device version fields, which the kernel fills with LINUX_VERSION_CODE. */
static struct device_code {
	const char *key;
	const char *node;
	unsigned long request;
	int found;
	uint32_t code;
} devices[] = {
	{ .key = KVER_KEY_V4L2, .node = "/dev/video0", .request = VIDIOC_QUERYCAP },
	{ .key = KVER_KEY_MEDIA, .node = "/dev/media0", .request = MEDIA_IOC_DEVICE_INFO },
	{ .key = KVER_KEY_MEDIA_DRIVER, .node = "/dev/media0" },
	{ .key = KVER_KEY_CEC, .node = "/dev/cec0", .request = CEC_ADAP_G_CAPS },
};

static void query_device(struct device_code *d, void *arg, const uint32_t *field)
{
	int fd = open(d->node, O_RDWR | O_CLOEXEC);

	if (fd < 0) {
		value("%s", KVER_VALUE_ABSENT ": %s: %s", d->key, d->node, strerror(errno));
		return;
	}
	if (ioctl(fd, d->request, arg) < 0) {
		value("%s", KVER_VALUE_ABSENT ": %s ioctl: %s", d->key, d->node, strerror(errno));
	} else {
		d->found = 1;
		d->code = *field;
		value("%s", "0x%06x", d->key, d->code);
	}
	close(fd);
}

static int read_devices(struct probe *p, const char *name, const char **skip)
{
	struct device_code *d = devices;
	/* Zeroed: the compiler cannot see that the ioctl fills them. */
	struct v4l2_capability cap = { 0 };
	struct media_device_info info = { 0 };
	struct cec_caps caps = { 0 };

	(void)p, (void)name, (void)skip;
	query_device(&d[0], &cap, &cap.version);
	query_device(&d[1], &info, &info.media_version);
	if (d[1].found) {
		/* driver_version comes from the same ioctl */
		d[2].found = 1;
		d[2].code = info.driver_version;
		value("%s", "0x%06x", d[2].key, d[2].code);
	} else {
		value("%s", KVER_VALUE_ABSENT ": %s", d[2].key, d[1].node);
	}
	query_device(&d[3], &caps, &caps.version);
	return 1;
}

/* The xHCI root hub's bcdDevice: MAJOR.PATCHLEVEL in BCD, no SUBLEVEL; "" when absent. */
static char usb_bcd_read[16];

void usb_bcd(unsigned int major, unsigned int patchlevel, char *buf, size_t size)
{
	snprintf(buf, size, "%02x%02x", (major / 10 % 10) << 4 | major % 10,
		 (patchlevel / 10 % 10) << 4 | patchlevel % 10);
}

static int read_usb(struct probe *p, const char *name, const char **skip)
{
	static const char *const keys[][2] = {
		{ KVER_KEY_USB_BCD, "/sys/bus/usb/devices/usb1/bcdDevice" },
		{ KVER_KEY_USB_MANUFACTURER, "/sys/bus/usb/devices/usb1/manufacturer" },
	};
	char buf[256];

	(void)p, (void)name, (void)skip;
	usb_bcd_read[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++) {
		int err = read_text(keys[i][1], buf, sizeof(buf));

		if (err) {
			value("%s", KVER_VALUE_ABSENT ": %s: %s", keys[i][0], keys[i][1], strerror(-err));
		} else {
			value("%s", "%s", keys[i][0], buf);
			if (i == 0)
				snprintf(usb_bcd_read, sizeof(usb_bcd_read), "%.15s", buf);
		}
	}
	return 1;
}

/*
 * With kver.devices=required (a kernel whose drivers the lab packed as
 * modules), every channel must have been read: each driver loaded, each
 * device node answered, and the root hub's bcdDevice is M.P's.
 */
static int devices_all_read(struct probe *p, const char *name)
{
	char bcd[16];
	int ok = 1;

	if (p->modules_failed) {
		diag("%s: %d of the drivers packed for the device channels did not load", name,
		     p->modules_failed);
		ok = 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(devices); i++) {
		if (!devices[i].found) {
			diag("%s: %s was not read", name, devices[i].key);
			ok = 0;
		}
	}
	usb_bcd(p->want.major, p->want.patchlevel, bcd, sizeof(bcd));
	if (!usb_bcd_read[0]) {
		diag("%s: usb.bcdDevice was not read", name);
		ok = 0;
	} else if (strcmp(usb_bcd_read, bcd)) {
		diag("%s: usb.bcdDevice is %s, expected %s", name, usb_bcd_read, bcd);
		ok = 0;
	}
	return ok;
}

/* Every device code present must be the clamped code of the version. */
static int device_codes(struct probe *p, const char *name, const char **skip)
{
	const struct kver *want = &p->want;
	uint32_t expect = kver_code(want->major, want->patchlevel, want->sublevel);
	int present = 0, ok = 1;

	for (size_t i = 0; i < ARRAY_SIZE(devices); i++) {
		if (!devices[i].found)
			continue;
		present++;
		if (devices[i].code != expect) {
			diag("%s: %s is 0x%06x, expected 0x%06x", name, devices[i].key,
			     devices[i].code, expect);
			ok = 0;
		}
	}
	if (p->devices_required)
		return devices_all_read(p, name) && ok;
	if (!present)
		*skip = "no V4L2, media or CEC device";
	return ok;
}

/*
 * The table, in the order the probe prints. NAME is the KTAP test name, or
 * NULL for an entry that only reads values; RUN returns 1 for ok and may
 * set *skip to the reason of a skip.
 */
static const struct check {
	const char *name;
	int (*run)(struct probe *p, const char *name, const char **skip);
} checks[] = {
	{ "uname_release", uname_release },
	{ "proc_osrelease", proc_osrelease },
	{ "proc_version", proc_version },
	{ "uts_version", uts_version },
	{ "vdso_note", vdso_note },
	{ "libkver_running", libkver_running },
	{ NULL, read_uname26 },
	{ NULL, load_modules },
	{ NULL, read_devices },
	{ NULL, read_usb },
	{ "device_codes", device_codes },
};

int checks_planned(void)
{
	int n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(checks); i++)
		n += checks[i].name != NULL;
	return n;
}

void run_checks(struct probe *p)
{
	for (size_t i = 0; i < ARRAY_SIZE(checks); i++) {
		const char *skip = NULL;
		int ok = checks[i].run(p, checks[i].name, &skip);

		if (checks[i].name)
			result(ok, checks[i].name, skip);
	}
}
