// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab meta FILE KEY=VALUE...: write a point's record, point.meta, from
 * its keys (probe/protocol.h's KVER_META_*), checked as the boot model will
 * read it (meta.c). A key that is not one of them, given twice, or with a
 * value on more than one line is refused, and so is hides_version, which
 * the lab decides (probe/truth.h). FILE is written whole or not at all.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "protocol.h"

/* One line of error, the record freed: exit status 2. */
static int refuse(struct point_meta *m, const char *msg)
{
	fprintf(stderr, "%s: error: %s\n", lab_prog, msg);
	meta_free(m);
	return 2;
}

/* Write m to path through a file beside it, renamed into place. */
static int write_meta(const struct point_meta *m, const char *path, char *err, size_t errsize)
{
	char tmp[4200];
	FILE *f;
	int bad;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f) {
		snprintf(err, errsize, "cannot write %.1000s: %s", tmp, strerror(errno));
		return -1;
	}
	bad = meta_write(f, m);
	if (fclose(f) || bad || rename(tmp, path)) {
		snprintf(err, errsize, "cannot write %.1000s: %s", path, strerror(errno));
		remove(tmp);
		return -1;
	}
	return 0;
}

int cmd_meta(int argc, char **argv)
{
	struct point_meta m = { 0 };
	char err[1200], dir[4096];
	const char *slash;

	if (argc < 3)
		return refuse(&m, "usage: kver-lab meta FILE KEY=VALUE...");
	slash = strrchr(argv[1], '/');
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - argv[1]) : 1,
		 slash ? argv[1] : ".");
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i], *eq = strchr(a, '=');
		size_t klen = eq ? (size_t)(eq - a) : 0;

		if (!klen)
			snprintf(err, sizeof(err), "'%.64s' is not KEY=VALUE", a);
		else if (!meta_key_known(a, klen))
			snprintf(err, sizeof(err), "'%.*s' is no key of " KVER_FILE_META,
				 (int)(klen > 64 ? 64 : klen), a);
		else if (klen == strlen(KVER_META_HIDES) && !strncmp(a, KVER_META_HIDES, klen))
			snprintf(err, sizeof(err),
				 KVER_META_HIDES " is decided from expect and version, not given");
		else if (strpbrk(eq, "\n\r"))
			snprintf(err, sizeof(err), "%.*s: a value on more than one line", (int)klen, a);
		else if (pairs_get(&m.lines, a, klen))
			snprintf(err, sizeof(err), "%.*s is given twice", (int)klen, a);
		else if (!meta_line(&m, dir, a, i - 1, err, sizeof(err)))
			continue;
		return refuse(&m, err);
	}
	if (meta_check(&m, dir, err, sizeof(err)) || write_meta(&m, argv[1], err, sizeof(err)))
		return refuse(&m, err);
	meta_free(&m);
	return 0;
}
