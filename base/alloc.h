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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Prints `tfrun: out of memory` and exits with status 1 (stdout flushed
** first, as far as it can be); with the ceiling below in force, followed by
** ` (the limit is N MiB: --max-memory)`. */
_Noreturn void tf_out_of_memory(void);

/* The ceiling on the process's memory (docs/tools.md §1, `--max-memory`):
** RLIMIT_DATA, which counts the heap and every private writable mapping,
** so that a run that outgrows it (the exact schedule keeps every pending
** iteration of a loop that runs ahead) ends with `out of memory` instead
** of being killed by the system, or thrashing it, with nothing said.
** tf_default_memory_limit: three quarters of the physical memory, or of
** the cgroup's limit when lower (0 when unknown); cli/main.c keeps a lower
** soft limit the user set instead. tf_set_memory_limit sets
** the soft limit to [bytes] (0: none of tfrun's), never above the hard
** limit; false when it could not, and always in a sanitizer build (its
** shadow mappings would count). Set by cli/main.c before any work (and
** again by `run --max-memory`): process state, not a variable of tfrun's.
** tf_memory_limit: the ceiling in force (the soft limit), 0 for none. */
uint64_t tf_default_memory_limit(void);
bool tf_set_memory_limit(uint64_t bytes);
uint64_t tf_memory_limit(void);
/* For a child process about to run another program (`tfrun test`'s RUN
** lines: a shell, FileCheck, python): the soft limit back up to the hard
** one, as the ceiling is tfrun's own (a tfrun started there sets its own
** again). Async-signal-safe: two system calls. */
void tf_lift_memory_limit(void);

void *xmalloc(size_t n);                 /* n == 0 gives a 1-byte block */
void *xcalloc(size_t n, size_t size);    /* likewise for 0 */
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
