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

/* The matrix's row of a point, its true version and its cost, from its record (lab/meta.h). */
static void derive(struct point *p)
{
	const struct point_meta *m = &p->boot.meta;

	p->dir = p->boot.dir;
	p->tree = m->tree;
	p->package = m->package;
	p->makefile = meta_get(m, KVER_META_MAKEFILE);
	p->expect = m->expect;
	p->build_s = m->build_s;
	p->guest_s = m->guest_s;
	p->boot_s = m->boot_s;
	/* A release style other than upstream is a row of its own: "kver@debian". */
	snprintf(p->series, sizeof(p->series), "%s", m->series);
	if (strcmp(m->style, "upstream")) {
		size_t n = strlen(p->series);

		snprintf(p->series + n, sizeof(p->series) - n, "@%s", m->style);
	}
	/* The true version is the one the lab built, version= (M.P.S at sublevel=). */
	p->truth = m->version;
	p->hides_version = m->hides_version;
	p->own_sublevel = m->makefile.sublevel;
	p->own = p->truth.sublevel == p->own_sublevel;
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
static int point_finish(struct point *p, int rc)
{
	if (rc) {
		point_free(p);
		return -1;
	}
	derive(p);
	set_problem(p);
	return 0;
}

int point_from_text(struct point *p, const char *dir, const char *meta, const char *serial,
		    char *err, size_t errsize)
{
	struct boot_text t = { .meta = meta, .serial = serial };

	memset(p, 0, sizeof(*p));
	return point_finish(p, boot_from_text(&p->boot, dir, &t, err, errsize));
}

int point_load(const char *dir, struct point *p, char *err, size_t errsize)
{
	memset(p, 0, sizeof(*p));
	return point_finish(p, boot_read(&p->boot, dir, err, errsize));
}

void point_free(struct point *p)
{
	boot_free(&p->boot);
	p->dir = NULL;
}
