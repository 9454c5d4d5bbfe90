/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The JSON writer of every program of kver (kver, kver-lab, kver-matrix):
 * objects and arrays opened and closed in order, members and elements
 * with their separators, strings through json_str (jsonstr.h). A program
 * says what to write, never how a comma or an indent goes.
 *
 *   struct json j;
 *   json_start(&j, stdout, JSON_LINE);
 *   json_object(&j, NULL);             {
 *   json_string(&j, "release", r);       "release": "6.1.300",
 *   json_array(&j, "flags");             "flags": [
 *   json_string(&j, NULL, "clamped");      "clamped"
 *   json_end(&j);                        ]
 *   json_end(&j);                      }
 *   json_finish(&j);                   and a newline
 *
 * A member of an object has a key; an element of an array, or the
 * document itself, has NULL (the other way round is a programming error,
 * like a second document). Two layouts: JSON_LINE writes the document on
 * one line ({"a": 1, "b": [1, 2]}), JSON_INDENT one member or element a
 * line, indented by two spaces a level. Nesting deeper than JSON_DEPTH is
 * a programming error too: the writer stops writing and json_finish fails.
 */
#ifndef KVER_JSON_H
#define KVER_JSON_H

#include <stdio.h>

#include "jsonstr.h"

#define JSON_DEPTH 16

enum json_layout { JSON_LINE, JSON_INDENT };

struct json {
	FILE *f;
	enum json_layout layout;
	int depth;			/* containers open */
	int items[JSON_DEPTH];		/* members or elements written in each */
	char kind[JSON_DEPTH];		/* '{' or '[' of each open container */
	int broken;			/* nesting went wrong: nothing more written */
};

void json_start(struct json *j, FILE *f, enum json_layout layout);
/* Open an object or an array, as member key or as an element (key NULL). */
void json_object(struct json *j, const char *key);
void json_array(struct json *j, const char *key);
/* Close the innermost object or array. */
void json_end(struct json *j);
/* A string (NULL: null), a number, true or false, null. */
void json_string(struct json *j, const char *key, const char *s);
void json_int(struct json *j, const char *key, long long v);
void json_uint(struct json *j, const char *key, unsigned long long v);
void json_bool(struct json *j, const char *key, int v);
void json_null(struct json *j, const char *key);
/* The document's end: a newline. 0, or -1 when it is not whole or writing failed. */
int json_finish(struct json *j);

#endif
