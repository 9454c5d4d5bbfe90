/* SPDX-License-Identifier: GPL-2.0 */
/*
 * point.meta, the record of one point: its one writer (kver-lab meta,
 * cmd_meta.c, which lab/run.sh calls) and its one reader (the boot model,
 * boot.h; kver-lab report and kver-matrix read points through it). The keys
 * are spelled in probe/protocol.h (KVER_META_*); their kinds, which ones a
 * point must have and the defaults of the others are decided here, once.
 *
 *   meta_line   one KEY=VALUE line (the last line of a key counts)
 *   meta_check  the record as a whole: required keys, each value of its
 *               kind, the defaults; fills the typed members
 *   meta_write  the checked record, every key in protocol.h's order
 */
#ifndef KVER_META_H
#define KVER_META_H

#include <stdio.h>

#include "kver.h"
#include "pairs.h"

struct point_meta {
	struct pairs lines;		/* every KEY=VALUE as read, in order */
	/* Set by meta_check; the strings point into lines. */
	const char *tree, *package, *series, *style, *expect, *uts_version, *make_vars, *build;
	struct kver makefile;		/* the tree's own M.P.S */
	struct kver version;		/* the M.P.S built (version=, else expect=) */
	unsigned int sublevel;		/* version's SUBLEVEL */
	int hides_version;		/* recorded, else by probe/truth.h's rule */
	long build_s, guest_s, wait_s, boot_s;	/* -1 when not recorded */
};

/*
 * One line of the record of the point in folder dir (for messages), lineno
 * from 1; an empty line is nothing. 0, or -1 with one line in err when it
 * is not KEY=VALUE or memory ran out.
 */
int meta_line(struct point_meta *m, const char *dir, const char *line, int lineno, char *err,
	      size_t errsize);
/*
 * Check the record: tree, series, makefile (M.P.S) and sublevel (the
 * lab's one SUBLEVEL check, style_sublevel of style.h) are required; style defaults to upstream, version to expect (points
 * recorded before release styles), hides_version to the rule of
 * probe/truth.h; version must be M.P.S at sublevel, a time a number of
 * seconds, hides_version 0 or 1. 0, or -1 with one line in err.
 */
int meta_check(struct point_meta *m, const char *dir, char *err, size_t errsize);
/* A key of the record (protocol.h's KVER_META_*): 1, else 0. */
int meta_key_known(const char *key, size_t klen);
/* A value of the record, "" when the key is absent. */
const char *meta_get(const struct point_meta *m, const char *key);
/* The checked record as point.meta: the known keys it has, in order. 0, or -1 on a write error. */
int meta_write(FILE *f, const struct point_meta *m);
struct json;
/*
 * The checked record as a JSON object, member key of j's open object
 * (docs/results-schema.md): every key, of its kind (SUBLEVEL a number,
 * hides_version true or false, a time a number or null), "" when absent.
 */
void meta_json(struct json *j, const char *key, const struct point_meta *m);
void meta_free(struct point_meta *m);

#endif
