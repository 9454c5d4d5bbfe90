/* SPDX-License-Identifier: MIT */
/*
 * libkver: the exact Linux kernel version, from user space.
 *
 * LINUX_VERSION_CODE packs a version as KERNEL_VERSION(a, b, c) =
 * (a << 16) + (b << 8) + min(c, 255), so since the SUBLEVEL clamp it cannot
 * tell 6.1.256 from 6.1.300, and distributions often put an ABI number where
 * uname(2) would show the SUBLEVEL. This library parses release strings at
 * full width, encodes and decodes codes exactly as the kernel does, reads the
 * vDSO version note, and reconciles every source the running system offers.
 *
 * Nothing here allocates memory, and only libc is needed (it links with
 * -static). No function writes to a global; all are safe from threads.
 */
#ifndef KVER_H
#define KVER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KVER_VERSION_STRING "1.0.0"

/* Longest release string the kernel can report (__NEW_UTS_LEN). */
#define KVER_RELEASE_MAX 64
/* Numeric parts after SUBLEVEL kept: 2.6.32.71, 5.15.153.1 (WSL). */
#define KVER_EXTRA_MAX 4
/* Room for everything after the numbers ("-27-amd64", "-rc3", ...). */
#define KVER_REST_MAX KVER_RELEASE_MAX

/* Errors: every function returns 0 or one of these (all negative). */
enum {
	KVER_EINVAL = -1,	/* NULL pointer or bad argument */
	KVER_EEMPTY = -2,	/* empty string */
	KVER_ENOTNUM = -3,	/* not a number where one is needed */
	KVER_ELEADZERO = -4,	/* number with a leading zero ("08") */
	KVER_ERANGE = -5,	/* number above the allowed maximum */
	KVER_EFORMAT = -6,	/* malformed version ("6.", "6..1", "6") */
	KVER_EBADCHAR = -7,	/* NUL, control, blank or non-ASCII byte */
	KVER_ETOOLONG = -8,	/* longer than KVER_RELEASE_MAX */
	KVER_ETOOMANY = -9,	/* more than 3 + KVER_EXTRA_MAX numeric parts */
	KVER_ENOVDSO = -10,	/* the process has no vDSO */
	KVER_ENONOTE = -11,	/* no "Linux" version note in the ELF image */
	KVER_EELF = -12,	/* malformed ELF image */
	KVER_EABSENT = -13,	/* source not present on this system */
	KVER_EIO = -14,		/* source present but unreadable */
	KVER_ENOSOURCE = -15,	/* no source gave a usable version */
	KVER_ENOTREG = -16,	/* source is not a regular file (FIFO, ...) */
	KVER_ECONFLICT = -17	/* source contradicts itself */
};

/* Short phrase for an error code ("leading zero"); never NULL. */
const char *kver_strerror(int err);

/* Highest release candidate number accepted ("-rc99"). */
#define KVER_RC_MAX 99

/*
 * A kernel version at full width. "3.0" has nparts 2 and sublevel 0.
 * rest is everything after the numeric parts, verbatim ("-27-amd64",
 * "+bpo-amd64", "-rc3").
 *
 * is_rc is 1 for a release candidate, whose number is rc: rest starts with
 * upstream's "-rcN", Debian's "~rcN", Fedora's "-0.rcN" or Ubuntu
 * mainline's "-MMPPSSrcN" ("6.8.0-060800rc1-generic"), where N is a plain
 * number followed by nothing or one of "-+_.". An N above
 * KVER_RC_MAX makes the release malformed (KVER_ERANGE). Otherwise is_rc
 * and rc are 0.
 */
struct kver {
	uint32_t major, patchlevel, sublevel;
	uint32_t extra[KVER_EXTRA_MAX];	/* valid: extra[0 .. nparts - 4] */
	uint32_t rc;
	unsigned int nparts;		/* 2 .. 3 + KVER_EXTRA_MAX */
	char rest[KVER_REST_MAX + 1];	/* NUL-terminated */
	int is_rc;
};

/*
 * Strict decimal: digits only, no sign, no blanks, no leading zero ("0"
 * itself is fine), value <= max. Errors: KVER_EEMPTY, KVER_ENOTNUM,
 * KVER_ELEADZERO, KVER_ERANGE (and KVER_EINVAL for NULL). *out is written
 * only on success.
 */
int kver_parse_uint(const char *s, uint32_t max, uint32_t *out);

/*
 * A LINUX_VERSION_CODE written as text: "0x601c0" (hex digits in either
 * case) or "393664" (strict decimal). Errors: KVER_EEMPTY, KVER_ENOTNUM,
 * KVER_ELEADZERO, KVER_ERANGE (above 32 bits), KVER_EINVAL.
 */
int kver_parse_code(const char *s, uint32_t *code);

/*
 * Parse a release string such as "6.1.0-27-amd64" or "5.15.153.1-microsoft-
 * standard-WSL2": at least MAJOR.PATCHLEVEL, each number strict decimal
 * (< 2^32, no leading zero), then any printable ASCII without blanks.
 * Returns 0 or a negative KVER_E* code; *out is zeroed on error.
 * kver_parse_n takes a length, so an embedded NUL is an error (KVER_EBADCHAR).
 */
int kver_parse(const char *release, struct kver *out);
int kver_parse_n(const char *release, size_t len, struct kver *out);

/* Set a version from numbers (nparts 3, no rest). */
void kver_set(struct kver *v, uint32_t major, uint32_t patchlevel,
	      uint32_t sublevel);

/*
 * Write the version into buf (snprintf rules: returns the length it needed,
 * always NUL-terminates when size > 0). KVER_FMT_NUMBERS writes only the
 * numbers, at least three of them ("3.0" gives "3.0.0"); KVER_FMT_FULL
 * writes the numbers as parsed followed by rest.
 */
enum { KVER_FMT_NUMBERS = 0, KVER_FMT_FULL = 1 };
int kver_format(const struct kver *v, int how, char *buf, size_t size);

/*
 * The kernel's encoding, clamped like KERNEL_VERSION() since 2021:
 * (major << 16) + (patchlevel << 8) + min(sublevel, 255), in 32-bit unsigned
 * arithmetic. kver_code_unclamped is the encoding kernels used before the
 * clamp (4.9.256 gave 0x40a00, which reads as 4.10.0).
 */
uint32_t kver_code(uint32_t major, uint32_t patchlevel, uint32_t sublevel);
uint32_t kver_code_unclamped(uint32_t major, uint32_t patchlevel,
			     uint32_t sublevel);
uint32_t kver_code_of(const struct kver *v);

/*
 * Decode a code into *out (nparts 3, no rest). Returns 0 when the numbers are
 * exact, KVER_DECODE_SUBLEVEL_MIN when sublevel is 255 and so stands for any
 * SUBLEVEL >= 255.
 */
#define KVER_DECODE_SUBLEVEL_MIN 1
int kver_decode(uint32_t code, struct kver *out);

/*
 * 1 when kver_code_of(v) stands for v's numbers and for no other version,
 * so that kver_decode() gives them back and returns 0: MAJOR <= 65535,
 * PATCHLEVEL <= 255, SUBLEVEL <= 254 (255 is the clamp: its code is shared
 * by every later SUBLEVEL) and no non-zero part after SUBLEVEL. Else 0.
 * "-rcN" and other suffixes are never encoded and do not count.
 */
int kver_code_exact(const struct kver *v);

/*
 * 1 when the code does not fit: MAJOR above 65535 or PATCHLEVEL above 255
 * spill into the bits of the part before, so the code reads as another
 * version (6.256.0 gives 0x70000, which is 7.0.0). A SUBLEVEL above 255
 * is clamped, not an overflow. Else 0.
 */
int kver_code_overflows(const struct kver *v);

/*
 * Full-precision order: major, patchlevel, sublevel, then the extra parts
 * (a missing part counts as 0), then release candidates before the release
 * itself, in order of their number (rc0 < rc1 < ... < release). Other
 * suffixes (distribution, local version) do not take part.
 * Returns -1, 0 or 1.
 */
int kver_cmp(const struct kver *a, const struct kver *b);

/* 1 when a and b are different versions (kver_cmp != 0) with one code. */
int kver_code_collides(const struct kver *a, const struct kver *b);

/*
 * The LINUX_VERSION_CODE in the "Linux" ELF note (type 0, 4-byte
 * descriptor) of the current process's vDSO, found through
 * getauxval(AT_SYSINFO_EHDR). Returns 0, KVER_ENOVDSO, KVER_ENONOTE or
 * KVER_EELF.
 */
int kver_vdso_code(uint32_t *code);

/*
 * The same note, looked up in an ELF image of len bytes in memory (a vDSO
 * dump, for instance). ELF32 and ELF64, either byte order; every offset is
 * checked against len.
 */
int kver_elf_note_code(const void *image, size_t len, uint32_t *code);

/*
 * The running kernel.
 *
 * Sources, in the order they are read:
 *  KVER_SRC_UNAME        uname(2) release
 *  KVER_SRC_OSRELEASE    /proc/sys/kernel/osrelease
 *  KVER_SRC_PROC_VERSION /proc/version: "Linux version RELEASE ..."; on
 *                        Debian its "#N ... Debian X.Y.Z-R" field gives the
 *                        real upstream version
 *  KVER_SRC_SIGNATURE    /proc/version_signature (Ubuntu): "Ubuntu
 *                        5.15.0-91.101-generic 5.15.131", whose last word
 *                        is the real upstream version
 *  KVER_SRC_VDSO         the vDSO "Linux" note: the kernel's own
 *                        LINUX_VERSION_CODE, exact below SUBLEVEL 255
 *
 * Reading never blocks and never takes more than a source can hold: files
 * are opened with O_NONBLOCK | O_NOCTTY, anything but a regular file (the
 * procfs files are regular files) is KVER_ENOTREG, a file larger than the
 * source can be is KVER_ETOOLONG. A source that cannot be used says why in
 * src[].err; a text that does not parse is an error of that source.
 *
 * The reconcile rule. "ABI-style" is a release with SUBLEVEL 0 followed by
 * a suffix, as distributions write it ("6.1.0-27-amd64" on 6.1.115).
 *  0. A /proc/version whose Debian field could not give its own release's
 *     SUBLEVEL (see 2a) contradicts itself: KVER_ECONFLICT, unusable.
 *  1. The release R is uname's, else osrelease's, else /proc/version's
 *     release word. MAJOR and PATCHLEVEL always come from R.
 *  2. SUBLEVEL (and the parts after it) come from the first that applies:
 *     a. a distribution field D, version_signature's upstream version or
 *        else /proc/version's Debian field, the first of them whose
 *        source names R (/proc/version's release word is R; the
 *        signature's second word is R once Ubuntu's upload number is
 *        dropped: "5.15.0-91.101-generic" names "5.15.0-91-generic"),
 *        with R's MAJOR and PATCHLEVEL, and R ABI-style or with D's
 *        numbers;
 *     b. the vDSO, when R is ABI-style with three numbers and the code has
 *        R's MAJOR and PATCHLEVEL but another SUBLEVEL (from 255 on only
 *        as a lower bound: KVER_RUN_SUBLEVEL_MIN);
 *     c. R itself.
 *     When a or b gives other numbers than an ABI-style R (its SUBLEVEL or
 *     the parts after it), KVER_RUN_DISTRO_ABI is set.
 *  3. Without R, the signature's upstream version gives every part, else
 *     the vDSO does.
 *  4. A source that gave a value disagrees when it contradicts the result:
 *     uname, osrelease   not the text R, or other numbers than the result
 *                        (except an ABI-style SUBLEVEL replaced by 2a, 2b);
 *     proc_version       its release word is not R, or its Debian field has
 *                        other numbers than the result;
 *     version_signature  it names another release than R, or its upstream
 *                        version has other numbers than the result;
 *     vdso               its code is not kver_code_of(result), unless the
 *                        result's SUBLEVEL is above 255 and the code is the
 *                        pre-clamp sum (KVER_RUN_UNCLAMPED_KERNEL).
 *     Each sets its bit in `disagree`, and KVER_RUN_DISAGREE. A part is
 *     never taken from a source that disagrees: from_major, from_patchlevel
 *     and from_sublevel always name a source with agrees == 1.
 */
enum kver_source {
	KVER_SRC_NONE = 0,
	KVER_SRC_UNAME,
	KVER_SRC_OSRELEASE,
	KVER_SRC_PROC_VERSION,
	KVER_SRC_SIGNATURE,
	KVER_SRC_VDSO,
	KVER_SRC_COUNT
};

/* Stable lower-case name of a source ("uname", "vdso"); never NULL. */
const char *kver_source_name(enum kver_source src);

/*
 * Where each source is read from. A NULL member means the real source;
 * an empty string "" means "treat as absent"; any other string is a file to
 * read instead (for tests and recorded snapshots), which must be a regular
 * file like the real one:
 *  uname              a file holding the `uname -r` output
 *  osrelease          default /proc/sys/kernel/osrelease
 *  proc_version       default /proc/version
 *  version_signature  default /proc/version_signature
 *  vdso               an ELF image (a vDSO dump), or text holding the code
 *                     in C notation ("0x601c0" or "393664")
 * kver_running(NULL, ...) reads everything from the real system.
 */
struct kver_paths {
	const char *uname;
	const char *osrelease;
	const char *proc_version;
	const char *version_signature;
	const char *vdso;
};

/* What one source said. */
struct kver_source_info {
	int err;		/* 0, KVER_EABSENT, or why it is unusable */
	int has_version;	/* version below is set */
	struct kver version;	/* full-width version it gives, if any */
	uint32_t code;		/* KVER_SRC_VDSO: the note's code */
	int agrees;		/* 1 consistent with the result, 0 if not */
	char text[KVER_RELEASE_MAX + 1];	/* release or field as read */
};

/* Flags in kver_running.flags. */
#define KVER_RUN_DISAGREE	0x1	/* some source contradicts the result */
#define KVER_RUN_CLAMPED	0x2	/* sublevel >= 255: the code is clamped */
#define KVER_RUN_UNCLAMPED_KERNEL 0x4	/* vDSO code uses the pre-clamp sum */
#define KVER_RUN_SUBLEVEL_MIN	0x8	/* only known: sublevel >= 255 */
#define KVER_RUN_DISTRO_ABI	0x10	/* uname shows an ABI, not a SUBLEVEL */

/* Stable lower-case name of one KVER_RUN_* flag ("clamped"), or NULL. */
const char *kver_run_flag_name(unsigned int flag);

struct kver_running {
	char release[KVER_RELEASE_MAX + 1];	/* uname -r (or "" if none) */
	struct kver version;	/* best version: numbers, plus uname's rest
				   when uname's numbers were used as they are */
	uint32_t code;		/* kver_code_of(&version) */
	enum kver_source from_major, from_patchlevel, from_sublevel;
	unsigned int flags;	/* KVER_RUN_* */
	unsigned int disagree;	/* bit (1u << src) per contradicting source */
	struct kver_source_info src[KVER_SRC_COUNT];
};

/*
 * Read every source (see struct kver_paths) and reconcile them. Returns 0
 * when a version was found (check out->disagree), KVER_ENOSOURCE when no
 * source gave one (out->src[].err then says why for each), KVER_EINVAL for
 * a NULL out.
 */
int kver_running(const struct kver_paths *paths, struct kver_running *out);

/*
 * Pick the upstream version out of a /proc/version line (Debian's
 * "#1 SMP ... Debian 6.1.192-3 (2024-...)") or a /proc/version_signature
 * line ("Ubuntu 5.15.0-91.101-generic 5.15.131"). 0 on success,
 * KVER_EABSENT when the line has no such field, or a parse error.
 */
int kver_debian_field(const char *proc_version, struct kver *out);
int kver_ubuntu_signature(const char *signature, struct kver *out);

#ifdef __cplusplus
}
#endif

#endif /* KVER_H */
