// SPDX-License-Identifier: MIT
/*
 * kver_running on files the tests write: sources that are not regular
 * files, broken or too long, the words of a source at their limits, and
 * this process's vDSO dumped to a file.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "kver.h"

/* A scratch folder for files the tests write. */
static char tmpdir[256];

static const char *tmpfile_with(const char *name, const void *data,
				size_t len)
{
	/* A few paths stay valid at once: uname, version, vdso. */
	static char paths[4][512];
	static unsigned int next;
	char *path = paths[next++ % 4];
	int fd;

	join(path, sizeof(paths[0]), tmpdir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, data, len) != (ssize_t)len)
		CHECK(0, "cannot write %s", path);
	if (fd >= 0)
		close(fd);
	return path;
}

static int vdso_from(const char *text, size_t len, uint32_t *code)
{
	struct kver_paths p = { "", "", "", "", NULL };
	struct kver_running r;
	int err;

	p.vdso = tmpfile_with("vdso", text, len);
	err = kver_running(&p, &r);
	*code = r.src[KVER_SRC_VDSO].code;
	return r.src[KVER_SRC_VDSO].err ? r.src[KVER_SRC_VDSO].err : err;
}

/*
 * A FIFO, a terminal or a device in a source's place is an error of that
 * source, at once: a blocking open() of a FIFO with no writer never
 * returns. Each kind goes in every source's place in turn.
 */
static void check_not_regular(struct kver_paths *p)
{
	char fifo[512];
	const char *kinds[] = { fifo, "/dev/null", "/dev/zero", "/dev/tty" };
	const char **slot[] = { &p->uname, &p->osrelease, &p->proc_version,
				&p->version_signature, &p->vdso };
	struct kver_running r;

	join(fifo, sizeof(fifo), tmpdir, "fifo");
	CHECK(mkfifo(fifo, 0600) == 0, "mkfifo %s", fifo);
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		if (!exists(kinds[k]))
			continue;
		for (size_t s = 0; s < KVER_SRC_COUNT - 1; s++) {
			const char *keep = *slot[s];

			*slot[s] = kinds[k];
			CHECK(kver_running(p, &r) == KVER_ENOSOURCE &&
				      r.src[s + 1].err == KVER_ENOTREG,
			      "%s as %s: %s", kinds[k],
			      kver_source_name((enum kver_source)(s + 1)),
			      kver_strerror(r.src[s + 1].err));
			*slot[s] = keep;
		}
	}
	unlink(fifo);
}

static void check_files(void)
{
	struct kver_paths p = { "", "", "", "", "" };
	struct kver_running r;
	uint32_t code;
	char big[5000];

	CHECK(kver_running(&p, &r) == KVER_ENOSOURCE, "no source at all");
	CHECK(kver_running(&p, NULL) == KVER_EINVAL, "NULL out");

	CHECK(vdso_from("393664\n", 7, &code) == 0 && code == 0x601c0,
	      "decimal code");
	CHECK(vdso_from("0x601C0", 7, &code) == 0 && code == 0x601c0,
	      "hex code");
	CHECK(vdso_from("0x", 2, &code) == KVER_ENOTNUM, "0x alone");
	CHECK(vdso_from("0x1ffffffff", 11, &code) == KVER_ERANGE, "33 bits");
	CHECK(vdso_from("0x60g", 5, &code) == KVER_ENOTNUM, "bad hex digit");
	CHECK(vdso_from("\n", 1, &code) == KVER_EEMPTY, "empty vdso file");
	/* A code as text: blanks and newlines after it go, a blank inside is no code. */
	CHECK(vdso_from("0x601c0 \n \n", 11, &code) == 0 && code == 0x601c0, "trailing blanks");
	CHECK(vdso_from("0x60 1c0", 8, &code) == KVER_EBADCHAR, "blank inside");
	/* At most 63 characters. */
	CHECK(vdso_from("0x00000000000000000000000000000000000000000000000000000000601c0", 63,
			&code) == 0 && code == 0x601c0, "63 characters");
	CHECK(vdso_from("0x000000000000000000000000000000000000000000000000000000000601c0", 64,
			&code) == KVER_ETOOLONG, "64 characters");
	CHECK(vdso_from("0x6\0", 4, &code) == KVER_EBADCHAR, "NUL in code");
	CHECK(vdso_from("\177ELF", 4, &code) == KVER_EELF, "bad ELF dump");

	p.uname = "/nonexistent/uname";
	CHECK(kver_running(&p, &r) == KVER_ENOSOURCE &&
		      r.src[KVER_SRC_UNAME].err == KVER_EABSENT,
	      "missing file is absent");
	p.uname = tmpdir;
	CHECK(kver_running(&p, &r) == KVER_ENOSOURCE &&
		      r.src[KVER_SRC_UNAME].err == KVER_ENOTREG,
	      "folder is no source");
	check_not_regular(&p);
	p.uname = tmpfile_with("uname", "6.1.2\0-x\n", 9);
	CHECK(kver_running(&p, &r) == KVER_ENOSOURCE &&
		      r.src[KVER_SRC_UNAME].err == KVER_EBADCHAR,
	      "NUL inside uname");
	memset(big, 'a', sizeof(big));
	memcpy(big, "6.1.2-", 6);
	p.uname = tmpfile_with("uname", big, sizeof(big));
	CHECK(kver_running(&p, &r) == KVER_ENOSOURCE &&
		      r.src[KVER_SRC_UNAME].err == KVER_ETOOLONG,
	      "5000-byte uname");
	/* Too big is too long, whatever the first bytes hold. */
	memcpy(big, "6.1.2\n", 6);
	p.uname = tmpfile_with("uname", big, sizeof(big));
	CHECK(kver_running(&p, &r) == KVER_ENOSOURCE &&
		      r.src[KVER_SRC_UNAME].err == KVER_ETOOLONG,
	      "a line, then 5000 bytes: %s", kver_strerror(r.src[KVER_SRC_UNAME].err));
	memcpy(big, "6.1.2-", 6);
	p.uname = tmpfile_with("uname", big, 100);
	CHECK(kver_running(&p, &r) == KVER_ENOSOURCE &&
		      r.src[KVER_SRC_UNAME].err == KVER_ETOOLONG,
	      "100-byte release");

	/* A broken /proc/version does not hide a good uname. */
	p.uname = tmpfile_with("uname", "6.1.2\n", 6);
	p.proc_version = tmpfile_with("version", "garbage\n", 8);
	CHECK(kver_running(&p, &r) == 0 && r.version.sublevel == 2 &&
		      r.src[KVER_SRC_PROC_VERSION].err == KVER_EFORMAT &&
		      r.disagree == 0,
	      "garbage /proc/version");
}

static int make_tmpdir(void)
{
	const char *t = getenv("TMPDIR");

	snprintf(tmpdir, sizeof(tmpdir), "%s/kver-test.XXXXXX",
		 t && *t ? t : "/tmp");
	if (!mkdtemp(tmpdir)) {
		CHECK(0, "mkdtemp %s", tmpdir);
		return -1;
	}
	return 0;
}

/* Leave nothing behind. */
static void remove_tmpdir(void)
{
	static const char *const names[] = { "vdso", "uname", "version", "vdso.so" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char path[512];

		unlink(join(path, sizeof(path), tmpdir, names[i]));
	}
	rmdir(tmpdir);
}

/* Copy this process's vDSO to a file and read it back through the paths. */
static void check_vdso_dump(void)
{
	char line[512];
	unsigned long start = 0, end = 0;
	struct kver_paths p = { "", "", "", "", NULL };
	struct kver_running r;
	uint32_t live;
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f || kver_vdso_code(&live) != 0) {
		if (f)
			fclose(f);
		KT_SKIP("no vDSO or no /proc/self/maps");
	}
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "[vdso]"))
			sscanf(line, "%lx-%lx", &start, &end);
	fclose(f);
	CHECK(start && end > start && start == getauxval(AT_SYSINFO_EHDR),
	      "[vdso] in /proc/self/maps");
	if (!start)
		return;
	p.vdso = tmpfile_with("vdso.so", (const void *)start, end - start);
	CHECK(kver_running(&p, &r) == 0 &&
		      r.src[KVER_SRC_VDSO].code == live &&
		      r.from_sublevel == KVER_SRC_VDSO,
	      "vDSO dump gives 0x%x, live 0x%x", r.src[KVER_SRC_VDSO].code,
	      live);
}

/* The sources' words at their limits: a line without a release, a name one byte too long. */
static void check_words(void)
{
	struct kver_paths p = { .uname = "", .osrelease = "", .proc_version = "",
				.version_signature = "", .vdso = "" };
	char line[200];
	struct kver_running r;
	int n;

	p.proc_version = tmpfile_with("version", "Linux version \n", 15);
	kver_running(&p, &r);
	CHECK(r.src[KVER_SRC_PROC_VERSION].err == KVER_EFORMAT, "no release word: %s",
	      kver_strerror(r.src[KVER_SRC_PROC_VERSION].err));
	/* A name of KVER_RELEASE_MAX + 1 characters does not fit the source's text. */
	n = snprintf(line, sizeof(line), "Ubuntu 5.15.0-91.101-%0*d 5.15.131\n",
		     KVER_RELEASE_MAX + 1 - 14, 0);
	p.proc_version = "";
	p.version_signature = tmpfile_with("signature", line, (size_t)n);
	kver_running(&p, &r);
	CHECK(r.src[KVER_SRC_SIGNATURE].err == 0 && r.src[KVER_SRC_SIGNATURE].text[0] == '\0' &&
	      r.version.sublevel == 131, "a name too long: '%s', %s",
	      r.src[KVER_SRC_SIGNATURE].text, kver_strerror(r.src[KVER_SRC_SIGNATURE].err));
}

/*
 * A signature's name without a flavour after the upload number
 * ("5.15.0-91.101"): the upload number runs to the end and is not in the
 * release, so the signature names "5.15.0-91" and gives its SUBLEVEL.
 */
static void check_signature_without_flavour(void)
{
	static const char sig[] = "Ubuntu 5.15.0-91.101 5.15.131\n";
	struct kver_paths p = { .uname = "", .osrelease = "", .proc_version = "",
				.version_signature = "", .vdso = "" };
	struct kver_running r;

	p.uname = tmpfile_with("uname", "5.15.0-91\n", 10);
	p.version_signature = tmpfile_with("signature", sig, sizeof(sig) - 1);
	CHECK(kver_running(&p, &r) == 0, "kver_running");
	CHECK(r.src[KVER_SRC_SIGNATURE].agrees && r.version.sublevel == 131 &&
		      r.from_sublevel == KVER_SRC_SIGNATURE,
	      "the signature names 5.15.0-91: agrees %d, sublevel %u", r.src[KVER_SRC_SIGNATURE].agrees,
	      r.version.sublevel);
}

/*
 * Rule 2b takes the vDSO's SUBLEVEL only for an ABI-style release of three
 * numbers: one with a fourth ("5.15.0.1-microsoft-standard-WSL2", WSL's
 * revision after an upstream .0) keeps its own, which the vDSO's code
 * cannot carry, and a vDSO that says 5.15.153 disagrees.
 */
static void check_four_numbers_keep_their_sublevel(void)
{
	struct kver_paths p = { .uname = "", .osrelease = "", .proc_version = "",
				.version_signature = "", .vdso = "" };
	struct kver_running r;

	p.uname = tmpfile_with("uname", "5.15.0.1-microsoft-standard-WSL2\n", 33);
	p.vdso = tmpfile_with("vdso", "0x50f99\n", 8);
	CHECK(kver_running(&p, &r) == 0, "kver_running");
	CHECK(r.version.sublevel == 0 && r.version.nparts == 4 && r.from_sublevel == KVER_SRC_UNAME &&
		      !(r.flags & KVER_RUN_DISTRO_ABI) && !r.src[KVER_SRC_VDSO].agrees,
	      "5.15.0.1 with a vDSO of 5.15.153: sublevel %u from %d, flags 0x%x",
	      r.version.sublevel, (int)r.from_sublevel, r.flags);
}

/* This process's vDSO, copied to a file; skipped where it has none. */
void test_running_vdso(void)
{
	if (make_tmpdir() != 0)
		return;
	check_vdso_dump();
	remove_tmpdir();
}

void test_running_files(void)
{
	if (make_tmpdir() != 0)
		return;
	check_files();
	check_words();
	check_signature_without_flavour();
	check_four_numbers_keep_their_sublevel();
	remove_tmpdir();
}
