/*
** arena.h — bump allocation for a module's IR (DESIGN.md "IR").
**
** Ownership: everything allocated from an Arena lives until arena_free(),
** which releases it all at once; nothing is freed individually (except
** big blocks, arena_release). Memory is zeroed and aligned for any IR
** object (8 bytes). Allocation failure aborts nothing: the functions return
** NULL and callers report "out of memory".
**
** Chunks: the first is small (256 KB), so a small arena (the REPL's, a
** test's, a scratch arena) stays small; each further chunk is twice the
** previous one up to 32 MB, so a 100 MB module takes a dozen mappings, not
** 400. Mappings of 2 MB and more are 2 MB-aligned and advised for
** transparent huge pages (MADV_HUGEPAGE): the kernel clears and maps them
** 2 MB per page fault instead of 4 KB, and only the part actually used is
** ever touched; smaller ones are populated when mapped.
**
** Threads: an Arena is not synchronised; one owner at a time.
**
** Module prefix: arena_.
*/
#ifndef TFRUN_ARENA_H
#define TFRUN_ARENA_H

#include <stdbool.h>
#include <stddef.h>

typedef struct Arena Arena;

Arena *arena_new(void);
void arena_free(Arena *a);
/* The fields are private to arena.c; they are here only for the inline
** fast path of arena_alloc. */
struct Arena {
    struct Chunk *chunks;      /* newest first */
    char *cur, *end;           /* free space in the newest small chunk */
    size_t bytes;
    size_t next;               /* size of the next small chunk (0: the first) */
};
#define ARENA_ALIGN 8
#define ARENA_BIG (64 * 1024)   /* larger requests get a block of their own */

/* Everything arena_alloc does not do inline (a new chunk, a big block). */
void *arena_alloc_slow(Arena *a, size_t n);

/* [n] zeroed bytes, aligned to 8 (every IR object needs at most that);
** NULL when out of memory. */
static inline void *arena_alloc(Arena *a, size_t n) {
    size_t r = (n + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    if (r != 0 && r <= ARENA_BIG && (size_t)(a->end - a->cur) >= r) {
        void *p = a->cur;
        a->cur += r;
        return p;
    }
    return arena_alloc_slow(a, n);
}
/* Like arena_release, but the block's pages are kept for later big
** requests (arena_map) instead of going back to the system: for a block
** that is dead while the process will soon need as much (a function's
** scope table once the function is parsed). */
void arena_retire(Arena *a, void *p);

/* Big blocks outside any arena, [n] bytes (whole pages), page-aligned; all
** zero when [zero] (a fresh mapping is; a reused one is cleared). Blocks of
** 2 MB and more come first from the pages of blocks given back with
** arena_unmap or arena_retire (up to 512 MB are kept, process-wide), else
** from a fresh 2 MB-aligned mapping advised for huge pages. NULL when out
** of memory. Thread-safe. */
void *arena_map(size_t n, bool zero);
/* Gives back [p] of [n] bytes from arena_map (or a part of it carved at a
** page boundary); its pages are kept for reuse while there is room. */
void arena_unmap(void *p, size_t n);

/* A NUL-terminated copy of [n] bytes of [s]. */
char *arena_strndup(Arena *a, const char *s, size_t n);
/* Grows the array [p] of [old] elements of [size] bytes to [new] elements
** (old contents copied; the old block is simply abandoned in the arena). */
void *arena_grow(Arena *a, void *p, size_t old, size_t new_, size_t size);
/* Gives back [p] at once if it was allocated alone (a request larger than
** ARENA_BIG gets a chunk of its own); otherwise does nothing. For tables
** that outgrow themselves: the caller must not use [p] afterwards. */
void arena_release(Arena *a, void *p);
/* Frees everything allocated so far but keeps one chunk, the first (small)
** one, for reuse (scratch arenas reused per function by the parser); the
** chunks grow again from there. */
void arena_reset(Arena *a);
/* Bytes obtained from the system so far (for tests and benchmarks). */
size_t arena_bytes(const Arena *a);

#endif
