// SPDX-License-Identifier: MIT
/* The vDSO note: hand-built ELF images, broken ones, and the real vDSO. */
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/utsname.h>

#include "harness.h"
#include "kver.h"

struct img {
	unsigned char b[1024];
	size_t len;
	int is64, big;
};

static void put(struct img *m, size_t off, uint64_t v, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		unsigned int k = m->big ? n - 1 - i : i;

		m->b[off + k] = (unsigned char)(v >> (8 * i));
	}
}

struct note {
	const char *name;	/* NULL ends the list */
	uint32_t type;
	uint32_t desc;
	uint32_t descsz;	/* 0: 4 */
};

/*
 * ELF header, one PT_LOAD and one PT_NOTE program header, then the notes.
 * Notes are padded to `align` (4, or 8 with an 8-aligned segment).
 */
static void build(struct img *m, int is64, int big, unsigned int align,
		  const struct note *notes)
{
	size_t eh = is64 ? 64 : 52, ph = is64 ? 56 : 32, pos, start;

	memset(m, 0, sizeof(*m));
	m->is64 = is64;
	m->big = big;
	memcpy(m->b, "\177ELF", 4);
	m->b[4] = is64 ? 2 : 1;
	m->b[5] = big ? 2 : 1;
	m->b[6] = 1;
	put(m, 16, 3, 2);			/* ET_DYN */
	if (is64) {
		put(m, 32, eh, 8);		/* e_phoff */
		put(m, 54, ph, 2);		/* e_phentsize */
		put(m, 56, 2, 2);		/* e_phnum */
	} else {
		put(m, 28, eh, 4);
		put(m, 42, ph, 2);
		put(m, 44, 2, 2);
	}
	start = pos = eh + 2 * ph;
	for (const struct note *n = notes; n && n->name; n++) {
		size_t namesz = strlen(n->name) + 1;
		uint32_t descsz = n->descsz ? n->descsz : 4;

		size_t desc = pos + ((12 + namesz + align - 1) & ~(size_t)(align - 1));

		put(m, pos, namesz, 4);
		put(m, pos + 4, descsz, 4);
		put(m, pos + 8, n->type, 4);
		memcpy(m->b + pos + 12, n->name, namesz);
		put(m, desc, n->desc, 4);
		pos = desc + ((descsz + align - 1) & ~(size_t)(align - 1));
	}
	m->len = pos;
	/* PT_LOAD covering everything, then PT_NOTE over the notes. */
	if (is64) {
		put(m, eh, 1, 4);
		put(m, eh + 32, pos, 8);
		put(m, eh + ph, 4, 4);
		put(m, eh + ph + 8, start, 8);
		put(m, eh + ph + 32, pos - start, 8);
		put(m, eh + ph + 48, align, 8);
	} else {
		put(m, eh, 1, 4);
		put(m, eh + 16, pos, 4);
		put(m, eh + ph, 4, 4);
		put(m, eh + ph + 4, start, 4);
		put(m, eh + ph + 16, pos - start, 4);
		put(m, eh + ph + 28, align, 4);
	}
}

static const struct note x86_notes[] = {
	{ "Linux", 0x100, 0xdeadbeef, 0 },	/* build salt: not the version */
	{ "GNU", 3, 0x12345678, 20 },		/* build id */
	{ "Linux", 0, 0x601c0, 0 },
	{ NULL, 0, 0, 0 },
};

static void check_built(void)
{
	struct img m;
	uint32_t code;
	int err;

	for (int is64 = 0; is64 <= 1; is64++)
		for (int big = 0; big <= 1; big++)
			for (unsigned int align = 4; align <= 8; align += 4) {
				build(&m, is64, big, align, x86_notes);
				code = 0;
				err = kver_elf_note_code(m.b, m.len, &code);
				CHECK(err == 0 && code == 0x601c0,
				      "ELF%d %s align %u: %s 0x%x",
				      is64 ? 64 : 32, big ? "BE" : "LE",
				      align, kver_strerror(err), code);
				/* Any cut short of the end loses the note. */
				for (size_t l = 0; l < m.len; l++) {
					err = kver_elf_note_code(m.b, l,
								 &code);
					if (err == 0) {
						CHECK(0, "cut at %zu found a "
							 "note", l);
						break;
					}
				}
			}
}

static void check_broken(void)
{
	static const struct note other[] = {
		{ "Linux", 0x100, 1, 0 },
		{ "Linux", 0, 0x601c0, 8 },	/* wrong size */
		{ "Linu", 0, 0x601c0, 0 },
		{ "GNU", 0, 0x601c0, 0 },
		{ NULL, 0, 0, 0 },
	};
	struct img m;
	uint32_t code;

	build(&m, 1, 0, 4, other);
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_ENONOTE,
	      "no version note");
	build(&m, 1, 0, 4, NULL);
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_ENONOTE,
	      "empty note segment");

	build(&m, 1, 0, 4, x86_notes);
	CHECK(kver_elf_note_code(NULL, 100, &code) == KVER_EELF, "NULL image");
	CHECK(kver_elf_note_code(m.b, m.len, NULL) == KVER_EINVAL, "NULL out");
	m.b[0] = 'X';
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_EELF, "bad magic");

	build(&m, 1, 0, 4, x86_notes);
	m.b[4] = 3;
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_EELF, "bad class");

	build(&m, 1, 0, 4, x86_notes);
	put(&m, 32, 0xfffffffffffffff0ull, 8);
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_EELF,
	      "e_phoff far away");

	build(&m, 1, 0, 4, x86_notes);
	put(&m, 56, 0xffff, 2);
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_EELF,
	      "PN_XNUM");

	build(&m, 1, 0, 4, x86_notes);
	put(&m, 54, 8, 2);
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_EELF,
	      "tiny e_phentsize");

	build(&m, 1, 0, 4, x86_notes);
	put(&m, 64 + 56 + 8, 0xffffffffffffff00ull, 8);	/* p_offset */
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_EELF,
	      "p_offset wraps");

	build(&m, 1, 0, 4, x86_notes);
	put(&m, 64 + 56 + 32, 0xffffffffffffff00ull, 8);	/* p_filesz */
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_EELF,
	      "p_filesz huge");

	build(&m, 1, 0, 4, x86_notes);
	put(&m, 64 + 2 * 56, 0xfffffff0u, 4);	/* first n_namesz */
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_EELF,
	      "n_namesz huge");

	build(&m, 0, 1, 4, x86_notes);
	put(&m, 52 + 2 * 32 + 4, 0xffffffffu, 4);	/* first n_descsz */
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_EELF,
	      "n_descsz huge (ELF32 BE)");

	/* A 64-bit program header is 56 bytes: 32 is an ELF32 one's size. */
	build(&m, 1, 0, 4, x86_notes);
	put(&m, 54, 32, 2);
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_EELF,
	      "ELF64 with 32-byte program headers");

	/*
	 * The kernel's note is ELFNOTE32("Linux", 0, LINUX_VERSION_CODE):
	 * n_namesz is sizeof("Linux"), 6. A "Linux" note whose n_namesz
	 * counts its padding too (8) is another producer's, not the version.
	 */
	{
		static const struct note one[] = { { "Linux", 0, 0x601c0, 0 }, { NULL, 0, 0, 0 } };

		build(&m, 1, 0, 4, one);
		CHECK(kver_elf_note_code(m.b, m.len, &code) == 0 && code == 0x601c0,
		      "n_namesz 6");
		put(&m, 64 + 2 * 56, 8, 4);			/* n_namesz, desc still at 20 */
		CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_ENONOTE,
		      "n_namesz 8: not the version note");
	}

	/* The last 12 bytes of a note segment are a note header: judged, not skipped. */
	build(&m, 1, 0, 4, NULL);
	put(&m, m.len, 0xfffffff0u, 4);			/* n_namesz */
	put(&m, 64 + 56 + 32, 12, 8);			/* p_filesz */
	m.len += 12;
	CHECK(kver_elf_note_code(m.b, m.len, &code) == KVER_EELF,
	      "a broken 12-byte note at the end");
}

/* A PT_NOTE aligned to 16: its notes are 4-aligned, as for any alignment but 8. */
static void check_align16(void)
{
	struct img m;
	uint32_t code = 0;
	int err;

	build(&m, 1, 0, 4, x86_notes);
	put(&m, 64 + 56 + 48, 16, 8);			/* p_align */
	err = kver_elf_note_code(m.b, m.len, &code);
	CHECK(err == 0 && code == 0x601c0, "p_align 16: %s 0x%x", kver_strerror(err), code);
}

/* A 64-bit header cut short of its 64 bytes is refused before any field is read. */
static void check_short_header(void)
{
	struct img m;
	uint32_t code;

	build(&m, 1, 0, 4, x86_notes);
	for (size_t len = 16; len < 64; len++) {
		/* Exactly len bytes of memory, so that a read past them is caught. */
		unsigned char *p = malloc(len);

		if (!p) {
			CHECK(0, "malloc");
			return;
		}
		memcpy(p, m.b, len);
		CHECK(kver_elf_note_code(p, len, &code) == KVER_EELF, "ELF64 header of %zu bytes",
		      len);
		free(p);
	}
}

/* The running process's own vDSO; skipped where it has none (valgrind). */
void test_vdso_live(void)
{
	struct utsname u;
	struct kver v;
	uint32_t code;
	int err = kver_vdso_code(&code);

	CHECK(kver_vdso_code(NULL) == KVER_EINVAL, "NULL code");
	if (err == KVER_ENOVDSO && !getauxval(AT_SYSINFO_EHDR)) {
		KT_SKIP("this process has no vDSO");
	}
	CHECK(err == 0, "real vDSO: %s", kver_strerror(err));
	CHECK(uname(&u) == 0 && kver_parse(u.release, &v) == 0, "uname");
	/* The note and uname name the same MAJOR.PATCHLEVEL. */
	CHECK(code >> 16 == v.major && ((code >> 8) & 0xff) == v.patchlevel,
	      "vDSO 0x%x vs uname %s", code, u.release);
}

void test_vdso(void)
{
	check_built();
	check_broken();
	check_align16();
	check_short_header();
}
