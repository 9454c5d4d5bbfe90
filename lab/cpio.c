// SPDX-License-Identifier: GPL-2.0
/*
 * An initramfs for a kernel the lab did not build (Debian's own images have
 * no usr/gen_init_cpio beside them): the "newc" cpio archive the kernel
 * unpacks, written from a list in the form gen_init_cpio reads, the lines
 * lab/boot.sh writes:
 *
 *   dir NAME MODE UID GID
 *   nod NAME MODE UID GID c|b MAJOR MINOR
 *   file NAME SOURCE MODE UID GID
 *   slink NAME TARGET MODE UID GID
 *
 * (a line whose first word starts with '#' is a comment). Every entry is
 * dated 0, so the same list gives the same archive.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cpio.h"

struct cpio {
	FILE *out;
	unsigned long ino;
	unsigned long long written;
};

static void pad(struct cpio *c)
{
	while (c->written % 4) {
		fputc(0, c->out);
		c->written++;
	}
}

/* The newc header, the name and its padding. */
static void header(struct cpio *c, const char *name, unsigned long mode, unsigned long uid,
		   unsigned long gid, unsigned long nlink, unsigned long size, unsigned long rmaj,
		   unsigned long rmin)
{
	while (*name == '/')
		name++;
	c->written += (unsigned long long)fprintf(c->out,
		"070701%08lX%08lX%08lX%08lX%08lX%08lX%08lX%08lX%08lX%08lX%08lX%08lX%08lX",
		c->ino++, mode, uid, gid, nlink, 0ul, size, 0ul, 0ul, rmaj, rmin,
		(unsigned long)strlen(name) + 1, 0ul);
	fputs(name, c->out);
	fputc(0, c->out);
	c->written += strlen(name) + 1;
	pad(c);
}

/* A file's contents after its header; -1 when it cannot be read whole. */
static int copy_file(struct cpio *c, const char *name, const char *src, unsigned long mode,
		     unsigned long uid, unsigned long gid, char *err, size_t errsize)
{
	FILE *f = fopen(src, "rb");
	struct stat st;
	char buf[65536];
	size_t n, total = 0;

	if (!f || fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
		snprintf(err, errsize, "%s: %s", src, f ? "not a regular file" : strerror(errno));
		if (f)
			fclose(f);
		return -1;
	}
	header(c, name, S_IFREG | mode, uid, gid, 1, (unsigned long)st.st_size, 0, 0);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		fwrite(buf, 1, n, c->out);
		total += n;
	}
	fclose(f);
	c->written += total;
	if (total != (size_t)st.st_size) {
		snprintf(err, errsize, "%s changed while it was read", src);
		return -1;
	}
	pad(c);
	return 0;
}

/* One line of the list; -1 with err when it is malformed or its file unreadable. */
static int entry(struct cpio *c, char *line, int lineno, char *err, size_t errsize)
{
	char kind[8], name[1024], src[4096], type;
	unsigned long mode, uid, gid, maj, min;

	line[strcspn(line, "\n")] = '\0';
	if (sscanf(line, "%7s", kind) != 1 || kind[0] == '#')
		return 0;
	if (!strcmp(kind, "dir") &&
	    sscanf(line, "%*s %1023s %lo %lu %lu", name, &mode, &uid, &gid) == 4) {
		header(c, name, S_IFDIR | mode, uid, gid, 2, 0, 0, 0);
	} else if (!strcmp(kind, "nod") &&
		   sscanf(line, "%*s %1023s %lo %lu %lu %c %lu %lu", name, &mode, &uid, &gid, &type,
			  &maj, &min) == 7 &&
		   (type == 'c' || type == 'b')) {
		header(c, name, (type == 'c' ? S_IFCHR : S_IFBLK) | mode, uid, gid, 1, 0, maj, min);
	} else if (!strcmp(kind, "file") &&
		   sscanf(line, "%*s %1023s %4095s %lo %lu %lu", name, src, &mode, &uid, &gid) == 5) {
		return copy_file(c, name, src, mode, uid, gid, err, errsize);
	} else if (!strcmp(kind, "slink") &&
		   sscanf(line, "%*s %1023s %4095s %lo %lu %lu", name, src, &mode, &uid, &gid) == 5) {
		header(c, name, S_IFLNK | mode, uid, gid, 1, (unsigned long)strlen(src), 0, 0);
		fputs(src, c->out);
		c->written += strlen(src);
		pad(c);
	} else {
		snprintf(err, errsize, "line %d: '%.80s' is not a dir, nod, file or slink entry", lineno,
			 line);
		return -1;
	}
	return 0;
}

int cpio_write(FILE *list, FILE *out, char *err, size_t errsize)
{
	struct cpio c = { .out = out, .ino = 721 };
	char *line = NULL;
	size_t cap = 0;
	int rc = 0, lineno = 0;

	while (!rc && getline(&line, &cap, list) >= 0)
		rc = entry(&c, line, ++lineno, err, errsize);
	free(line);
	if (rc)
		return -1;
	header(&c, "TRAILER!!!", 0, 0, 0, 1, 0, 0, 0);
	/* The kernel reads the archive in whole 512-byte blocks, as cpio writes it. */
	while (c.written % 512) {
		fputc(0, out);
		c.written++;
	}
	if (fflush(out) || ferror(out)) {
		snprintf(err, errsize, "writing the archive: %s", strerror(errno));
		return -1;
	}
	return 0;
}
