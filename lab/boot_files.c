// SPDX-License-Identifier: GPL-2.0
/*
 * The boot model's files: boot_read reads a boot folder (point.meta,
 * serial.log, qemu.*) into a struct boot and has it judged, boot_from_text
 * the same files given as text; each file through one reader.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boot.h"
#include "protocol.h"

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
