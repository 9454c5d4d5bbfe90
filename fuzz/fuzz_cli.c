// SPDX-License-Identifier: MIT
/*
 * libFuzzer target for the kver command's argument handling: the input,
 * split at NUL bytes, is the argument list (at most 24 words), and the
 * command's own kver_main() runs on it with its output thrown away. It must
 * return 0, 1 or 2 and never crash, whatever the words.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define MAXARGS 24

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int null = open("/dev/null", O_WRONLY);

	(void)argc;
	(void)argv;
	/* libFuzzer reports on stderr, so only stdout goes; stderr is
	   dropped per run below. */
	if (null < 0 || dup2(null, STDOUT_FILENO) < 0)
		abort();
	close(null);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1), *argv[MAXARGS + 2];
	int argc = 1, rc;
	size_t i = 0;
	FILE *keep;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[0] = (char *)"kver";
	while (i <= size && argc <= MAXARGS) {
		argv[argc++] = copy + i;
		i += strlen(copy + i) + 1;
	}
	argv[argc] = NULL;
	keep = stderr;
	stderr = fopen("/dev/null", "w");
	if (!stderr)
		abort();
	rc = kver_main(argc, argv);
	fclose(stderr);
	stderr = keep;
	fflush(stdout);
	if (rc < 0 || rc > 2)
		abort();
	free(copy);
	return 0;
}
