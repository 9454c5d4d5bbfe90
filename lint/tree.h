/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One tree of a run (a PATH named on the command line) as the preprocessor
 * would see it: its include folders and forced includes from its Kbuild
 * files and Makefiles (makefiles.c), which of its files include which
 * (includes.c), and so which files' macros apply in each file (scope.c). A
 * macro never crosses from one tree to another.
 */
#ifndef KVER_LINT_TREE_H
#define KVER_LINT_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "lint.h"

/* makefiles.c: the include options of a tree's makefiles, where they are plain. */
struct incdirs {
	char **dirs;      /* -I, -iquote, -isystem, -idirafter: folders in the tree */
	size_t ndirs;
	char **forced;    /* -include: files in the tree every file is compiled with */
	size_t nforced;
};
/* Reads the makefiles under root (a folder); -1 when out of memory. */
int makefiles_read(const char *root, struct incdirs *out);
void free_incdirs(struct incdirs *d);
/* path with "." and "x/.." taken out and "//" joined; NULL when out of memory. */
char *path_norm(const char *path);

/* includes.c: which file of the tree each #include names. */
struct graph {
	size_t n;
	size_t **to;      /* per file: the files its #include lines name */
	size_t *nto;
	size_t *forced;   /* the files every file is compiled with */
	size_t nforced;
};
/*
 * paths and defs: the tree's n files. An #include "x" is looked up next to
 * the file, then in the include folders, and an #include <x> in the
 * folders; a name none of those holds is taken from the tree's files
 * whose path ends with it (those nearest the including file), as a build
 * with an include path the makefiles do not spell plainly would find it.
 * An #include_next is looked up only in the include folders other than
 * the file's own. Anything else is the kernel's. -1 when out of memory.
 */
int graph_build(struct graph *g, size_t n, char *const *paths, const struct defs *defs,
		const struct incdirs *dirs);
void free_graph(struct graph *g);

/* scope.c: the files each file's text is compiled with. */
struct scopes {
	size_t n, words;
	uint64_t *up;     /* per file, a set of files: itself, what it includes, and
			     everything compiled with any file that includes it */
	struct defs *defs;
};
/* Marks the macros of the tree that can lead to the version code; -1 when out of memory. */
int scopes_build(struct scopes *s, const struct graph *g, struct defs *defs);
/* The macros in effect in file i; -1 when out of memory. */
int scope_of(struct scopes *s, size_t i, struct scope *out);
void free_scope(struct scope *s);
void free_scopes(struct scopes *s);

#endif
