// SPDX-License-Identifier: GPL-2.0
/*
 * kver-lab: the lab's deciding and reporting steps.
 *
 *   kver-lab sublevels N...          validate SUBLEVEL points, print them
 *                                    (cmd_point.c)
 *   kver-lab point --tree M.P [--style S] [--release R] [--uts-version U] N
 *                                    the names of one point (cmd_point.c,
 *                                    style.c)
 *   kver-lab meta FILE KEY=VALUE...  write a point's record, point.meta,
 *                                    checked as the boot model reads it
 *                                    (cmd_meta.c, meta.c)
 *   kver-lab report [--wide] [--json F] [--summary S] [--guest] DIR...
 *                                    judge each boot folder, print the table
 *                                    (cmd_report.c, report.c), one summary
 *                                    line, or the guests that did not run to
 *                                    their end
 *   kver-lab ktap [--json] FILE...   parse only: the KTAP of serial logs,
 *                                    no boot judged (cmd_ktap.c)
 *   kver-lab ktap --test NAME FILE   the result of one test of a log
 *   kver-lab progress --tree T --total N ...
 *                                    follow a full kernel build
 *                                    (cmd_progress.c, progress.c)
 *   kver-lab plan [--explain] --src S --build B --config-hash H -- VAR...
 *                                    the path that builds a point, and why
 *                                    (cmd_plan.c, plan.c); plan begin|learn|
 *                                    learned|built|drop-steps|show: the build
 *                                    folder's record around lab/build.sh's makes
 *   kver-lab apt-source SUITE [COMPONENT...]
 *                                    the lab's own sources.list line for
 *                                    another Debian suite (cmd_aptsrc.c,
 *                                    aptsrc.c)
 *   kver-lab shipped pick|names|headers ...
 *                                    Debian's own kernel images: which
 *                                    package, what it must say, its headers
 *                                    (cmd_shipped.c, shipped.c)
 *   kver-lab modules [--builtin F] MODULES_DEP NAME...
 *                                    drivers and what they need, in load
 *                                    order (cmd_shipped.c, moddep.c)
 *   kver-lab cpio LIST               an initramfs from a gen_init_cpio list
 *                                    (cmd_shipped.c, cpio.c)
 *   kver-lab mail --author A [--recipients F] [--cover] DRAFT
 *                                    the postable form of a draft of the
 *                                    kver series (cmd_mail.c, mail.c)
 *
 * Each boot folder is read and judged by the boot model (boot.c), the one
 * place a verdict is decided, so the terminal table, the JSON and
 * kver-matrix (matrix/, which reads boot folders through the same model;
 * the lab does not depend on it) always agree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"

const char lab_prog[] = "kver-lab";

void die(const char *fmt, const char *arg, const char *why)
{
	fprintf(stderr, "%s: error: ", lab_prog);
	fprintf(stderr, fmt, arg, why);
	fputc('\n', stderr);
	exit(2);
}

/* Each subcommand gets argv from its own name on, as kver-matrix's main does. */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{ "sublevels", cmd_sublevels },
	{ "report", cmd_report },
	{ "ktap", cmd_ktap },
	{ "point", cmd_point },
	{ "meta", cmd_meta },
	{ "progress", cmd_progress },
	{ "apt-source", cmd_aptsrc },
	{ "shipped", cmd_shipped },
	{ "modules", cmd_modules },
	{ "cpio", cmd_cpio },
	{ "mail", cmd_mail },
	{ "plan", cmd_plan },
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kver-lab sublevels N...\n"
		"       kver-lab report [--wide] [--json FILE] [--summary SECONDS] [--guest] BOOT_DIR...\n"
		"       kver-lab ktap [--json] FILE...\n"
		"       kver-lab ktap --test NAME FILE\n"
		"       kver-lab progress --tree TREE [--total N[~]] [--log FILE] [--every SECONDS]\n"
		"                         [--count FILE]\n"
		"       kver-lab point --tree M.P [--style upstream|debian] [--release R]\n"
		"                      [--uts-version U] [--debian-releases FILE] SUBLEVEL\n"
		"       kver-lab meta FILE KEY=VALUE...\n"
		"       kver-lab apt-source [--etc DIR] SUITE [COMPONENT...]\n"
		"       kver-lab shipped pick --suite SUITE WANT < LISTING\n"
		"       kver-lab shipped names --package P --version V --boot DIR --date YYYY-MM-DD\n"
		"       kver-lab shipped headers DIR RELEASE UTS_VERSION\n"
		"       kver-lab modules [--builtin FILE] MODULES_DEP NAME...\n"
		"       kver-lab cpio LIST > ARCHIVE\n"
		"       kver-lab mail --author \"Name <address>\" [--recipients FILE] [--cover] DRAFT\n"
		"       kver-lab plan [--explain] --src SRC --build BUILD --config-hash HASH\n"
		"                     [--tree T] [--cc-version LINE] [--env-now FILE] -- MAKE_VAR...\n"
		"       kver-lab plan begin|learn|learned|built|drop-steps ... ; plan show BUILD [NAME]\n"
		"\n"
		"sublevels  check SUBLEVEL points (decimal 0..65535, no sign, no leading zero)\n"
		"report     judge each boot folder left by lab/boot.sh, print a table,\n"
		"           details of every failure, and optionally the JSON of the run;\n"
		"           exit status 1 when any point failed. The table fits in 100\n"
		"           columns; --wide (or KVER_WIDE=1, or a terminal wide enough)\n"
		"           gives one column per probe check. --summary prints instead\n"
		"           one line: points passed, the run's time, where its files are.\n"
		"           --guest prints instead one line per guest that did not run to\n"
		"           its end (hung, crashed, no result...) and exits 1 when any did\n"
		"           not, whatever its checks say.\n"
		"           Colour on a terminal unless NO_COLOR is set.\n"
		"ktap       parse only: the KTAP tests of each serial log (or any KTAP;\n"
		"           - is stdin), failures with their diagnostics and a summary,\n"
		"           or --json; no boot is judged. Exit status 1 when a test\n"
		"           failed, went missing or a document bailed out. --test NAME:\n"
		"           one line, the result of the first test so called and its\n"
		"           cases; status 0 ok, 1 failed or missing, 3 skipped, 4 no\n"
		"           such test\n"
		"progress   follow a full kernel build's output on stdin: copy it to the\n"
		"           log, show objects compiled against N (N~: an estimate),\n"
		"           elapsed time and time left on stderr\n"
		"point      the release, version and UTS version of one point in a release\n"
		"           style, as key=value lines (lab/style.c); in the debian style a\n"
		"           version FILE lists (\"VERSION ABI PACKAGE DATE\" lines) takes\n"
		"           Debian's own ABI, package version and date\n"
		"meta       write a point's record (point.meta) from its keys, checked as\n"
		"           the boot model reads it; hides_version is decided from expect\n"
		"           and version\n"
		"apt-source the sources.list line for another Debian suite (default component:\n"
		"           main), from the archive this machine's apt (DIR, /etc/apt) uses for\n"
		"           a suite of the same kind; the lab's own apt state reads it\n"
		"shipped    Debian's own kernel images (lab/shipped.sh): pick the image package\n"
		"           WANT names (a package, M.P.S or a package version) from the suite's\n"
		"           \"PACKAGE VERSION\" lines; the names of its point (release from the\n"
		"           package name, version from its version, UTS version the image's own,\n"
		"           checked against the changelog date); whether headers are the image's\n"
		"modules    the modules NAME... need, from modules.dep, in an order to load them\n"
		"cpio       a newc initramfs from a gen_init_cpio list (dir, nod, file, slink)\n"
		"mail       the form to send of an unsigned draft of the kver series\n"
		"           (patches/v3/): the author in From: and Signed-off-by: (not\n"
		"           on a --cover letter), To: and Cc: from get_maintainer.pl's\n"
		"           output with roles in FILE, the draft's own notice dropped;\n"
		"           --check only checks the author\n"
		"plan       which path builds a point in a build folder (full, incremental,\n"
		"           version-only, replayed, or refuse) and why, from the folder's\n"
		"           record BUILD/.kver-plan; --explain: one line. The other forms\n"
		"           keep the record around lab/build.sh's makes (docs/lab-paths.md)\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return 0;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "%s: error: unknown command '%s' (try --help)\n", lab_prog, argv[1]);
	return 2;
}
