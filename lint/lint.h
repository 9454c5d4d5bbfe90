/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kver-lint: finds C version tests that break when SUBLEVEL passes 255.
 *
 * The parts, each depending only on the ones above it:
 *   lex.c                 tokens of one file
 *   defs.c                what one file defines and includes (first pass)
 *   makefiles.c           a tree's include folders, from its Kbuild/Makefiles
 *   includes.c, scope.c   which files' macros apply to a file
 *   expand.c              those macros expanded where a file uses them
 *   ctx.h: tokens.c, eval.c, names.c, findings.c
 *                         what the rules read a file with
 *   series.c              what each kernel series' headers make of a test
 *   rules*.c (rules.h)    the rules and their table
 *   report.c              the output formats
 *   files.c, main.c       the command line, the trees and their files
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
	int via;          /* macro (index in the scope) it was expanded from, or -1 */
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

/*
 * One finding. The comparison fields say what the test means, for readers
 * of the tsv format (the audit's analysis): op is the operator with the
 * version code on the left ("" when the finding is no comparison), want
 * the version the test names, value the number it is compared with (-1
 * when that is KERNEL_VERSION(want), whose value depends on the headers).
 */
struct warning {
	int line, col;
	char *msg;        /* "<what>; use <replacement>" */
	char *fix;        /* the replacement alone, or NULL */
	const char *rule; /* its rule's id, "kver-kernel-version", ... (static) */
	int directive;    /* in a preprocessor line (#if, #elif, #define) */
	char op[4];
	long long want[3];
	long long value;
};

struct warnings {
	struct warning *v;
	size_t n, cap;
	size_t tests;     /* comparisons with the version code judged */
};

/* A macro one file defines (defs.c). */
struct macro {
	char *name;
	char **params;    /* NULL for an object-like macro */
	int nparams;
	char *body;       /* its tokens, blanks squeezed */
	const char *file; /* where it is defined (the file's path) */
	int line;
	int lead;         /* scope.c: can lead to the version code in its tree */
	int in_place;     /* scope.c: -1 unknown; 1 its body is reported where it stands */
};

/* An #include line (defs.c). */
struct include {
	char *name;       /* between the quotes or the angle brackets */
	int angle;        /* <name> */
	int next;         /* #include_next */
};

/* What one file defines and includes, read once before any file is judged. */
struct defs {
	struct macro *m;
	size_t n, cap;
	struct include *inc;
	size_t ninc, inccap;
	/* KERNEL_VERSION defined with a SUBLEVEL wider than 8 bits. */
	int wide_kv;
	/* LINUX_VERSION_CODE defined (not a constant: that is foreign). */
	int code;
	/* A constant LINUX_VERSION_CODE: the file is not built for Linux. */
	int foreign;
};

/*
 * The macros in effect in one file: those of every file its text is
 * compiled with (scope.c), the ones that lead to the version code, sorted
 * by name.
 */
struct scope {
	const struct macro **m;
	size_t n;
	/*
	 * KERNEL_VERSION redefined with a SUBLEVEL wider than 8 bits (no
	 * clamp, no carry) and LINUX_VERSION_CODE redefined from it: the
	 * comparisons are right and are not judged.
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
/* Lexes a NUL-terminated text into a source of its own; -1 when out of memory. */
int lex_text(struct source *out, const char *text);
void free_source(struct source *src);

/* defs.c: the definitions and includes of src (its path is kept); -1 when out of memory. */
int defs_read(struct defs *d, const struct source *src);
void free_defs(struct defs *d);
void free_macro(struct macro *m);

/* expand.c: 1 and out filled when a macro of the scope is used in src, else 0; -1 out of memory. */
int expand_source(const struct scope *s, const struct source *src, struct source *out);

/* rules.c: appends to out; -1 when out of memory. scope may be NULL. */
int check_source(const struct source *src, const struct scope *s, struct warnings *out);
void free_warnings(struct warnings *w);
/* eval.c: the value of a whole token stream of integer literals: 0, else -1. */
int eval_source(const struct source *src, long long *val);

/* report.c: the output, in one of the formats; tree names the PATH the file was found under. */
enum format { FORMAT_GCC, FORMAT_SARIF, FORMAT_TSV };
void report_begin(enum format f);
void report_warning(const char *tree, const char *path, const struct warning *w);
/* After a tree's files: how many comparisons with the code were judged, with how many findings. */
void report_tree(const char *tree, size_t tests, size_t findings);
/* The end of the output: 0, or -1 with errno set when the SARIF log could not be written whole. */
int report_end(void);

#endif
