/* SPDX-License-Identifier: MIT */
/*
 * The kver command's parts (kver.c dispatches to one cmd_*.c per
 * subcommand; output.c and running.c are what they share).
 */
#ifndef KVER_CLI_H
#define KVER_CLI_H

#include <stddef.h>

#include "json.h"
#include "kver.h"

/* Exit statuses: as test(1) for cmp; 2 is always a usage or input error. */
#define EXIT_OK		0
#define EXIT_NO		1
#define EXIT_USAGE	2

struct opts {
	int json;
	const char *from;	/* snapshot folder instead of the system */
	int running;		/* cmp: A is the running kernel */
	const char *at_least;	/* check: the version must be at least this */
};

/* kver.c: the whole command (main.c calls it; so do its tests' batch and fuzzer). */
int kver_main(int argc, char **argv);

/* The subcommands: argv holds the arguments after the subcommand's name. */
int cmd_show(const struct opts *o);				/* cmd_show.c */
int cmd_code(const struct opts *o, int argc, char **argv);	/* cmd_code.c */
int cmd_decode(const struct opts *o, int argc, char **argv);	/* cmd_decode.c */
int cmd_cmp(const struct opts *o, int argc, char **argv);	/* cmd_cmp.c */
int cmd_check(const struct opts *o, int argc);			/* cmd_check.c */

/* output.c */
extern const char kver_prog[];
/*
 * With --json, stdout carries one JSON document whatever happens: until a
 * command has printed its own, an error prints {"error": "..."}.
 */
extern int json_pending;
/* One line on stderr: "kver: cmd: message" (and the JSON error, if due); returns status. */
int fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The numbers of a version as JSON members. */
void json_version(struct json *j, const struct kver *v);
/* Open the command's JSON document on stdout (one object), and close it. */
void json_begin(struct json *j);
void json_done(struct json *j);
/* An argument as it may appear in a one-line error: printable, cut short. */
const char *clean(const char *s, char *buf, size_t size);
void numbers(const struct kver *v, char *buf, size_t size);
/* A release argument, parsed; a usage error names it. */
int parse_arg(const char *cmd, const char *s, struct kver *v);

/* running.c */
/* Read and reconcile the sources (from o->from when given). */
int read_running(const struct opts *o, struct kver_running *r);
/* The one-line error when no source gave a version, with every reason. */
int no_source(const struct kver_running *r, int status);
/* What one source said, for people, and its state ("ok", "FAIL", "skip"). */
void source_text(const struct kver_running *r, int s, char *buf, size_t size);
const char *source_state(const struct kver_running *r, int s);
/* The running kernel as JSON members of j's open object. */
void json_running(struct json *j, const struct kver_running *r, int err);
/* The warning kver gives when sources disagree: one line on stderr. */
void warn_disagree(const struct kver_running *r);
/* A comparison operator: its two spellings and its truth for <, =, >. */
struct op {
	const char *name[2];
	int lt, eq, gt;
};
/* The truth of op on a comparison's result c (no op: equality). */
int truth_of(const struct op *op, int c);
/* The running version against b through op: 1, 0, or -1 when SUBLEVEL is only a lower bound. */
int running_truth(const struct kver_running *r, const struct op *op, const struct kver *b, int *c);
/* The running kernel for cmp --running and check --at-least, or an error. */
int get_running(const struct opts *o, struct kver_running *r);

#endif
