/*
** bigmem.h — large blocks for the executor's per-body data: plan arrays,
** the stream analysis' scratch, frames of large bodies.
**
** Why: on this kind of machine (a VM, transparent huge pages in `madvise`
** mode) the first touch of fresh memory is the main cost of loading a large
** body: about 3.5 ns per byte in 4 KiB pages, 1.3 ns in 2 MiB pages, against
** a few cycles per byte for memory touched before. So a block of BIG_MIN
** bytes or more comes from ir/arena.c's spare mappings (arena_map): pages
** already touched by a block that is dead (the function's scope table, the
** stream analysis' scratch, which then becomes the body's first frame), else
** a fresh 2 MiB-aligned mapping advised for huge pages; freed, it goes back
** there.
**
** Smaller requests are plain malloc/calloc. Under AddressSanitizer every
** request is malloc/calloc, so that misuse is still reported.
**
** Threads: safe from any thread.
** Allocation failure aborts, like the executor's other allocations.
**
** Module prefix: big_.
*/
#ifndef TFRUN_BIGMEM_H
#define TFRUN_BIGMEM_H

#include <stdbool.h>
#include <stddef.h>

#define BIG_MIN ((size_t)2 << 20)

/* [n] bytes, 16-aligned; all zero when [zero]. Free with big_free(p, n). */
void *big_alloc(size_t n, bool zero);
/* Frees [p] of [n] bytes (the size it was allocated with); NULL is ignored. */
void big_free(void *p, size_t n);

#endif
