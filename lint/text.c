// SPDX-License-Identifier: GPL-2.0
/* Token text for the passes over whole files (text.h). */
#include <stdlib.h>
#include <string.h>

#include "text.h"

void put(struct buf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (b->n + n + 1 > b->cap) {
		size_t ncap = b->cap ? b->cap : 256;
		char *ns;

		while (ncap < b->n + n + 1)
			ncap *= 2;
		ns = realloc(b->s, ncap);
		if (!ns) {
			b->oom = 1;
			return;
		}
		b->s = ns;
		b->cap = ncap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

int tok_eq(const struct token *t, const char *s)
{
	return strlen(s) == t->len && !memcmp(t->text, s, t->len);
}

int punct_at(const struct source *src, size_t i, const char *s)
{
	return i < src->ntoks && src->toks[i].kind == TOK_PUNCT && tok_eq(&src->toks[i], s);
}

void put_tokens(struct buf *b, const struct source *src, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++) {
		const struct token *t = &src->toks[i];

		if (i > s && t->off > src->toks[i - 1].off + src->toks[i - 1].len)
			put(b, " ", 1);
		put(b, t->text, t->len);
	}
}

size_t region_end(const struct source *src, size_t i)
{
	size_t e = i;

	while (e < src->ntoks && src->toks[e].dir == src->toks[i].dir)
		e++;
	return e;
}

size_t close_paren(const struct source *src, size_t i)
{
	int depth = 0;

	for (size_t j = i; j < src->ntoks && src->toks[j].dir == src->toks[i].dir; j++) {
		if (punct_at(src, j, "("))
			depth++;
		else if (punct_at(src, j, ")") && --depth == 0)
			return j;
	}
	return 0;
}

int is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       (c >= '0' && c <= '9');
}
