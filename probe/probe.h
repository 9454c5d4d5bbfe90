/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The probe's own interface between its files (what the host reads of it
 * is protocol.h):
 *   output.c  the KTAP it prints: numbered results, diagnostics, values
 *   init.c    PID 1's duties: mounts, files, the kernel command line, power-off
 *   checks.c  the checks, a table; the plan is counted from it
 *   guest.c   the guest plugins' tests under /guest, found and run
 *   modules.c drivers the lab packed for the device channels, loaded
 *   main.c    the order of it all
 */
#ifndef KVER_PROBE_H
#define KVER_PROBE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/utsname.h>

#include "kver.h"
#include "protocol.h"
#include "truth.h"

/* output.c */
/* One numbered KTAP result; SKIP is the reason of a skip, or NULL. */
void result(int ok, const char *name, const char *skip);
/* One "# " diagnostic line. */
void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "# value: key=val" lines are what the host's boot model collects. */
#define value(key, fmt, ...) diag(KVER_VALUE key "=" fmt, __VA_ARGS__)
/* Did any result so far fail? */
int any_failed(void);

/* init.c */
/* Read a small text file into buf without its trailing newline; -errno. */
int read_text(const char *path, char *buf, size_t size);
/* Mount devtmpfs, proc and sysfs, and keep kernel messages off the console. */
void init_system(void);
/* The value of NAME= in CMDLINE (a kernel command line), copied into buf. */
int cmdline_value(const char *cmdline, const char *name, char *buf, size_t size);
/* The value of NAME= on the running kernel's command line. */
int cmdline_param(const char *name, char *buf, size_t size);
/* Print the exit marker with STATUS and leave QEMU with it. */
_Noreturn void leave(int status);

/* checks.c */
/* What the lab built, and what the checks compare it with. */
struct probe {
	const char *expect;	/* kver.expect=: the release uname -r must say */
	const char *version;	/* kver.version=: the real M.P.S */
	struct kver want;	/* version, parsed */
	const char *uts_expect;	/* what uname -v must say (/uts_version), or NULL */
	struct utsname uts;	/* uname(2) */
	int devices_required;	/* kver.devices=required: every device channel read */
	int modules_failed;	/* drivers of /modules that did not load */
};
/* Does release begin with the numbers of want (and not go on with a digit)? */
int release_matches(const char *release, const char *want);
/* The number of results run_checks() prints. */
int checks_planned(void);
/* Run every check in the table's order, one result line each. */
void run_checks(struct probe *p);
/*
 * The libkver_running check on libkver's answer r: its values, a
 * diagnostic for each fault, 1 when it is the answer p's point must get.
 */
int libkver_verdict(const struct probe *p, const struct kver_running *r, const char *name);

/* modules.c */
#define MODULE_NAME_MAX 128
/*
 * The file names of a /modules/load list, one a line (empty lines
 * skipped), into names: their number, or -1 when one is a path, starts
 * with '.', is too long, or there are more than max.
 */
int modules_read_list(FILE *f, char names[][MODULE_NAME_MAX], int max);
/* The check table's entry: load /modules/load's drivers (in the guest only). */
int load_modules(struct probe *p, const char *name, const char **skip);
/* The USB root hub's bcdDevice for a kernel M.P, as sysfs shows it ("0510"). */
void usb_bcd(unsigned int major, unsigned int patchlevel, char *buf, size_t size);

/* guest.c */
#define GUEST_DIR KVER_INITRAMFS_GUEST
#define MAX_GUEST_TESTS 64
struct guest_test {
	char plugin[256];
	char prog[256];		/* empty: the plugin does not apply */
	char skip[256];		/* why it does not */
};
/* Every DIR/<plugin>/<prog>.t, sorted, so that the plan can come first. */
int find_guest_tests(const char *dir, struct guest_test *tests, int max);
/* Run them in order (or report their skips), one result line each. */
void run_guest_tests(const char *dir, const struct guest_test *tests, int n,
		     const char *expect, const char *version);

#endif
