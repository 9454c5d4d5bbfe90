/* SPDX-License-Identifier: GPL-2.0 */
/* A newc cpio archive (an initramfs) from a gen_init_cpio list; see cpio.c. */
#ifndef KVER_LAB_CPIO_H
#define KVER_LAB_CPIO_H

#include <stddef.h>
#include <stdio.h>

/* The archive of list's entries on out: 0, or -1 with one line in err. */
int cpio_write(FILE *list, FILE *out, char *err, size_t errsize);

#endif
