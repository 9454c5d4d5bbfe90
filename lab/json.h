/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JSON pieces of kver-lab's output: a string, a KTAP test with its
 * subtests, a set of counts. Shared by report --json and ktap --json.
 */
#ifndef KVER_JSON_H
#define KVER_JSON_H

#include <stdio.h>

#include "ktap.h"

/* s as a JSON string (NULL as ""). */
void json_str(FILE *f, const char *s);
/* {"name":..,"status":..,"directive":..,"diag":[..],"subtests":[..]} */
void json_test(FILE *f, const struct ktap_test *t);
/* ,"KEY":{"pass":..,"fail":..,"skip":..,"missing":..} (with its leading comma) */
void json_counts(FILE *f, const char *key, const struct ktap_counts *c);

#endif
