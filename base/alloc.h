/*
** alloc.h — the one allocation path of tfrun and its out-of-memory policy.
**
** xmalloc, xcalloc, xrealloc, xstrdup and xstrndup never return NULL: when
** the C library has no memory they call tf_out_of_memory(), which prints
** `tfrun: out of memory` on stderr and ends the process with status 1 (no
** abort, no core). Every module that cannot go on without the memory uses
** them (or calls tf_out_of_memory() after its own malloc). The front end
** keeps its own policy: it calls malloc and reports the diagnostic `out of
** memory` at the input when that fails, so that `opt` and the REPL lose
** only the input.
**
** Fault injection (make faultinj, base/fault.c): built with
** -DTFRUN_FAULT_INJECT and linked with --wrap for malloc, calloc, realloc,
** strdup and strndup, the program fails the Nth of those calls made by
** tfrun's own code when TFRUN_FAIL_ALLOC=N is set (one failure, then they
** succeed again), and with TFRUN_COUNT_ALLOC set prints how many it made
** at exit (`tfrun: N allocations`). tests/fault_sweep.sh runs programs with
** every N of a sample and requires a clean `out of memory` or the right
** output.
**
** Module prefixes: x (allocation), tf_ (policy).
*/
#ifndef TFRUN_BASE_ALLOC_H
#define TFRUN_BASE_ALLOC_H

#include <stddef.h>

/* Prints `tfrun: out of memory` and exits with status 1 (stdout flushed
** first, as far as it can be). */
_Noreturn void tf_out_of_memory(void);

void *xmalloc(size_t n);                 /* n == 0 gives a 1-byte block */
void *xcalloc(size_t n, size_t size);    /* likewise for 0 */
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
