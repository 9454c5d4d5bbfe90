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
	char expect[128], version[128], uts[128], devices[32];
	struct probe p = { .expect = expect, .version = version };
	int err, ntests;

	init_system();
	printf("KTAP version 1\n# " KVER_PROBE_NAME "\n");
	if (cmdline_param(KVER_PARAM_EXPECT, expect, sizeof(expect))) {
		printf("Bail out! no " KVER_PARAM_EXPECT "= on the kernel command line\n");
		leave(KVER_PROBE_FAIL);
	}
	if (cmdline_param(KVER_PARAM_VERSION, version, sizeof(version)))
		snprintf(version, sizeof(version), "%s", expect);
	/* Drivers packed as modules (modules.c): every device channel must be read. */
	p.devices_required = !cmdline_param(KVER_PARAM_DEVICES, devices, sizeof(devices)) &&
			     !strcmp(devices, KVER_DEVICES_REQUIRED);
	err = kver_parse(version, &p.want);
	if (err) {
		printf("Bail out! " KVER_PARAM_VERSION "=%s: %s\n", version, kver_strerror(err));
		leave(KVER_PROBE_FAIL);
	}
	/* The UTS version the lab chose, when it chose one. */
	if (read_text(KVER_INITRAMFS_UTS, uts, sizeof(uts)) == 0)
		p.uts_expect = uts;
	ntests = find_guest_tests(GUEST_DIR, tests, MAX_GUEST_TESTS);
	printf("1..%d\n", checks_planned() + ntests);
	value(KVER_KEY_EXPECT, "%s", expect);
	value(KVER_KEY_VERSION, "%s", version);
	uname(&p.uts);
	run_checks(&p);
	run_guest_tests(GUEST_DIR, tests, ntests, expect, version);
	leave(any_failed() ? KVER_PROBE_FAIL : KVER_PROBE_PASS);
}
