// SPDX-License-Identifier: MIT
/* kver_running over recorded snapshots, the fields of distributions and the live system. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "harness.h"
#include "kver.h"

/* dir/name into buf; a path too long for buf is a test failure. */
const char *join(char *buf, size_t size, const char *dir, const char *name)
{
	int n = snprintf(buf, size, "%s/%s", dir, name);

	if (n < 0 || (size_t)n >= size) {
		CHECK(0, "path too long: %s/%s", dir, name);
		buf[0] = '\0';
	}
	return buf;
}

int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* The snapshot's file, or "" (absent) when the system had no such source. */
static const char *source_path(char *buf, size_t size, const char *dir,
			       const char *name)
{
	join(buf, size, dir, name);
	return exists(buf) ? buf : "";
}

static void flags_text(const struct kver_running *r, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int bit = 1; bit; bit <<= 1) {
		const char *name = kver_run_flag_name(bit);

		if ((r->flags & bit) && name)
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
					      n ? " " : "", name);
	}
}

/* The names of the sources whose bit (1u << src) is set in mask. */
static void names_text(unsigned int mask, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++)
		if (mask & (1u << s))
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
					      n ? " " : "",
					      kver_source_name(s));
}

/* The sources present but unusable. */
static unsigned int errors_mask(const struct kver_running *r)
{
	unsigned int mask = 0;

	for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++)
		if (r->src[s].err && r->src[s].err != KVER_EABSENT)
			mask |= 1u << s;
	return mask;
}

static void check_snapshot(const char *dir, const char *name)
{
	char path[5][512], exp[512], line[256], got[160];
	struct kver_paths p;
	struct kver_running r;
	FILE *f;
	int err, keys = 0;

	p.uname = source_path(path[0], sizeof(path[0]), dir, "uname");
	p.osrelease = source_path(path[1], sizeof(path[1]), dir, "osrelease");
	p.proc_version = source_path(path[2], sizeof(path[2]), dir, "version");
	p.version_signature = source_path(path[3], sizeof(path[3]), dir,
					  "version_signature");
	p.vdso = source_path(path[4], sizeof(path[4]), dir, "vdso");
	err = kver_running(&p, &r);
	CHECK(err == 0, "%s: %s", name, kver_strerror(err));
	if (err)
		return;

	/* Rule 4: no part comes from a source that disagrees. */
	CHECK(r.src[r.from_major].agrees && r.src[r.from_patchlevel].agrees &&
		      r.src[r.from_sublevel].agrees,
	      "%s: a part comes from a disagreeing source", name);

	join(exp, sizeof(exp), dir, "expect");
	f = fopen(exp, "r");
	CHECK(f != NULL, "%s: no expect file", name);
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '='), *val;

		line[strcspn(line, "\n")] = '\0';
		if (!eq || line[0] == '#')
			continue;
		*eq = '\0';
		val = eq + 1;
		keys++;
		if (!strcmp(line, "release"))
			snprintf(got, sizeof(got), "%s", r.release);
		else if (!strcmp(line, "version"))
			kver_format(&r.version, KVER_FMT_FULL, got,
				    sizeof(got));
		else if (!strcmp(line, "code"))
			snprintf(got, sizeof(got), "0x%x", (unsigned)r.code);
		else if (!strcmp(line, "major"))
			snprintf(got, sizeof(got), "%s",
				 kver_source_name(r.from_major));
		else if (!strcmp(line, "patchlevel"))
			snprintf(got, sizeof(got), "%s",
				 kver_source_name(r.from_patchlevel));
		else if (!strcmp(line, "sublevel"))
			snprintf(got, sizeof(got), "%s",
				 kver_source_name(r.from_sublevel));
		else if (!strcmp(line, "flags"))
			flags_text(&r, got, sizeof(got));
		else if (!strcmp(line, "disagree"))
			names_text(r.disagree, got, sizeof(got));
		else if (!strcmp(line, "errors"))
			names_text(errors_mask(&r), got, sizeof(got));
		else
			snprintf(got, sizeof(got), "(unknown key)");
		CHECK(strcmp(got, val) == 0, "snapshot %s: %s is '%s', want '%s'",
		      name, line, got, val);
	}
	fclose(f);
	CHECK(keys == 9, "%s: expect has %d keys, want 9", name, keys);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void check_snapshots(const char *top)
{
	char *names[128];
	size_t n = 0, i;
	struct dirent *e;
	DIR *d = opendir(top);

	CHECK(d != NULL, "cannot open %s", top);
	if (!d)
		return;
	while ((e = readdir(d)) != NULL && n < 128) {
		char path[512];
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		join(path, sizeof(path), top, e->d_name);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), by_name);
	CHECK(n >= 3, "only %zu snapshots in %s", n, top);
	for (i = 0; i < n; i++) {
		char dir[512];

		join(dir, sizeof(dir), top, names[i]);
		check_snapshot(dir, names[i]);
		free(names[i]);
	}
}

static void check_fields(void)
{
	struct kver v;

	CHECK(kver_debian_field("Linux version 6.1.0-27-amd64 (debian-kernel@"
				"lists.debian.org) (gcc-12 (Debian 12.2.0-14) "
				"12.2.0, GNU ld (GNU Binutils for Debian) 2.40) "
				"#1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 "
				"(2024-11-01)", &v) == 0 &&
		      v.sublevel == 115 && !strcmp(v.rest, "-1"),
	      "Debian 12 field");
	/* gcc's "(Debian 12.2.0-14)" is not the kernel's version. */
	CHECK(kver_debian_field("Linux version 6.1.5 (me@x) (gcc (Debian "
				"12.2.0-14) 12.2.0) #3 SMP PREEMPT_DYNAMIC",
				&v) == KVER_EABSENT,
	      "compiler field only");
	CHECK(kver_debian_field("Linux version 6.1.0-27-amd64 #1 SMP Debian",
				&v) == KVER_EABSENT,
	      "Debian at the very end");
	CHECK(kver_debian_field("Linux version 6.1.0 #1 SMP Debian x.y",
				&v) == KVER_ENOTNUM,
	      "Debian field not a version");
	/* Raspberry Pi OS puts an epoch in front. */
	CHECK(kver_debian_field("Linux version 6.6.31+rpt-rpi-v8 (serge@"
				"raspberrypi.com) (gcc-12 (Debian 12.2.0-14) "
				"12.2.0) #1 SMP PREEMPT Debian 1:6.6.31-1+rpt1 "
				"(2024-05-29)", &v) == 0 &&
		      v.sublevel == 31 && !strcmp(v.rest, "-1+rpt1"),
	      "Debian epoch");
	CHECK(kver_debian_field("Linux version 2.6.32-5-amd64 (Debian "
				"2.6.32-48squeeze6) (jmm@debian.org) (gcc "
				"version 4.3.5 (Debian 4.3.5-4) ) #1 SMP", &v) == 0 &&
		      v.sublevel == 32 && !strcmp(v.rest, "-48squeeze6"),
	      "Debian 6 field");
	/* The field is the last " Debian " after the build number. */
	CHECK(kver_debian_field("Linux version 6.1.0-27-amd64 #1 SMP Debian PREEMPT_DYNAMIC "
				"Debian 6.1.115-1 (2024-11-01)", &v) == 0 && v.sublevel == 115,
	      "the last Debian");
	/* A field of KVER_RELEASE_MAX characters is a release; one more is too long. */
	{
		char line[200];

		snprintf(line, sizeof(line), "Linux version 6.1.0-27-amd64 #1 SMP Debian 6.1.115-%0*d x",
			 KVER_RELEASE_MAX - 8, 1);
		CHECK(kver_debian_field(line, &v) == 0 && v.sublevel == 115, "a 64-character field");
		snprintf(line, sizeof(line), "Linux version 6.1.0-27-amd64 #1 SMP Debian 6.1.115-%0*d x",
			 KVER_RELEASE_MAX - 7, 1);
		CHECK(kver_debian_field(line, &v) == KVER_ETOOLONG, "a 65-character field");
	}
	/* An epoch is digits before the ':'; a ':' alone is no epoch. */
	CHECK(kver_debian_field("Linux version 6.6.31+rpt-rpi-v8 #1 SMP PREEMPT Debian "
				":6.6.31-1+rpt1 (2024-05-29)", &v) == KVER_ENOTNUM,
	      "a ':' without an epoch");
	CHECK(kver_debian_field("nonsense", &v) == KVER_EABSENT, "no Linux");
	CHECK(kver_debian_field("Linux version ", &v) == KVER_EABSENT,
	      "empty release");
	CHECK(kver_debian_field(NULL, &v) == KVER_EINVAL, "NULL line");

	CHECK(kver_ubuntu_signature("Ubuntu 5.15.0-91.101-generic 5.15.131",
				    &v) == 0 &&
		      v.major == 5 && v.patchlevel == 15 && v.sublevel == 131,
	      "Ubuntu signature");
	CHECK(kver_ubuntu_signature("Ubuntu 6.8.0-45.45-generic 6.8.12 ",
				    &v) == 0 && v.sublevel == 12,
	      "trailing blank");
	CHECK(kver_ubuntu_signature("5.15.131", &v) == KVER_EABSENT,
	      "one word");
	CHECK(kver_ubuntu_signature("", &v) == KVER_EABSENT, "empty");
	CHECK(kver_ubuntu_signature("Ubuntu x 5.15.", &v) == KVER_EFORMAT,
	      "bad version");
}

static void check_live(void)
{
	struct kver_running r;
	struct utsname u;
	int err = kver_running(NULL, &r);

	CHECK(err == 0, "live: %s", kver_strerror(err));
	CHECK(uname(&u) == 0 && strcmp(r.release, u.release) == 0,
	      "live release '%s'", r.release);
	CHECK(r.src[KVER_SRC_UNAME].err == 0, "live uname");
}

void test_running(const char *snapshots)
{
	check_snapshots(snapshots);
	check_fields();
	check_live();
}

