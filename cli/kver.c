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

#include "kver.h"

/* Exit statuses: as test(1) for cmp; 2 is always a usage or input error. */
#define EXIT_OK		0
#define EXIT_NO		1
#define EXIT_USAGE	2

struct opts {
	int json;
	const char *from;	/* snapshot folder instead of the system */
};

static const char *prog = "kver";

/* One line on stderr: "kver: cmd: message". */
static int fail(int status, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
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
		"       kver [--json] check [--from DIR]  exit 0 if every source agrees\n"
		"       kver --help | --version\n"
		"\n"
		"--from DIR reads recorded sources from DIR (files uname, osrelease,\n"
		"version, version_signature, vdso; a missing file is an absent source).\n"
		"Errors go to stderr as one line; status 2 means bad usage or input.\n");
}

/* ---- JSON output ---------------------------------------------------- */

static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/* "key": "value" with a leading comma unless first. */
static void json_kv(int *first, const char *key, const char *val)
{
	printf("%s", *first ? "" : ", ");
	*first = 0;
	json_str(key);
	printf(": ");
	json_str(val);
}

static void json_ku(int *first, const char *key, unsigned long long v)
{
	printf("%s", *first ? "" : ", ");
	*first = 0;
	json_str(key);
	printf(": %llu", v);
}

static void json_ki(int *first, const char *key, long long v)
{
	printf("%s", *first ? "" : ", ");
	*first = 0;
	json_str(key);
	printf(": %lld", v);
}

static void json_kb(int *first, const char *key, int v)
{
	printf("%s", *first ? "" : ", ");
	*first = 0;
	json_str(key);
	printf(": %s", v ? "true" : "false");
}

static void json_key(int *first, const char *key)
{
	printf("%s", *first ? "" : ", ");
	*first = 0;
	json_str(key);
	printf(": ");
}

/* The numbers of a version as JSON members. */
static void json_version(int *first, const struct kver *v)
{
	char buf[160];
	unsigned int i;

	kver_format(v, KVER_FMT_NUMBERS, buf, sizeof(buf));
	json_kv(first, "version", buf);
	json_ku(first, "major", v->major);
	json_ku(first, "patchlevel", v->patchlevel);
	json_ku(first, "sublevel", v->sublevel);
	json_key(first, "extra");
	printf("[");
	for (i = 3; i < v->nparts; i++)
		printf("%s%u", i > 3 ? ", " : "", (unsigned)v->extra[i - 3]);
	printf("]");
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

/* A code given as "0x409ff" or "264703": strict, like kver_parse_uint. */
static int parse_code(const char *s, uint32_t *code)
{
	uint64_t v = 0;
	size_t i;

	if ((s[0] == '0') && (s[1] == 'x' || s[1] == 'X')) {
		if (!s[2])
			return KVER_ENOTNUM;
		for (i = 2; s[i]; i++) {
			int c = (unsigned char)s[i], d;

			if (c >= '0' && c <= '9')
				d = c - '0';
			else if (c >= 'a' && c <= 'f')
				d = c - 'a' + 10;
			else if (c >= 'A' && c <= 'F')
				d = c - 'A' + 10;
			else
				return KVER_ENOTNUM;
			v = (v << 4) | (unsigned)d;
			if (v > UINT32_MAX)
				return KVER_ERANGE;
		}
		*code = (uint32_t)v;
		return 0;
	}
	return kver_parse_uint(s, UINT32_MAX, code);
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
	char num[160], back_s[64];
	int clamped, extra = 0;
	unsigned int i;

	if (argc != 1)
		return fail(EXIT_USAGE, "code: expects one VERSION (try kver --help)");
	if (parse_arg("code", argv[0], &v))
		return EXIT_USAGE;
	code = kver_code_of(&v);
	old = kver_code_unclamped(v.major, v.patchlevel, v.sublevel);
	clamped = v.sublevel > 255;
	for (i = 3; i < v.nparts; i++)
		extra |= v.extra[i - 3] != 0;
	numbers(&v, num, sizeof(num));
	kver_decode(old, &back);
	numbers(&back, back_s, sizeof(back_s));

	if (o->json) {
		int first = 1;

		printf("{");
		json_kv(&first, "input", argv[0]);
		json_version(&first, &v);
		json_ku(&first, "code", code);
		snprintf(back_s, sizeof(back_s), "0x%x", (unsigned)code);
		json_kv(&first, "code_hex", back_s);
		json_kb(&first, "clamped", clamped);
		json_kb(&first, "exact", kver_code_exact(&v));
		if (clamped && v.major <= 0xffff && v.patchlevel < 0xff) {
			snprintf(back_s, sizeof(back_s), "0x%x", (unsigned)old);
			json_kv(&first, "unclamped_hex", back_s);
		}
		printf("}\n");
		return EXIT_OK;
	}
	printf("version   %s\n", num);
	printf("code      0x%x (%u)\n", (unsigned)code, (unsigned)code);
	if (clamped) {
		printf("clamped   yes: SUBLEVEL %u is stored as 255; every "
		       "%u.%u.x from %u.%u.255 up shares this code\n",
		       (unsigned)v.sublevel, (unsigned)v.major,
		       (unsigned)v.patchlevel, (unsigned)v.major,
		       (unsigned)v.patchlevel);
		if (v.major <= 0xffff && v.patchlevel < 0xff)
			printf("unclamped 0x%x before the 2021 clamp, which "
			       "reads as %s\n",
			       (unsigned)old, back_s);
	} else if (v.sublevel == 255) {
		printf("clamped   no, but 255 is where the clamp lands: every "
		       "%u.%u.x from here up shares this code\n",
		       (unsigned)v.major, (unsigned)v.patchlevel);
	} else {
		printf("clamped   no\n");
	}
	if (v.patchlevel > 255 || v.major > 0xffff)
		printf("note      PATCHLEVEL above 255 or MAJOR above 65535 "
		       "does not fit: the code overflows\n");
	if (extra)
		printf("note      the parts after SUBLEVEL are not encoded\n");
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
	err = parse_code(argv[0], &code);
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
		int first = 1;

		printf("{");
		json_ku(&first, "code", code);
		json_kv(&first, "code_hex", hex);
		json_version(&first, &v);
		json_kb(&first, "sublevel_exact", !min);
		json_ku(&first, "sublevel_min", v.sublevel);
		printf("}\n");
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

static int cmd_cmp(const struct opts *o, int argc, char **argv)
{
	const struct op *op = NULL;
	struct kver a, b;
	const char *sa, *sb;
	char na[160], nb[160];
	int c, truth, collide;

	if (argc == 2) {
		sa = argv[0];
		sb = argv[1];
	} else if (argc == 3) {
		sa = argv[0];
		sb = argv[2];
		op = find_op(argv[1]);
		if (!op) {
			char shown[24];

			return fail(EXIT_USAGE, "cmp: unknown operator '%s' "
				    "(-eq -ne -lt -le -gt -ge = != < <= > >=)",
				    clean(argv[1], shown, sizeof(shown)));
		}
	} else {
		return fail(EXIT_USAGE, "cmp: expects A B or A OP B (try kver --help)");
	}
	if (parse_arg("cmp", sa, &a) || parse_arg("cmp", sb, &b))
		return EXIT_USAGE;
	c = kver_cmp(&a, &b);
	collide = kver_code_collides(&a, &b);
	if (op)
		truth = c < 0 ? op->lt : c > 0 ? op->gt : op->eq;
	else
		truth = c == 0;
	kver_format(&a, KVER_FMT_FULL, na, sizeof(na));
	kver_format(&b, KVER_FMT_FULL, nb, sizeof(nb));

	if (o->json) {
		int first = 1;

		printf("{");
		json_kv(&first, "a", na);
		json_kv(&first, "b", nb);
		json_ki(&first, "cmp", c);
		if (op)
			json_kv(&first, "op", argv[1]);
		json_kb(&first, "result", truth);
		json_kb(&first, "same_code", kver_code_of(&a) == kver_code_of(&b));
		json_kb(&first, "code_collision", collide);
		printf("}\n");
	} else if (!op) {
		printf("%s %s %s\n", na, c < 0 ? "<" : c > 0 ? ">" : "=", nb);
		if (collide)
			printf("note: both encode as 0x%x; LINUX_VERSION_CODE "
			       "cannot tell them apart\n",
			       (unsigned)kver_code_of(&a));
	}
	return truth ? EXIT_OK : EXIT_NO;
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

static int read_running(const struct opts *o, struct kver_running *r)
{
	static char files[5][4096];
	struct kver_paths p, *pp = NULL;
	struct stat st;
	int err;

	if (o->from) {
		if (stat(o->from, &st) != 0 || !S_ISDIR(st.st_mode)) {
			char shown[200];

			return fail(EXIT_USAGE, "--from: '%s' is not a folder",
				    clean(o->from, shown, sizeof(shown)));
		}
		p.uname = snapshot_file(files[0], sizeof(files[0]), o->from,
					"uname");
		p.osrelease = snapshot_file(files[1], sizeof(files[1]),
					    o->from, "osrelease");
		p.proc_version = snapshot_file(files[2], sizeof(files[2]),
					       o->from, "version");
		p.version_signature = snapshot_file(files[3], sizeof(files[3]),
						    o->from,
						    "version_signature");
		p.vdso = snapshot_file(files[4], sizeof(files[4]), o->from,
				       "vdso");
		pp = &p;
	}
	err = kver_running(pp, r);
	if (err)
		return fail(EXIT_NO, "%s", kver_strerror(err));
	return EXIT_OK;
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

static void json_running(const struct kver_running *r, int check)
{
	char buf[256];
	int first = 1, f2;

	printf("{");
	json_kv(&first, "release", r->release);
	json_version(&first, &r->version);
	json_ku(&first, "code", r->code);
	snprintf(buf, sizeof(buf), "0x%x", (unsigned)r->code);
	json_kv(&first, "code_hex", buf);
	json_key(&first, "from");
	f2 = 1;
	printf("{");
	json_kv(&f2, "major", kver_source_name(r->from_major));
	json_kv(&f2, "patchlevel", kver_source_name(r->from_patchlevel));
	json_kv(&f2, "sublevel", kver_source_name(r->from_sublevel));
	printf("}");
	json_key(&first, "flags");
	printf("[");
	f2 = 1;
	for (unsigned int bit = 1; bit; bit <<= 1)
		if ((r->flags & bit) && kver_run_flag_name(bit)) {
			printf("%s", f2 ? "" : ", ");
			f2 = 0;
			json_str(kver_run_flag_name(bit));
		}
	printf("]");
	json_kb(&first, "agree", r->disagree == 0);
	if (check) {
		int ok = 1;

		for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++)
			if (!strcmp(source_state(r, s), "FAIL"))
				ok = 0;
		json_kb(&first, "ok", ok);
	}
	json_key(&first, "sources");
	printf("[");
	for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
		const struct kver_source_info *si = &r->src[s];

		f2 = 1;
		printf("%s{", s == KVER_SRC_UNAME ? "" : ", ");
		json_kv(&f2, "name", kver_source_name(s));
		json_kv(&f2, "state", si->err == KVER_EABSENT ? "absent" :
			si->err ? "error" : si->agrees ? "agrees" : "disagrees");
		if (si->err && si->err != KVER_EABSENT)
			json_kv(&f2, "error", kver_strerror(si->err));
		if (!si->err) {
			json_kv(&f2, "text", si->text);
			if (si->has_version) {
				numbers(&si->version, buf, sizeof(buf));
				json_kv(&f2, "version", buf);
			}
			if (s == KVER_SRC_VDSO)
				json_ku(&f2, "code", si->code);
		}
		printf("}");
	}
	printf("]}\n");
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

static int cmd_show(const struct opts *o)
{
	struct kver_running r;
	char num[160], what[256];
	int err = read_running(o, &r);

	if (err)
		return err;
	if (o->json) {
		json_running(&r, 0);
		warn_disagree(&r);
		return EXIT_OK;
	}
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
	char num[160], what[256];
	int err, bad = 0, used = 0;

	if (argc != 0)
		return fail(EXIT_USAGE, "check: takes no arguments (try kver --help)");
	err = read_running(o, &r);
	if (err)
		return err;
	for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
		const char *state = source_state(&r, s);

		if (!strcmp(state, "FAIL"))
			bad++;
		else if (!strcmp(state, "ok"))
			used++;
	}
	if (o->json) {
		json_running(&r, 1);
	} else {
		for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
			source_text(&r, s, what, sizeof(what));
			printf("%-5s %-18s %s\n", source_state(&r, s),
			       kver_source_name(s), what);
		}
	}
	numbers(&r.version, num, sizeof(num));
	if (bad)
		return fail(EXIT_NO, "check: %d of %d sources do not agree "
			    "with %s", bad, bad + used, num);
	if (!o->json)
		printf("%d sources agree on %s\n", used, num);
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	struct opts o = { 0, NULL };
	char *args[64];
	int n = 0, i;

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
		} else if (!strcmp(a, "--from")) {
			if (++i >= argc)
				return fail(EXIT_USAGE, "--from needs a folder");
			o.from = argv[i];
		} else if (!strncmp(a, "--from=", 7)) {
			o.from = a + 7;
		} else if (!strcmp(a, "--")) {
			while (++i < argc && n < 64)
				args[n++] = argv[i];
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
	if (n == 0)
		return cmd_show(&o);
	if (!strcmp(args[0], "code"))
		return cmd_code(&o, n - 1, args + 1);
	if (!strcmp(args[0], "decode"))
		return cmd_decode(&o, n - 1, args + 1);
	if (!strcmp(args[0], "cmp"))
		return cmd_cmp(&o, n - 1, args + 1);
	if (!strcmp(args[0], "check"))
		return cmd_check(&o, n - 1);
	{
		char shown[40];

		return fail(EXIT_USAGE, "unknown command '%s' (try kver "
			    "--help)", clean(args[0], shown, sizeof(shown)));
	}
}
