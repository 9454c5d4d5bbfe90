// SPDX-License-Identifier: GPL-2.0
/*
 * The C lexer of kver-lint: enough of translation phases 2 and 3 to see the
 * tokens a version test is made of. Line continuations are spliced out
 * first (so a test split across a macro's lines is one token stream), then
 * comments, string and character literals are skipped, so that nothing in
 * them can match. Every token keeps its position in the original file.
 */
#include <stdlib.h>
#include <string.h>

#include "lint.h"

#define IGNORE_MARK "kver-lint: ignore"

static int is_ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '$';
}

static int is_ident_char(int c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/*
 * Phase 2: drop every backslash-newline (GCC also accepts blanks between
 * the two) and record, for each byte left, where it was in the file.
 */
static int splice(struct source *src, const char *data, size_t len)
{
	size_t i = 0, o = 0;
	int line = 1, col = 1;

	src->buf = malloc(len + 1);
	src->line = malloc((len + 1) * sizeof(int));
	src->col = malloc((len + 1) * sizeof(int));
	if (!src->buf || !src->line || !src->col)
		return -1;
	while (i < len) {
		if (data[i] == '\\') {
			size_t j = i + 1;

			while (j < len && (data[j] == ' ' || data[j] == '\t'))
				j++;
			if (j < len && data[j] == '\r')
				j++;
			if (j < len && data[j] == '\n') {
				i = j + 1;
				line++;
				col = 1;
				continue;
			}
		}
		src->buf[o] = data[i];
		src->line[o] = line;
		src->col[o] = col;
		o++;
		if (data[i] == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
		i++;
	}
	src->buf[o] = '\0';
	src->line[o] = line;
	src->col[o] = col;
	src->len = o;
	src->nlines = line;
	src->ignore = calloc((size_t)line + 1, 1);
	return src->ignore ? 0 : -1;
}

static int push(struct source *src, size_t *cap, enum tok_kind kind,
		size_t start, size_t end, int bol, int dir)
{
	struct token *t;

	if (src->ntoks == *cap) {
		size_t ncap = *cap ? *cap * 2 : 256;
		struct token *n = realloc(src->toks, ncap * sizeof(*n));

		if (!n)
			return -1;
		src->toks = n;
		*cap = ncap;
	}
	t = &src->toks[src->ntoks++];
	t->kind = kind;
	t->text = src->buf + start;
	t->len = end - start;
	t->off = start;
	t->line = src->line[start];
	t->col = src->col[start];
	t->bol = bol;
	t->dir = dir;
	t->via = src->via ? src->via[start] : -1;
	return 0;
}

/* A comment from start (at the slash); returns the offset after it. */
static size_t skip_comment(struct source *src, size_t i)
{
	const char *b = src->buf;
	size_t start = i, end;
	int block = b[i + 1] == '*';

	if (block) {
		const char *close = strstr(b + i + 2, "*/");

		end = close ? (size_t)(close - b) + 2 : src->len;
	} else {
		const char *nl = strchr(b + i, '\n');

		end = nl ? (size_t)(nl - b) : src->len;
	}
	/* A suppression mark covers the file line the comment starts on. */
	for (i = start; i + sizeof(IGNORE_MARK) - 1 <= end; i++)
		if (!strncmp(b + i, IGNORE_MARK, sizeof(IGNORE_MARK) - 1)) {
			src->ignore[src->line[start]] = 1;
			break;
		}
	return end;
}

/* A literal closed by quote on the same logical line; returns its end. */
static size_t skip_quoted(const char *b, size_t len, size_t i, char quote)
{
	for (i++; i < len && b[i] != '\n'; i++) {
		if (b[i] == '\\' && i + 1 < len && b[i + 1] != '\n')
			i++;
		else if (b[i] == quote)
			return i + 1;
	}
	return i; /* unterminated: stop at the end of the line */
}

static const char *const puncts[] = {
	"<<=", ">>=", "...", "<<", ">>", "<=", ">=", "==", "!=", "&&",
	"||",  "++",  "--",  "->", "+=", "-=", "*=", "/=", "%=", "&=",
	"|=",  "^=",  "##",
};

static int lex_tokens(struct source *src)
{
	size_t i = 0, cap = 0;
	int bol = 1, logical = 0, dir = -1;
	/* After #include / #error: the rest of the line is not C tokens. */
	int want_directive = 0, header_name = 0;
	const char *b = src->buf;

	while (i < src->len) {
		unsigned char c = (unsigned char)b[i];
		size_t start = i;

		if (c == '\n') {
			bol = 1;
			logical++;
			dir = -1;
			header_name = 0;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
		    c == '\v' || c == '\0') {
			i++;
			continue;
		}
		if (c == '/' && (b[i + 1] == '*' || b[i + 1] == '/')) {
			i = skip_comment(src, i);
			continue;
		}
		if (c == '"' || c == '\'' || (header_name && c == '<')) {
			char quote = c == '<' ? '>' : (char)c;

			i = skip_quoted(b, src->len, i, quote);
			if (push(src, &cap, TOK_LITERAL, start, i, bol, dir) < 0)
				return -1;
			bol = 0;
			header_name = 0;
			continue;
		}
		if (is_ident_start(c)) {
			while (i < src->len && is_ident_char((unsigned char)b[i]))
				i++;
			/* L"", u8"" and friends are one literal. */
			if (b[i] == '"' || b[i] == '\'') {
				size_t n = i - start;

				if ((n == 1 && strchr("LuU", b[start])) ||
				    (n == 2 && !strncmp(b + start, "u8", 2))) {
					i = skip_quoted(b, src->len, i, b[i]);
					if (push(src, &cap, TOK_LITERAL, start, i,
						 bol, dir) < 0)
						return -1;
					bol = 0;
					continue;
				}
			}
			if (push(src, &cap, TOK_IDENT, start, i, bol, dir) < 0)
				return -1;
			if (want_directive) {
				size_t n = i - start;

				want_directive = 0;
				if ((n == 5 && !strncmp(b + start, "error", 5)) ||
				    (n == 7 && !strncmp(b + start, "warning", 7))) {
					/* Free text up to the end of the line. */
					while (i < src->len && b[i] != '\n') {
						if (b[i] == '/' && (b[i + 1] == '*' ||
								    b[i + 1] == '/'))
							i = skip_comment(src, i);
						else
							i++;
					}
				} else if ((n == 7 && !strncmp(b + start, "include", 7)) ||
					   (n == 12 && !strncmp(b + start, "include_next", 12))) {
					header_name = 1;
				}
			}
			bol = 0;
			continue;
		}
		if (is_digit(c) || (c == '.' && is_digit((unsigned char)b[i + 1]))) {
			/* A preprocessing number, digit separators included. */
			i++;
			while (i < src->len) {
				unsigned char d = (unsigned char)b[i];

				if ((d == '+' || d == '-') &&
				    strchr("eEpP", b[i - 1]))
					i++;
				else if (is_ident_char(d) || d == '.')
					i++;
				else if (d == '\'' &&
					 is_ident_char((unsigned char)b[i + 1]))
					i++;
				else
					break;
			}
			if (push(src, &cap, TOK_NUMBER, start, i, bol, dir) < 0)
				return -1;
			bol = 0;
			want_directive = 0;
			continue;
		}
		/* Punctuator, longest match first. */
		size_t n = 1;

		for (size_t k = 0; k < sizeof(puncts) / sizeof(puncts[0]); k++) {
			size_t pl = strlen(puncts[k]);

			if (!strncmp(b + i, puncts[k], pl)) {
				n = pl;
				break;
			}
		}
		if (bol && c == '#') {
			dir = logical;
			want_directive = 1;
		} else {
			want_directive = 0;
		}
		if (push(src, &cap, TOK_PUNCT, start, i + n, bol, dir) < 0)
			return -1;
		bol = 0;
		i += n;
	}
	return 0;
}

int lex_source(struct source *src, const char *data, size_t len)
{
	if (splice(src, data, len) < 0)
		return -1;
	return lex_tokens(src);
}

int lex_mapped(struct source *src, char *text, size_t len, int *line, int *col,
	       int *via, const unsigned char *ignore, int nlines)
{
	src->buf = text;
	src->len = len;
	src->line = line;
	src->col = col;
	src->via = via;
	src->nlines = nlines;
	src->ignore = malloc((size_t)nlines + 1);
	if (!src->ignore)
		return -1;
	memcpy(src->ignore, ignore, (size_t)nlines + 1);
	return lex_tokens(src);
}

void free_source(struct source *src)
{
	free(src->buf);
	free(src->line);
	free(src->col);
	free(src->toks);
	free(src->ignore);
	free(src->via);
	memset(src, 0, sizeof(*src));
}

int lex_text(struct source *out, const char *text)
{
	memset(out, 0, sizeof(*out));
	out->path = "";
	return lex_source(out, text, strlen(text));
}
