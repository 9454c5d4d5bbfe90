// SPDX-License-Identifier: GPL-2.0
/*
 * kver-probe: the lab guest's /init.
 *
 * Reads every place where this kernel tells user space its version, checks
 * each against what the lab built (kver.expect= on the kernel command line
 * is the release uname must say, kver.version= the real version, which a
 * distribution's release such as 6.1.0-75-amd64 hides, and /uts_version in
 * the initramfs, when present, what uname -v must say; kver.devices=required
 * that every device channel be read, through the drivers the lab packed
 * under /modules when the kernel has them as modules) and prints the
 * results as KTAP on the console. Then it runs the guest test programs
 * packed under /guest and leaves QEMU through isa-debug-exit with the
 * overall status.
 */
#include <stdio.h>
#include <string.h>

#include "probe.h"

int main(void)
{
	static struct guest_test tests[MAX_GUEST_TESTS];
	char expect[128], version[128], devices[32];
	struct probe p = { .expect = expect, .version = version };
	struct kver rel;
	int err, ntests;

	init_system();
	printf("KTAP version 1\n# " KVER_PROBE_NAME "\n");
	if (cmdline_param("kver.expect", expect, sizeof(expect))) {
		printf("Bail out! no kver.expect= on the kernel command line\n");
		leave(1);
	}
	if (cmdline_param("kver.version", version, sizeof(version)))
		snprintf(version, sizeof(version), "%s", expect);
	/* Drivers packed as modules (modules.c): every device channel must be read. */
	p.devices_required = !cmdline_param("kver.devices", devices, sizeof(devices)) &&
			     !strcmp(devices, "required");
	err = kver_parse(version, &p.want);
	if (err) {
		printf("Bail out! kver.version=%s: %s\n", version, kver_strerror(err));
		leave(1);
	}
	/* Does the release carry the version (6.1.300), or hide it (6.1.0-75-amd64)? */
	p.hidden = kver_parse(expect, &rel) || kver_cmp(&rel, &p.want) != 0;
	ntests = find_guest_tests(GUEST_DIR, tests, MAX_GUEST_TESTS);
	printf("1..%d\n", checks_planned() + ntests);
	value("expect", "%s", expect);
	value("version", "%s", version);
	uname(&p.uts);
	run_checks(&p);
	run_guest_tests(GUEST_DIR, tests, ntests, expect, version);
	leave(any_failed());
}
