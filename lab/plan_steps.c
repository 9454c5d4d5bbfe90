// SPDX-License-Identifier: GPL-2.0
/*
 * The steps of a version-only make (lab/replay.mk's list, BUILD/.kver-replay.mk):
 * the targets whose .cmd files the make that just went well wrote (newer
 * than BUILD/.kver-t0), in the order it finished them, each named as its
 * .cmd file names it (arch/x86/boot/compressed/../voffset.h). A step that
 * compiles a version header and names no other step waits only for the
 * headers; every other one waits for all the steps before it (a chain: make
 * -j walks a denser graph of 47 waiting steps for minutes).
 *
 * Left out: what the vmlinux link's own script makes (init/version-timestamp.o,
 * through a make of its own), made by the vmlinux step, or the replay
 * compiles it twice; and a thin archive (ar T: the members' paths and sizes,
 * not their contents) that the make wrote again as it was but for the sizes
 * (BUILD/.kver-ar holds the copies lab/build.sh made before): the members
 * are new on disk, the linker reads each from its own file and vmlinux.o
 * takes the archives whole; only a member's recorded size may be stale (a
 * longer release string). tests/run.sh proves the image Kbuild's.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plan.h"

/* The .cmd files newer than the mark, with their times. */
struct newer {
	const char *build;
	struct timespec t0;
	struct strv files;	/* "SECONDS NANOSECONDS PATH", sorted below */
};

static int later(struct timespec a, struct timespec b)
{
	return a.tv_sec > b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec > b.tv_nsec);
}

static int collect(const char *build, const char *rel, const char *target, void *ctx)
{
	struct newer *nw = ctx;
	char path[PATH_MAX * 2], line[PATH_MAX + 64];
	struct stat st;

	(void)target;
	snprintf(path, sizeof(path), "%s/%s", build, rel);
	if (stat(path, &st) || !later(st.st_mtim, nw->t0))
		return 0;
	snprintf(line, sizeof(line), "%020lld %09ld %s", (long long)st.st_mtim.tv_sec,
		 (long)st.st_mtim.tv_nsec, rel);
	return strv_add(&nw->files, line);
}

/* The saved command's target: "cmd_T := ..." or "savedcmd_T := ..." on line 1. */
static int cmd_target(const char *text, char *out, size_t size)
{
	const char *p = text, *e;

	if (!strncmp(p, "savedcmd_", 9))
		p += 9;
	else if (!strncmp(p, "cmd_", 4))
		p += 4;
	else
		return 0;
	e = p + strcspn(p, " \n");
	if (e == p || strncmp(e, " := ", 4) || (size_t)(e - p) >= size)
		return 0;
	snprintf(out, size, "%.*s", (int)(e - p), p);
	return 1;
}

/* What link-vmlinux.sh makes itself: ${MAKE} -f "${srctree}/scripts/Makefile.build" obj=D T. */
static int link_targets(const char *src, struct strv *out)
{
	static const char pre[] = "${MAKE} -f \"${srctree}/scripts/Makefile.build\" obj=";
	char path[PATH_MAX + 64], *text, *save = NULL;
	int rc = 0;

	snprintf(path, sizeof(path), "%s/scripts/link-vmlinux.sh", src);
	if (!(text = plan_slurp(path, NULL)))
		return 0;
	for (char *l = strtok_r(text, "\n", &save); !rc && l; l = strtok_r(NULL, "\n", &save)) {
		char *sp;

		if (strncmp(l, pre, sizeof(pre) - 1))
			continue;
		sp = strchr(l + sizeof(pre) - 1, ' ');
		if (sp && !strchr(sp + 1, ' '))
			rc = strv_add(out, sp + 1);
	}
	free(text);
	return rc;
}

/* Whether BUILD/T is a thin archive the make wrote again but for its members' sizes. */
static int archive_as_before(const char *build, const char *t)
{
	char path[PATH_MAX * 2];
	char *now, *before;
	size_t nlen = 0, blen = 0;
	int same = 0;

	snprintf(path, sizeof(path), "%s/%s", build, t);
	now = plan_slurp(path, &nlen);
	snprintf(path, sizeof(path), "%s/.kver-ar/%s", build, t);
	before = plan_slurp(path, &blen);
	if (now && before)
		same = plan_thin_same(now, nlen, before, blen);
	free(now);
	free(before);
	return same;
}

static char *cmd_text(const char *build, const char *t, size_t *len)
{
	char path[PATH_MAX * 2];
	const char *base = strrchr(t, '/');

	if (base)
		snprintf(path, sizeof(path), "%s/%.*s/.%s.cmd", build, (int)(base - t), t, base + 1);
	else
		snprintf(path, sizeof(path), "%s/.%s.cmd", build, t);
	return plan_slurp(path, len);
}

/* Whether text names a step of all but t (as a part of any word: a path may
 * be written another way, and a false wait costs only time). */
static int names_other(const char *text, size_t len, const struct strv *all, const char *t)
{
	for (size_t i = 0; i < all->n; i++)
		if (strcmp(all->v[i], t) && memmem(text, len, all->v[i], strlen(all->v[i])))
			return 1;
	return 0;
}

/*
 * The number a saved command gives as "SUBLEVEL=N" (a Makefile's
 * -DMAKEFILE_SUBLEVEL=$(SUBLEVEL), as the kver series' KUnit test has), into
 * num: 1 when it gives one, else 0.
 */
static int carries_sublevel(const char *text, size_t len, char *num, size_t size)
{
	static const char key[] = "SUBLEVEL=";
	const char *p = text, *end = text + len;

	while ((p = memmem(p, (size_t)(end - p), key, sizeof(key) - 1))) {
		size_t n = 0;

		p += sizeof(key) - 1;
		while (p + n < end && p[n] >= '0' && p[n] <= '9')
			n++;
		if (n && n < size) {
			memcpy(num, p, n);
			num[n] = '\0';
			return 1;
		}
	}
	return 0;
}

static int learn(const char *build, const char *src, struct strv *all, FILE *out, char *why,
		 size_t whysize)
{
	struct strv inlink = { 0 }, steps = { 0 };
	char sub[16] = "", num[16];
	int rc = 0, has_vmlinux = strv_has(all, "vmlinux");

	if (link_targets(src, &inlink))
		return -1;
	for (size_t i = 0; !rc && i < all->n; i++) {
		const char *t = all->v[i];
		size_t n = strlen(t);

		if (has_vmlinux && strv_has(&inlink, t))
			continue;
		if (n > 2 && !strcmp(t + n - 2, ".a") && archive_as_before(build, t))
			continue;
		rc = strv_add(&steps, t);
	}
	fprintf(out, "REPLAY_STEPS :=");
	for (size_t i = 0; i < steps.n; i++)
		fprintf(out, " %s", steps.v[i]);
	fprintf(out, "\n");
	/* The chain: the compiles since the last other step run side by side. */
	struct strv compiles = { 0 };
	const char *last = NULL;

	for (size_t i = 0; !rc && i < steps.n; i++) {
		size_t len = 0;
		char *text = cmd_text(build, steps.v[i], &len);

		if (!text) {
			snprintf(why, whysize, "the step %s has no .cmd file", steps.v[i]);
			rc = 1;
			break;
		}
		/* A command that carries a SUBLEVEL changes with the point:
		 * lab/replay.mk runs it with the point's own number in place of
		 * REPLAY_SUBLEVEL, as Kbuild's walk would. Two numbers cannot be
		 * told apart: no steps then, and the next point walks. */
		if (carries_sublevel(text, len, num, sizeof(num))) {
			if (sub[0] && strcmp(sub, num)) {
				snprintf(why, whysize, "the step %s's command carries SUBLEVEL %s, another step's %s",
					 steps.v[i], num, sub);
				free(text);
				rc = 1;
				break;
			}
			snprintf(sub, sizeof(sub), "%s", num);
		}
		if (plan_names_version(text, len) && !names_other(text, len, all, steps.v[i])) {
			fprintf(out, "kver-replay/%s: kver-replay-headers\n", steps.v[i]);
			rc = strv_add(&compiles, steps.v[i]);
		} else {
			fprintf(out, "kver-replay/%s: kver-replay-headers", steps.v[i]);
			if (last)
				fprintf(out, " kver-replay/%s", last);
			for (size_t k = 0; k < compiles.n; k++)
				fprintf(out, " kver-replay/%s", compiles.v[k]);
			fprintf(out, "\n");
			last = steps.v[i];
			strv_free(&compiles);
		}
		free(text);
	}
	if (!rc && sub[0])
		fprintf(out, "REPLAY_SUBLEVEL := %s\n", sub);
	strv_free(&compiles);
	strv_free(&inlink);
	strv_free(&steps);
	return rc;
}

int plan_learn_steps(const char *build, const char *src, FILE *out, char *why, size_t whysize)
{
	char path[PATH_MAX + 64], target[PATH_MAX];
	struct newer nw = { build, { 0, 0 }, { 0 } };
	struct strv all = { 0 };
	struct stat st;
	int rc;

	snprintf(path, sizeof(path), "%s/.kver-t0", build);
	if (stat(path, &st)) {
		snprintf(why, whysize, "no mark of the make's start (%s)", path);
		return 1;
	}
	nw.t0 = st.st_mtim;
	/* Kbuild rewrites a header only when it changes: at the version the
	 * folder had, nothing is compiled, and the list would lack the
	 * version's objects. */
	snprintf(path, sizeof(path), "%s/include/generated/utsrelease.h", build);
	if (stat(path, &st) || !later(st.st_mtim, nw.t0)) {
		snprintf(why, whysize, "the make wrote no new release (the folder was at this version already)");
		return 1;
	}
	if (plan_walk_deps(build, 1, collect, &nw)) {
		strv_free(&nw.files);
		return -1;
	}
	strv_sort(&nw.files);
	rc = nw.files.n ? 0 : 1;
	if (rc)
		snprintf(why, whysize, "the make wrote no .cmd file");
	for (size_t i = 0; !rc && i < nw.files.n; i++) {
		const char *rel = strchr(strchr(nw.files.v[i], ' ') + 1, ' ') + 1;
		char *text;

		snprintf(path, sizeof(path), "%s/%s", build, rel);
		if (!(text = plan_slurp(path, NULL)))
			rc = -1;
		else if (!cmd_target(text, target, sizeof(target))) {
			snprintf(why, whysize, "%s names no saved command on its first line", rel);
			rc = 1;
		} else {
			rc = strv_add(&all, target);
		}
		free(text);
	}
	if (!rc)
		rc = learn(build, src, &all, out, why, whysize);
	if (!rc) {
		/* version.h need not change (from 255 on, 5.10 writes the same one
		 * at every point): lab/replay.mk then refuses a point that writes
		 * a new one. */
		snprintf(path, sizeof(path), "%s/include/generated/uapi/linux/version.h", build);
		fprintf(out, "REPLAY_VERSION_H := %d\n",
			!stat(path, &st) && later(st.st_mtim, nw.t0));
	}
	strv_free(&nw.files);
	strv_free(&all);
	return rc;
}

int plan_drop_steps(const char *build)
{
	char path[PATH_MAX * 2], *text, *steps, *save = NULL;
	int rc = 0;

	snprintf(path, sizeof(path), "%s/%s", build, PLAN_STEPS);
	if (!(text = plan_slurp(path, NULL)))
		return 0;
	steps = strstr(text, "REPLAY_STEPS :=");
	if (steps) {
		steps[strcspn(steps, "\n")] = '\0';
		for (char *w = strtok_r(steps + 15, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			snprintf(path, sizeof(path), "%s/%s", build, w);
			if (unlink(path) && errno != ENOENT)
				rc = -1;
		}
	}
	free(text);
	snprintf(path, sizeof(path), "%s/%s", build, PLAN_STEPS);
	if (unlink(path) && errno != ENOENT)
		rc = -1;
	return rc;
}
