// SPDX-License-Identifier: GPL-2.0
/* kver-matrix: the matrix in Markdown, with the values behind it and the cost. */
#include <string.h>

#include "render.h"

static void md_escape(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|' || *s == '*' || *s == '_' || *s == '<' || *s == '`' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
}

/* A row's first two cells: the variant (on its first row) and the SUBLEVEL. */
static void md_row_start(FILE *out, const struct matrix *m, size_t i)
{
	const struct point *p = &m->points[i];
	char buf[64];

	fputs("| ", out);
	md_escape(out, first_of_variant(m, i) ? p->series : "");
	fputs(" | ", out);
	sublevel_label(p, buf, sizeof(buf));
	fprintf(out, "%s |", buf);
}

static void md_cell(FILE *out, const struct cell *c, int compared)
{
	fputs(" ", out);
	switch (c->verdict) {
	case VERDICT_OK:
		md_escape(out, c->text);
		break;
	case VERDICT_FAIL:
		fputs("**✗ ", out);
		md_escape(out, c->text);
		fputs("**", out);
		break;
	case VERDICT_NA:
		fputs("– ", out);
		md_escape(out, c->text);
		break;
	default:
		fputs("**no data**: ", out);
		md_escape(out, c->text);
		break;
	}
	if (compared && c->differs) {
		if (c->has_expected)
			fprintf(out, " ⚠ expected %s", verdict_name(c->expected));
		else
			fputs(" ⚠ no expected verdict", out);
	}
	fputs(" |", out);
}

static void md_value(FILE *out, const struct point *p, const char *key)
{
	const char *v = boot_value(&p->boot, key);

	fputs(" ", out);
	if (!v)
		fputs("–", out);
	else if (value_absent(v))
		fputs(KVER_VALUE_ABSENT, out);
	else
		md_escape(out, v);
	fputs(" |", out);
}

static void cost_lines(const struct matrix *m, const struct render_opts *o, FILE *out,
		       const char *prefix)
{
	long build = 0, guest = 0, boot = 0;
	size_t timed = 0;

	for (size_t i = 0; i < m->npoints; i++) {
		const struct point *p = &m->points[i];

		if (p->build_s < 0 || p->guest_s < 0 || p->boot_s < 0)
			continue;
		timed++;
		build += p->build_s;
		guest += p->guest_s;
		boot += p->boot_s;
	}
	fprintf(out, "%s%zu point%s", prefix, m->npoints, m->npoints == 1 ? "" : "s");
	if (timed)
		fprintf(out, "; kernel build %ld s, guest programs %ld s, boot %ld s "
			"(per point %.1f s on average)",
			build, guest, boot, (double)(build + guest + boot) / (double)timed);
	fputc('\n', out);
	if (o->wall_s >= 0)
		fprintf(out, "%stotal wall time %ld s (%.1f min)\n", prefix, o->wall_s,
			(double)o->wall_s / 60.0);
	if (o->full_builds >= 0)
		fprintf(out, "%sfull (cold) kernel builds: %d; incremental: %d\n", prefix,
			o->full_builds, o->incremental_builds < 0 ? 0 : o->incremental_builds);
}

void render_markdown(const struct matrix *m, const struct render_opts *o, FILE *out)
{
	char buf[160];

	fputs("# kver variant matrix\n\n", out);
	fputs("Each design built from Debian's tree, booted in QEMU at each SUBLEVEL and read "
	      "back. One row per (variant, SUBLEVEL), one column per check: `ok`, or what "
	      "went wrong.\n\n", out);
	for (size_t first = 0; first < m->npoints;) {
		size_t end = matrix_tree_end(m, first);

		fprintf(out, "## %s\n\n", tree_headline(&m->points[first], buf, sizeof(buf)));
		fputs("| variant | SUBLEVEL |", out);
		for (int c = 0; c < CHECK_COUNT; c++)
			fprintf(out, " %s |", matrix_checks[c].id);
		fputs("\n|---|---|", out);
		for (int c = 0; c < CHECK_COUNT; c++)
			fputs("---|", out);
		fputc('\n', out);
		for (size_t i = first; i < end; i++) {
			const struct point *p = &m->points[i];

			md_row_start(out, m, i);
			for (int c = 0; c < CHECK_COUNT; c++)
				md_cell(out, &p->cells[c], o->compared);
			fputc('\n', out);
		}
		fprintf(out, "\n### Values read back (%s)\n\n", m->points[first].tree);
		fputs("| variant | SUBLEVEL | uname | vDSO | V4L2 | media | media driver | CEC "
		      "| USB bcdDevice | UNAME26 | headers code | KERNEL_VERSION(M,P,S) "
		      "| LINUX_VERSION_SUBLEVEL | 2020 decoder sees |\n", out);
		fputs("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n", out);
		for (size_t i = first; i < end; i++) {
			const struct point *p = &m->points[i];

			md_row_start(out, m, i);
			md_value(out, p, KVER_KEY_UNAME_RELEASE);
			for (int ch = 0; ch < CH_COUNT; ch++)
				md_value(out, p, channel_keys[ch]);
			md_value(out, p, KVER_KEY_USB_BCD);
			md_value(out, p, KVER_KEY_UNAME26);
			md_value(out, p, KVER_KEY_HEADERS_CODE);
			md_value(out, p, KVER_KEY_HEADERS_KERNEL_VERSION);
			md_value(out, p, KVER_KEY_HEADERS_SUBLEVEL);
			legacy_belief(p, buf, sizeof(buf));
			fprintf(out, " %s |\n", buf[0] ? buf : "–");
		}
		fputc('\n', out);
		first = end;
	}
	fputs("## Checks\n\n", out);
	for (int c = 0; c < CHECK_COUNT; c++)
		fprintf(out, "- **%s**: %s.\n", matrix_checks[c].id, matrix_checks[c].title);
	fputs("\n`own` marks the tree's own SUBLEVEL. `n/a`: the kernel does not offer what "
	      "the check reads.", out);
	if (o->compared)
		fprintf(out, " ⚠ marks a cell that differs from the expected verdict "
			"(%zu in all).", o->differences);
	fputs("\n\n## Cost\n\n", out);
	cost_lines(m, o, out, "- ");
}
