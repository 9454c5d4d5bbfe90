/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KTAP as JSON (docs/results-schema.md): a test with its subtests, a set
 * of counts, as members or elements of the one writer's document
 * (util/json.h). kver-lab ktap --json and every point's JSON use them.
 */
#ifndef KVER_KTAP_JSON_H
#define KVER_KTAP_JSON_H

#include "json.h"
#include "ktap.h"

/* {"name":..,"status":..,"directive":..,"diag":[..],"subtests":[..]}, as key (NULL: an element). */
void json_test(struct json *j, const char *key, const struct ktap_test *t);
/* {"pass":..,"fail":..,"skip":..,"missing":..}, as key. */
void json_counts(struct json *j, const char *key, const struct ktap_counts *c);

#endif
