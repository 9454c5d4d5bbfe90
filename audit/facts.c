// SPDX-License-Identifier: GPL-2.0
/*
 * One package's folder of an audit run, as the shell leaves it: a facts
 * file of "key=value" lines (what it ran and how each step exited) and the
 * steps' logs under fixed names:
 *
 *   facts         name, version, component, releases, wanted (the newest
 *                 version when it could not be downloaded), root (where the
 *                 .deb was unpacked), source (NAME-VERSION below usr/src),
 *                 download_rc, deb_version (the fetched .deb's own), unpack_rc,
 *                 depends (the .debs of its Depends unpacked for its
 *                 builds), lint_rc, lint_s, kernels, and per
 *                 kernel K build.K.rc and build.K.s, seconds
 *   download.log, wanted.log, unpack.log, lint.tsv, lint.err,
 *   dkms-K.log (dkms's output), make-K.log (its make.log),
 *   modules-K.txt (the .ko files it built, one a line)
 *
 * package_read decides every outcome from them (classify.c, findings.c).
 */
#include <stdlib.h>
#include <string.h>

#include "audit.h"

struct facts {
	char (*key)[96];
	char (*value)[512];
	size_t n;
};

static int facts_read(const char *path, struct facts *fs)
{
	FILE *f = fopen(path, "r");
	char line[700];

	memset(fs, 0, sizeof(*fs));
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '=');
		void *k, *v;

		if (!eq || eq == line || eq - line >= 96)
			continue;
		*eq = '\0';
		eq[1 + strcspn(eq + 1, "\r\n")] = '\0';
		k = realloc(fs->key, (fs->n + 1) * sizeof(*fs->key));
		if (k)
			fs->key = k;
		v = k ? realloc(fs->value, (fs->n + 1) * sizeof(*fs->value)) : NULL;
		if (!v)
			break;
		fs->value = v;
		snprintf(fs->key[fs->n], sizeof(fs->key[fs->n]), "%.95s", line);
		snprintf(fs->value[fs->n], sizeof(fs->value[fs->n]), "%.511s", eq + 1);
		fs->n++;
	}
	fclose(f);
	return 0;
}

/* The last value of key, or NULL. */
static const char *get(const struct facts *fs, const char *key)
{
	for (size_t i = fs->n; i-- > 0;)
		if (!strcmp(fs->key[i], key))
			return fs->value[i];
	return NULL;
}

static long num(const struct facts *fs, const char *key, long missing)
{
	const char *v = get(fs, key);
	char *end;
	long n;

	if (!v || !*v)
		return missing;
	n = strtol(v, &end, 10);
	return *end ? missing : n;
}

const char *stage_name(enum stage s)
{
	static const char *const names[] = { "ok", "download failed", "unpack failed",
					     "no module source" };

	return names[s];
}

const char *build_status_name(enum build_status s)
{
	static const char *const names[] = { "not run", "built", "failed", "not for this kernel",
					     "timed out" };

	return names[s];
}

static void copy(char *dst, size_t size, const char *v)
{
	snprintf(dst, size, "%s", v ? v : "");
}

int package_read(const char *dir, struct package *p)
{
	struct facts fs;
	char path[4096], file[600];
	const char *v;

	memset(p, 0, sizeof(*p));
	p->lint_rc = -1;
	p->lint_tests = -1;
	v = strrchr(dir, '/');
	copy(p->key, sizeof(p->key), v ? v + 1 : dir);
	snprintf(path, sizeof(path), "%s/facts", dir);
	if (facts_read(path, &fs) < 0) {
		snprintf(p->error, sizeof(p->error), "%s: no facts file", dir);
		return -1;
	}
	copy(p->name, sizeof(p->name), get(&fs, "name"));
	copy(p->version, sizeof(p->version), get(&fs, "version"));
	copy(p->component, sizeof(p->component), get(&fs, "component"));
	copy(p->releases, sizeof(p->releases), get(&fs, "releases"));
	copy(p->source, sizeof(p->source), get(&fs, "source"));
	copy(p->depends, sizeof(p->depends), get(&fs, "depends"));
	p->seconds = num(&fs, "seconds", 0);
	v = get(&fs, "wanted");
	if (v && *v && strcmp(v, p->version)) {
		copy(p->wanted, sizeof(p->wanted), v);
		snprintf(path, sizeof(path), "%s/wanted.log", dir);
		first_apt_error(path, p->wanted_why, sizeof(p->wanted_why));
	}
	if (num(&fs, "download_rc", 1) != 0) {
		p->stage = STAGE_DOWNLOAD;
		snprintf(path, sizeof(path), "%s/download.log", dir);
		first_apt_error(path, p->error, sizeof(p->error));
	} else if ((v = get(&fs, "deb_version")) && strcmp(v, p->version)) {
		p->stage = STAGE_UNPACK;
		snprintf(p->error, sizeof(p->error), "the .deb fetched holds version %.200s", v);
	} else if (num(&fs, "unpack_rc", 1) != 0) {
		p->stage = STAGE_UNPACK;
		snprintf(path, sizeof(path), "%s/unpack.log", dir);
		first_apt_error(path, p->error, sizeof(p->error));
	} else if (!p->source[0]) {
		p->stage = STAGE_NO_SOURCE;
		snprintf(p->error, sizeof(p->error), "the package holds no usr/src/*/dkms.conf");
	}
	if (p->stage == STAGE_OK) {
		struct dkms_conf conf;

		snprintf(path, sizeof(path), "%s/usr/src/%s", get(&fs, "root") ? get(&fs, "root") : "",
			 p->source);
		if (dkms_conf_read(path, &conf) == 0) {
			copy(p->exclusive, sizeof(p->exclusive), conf.exclusive);
			copy(p->build_depends, sizeof(p->build_depends), conf.build_depends);
		}
		p->lint_rc = (int)num(&fs, "lint_rc", -1);
		p->lint_seconds = num(&fs, "lint_s", 0);
		if (p->lint_rc == 124) {
			snprintf(p->lint_error, sizeof(p->lint_error), "timed out after %ld s",
				 p->lint_seconds);
		} else if (p->lint_rc == 2 || p->lint_rc > 2) {
			static const char *const err[] = { "error", NULL };

			snprintf(file, sizeof(file), "%s/lint.err", dir);
			if (!first_line_with(file, err, p->lint_error, sizeof(p->lint_error)))
				snprintf(p->lint_error, sizeof(p->lint_error), "kver-lint exited %d",
					 p->lint_rc);
		}
		if (p->lint_rc == 0 || p->lint_rc == 1 || p->lint_rc == 2) {
			/* kver-lint ran in usr/src on NAME-VERSION: paths start with it. */
			snprintf(file, sizeof(file), "%s/lint.tsv", dir);
			snprintf(path, sizeof(path), "%s/", p->source);
			if (findings_read(file, path, p) < 0 && p->lint_rc == 1)
				snprintf(p->lint_error, sizeof(p->lint_error), "lint.tsv unreadable");
		}
	}
	/* The builds, one per kernel named. */
	char kernels[512], *save = NULL;

	copy(kernels, sizeof(kernels), get(&fs, "kernels"));
	for (char *k = strtok_r(kernels, " ", &save); k && p->nb < AUDIT_MAX_KERNELS;
	     k = strtok_r(NULL, " ", &save)) {
		struct build *b = &p->b[p->nb++];
		char key[128], dlog[700], mlog[700], mods[700];
		long rc;

		copy(b->kernel, sizeof(b->kernel), k);
		snprintf(key, sizeof(key), "build.%s.rc", k);
		rc = num(&fs, key, -1);
		snprintf(key, sizeof(key), "build.%s.s", k);
		b->seconds = num(&fs, key, 0);
		if (rc < 0 || p->stage != STAGE_OK) {
			b->status = BUILD_NOT_RUN;
			/* dkms builds such a module after the others, installed; the audit installs nothing. */
			if (p->stage == STAGE_OK && p->build_depends[0])
				snprintf(b->why, sizeof(b->why), "BUILD_DEPENDS %.100s: dkms builds it "
					 "against %.100s built and installed, and the audit installs "
					 "nothing", p->build_depends, p->build_depends);
			continue;
		}
		snprintf(dlog, sizeof(dlog), "%s/dkms-%s.log", dir, k);
		snprintf(mlog, sizeof(mlog), "%s/make-%s.log", dir, k);
		snprintf(mods, sizeof(mods), "%s/modules-%s.txt", dir, k);
		classify_build(b, (int)rc, dlog, mlog, mods, p->exclusive);
	}
	free(fs.key);
	free(fs.value);
	return 0;
}

void package_free(struct package *p)
{
	free(p->f);
	p->f = NULL;
	p->nf = 0;
}
