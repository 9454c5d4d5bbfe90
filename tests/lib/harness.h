/* SPDX-License-Identifier: MIT */
/* The libkver unit tests: one test function per file (tests/kver_test.h). */
#ifndef KVER_HARNESS_H
#define KVER_HARNESS_H

#include <stddef.h>

#include "kver_test.h"

void test_parse(void);
void test_uint(void);
void test_code(void);
void test_vdso(void);
void test_vdso_live(void);
void test_running(const char *snapshots);
void test_running_files(void);
void test_running_vdso(void);

/* dir/name into buf (t_running.c); a path too long for buf is a test failure. */
const char *join(char *buf, size_t size, const char *dir, const char *name);
/* The path names something (t_running.c). */
int exists(const char *path);

#endif
