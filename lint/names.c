// SPDX-License-Identifier: GPL-2.0
/* The names of the rules: which identifiers and statements are about the kernel's version. */
#include <ctype.h>
#include <strings.h>

#include "ctx.h"

/* How far back a statement is searched for its words. */
#define CONTEXT_TOKENS 40

/* Whether an identifier has word w (split at '_', digits and camelCase). */
static int has_word(const struct token *t, const char *w)
{
	size_t i = 0, wl = strlen(w);

	while (i < t->len) {
		size_t s;

		while (i < t->len && !isalpha((unsigned char)t->text[i]))
			i++;
		s = i;
		if (i < t->len)
			i++;
		while (i < t->len && isalpha((unsigned char)t->text[i]) &&
		       !(islower((unsigned char)t->text[i - 1]) &&
			 isupper((unsigned char)t->text[i])))
			i++;
		if (i - s == wl && !strncasecmp(t->text + s, w, wl))
			return 1;
	}
	return 0;
}

static int has_any_word(const struct token *t, const char *const *words)
{
	for (; *words; words++)
		if (has_word(t, *words))
			return 1;
	return 0;
}

static const char *const ver_words[] = { "ver", "vers", "version", NULL };
const char *const kernel_words[] = { "kver", "kernel", "kern", "linux", "uts", NULL };
/* Words that are about the kernel's version whatever surrounds them. */
static const char *const kernel_version_words[] = {
	"kver", "kernel", "kern", "uname", "utsname", "sublevel", "patchlevel", NULL,
};

/*
 * A name that places an encoding near the kernel's version rather than a
 * device's or a driver's (BT878_VERSION_CODE, QLCNIC_LINUX_MAJOR).
 */
int is_kernel_version_name(const struct token *t)
{
	return t->kind == TOK_IDENT &&
	       (has_any_word(t, kernel_version_words) ||
		(has_word(t, "linux") && has_any_word(t, ver_words)));
}

/* A name for the kernel's version code: LINUX_VERSION_CODE, kver, ... */
static int is_version_code_name(const struct token *t)
{
	if (t->kind != TOK_IDENT)
		return 0;
	if (tok_is(t, "LINUX_VERSION_CODE") || has_word(t, "kver"))
		return 1;
	return has_any_word(t, ver_words) && has_any_word(t, kernel_words);
}

int range_has_version_code(const struct ctx *c, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++)
		if (is_version_code_name(&c->t[i]))
			return 1;
	return 0;
}

/* Where the statement or directive holding token i begins. */
size_t context_start(const struct ctx *c, size_t i)
{
	size_t s = i;

	while (s > 0 && i - s < CONTEXT_TOKENS && same_region(c, s - 1, i) &&
	       !is_punct(c, s - 1, ";") && !is_punct(c, s - 1, "{") &&
	       !is_punct(c, s - 1, "}"))
		s--;
	return s;
}

int context_has(const struct ctx *c, size_t s, size_t e, const char *const *words)
{
	for (size_t i = s; i < e; i++)
		if (c->t[i].kind == TOK_IDENT && has_any_word(&c->t[i], words))
			return 1;
	return 0;
}
