// SPDX-License-Identifier: GPL-2.0
/*
 * The audit's report as people read it: a progress line per package while
 * it runs, the terminal summary, the Markdown report and the list of
 * findings a maintainer could send upstream. The same decided packages
 * (facts.c) feed json.c; nothing here decides anew.
 */
#include <string.h>

#include "audit.h"

static const char *release_names(const char *releases, char *buf, size_t size)
{
	/* "debian11 debian12" -> "11 12" */
	size_t o = 0;

	buf[0] = '\0';
	for (const char *s = releases; *s && o + 1 < size; s++)
		if ((*s >= '0' && *s <= '9') || (*s == ' ' && o))
			buf[o++] = *s == ' ' ? ',' : *s;
	buf[o] = '\0';
	return buf;
}

static void duration(long s, char *buf, size_t size)
{
	if (s >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
}

/* "built", "failed", ... short enough for a table cell. */
static const char *cell(const struct build *b)
{
	static const char *const names[] = { "-", "built", "FAILED", "excluded", "TIMEOUT" };

	return names[b->status];
}

/* "findings/tests judged": 0/37 is a clean result, with what it rests on. */
static void lint_cell(const struct package *p, char *buf, size_t size)
{
	if (p->stage != STAGE_OK)
		snprintf(buf, size, "-");
	else if (p->lint_error[0])
		snprintf(buf, size, "ERROR");
	else if (p->lint_tests >= 0)
		snprintf(buf, size, "%zu/%ld", p->nf, p->lint_tests);
	else
		snprintf(buf, size, "%zu", p->nf);
}

void report_progress(FILE *f, const struct package *p, int n, int of, long elapsed, int measured)
{
	char el[32], left[32];

	duration(elapsed, el, sizeof(el));
	duration(measured > 0 ? elapsed * (of - n) / measured : 0, left, sizeof(left));
	fprintf(f, "[%d/%d] %s %s: ", n, of, p->name, p->version);
	if (p->stage != STAGE_OK) {
		fprintf(f, "%s (%s)", stage_name(p->stage), p->error);
	} else {
		if (p->lint_error[0])
			fprintf(f, "lint %s", p->lint_error);
		else
			fprintf(f, "%zu finding%s", p->nf, p->nf == 1 ? "" : "s");
		for (int k = 0; k < p->nb; k++)
			fprintf(f, ", %s %s", p->b[k].kernel, build_status_name(p->b[k].status));
	}
	if (measured > 0)
		fprintf(f, "; %s elapsed, about %s left\n", el, left);
	else
		fprintf(f, "; %s elapsed, no build run yet to judge the time left by\n", el);
}

void review_counts(const struct audit_run *r, size_t *read, size_t *t, size_t *fl, size_t *missed,
		   size_t *unread)
{
	*read = *t = *fl = *missed = *unread = 0;
	for (size_t i = 0; i < r->n; i++) {
		const struct package *p = &r->p[i];

		for (size_t k = 0; k < p->nf; k++) {
			*read += p->f[k].verdict[0] != '\0';
			*t += !strcmp(p->f[k].verdict, "true");
			*fl += !strcmp(p->f[k].verdict, "false");
			*unread += p->f[k].verdict[0] == '\0';
		}
		*missed += review_missed(r->review, r->nreview, p);
	}
}

/* Per kernel: how many built, failed, were excluded, timed out. */
static void build_counts(const struct audit_run *r, int k, int c[5])
{
	memset(c, 0, 5 * sizeof(int));
	for (size_t i = 0; i < r->n; i++)
		if (k < r->p[i].nb)
			c[r->p[i].b[k].status]++;
}

static size_t with_findings(const struct audit_run *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n; i++)
		n += r->p[i].nf > 0;
	return n;
}

void report_summary(FILE *f, const struct audit_run *r)
{
	char rel[16], lint[48], t[32];
	size_t read, tr, fl, missed, unread, nf = 0;

	fprintf(f, "%-26s %-30s %-5s %-7s", "PACKAGE", "VERSION", "REL", "LINT");
	for (int k = 0; k < r->nkernels; k++)
		fprintf(f, " %-15.15s", r->kernels[k]);
	fprintf(f, " %7s\n", "TIME");
	for (size_t i = 0; i < r->n; i++) {
		const struct package *p = &r->p[i];

		lint_cell(p, lint, sizeof(lint));
		duration(p->seconds, t, sizeof(t));
		fprintf(f, "%-26.26s %-30.30s %-5s %-7s", p->name, p->version,
			release_names(p->releases, rel, sizeof(rel)),
			p->stage == STAGE_OK ? lint : "-");
		for (int k = 0; k < r->nkernels; k++)
			fprintf(f, " %-15s", k < p->nb && p->stage == STAGE_OK ? cell(&p->b[k]) :
				p->stage == STAGE_DOWNLOAD ? "no .deb" : "-");
		fprintf(f, " %7s\n", t);
		nf += p->nf;
	}
	review_counts(r, &read, &tr, &fl, &missed, &unread);
	fprintf(f, "\n%zu packages; kver-lint (LINT: findings/comparisons with the version code "
		   "judged): %zu findings in %zu packages", r->n, nf, with_findings(r));
	if (read)
		fprintf(f, " (read by hand: %zu true, %zu false, %zu missed)", tr, fl, missed);
	fputc('\n', f);
	for (int k = 0; k < r->nkernels; k++) {
		int c[5];

		build_counts(r, k, c);
		fprintf(f, "%s: %d built, %d failed, %d not for this kernel, %d timed out, %d not run\n",
			r->kernels[k], c[BUILD_BUILT], c[BUILD_FAILED], c[BUILD_EXCLUDED],
			c[BUILD_TIMEOUT], c[BUILD_NOT_RUN]);
	}
	if (r->have_cocci)
		fprintf(f, "%s in the %s tree: %zu findings (%s)\n", r->cocci.script, r->cocci.tree,
			r->cocci.n, r->cocci.status);
	char a[32], b[32], c[32];

	duration(r->lint_seconds, a, sizeof(a));
	duration(r->build_seconds, b, sizeof(b));
	duration(r->seconds, c, sizeof(c));
	fprintf(f, "time: lint %s, builds %s, whole run %s\n", a, b, c);
}

/* s with | escaped for a Markdown table cell. */
static void md(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
}

static void md_findings(FILE *f, const struct audit_run *r, const struct package *p)
{
	fprintf(f, "\n### %s %s\n\n", p->name, p->version);
	for (size_t k = 0; k < p->nf; k++) {
		const struct finding *x = &p->f[k];
		int any = 0;

		fprintf(f, "- `%s:%d` %s: ", x->file, x->line, x->rule);
		md(f, x->msg);
		if (x->verdict[0])
			fprintf(f, "\n  Read by hand: **%s**%s%s", x->verdict, x->note[0] ? ", " : "",
				x->note);
		/* What a false positive's test "does" says nothing. */
		for (int q = 0; q < r->npoints && strcmp(x->verdict, "false"); q++) {
			struct at_point a;

			finding_at(x, &r->points[q], &a);
			if (!a.known)
				continue;
			fprintf(f, "%s%s %s: %s%s", any ? "; " : "\n  ", x->directive ? "#if at" : "at",
				r->points[q].text, a.text,
				a.differs ? (x->directive ? " (picks the other branch)" : " (wrong)") : "");
			any = 1;
		}
		fputc('\n', f);
	}
}

void report_markdown(FILE *f, const struct audit_run *r)
{
	size_t read, tr, fl, missed, unread, nf = 0, bad = 0;
	char a[32], b[32], c[32], rel[16], lint[48];

	for (size_t i = 0; i < r->n; i++) {
		nf += r->p[i].nf;
		bad += r->p[i].stage != STAGE_OK;
	}
	review_counts(r, &read, &tr, &fl, &missed, &unread);
	duration(r->lint_seconds, a, sizeof(a));
	duration(r->build_seconds, b, sizeof(b));
	duration(r->seconds, c, sizeof(c));
	fprintf(f, "# Debian's DKMS packages against the kernels past 255\n\n");
	fprintf(f, "Run of %s (`make audit`, docs/audit.md): %zu packages, %zu not audited "
		"(below). Kernels built against:", r->date, r->n, bad);
	for (int k = 0; k < r->nkernels; k++)
		fprintf(f, "%s %s (%s)", k ? "," : "", r->kernels[k], r->kernel_about[k]);
	fprintf(f, ". Tests judged at:");
	for (int q = 0; q < r->npoints; q++)
		fprintf(f, "%s %s", q ? "," : "", r->points[q].text);
	fprintf(f, ".\n\nkver-lint: %zu findings in %zu packages", nf, with_findings(r));
	if (read)
		fprintf(f, "; read by hand: %zu true, %zu false, %zu missed, %zu unread", tr, fl,
			missed, unread);
	fprintf(f, ". Time: lint %s, builds %s, whole run %s.\n\n", a, b, c);
	for (int k = 0; k < r->nkernels; k++) {
		int n[5];

		build_counts(r, k, n);
		fprintf(f, "- %s: %d built, %d failed, %d not for this kernel, %d timed out\n",
			r->kernels[k], n[BUILD_BUILT], n[BUILD_FAILED], n[BUILD_EXCLUDED],
			n[BUILD_TIMEOUT]);
	}
	fprintf(f, "\n## Packages\n\nlint: kver-lint's findings / the comparisons with the version "
		   "code it judged (a clean package's tests were read, not skipped).\n\n"
		   "| package | version | Debian | component | lint |");
	for (int k = 0; k < r->nkernels; k++)
		fprintf(f, " %s |", r->kernels[k]);
	fprintf(f, " time |\n|---|---|---|---|---|");
	for (int k = 0; k < r->nkernels; k++)
		fprintf(f, "---|");
	fprintf(f, "---|\n");
	for (size_t i = 0; i < r->n; i++) {
		const struct package *p = &r->p[i];

		lint_cell(p, lint, sizeof(lint));
		duration(p->seconds, a, sizeof(a));
		fprintf(f, "| %s | %s | %s | %s | %s |", p->name, p->version,
			release_names(p->releases, rel, sizeof(rel)), p->component,
			p->stage == STAGE_OK ? lint : stage_name(p->stage));
		for (int k = 0; k < r->nkernels; k++)
			fprintf(f, " %s |", k < p->nb && p->stage == STAGE_OK ?
				build_status_name(p->b[k].status) : "-");
		fprintf(f, " %s |\n", a);
	}
	fprintf(f, "\n## Findings\n\nEach finding with what its test does on the kernels above "
		   "(a test of another series answers there as meant and is not shown).\n");
	for (size_t i = 0; i < r->n; i++)
		if (r->p[i].nf)
			md_findings(f, r, &r->p[i]);
	fprintf(f, "\n## Builds that did not build\n\n| package | kernel | result | first error or reason |\n|---|---|---|---|\n");
	for (size_t i = 0; i < r->n; i++)
		for (int k = 0; k < r->p[i].nb; k++) {
			const struct build *x = &r->p[i].b[k];

			if (x->status == BUILD_BUILT || (x->status == BUILD_NOT_RUN && !x->why[0]))
				continue;
			fprintf(f, "| %s %s | %s | %s | ", r->p[i].name, r->p[i].version, x->kernel,
				build_status_name(x->status));
			md(f, x->why);
			fprintf(f, " |\n");
		}
	fprintf(f, "\n## Not audited\n\n");
	for (size_t i = 0; i < r->n; i++) {
		const struct package *p = &r->p[i];

		if (p->stage != STAGE_OK) {
			fprintf(f, "- %s %s: %s: ", p->name, p->version, stage_name(p->stage));
			md(f, p->error);
			fputc('\n', f);
		}
		if (p->wanted[0]) {
			fprintf(f, "- %s: %s audited instead of the newest, %s: ", p->name, p->version,
				p->wanted);
			md(f, p->wanted_why);
			fputc('\n', f);
		}
		if (p->lint_error[0])
			fprintf(f, "- %s %s: kver-lint: %s\n", p->name, p->version, p->lint_error);
	}
	fprintf(f, "\n## Depends unpacked for the builds\n\nA package's Depends the machine "
		   "lacks, fetched with apt and laid over /usr for its builds, never installed.\n\n");
	{
		size_t n = 0;

		for (size_t i = 0; i < r->n; i++)
			if (r->p[i].depends[0] && ++n)
				fprintf(f, "- %s %s: %s\n", r->p[i].name, r->p[i].version,
					r->p[i].depends);
		if (!n)
			fprintf(f, "None.\n");
	}
	if (r->have_cocci) {
		fprintf(f, "\n## The kernel tree: %s on %s\n\n%s: %zu findings, %ld s.\n\n",
			r->cocci.script, r->cocci.tree, r->cocci.status, r->cocci.n, r->cocci.seconds);
		for (size_t k = 0; k < r->cocci.n; k++) {
			fprintf(f, "- `%s:%d`: ", r->cocci.f[k].file, r->cocci.f[k].line);
			md(f, r->cocci.f[k].msg);
			fputc('\n', f);
		}
	}
}

void report_upstream(FILE *f, const struct audit_run *r)
{
	size_t n = 0;

	fprintf(f, "# Findings to send upstream\n\n"
		   "Each finding read by hand as true, with the fix from kver_compat.h "
		   "(compat/kver_compat.h: ship it next to the module's sources, or "
		   "`#include <kver/kver_compat.h>`). Where <linux/version.h> has no "
		   "LINUX_VERSION_SUBLEVEL (5.13 and older: Debian 11's 5.10), its macros "
		   "answer from the code where it can tell, and at full precision on "
		   "Debian's own headers with compat/kver-sublevel.mk included from the "
		   "module's Kbuild file (docs/shipped.md).\n");
	for (size_t i = 0; i < r->n; i++) {
		const struct package *p = &r->p[i];
		int head = 0;

		for (size_t k = 0; k < p->nf; k++) {
			const struct finding *x = &p->f[k];

			if (strcmp(x->verdict, "true"))
				continue;
			if (!head)
				fprintf(f, "\n## %s %s (Debian %s)\n\n", p->name, p->version, p->releases);
			head = 1;
			fprintf(f, "- `%s:%d` (%s): use `%s`. ", x->file, x->line, x->rule, x->fix);
			md(f, x->msg);
			fputc('\n', f);
			n++;
		}
	}
	if (!n)
		fprintf(f, "\nNone: no finding of this run was read as true.\n");
}
