// SPDX-License-Identifier: GPL-2.0
/*
 * The audit's JSON, the one place it is written (schema "kver-audit/1",
 * documented in docs/audit.md); strings through util/jsonstr.h.
 */
#include <string.h>

#include "audit.h"
#include "jsonstr.h"

/* ,"key":"value" (first: no comma). */
static void kv(FILE *f, int first, const char *key, const char *value)
{
	fprintf(f, "%s\"%s\":", first ? "" : ",", key);
	json_str(f, value);
}

static void version3(FILE *f, const long long v[3])
{
	char s[64];

	if (v[0] < 0) {
		fputs("null", f);
		return;
	}
	snprintf(s, sizeof(s), "%lld.%lld.%lld", v[0], v[1], v[2]);
	json_str(f, s);
}

static void finding(FILE *f, const struct audit_run *r, const struct finding *x)
{
	kv(f, 1, "file", x->file);
	fprintf(f, ",\"line\":%d,\"column\":%d", x->line, x->col);
	kv(f, 0, "rule", x->rule);
	kv(f, 0, "context", x->directive ? "directive" : "code");
	fputs(",\"test\":{", f);
	kv(f, 1, "op", x->op);
	fputs(",\"against\":", f);
	if (x->kv)
		json_str(f, "KERNEL_VERSION");
	else if (x->value >= 0)
		fprintf(f, "%lld", x->value);
	else
		fputs("null", f);
	fputs(",\"meant\":", f);
	version3(f, x->want);
	fputc('}', f);
	kv(f, 0, "fix", x->fix);
	kv(f, 0, "message", x->msg);
	fputs(",\"verdict\":", f);
	if (x->verdict[0])
		json_str(f, x->verdict);
	else
		fputs("null", f);
	kv(f, 0, "note", x->note);
	fputs(",\"at\":[", f);
	for (int q = 0, first = 1; q < r->npoints; q++) {
		struct at_point a;

		finding_at(x, &r->points[q], &a);
		if (!a.known)
			continue;
		fputs(first ? "{" : ",{", f);
		first = 0;
		kv(f, 1, "kernel", r->points[q].text);
		if (x->op[0])
			fprintf(f, ",\"answer\":%s,\"meant\":%s", a.answer ? "true" : "false",
				a.meant ? "true" : "false");
		else
			fprintf(f, ",\"reads\":%lld,\"means\":%lld", a.reads, a.should);
		fprintf(f, ",\"differs\":%s}", a.differs ? "true" : "false");
	}
	fputs("]", f);
}

static void package(FILE *f, const struct audit_run *r, const struct package *p)
{
	kv(f, 1, "name", p->name);
	kv(f, 0, "version", p->version);
	kv(f, 0, "component", p->component);
	fputs(",\"releases\":[", f);
	char rel[sizeof(p->releases)], *save = NULL;

	snprintf(rel, sizeof(rel), "%s", p->releases);
	for (char *s = strtok_r(rel, " ", &save), *sep = ""; s; s = strtok_r(NULL, " ", &save)) {
		fputs(sep, f);
		json_str(f, s);
		sep = ",";
	}
	fputc(']', f);
	fputs(",\"newest\":", f);
	if (p->wanted[0]) {
		fputc('{', f);
		kv(f, 1, "version", p->wanted);
		kv(f, 0, "why_not", p->wanted_why);
		fputc('}', f);
	} else {
		fputs("null", f);
	}
	kv(f, 0, "stage", stage_name(p->stage));
	kv(f, 0, "error", p->error);
	kv(f, 0, "source", p->source);
	kv(f, 0, "build_exclusive", p->exclusive);
	fprintf(f, ",\"lint\":{\"exit\":%d,\"seconds\":%ld", p->lint_rc, p->lint_seconds);
	kv(f, 0, "error", p->lint_error);
	fputs(",\"findings\":[", f);
	for (size_t k = 0; k < p->nf; k++) {
		fputs(k ? ",{" : "{", f);
		finding(f, r, &p->f[k]);
		fputc('}', f);
	}
	fprintf(f, "],\"missed\":%zu}", review_missed(r->review, r->nreview, p));
	fputs(",\"builds\":[", f);
	for (int k = 0; k < p->nb; k++) {
		fputs(k ? ",{" : "{", f);
		kv(f, 1, "kernel", p->b[k].kernel);
		kv(f, 0, "status", build_status_name(p->b[k].status));
		fprintf(f, ",\"seconds\":%ld,\"modules\":%d", p->b[k].seconds, p->b[k].modules);
		kv(f, 0, "why", p->b[k].why);
		fputc('}', f);
	}
	fprintf(f, "],\"seconds\":%ld", p->seconds);
}

void report_json(FILE *f, const struct audit_run *r)
{
	size_t read, t, fl, missed, unread;

	fputs("{\"schema\":\"kver-audit/1\"", f);
	kv(f, 0, "date", r->date);
	fputs(",\"kernels\":[", f);
	for (int k = 0; k < r->nkernels; k++) {
		fputs(k ? ",{" : "{", f);
		kv(f, 1, "name", r->kernels[k]);
		kv(f, 0, "about", r->kernel_about[k]);
		fputc('}', f);
	}
	fputs("],\"points\":[", f);
	for (int q = 0; q < r->npoints; q++) {
		fputs(q ? "," : "", f);
		json_str(f, r->points[q].text);
	}
	fputs("],\"packages\":[", f);
	for (size_t i = 0; i < r->n; i++) {
		fputs(i ? ",{" : "{", f);
		package(f, r, &r->p[i]);
		fputc('}', f);
	}
	fputc(']', f);
	review_counts(r, &read, &t, &fl, &missed, &unread);
	fprintf(f, ",\"review\":{\"read\":%zu,\"true\":%zu,\"false\":%zu,\"missed\":%zu,\"unread\":%zu}",
		read, t, fl, missed, unread);
	fputs(",\"cocci\":", f);
	if (r->have_cocci) {
		fputc('{', f);
		kv(f, 1, "tree", r->cocci.tree);
		kv(f, 0, "script", r->cocci.script);
		kv(f, 0, "status", r->cocci.status);
		fprintf(f, ",\"seconds\":%ld,\"findings\":[", r->cocci.seconds);
		for (size_t k = 0; k < r->cocci.n; k++) {
			fputs(k ? ",{" : "{", f);
			kv(f, 1, "file", r->cocci.f[k].file);
			fprintf(f, ",\"line\":%d", r->cocci.f[k].line);
			kv(f, 0, "message", r->cocci.f[k].msg);
			fputc('}', f);
		}
		fputs("]}", f);
	} else {
		fputs("null", f);
	}
	fprintf(f, ",\"seconds\":{\"lint\":%ld,\"builds\":%ld,\"run\":%ld}}\n", r->lint_seconds,
		r->build_seconds, r->seconds);
}
