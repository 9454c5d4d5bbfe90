/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A point as JSON: the one schema of a point (docs/results-schema.md),
 * whichever program writes it: kver-lab report's results.json and
 * kver-matrix's matrix.json both write each point through point_json, and
 * the matrix adds its own member, "matrix", to it.
 */
#ifndef KVER_POINT_JSON_H
#define KVER_POINT_JSON_H

#include "boot.h"
#include "json.h"

/* The members of point b (a judged boot) into j's open object. */
void point_json(struct json *j, const struct boot *b);

#endif
