/*
** lexer.h — the re2c tokenizer (lexer/lexer.re, docs/language.md §1).
**
** The lexer speaks the parser's token codes (TK_* from the generated
** grammar.h); 0 is end of input. A token is a slice of the source text with
** its 1-based line and byte column. The input must end with a NUL byte at
** text[len] (the sentinel; the lexer never reads past it); NUL bytes before
** it are reported as errors.
**
** Ownership: tokens point into the caller's text; the lexer allocates
** nothing. Threads: a Lexer is a plain value with no global state.
**
** Module prefix: lex_.
*/
#ifndef TFRUN_LEXER_H
#define TFRUN_LEXER_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct Token {
    int kind;            /* TK_*, 0 at end of input */
    const char *s;       /* first byte */
    uint32_t len;        /* bytes */
    int line, col;       /* 1-based; col counts bytes */
} Token;

typedef struct Lexer {
    const char *base;        /* start of the text */
    const char *cur;         /* next byte to scan */
    const char *lim;         /* the sentinel: text + len */
    uintptr_t col0;          /* address of the byte before the current line,
                             ** so a byte's column is its address - col0 */
    int line;
    const char *err;         /* message of the last TK_ILLEGAL token */
} Lexer;

/* Starts scanning [text] of [len] bytes; text[len] must be '\0'. */
void lex_init(Lexer *lx, const char *text, size_t len);
/* Scans the next token into *t and returns its kind. On a lexical error the
** kind is TK_ILLEGAL, lx->err says why, and *t spans the offending bytes
** (for an unterminated string: from the quote to the end of the line). */
int lex_next(Lexer *lx, Token *t);

/* Decodes the string literal token [t] (with its quotes) into [out], which
** must have room for t->len bytes. Returns the decoded length, or -1 for a
** bad escape (then *bad points at the backslash). */
long lex_unescape(const Token *t, char *out, const char **bad);

/* The value of integer token [t] (decimal or 0x hex, an optional '-'): the
** sign in *neg, the magnitude (up to 2^64-1) in *mag, *hex when written in
** hex. False when the magnitude does not fit in 64 bits. */
bool lex_int_value(const Token *t, bool *neg, uint64_t *mag, bool *hex);

/* A printable name of token kind [kind] for messages ("')'", "integer"). */
const char *lex_token_name(int kind);

#endif
