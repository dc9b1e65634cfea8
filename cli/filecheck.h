/*
** filecheck.h — a FileCheck-compatible matcher (LLVM FileCheck 14 semantics).
**
** fc_check() reads FileCheck directives from a check text (`CHECK:`,
** `CHECK-NEXT:`, `CHECK-SAME:`, `CHECK-NOT:`, `CHECK-DAG:`, `CHECK-LABEL:`,
** `CHECK-EMPTY:`, `CHECK-COUNT-N:`, with `{{regex}}`, `[[VAR:regex]]`,
** `[[VAR]]` and `[[@LINE+N]]`) and matches them against an input text, the way
** `FileCheck --input-file=INPUT CHECKFILE` does: horizontal whitespace runs in
** both texts are folded to one space (unless strict_whitespace), `COM:` and
** `RUN:` lines are comments, regexes are POSIX extended with LLVM's dialect
** (see filecheck.c). The options carry FileCheck's --implicit-check-not,
** --strict-whitespace, --match-full-lines, -D, --allow-unused-prefixes and
** --dump-input (the annotated input dump, cli/filecheck_dump.c).
**
** Ownership: both texts and every option string are borrowed and need not
** outlive the call; the texts need not be NUL-terminated. Diagnostics go to
** [diag] (may be NULL) in FileCheck's format: `FILE:LINE:COL: error: ...`,
** the source line, a caret, then notes such as `<stdin>:LINE:COL: note:
** scanning from here`, then the input dump when one is asked for.
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
    FC_ERROR = 2    /* the check text or a -D is malformed, a prefix has no
                    ** directive, or the input is empty without allow_empty */
};

/* When to print the annotated input dump (FileCheck's -dump-input). */
enum { FC_DUMP_NEVER = 0, FC_DUMP_FAIL, FC_DUMP_ALWAYS };

/* Which input lines the dump shows (-dump-input-filter), from the fewest to
** the most; FC_FILTER_DEFAULT is FileCheck's default: ERROR with
** FC_DUMP_FAIL, ALL with FC_DUMP_ALWAYS. */
enum { FC_FILTER_DEFAULT = 0, FC_FILTER_ERROR, FC_FILTER_ANNOTATION, FC_FILTER_ANNOTATION_FULL,
       FC_FILTER_ALL };

typedef struct fc_options {
    const char *prefix;      /* check prefixes, comma-separated ("A,B", as
                                --check-prefixes); NULL means "CHECK" */
    const char *check_name;  /* name of the check text in messages; NULL: "<check>" */
    const char *input_name;  /* name of the input in messages; NULL: "<stdin>" */
    int allow_empty;         /* nonzero: an empty input is not an error (--allow-empty) */
    /* The fields below are zero for FileCheck's defaults (no dump). */
    const char *const *implicit_not; /* --implicit-check-not patterns, in order */
    int n_implicit_not;
    const char *const *defines;      /* -D definitions "NAME=VALUE", in order */
    int n_defines;
    int strict_whitespace;   /* --strict-whitespace: no folding of blanks */
    int match_full_lines;    /* --match-full-lines: positive matches cover whole lines */
    int allow_unused_prefixes; /* --allow-unused-prefixes */
    int verbose;             /* 1: -v, 2: -vv (good matches in the dump, remarks) */
    int dump;                /* FC_DUMP_*: the input dump, written to [diag] */
    int dump_filter;         /* FC_FILTER_* */
    int dump_context;        /* lines shown around the filtered ones; < 0: 5 */
    const char *command_line; /* shown after the empty-input error, as
                                FileCheck shows its own; NULL: not shown */
} fc_options;

/* Matches the directives of [check] against [input]. [opt] may be NULL for
** the defaults. Returns FC_PASS, FC_FAIL or FC_ERROR and writes the reasons
** (and the input dump) to [diag]. Never aborts on any input. */
int fc_check(const char *check, size_t check_len, const char *input, size_t input_len,
             const fc_options *opt, FILE *diag);

/* Writes what -dump-input=help prints: how to read the input dump. */
void fc_dump_help(FILE *out);

/* Returns 1 if [text] contains at least one directive with [prefix] (a
** comma-separated list; NULL means "CHECK") as FileCheck would recognise it, malformed ones included;
** comments (`COM:`, `RUN:`) do not count. Returns 0 otherwise. */
int fc_has_directives(const char *text, size_t len, const char *prefix);

/* Returns 1 if [prefix] is a valid check prefix: a letter followed by
** letters, digits, '-' or '_'. */
int fc_valid_prefix(const char *prefix);

#endif
