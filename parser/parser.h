/*
** parser.h — text to IR (DESIGN.md "Front end"): the lemon parser driven
** by the re2c lexer, building IR through the builders of parser/build.h.
**
** Ownership: a Module returned by parse_module owns a copy of the text and
** all its IR (one arena); free it with ir_module_free(). One returned by
** parse_module_borrowed owns its IR but borrows the caller's text. On a syntax error
** the parser reports the FIRST error through the DiagSink (FILE:LINE:COL,
** source line, caret), frees everything it built and returns NULL. The
** parser registers the text with diag_add_source(), so callers need not.
**
** Threads: parsing uses no global state; several modules may be parsed at
** once on different threads (each with its own sink, or a shared sink, which
** is internally locked).
**
** Module prefix: parse_.
*/
#ifndef TFRUN_PARSER_H
#define TFRUN_PARSER_H

#include <stdbool.h>
#include <stddef.h>
#include "ir/ir.h"
#include "ir/diag.h"

/* Parses the whole program [text] ([len] bytes; it need not be
** NUL-terminated and may contain NUL bytes) named [filename] (used in
** locations and diagnostics, e.g. "<stdin>"). Returns the module, or NULL
** after one diagnostic on [d] (d may be NULL: silent). */
Module *parse_module(const char *filename, const char *text, size_t len, DiagSink *d);
/* The same without copying [text], for big inputs read by the caller (the
** program then exists once, not three times): the module AND the sink [d]
** borrow [text], which must end with a NUL at text[len] and stay alive and
** unchanged until both ir_module_free() and diag_free(d) have run (see
** diag_add_source_borrowed). */
Module *parse_module_borrowed(const char *filename, const char *text, size_t len, DiagSink *d);

/* parse_module with options (NULL: the defaults). */
typedef struct ParseOptions {
    /* Send every token through the grammar: no whole-statement fast path
    ** (parser.c). The IR and the diagnostics are the same either way; the
    ** tests parse with both to check that. */
    bool no_fast_stmts;
    /* The line number of the text's first line (0 or 1: the start of a
    ** file; `opt --split-input-file` parses chunks at their own lines). */
    int first_line;
} ParseOptions;
Module *parse_module_with(const char *filename, const char *text, size_t len, DiagSink *d,
                          const ParseOptions *o);
Module *parse_module_borrowed_with(const char *filename, const char *text, size_t len, DiagSink *d,
                                   const ParseOptions *o);

/* ---- incremental parsing (the REPL) --------------------------------------
** A ParseScope is a persistent top-level block plus the names visible in it.
** It lives in [m]'s arena and dies with the module. */
typedef struct ParseScope ParseScope;

/* A new empty top-level scope in [m]: an empty block (no tfrt.return) that
** belongs to no function, whose ops are added by parse_ops_into. */
ParseScope *parse_scope_new(Module *m);
Block *parse_scope_block(const ParseScope *s);

/* Parses one or more ops ("%x = tfrt.constant.i32 1", "tfrt.print.i32 %x,
** %ch") from [text] and appends them to the scope's block; their operands may
** name values defined by earlier calls, and a result name defined again
** shadows the earlier one. [filename] names the text in diagnostics (e.g.
** "<repl>:3"). Returns the number of ops added (>= 0), or -1 after a
** diagnostic, in which case the scope is unchanged. *first receives the first
** new op (may be NULL). */
int parse_ops_into(ParseScope *s, const char *filename, const char *text, size_t len,
                   DiagSink *d, Op **first);

/* Parses function definitions/declarations (and `#alias = loc(...)` lines)
** from [text] into [m]. A function whose name already exists replaces the old
** one in m->funcs at the same index (the old Func stays in the arena, so
** pointers to it stay valid); new names are appended. Returns the number of
** functions parsed, or -1 after a diagnostic (m unchanged). */
int parse_funcs_into(Module *m, const char *filename, const char *text, size_t len,
                     DiagSink *d);

#endif
