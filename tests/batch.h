/* SPDX-License-Identifier: MIT */
/*
 * batch.h: run a program's main() once per case, all in one process, so
 * that valgrind starts once for a whole suite (tests/cli/batch.c for kver,
 * tests/lint/batch.c for kver-lint). The program's main must start from a
 * clean state and free what it allocates each time.
 *
 *   BATCH CASES OUTDIR
 *
 * CASES holds, per case, the number of arguments and then the arguments,
 * each NUL-terminated (as `printf '%s\0' "$#" "$@"` writes them). Case K
 * (from 1) leaves its stdout in OUTDIR/K.out, its stderr in OUTDIR/K.err and
 * its exit status in OUTDIR/K.rc. Exit status 0, or 2 on a bad case file.
 *
 * One file of the batch program defines KVER_BATCH_MAIN before including
 * this header; it holds the driver.
 */
#ifndef KVER_BATCH_H
#define KVER_BATCH_H

/* Run every case of argv[1] through prog_main, named name in argv[0]. */
int batch_run(int argc, char **argv, const char *name, int (*prog_main)(int, char **));

#ifdef KVER_BATCH_MAIN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH_MAXARGS 128

/* The next NUL-terminated word of buf[*pos .. len), or NULL at the end. */
static char *batch_word(char *buf, size_t len, size_t *pos)
{
	char *w = buf + *pos;
	char *nul = *pos < len ? memchr(w, '\0', len - *pos) : NULL;

	if (!nul)
		return NULL;
	*pos += (size_t)(nul - w) + 1;
	return w;
}

static int batch_status(const char *dir, unsigned int k, int rc)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%u.rc", dir, k);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fprintf(f, "%d\n", rc);
	return fclose(f);
}

int batch_run(int argc, char **argv, const char *name, int (*prog_main)(int, char **))
{
	static char buf[1 << 20];
	char *args[BATCH_MAXARGS + 2], path[4096], *w;
	size_t len, pos = 0;
	unsigned int k = 0;
	FILE *f;

	if (argc != 3) {
		fprintf(stderr, "usage: %s-batch CASES OUTDIR\n", name);
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		fprintf(stderr, "%s-batch: cannot open %s\n", name, argv[1]);
		return 2;
	}
	len = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	while ((w = batch_word(buf, len, &pos)) != NULL) {
		long n = strtol(w, NULL, 10);
		int rc;

		if (n < 0 || n > BATCH_MAXARGS) {
			fprintf(stderr, "%s-batch: case %u: bad count\n", name, k + 1);
			return 2;
		}
		args[0] = (char *)name;
		for (long i = 1; i <= n; i++)
			if (!(args[i] = batch_word(buf, len, &pos))) {
				fprintf(stderr, "%s-batch: case %u cut short\n", name, k + 1);
				return 2;
			}
		args[n + 1] = NULL;
		k++;
		fflush(stdout);
		fflush(stderr);
		snprintf(path, sizeof(path), "%s/%u.out", argv[2], k);
		if (!freopen(path, "w", stdout))
			return 2;
		snprintf(path, sizeof(path), "%s/%u.err", argv[2], k);
		if (!freopen(path, "w", stderr))
			return 2;
		rc = prog_main((int)n + 1, args);
		fflush(stdout);
		fflush(stderr);
		if (batch_status(argv[2], k, rc) != 0)
			return 2;
	}
	return 0;
}
#endif /* KVER_BATCH_MAIN */

#endif
