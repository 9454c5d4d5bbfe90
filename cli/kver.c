// SPDX-License-Identifier: MIT
/*
 * kver: the exact kernel version, from user space.
 *
 *   kver                  the running kernel, and where each part came from
 *   kver code VERSION     the LINUX_VERSION_CODE the kernel would use
 *   kver decode CODE      what a code means
 *   kver cmp A [OP] B     full-precision comparison, exit status like test(1)
 *   kver check            every source this machine offers agrees
 *
 * It only reads: files under /proc, uname(2) and its own vDSO.
 *
 * This file reads the options and dispatches: one cmd_*.c per subcommand
 * (cmd_show.c is kver alone), output.c and running.c what they share
 * (cli.h).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kver [--json] [--from DIR]        the running kernel\n"
		"       kver [--json] code VERSION        LINUX_VERSION_CODE of VERSION\n"
		"       kver [--json] decode CODE         what a code (0x409ff, 264703) means\n"
		"       kver [--json] cmp A B             compare; exit 0 if A = B, 1 if not\n"
		"       kver [--json] cmp A OP B          exit 0 if true, 1 if false;\n"
		"                                         OP: -eq -ne -lt -le -gt -ge = != < <= > >=\n"
		"       kver [--json] cmp --running [--from DIR] [OP] B\n"
		"                                         the same, with the running kernel as A\n"
		"       kver [--json] check [--from DIR] [--at-least VERSION]\n"
		"                                         exit 0 if every source agrees (on a\n"
		"                                         version at least VERSION)\n"
		"       kver --help | --version\n"
		"\n"
		"--from DIR reads recorded sources from DIR (files uname, osrelease,\n"
		"version, version_signature, vdso; a missing file is an absent source).\n"
		"Errors go to stderr as one line; status 2 means bad usage or input.\n");
}

/* Options that a command does not use are errors, not silently ignored. */
static int check_options(const struct opts *o, const char *cmd)
{
	int sources = !*cmd || !strcmp(cmd, "check") ||
		      (!strcmp(cmd, "cmp") && o->running);
	const char *sep = *cmd ? ": " : "";

	if (o->from && !sources)
		return fail(EXIT_USAGE, "%s%s--from applies only where the "
			    "running kernel is read (kver, check, cmp "
			    "--running)", cmd, sep);
	if (o->running && strcmp(cmd, "cmp"))
		return fail(EXIT_USAGE, "%s%s--running applies only to cmp",
			    cmd, sep);
	if (o->at_least && strcmp(cmd, "check"))
		return fail(EXIT_USAGE, "%s%s--at-least applies only to check",
			    cmd, sep);
	return EXIT_OK;
}

/*
 * An option with a value, as "--name VALUE" or "--name=VALUE": 1 when a is
 * that option (*val set, *i past the value), 0 when it is not, -1 when
 * the value is missing.
 */
static int valued(const char *a, const char *name, int argc, char **argv,
		  int *i, const char **val)
{
	size_t n = strlen(name);

	if (strncmp(a, name, n) != 0 || (a[n] && a[n] != '='))
		return 0;
	if (a[n] == '=') {
		*val = a + n + 1;
		return 1;
	}
	if (++*i >= argc)
		return -1;
	*val = argv[*i];
	return 1;
}

int kver_main(int argc, char **argv)
{
	struct opts o = { 0, NULL, 0, NULL };
	char *args[64];
	const char *cmd;
	int n = 0, i, err, got;

	/* --json anywhere before "--" makes even a usage error JSON. */
	json_pending = 0;
	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--json"))
			json_pending = 1;
	/* Options may come anywhere; "-lt" and friends stay arguments. */
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--json")) {
			o.json = 1;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return EXIT_OK;
		} else if (!strcmp(a, "--version") || !strcmp(a, "-V")) {
			printf("kver %s\n", KVER_VERSION_STRING);
			return EXIT_OK;
		} else if ((got = valued(a, "--from", argc, argv, &i,
					  &o.from)) != 0) {
			if (got < 0)
				return fail(EXIT_USAGE, "--from needs a folder");
		} else if ((got = valued(a, "--at-least", argc, argv, &i,
					  &o.at_least)) != 0) {
			if (got < 0)
				return fail(EXIT_USAGE, "--at-least needs a VERSION");
		} else if (!strcmp(a, "--running")) {
			o.running = 1;
		} else if (!strcmp(a, "--")) {
			while (++i < argc && n < 64)
				args[n++] = argv[i];
			if (i < argc)
				return fail(EXIT_USAGE, "too many arguments");
		} else if (a[0] == '-' && a[1] == '-') {
			char shown[40];

			return fail(EXIT_USAGE, "unknown option '%s' (try "
				    "kver --help)", clean(a, shown, sizeof(shown)));
		} else if (n < 64) {
			args[n++] = argv[i];
		} else {
			return fail(EXIT_USAGE, "too many arguments");
		}
	}
	cmd = n ? args[0] : "";
	if (n && strcmp(cmd, "code") && strcmp(cmd, "decode") &&
	    strcmp(cmd, "cmp") && strcmp(cmd, "check")) {
		char shown[40];

		return fail(EXIT_USAGE, "unknown command '%s' (try kver "
			    "--help)", clean(args[0], shown, sizeof(shown)));
	}
	err = check_options(&o, cmd);
	if (err)
		return err;
	if (n == 0)
		return cmd_show(&o);
	if (!strcmp(cmd, "code"))
		return cmd_code(&o, n - 1, args + 1);
	if (!strcmp(cmd, "decode"))
		return cmd_decode(&o, n - 1, args + 1);
	if (!strcmp(cmd, "cmp"))
		return cmd_cmp(&o, n - 1, args + 1);
	return cmd_check(&o, n - 1);
}
