// SPDX-License-Identifier: GPL-2.0
/* kver-matrix: a point's values, read from its boot folder by the boot model. */
#include <stdlib.h>
#include <string.h>

#include "matrix.h"

const char *const channel_keys[CH_COUNT] = {
	KVER_KEY_VDSO_CODE, KVER_KEY_V4L2, KVER_KEY_MEDIA, KVER_KEY_MEDIA_DRIVER,
	KVER_KEY_CEC,
};
const char *const channel_names[CH_COUNT] = {
	"vdso", "v4l2", "media", "media driver", "cec",
};

/* libkver's parser, held to what the probe prints: 0x and one to eight hex digits. */
int parse_code(const char *s, uint32_t *code)
{
	if (!s || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || strlen(s) > 10)
		return -1;
	return kver_parse_code(s, code) ? -1 : 0;
}

void describe_code(uint32_t code, char *buf, size_t size)
{
	struct kver v;

	if (code > 0xffffff) {
		snprintf(buf, size, "0x%08x", code);
		return;
	}
	kver_decode(code, &v);
	kver_format(&v, KVER_FMT_NUMBERS, buf, size);
}

int value_absent(const char *v)
{
	return v && !strncmp(v, KVER_VALUE_ABSENT, strlen(KVER_VALUE_ABSENT));
}

int channel_code(const struct point *p, enum channel ch, uint32_t *code)
{
	const char *v = boot_value(&p->boot, channel_keys[ch]);

	if (!v || value_absent(v))
		return 0;
	return parse_code(v, code) ? -1 : 1;
}

int point_code(const struct point *p, uint32_t *code)
{
	for (int ch = 0; ch < CH_COUNT; ch++)
		if (channel_code(p, (enum channel)ch, code) == 1)
			return 0;
	return -1;
}

void legacy_belief(const struct point *p, char *buf, size_t size)
{
	uint32_t code;
	struct kver v;

	if (point_code(p, &code)) {
		snprintf(buf, size, "%s", "");
		return;
	}
	kver_decode(code, &v);
	snprintf(buf, size, "%u.%u", v.major, v.patchlevel);
}

/* The matrix's own reading of point.meta: its row, the true version, the cost. */
static int derive(struct point *p, char *err, size_t errsize)
{
	const struct boot *b = &p->boot;
	const char *style = boot_meta(b, "style");
	const char *cost[] = { "build_s", "guest_s", "boot_s" };
	long *costs[] = { &p->build_s, &p->guest_s, &p->boot_s };
	struct kver mk;
	uint32_t s;

	p->dir = b->dir;
	p->tree = boot_meta(b, "tree");
	p->package = boot_meta(b, "package");
	p->makefile = boot_meta(b, "makefile");
	p->expect = boot_meta(b, "expect");
	for (size_t i = 0; i < 3; i++)
		*costs[i] = boot_meta(b, cost[i])[0] ? strtol(boot_meta(b, cost[i]), NULL, 10) : -1;
	/* A release style other than upstream is a row of its own: "kver@debian". */
	snprintf(p->series, sizeof(p->series), "%s", boot_meta(b, "series"));
	if (strcmp(style, "upstream")) {
		size_t n = strlen(p->series);

		snprintf(p->series + n, sizeof(p->series) - n, "@%s", style);
	}
	/* boot_finish checked both. */
	if (kver_parse(p->makefile, &mk) ||
	    kver_parse_uint(boot_meta(b, "sublevel"), UINT32_MAX, &s)) {
		boot_set_err(err, errsize, "%s/point.meta: makefile or sublevel unreadable", p->dir);
		return -1;
	}
	/*
	 * The true version is the one the lab built, version=. A point recorded
	 * before release styles has none and the boot model gives it expect=,
	 * which is no M.P.S where the release hides the version.
	 */
	if (kver_parse(boot_meta(b, "version"), &p->truth) || p->truth.nparts != 3 ||
	    p->truth.rest[0] || p->truth.sublevel != s) {
		boot_set_err(err, errsize, "%s/point.meta: version=%s is not M.P.S at sublevel=%s",
			     p->dir, boot_meta(b, "version"), boot_meta(b, "sublevel"));
		return -1;
	}
	/* The release the guest was given says another version than the one built. */
	p->hides_version = truth_hides(p->expect, boot_meta(b, "version"));
	p->own_sublevel = mk.sublevel;
	p->own = p->truth.sublevel == mk.sublevel;
	return 0;
}

/* Why the point has no data: the boot model's verdict on its guest, or no values. */
static void set_problem(struct point *p)
{
	const struct boot *b = &p->boot;

	if (!boot_ran_to_end(b))
		snprintf(p->problem, sizeof(p->problem), "%.*s", (int)sizeof(p->problem) - 1,
			 b->detail);
	else if (!boot_value(b, KVER_KEY_UNAME_RELEASE) && !boot_value(b, KVER_KEY_VDSO_CODE))
		snprintf(p->problem, sizeof(p->problem), "no channel values in the log");
}

/*
 * The boot its reader put in p->boot (rc: the reader's answer) into a
 * point; p->boot is freed on error.
 */
static int point_finish(struct point *p, int rc, char *err, size_t errsize)
{
	if (rc || derive(p, err, errsize)) {
		point_free(p);
		return -1;
	}
	set_problem(p);
	return 0;
}

int point_from_text(struct point *p, const char *dir, const char *meta, const char *serial,
		    char *err, size_t errsize)
{
	struct boot_text t = { .meta = meta, .serial = serial };

	memset(p, 0, sizeof(*p));
	return point_finish(p, boot_from_text(&p->boot, dir, &t, err, errsize), err, errsize);
}

int point_load(const char *dir, struct point *p, char *err, size_t errsize)
{
	memset(p, 0, sizeof(*p));
	return point_finish(p, boot_read(&p->boot, dir, err, errsize), err, errsize);
}

void point_free(struct point *p)
{
	boot_free(&p->boot);
	p->dir = NULL;
}
