/*
** freelist.h — tfrun's one allocator for small blocks: 32-byte blocks for
** the objects made and dropped at the highest rate (async values and their
** waiter nodes, interp/async_value.c; the executor's continuations, tasks
** and call-chain links, interp/exec.c), so that a program in steady state
** does not call malloc for them.
**
** Each thread keeps a list of free blocks (an allocator cache, the only
** thread-local state here). An empty list takes FL_BATCH blocks from a
** global list under a mutex, and the global list is refilled with a slab
** of FL_SLAB_BLOCKS blocks (malloc'ed, or past the first 2 MiB cut from a
** mapping made with its pages: base/freelist.c); a list that grows past FL_CACHE_MAX gives
** FL_BATCH blocks back. A thread's list goes back to the global list when
** the thread exits. Slabs are never freed: they stay reachable, so a leak
** checker sees no leak, and a block freed on one thread may be taken on
** another. Out of memory is tfrun's policy (base/alloc.h).
**
** Blocks are 32-byte aligned, so none straddles a cache line. The list's
** link overlays bytes 16..23 of a free block: the first 16 bytes keep what
** the user wrote (a released async value keeps its zero reference count,
** so a second release trips an assert). Under AddressSanitizer the other
** bytes of a free block are poisoned, so a use after free is still
** reported although the memory is not given back.
**
** The pool also keeps a live counter for its user (interp/async_value.c
** counts its values with it): each thread adds to its own share, and
** fl_live_sum() adds the shares of every thread, alive or exited, so that
** counting costs no shared cache line.
**
** The fast paths are inline; base/freelist.c holds the slow paths.
**
** Module prefix: fl_.
*/
#ifndef TFRUN_BASE_FREELIST_H
#define TFRUN_BASE_FREELIST_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FL_BLOCK 32          /* bytes */
#define FL_LINK_OFFSET 16    /* where a free block keeps its link */

/* Why these sizes: a slab is 8 KiB (one malloc per 256 blocks); a thread
** keeps up to FL_CACHE_MAX blocks and spills or refills FL_BATCH at a time,
** so a producer/consumer pair of threads takes the global lock once per
** 128 blocks. */
#define FL_SLAB_BLOCKS 256
#define FL_CACHE_MAX 512
#define FL_BATCH 128

#if defined(__SANITIZE_ADDRESS__)
#define FL_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FL_ASAN 1
#endif
#endif
#ifdef FL_ASAN
#include <sanitizer/asan_interface.h>
/* A free block: all but its link is poisoned. */
#define FL_POISON(b)                                                                       \
    (ASAN_POISON_MEMORY_REGION((b), FL_LINK_OFFSET),                                       \
     ASAN_POISON_MEMORY_REGION((char *)(b) + FL_LINK_OFFSET + sizeof(void *),              \
                               FL_BLOCK - FL_LINK_OFFSET - sizeof(void *)))
#define FL_UNPOISON(b) ASAN_UNPOISON_MEMORY_REGION((b), FL_BLOCK)
#else
#define FL_POISON(b)   ((void)0)
#define FL_UNPOISON(b) ((void)0)
#endif

typedef union FlBlock {
    unsigned char bytes[FL_BLOCK];
    struct { unsigned char head[FL_LINK_OFFSET]; union FlBlock *next; } fl;
} FlBlock;

/* The calling thread's share (base/freelist.c): one thread-local object,
** so that the fast paths find it with one address computation. */
typedef struct FlCache {
    FlBlock *list;
    int n;
    bool registered;              /* in the registry, with its exit hook */
    _Atomic int64_t live;         /* the user's live count, this thread's share */
    struct FlCache *next, *prev;  /* registry of live threads' caches */
} FlCache;
extern _Thread_local FlCache fl_tl;

/* The slow paths (base/freelist.c). */
FlBlock *fl_refill(void);
void fl_spill(void);

/* A block of FL_BLOCK bytes, 32-byte aligned (uninitialised). */
static inline void *fl_alloc(void)
{
    FlBlock *b = fl_tl.list;
    if (b) {
        FL_UNPOISON(b);
        fl_tl.list = b->fl.next;
        fl_tl.n--;
    } else {
        b = fl_refill();
        FL_UNPOISON(b);
    }
    return b;
}

/* Gives back a block of fl_alloc (on any thread). Bytes 0..15 keep their
** contents until the block is taken again. */
static inline void fl_free(void *p)
{
    FlBlock *b = p;
    b->fl.next = fl_tl.list;
    FL_POISON(b);
    fl_tl.list = b;
    if (++fl_tl.n > FL_CACHE_MAX || !fl_tl.registered) fl_spill();
}

/* Adds [d] to the calling thread's share of the live counter. */
static inline void fl_live_add(int64_t d)
{
    int64_t n = atomic_load_explicit(&fl_tl.live, memory_order_relaxed);
    atomic_store_explicit(&fl_tl.live, n + d, memory_order_relaxed);
}

/* The live counter: every thread's share, alive or exited. */
int64_t fl_live_sum(void);
/* Slabs malloc'ed so far (a program in steady state makes none). */
int64_t fl_slab_count(void);

#endif
