// SPDX-License-Identifier: GPL-2.0
/* KEY=VALUE pairs in order; see pairs.h. */
#include <stdlib.h>
#include <string.h>

#include "pairs.h"

static struct pair *find(const struct pairs *s, const char *key, size_t klen)
{
	for (size_t i = 0; i < s->n; i++)
		if (strlen(s->p[i].key) == klen && !strncmp(s->p[i].key, key, klen))
			return &s->p[i];
	return NULL;
}

const char *pairs_get(const struct pairs *s, const char *key, size_t klen)
{
	const struct pair *p = find(s, key, klen);

	return p ? p->val : NULL;
}

int pairs_add(struct pairs *s, const char *key, size_t klen, const char *val)
{
	struct pair *np = realloc(s->p, (s->n + 1) * sizeof(*np));

	if (!np)
		return -1;
	s->p = np;
	np[s->n].key = strndup(key, klen);
	np[s->n].val = strdup(val);
	if (!np[s->n].key || !np[s->n].val) {
		free(np[s->n].key);
		free(np[s->n].val);
		return -1;
	}
	s->n++;
	return 0;
}

int pairs_set(struct pairs *s, const char *key, size_t klen, const char *val)
{
	struct pair *p = find(s, key, klen);
	char *v;

	if (!p)
		return pairs_add(s, key, klen, val);
	v = strdup(val);
	if (!v)
		return -1;
	free(p->val);
	p->val = v;
	return 0;
}

void pairs_free(struct pairs *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->p[i].key);
		free(s->p[i].val);
	}
	free(s->p);
	s->p = NULL;
	s->n = 0;
}
