/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The boot model: one boot folder (what lab/boot.sh and lab/run.sh left)
 * read once into one struct boot, with the judge's verdict on it. Every
 * reader of boot folders (kver-lab report, kver-matrix) goes through here.
 *
 * A boot folder holds point.meta (KEY=VALUE lines), serial.log (the whole
 * console: KUnit's KTAP, the probe's KTAP and "# value: KEY=VALUE" lines,
 * see probe/protocol.h), qemu.status (QEMU's exit status, 124 or 137 when
 * the time limit ended it), qemu.timeout and qemu.stderr.
 *
 * The API follows ktap.h: boot_init, boot_meta_line / boot_feed (one line
 * at a time; boot.c), boot_finish (judges; boot_judge.c), boot_free.
 * boot_read does all of it for a folder, boot_from_text for the same files
 * given as text (tests; boot_files.c). No global state.
 */
#ifndef KVER_BOOT_H
#define KVER_BOOT_H

#include <stddef.h>

#include "ktap.h"
#include "meta.h"
#include "pairs.h"

#define BOOT_TAIL_LINES 12

struct boot {
	char *dir;
	/* point.meta, read and checked by its one reader (meta.h) */
	struct point_meta meta;
	/* what lab/boot.sh recorded */
	int has_serial;		/* serial.log existed */
	int qemu_status;	/* -1 when not recorded */
	int timeout_s;
	char qemu_msg[256];	/* first line of qemu.stderr */
	/* the serial log */
	struct ktap_log log;
	struct ktap_doc *probe;	/* the probe's KTAP document, or NULL */
	int exit_marker;	/* the probe's own exit=N, -1 when absent */
	int exit_seen;		/* the probe's exit line was printed */
	struct pairs values;	/* "# value:" lines; the first of a key counts */
	char *tail[BOOT_TAIL_LINES];
	int ntail;
	int started, ran_init, init_failed;
	char panic[200];	/* the first kernel panic's reason, or "" */
	/* the verdict (boot_finish) */
	char guest[32];		/* "ok", "hung", "panic", "no-init", "no-status", ... */
	char detail[1536];	/* why the guest is not ok, or "" */
	struct ktap_counts kunit, guest_tests;
	int kunit_docs;
	int ok;			/* guest ok, every probe check, KUnit case and guest test */
};

/* An empty boot of folder dir (a copy is kept). -1 when out of memory. */
int boot_init(struct boot *b, const char *dir);
/* One point.meta line. -1 with a message in err when it is not KEY=VALUE. */
int boot_meta_line(struct boot *b, const char *line, int lineno, char *err, size_t errsize);
/* One serial log line (its newline may be left on). -1 when out of memory. */
int boot_feed(struct boot *b, const char *line);
/*
 * Check point.meta (meta_check), close the KTAP log and judge the boot
 * (boot_judge.c). Returns 0, or -1
 * with a message in err when point.meta is malformed or memory ran out.
 */
int boot_finish(struct boot *b, char *err, size_t errsize);
/*
 * Read folder dir: boot_init, point.meta, serial.log, qemu.*, boot_finish.
 * A missing serial.log is a boot to judge (the guest left nothing), and so
 * is a missing qemu.status: judged by the log alone, "no-status" when the
 * probe printed its exit line. A missing folder or point.meta, a file that
 * is not a regular file, or a malformed point.meta is an error: -1 with one
 * line in err.
 */
int boot_read(struct boot *b, const char *dir, char *err, size_t errsize);

/* A boot folder's files as text; NULL for a file that is not there. */
struct boot_text {
	const char *meta;		/* point.meta */
	const char *serial;		/* serial.log */
	const char *status;		/* qemu.status */
	const char *timeout;		/* qemu.timeout */
	const char *qemu_stderr;	/* qemu.stderr */
};
/* boot_read of a folder dir whose files hold the texts of t, read the same way. */
int boot_from_text(struct boot *b, const char *dir, const struct boot_text *t, char *err,
		   size_t errsize);
void boot_free(struct boot *b);
/* Format an error message into err (of size bytes) when err is not NULL:
 * the boot model's callers report their own errors the same way. */
void boot_set_err(char *err, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * The probe ran to its end as far as the folder tells: the guest is "ok",
 * or "no-status" (its log is whole, QEMU's status was not kept). Its
 * values are then all it printed, whatever its checks and KUnit said.
 */
int boot_ran_to_end(const struct boot *b);
/*
 * Must the boot's log hold KUnit results? The lab's own kernels build
 * KUnit suites in; Debian's own images (style "shipped") build none in.
 */
int boot_kunit_required(const struct boot *b);
/* A point.meta value, "" when the key is absent (meta_get). */
const char *boot_meta(const struct boot *b, const char *key);
/* The value of KEY as the log first printed it, or NULL. */
const char *boot_value(const struct boot *b, const char *key);

#endif
