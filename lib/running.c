// SPDX-License-Identifier: MIT
/* The running kernel: read every source, reconcile them into one version. */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "private.h"

/* Largest text source kept (a /proc/version line is a few hundred bytes). */
#define TEXT_MAX 4096
/* Largest vDSO dump read from a file (the real ones are two pages). */
#define IMAGE_MAX (64u << 10)

const char *kver_source_name(enum kver_source src)
{
	switch (src) {
	case KVER_SRC_UNAME:		return "uname";
	case KVER_SRC_OSRELEASE:	return "osrelease";
	case KVER_SRC_PROC_VERSION:	return "proc_version";
	case KVER_SRC_SIGNATURE:	return "version_signature";
	case KVER_SRC_VDSO:		return "vdso";
	default:			return "none";
	}
}

const char *kver_run_flag_name(unsigned int flag)
{
	switch (flag) {
	case KVER_RUN_DISAGREE:		return "disagree";
	case KVER_RUN_CLAMPED:		return "clamped";
	case KVER_RUN_UNCLAMPED_KERNEL:	return "unclamped_kernel";
	case KVER_RUN_SUBLEVEL_MIN:	return "sublevel_min";
	case KVER_RUN_DISTRO_ABI:	return "distro_abi";
	default:			return NULL;
	}
}

static int read_vdso_file(const char *path, uint32_t *code)
{
	unsigned char image[IMAGE_MAX];
	char text[64];
	size_t len, i;
	int err;

	err = kver_read_file(path, image, sizeof(image), &len);
	if (err)
		return err;
	if (len >= 4 && memcmp(image, "\177ELF", 4) == 0)
		return kver_elf_note_code(image, len, code);
	while (len > 0 && (image[len - 1] == '\n' || image[len - 1] == ' '))
		len--;
	if (len == 0)
		return KVER_EEMPTY;
	if (len >= sizeof(text))
		return KVER_ETOOLONG;
	for (i = 0; i < len; i++)
		if (image[i] < 0x21 || image[i] > 0x7e)
			return KVER_EBADCHAR;
	memcpy(text, image, len);
	text[len] = '\0';
	return kver_parse_code(text, code);
}

/*
 * The line of a source file into line: OVERRIDE is the file to read, ""
 * an absent source, NULL the real file REAL. Returns si->err.
 */
static int read_source(const char *override, const char *real, char *line, size_t size,
		       struct kver_source_info *si)
{
	const char *path = override ? override : real;

	si->err = *path ? kver_read_line(path, line, size) : KVER_EABSENT;
	return si->err;
}

/* A release string as the source's text and version. */
static void take_release(struct kver_source_info *si, const char *s)
{
	size_t n = strnlen(s, KVER_RELEASE_MAX);

	memcpy(si->text, s, n);
	si->text[n] = '\0';
	si->err = kver_parse(s, &si->version);
	si->has_version = si->err == 0;
}

static void read_uname(const struct kver_paths *paths,
		       struct kver_source_info *si)
{
	char line[TEXT_MAX];
	const char *path = paths ? paths->uname : NULL;

	if (!path) {
		struct utsname u;

		if (uname(&u) != 0) {
			si->err = KVER_EIO;
			return;
		}
		snprintf(line, sizeof(line), "%s", u.release);
	} else if (!*path) {
		si->err = KVER_EABSENT;
		return;
	} else {
		si->err = kver_read_line(path, line, sizeof(line));
		if (si->err)
			return;
	}
	take_release(si, line);
}

static void read_osrelease(const struct kver_paths *paths,
			   struct kver_source_info *si)
{
	char line[TEXT_MAX];

	if (!read_source(paths ? paths->osrelease : NULL, "/proc/sys/kernel/osrelease", line,
			 sizeof(line), si))
		take_release(si, line);
}

/* "6.1.0-27-amd64": a zero SUBLEVEL followed by something else. */
static int abi_style(const struct kver *v)
{
	return v->sublevel == 0 && v->rest[0] != '\0';
}

static int same_numbers(const struct kver *a, const struct kver *b)
{
	struct kver x = *a, y = *b;

	/* Only the numbers: -rc and suffixes of distro fields differ. */
	x.is_rc = y.is_rc = 0;
	return kver_cmp(&x, &y) == 0;
}

/* A distribution field d can give base's SUBLEVEL (rule 2a). */
static int field_fits(const struct kver *d, const struct kver *base)
{
	return d->major == base->major && d->patchlevel == base->patchlevel &&
	       (abi_style(base) || same_numbers(d, base));
}

static void read_proc_version(const struct kver_paths *paths,
			      struct kver_source_info *si)
{
	char line[TEXT_MAX];
	struct kver release;
	int err;

	if (read_source(paths ? paths->proc_version : NULL, "/proc/version", line, sizeof(line),
			si))
		return;
	si->err = kver_proc_version_release(line, si->text, sizeof(si->text));
	if (si->err)
		return;
	si->err = kver_parse(si->text, &si->version);
	if (si->err)
		return;
	/* No Debian field is normal: the line still names the release. */
	release = si->version;
	err = kver_debian_field(line, &si->version);
	if (err == 0 && !field_fits(&si->version, &release))
		err = KVER_ECONFLICT;	/* the line contradicts itself */
	if (err == 0)
		si->has_version = 1;
	else if (err != KVER_EABSENT)
		si->err = err;
}

static void read_signature(const struct kver_paths *paths,
			   struct kver_source_info *si)
{
	char line[TEXT_MAX];

	if (read_source(paths ? paths->version_signature : NULL, "/proc/version_signature", line,
			sizeof(line), si))
		return;
	kver_signature_name(line, si->text, sizeof(si->text));
	si->err = kver_ubuntu_signature(line, &si->version);
	if (si->err == KVER_EABSENT)
		si->err = KVER_EFORMAT;	/* the file is there but says nothing */
	si->has_version = si->err == 0;
}

static void read_vdso(const struct kver_paths *paths,
		      struct kver_source_info *si)
{
	const char *path = paths ? paths->vdso : NULL;

	if (!path)
		si->err = kver_vdso_code(&si->code);
	else if (!*path)
		si->err = KVER_EABSENT;
	else
		si->err = read_vdso_file(path, &si->code);
	if (si->err == KVER_ENOVDSO)
		si->err = KVER_EABSENT;
	if (si->err)
		return;
	kver_decode(si->code, &si->version);
	si->has_version = 1;
	snprintf(si->text, sizeof(si->text), "0x%x", (unsigned)si->code);
}

/* Does the source of a distribution field name the release R? */
static int names_release(const struct kver_running *r, enum kver_source s,
			 const struct kver_source_info *rel)
{
	const struct kver_source_info *si = &r->src[s];

	if (!rel || rel == si)
		return 1;
	if (s == KVER_SRC_SIGNATURE)
		return kver_signature_names(si->text, rel->text);
	return strcmp(si->text, rel->text) == 0;
}

static void disagree(struct kver_running *r, enum kver_source s)
{
	r->src[s].agrees = 0;
	r->disagree |= 1u << s;
	r->flags |= KVER_RUN_DISAGREE;
}

/* Check one source against the result (rule 4 in kver.h). */
static void judge(struct kver_running *r, enum kver_source s,
		  const struct kver_source_info *rel)
{
	struct kver_source_info *si = &r->src[s];
	const struct kver *best = &r->version;

	si->agrees = 1;
	if (si->err != 0)
		return;
	switch (s) {
	case KVER_SRC_UNAME:
	case KVER_SRC_OSRELEASE:
		if (!names_release(r, s, rel))
			disagree(r, s);
		else if (same_numbers(&si->version, best))
			break;
		else if (!(abi_style(&si->version) &&
			   (r->flags & KVER_RUN_DISTRO_ABI) &&
			   si->version.major == best->major &&
			   si->version.patchlevel == best->patchlevel))
			disagree(r, s);
		break;
	case KVER_SRC_PROC_VERSION:
	case KVER_SRC_SIGNATURE:
		if (!names_release(r, s, rel))
			disagree(r, s);
		else if (si->has_version && !same_numbers(&si->version, best))
			disagree(r, s);
		break;
	case KVER_SRC_VDSO:
		if (si->code == r->code)
			break;
		if (best->sublevel > 255 &&
		    si->code == kver_code_unclamped(best->major,
						    best->patchlevel,
						    best->sublevel)) {
			/* A kernel from before the clamp: it overflows. */
			r->flags |= KVER_RUN_UNCLAMPED_KERNEL;
			break;
		}
		disagree(r, s);
		break;
	default:
		break;
	}
}

/* Only the numbers of a version, at least three of them. */
static struct kver numbers_of(const struct kver *v)
{
	struct kver d = *v;

	d.rest[0] = '\0';
	d.rc = 0;
	d.is_rc = 0;
	if (d.nparts < 3)
		d.nparts = 3;
	return d;
}

/* Rule 2a: may the distribution field give R's SUBLEVEL? */
static int distro_applies(const struct kver_running *r,
			  const struct kver_source_info *distro,
			  const struct kver_source_info *rel,
			  const struct kver *base)
{
	return names_release(r, (enum kver_source)(distro - r->src), rel) &&
	       field_fits(&distro->version, base);
}

int kver_running(const struct kver_paths *paths, struct kver_running *out)
{
	struct kver_running r;
	struct kver_source_info *rel = NULL, *distro = NULL, *vd;
	struct kver base_v;
	const struct kver *base = &base_v;
	int s;

	if (!out)
		return KVER_EINVAL;
	memset(&r, 0, sizeof(r));
	read_uname(paths, &r.src[KVER_SRC_UNAME]);
	read_osrelease(paths, &r.src[KVER_SRC_OSRELEASE]);
	read_proc_version(paths, &r.src[KVER_SRC_PROC_VERSION]);
	read_signature(paths, &r.src[KVER_SRC_SIGNATURE]);
	read_vdso(paths, &r.src[KVER_SRC_VDSO]);
	vd = &r.src[KVER_SRC_VDSO];

	/* Rule 1: the release string, from uname, else the same from /proc. */
	for (s = KVER_SRC_UNAME; s <= KVER_SRC_PROC_VERSION && !rel; s++)
		if (r.src[s].err == 0)
			rel = &r.src[s];

	if (rel) {
		kver_parse(rel->text, &r.version);
		/* Both hold a release: a copy of the array is the string. */
		_Static_assert(sizeof(r.release) == sizeof(rel->text),
			       "release and text differ in size");
		memcpy(r.release, rel->text, sizeof(r.release));
		r.from_major = r.from_patchlevel = r.from_sublevel =
			(enum kver_source)(rel - r.src);
	} else if (r.src[KVER_SRC_SIGNATURE].has_version) {
		/* Rule 3: the signature's upstream version, else the vDSO. */
		r.version = numbers_of(&r.src[KVER_SRC_SIGNATURE].version);
		r.from_major = r.from_patchlevel = r.from_sublevel =
			KVER_SRC_SIGNATURE;
	} else if (vd->err == 0) {
		if (kver_decode(vd->code, &r.version))
			r.flags |= KVER_RUN_SUBLEVEL_MIN;
		r.from_major = r.from_patchlevel = r.from_sublevel =
			KVER_SRC_VDSO;
	} else {
		*out = r;
		return KVER_ENOSOURCE;
	}
	base_v = r.version;	/* R's own numbers (all of them without R) */

	/*
	 * Rule 2a's field D: the signature's, else /proc/version's, the first
	 * that applies; a signature naming another release must not hide the
	 * Debian field of R's own line.
	 */
	if (rel) {
		struct kver_source_info *sig = &r.src[KVER_SRC_SIGNATURE];
		struct kver_source_info *pv = &r.src[KVER_SRC_PROC_VERSION];

		if (sig->has_version && distro_applies(&r, sig, rel, base))
			distro = sig;
		else if (pv->has_version && distro_applies(&r, pv, rel, base))
			distro = pv;
	}
	if (distro) {
		/* Rule 2a: the distribution's field is the upstream version. */
		if (abi_style(base) && !same_numbers(&distro->version, base))
			r.flags |= KVER_RUN_DISTRO_ABI;
		r.version = numbers_of(&distro->version);
		r.from_sublevel = (enum kver_source)(distro - r.src);
	} else if (rel && vd->err == 0 && vd->version.major == base->major &&
		   vd->version.patchlevel == base->patchlevel &&
		   vd->version.sublevel != base->sublevel &&
		   abi_style(base) && base->nparts <= 3) {
		/*
		 * Rule 2b: uname shows an ABI number where the SUBLEVEL goes
		 * and no distribution field says more: the kernel's own code
		 * does, exactly below 255 and as a lower bound from 255 on.
		 */
		struct kver d;

		if (kver_decode(vd->code, &d))
			r.flags |= KVER_RUN_SUBLEVEL_MIN;
		r.version = d;
		r.flags |= KVER_RUN_DISTRO_ABI;
		r.from_sublevel = KVER_SRC_VDSO;
	}
	r.code = kver_code_of(&r.version);
	if (r.version.sublevel >= 255)
		r.flags |= KVER_RUN_CLAMPED;

	for (s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++)
		judge(&r, (enum kver_source)s, rel);
	*out = r;
	return 0;
}
