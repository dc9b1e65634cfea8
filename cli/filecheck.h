/*
** filecheck.h — a FileCheck-compatible matcher (LLVM FileCheck 14 semantics).
**
** fc_check() reads FileCheck directives from a check text (`CHECK:`,
** `CHECK-NEXT:`, `CHECK-SAME:`, `CHECK-NOT:`, `CHECK-DAG:`, `CHECK-LABEL:`,
** `CHECK-EMPTY:`, `CHECK-COUNT-N:`, with `{{regex}}`, `[[VAR:regex]]`,
** `[[VAR]]` and `[[@LINE+N]]`) and matches them against an input text, the way
** `FileCheck --input-file=INPUT CHECKFILE` does: horizontal whitespace runs in
** both texts are folded to one space, `COM:` and `RUN:` lines are comments,
** regexes are POSIX extended with LLVM's dialect (see filecheck.c).
**
** Ownership: both texts are borrowed and need not be NUL-terminated; nothing
** is kept after the call returns. Diagnostics go to [diag] (may be NULL) in
** FileCheck's format: `FILE:LINE:COL: error: ...`, the source line, a caret,
** then notes such as `<stdin>:LINE:COL: note: scanning from here`.
** Threads: no global state; calls are independent and reentrant.
**
** Module prefix: fc_.
*/
#ifndef TFRUN_FILECHECK_H
#define TFRUN_FILECHECK_H

#include <stddef.h>
#include <stdio.h>

/* Results of fc_check, the same as FileCheck's exit status. */
enum {
    FC_PASS  = 0,   /* every directive matched */
    FC_FAIL  = 1,   /* a directive did not match (or an undefined variable) */
    FC_ERROR = 2    /* the check text is malformed, has no directive, or the
                    ** input is empty without allow_empty */
};

typedef struct fc_options {
    const char *prefix;      /* check prefixes, comma-separated ("A,B", as
                                --check-prefixes); NULL means "CHECK" */
    const char *check_name;  /* name of the check text in messages; NULL: "<check>" */
    const char *input_name;  /* name of the input in messages; NULL: "<stdin>" */
    int allow_empty;         /* nonzero: an empty input is not an error (--allow-empty) */
} fc_options;

/* Matches the directives of [check] against [input]. [opt] may be NULL for
** the defaults. Returns FC_PASS, FC_FAIL or FC_ERROR and writes the reasons
** to [diag]. Never aborts on any input. */
int fc_check(const char *check, size_t check_len, const char *input, size_t input_len,
             const fc_options *opt, FILE *diag);

/* Returns 1 if [text] contains at least one directive with [prefix] (a
** comma-separated list; NULL means "CHECK") as FileCheck would recognise it, malformed ones included;
** comments (`COM:`, `RUN:`) do not count. Returns 0 otherwise. */
int fc_has_directives(const char *text, size_t len, const char *prefix);

/* Returns 1 if [prefix] is a valid check prefix: a letter followed by
** letters, digits, '-' or '_'. */
int fc_valid_prefix(const char *prefix);

#endif
