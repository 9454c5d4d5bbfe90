/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JSON pieces of kver-lab's output: a KTAP test with its subtests, a set
 * of counts. Shared by report --json and ktap --json; strings are
 * util/jsonstr.h's.
 */
#ifndef KVER_KTAP_JSON_H
#define KVER_KTAP_JSON_H

#include <stdio.h>

#include "json.h"
#include "ktap.h"

/* {"name":..,"status":..,"directive":..,"diag":[..],"subtests":[..]} */
void json_test(FILE *f, const struct ktap_test *t);
/* ,"KEY":{"pass":..,"fail":..,"skip":..,"missing":..} (with its leading comma) */
void json_counts(FILE *f, const char *key, const struct ktap_counts *c);

#endif
