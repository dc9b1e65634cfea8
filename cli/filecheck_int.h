/*
** filecheck_int.h — what the three files of tfrun's FileCheck share, and
** nothing else includes:
**   - the check text's syntax (cli/filecheck_syntax.c, fcs_): the prefix
**     list, where the next directive is and of which kind, LLVM's regexes
**     translated to glibc's;
**   - the match results the matcher (cli/filecheck.c) records for its input
**     dump (cli/filecheck_dump.c, fcd_), in the order FileCheck 14 records
**     them (its FileCheckDiag list), each with the input range it marks.
**
** Ownership: a fcd_diag's note is owned by the list it is in; texts are
** borrowed; prefix lists point into the option string. Threads: no shared
** state.
**
** Module prefixes: fcs_, fcd_.
*/
#ifndef TFRUN_FILECHECK_INT_H
#define TFRUN_FILECHECK_INT_H

#include <stddef.h>
#include <stdio.h>
#include "base/strbuf.h"

/* {===================================================================
** The check text's syntax (cli/filecheck_syntax.c)
** ==================================================================== */

/* Directive kinds: K_EOF is the implicit end-of-input directive the
** matcher adds; K_BADNOT and K_BADCOUNT are malformed ones (CHECK-NOT-DAG:,
** CHECK-COUNT-0:). */
enum { K_NONE, K_PLAIN, K_NEXT, K_SAME, K_NOT, K_DAG, K_LABEL, K_EMPTY, K_EOF,
       K_COMMENT, K_BADNOT, K_BADCOUNT };

/* The check prefixes: a comma-separated list, as --check-prefixes takes
** it (pointers into the option string). */
#define FC_MAX_PREFIXES 16
typedef struct fcs_prefixes {
    const char *s[FC_MAX_PREFIXES]; size_t len[FC_MAX_PREFIXES]; int n;
    /* fcs_next_directive's memory, so that finding every directive of a
    ** text is linear: for the text [text] (NULL: none yet), where each
    ** prefix (then COM, RUN) next occurs at or after [from]: next[k], or
    ** SIZE_MAX for nowhere. Set by fcs_split_prefixes to none. */
    const char *text; size_t from, next[FC_MAX_PREFIXES + 2];
} fcs_prefixes;

/* A directive found in the check text. */
typedef struct fcs_found {
    int kind, count, literal; /* K_*, the N of -COUNT-N, a {LITERAL} modifier */
    int pfx;                 /* index in the prefix set; -1 for a comment */
    size_t at;               /* offset of the prefix */
    size_t rest;             /* offset just past the directive's colon */
} fcs_found;

/* Splits [list] at commas into [pf]. Returns 0 (with a message in [why],
** naming the prefix in [bad]) when a prefix is not valid, repeats another
** or is a comment prefix, as FileCheck refuses them. */
int fcs_split_prefixes(const char *list, fcs_prefixes *pf, const char **why, const char **bad,
                       size_t *badlen);

/* Finds the next directive in [s, s+n) at or after *pos, recognising the
** prefixes of [pf] and the comment prefixes COM and RUN; *pos moves to the
** end of its line. Returns 0 when there is none, with *pos where the search
** stopped (where FileCheck puts its implicit end-of-input directive). */
int fcs_next_directive(const char *s, size_t n, size_t *pos, fcs_prefixes *pf, fcs_found *f);

/* Appends the LLVM regex [s, s+n) translated to a POSIX extended regex to
** [out] and sets *ngroups to its capture groups. Returns NULL, or LLVM's
** message for an invalid regex with *erroff where it was found. */
const char *fcs_translate_regex(const char *s, size_t n, StrBuf *out, int *ngroups, size_t *erroff);

/* }=================================================================== */

/* {===================================================================
** The input dump (cli/filecheck_dump.c)
** ==================================================================== */

/* What a match result says (FileCheckDiag::MatchType): each draws its own
** marker in the dump (see fcd_dump). */
enum {
    FCD_FOUND_EXPECTED,    /* ^~~  a good match (reported with -v) */
    FCD_FOUND_EXCLUDED,    /* !~~  error: a CHECK-NOT pattern was found */
    FCD_FOUND_WRONG_LINE,  /* !~~  error: -NEXT/-SAME/-EMPTY on the wrong line */
    FCD_FOUND_DISCARDED,   /* !~~  a CHECK-DAG match overlapping an earlier one (-vv) */
    FCD_NONE_EXCLUDED,     /* X~~  a CHECK-NOT searched here and not found (-vv) */
    FCD_NONE_EXPECTED,     /* X~~  error: searched here, not found */
    FCD_NONE_INVALID,      /* X~~  error: the pattern uses an undefined variable */
    FCD_FUZZY              /* ?    the possible intended match */
};

typedef struct fcd_diag {
    char label[40];        /* "check:3", "not:imp1": type and check line */
    int key;               /* the pattern (>= 0): results with one key are numbered */
    int type;              /* FCD_* */
    size_t from, to;       /* marked input range, offsets into the dumped text */
    char *note;            /* NULL, or the note replacing the type's own */
} fcd_diag;

/* Writes FileCheck's "Input was:" dump of [input] (the canonical input the
** matcher saw) with the results [d] as annotation lines, showing the lines
** [filter] (FC_FILTER_*, not DEFAULT) selects with [context] lines around
** them and "..." for longer elided runs. */
void fcd_dump(FILE *out, const char *input, size_t n, const fcd_diag *d, int nd, int filter,
              int context);

/* }=================================================================== */

#endif
