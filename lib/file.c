// SPDX-License-Identifier: MIT
/* Reading a source's file: whole, a regular file only, never blocking. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "private.h"

/*
 * Read a whole file into buf (at most size bytes). Missing files are
 * "absent", not errors: most sources exist only on some systems. Only a
 * regular file is opened at all, and without blocking, so a FIFO, a
 * terminal or a device put in a source's place is an error, not a hang.
 */
int kver_read_file(const char *path, void *buf, size_t size, size_t *len)
{
	struct stat st;
	size_t n = 0;
	int fd, err = 0;

	*len = 0;
	if (stat(path, &st) != 0)
		return (errno == ENOENT || errno == ENOTDIR) ? KVER_EABSENT :
							      KVER_EIO;
	if (!S_ISREG(st.st_mode))
		return KVER_ENOTREG;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return (errno == ENOENT || errno == ENOTDIR) ? KVER_EABSENT :
							      KVER_EIO;
	/* The name may have changed between stat() and open(). */
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return KVER_ENOTREG;
	}
	for (;;) {
		ssize_t r;

		if (n == size) {
			char extra;

			/* One byte more than fits means the file is too big. */
			r = read(fd, &extra, 1);
			if (r != 0)
				err = r < 0 ? KVER_EIO : KVER_ETOOLONG;
			break;
		}
		r = read(fd, (char *)buf + n, size - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			err = KVER_EIO;
			break;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	*len = n;
	return err;
}

/*
 * Read a one-line text file into a C string: the trailing newline goes,
 * any other NUL or control byte makes the file unusable.
 */
int kver_read_line(const char *path, char *buf, size_t size)
{
	size_t len, i;
	int err;

	err = kver_read_file(path, buf, size - 1, &len);
	if (err)
		return err;
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
		len--;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c < 0x20 && c != '\t')
			return KVER_EBADCHAR;
	}
	buf[len] = '\0';
	return 0;
}
