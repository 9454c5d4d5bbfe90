/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The JSON writer of every program of kver (kver, kver-lint, kver-lab,
 * kver-matrix, kver-audit): objects and arrays opened and closed in
 * order, members and elements with their separators, strings escaped. A
 * program says what to write, never how a comma or an indent goes.
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
 * like a second document). Three layouts of a container:
 *
 *   JSON_LINE    on one line: {"a": 1, "b": [1, 2]}
 *   JSON_INDENT  one member or element a line, indented by two spaces for
 *                each indented container around it
 *   JSON_SPACED  on one line, a space inside the brackets: { "a": 1 }
 *                (the layout of SARIF logs as kver-lint writes them)
 *
 * json_start gives the document's layout; a container takes the layout of
 * the one around it, or the one json_object_as/json_array_as name (an
 * indented object inside a spaced one is indented one level deeper than
 * the indented container around both). Nesting deeper than JSON_DEPTH is
 * a programming error too: the writer stops writing and json_finish fails.
 *
 * Strings are written quoted; '"' and '\' are escaped, newline and tab as
 * \n and \t, every other control byte (below 0x20, and 0x7f) as \u00XX;
 * well-formed UTF-8 is copied as it is, and a byte that is not part of a
 * well-formed UTF-8 sequence becomes \ufffd, so that the output is valid
 * JSON whatever the input.
 */
#ifndef KVER_JSON_H
#define KVER_JSON_H

#include <stdio.h>

#define JSON_DEPTH 16

enum json_layout { JSON_LINE, JSON_INDENT, JSON_SPACED };

struct json {
	FILE *f;
	int depth;			/* containers open */
	int items[JSON_DEPTH];		/* members or elements written in each */
	char kind[JSON_DEPTH];		/* '{' or '[' of each open container */
	char layout[JSON_DEPTH];	/* each one's layout; [0]: the document's */
	int level[JSON_DEPTH];		/* indented containers open, up to each */
	int broken;			/* nesting went wrong: nothing more written */
};

void json_start(struct json *j, FILE *f, enum json_layout layout);
/* Open an object or an array, as member key or as an element (key NULL). */
void json_object(struct json *j, const char *key);
void json_array(struct json *j, const char *key);
/* The same in a layout of its own (and of what it holds). */
void json_object_as(struct json *j, const char *key, enum json_layout layout);
void json_array_as(struct json *j, const char *key, enum json_layout layout);
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
