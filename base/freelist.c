/*
** freelist.c — the slow paths of base/freelist.h: the global list, slabs,
** the registry of threads' caches and the hook that gives a thread's list
** and live share back when it exits.
**
** Global state: the pool (global list, slab list, the mapping slabs are
** cut from, registry, counters), all of it allocator state or accounting.
*/
#include "base/freelist.h"
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "base/alloc.h"

_Thread_local FlCache fl_tl;

static pthread_mutex_t pool_mu = PTHREAD_MUTEX_INITIALIZER;
static FlBlock *gfree;              /* global free list (pool_mu) */
static FlBlock *slabs;              /* every slab, linked by its first block */
static int64_t dead_live;           /* live share of exited threads (pool_mu) */
static FlCache *caches;             /* registered caches (pool_mu) */
static _Atomic int64_t nslabs;
static pthread_key_t cache_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

/* Thread exit: give the cached blocks and the live share back. */
static void cache_exit(void *p)
{
    FlCache *c = p;
    pthread_mutex_lock(&pool_mu);
    while (c->list) {
        FlBlock *b = c->list;         /* the link is never poisoned */
        c->list = b->fl.next;
        b->fl.next = gfree;
        gfree = b;
    }
    c->n = 0;
    dead_live += atomic_load_explicit(&c->live, memory_order_relaxed);
    atomic_store_explicit(&c->live, 0, memory_order_relaxed);
    if (c->prev) c->prev->next = c->next; else caches = c->next;
    if (c->next) c->next->prev = c->prev;
    c->registered = false;
    pthread_mutex_unlock(&pool_mu);
}

static void make_key(void) { pthread_key_create(&cache_key, cache_exit); }

/* Registers the calling thread's cache, for fl_live_sum and its exit hook. */
static void cache_register(void)
{
    pthread_once(&key_once, make_key);
    pthread_mutex_lock(&pool_mu);
    fl_tl.prev = NULL;
    fl_tl.next = caches;
    if (caches) caches->prev = &fl_tl;
    caches = &fl_tl;
    fl_tl.registered = true;
    pthread_mutex_unlock(&pool_mu);
    pthread_setspecific(cache_key, &fl_tl);
}

#if !defined(FL_ASAN) && defined(MAP_POPULATE)
/* Past the first FL_CHUNK_AFTER slabs (2 MiB), slabs are cut from 2 MiB
** mappings made with MAP_POPULATE: a run that keeps many blocks pending
** (the exact schedule's pending calls and loop iterations, hundreds of MB)
** has its pages made in one call per 2 MiB instead of one fault per 4 KiB
** (TFRT's fizzbuzz loop at 10^6 iterations under exact: 6 % less CPU,
** docs/perf-notes.md). A small run never gets there. Never unmapped, as
** slabs are never freed. Not under AddressSanitizer: its leak checker
** reads malloc'ed memory, not mappings, and what only a block points to
** would look leaked. (Huge pages instead were slower on a shared host:
** compaction at fault time.) */
#define FL_CHUNK ((size_t)2 << 20)
#define FL_CHUNK_AFTER 256
static char *chunk_next, *chunk_end;   /* the current mapping (pool_mu) */

static FlBlock *slab_alloc(void)
{
    size_t bytes = FL_SLAB_BLOCKS * sizeof(FlBlock);
    if (atomic_load_explicit(&nslabs, memory_order_relaxed) >= FL_CHUNK_AFTER) {
        if (chunk_next == chunk_end) {
            char *m = mmap(NULL, FL_CHUNK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
            if (m != MAP_FAILED) {
                chunk_next = m;
                chunk_end = m + FL_CHUNK;
            }
        }
        if (chunk_next != chunk_end) {
            FlBlock *s = (FlBlock *)(void *)chunk_next;
            chunk_next += bytes;
            return s;
        }
    }
    return aligned_alloc(FL_BLOCK, bytes);
}
#else
static FlBlock *slab_alloc(void) { return aligned_alloc(FL_BLOCK, FL_SLAB_BLOCKS * sizeof(FlBlock)); }
#endif

/* The calling thread's list is empty (fl_alloc). */
FlBlock *fl_refill(void)
{
    if (!fl_tl.registered) cache_register();
    pthread_mutex_lock(&pool_mu);
    if (!gfree) {
        FlBlock *slab = slab_alloc();
        if (!slab) tf_out_of_memory();
        atomic_fetch_add_explicit(&nslabs, 1, memory_order_relaxed);
        /* Block 0 links the slabs and is never handed out. */
        slab[0].fl.next = slabs;
        slabs = slab;
        pthread_mutex_unlock(&pool_mu);
        /* The others go to this thread's list at once (fewer than
        ** FL_CACHE_MAX), in address order: one pass, not one into the
        ** global list and one out of it. */
        _Static_assert(FL_SLAB_BLOCKS - 2 <= FL_CACHE_MAX, "a slab fits a thread's list");
        for (int i = FL_SLAB_BLOCKS - 1; i >= 2; i--) {
            slab[i].fl.next = fl_tl.list;
            FL_POISON(&slab[i]);
            fl_tl.list = &slab[i];
        }
        fl_tl.n += FL_SLAB_BLOCKS - 2;
        return &slab[1];
    }
    for (int i = 0; i < FL_BATCH && gfree; i++) {
        FlBlock *b = gfree;
        gfree = b->fl.next;
        b->fl.next = fl_tl.list;
        fl_tl.list = b;
        fl_tl.n++;
    }
    pthread_mutex_unlock(&pool_mu);
    FlBlock *b = fl_tl.list;
    fl_tl.list = b->fl.next;
    fl_tl.n--;
    return b;
}

void fl_spill(void)
{
    if (!fl_tl.registered) cache_register();
    if (fl_tl.n <= FL_CACHE_MAX) return;
    FlBlock *first = fl_tl.list, *last = first;
    for (int i = 1; i < FL_BATCH; i++) last = last->fl.next;
    fl_tl.list = last->fl.next;
    fl_tl.n -= FL_BATCH;
    pthread_mutex_lock(&pool_mu);
    last->fl.next = gfree;
    gfree = first;
    pthread_mutex_unlock(&pool_mu);
}

int64_t fl_live_sum(void)
{
    pthread_mutex_lock(&pool_mu);
    int64_t n = dead_live;
    for (FlCache *c = caches; c; c = c->next) n += atomic_load_explicit(&c->live, memory_order_relaxed);
    /* The calling thread's share even if it never touched the pool lock. */
    if (!fl_tl.registered) n += atomic_load_explicit(&fl_tl.live, memory_order_relaxed);
    pthread_mutex_unlock(&pool_mu);
    return n;
}

int64_t fl_slab_count(void) { return atomic_load_explicit(&nslabs, memory_order_relaxed); }
