// SPDX-License-Identifier: MIT
/*
 * kver-batch CASES OUTDIR: run the kver command's main() once per case,
 * all in one process, so that valgrind starts once for the whole suite.
 *
 * CASES holds, per case, the number of arguments and then the arguments,
 * each NUL-terminated (as `printf '%s\0' "$#" "$@"` writes them). Case K
 * (from 1) leaves its stdout in OUTDIR/K.out, its stderr in OUTDIR/K.err and
 * its exit status in OUTDIR/K.rc. Exit status 0, or 2 on a bad case file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define main kver_cli_main
#include "../../cli/kver.c"
#undef main

#define MAXARGS 128

/* The next NUL-terminated word of buf[*pos .. len), or NULL at the end. */
static char *word(char *buf, size_t len, size_t *pos)
{
	char *w = buf + *pos;
	char *nul = *pos < len ? memchr(w, '\0', len - *pos) : NULL;

	if (!nul)
		return NULL;
	*pos += (size_t)(nul - w) + 1;
	return w;
}

static int save_status(const char *dir, unsigned int k, int rc)
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

int main(int argc, char **argv)
{
	static char buf[1 << 20];
	char *args[MAXARGS + 2], path[4096], *w;
	size_t len, pos = 0;
	unsigned int k = 0;
	FILE *f;

	if (argc != 3) {
		fprintf(stderr, "usage: kver-batch CASES OUTDIR\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		fprintf(stderr, "kver-batch: cannot open %s\n", argv[1]);
		return 2;
	}
	len = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	while ((w = word(buf, len, &pos)) != NULL) {
		long n = strtol(w, NULL, 10);
		int rc;

		if (n < 0 || n > MAXARGS) {
			fprintf(stderr, "kver-batch: case %u: bad count\n", k + 1);
			return 2;
		}
		args[0] = (char *)"kver";
		for (long i = 1; i <= n; i++)
			if (!(args[i] = word(buf, len, &pos))) {
				fprintf(stderr, "kver-batch: case %u cut short\n",
					k + 1);
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
		rc = kver_cli_main((int)n + 1, args);
		fflush(stdout);
		fflush(stderr);
		if (save_status(argv[2], k, rc) != 0)
			return 2;
	}
	return 0;
}
