/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KEY=VALUE pairs kept in the order they came: a point's record
 * (meta.c) and the values its probe printed (boot.c).
 */
#ifndef KVER_PAIRS_H
#define KVER_PAIRS_H

#include <stddef.h>

struct pair {
	char *key;
	char *val;
};

struct pairs {
	struct pair *p;
	size_t n;
};

/* The value of the first pair whose key is key[0 .. klen), or NULL. */
const char *pairs_get(const struct pairs *s, const char *key, size_t klen);
/* Append a pair (copies of both). 0, or -1 when out of memory. */
int pairs_add(struct pairs *s, const char *key, size_t klen, const char *val);
/* Give key the value val: its pair's when it has one, else a new pair. */
int pairs_set(struct pairs *s, const char *key, size_t klen, const char *val);
void pairs_free(struct pairs *s);

#endif
