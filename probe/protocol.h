/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the probe (the guest's /init) prints for the host to read: the one
 * place these strings are spelled. The probe prints them (probe/main.c,
 * init.c, guest.c, and value() of probe.h), so does the headers plugin
 * (guest/headers); the boot model (lab/boot.c) and the report (lab/report.c)
 * read them, the shell through protocol() of lab/common.sh. Plain C, no
 * dependencies.
 *
 *   KTAP version 1
 *   # kver-probe                       the producer line of the probe's KTAP
 *   1..N
 *   # value: uname.release=6.1.300     a measured value, at any indentation
 *   ok 1 uname_release
 *   ok 8 guest:headers                 a guest plugin's test, with subtests
 *   # kver-probe: exit=0               the last line: the probe's exit status
 */
#ifndef KVER_PROTOCOL_H
#define KVER_PROTOCOL_H

/* The probe's name, as the first diagnostic line of its KTAP document. */
#define KVER_PROBE_NAME "kver-probe"
/* Diagnostic text of a value line; the line is "# " KVER_VALUE "KEY=VALUE". */
#define KVER_VALUE "value: "
#define KVER_VALUE_LINE "# " KVER_VALUE
/* The probe's last line, followed by its exit status in decimal. */
#define KVER_PROBE_EXIT "# " KVER_PROBE_NAME ": exit="
/* Name prefix of the probe's tests that ran a guest plugin. */
#define KVER_GUEST_TEST "guest:"

#endif
