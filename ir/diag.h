/*
** diag.h — diagnostics for the whole program: front end, verifier, and
** runtime errors reported by the executor (docs/execution.md §1.7,
** docs/execution.md §1.7).
**
** A DiagSink is a context object (no globals). It prints
**
**     FILE:LINE:COL: error: MESSAGE
**     <the source line>
**         ^
**
** to a FILE* (normally stderr). Kinds: error, warning, note, remark. A note
** is emitted as its own call right after the diagnostic it explains (MLIR
** also treats notes as separate diagnostics when verifying). Colour is used
** only when the stream is a terminal and NO_COLOR is unset (diag_new decides;
** diag_set_color overrides).
**
** Ownership: the sink copies every source text registered with
** diag_add_source(), so a Module may be freed before diag_finish(). A text
** registered with diag_add_source_borrowed() is not copied: the caller keeps
** it alive and unchanged until diag_free() (or until the same file is
** registered again with a different text). Nothing returned by the sink
** needs freeing except the sink itself (diag_free).
**
** Threads: every emitting call takes a mutex inside the sink, so worker
** threads of the executor may report runtime errors concurrently. A
** diagnostic and its notes can be kept together with diag_lock/diag_unlock
** (the lock is recursive).
**
** Expected-diagnostic verification (`tfrun opt --verify-diagnostics`, and
** for the runtime diagnostics of `tfrun run`): with a verify mode set, every diagnostic is first
** matched against the `expected-error` / `-warning` / `-note` / `-remark`
** annotations of the source it points into (`-re`, `@+N`, `@-N`, `@above`,
** `@below`; TEXT between the first `{{` and the last `}}` of the line).
** A matched diagnostic prints nothing. An unmatched one is printed as an
** error `unexpected KIND: MESSAGE` (the runtime's messages already start with
** `runtime error: `). A note that matches no annotation is not an error:
** it is dropped when the diagnostic it follows was expected, and printed as
** a plain note otherwise (TFRT's own tests never expect tfrun's extra notes,
** such as "callee @f defined here"). Only diagnostics located at a plain file location of a
** registered source can match. diag_finish() then reports every annotation
** that matched nothing as `expected KIND "TEXT" was not produced`.
**
**   DIAG_VERIFY_ALL   (`opt --verify-diagnostics`): annotations of every
**                     registered source are checked at diag_finish().
**   DIAG_VERIFY_LAZY  (`run`, as TFRT's driver): a source's annotations are
**                     collected when the first diagnostic located in it
**                     arrives; sources that never receive one are not checked.
**
** Typical use:
**
**     DiagSink *d = diag_new(stderr);
**     diag_set_verify(d, DIAG_VERIFY_ALL);
**     diag_add_source(d, "f.mlir", text, len);   // or _borrowed: see below
**     Module *m = parse_module("f.mlir", text, len, d);
**     if (m) verify_module(m, d, NULL);
**     bool bad = diag_finish(d);           // true: exit status 1
**     diag_free(d);
**
** Module prefix: diag_.
*/
#ifndef TFRUN_DIAG_H
#define TFRUN_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct Loc;
struct Op;

typedef enum DiagKind { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE, DIAG_REMARK } DiagKind;

typedef enum DiagVerify {
    DIAG_VERIFY_OFF = 0,   /* print every diagnostic as it comes */
    DIAG_VERIFY_ALL,       /* opt --verify-diagnostics */
    DIAG_VERIFY_LAZY,      /* run: only sources that received a diagnostic */
    DIAG_VERIFY_LAZY_STATIC /* the same for static errors found late (run's
                            ** load: an unknown kernel): one that no
                            ** annotation claims prints as opt prints it,
                            ** without the `unexpected error: ` prefix */
} DiagVerify;

typedef struct DiagSink DiagSink;

#if defined(__GNUC__)
#define DIAG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DIAG_PRINTF(f, a)
#endif

/* A sink writing to [out]. Colour on iff [out] is a terminal and NO_COLOR is
** unset. Returns NULL only when out of memory. */
DiagSink *diag_new(FILE *out);
void diag_free(DiagSink *d);
void diag_set_color(DiagSink *d, bool on);
void diag_set_verify(DiagSink *d, DiagVerify mode);
/* Calls fn(ud) before each diagnostic is written (NULL: nothing): a stream
** tied to the diagnostics' (TFRT's llvm::errs() flushes llvm::outs()
** first; interp/tsink.h). */
void diag_set_tie(DiagSink *d, void (*fn)(void *), void *ud);
/* What [d] prints goes to [out] from now on; returns the stream it went to
** (the REPL catches a report in a memory stream this way). */
FILE *diag_swap_out(DiagSink *d, FILE *out);

/* Registers (a copy of) [text] as the contents of [file], for source lines,
** carets and annotations. Registering the same file again replaces its text
** (idempotent when the text is equal), so both the parser and its caller may
** call this. */
void diag_add_source(DiagSink *d, const char *file, const char *text, size_t len);
/* The same without the copy, for big inputs (a 12 MB program would
** otherwise exist twice): the sink keeps [text] itself, so it must stay
** alive and unchanged until diag_free() or until [file] is registered again
** with another text. Registering the same pointer again (as parse_module
** does after its caller) costs nothing; equal text already registered
** (copied or borrowed) is kept. */
void diag_add_source_borrowed(DiagSink *d, const char *file, const char *text, size_t len);
/* The same for a piece of a file whose first line is line [first_line] of
** it (`opt --split-input-file`'s chunks): diagnostics and annotations use
** the file's line numbers. */
void diag_add_source_borrowed_at(DiagSink *d, const char *file, const char *text, size_t len,
                                 int first_line);

/* Emits one diagnostic at FILE:LINE:COL (1-based; line <= 0 means "no
** position": the file name alone is printed and it can never match). [file]
** NULL means no location at all. */
void diag_emit(DiagSink *d, DiagKind k, const char *file, int line, int col, const char *msg);
void diag_emitf(DiagSink *d, DiagKind k, const char *file, int line, int col,
                const char *fmt, ...) DIAG_PRINTF(6, 7);
void diag_emitv(DiagSink *d, DiagKind k, const char *file, int line, int col,
                const char *fmt, va_list ap);

/* Emits at an IR location. A LOC_FILE location is a file location; every
** other kind is printed in MLIR syntax (`loc("foo"): error: ...`, nothing
** for loc(unknown)) and never matches an annotation. NULL = unknown. */
void diag_emit_loc(DiagSink *d, DiagKind k, const struct Loc *loc, const char *msg);
void diag_emit_locf(DiagSink *d, DiagKind k, const struct Loc *loc,
                    const char *fmt, ...) DIAG_PRINTF(4, 5);

/* Writes [loc] in MLIR syntax (`loc("a.mlir":1:2)`, `loc("n"(...))`,
** `loc(fused[...])`, `loc(callsite(... at ...))`, `loc(unknown)`) to [out]:
** the same text as ir_print_loc() in ir/print.h, which it calls. */
void diag_print_loc(FILE *out, const struct Loc *loc);

/* Keeps a diagnostic and its notes together when threads emit at once. */
void diag_lock(DiagSink *d);
void diag_unlock(DiagSink *d);

/* Ends verification: reports annotations never matched. Returns true when
** anything went wrong: an error was printed (unexpected diagnostic, or any
** error when not verifying) or an annotation was not produced. May be called
** more than once; later calls report nothing new. */
bool diag_finish(DiagSink *d);

/* Errors printed so far (matched expected errors are not counted). */
int diag_error_count(const DiagSink *d);
/* Every error emitted so far, printed or matched (for "did verification
** find anything?" questions independent of --verify-diagnostics). */
int diag_raw_error_count(const DiagSink *d);
/* True when something unexpected happened so far (same as diag_finish's
** result, without reporting unproduced annotations). */
bool diag_failed(const DiagSink *d);

#endif
