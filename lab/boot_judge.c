// SPDX-License-Identifier: GPL-2.0
/*
 * The boot model's verdict: boot_finish checks point.meta, closes the KTAP
 * log and decides the guest's verdict from what the scan of the serial log
 * collected (boot.c) and qemu.status; the order of the rules in
 * judge_guest is the order in which they win.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "boot.h"
#include "protocol.h"

static void set_guest(struct boot *b, const char *guest, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void set_guest(struct boot *b, const char *guest, const char *fmt, ...)
{
	va_list ap;

	snprintf(b->guest, sizeof(b->guest), "%s", guest);
	va_start(ap, fmt);
	vsnprintf(b->detail, sizeof(b->detail), fmt, ap);
	va_end(ap);
}

/* PID 1 ending, by a crash or an exit, panics the kernel: who ended? */
static void judge_panic(struct boot *b)
{
	if (b->started)
		set_guest(b, "probe-crashed", "probe crashed: kernel panic: %s", b->panic);
	else if (b->ran_init && !b->init_failed)
		set_guest(b, "init-crashed", "/init crashed: kernel panic: %s", b->panic);
	else
		set_guest(b, "panic", "kernel panicked before /init: kernel panic: %s", b->panic);
}

/*
 * No qemu.status: lab/boot.sh did not get to write it, or the folder is a
 * recording of the probe's lines alone (tests/matrix/record.sh). QEMU's
 * side is unknown; the log still tells how far the probe came.
 */
static void judge_unrecorded(struct boot *b)
{
	if (!b->started && !b->values.n && !b->exit_seen)
		set_guest(b, "no-init", "guest never reached /init");
	else if (!b->exit_seen)
		set_guest(b, "no-result", "probe stopped without reporting its result");
	else
		set_guest(b, "no-status", "no " KVER_FILE_STATUS " in %s", b->dir);
}

/* Did the guest run to its end? The first rule that holds decides. */
static void judge_guest(struct boot *b)
{
	int st = b->qemu_status;

	set_guest(b, "ok", "%s", "");
	if (!b->has_serial)
		set_guest(b, "no-log", "no serial log in %s", b->dir);
	else if (st == KVER_QEMU_TIMEOUT || st == KVER_QEMU_KILLED)
		set_guest(b, "hung", "guest hung %s: no exit within %d s",
			  b->started ? "in the probe" :
			  b->ran_init ? "after /init started" : "before /init",
			  b->timeout_s);
	else if (b->panic[0] && b->exit_marker < 0)
		judge_panic(b);
	else if (st < 0)
		judge_unrecorded(b);
	else if (st != 0 && st != KVER_QEMU_EXIT(KVER_PROBE_PASS) &&
		 st != KVER_QEMU_EXIT(KVER_PROBE_FAIL))
		set_guest(b, "qemu-error", "QEMU failed with status %d: %s", st, b->qemu_msg);
	else if (!b->started)
		set_guest(b, "no-init", "guest never reached /init");
	else if (b->exit_marker < 0 || !b->probe)
		set_guest(b, "no-result", "probe stopped without reporting its result");
	/* isa-debug-exit: the probe's status as QEMU's (protocol.h). */
	else if (st && st != KVER_QEMU_EXIT(b->exit_marker))
		set_guest(b, "inconsistent", "probe said exit=%d but QEMU exited %d",
			  b->exit_marker, st);
	else if (b->probe->bailed)
		set_guest(b, "bailed", "probe bailed out: %s",
			  b->probe->bail_reason ? b->probe->bail_reason : "");
}

/* The probe's results and KUnit's: a point is ok when all of them are. */
static void judge_results(struct boot *b)
{
	b->ok = !strcmp(b->guest, "ok");
	if (b->probe) {
		struct ktap_counts c = { 0 };

		ktap_count(&b->probe->root, &c);
		if (c.fail || c.missing || (int)b->probe->root.nsub != b->probe->plan)
			b->ok = 0;
		for (size_t i = 0; i < b->probe->root.nsub; i++) {
			struct ktap_test *t = &b->probe->root.sub[i];

			if (!strncmp(t->name, KVER_GUEST_TEST, strlen(KVER_GUEST_TEST)))
				ktap_count(t, &b->guest_tests);
		}
		/* The probe's exit status must say the same as its results. */
		if (b->exit_marker != ((c.fail || c.missing) ? KVER_PROBE_FAIL : KVER_PROBE_PASS))
			b->ok = 0;
	}
	/* The lab's kernels build KUnit suites in: no KUnit output is a failure. */
	if (b->kunit.fail || b->kunit.missing ||
	    (boot_kunit_required(b) && (b->kunit_docs == 0 || b->kunit.pass + b->kunit.skip == 0)))
		b->ok = 0;
}

int boot_kunit_required(const struct boot *b)
{
	return strcmp(boot_meta(b, KVER_META_STYLE), "shipped") != 0;
}

int boot_ran_to_end(const struct boot *b)
{
	return !strcmp(b->guest, "ok") || !strcmp(b->guest, "no-status");
}

int boot_finish(struct boot *b, char *err, size_t errsize)
{
	if (meta_check(&b->meta, b->dir, err, errsize))
		return -1;
	if (ktap_finish(&b->log)) {
		boot_set_err(err, errsize, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < b->log.ndocs; i++) {
		struct ktap_doc *d = &b->log.docs[i];

		if (d->first_diag && !strcmp(d->first_diag, KVER_PROBE_NAME)) {
			b->probe = d;
		} else if (d->root.nsub) {
			ktap_count(&d->root, &b->kunit);
			b->kunit_docs++;
		}
	}
	judge_guest(b);
	judge_results(b);
	return 0;
}
