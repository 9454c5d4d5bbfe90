// SPDX-License-Identifier: MIT
/* libFuzzer target for the ELF note walker behind the vDSO reader. */
#include <stdlib.h>
#include <string.h>

#include "kver.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* A private copy, so ASan sees any read past the end. */
	uint8_t *copy = malloc(size ? size : 1);
	uint32_t code = 0;
	int err;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	err = kver_elf_note_code(copy, size, &code);
	if (err != 0 && err != KVER_ENONOTE && err != KVER_EELF)
		abort();
	free(copy);
	return 0;
}
