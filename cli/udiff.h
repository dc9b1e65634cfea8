/*
** udiff.h — unified diffs, as `diff -u` writes them, for the test runner's
** report of an output that differs from its .out file (docs/tools.md §2).
**
** Module prefix: udiff_.
*/
#ifndef TFRUN_CLI_UDIFF_H
#define TFRUN_CLI_UDIFF_H

#include <stdbool.h>
#include <stddef.h>
#include "base/strbuf.h"

/* Lines of context around each change, as diff -u. */
#define UDIFF_CONTEXT 3

/* Appends to [out] the unified diff from text [a] (named [name_a] in the
** `---` line) to text [b] ([name_b], `+++`), every line prefixed with
** [indent]: every hunk, with diff -u's headers (`@@ -L,N +L,N @@`) and
** UDIFF_CONTEXT lines of context; a last line without a newline is
** followed by `\ No newline at end of file`. Equal texts give the two
** header lines only. False (and nothing appended) when out of memory. */
bool udiff_write(StrBuf *out, const char *indent, const char *name_a, const char *a, size_t an,
                 const char *name_b, const char *b, size_t bn);

#endif
