// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lint's findings on one package (its --format=tsv lines), what each
 * test does on the kernels the audit asks about, and the hand-read verdicts
 * of audit/review.txt.
 *
 * On a kernel M.P.S, a comparison of the code with KERNEL_VERSION(want) or
 * a number answers what that kernel's own headers make of it
 * (lint/series.c): 5.10.257's code reads 5.10.255, so ">= KERNEL_VERSION(5,
 * 10, 260)" is true there, where the author meant false. A SUBLEVEL taken
 * from the code reads 255 there, not 257; a version packed by hand from the
 * kernel's numbers carries into PATCHLEVEL (5.10.257 packs as 5.11.1).
 */
#include <stdlib.h>
#include <string.h>

#include "../lint/series.h"
#include "audit.h"

int point_parse(const char *s, struct point *p)
{
	char end;

	memset(p, 0, sizeof(*p));
	if (sscanf(s, "%lld.%lld.%lld%c", &p->v[0], &p->v[1], &p->v[2], &end) != 3 ||
	    p->v[0] < 0 || p->v[0] > 255 || p->v[1] < 0 || p->v[1] > 255 || p->v[2] < 0 ||
	    p->v[2] > 65535)
		return -1;
	snprintf(p->text, sizeof(p->text), "%lld.%lld.%lld", p->v[0], p->v[1], p->v[2]);
	return 0;
}

/* The next tab-separated field of *s, unescaped, into out. */
static void field(char **s, char *out, size_t size)
{
	size_t o = 0;
	char *p = *s;

	for (; *p && *p != '\t' && *p != '\n'; p++) {
		char c = *p;

		if (c == '\\' && p[1]) {
			p++;
			c = *p == 't' ? '\t' : *p == 'n' ? '\n' : *p;
		}
		if (o + 1 < size)
			out[o++] = c;
	}
	out[o] = '\0';
	*s = *p == '\t' ? p + 1 : p;
}

/* "a.b.c" or "-": -1s for "-". */
static void version3(const char *s, long long v[3])
{
	if (sscanf(s, "%lld.%lld.%lld", &v[0], &v[1], &v[2]) != 3)
		v[0] = v[1] = v[2] = -1;
}

int findings_read(const char *tsv, const char *prefix, struct package *p)
{
	FILE *f = fopen(tsv, "r");
	char line[8192];
	size_t pl = strlen(prefix);

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		struct finding x;
		char *s = line, tmp[600], test[128], op[8], value[64], want[64];
		struct finding *nf;

		/* "# TREE: N comparisons with the version code judged, F findings" */
		if (line[0] == '#') {
			char *colon = strrchr(line, ':');
			long n;

			if (colon && sscanf(colon + 1, " %ld comparisons", &n) == 1)
				p->lint_tests = n;
			continue;
		}
		memset(&x, 0, sizeof(x));
		field(&s, tmp, sizeof(tmp)); /* the tree: the package's own */
		field(&s, tmp, sizeof(tmp));
		snprintf(x.file, sizeof(x.file), "%.511s", strncmp(tmp, prefix, pl) ? tmp : tmp + pl);
		field(&s, tmp, sizeof(tmp));
		x.line = atoi(tmp);
		field(&s, tmp, sizeof(tmp));
		x.col = atoi(tmp);
		field(&s, x.rule, sizeof(x.rule));
		field(&s, tmp, sizeof(tmp));
		x.directive = !strcmp(tmp, "directive");
		field(&s, test, sizeof(test));
		field(&s, x.fix, sizeof(x.fix));
		field(&s, x.msg, sizeof(x.msg));
		if (!x.line || !x.rule[0] || sscanf(test, "%7s %63s %63s", op, value, want) != 3)
			continue;
		snprintf(x.op, sizeof(x.op), "%.3s", strcmp(op, "-") ? op : "");
		x.kv = !strcmp(value, "KV");
		x.value = x.kv || !strcmp(value, "-") ? -1 : atoll(value);
		version3(want, x.want);
		nf = realloc(p->f, (p->nf + 1) * sizeof(*nf));
		if (!nf)
			break;
		p->f = nf;
		p->f[p->nf++] = x;
	}
	fclose(f);
	return 0;
}

void finding_at(const struct finding *f, const struct point *pt, struct at_point *a)
{
	struct series s;

	memset(a, 0, sizeof(*a));
	a->reads = a->should = -1;
	series_get(pt->v[0], pt->v[1], &s);
	/* A test of another series answers there as meant. */
	if (f->op[0] && f->want[0] >= 0 && (f->kv || f->value >= 0)) {
		if (f->want[0] != pt->v[0] || f->want[1] != pt->v[1])
			return;
		long long value = f->kv ? series_kv(&s, f->want[0], f->want[1], f->want[2]) : f->value;

		a->known = 1;
		a->differs = series_wrong_at(&s, pt->v[2], f->op, value, f->want, &a->answer,
					     &a->meant);
		snprintf(a->text, sizeof(a->text), "%s%s%s", a->answer ? "true" : "false",
			 a->differs ? ", meant " : "", a->differs ? (a->meant ? "true" : "false") : "");
		return;
	}
	if (!strcmp(f->rule, "kver-sublevel-mask")) {
		a->known = 1;
		a->reads = series_code(&s, pt->v[2]) & 0xff;
		a->should = pt->v[2];
		a->differs = a->reads != a->should;
		if (a->differs)
			snprintf(a->text, sizeof(a->text), "reads %lld, not %lld", a->reads, a->should);
		else
			snprintf(a->text, sizeof(a->text), "reads %lld", a->reads);
		return;
	}
	if (!strcmp(f->rule, "kver-unclamped-encode") && f->value < 0) {
		long long packed = series_pack(pt->v[0], pt->v[1], pt->v[2]);

		a->known = 1;
		a->reads = packed;
		a->differs = pt->v[2] > 255;
		snprintf(a->text, sizeof(a->text), "packs %s as %lld.%lld.%lld", pt->text, packed >> 16,
			 (packed >> 8) & 0xff, packed & 0xff);
	}
}

/* ---- audit/review.txt ------------------------------------------------------ */

int review_read(const char *path, struct review **out, size_t *n)
{
	FILE *f = fopen(path, "r");
	char line[1200];
	struct review *r = NULL;
	size_t nr = 0;

	*out = NULL;
	*n = 0;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		struct review x;
		int used = 0;
		struct review *q;

		memset(&x, 0, sizeof(x));
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '#' || !line[strspn(line, " \t")])
			continue;
		if (sscanf(line, "%127s %127s %599s %47s %15s %n", x.package, x.version, x.where,
			   x.rule, x.verdict, &used) < 5)
			continue;
		snprintf(x.note, sizeof(x.note), "%s", used ? line + used : "");
		q = realloc(r, (nr + 1) * sizeof(*q));
		if (!q)
			break;
		r = q;
		r[nr++] = x;
	}
	fclose(f);
	*out = r;
	*n = nr;
	return 0;
}

void review_apply(const struct review *r, size_t n, struct package *p)
{
	for (size_t i = 0; i < p->nf; i++) {
		struct finding *f = &p->f[i];
		char where[600];

		snprintf(where, sizeof(where), "%s:%d", f->file, f->line);
		for (size_t k = 0; k < n; k++)
			if (!strcmp(r[k].package, p->name) && !strcmp(r[k].version, p->version) &&
			    !strcmp(r[k].where, where) && !strcmp(r[k].rule, f->rule) &&
			    strcmp(r[k].verdict, "missed")) {
				snprintf(f->verdict, sizeof(f->verdict), "%s", r[k].verdict);
				snprintf(f->note, sizeof(f->note), "%s", r[k].note);
			}
	}
}

size_t review_missed(const struct review *r, size_t n, const struct package *p)
{
	size_t m = 0;

	for (size_t k = 0; k < n; k++)
		m += !strcmp(r[k].package, p->name) && !strcmp(r[k].version, p->version) &&
		     !strcmp(r[k].verdict, "missed");
	return m;
}
