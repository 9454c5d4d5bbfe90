/* SPDX-License-Identifier: MIT */
/* libkver's functions shared between its files: not installed, not exported. */
#ifndef KVER_PRIVATE_H
#define KVER_PRIVATE_H

#include <stddef.h>

#include "kver.h"

/*
 * libkver.map exports every kver_* name, so these are hidden from
 * libkver.so; the prefix keeps them apart from a static program's names.
 */
#define KVER_HIDDEN __attribute__((visibility("hidden")))

/* file.c: a whole regular file, never blocking; a one-line text file. */
KVER_HIDDEN int kver_read_file(const char *path, void *buf, size_t size,
			       size_t *len);
KVER_HIDDEN int kver_read_line(const char *path, char *buf, size_t size);

/* distro.c: words of the /proc/version and /proc/version_signature lines. */
KVER_HIDDEN int kver_proc_version_release(const char *line, char *out,
					  size_t size);
KVER_HIDDEN void kver_signature_name(const char *line, char *out, size_t size);
KVER_HIDDEN int kver_signature_names(const char *name, const char *release);

#endif /* KVER_PRIVATE_H */
