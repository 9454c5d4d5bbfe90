/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kver-lint: finds C version tests that break when SUBLEVEL passes 255.
 */
#ifndef KVER_LINT_H
#define KVER_LINT_H

#include <stddef.h>

enum tok_kind {
	TOK_IDENT,
	TOK_NUMBER,
	TOK_PUNCT,
	/* String, character literal or <header>: kept only as a placeholder. */
	TOK_LITERAL,
};

struct token {
	enum tok_kind kind;
	const char *text; /* into the spliced buffer, not NUL-terminated */
	size_t len;
	size_t off;       /* offset in the spliced buffer */
	int line, col;    /* position in the file, 1-based */
	int bol;          /* first token of a logical line */
	int dir;          /* logical line number of its directive, or -1 */
	int via;          /* macro (index in the tree) it was expanded from, or -1 */
};

struct source {
	const char *path;
	char *buf;        /* the file with line continuations spliced out */
	size_t len;
	int *line, *col;  /* file position of each byte of buf */
	struct token *toks;
	size_t ntoks;
	unsigned char *ignore; /* per file line: "kver-lint: ignore" seen */
	int nlines;
	int *via;         /* expanded sources: per byte of buf, the macro or -1 */
};

struct warning {
	int line, col;
	char *msg;        /* "<what>; use <replacement>" */
	const char *rule; /* its rule's id, "kver-kernel-version", ... (static) */
};

struct warnings {
	struct warning *v;
	size_t n, cap;
};

/* A macro of the tree read that leads to the version code (macros.c). */
struct macro {
	char *name;
	char **params;    /* NULL for an object-like macro */
	int nparams;
	char *body;       /* its tokens, blanks squeezed */
	const char *file; /* where it is defined (owned by the tree) */
	int line;
};

/*
 * What the files read say about the version macros, gathered before any
 * file is judged: a build with that include path sees them all.
 */
struct tree {
	struct macro *m;
	size_t n, cap;
	char **files;     /* the paths the macros were read from */
	size_t nfiles;
	/*
	 * KERNEL_VERSION redefined with a SUBLEVEL wider than 8 bits (no
	 * clamp, no carry) and LINUX_VERSION_CODE redefined from it: the
	 * tree's own comparisons are right and are not judged.
	 */
	int own_kv, own_code;
};

/* lex.c: 0 on success, -1 when out of memory. data is not kept. */
int lex_source(struct source *src, const char *data, size_t len);
/*
 * The same from text that has no comments or line continuations, with the
 * file position and macro of each byte given (all three arrays len + 1
 * long, taken over by src); ignore (nlines + 1 bytes) is copied.
 */
int lex_mapped(struct source *src, char *text, size_t len, int *line, int *col,
	       int *via, const unsigned char *ignore, int nlines);
void free_source(struct source *src);

/* macros.c: -1 when out of memory. */
int tree_collect(struct tree *t, const struct source *src);
int tree_finish(struct tree *t);
/* A file with its own constant LINUX_VERSION_CODE is not built for Linux. */
int not_for_linux(const struct source *src);
/* 1 and out filled when a macro of the tree is used in src, else 0. */
int expand_source(const struct tree *t, const struct source *src, struct source *out);
void free_tree(struct tree *t);

/* rules.c: the rules, { NULL } at the end. */
struct ctx;
struct comparison;
struct rule {
	const char *id, *what;
	/* Judges the clamped code: not run on a tree with its own wide one. */
	int clamped;
	/* Judges each comparison with LINUX_VERSION_CODE, or NULL. */
	void (*compare)(struct ctx *c, const struct comparison *k);
	/* Scans the whole file after the comparisons, or NULL. */
	void (*scan)(struct ctx *c);
};
extern const struct rule lint_rules[];

/* rules.c: appends to out; -1 when out of memory. tree may be NULL. */
int check_source(const struct source *src, const struct tree *tree, struct warnings *out);
/* The value of a whole token stream of integer literals: 0, else -1. */
int eval_source(const struct source *src, long long *val);
void free_warnings(struct warnings *w);

/* report.c: the output, in one of the formats. */
enum format { FORMAT_GCC, FORMAT_SARIF };
void report_begin(enum format f);
void report_warning(const char *path, const struct warning *w);
void report_end(void);

#endif
