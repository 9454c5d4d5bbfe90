// SPDX-License-Identifier: GPL-2.0
/*
 * The boot model: read one boot folder into a struct boot and judge it.
 *
 * The serial log is read once, line by line: the KTAP reader (ktap.c) gets
 * every line, and the same pass collects the probe's values and exit line
 * (probe/protocol.h) and the kernel's own landmarks (/init started or not,
 * the first panic). boot_finish then decides the guest's verdict from
 * those and qemu.status; the order of the rules in judge_guest is the
 * order in which they win.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boot.h"
#include "kver.h"
#include "protocol.h"

void boot_set_err(char *err, size_t size, const char *fmt, ...)
{
	va_list ap;

	if (!err || !size)
		return;
	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
}

static const char *pair_get(const struct boot_pair *p, size_t n, const char *key, size_t klen)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(p[i].key) == klen && !strncmp(p[i].key, key, klen))
			return p[i].val;
	return NULL;
}

static int pair_add(struct boot_pair **p, size_t *n, const char *key, size_t klen,
		    const char *val)
{
	struct boot_pair *np = realloc(*p, (*n + 1) * sizeof(*np));

	if (!np)
		return -1;
	*p = np;
	np[*n].key = strndup(key, klen);
	np[*n].val = strdup(val);
	if (!np[*n].key || !np[*n].val) {
		free(np[*n].key);
		free(np[*n].val);
		return -1;
	}
	(*n)++;
	return 0;
}

static void pairs_free(struct boot_pair *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(p[i].key);
		free(p[i].val);
	}
	free(p);
}

/* A point.meta key: the last line of a key counts. */
static int meta_set(struct boot *b, const char *key, size_t klen, const char *val)
{
	for (size_t i = 0; i < b->nmeta; i++) {
		if (strlen(b->meta[i].key) == klen && !strncmp(b->meta[i].key, key, klen)) {
			char *v = strdup(val);

			if (!v)
				return -1;
			free(b->meta[i].val);
			b->meta[i].val = v;
			return 0;
		}
	}
	return pair_add(&b->meta, &b->nmeta, key, klen, val);
}

const char *boot_meta(const struct boot *b, const char *key)
{
	const char *v = pair_get(b->meta, b->nmeta, key, strlen(key));

	return v ? v : "";
}

const char *boot_value(const struct boot *b, const char *key)
{
	return pair_get(b->values, b->nvalues, key, strlen(key));
}

int boot_init(struct boot *b, const char *dir)
{
	memset(b, 0, sizeof(*b));
	b->qemu_status = -1;
	b->exit_marker = -1;
	snprintf(b->qemu_msg, sizeof(b->qemu_msg), "no message");
	ktap_init(&b->log);
	b->dir = strdup(dir);
	return b->dir ? 0 : -1;
}

int boot_meta_line(struct boot *b, const char *line, int lineno, char *err, size_t errsize)
{
	size_t n = strcspn(line, "\r\n");
	const char *eq = memchr(line, '=', n);
	char *val;
	int rc;

	if (n == 0)
		return 0;
	if (!eq || eq == line) {
		boot_set_err(err, errsize, "%s/" KVER_FILE_META ":%d: '%.*s' is not KEY=VALUE", b->dir, lineno,
			(int)(n > 64 ? 64 : n), line);
		return -1;
	}
	val = strndup(eq + 1, n - (size_t)(eq + 1 - line));
	if (!val) {
		boot_set_err(err, errsize, "out of memory");
		return -1;
	}
	rc = meta_set(b, line, (size_t)(eq - line), val);
	free(val);
	if (rc)
		boot_set_err(err, errsize, "out of memory");
	return rc;
}

static void keep_tail(struct boot *b, const char *line)
{
	if (b->ntail == BOOT_TAIL_LINES) {
		free(b->tail[0]);
		memmove(b->tail, b->tail + 1, (BOOT_TAIL_LINES - 1) * sizeof(*b->tail));
		b->ntail--;
	}
	b->tail[b->ntail] = strdup(line);
	if (b->tail[b->ntail])
		b->ntail++;
}

/* Text after needle in line, or NULL. */
static const char *after(const char *line, const char *needle)
{
	const char *s = strstr(line, needle);

	return s ? s + strlen(needle) : NULL;
}

/* "# value: KEY=VALUE" at any indentation; the first of a key counts. */
static int take_value(struct boot *b, const char *line)
{
	const char *s = line + strspn(line, " \t"), *eq;

	if (strncmp(s, KVER_VALUE_LINE, strlen(KVER_VALUE_LINE)))
		return 0;
	s += strlen(KVER_VALUE_LINE);
	eq = strchr(s, '=');
	if (!eq || eq == s || pair_get(b->values, b->nvalues, s, (size_t)(eq - s)))
		return 0;
	return pair_add(&b->values, &b->nvalues, s, (size_t)(eq - s), eq + 1);
}

/* The landmarks of a boot: the probe started and ended, /init, a panic. */
static void take_landmark(struct boot *b, const char *line)
{
	const char *v;

	if (!strcmp(line, "# " KVER_PROBE_NAME)) {
		b->started = 1;
	} else if (strstr(line, "Run /init as init process")) {
		b->ran_init = 1;
	} else if (strstr(line, "Failed to execute /init")) {
		b->init_failed = 1;
	} else if ((v = after(line, KVER_PROBE_EXIT))) {
		b->exit_seen = 1;
		b->exit_marker = atoi(v);
	} else if (!b->panic[0] && (v = after(line, "Kernel panic - not syncing: "))) {
		snprintf(b->panic, sizeof(b->panic), "%s", v);
	}
}

int boot_feed(struct boot *b, const char *line)
{
	size_t n = strlen(line);
	char *copy = NULL;
	int rc;

	if (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) {
		while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			n--;
		copy = strndup(line, n);
		if (!copy)
			return -1;
		line = copy;
	}
	b->has_serial = 1;
	rc = ktap_feed(&b->log, line);
	keep_tail(b, line);
	if (!rc)
		rc = take_value(b, line);
	take_landmark(b, line);
	free(copy);
	return rc;
}

/* The required keys, the makefile's M.P.S and a decimal sublevel. */
static int check_meta(struct boot *b, char *err, size_t errsize)
{
	const char *mk = boot_meta(b, "makefile"), *sub = boot_meta(b, "sublevel");
	struct kver v;
	uint32_t s;
	int rc;

	if (!boot_meta(b, "tree")[0] || !boot_meta(b, "series")[0] || !mk[0] || !sub[0]) {
		boot_set_err(err, errsize, "%s/" KVER_FILE_META " lacks tree, series, makefile or sublevel",
			b->dir);
		return -1;
	}
	rc = kver_parse(mk, &v);
	if (rc || v.nparts != 3) {
		boot_set_err(err, errsize, "%s/" KVER_FILE_META ": makefile=%s is not M.P.S", b->dir, mk);
		return -1;
	}
	rc = kver_parse_uint(sub, UINT32_MAX, &s);
	if (rc) {
		boot_set_err(err, errsize, "%s/" KVER_FILE_META ": sublevel=%s: %s", b->dir, sub,
			kver_strerror(rc));
		return -1;
	}
	/* Points recorded before release styles: upstream, version = release. */
	if (!boot_meta(b, "style")[0] && meta_set(b, "style", 5, "upstream"))
		return -1;
	if (!boot_meta(b, "version")[0] && meta_set(b, "version", 7, boot_meta(b, "expect")))
		return -1;
	return 0;
}

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
	if (!b->started && !b->nvalues && !b->exit_seen)
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
	if (b->kunit_docs == 0 || b->kunit.fail || b->kunit.missing ||
	    b->kunit.pass + b->kunit.skip == 0)
		b->ok = 0;
}

int boot_ran_to_end(const struct boot *b)
{
	return !strcmp(b->guest, "ok") || !strcmp(b->guest, "no-status");
}

int boot_finish(struct boot *b, char *err, size_t errsize)
{
	if (check_meta(b, err, errsize))
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

/* The files of a boot folder, in the order boot_read reads them (and struct boot_text's). */
enum { BOOT_META, BOOT_SERIAL, BOOT_STATUS, BOOT_TIMEOUT, BOOT_STDERR, BOOT_NFILES };
static const char *const boot_files[BOOT_NFILES] = {
	KVER_FILE_META, KVER_FILE_SERIAL, KVER_FILE_STATUS, KVER_FILE_TIMEOUT, KVER_FILE_STDERR,
};

/*
 * Open file i of a boot: 0 and *f (NULL when the file is not there), or -1
 * and a message in err. A folder's files: open_dir_file, texts: open_text.
 */
typedef int open_fn(const struct boot *b, size_t i, const void *arg, FILE **f, char *err,
		    size_t errsize);

/* DIR/NAME when it is a regular file: O_NONBLOCK, so a FIFO is refused, not waited on. */
static int open_dir_file(const struct boot *b, size_t i, const void *arg, FILE **f, char *err,
			 size_t errsize)
{
	const char *name = boot_files[i];
	char path[4096];
	struct stat st;
	int fd, n = snprintf(path, sizeof(path), "%s/%s", b->dir, name);

	(void)arg;
	if (n < 0 || (size_t)n >= sizeof(path)) {
		boot_set_err(err, errsize, "cannot read %s/%s: %s", b->dir, name,
			strerror(ENAMETOOLONG));
		return -1;
	}
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT)
		return 0;
	if (fd < 0 || fstat(fd, &st)) {
		boot_set_err(err, errsize, "cannot read %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		boot_set_err(err, errsize, "cannot read %s: not a regular file", path);
		close(fd);
		return -1;
	}
	*f = fdopen(fd, "r");
	if (!*f) {
		boot_set_err(err, errsize, "cannot read %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return 0;
}

/* point.meta, line by line: a boot folder must have one. */
static int read_meta(struct boot *b, FILE *f, char *err, size_t errsize)
{
	char *line = NULL;
	size_t cap = 0;
	int rc = 0, lineno = 0;

	if (!f) {
		boot_set_err(err, errsize, "cannot read %s/" KVER_FILE_META ": %s", b->dir,
			strerror(ENOENT));
		return -1;
	}
	while (!rc && getline(&line, &cap, f) >= 0)
		rc = boot_meta_line(b, line, ++lineno, err, errsize);
	free(line);
	return rc;
}

/* serial.log, line by line; without one, the guest left no log to judge. */
static int read_serial(struct boot *b, FILE *f, char *err, size_t errsize)
{
	char *line = NULL;
	size_t cap = 0;
	int rc = 0;

	if (!f)
		return 0;
	/* An empty log was still written: the guest printed nothing. */
	b->has_serial = 1;
	while (!rc && getline(&line, &cap, f) >= 0) {
		if (boot_feed(b, line)) {
			boot_set_err(err, errsize, "%s/" KVER_FILE_SERIAL ": out of memory", b->dir);
			rc = -1;
		}
	}
	free(line);
	return rc;
}

/* The first line of f into buf; buf unchanged when there is none. */
static void read_first(FILE *f, char *buf, size_t size)
{
	char line[256];
	size_t n;

	if (f && fgets(line, sizeof(line), f)) {
		n = strcspn(line, "\n");
		n = n < size ? n : size - 1;
		memcpy(buf, line, n);
		buf[n] = '\0';
	}
}

/* An integer file: *v (boot_init's default) unchanged when absent or not a number. */
static void read_int(FILE *f, int *v)
{
	char buf[32] = "";
	int n;

	read_first(f, buf, sizeof(buf));
	if (sscanf(buf, "%d", &n) == 1)
		*v = n;
}

/* File i of a boot from f, NULL when it is not there. */
static int read_file(struct boot *b, size_t i, FILE *f, char *err, size_t errsize)
{
	switch (i) {
	case BOOT_META:
		return read_meta(b, f, err, errsize);
	case BOOT_SERIAL:
		return read_serial(b, f, err, errsize);
	case BOOT_STATUS:
		read_int(f, &b->qemu_status);
		return 0;
	case BOOT_TIMEOUT:
		read_int(f, &b->timeout_s);
		return 0;
	default:
		read_first(f, b->qemu_msg, sizeof(b->qemu_msg));
		return 0;
	}
}

/* Read every file of a boot, each through its reader, and judge the boot. */
static int read_files(struct boot *b, open_fn *open_one, const void *arg, char *err,
		      size_t errsize)
{
	for (size_t i = 0; i < BOOT_NFILES; i++) {
		FILE *f = NULL;
		int rc = open_one(b, i, arg, &f, err, errsize);

		if (!rc)
			rc = read_file(b, i, f, err, errsize);
		if (f)
			fclose(f);
		if (rc)
			return -1;
	}
	return boot_finish(b, err, errsize);
}

int boot_read(struct boot *b, const char *dir, char *err, size_t errsize)
{
	struct stat st;

	if (boot_init(b, dir)) {
		boot_set_err(err, errsize, "out of memory");
		return -1;
	}
	if (stat(dir, &st)) {
		boot_set_err(err, errsize, "cannot read %s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		boot_set_err(err, errsize, "cannot read %s: not a folder", dir);
		return -1;
	}
	return read_files(b, open_dir_file, NULL, err, errsize);
}

/* Text i of a struct boot_text as a file. */
static int open_text(const struct boot *b, size_t i, const void *arg, FILE **f, char *err,
		     size_t errsize)
{
	const struct boot_text *t = arg;
	const char *const text[BOOT_NFILES] = { t->meta, t->serial, t->status, t->timeout,
						t->qemu_stderr };

	if (!text[i])
		return 0;
	*f = fmemopen((void *)text[i], strlen(text[i]), "r");
	if (!*f) {
		boot_set_err(err, errsize, "%s/%s: %s", b->dir, boot_files[i], strerror(errno));
		return -1;
	}
	return 0;
}

int boot_from_text(struct boot *b, const char *dir, const struct boot_text *t, char *err,
		   size_t errsize)
{
	if (boot_init(b, dir)) {
		boot_set_err(err, errsize, "out of memory");
		return -1;
	}
	return read_files(b, open_text, t, err, errsize);
}

void boot_free(struct boot *b)
{
	for (int i = 0; i < b->ntail; i++)
		free(b->tail[i]);
	ktap_free(&b->log);
	pairs_free(b->meta, b->nmeta);
	pairs_free(b->values, b->nvalues);
	free(b->dir);
	memset(b, 0, sizeof(*b));
}
