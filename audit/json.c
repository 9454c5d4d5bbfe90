// SPDX-License-Identifier: GPL-2.0
/*
 * The audit's JSON, the one place it is written (schema "kver-audit/1",
 * documented in docs/audit.md), through util/json.h, kver's JSON writer.
 */
#include <string.h>

#include "audit.h"
#include "json.h"

/* "M.P.S", or null for an unknown version. */
static void version3(struct json *j, const char *key, const long long v[3])
{
	char s[64];

	if (v[0] < 0) {
		json_null(j, key);
		return;
	}
	snprintf(s, sizeof(s), "%lld.%lld.%lld", v[0], v[1], v[2]);
	json_string(j, key, s);
}

static void finding(struct json *j, const struct audit_run *r, const struct finding *x)
{
	json_object(j, NULL);
	json_string(j, "file", x->file);
	json_int(j, "line", x->line);
	json_int(j, "column", x->col);
	json_string(j, "rule", x->rule);
	json_string(j, "context", x->directive ? "directive" : "code");
	json_object(j, "test");
	json_string(j, "op", x->op);
	if (x->kv)
		json_string(j, "against", "KERNEL_VERSION");
	else if (x->value >= 0)
		json_int(j, "against", x->value);
	else
		json_null(j, "against");
	version3(j, "meant", x->want);
	json_end(j);
	json_string(j, "fix", x->fix);
	json_string(j, "message", x->msg);
	json_string(j, "verdict", x->verdict[0] ? x->verdict : NULL);
	json_string(j, "note", x->note);
	json_array(j, "at");
	for (int q = 0; q < r->npoints; q++) {
		struct at_point a;

		finding_at(x, &r->points[q], &a);
		if (!a.known)
			continue;
		json_object(j, NULL);
		json_string(j, "kernel", r->points[q].text);
		if (x->op[0]) {
			json_bool(j, "answer", a.answer);
			json_bool(j, "meant", a.meant);
		} else {
			json_int(j, "reads", a.reads);
			json_int(j, "means", a.should);
		}
		json_bool(j, "differs", a.differs);
		json_end(j);
	}
	json_end(j);
	json_end(j);
}

static void package(struct json *j, const struct audit_run *r, const struct package *p)
{
	char rel[sizeof(p->releases)], *save = NULL;

	json_object(j, NULL);
	json_string(j, "name", p->name);
	json_string(j, "version", p->version);
	json_string(j, "component", p->component);
	json_array(j, "releases");
	snprintf(rel, sizeof(rel), "%s", p->releases);
	for (char *s = strtok_r(rel, " ", &save); s; s = strtok_r(NULL, " ", &save))
		json_string(j, NULL, s);
	json_end(j);
	if (p->wanted[0]) {
		json_object(j, "newest");
		json_string(j, "version", p->wanted);
		json_string(j, "why_not", p->wanted_why);
		json_end(j);
	} else {
		json_null(j, "newest");
	}
	json_string(j, "stage", stage_name(p->stage));
	json_string(j, "error", p->error);
	json_string(j, "source", p->source);
	json_string(j, "build_exclusive", p->exclusive);
	json_string(j, "depends", p->depends);
	json_object(j, "lint");
	json_int(j, "exit", p->lint_rc);
	json_int(j, "seconds", p->lint_seconds);
	if (p->lint_tests >= 0)
		json_int(j, "tests", p->lint_tests);
	else
		json_null(j, "tests");
	json_string(j, "error", p->lint_error);
	json_array(j, "findings");
	for (size_t k = 0; k < p->nf; k++)
		finding(j, r, &p->f[k]);
	json_end(j);
	json_uint(j, "missed", review_missed(r->review, r->nreview, p));
	json_end(j);
	json_array(j, "builds");
	for (int k = 0; k < p->nb; k++) {
		json_object(j, NULL);
		json_string(j, "kernel", p->b[k].kernel);
		json_string(j, "status", build_status_name(p->b[k].status));
		json_int(j, "seconds", p->b[k].seconds);
		json_int(j, "modules", p->b[k].modules);
		json_string(j, "why", p->b[k].why);
		json_end(j);
	}
	json_end(j);
	json_int(j, "seconds", p->seconds);
	json_end(j);
}

static void cocci(struct json *j, const struct cocci *c)
{
	json_object(j, "cocci");
	json_string(j, "tree", c->tree);
	json_string(j, "script", c->script);
	json_string(j, "status", c->status);
	json_int(j, "seconds", c->seconds);
	json_array(j, "findings");
	for (size_t k = 0; k < c->n; k++) {
		json_object(j, NULL);
		json_string(j, "file", c->f[k].file);
		json_int(j, "line", c->f[k].line);
		json_string(j, "message", c->f[k].msg);
		json_end(j);
	}
	json_end(j);
	json_end(j);
}

int report_json(FILE *f, const struct audit_run *r)
{
	struct json j;
	size_t read, t, fl, missed, unread;

	json_start(&j, f, JSON_INDENT);
	json_object(&j, NULL);
	json_string(&j, "schema", "kver-audit/1");
	json_string(&j, "date", r->date);
	json_array(&j, "kernels");
	for (int k = 0; k < r->nkernels; k++) {
		json_object(&j, NULL);
		json_string(&j, "name", r->kernels[k]);
		json_string(&j, "about", r->kernel_about[k]);
		json_end(&j);
	}
	json_end(&j);
	json_array(&j, "points");
	for (int q = 0; q < r->npoints; q++)
		json_string(&j, NULL, r->points[q].text);
	json_end(&j);
	json_array(&j, "packages");
	for (size_t i = 0; i < r->n; i++)
		package(&j, r, &r->p[i]);
	json_end(&j);
	review_counts(r, &read, &t, &fl, &missed, &unread);
	json_object(&j, "review");
	json_uint(&j, "read", read);
	json_uint(&j, "true", t);
	json_uint(&j, "false", fl);
	json_uint(&j, "missed", missed);
	json_uint(&j, "unread", unread);
	json_end(&j);
	if (r->have_cocci)
		cocci(&j, &r->cocci);
	else
		json_null(&j, "cocci");
	json_object(&j, "seconds");
	json_int(&j, "lint", r->lint_seconds);
	json_int(&j, "builds", r->build_seconds);
	json_int(&j, "run", r->seconds);
	json_end(&j);
	json_end(&j);
	return json_finish(&j);
}
