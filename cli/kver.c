// SPDX-License-Identifier: MIT
/*
 * kver: the exact kernel version, from user space.
 *
 *   kver                  the running kernel, and where each part came from
 *   kver code VERSION     the LINUX_VERSION_CODE the kernel would use
 *   kver decode CODE      what a code means
 *   kver cmp A [OP] B     full-precision comparison, exit status like test(1)
 *   kver check            every source this machine offers agrees
 *
 * It only reads: files under /proc, uname(2) and its own vDSO.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "json.h"
#include "kver.h"

/* Exit statuses: as test(1) for cmp; 2 is always a usage or input error. */
#define EXIT_OK		0
#define EXIT_NO		1
#define EXIT_USAGE	2

struct opts {
	int json;
	const char *from;	/* snapshot folder instead of the system */
	int running;		/* cmp: A is the running kernel */
	const char *at_least;	/* check: the version must be at least this */
};

static const char *prog = "kver";


/*
 * With --json, stdout carries one JSON document whatever happens: until a
 * command has printed its own, an error prints {"error": "..."}.
 */
static int json_pending;

/* One line on stderr: "kver: cmd: message" (and the JSON error, if due). */
static int fail(int status, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: %s\n", prog, msg);
	if (json_pending) {
		struct json j;

		json_start(&j, stdout, JSON_LINE);
		json_object(&j, NULL);
		json_string(&j, "error", msg);
		json_end(&j);
		json_finish(&j);
		json_pending = 0;
	}
	return status;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kver [--json] [--from DIR]        the running kernel\n"
		"       kver [--json] code VERSION        LINUX_VERSION_CODE of VERSION\n"
		"       kver [--json] decode CODE         what a code (0x409ff, 264703) means\n"
		"       kver [--json] cmp A B             compare; exit 0 if A = B, 1 if not\n"
		"       kver [--json] cmp A OP B          exit 0 if true, 1 if false;\n"
		"                                         OP: -eq -ne -lt -le -gt -ge = != < <= > >=\n"
		"       kver [--json] cmp --running [--from DIR] [OP] B\n"
		"                                         the same, with the running kernel as A\n"
		"       kver [--json] check [--from DIR] [--at-least VERSION]\n"
		"                                         exit 0 if every source agrees (on a\n"
		"                                         version at least VERSION)\n"
		"       kver --help | --version\n"
		"\n"
		"--from DIR reads recorded sources from DIR (files uname, osrelease,\n"
		"version, version_signature, vdso; a missing file is an absent source).\n"
		"Errors go to stderr as one line; status 2 means bad usage or input.\n");
}

/* ---- JSON output ---------------------------------------------------- */

/* The numbers of a version as JSON members. */
static void json_version(struct json *j, const struct kver *v)
{
	char buf[160];
	unsigned int i;

	kver_format(v, KVER_FMT_NUMBERS, buf, sizeof(buf));
	json_string(j, "version", buf);
	json_uint(j, "major", v->major);
	json_uint(j, "patchlevel", v->patchlevel);
	json_uint(j, "sublevel", v->sublevel);
	json_array(j, "extra");
	for (i = 3; i < v->nparts; i++)
		json_uint(j, NULL, v->extra[i - 3]);
	json_end(j);
	if (v->is_rc)
		json_uint(j, "rc", v->rc);
	else
		json_null(j, "rc");
}

/* Open the command's JSON document on stdout: one object. */
static void json_begin(struct json *j)
{
	json_start(j, stdout, JSON_LINE);
	json_object(j, NULL);
}

/* Close it; stdout carries it, no error document is due any more. */
static void json_done(struct json *j)
{
	json_end(j);
	json_finish(j);
	json_pending = 0;
}

/* ---- shared helpers ------------------------------------------------- */

/*
 * An argument as it may appear in a one-line error: printable ASCII only,
 * cut short with "..." when long.
 */
static const char *clean(const char *s, char *buf, size_t size)
{
	size_t i;

	for (i = 0; s[i] && i + 4 < size; i++)
		buf[i] = (s[i] > 0x20 && s[i] < 0x7f) ? s[i] : '?';
	if (s[i])
		memcpy(buf + i, "...", 4);
	else
		buf[i] = '\0';
	return buf;
}

static void numbers(const struct kver *v, char *buf, size_t size)
{
	kver_format(v, KVER_FMT_NUMBERS, buf, size);
}

/* Release strings on the command line get the parser's checks and words. */
static int parse_arg(const char *cmd, const char *s, struct kver *v)
{
	int err = kver_parse(s, v);

	if (err) {
		char shown[48];

		fail(EXIT_USAGE, "%s: '%s': %s", cmd,
		     clean(s, shown, sizeof(shown)), kver_strerror(err));
	}
	return err;
}

/* ---- kver code ------------------------------------------------------ */

static int cmd_code(const struct opts *o, int argc, char **argv)
{
	struct kver v, back;
	uint32_t code, old;
	char num[160], back_s[64], shown[48];
	int clamped, overflow, extra = 0;
	unsigned int i;

	if (argc != 1)
		return fail(EXIT_USAGE, "code: expects one VERSION (try kver --help)");
	if (parse_arg("code", argv[0], &v))
		return EXIT_USAGE;
	code = kver_code_of(&v);
	old = kver_code_unclamped(v.major, v.patchlevel, v.sublevel);
	clamped = v.sublevel > 255;
	overflow = kver_code_overflows(&v);
	for (i = 3; i < v.nparts; i++)
		extra |= v.extra[i - 3] != 0;
	numbers(&v, num, sizeof(num));
	kver_decode(code, &back);
	numbers(&back, back_s, sizeof(back_s));

	if (o->json) {
		struct json j;

		json_begin(&j);
		json_string(&j, "input", argv[0]);
		json_version(&j, &v);
		json_uint(&j, "code", code);
		snprintf(back_s, sizeof(back_s), "0x%x", (unsigned)code);
		json_string(&j, "code_hex", back_s);
		json_bool(&j, "clamped", clamped);
		json_bool(&j, "overflow", overflow);
		json_bool(&j, "exact", kver_code_exact(&v));
		if (clamped && !overflow && v.patchlevel < 0xff) {
			snprintf(back_s, sizeof(back_s), "0x%x", (unsigned)old);
			json_string(&j, "unclamped_hex", back_s);
		}
		json_done(&j);
	} else {
		printf("version   %s", num);
		if (v.is_rc)
			printf(" release candidate %u", (unsigned)v.rc);
		printf("\ncode      0x%x (%u)\n", (unsigned)code, (unsigned)code);
		if (overflow)
			printf("overflow  yes: PATCHLEVEL above 255 or MAJOR above "
			       "65535 does not fit; the code reads as %s\n",
			       back_s);
		if (clamped) {
			printf("clamped   yes: SUBLEVEL %u is stored as 255; every "
			       "%u.%u.x from %u.%u.255 up shares this code\n",
			       (unsigned)v.sublevel, (unsigned)v.major,
			       (unsigned)v.patchlevel, (unsigned)v.major,
			       (unsigned)v.patchlevel);
			if (!overflow && v.patchlevel < 0xff) {
				kver_decode(old, &back);
				numbers(&back, back_s, sizeof(back_s));
				printf("unclamped 0x%x before the 2021 clamp, "
				       "which reads as %s\n",
				       (unsigned)old, back_s);
			}
		} else if (v.sublevel == 255) {
			printf("clamped   no, but 255 is where the clamp lands: "
			       "every %u.%u.x from here up shares this code\n",
			       (unsigned)v.major, (unsigned)v.patchlevel);
		} else {
			printf("clamped   no\n");
		}
		if (extra)
			printf("note      the parts after SUBLEVEL are not encoded\n");
	}
	if (overflow)
		return fail(EXIT_NO, "code: '%s': the code overflows and reads "
			    "as another version",
			    clean(argv[0], shown, sizeof(shown)));
	return EXIT_OK;
}

/* ---- kver decode ---------------------------------------------------- */

static int cmd_decode(const struct opts *o, int argc, char **argv)
{
	struct kver v;
	uint32_t code;
	char num[64], hex[16];
	int err, min;

	if (argc != 1)
		return fail(EXIT_USAGE, "decode: expects one CODE (try kver --help)");
	err = kver_parse_code(argv[0], &code);
	if (err) {
		char shown[48];

		return fail(EXIT_USAGE, "decode: '%s': %s",
			    clean(argv[0], shown, sizeof(shown)),
			    kver_strerror(err));
	}
	min = kver_decode(code, &v) == KVER_DECODE_SUBLEVEL_MIN;
	numbers(&v, num, sizeof(num));
	snprintf(hex, sizeof(hex), "0x%x", (unsigned)code);

	if (o->json) {
		struct json j;

		json_begin(&j);
		json_uint(&j, "code", code);
		json_string(&j, "code_hex", hex);
		json_version(&j, &v);
		json_bool(&j, "sublevel_exact", !min);
		json_uint(&j, "sublevel_min", v.sublevel);
		json_done(&j);
		return EXIT_OK;
	}
	printf("code      %s (%u)\n", hex, (unsigned)code);
	printf("version   %s\n", num);
	if (min)
		printf("sublevel  255 may stand for any SUBLEVEL >= 255 "
		       "(%u.%u.255, %u.%u.256, ...)\n",
		       (unsigned)v.major, (unsigned)v.patchlevel,
		       (unsigned)v.major, (unsigned)v.patchlevel);
	else
		printf("sublevel  exact\n");
	return EXIT_OK;
}

/* ---- the running kernel --------------------------------------------- */

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
static int read_running(const struct opts *o, struct kver_running *r)
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
static int no_source(const struct kver_running *r, int status)
{
	char why[512];

	reasons(r, why, sizeof(why));
	return fail(status, "%s (%s)", kver_strerror(KVER_ENOSOURCE), why);
}

/* What one source said, for people: "6.1.0-27-amd64 (Debian 6.1.115-1)". */
static void source_text(const struct kver_running *r, int s, char *buf,
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

static const char *source_state(const struct kver_running *r, int s)
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
static void json_running(struct json *j, const struct kver_running *r, int err)
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
static void warn_disagree(const struct kver_running *r)
{
	char best[160], what[256];
	int s, n = 0;

	if (!r->disagree)
		return;
	numbers(&r->version, best, sizeof(best));
	fprintf(stderr, "%s: warning: sources disagree with %s:", prog, best);
	for (s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
		if (!(r->disagree & (1u << s)))
			continue;
		source_text(r, s, what, sizeof(what));
		fprintf(stderr, "%s %s says %s", n++ ? "," : "",
			kver_source_name(s), what);
	}
	fputc('\n', stderr);
}

/* ---- kver cmp ------------------------------------------------------- */

struct op {
	const char *name[2];
	int lt, eq, gt;		/* truth for each outcome */
};

static const struct op ops[] = {
	{ { "-eq", "=" }, 0, 1, 0 },
	{ { "-ne", "!=" }, 1, 0, 1 },
	{ { "-lt", "<" }, 1, 0, 0 },
	{ { "-le", "<=" }, 1, 1, 0 },
	{ { "-gt", ">" }, 0, 0, 1 },
	{ { "-ge", ">=" }, 0, 1, 1 },
	{ { "==", "==" }, 0, 1, 0 },
};

static const struct op *find_op(const char *s)
{
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(s, ops[i].name[0]) || !strcmp(s, ops[i].name[1]))
			return &ops[i];
	return NULL;
}

static int truth_of(const struct op *op, int c)
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
static int running_truth(const struct kver_running *r, const struct op *op,
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
static int get_running(const struct opts *o, struct kver_running *r)
{
	int err = read_running(o, r);

	if (err == KVER_ENOSOURCE)
		return no_source(r, EXIT_USAGE);
	return err ? EXIT_USAGE : EXIT_OK;
}

static int cmd_cmp(const struct opts *o, int argc, char **argv)
{
	const struct op *op = NULL;
	struct kver_running r;
	struct kver a, b;
	const char *sb, *sop = NULL;
	char na[160], nb[160], shown[24];
	int c, truth, collide, err;

	if (o->running) {
		/* kver cmp --running [OP] B: A is the running kernel. */
		if (argc != 1 && argc != 2)
			return fail(EXIT_USAGE, "cmp: --running expects B or "
				    "OP B (try kver --help)");
		sop = argc == 2 ? argv[0] : NULL;
		sb = argv[argc - 1];
	} else if (argc == 2 || argc == 3) {
		sop = argc == 3 ? argv[1] : NULL;
		sb = argv[argc - 1];
	} else {
		return fail(EXIT_USAGE, "cmp: expects A B or A OP B (try kver --help)");
	}
	if (sop && !(op = find_op(sop)))
		return fail(EXIT_USAGE, "cmp: unknown operator '%s' "
			    "(-eq -ne -lt -le -gt -ge = != < <= > >=)",
			    clean(sop, shown, sizeof(shown)));
	if (!o->running && parse_arg("cmp", argv[0], &a))
		return EXIT_USAGE;
	if (parse_arg("cmp", sb, &b))
		return EXIT_USAGE;
	if (o->running) {
		err = get_running(o, &r);
		if (err)
			return err;
		a = r.version;
		truth = running_truth(&r, op, &b, &c);
		numbers(&a, na, sizeof(na));
		kver_format(&b, KVER_FMT_FULL, nb, sizeof(nb));
		if (truth < 0)
			return fail(EXIT_USAGE, "cmp: the running kernel is "
				    "%u.%u.255 or later (only its code tells "
				    "SUBLEVEL): cannot tell how it compares "
				    "with %s", (unsigned)a.major,
				    (unsigned)a.patchlevel, nb);
	} else {
		c = kver_cmp(&a, &b);
		truth = truth_of(op, c);
		kver_format(&a, KVER_FMT_FULL, na, sizeof(na));
		kver_format(&b, KVER_FMT_FULL, nb, sizeof(nb));
	}
	collide = kver_code_collides(&a, &b);

	if (o->json) {
		struct json j;

		json_begin(&j);
		json_string(&j, "a", na);
		json_string(&j, "b", nb);
		if (o->running)
			json_bool(&j, "running", 1);
		json_int(&j, "cmp", c);
		if (op)
			json_string(&j, "op", sop);
		json_bool(&j, "result", truth);
		json_bool(&j, "same_code", kver_code_of(&a) == kver_code_of(&b));
		json_bool(&j, "code_collision", collide);
		json_done(&j);
	} else if (!op) {
		printf("%s %s %s\n", na, c < 0 ? "<" : c > 0 ? ">" : "=", nb);
		if (collide)
			printf("note: both encode as 0x%x; LINUX_VERSION_CODE "
			       "cannot tell them apart\n",
			       (unsigned)kver_code_of(&a));
	}
	if (o->running)
		warn_disagree(&r);
	return truth ? EXIT_OK : EXIT_NO;
}

static int cmd_show(const struct opts *o)
{
	struct kver_running r;
	char num[160], what[256];
	int err = read_running(o, &r);

	if (err && err != KVER_ENOSOURCE)
		return EXIT_USAGE;
	if (o->json) {
		struct json j;

		json_begin(&j);
		json_running(&j, &r, err);
		json_done(&j);
		if (err)
			return no_source(&r, EXIT_NO);
		warn_disagree(&r);
		return EXIT_OK;
	}
	if (err)
		return no_source(&r, EXIT_NO);
	numbers(&r.version, num, sizeof(num));
	printf("release   %s\n", r.release[0] ? r.release : "(none)");
	printf("version   %s%s\n", num,
	       (r.flags & KVER_RUN_SUBLEVEL_MIN) ? " (SUBLEVEL 255 or more)" :
						   "");
	printf("code      0x%x (%u)%s\n", (unsigned)r.code, (unsigned)r.code,
	       (r.flags & KVER_RUN_CLAMPED) ? ", SUBLEVEL clamped to 255" : "");
	printf("from      major: %s, patchlevel: %s, sublevel: %s\n",
	       kver_source_name(r.from_major),
	       kver_source_name(r.from_patchlevel),
	       kver_source_name(r.from_sublevel));
	printf("sources\n");
	for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
		const struct kver_source_info *si = &r.src[s];

		source_text(&r, s, what, sizeof(what));
		printf("  %-18s %s%s\n", kver_source_name(s), what,
		       si->err == 0 && !si->agrees ? "  <- disagrees" : "");
	}
	if (r.flags & KVER_RUN_DISTRO_ABI)
		printf("note      uname shows the distribution's ABI number "
		       "where SUBLEVEL goes\n");
	if (r.flags & KVER_RUN_UNCLAMPED_KERNEL)
		printf("note      this kernel encodes SUBLEVEL without the "
		       "clamp: its code reads as a later PATCHLEVEL\n");
	warn_disagree(&r);
	return EXIT_OK;
}

static int cmd_check(const struct opts *o, int argc)
{
	struct kver_running r;
	struct kver want;
	char num[160], what[256], nw[160];
	int err, bad = 0, used = 0, enough = 1, c;

	if (argc != 0)
		return fail(EXIT_USAGE, "check: takes no arguments (try kver --help)");
	if (o->at_least && parse_arg("check: --at-least", o->at_least, &want))
		return EXIT_USAGE;
	err = read_running(o, &r);
	if (err && err != KVER_ENOSOURCE)
		return EXIT_USAGE;
	for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
		const char *state = source_state(&r, s);

		if (!strcmp(state, "FAIL"))
			bad++;
		else if (!strcmp(state, "ok"))
			used++;
	}
	if (!err && o->at_least) {
		static const struct op ge = { { "-ge", ">=" }, 0, 1, 1 };

		enough = running_truth(&r, &ge, &want, &c);
		kver_format(&want, KVER_FMT_FULL, nw, sizeof(nw));
	}
	if (o->json) {
		struct json j;

		json_begin(&j);
		json_running(&j, &r, err);
		json_bool(&j, "ok", !err && !bad && enough == 1);
		if (o->at_least && !err) {
			json_string(&j, "at_least", nw);
			if (enough >= 0)
				json_bool(&j, "at_least_ok", enough);
		}
		json_done(&j);
	} else {
		for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
			source_text(&r, s, what, sizeof(what));
			printf("%-5s %-18s %s\n", source_state(&r, s),
			       kver_source_name(s), what);
		}
	}
	if (err)
		return no_source(&r, EXIT_NO);
	numbers(&r.version, num, sizeof(num));
	if (bad)
		return fail(EXIT_NO, "check: %d of %d sources do not agree "
			    "with %s", bad, bad + used, num);
	if (enough < 0)
		return fail(EXIT_USAGE, "check: the running kernel is %u.%u.255 "
			    "or later (only its code tells SUBLEVEL): cannot "
			    "tell whether it is at least %s",
			    (unsigned)r.version.major,
			    (unsigned)r.version.patchlevel, nw);
	if (!enough)
		return fail(EXIT_NO, "check: the running kernel %s is older "
			    "than %s", num, nw);
	if (!o->json)
		printf("%d sources agree on %s%s%s\n", used, num,
		       o->at_least ? ", at least " : "",
		       o->at_least ? nw : "");
	return EXIT_OK;
}

/* Options that a command does not use are errors, not silently ignored. */
static int check_options(const struct opts *o, const char *cmd)
{
	int sources = !*cmd || !strcmp(cmd, "check") ||
		      (!strcmp(cmd, "cmp") && o->running);
	const char *sep = *cmd ? ": " : "";

	if (o->from && !sources)
		return fail(EXIT_USAGE, "%s%s--from applies only where the "
			    "running kernel is read (kver, check, cmp "
			    "--running)", cmd, sep);
	if (o->running && strcmp(cmd, "cmp"))
		return fail(EXIT_USAGE, "%s%s--running applies only to cmp",
			    cmd, sep);
	if (o->at_least && strcmp(cmd, "check"))
		return fail(EXIT_USAGE, "%s%s--at-least applies only to check",
			    cmd, sep);
	return EXIT_OK;
}

/*
 * An option with a value, as "--name VALUE" or "--name=VALUE": 1 when a is
 * that option (*val set, *i past the value), 0 when it is not, -1 when
 * the value is missing.
 */
static int valued(const char *a, const char *name, int argc, char **argv,
		  int *i, const char **val)
{
	size_t n = strlen(name);

	if (strncmp(a, name, n) != 0 || (a[n] && a[n] != '='))
		return 0;
	if (a[n] == '=') {
		*val = a + n + 1;
		return 1;
	}
	if (++*i >= argc)
		return -1;
	*val = argv[*i];
	return 1;
}

int main(int argc, char **argv)
{
	struct opts o = { 0, NULL, 0, NULL };
	char *args[64];
	const char *cmd;
	int n = 0, i, err, got;

	/* --json anywhere before "--" makes even a usage error JSON. */
	json_pending = 0;
	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--json"))
			json_pending = 1;
	/* Options may come anywhere; "-lt" and friends stay arguments. */
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--json")) {
			o.json = 1;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return EXIT_OK;
		} else if (!strcmp(a, "--version") || !strcmp(a, "-V")) {
			printf("kver %s\n", KVER_VERSION_STRING);
			return EXIT_OK;
		} else if ((got = valued(a, "--from", argc, argv, &i,
					  &o.from)) != 0) {
			if (got < 0)
				return fail(EXIT_USAGE, "--from needs a folder");
		} else if ((got = valued(a, "--at-least", argc, argv, &i,
					  &o.at_least)) != 0) {
			if (got < 0)
				return fail(EXIT_USAGE, "--at-least needs a VERSION");
		} else if (!strcmp(a, "--running")) {
			o.running = 1;
		} else if (!strcmp(a, "--")) {
			while (++i < argc && n < 64)
				args[n++] = argv[i];
			if (i < argc)
				return fail(EXIT_USAGE, "too many arguments");
		} else if (a[0] == '-' && a[1] == '-') {
			char shown[40];

			return fail(EXIT_USAGE, "unknown option '%s' (try "
				    "kver --help)", clean(a, shown, sizeof(shown)));
		} else if (n < 64) {
			args[n++] = argv[i];
		} else {
			return fail(EXIT_USAGE, "too many arguments");
		}
	}
	cmd = n ? args[0] : "";
	if (n && strcmp(cmd, "code") && strcmp(cmd, "decode") &&
	    strcmp(cmd, "cmp") && strcmp(cmd, "check")) {
		char shown[40];

		return fail(EXIT_USAGE, "unknown command '%s' (try kver "
			    "--help)", clean(args[0], shown, sizeof(shown)));
	}
	err = check_options(&o, cmd);
	if (err)
		return err;
	if (n == 0)
		return cmd_show(&o);
	if (!strcmp(cmd, "code"))
		return cmd_code(&o, n - 1, args + 1);
	if (!strcmp(cmd, "decode"))
		return cmd_decode(&o, n - 1, args + 1);
	if (!strcmp(cmd, "cmp"))
		return cmd_cmp(&o, n - 1, args + 1);
	return cmd_check(&o, n - 1);
}
