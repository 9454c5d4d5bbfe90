/* SPDX-License-Identifier: MIT */
/* A small test harness: each CHECK is one test; main prints the totals. */
#ifndef KVER_HARNESS_H
#define KVER_HARNESS_H

#include <stdio.h>

extern unsigned int t_passed, t_failed;

/* Count one result; on failure say where and what. */
#define CHECK(cond, ...)                                                   \
	do {                                                               \
		if (cond) {                                                \
			t_passed++;                                        \
		} else {                                                   \
			t_failed++;                                        \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);        \
			printf(__VA_ARGS__);                               \
			printf("\n");                                      \
		}                                                          \
	} while (0)

void test_parse(void);
void test_uint(void);
void test_code(void);
void test_vdso(void);
void test_running(const char *snapshots);

#endif
