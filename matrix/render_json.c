// SPDX-License-Identifier: GPL-2.0
/* kver-matrix: the matrix as JSON, each point in the one schema of a point (docs/results-schema.md). */
#include "json.h"
#include "point_json.h"
#include "render.h"

/* A number, or null when it is not known (negative). */
static void json_known(struct json *j, const char *key, long v)
{
	if (v < 0)
		json_null(j, key);
	else
		json_int(j, key, v);
}

/* What the matrix adds to a point's JSON (docs/results-schema.md): its row and cells. */
static void point_matrix_json(struct json *j, const struct point *p, int compared)
{
	char legacy[64];

	legacy_belief(p, legacy, sizeof(legacy));
	json_object(j, "matrix");
	json_string(j, "row", p->series);
	json_bool(j, "own", p->own);
	json_string(j, "legacy_decoder", legacy[0] ? legacy : NULL);
	json_string(j, "problem", p->problem[0] ? p->problem : NULL);
	json_object(j, "cells");
	for (int c = 0; c < CHECK_COUNT; c++) {
		const struct cell *cl = &p->cells[c];

		json_object(j, matrix_checks[c].id);
		json_string(j, "verdict", verdict_name(cl->verdict));
		json_string(j, "text", cl->text);
		if (compared) {
			json_string(j, "expected",
				    cl->has_expected ? verdict_name(cl->expected) : NULL);
			json_bool(j, "differs", cl->differs);
		}
		json_end(j);
	}
	json_end(j);
	json_end(j);
}

void render_json(const struct matrix *m, const struct render_opts *o, FILE *out)
{
	long build = 0, guest = 0, boot = 0;
	struct json j;

	json_start(&j, out, JSON_INDENT);
	json_object(&j, NULL);
	json_array(&j, "checks");
	for (int c = 0; c < CHECK_COUNT; c++) {
		json_object(&j, NULL);
		json_string(&j, "id", matrix_checks[c].id);
		json_string(&j, "title", matrix_checks[c].title);
		json_end(&j);
	}
	json_end(&j);
	json_array(&j, "points");
	for (size_t i = 0; i < m->npoints; i++) {
		const struct point *p = &m->points[i];

		if (p->build_s > 0)
			build += p->build_s;
		if (p->guest_s > 0)
			guest += p->guest_s;
		if (p->boot_s > 0)
			boot += p->boot_s;
		json_object(&j, NULL);
		point_json(&j, &p->boot);
		point_matrix_json(&j, p, o->compared);
		json_end(&j);
	}
	json_end(&j);
	json_object(&j, "cost");
	json_uint(&j, "points", m->npoints);
	json_int(&j, "build_s", build);
	json_int(&j, "guest_s", guest);
	json_int(&j, "boot_s", boot);
	json_known(&j, "wall_s", o->wall_s);
	json_known(&j, "full_builds", o->full_builds);
	json_known(&j, "incremental_builds", o->incremental_builds);
	json_end(&j);
	json_bool(&j, "compared", o->compared);
	json_uint(&j, "differences", o->compared ? o->differences : 0);
	json_end(&j);
	json_finish(&j);
}
