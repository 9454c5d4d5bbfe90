/* SPDX-License-Identifier: MIT */
/*
 * batch.h: run a program's main() once per case, all in one process, so
 * that valgrind starts once for a whole suite (tests/cli/batch.c for kver,
 * tests/lint/batch.c for kver-lint, tests/lab/batch.c for kver-lab,
 * tests/matrix/batch.c for kver-matrix; tests/batch.sh records the cases
 * and compares the answers). The program's main must start from a clean
 * state and free what it allocates each time.
 *
 *   BATCH CASES OUTDIR
 *
 * CASES holds, per case, the number of arguments and then the arguments,
 * each NUL-terminated (as `printf '%s\0' "$#" "$@"` writes them). Before
 * the number, a word <FILE makes FILE the case's stdin (else /dev/null),
 * and a word NAME=VALUE sets NAME in the environment for the case. Case K
 * (from 1) leaves its stdout in OUTDIR/K.out, its stderr in OUTDIR/K.err and
 * its exit status in OUTDIR/K.rc. Exit status 0, or 2 on a bad case file.
 *
 * A program that ends by exit() (kver-lab's die) has its batch file define
 * exit as batch_exit before it includes the program: the case ends there,
 * with that status, and the next one runs.
 *
 * One file of the batch program defines KVER_BATCH_MAIN before including
 * this header; it holds the driver.
 */
#ifndef KVER_BATCH_H
#define KVER_BATCH_H

/* Run every case of argv[1] through prog_main, named name in argv[0]. */
int batch_run(int argc, char **argv, const char *name, int (*prog_main)(int, char **));
/* Ends the running case with status, as exit() ends the program. */
_Noreturn void batch_exit(int status);

#endif

#if defined(KVER_BATCH_MAIN) && !defined(KVER_BATCH_DRIVER)
#define KVER_BATCH_DRIVER
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BATCH_MAXARGS 128
#define BATCH_MAXENV 8

static jmp_buf batch_jmp;
static int batch_exit_status;

_Noreturn void batch_exit(int status)
{
	batch_exit_status = status;
	longjmp(batch_jmp, 1);
}

/* prog_main's status, or the one it gave batch_exit. */
static int batch_call(int (*prog_main)(int, char **), int argc, char **argv)
{
	if (setjmp(batch_jmp))
		return batch_exit_status;
	return prog_main(argc, argv);
}

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

/* A case's environment: what it sets, and what was there before. */
struct batch_env {
	char *set[BATCH_MAXENV];
	char *old[BATCH_MAXENV];
	int n;
};

/* Sets NAME=VALUE for the case; -1 when there are too many. */
static int batch_setenv(struct batch_env *e, char *word)
{
	char *eq = strchr(word, '='), *old;

	if (e->n == BATCH_MAXENV)
		return -1;
	*eq = '\0';
	old = getenv(word);
	e->old[e->n] = old ? strdup(old) : NULL;
	e->set[e->n++] = word;
	setenv(word, eq + 1, 1);
	*eq = '=';
	return 0;
}

/* The environment as it was before the case. */
static void batch_restore(struct batch_env *e)
{
	while (e->n > 0) {
		char *eq = strchr(e->set[--e->n], '=');

		*eq = '\0';
		if (e->old[e->n])
			setenv(e->set[e->n], e->old[e->n], 1);
		else
			unsetenv(e->set[e->n]);
		*eq = '=';
		free(e->old[e->n]);
	}
}

/* Every case of the file in buf, its results in dir; errors to the fd err. */
static int batch_cases(char *buf, size_t len, const char *dir, int err, const char *name,
		       int (*prog_main)(int, char **))
{
	char *args[BATCH_MAXARGS + 2], path[4096], *w;
	size_t pos = 0;
	unsigned int k = 0;

	while ((w = batch_word(buf, len, &pos)) != NULL) {
		struct batch_env env = { .n = 0 };
		const char *in = "/dev/null";
		long n;
		int rc;

		/* The case's stdin and environment come before its count. */
		for (; w && (w[0] == '<' || strchr(w, '=')); w = batch_word(buf, len, &pos)) {
			if (w[0] == '<') {
				in = w + 1;
			} else if (batch_setenv(&env, w)) {
				dprintf(err, "%s-batch: case %u: too many variables\n", name, k + 1);
				return 2;
			}
		}
		n = w ? strtol(w, NULL, 10) : -1;
		if (n < 0 || n > BATCH_MAXARGS) {
			dprintf(err, "%s-batch: case %u: bad count\n", name, k + 1);
			return 2;
		}
		args[0] = (char *)name;
		for (long i = 1; i <= n; i++)
			if (!(args[i] = batch_word(buf, len, &pos))) {
				dprintf(err, "%s-batch: case %u cut short\n", name, k + 1);
				return 2;
			}
		args[n + 1] = NULL;
		k++;
		fflush(stdout);
		fflush(stderr);
		if (!freopen(in, "r", stdin)) {
			dprintf(err, "%s-batch: case %u: cannot read %s\n", name, k, in);
			return 2;
		}
		snprintf(path, sizeof(path), "%s/%u.out", dir, k);
		if (!freopen(path, "w", stdout))
			return 2;
		snprintf(path, sizeof(path), "%s/%u.err", dir, k);
		if (!freopen(path, "w", stderr))
			return 2;
		rc = batch_call(prog_main, (int)n + 1, args);
		fflush(stdout);
		fflush(stderr);
		batch_restore(&env);
		if (batch_status(dir, k, rc) != 0)
			return 2;
	}
	return 0;
}

int batch_run(int argc, char **argv, const char *name, int (*prog_main)(int, char **))
{
	static char buf[1 << 20];
	size_t len;
	FILE *f;
	int err, rc;

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
	if (len == sizeof(buf)) {
		fprintf(stderr, "%s-batch: %s is too long\n", name, argv[1]);
		return 2;
	}
	/* Each case has stderr to itself; the driver's errors go to the one it got. */
	err = dup(STDERR_FILENO);
	if (err < 0)
		return 2;
	rc = batch_cases(buf, len, argv[2], err, name, prog_main);
	close(err);
	return rc;
}
#endif /* KVER_BATCH_MAIN */
