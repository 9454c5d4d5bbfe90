// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab shipped, modules and cpio: the decisions of lab/shipped.sh,
 * which boots Debian's own kernel images (shipped.c, moddep.c, cpio.c).
 *
 *   kver-lab shipped pick --suite SUITE WANT < LISTING
 *       "PACKAGE VERSION" of the image WANT names, from the suite's
 *       "PACKAGE VERSION" lines
 *   kver-lab shipped names --package P --version V --boot DIR --date D
 *       the point's names as key=value lines
 *   kver-lab shipped headers DIR RELEASE UTS_VERSION
 *       are the headers in DIR the image's?
 *   kver-lab modules [--builtin FILE] MODULES_DEP NAME...
 *       the modules to load, in order
 *   kver-lab cpio LIST
 *       the initramfs of a gen_init_cpio list on stdout
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cpio.h"
#include "lab.h"
#include "shipped.h"

#define ERRSIZE 1024

/* The value after --NAME among argv[1..argc-1], or NULL. */
static const char *option(int argc, char **argv, const char *name)
{
	for (int i = 1; i + 1 < argc; i++)
		if (!strcmp(argv[i], name))
			return argv[i + 1];
	return NULL;
}

static FILE *open_or_die(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f)
		die("cannot read %s: %s", path, strerror(errno));
	return f;
}

static int pick(int argc, char **argv)
{
	const char *suite = option(argc, argv, "--suite");
	struct shipped_pick p;
	char err[ERRSIZE];

	if (argc != 4 || !suite)
		die("usage: %s shipped pick --suite SUITE WANT < LISTING%s", lab_prog, "");
	if (shipped_pick(stdin, argv[3], suite, &p, err, sizeof(err)))
		die("%s%s", err, "");
	printf("%s %s\n", p.package, p.version);
	return 0;
}

static int names(int argc, char **argv)
{
	const char *pkg = option(argc, argv, "--package"), *ver = option(argc, argv, "--version"),
		   *boot = option(argc, argv, "--boot"), *date = option(argc, argv, "--date");
	char banner[512], err[ERRSIZE], release[96], image[4200];
	struct shipped_names n;
	FILE *f;
	int rc;

	if (argc != 9 || !pkg || !ver || !boot || !date)
		die("usage: %s shipped names --package P --version V --boot DIR --date YYYY-MM-DD%s",
		    lab_prog, "");
	if (shipped_release(pkg, release, sizeof(release)))
		die("'%s' is no kernel image package (linux-image-RELEASE[-unsigned])%s", pkg, "");
	/* The image the package installs: /boot/vmlinuz-RELEASE. */
	snprintf(image, sizeof(image), "%s/vmlinuz-%s", boot, release);
	f = fopen(image, "r");
	if (!f)
		die("%s holds no vmlinuz-%s", boot, release);
	rc = shipped_banner(f, banner, sizeof(banner), err, sizeof(err));
	fclose(f);
	if (rc)
		die("%s: %s", image, err);
	if (shipped_names(pkg, ver, banner, date, &n, err, sizeof(err)))
		die("%s%s", err, "");
	printf("style=shipped\ntree=%s\nversion=%s\nsublevel=%s\nrelease=%s\nuts_version=%s\nheaders=%s\n",
	       n.tree, n.version, n.sublevel, n.release, n.uts, n.headers);
	return 0;
}

static int headers(int argc, char **argv)
{
	struct shipped_names n = { 0 };
	char err[ERRSIZE];

	if (argc != 5)
		die("usage: %s shipped headers DIR RELEASE UTS_VERSION%s", lab_prog, "");
	snprintf(n.release, sizeof(n.release), "%s", argv[3]);
	snprintf(n.uts, sizeof(n.uts), "%s", argv[4]);
	if (shipped_headers(argv[2], &n, err, sizeof(err)))
		die("%s%s", err, "");
	return 0;
}

int cmd_shipped(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "pick"))
		return pick(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "names"))
		return names(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "headers"))
		return headers(argc, argv);
	die("usage: %s shipped pick|names|headers ... (try --help)%s", lab_prog, "");
	return 2;
}

int cmd_modules(int argc, char **argv)
{
	const char *builtin = NULL;
	char err[ERRSIZE];
	FILE *dep, *bf = NULL;
	int i = 1, rc;

	if (argc > 2 && !strcmp(argv[1], "--builtin")) {
		builtin = argv[2];
		i = 3;
	}
	if (argc - i < 2)
		die("usage: %s modules [--builtin FILE] MODULES_DEP NAME...%s", lab_prog, "");
	dep = open_or_die(argv[i]);
	if (builtin)
		bf = open_or_die(builtin);
	rc = moddep_order(dep, bf, argv + i + 1, argc - i - 1, stdout, err, sizeof(err));
	fclose(dep);
	if (bf)
		fclose(bf);
	if (rc)
		die("%s: %s", argv[i], err);
	return 0;
}

int cmd_cpio(int argc, char **argv)
{
	char err[ERRSIZE];
	FILE *list;
	int rc;

	if (argc != 2)
		die("usage: %s cpio LIST > ARCHIVE%s", lab_prog, "");
	if (isatty(STDOUT_FILENO))
		die("%s%s", "cpio writes an archive: send it to a file, not a terminal", "");
	list = open_or_die(argv[1]);
	rc = cpio_write(list, stdout, err, sizeof(err));
	fclose(list);
	if (rc)
		die("%s: %s", argv[1], err);
	return 0;
}
