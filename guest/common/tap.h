/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The TAP result line of the guest programs (the module, libbpf and perf
 * plugins, and expect.c's guest_check): their build scripts compile tap.c
 * in.
 */
#ifndef GUEST_TAP_H
#define GUEST_TAP_H

/*
 * Prints "ok N DESCRIPTION" or "not ok N DESCRIPTION", the description from
 * fmt. Returns 1 for not ok, else 0 (failed |= guest_result(...)).
 */
int guest_result(int n, int ok, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
