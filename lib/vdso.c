// SPDX-License-Identifier: MIT
/*
 * The "Linux" ELF note of the vDSO: name "Linux", type 0, a 4-byte
 * descriptor holding LINUX_VERSION_CODE of the running kernel.
 *
 * ELF fields are read byte by byte at fixed offsets rather than through
 * <elf.h> structures, so an image of either class and byte order can be
 * read at any alignment, and every offset is checked before use.
 */
#include <string.h>
#include <sys/auxv.h>

#include "kver.h"

#define PT_NOTE_TYPE	4
#define PN_XNUM_VALUE	0xffff
/* A vDSO is a few pages; refuse to believe in one larger than this. */
#define VDSO_MAX_SIZE	(16u << 20)

struct elf_view {
	const unsigned char *p;
	size_t len;
	int is64;
	int big;
};

static uint64_t rd(const struct elf_view *e, size_t off, unsigned int n)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		unsigned int k = e->big ? i : n - 1 - i;

		v = (v << 8) | e->p[off + k];
	}
	return v;
}

/* off + n <= len, without overflow. */
static int fits(const struct elf_view *e, uint64_t off, uint64_t n)
{
	return off <= e->len && n <= e->len - off;
}

static int elf_open(struct elf_view *e, const void *image, size_t len)
{
	e->p = image;
	e->len = len;
	if (!image || len < 16 || memcmp(e->p, "\177ELF", 4) != 0)
		return KVER_EELF;
	if (e->p[4] != 1 && e->p[4] != 2)
		return KVER_EELF;
	if (e->p[5] != 1 && e->p[5] != 2)
		return KVER_EELF;
	e->is64 = e->p[4] == 2;
	e->big = e->p[5] == 2;
	if (len < (e->is64 ? 64u : 52u))
		return KVER_EELF;
	return 0;
}

struct phdr {
	uint32_t type;
	uint64_t offset, filesz, align;
};

static void phdr_read(const struct elf_view *e, size_t off, struct phdr *ph)
{
	ph->type = (uint32_t)rd(e, off, 4);
	if (e->is64) {
		ph->offset = rd(e, off + 8, 8);
		ph->filesz = rd(e, off + 32, 8);
		ph->align = rd(e, off + 48, 8);
	} else {
		ph->offset = rd(e, off + 4, 4);
		ph->filesz = rd(e, off + 16, 4);
		ph->align = rd(e, off + 28, 4);
	}
}

static int phdr_table(const struct elf_view *e, uint64_t *off,
		      unsigned int *num, unsigned int *size)
{
	*off = e->is64 ? rd(e, 32, 8) : rd(e, 28, 4);
	*size = (unsigned int)rd(e, e->is64 ? 54 : 42, 2);
	*num = (unsigned int)rd(e, e->is64 ? 56 : 44, 2);
	if (*num == PN_XNUM_VALUE)
		return KVER_EELF;
	if (*size < (e->is64 ? 56u : 32u))
		return KVER_EELF;
	return 0;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

/* Walk the notes of one PT_NOTE segment. */
static int note_walk(const struct elf_view *e, const struct phdr *ph,
		     uint32_t *code)
{
	/* Notes are 4-aligned, or 8-aligned in an 8-aligned segment. */
	uint64_t a = ph->align == 8 ? 8 : 4;
	uint64_t pos = ph->offset, end = ph->offset + ph->filesz;

	while (end - pos >= 12) {
		uint64_t namesz = rd(e, (size_t)pos, 4);
		uint64_t descsz = rd(e, (size_t)pos + 4, 4);
		uint64_t type = rd(e, (size_t)pos + 8, 4);
		uint64_t name = pos + 12;
		/* Padding counts from the note's start, as binutils does. */
		uint64_t desc = pos + align_up(12 + namesz, a);
		uint64_t next = pos + align_up(desc - pos + descsz, a);

		if (next > end || next <= pos)
			return KVER_EELF;
		if (type == 0 && namesz == 6 && descsz == 4 &&
		    memcmp(e->p + name, "Linux", 6) == 0) {
			*code = (uint32_t)rd(e, (size_t)desc, 4);
			return 0;
		}
		pos = next;
	}
	return KVER_ENONOTE;
}

int kver_elf_note_code(const void *image, size_t len, uint32_t *code)
{
	struct elf_view e;
	uint64_t phoff;
	unsigned int phnum, phsize, i;
	int err, bad = 0;

	if (!code)
		return KVER_EINVAL;
	err = elf_open(&e, image, len);
	if (err)
		return err;
	err = phdr_table(&e, &phoff, &phnum, &phsize);
	if (err)
		return err;
	if (!fits(&e, phoff, (uint64_t)phnum * phsize))
		return KVER_EELF;
	for (i = 0; i < phnum; i++) {
		struct phdr ph;

		phdr_read(&e, (size_t)(phoff + (uint64_t)i * phsize), &ph);
		if (ph.type != PT_NOTE_TYPE)
			continue;
		if (!fits(&e, ph.offset, ph.filesz)) {
			bad = 1;
			continue;
		}
		err = note_walk(&e, &ph, code);
		if (err == 0)
			return 0;
		if (err == KVER_EELF)
			bad = 1;
	}
	return bad ? KVER_EELF : KVER_ENONOTE;
}

/*
 * Size of the mapped vDSO image: the end of the furthest segment or of the
 * program header table. The kernel maps the whole image, so this much can
 * be read; the bounds-checked walker then does the rest.
 */
static size_t vdso_extent(const unsigned char *base)
{
	struct elf_view e;
	uint64_t phoff, end;
	unsigned int phnum, phsize, i;

	/* The header itself lies within the first mapped page. */
	if (elf_open(&e, base, 64) != 0)
		return 0;
	if (phdr_table(&e, &phoff, &phnum, &phsize) != 0)
		return 0;
	end = phoff + (uint64_t)phnum * phsize;
	if (phoff > VDSO_MAX_SIZE || end > VDSO_MAX_SIZE)
		return 0;
	e.len = (size_t)end;
	for (i = 0; i < phnum; i++) {
		struct phdr ph;

		phdr_read(&e, (size_t)(phoff + (uint64_t)i * phsize), &ph);
		if (ph.offset > VDSO_MAX_SIZE || ph.filesz > VDSO_MAX_SIZE)
			return 0;
		if (ph.offset + ph.filesz > end)
			end = ph.offset + ph.filesz;
	}
	return end > VDSO_MAX_SIZE ? 0 : (size_t)end;
}

int kver_vdso_code(uint32_t *code)
{
	const unsigned char *base;
	size_t len;

	if (!code)
		return KVER_EINVAL;
	base = (const unsigned char *)(uintptr_t)getauxval(AT_SYSINFO_EHDR);
	if (!base)
		return KVER_ENOVDSO;
	len = vdso_extent(base);
	if (!len)
		return KVER_EELF;
	return kver_elf_note_code(base, len, code);
}
