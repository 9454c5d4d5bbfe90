// SPDX-License-Identifier: MIT
/*
 * The running kernel for kver's subcommands: its sources read (from the
 * system or a snapshot folder) and reconciled by libkver, told as text or
 * JSON, and compared with a version.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

static const char *snapshot_file(char *buf, size_t size, const char *dir,
				 const char *name)
{
	struct stat st;
	int n = snprintf(buf, size, "%s/%s", dir, name);

	if (n < 0 || (size_t)n >= size || stat(buf, &st) != 0)
		return "";
	return buf;
}

/* Why each source gave nothing: "uname: absent, vdso: not a regular file". */
static void reasons(const struct kver_running *r, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT && n < size; s++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s: %s",
				      n ? ", " : "", kver_source_name(s),
				      r->src[s].err == KVER_EABSENT ? "absent" :
				      kver_strerror(r->src[s].err));
}

/*
 * Read and reconcile the sources (from o->from when given). Returns 0, or
 * KVER_ENOSOURCE with r->src[] saying why, or a negative number after a
 * usage error has been reported.
 */
int read_running(const struct opts *o, struct kver_running *r)
{
	static char files[5][4096];
	static const char *const names[5] = { "uname", "osrelease", "version",
					      "version_signature", "vdso" };
	const char *path[5];
	struct kver_paths p, *pp = NULL;
	struct stat st;

	if (o->from) {
		if (stat(o->from, &st) != 0 || !S_ISDIR(st.st_mode)) {
			char shown[200];

			fail(EXIT_USAGE, "--from: '%s' is not a folder",
			     clean(o->from, shown, sizeof(shown)));
			return KVER_EINVAL;
		}
		for (int i = 0; i < 5; i++)
			path[i] = snapshot_file(files[i], sizeof(files[i]),
						o->from, names[i]);
		p.uname = path[0];
		p.osrelease = path[1];
		p.proc_version = path[2];
		p.version_signature = path[3];
		p.vdso = path[4];
		pp = &p;
	}
	return kver_running(pp, r);
}

/* The one-line error when no source gave a version, with every reason. */
int no_source(const struct kver_running *r, int status)
{
	char why[512];

	reasons(r, why, sizeof(why));
	return fail(status, "%s (%s)", kver_strerror(KVER_ENOSOURCE), why);
}

/* What one source said, for people: "6.1.0-27-amd64 (Debian 6.1.115-1)". */
void source_text(const struct kver_running *r, int s, char *buf,
			size_t size)
{
	const struct kver_source_info *si = &r->src[s];
	char v[160];

	if (si->err) {
		snprintf(buf, size, "%s", si->err == KVER_EABSENT ?
			 "absent" : kver_strerror(si->err));
		return;
	}
	switch (s) {
	case KVER_SRC_PROC_VERSION:
		if (si->has_version) {
			kver_format(&si->version, KVER_FMT_FULL, v, sizeof(v));
			snprintf(buf, size, "%s (Debian %s)", si->text, v);
		} else {
			snprintf(buf, size, "%s", si->text);
		}
		break;
	case KVER_SRC_SIGNATURE:
		kver_format(&si->version, KVER_FMT_FULL, v, sizeof(v));
		snprintf(buf, size, "%s (upstream %s)", si->text, v);
		break;
	case KVER_SRC_VDSO:
		numbers(&si->version, v, sizeof(v));
		snprintf(buf, size, "%s = %s%s", si->text, v,
			 (si->code & 0xff) == 0xff ? " or later" : ""); /* kver-lint: ignore */
		break;
	default:
		snprintf(buf, size, "%s", si->text);
		break;
	}
}

const char *source_state(const struct kver_running *r, int s)
{
	const struct kver_source_info *si = &r->src[s];

	if (si->err == KVER_EABSENT)
		return "skip";
	if (si->err)
		return "FAIL";
	return si->agrees ? "ok" : "FAIL";
}

/*
 * The running kernel as JSON members of the open object j, so that a
 * command can add its own. Without a version (err), the document says why
 * in "error" and in each source's own "error".
 */
void json_running(struct json *j, const struct kver_running *r, int err)
{
	char buf[256];

	if (err) {
		json_string(j, "error", kver_strerror(err));
	} else {
		json_string(j, "release", r->release);
		json_version(j, &r->version);
		json_uint(j, "code", r->code);
		snprintf(buf, sizeof(buf), "0x%x", (unsigned)r->code);
		json_string(j, "code_hex", buf);
		json_object(j, "from");
		json_string(j, "major", kver_source_name(r->from_major));
		json_string(j, "patchlevel", kver_source_name(r->from_patchlevel));
		json_string(j, "sublevel", kver_source_name(r->from_sublevel));
		json_end(j);
		json_array(j, "flags");
		for (unsigned int bit = 1; bit; bit <<= 1)
			if ((r->flags & bit) && kver_run_flag_name(bit))
				json_string(j, NULL, kver_run_flag_name(bit));
		json_end(j);
		json_bool(j, "agree", r->disagree == 0);
	}
	json_array(j, "sources");
	for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
		const struct kver_source_info *si = &r->src[s];

		json_object(j, NULL);
		json_string(j, "name", kver_source_name(s));
		json_string(j, "state", si->err == KVER_EABSENT ? "absent" :
			    si->err ? "error" : si->agrees ? "agrees" : "disagrees");
		if (si->err && si->err != KVER_EABSENT)
			json_string(j, "error", kver_strerror(si->err));
		if (!si->err) {
			json_string(j, "text", si->text);
			if (si->has_version) {
				numbers(&si->version, buf, sizeof(buf));
				json_string(j, "version", buf);
			}
			if (s == KVER_SRC_VDSO)
				json_uint(j, "code", si->code);
		}
		json_end(j);
	}
	json_end(j);
}

/* The warning `kver` gives when sources disagree: one line on stderr. */
void warn_disagree(const struct kver_running *r)
{
	char best[160], what[256];
	int s, n = 0;

	if (!r->disagree)
		return;
	numbers(&r->version, best, sizeof(best));
	fprintf(stderr, "%s: warning: sources disagree with %s:", kver_prog, best);
	for (s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
		if (!(r->disagree & (1u << s)))
			continue;
		source_text(r, s, what, sizeof(what));
		fprintf(stderr, "%s %s says %s", n++ ? "," : "",
			kver_source_name(s), what);
	}
	fputc('\n', stderr);
}

int truth_of(const struct op *op, int c)
{
	if (!op)
		return c == 0;
	return c < 0 ? op->lt : c > 0 ? op->gt : op->eq;
}

/*
 * The running version compared with b through op: 1 true, 0 false, -1
 * when only a lower bound of SUBLEVEL is known (X.Y.255 or later) and the
 * answer differs across it.
 */
int running_truth(const struct kver_running *r, const struct op *op,
			 const struct kver *b, int *c)
{
	struct kver hi = r->version;

	*c = kver_cmp(&r->version, b);
	if (!(r->flags & KVER_RUN_SUBLEVEL_MIN))
		return truth_of(op, *c);
	/* A SUBLEVEL past every number b could hold stands for "later". */
	hi.sublevel = UINT32_MAX;
	if (truth_of(op, *c) != truth_of(op, kver_cmp(&hi, b)))
		return -1;
	return truth_of(op, *c);
}

/* The running kernel for cmp --running and check --at-least, or an error. */
int get_running(const struct opts *o, struct kver_running *r)
{
	int err = read_running(o, r);

	if (err == KVER_ENOSOURCE)
		return no_source(r, EXIT_USAGE);
	return err ? EXIT_USAGE : EXIT_OK;
}
