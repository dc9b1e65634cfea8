/*
** arena.c — chunked bump allocator. Small requests are carved from the
** current chunk; a request larger than ARENA_BIG gets a chunk of its own so
** that the current one is not wasted.
**
** Chunk sizes (whole mappings, header included): the first small chunk is
** FIRST bytes, each next one twice the previous, up to MAXCHUNK. Mappings of
** HUGE bytes or more start on a HUGE boundary and are advised for
** transparent huge pages (the machine runs THP in `madvise` mode), so the
** kernel fills them 2 MB per fault instead of 4 KB; smaller ones are
** populated at once (MAP_POPULATE), as they are soon used in full, except
** an arena's first chunk: a small program uses a few pages of it, and
** every run makes a few arenas (populating them was 0.1 ms of a 1.2 ms
** start).
*/
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include "ir/arena.h"

#define FIRST (256 * 1024)
#define MAXCHUNK (32 * 1024 * 1024)
#define HUGE (2 * 1024 * 1024)
#define PAGE 4096
#define ALIGN 8

typedef struct Chunk {
    struct Chunk *next;
    size_t map;                /* bytes mapped, this header included */
    bool own;                  /* holds one big block (arena_release may free it) */
    max_align_t pad[];         /* keeps the data aligned */
} Chunk;

/* struct Arena is in arena.h (the inline fast path of arena_alloc). */
_Static_assert(ALIGN == ARENA_ALIGN, "arena.h and arena.c agree");
_Static_assert(FIRST - sizeof(Chunk) >= ARENA_BIG, "a small request fits in any small chunk");

/* {=====================================================================
** Spare mappings
** ======================================================================
** Big mappings that are no longer needed are kept here, up to SPARE_MAX
** bytes in SPARE_SLOTS ranges, and later big requests are carved from them:
** their pages are already faulted in. On a VM the first touch of a page is
** what a large allocation costs (about 3.5 ns per byte in 4 KiB pages, 1.3
** in 2 MiB pages, against a memset's fraction of a nanosecond), so this is
** how a function's scope table, dead once the function is parsed, becomes
** the executor's plan and frame for that function. Process-wide, under a
** mutex (the executor frees frames on worker threads). */

#define SPARE_SLOTS 16
#define SPARE_MAX ((size_t)512 << 20)

static pthread_mutex_t spare_mu = PTHREAD_MUTEX_INITIALIZER;
static struct { char *p; size_t n; } spare[SPARE_SLOTS];
static size_t spare_bytes;

static size_t page_round(size_t n) { return (n + PAGE - 1) & ~(PAGE - 1); }

static void *map_aligned(size_t size);

/* A range of [n] bytes carved from a spare, or NULL. */
static void *spare_take(size_t n) {
    pthread_mutex_lock(&spare_mu);
    int best = -1;
    for (int i = 0; i < SPARE_SLOTS; i++)
        if (spare[i].n >= n && (best < 0 || spare[i].n < spare[best].n)) best = i;
    char *p = NULL;
    if (best >= 0) {
        p = spare[best].p;
        spare[best].p += n;
        spare[best].n -= n;
        spare_bytes -= n;
    }
    pthread_mutex_unlock(&spare_mu);
    return p;
}

void *arena_map(size_t n, bool zero) {
    if (n == 0 || n > SIZE_MAX / 2) return NULL;
    size_t size = page_round(n);
    void *p = size >= HUGE ? spare_take(size) : NULL;
    if (p) {
        if (zero) memset(p, 0, n);
        return p;
    }
    return map_aligned(size);
}

void arena_unmap(void *p, size_t n) {
    if (!p) return;
    size_t size = page_round(n);
    if (size >= HUGE) {
        pthread_mutex_lock(&spare_mu);
        int slot = -1;
        for (int i = 0; i < SPARE_SLOTS && slot < 0; i++)
            if (spare[i].n == 0) slot = i;
        if (slot >= 0 && spare_bytes + size <= SPARE_MAX) {
            spare[slot].p = p;
            spare[slot].n = size;
            spare_bytes += size;
            p = NULL;
        }
        pthread_mutex_unlock(&spare_mu);
        if (!p) return;
    }
    munmap(p, size);
}

static void unmap(Chunk *c) {
    munmap(c, c->map);
}

Arena *arena_new(void) {
    return calloc(1, sizeof(Arena));
}

/* A chunk no longer needed: a big one is kept for reuse (arena_map). */
static void drop(Chunk *c) {
    if (c->map >= HUGE) arena_unmap(c, c->map);
    else unmap(c);
}

void arena_free(Arena *a) {
    if (!a) return;
    for (Chunk *c = a->chunks, *n; c; c = n) { n = c->next; drop(c); }
    free(a);
}

/* A mapping of [size] bytes (a multiple of PAGE) starting on a HUGE
** boundary: map HUGE more than needed, then unmap the ends. */
static void *map_aligned(size_t size) {
    size_t over = size + HUGE - PAGE;
    char *m = mmap(NULL, over, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return NULL;
    char *p = (char *)(((uintptr_t)m + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
    if (p > m) munmap(m, (size_t)(p - m));
    size_t tail = over - (size_t)(p - m) - size;
    if (tail) munmap(p + size, tail);
#ifdef MADV_HUGEPAGE
    madvise(p, size, MADV_HUGEPAGE);   /* advice only: failure changes nothing */
#endif
    return p;
}

/* A chunk with at least [need] usable bytes and a mapping of at least
** [size] bytes. Chunks are fresh anonymous mappings, which the kernel hands
** out zeroed, so arena_alloc needs no memset per request; arena_reset
** clears the used part of the chunk it keeps. */
static Chunk *newchunk(Arena *a, size_t need, size_t size, bool populate) {
    if (need > SIZE_MAX / 2) return NULL;
    size_t map = (sizeof(Chunk) + need + PAGE - 1) & ~(size_t)(PAGE - 1);
    if (map < size) map = size;
    void *m;
    if (map >= HUGE) {
        m = arena_map(map, true);
        if (!m) return NULL;
    } else {
        m = mmap(NULL, map, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | (populate ? MAP_POPULATE : 0), -1,
                 0);
        if (m == MAP_FAILED) return NULL;
    }
    Chunk *c = m;
    c->next = NULL;
    c->map = map;
    c->own = false;
    a->bytes += map;
    return c;
}

void *arena_alloc_slow(Arena *a, size_t n) {
    if (n > SIZE_MAX - ALIGN) return NULL;
    n = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    if (n == 0) n = ALIGN;
    if (n > ARENA_BIG) {
        Chunk *c = newchunk(a, n, 0, true);
        if (!c) return NULL;
        c->own = true;
        /* Big chunks go second so the current small chunk stays first. */
        if (a->chunks) { c->next = a->chunks->next; a->chunks->next = c; }
        else a->chunks = c;
        return c + 1;
    }
    if ((size_t)(a->end - a->cur) < n) {
        size_t size = a->next ? a->next : FIRST;
        Chunk *c = newchunk(a, n, size, a->next != 0);    /* (the first: not populated) */
        if (!c) return NULL;
        a->next = size < MAXCHUNK ? 2 * size : MAXCHUNK;
        c->next = a->chunks;
        a->chunks = c;
        a->cur = (char *)(c + 1);
        a->end = (char *)c + c->map;
    }
    void *p = a->cur;
    a->cur += n;
    return p;
}

void arena_release(Arena *a, void *p) {
    if (!p) return;
    /* Big chunks sit after the current small chunk, newest first, so the
    ** block of a table that just grew is found after a few steps. */
    for (Chunk **pc = &a->chunks; *pc; pc = &(*pc)->next) {
        Chunk *c = *pc;
        if ((void *)(c + 1) != p) continue;
        if (!c->own) return;           /* the first small block of a chunk */
        *pc = c->next;
        a->bytes -= c->map;
        unmap(c);
        return;
    }
}

void arena_retire(Arena *a, void *p) {
    if (!p) return;
    for (Chunk **pc = &a->chunks; *pc; pc = &(*pc)->next) {
        Chunk *c = *pc;
        if ((void *)(c + 1) != p) continue;
        if (!c->own) return;
        *pc = c->next;
        a->bytes -= c->map;
        arena_unmap(c, c->map);
        return;
    }
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
    if (n == SIZE_MAX) return NULL;
    char *p = arena_alloc(a, n + 1);
    if (p && n) memcpy(p, s, n);
    return p;
}

void *arena_grow(Arena *a, void *p, size_t old, size_t new_, size_t size) {
    if (new_ && size > SIZE_MAX / new_) return NULL;
    void *q = arena_alloc(a, new_ * size);   /* zeroed, then the old part copied */
    if (q && p && old) memcpy(q, p, (old < new_ ? old : new_) * size);
    return q;
}

void arena_reset(Arena *a) {
    /* The first small chunk (the oldest, FIRST bytes) is kept; when it is
    ** also the current one only its used part needs clearing. */
    Chunk *keep = NULL;
    for (Chunk *c = a->chunks; c; c = c->next)
        if (!c->own && c->map == FIRST) keep = c;
    Chunk *first = a->chunks;
    size_t used = keep ? keep->map - sizeof(Chunk) : 0;
    if (keep && keep == first && a->cur)
        used = (size_t)(a->cur - (char *)(keep + 1));
    for (Chunk *c = a->chunks, *n; c; c = n) {
        n = c->next;
        if (c == keep) continue;
        a->bytes -= c->map;
        drop(c);
    }
    a->chunks = keep;
    a->cur = a->end = NULL;
    a->next = 0;
    if (keep) {
        memset(keep + 1, 0, used);
        keep->next = NULL;
        a->cur = (char *)(keep + 1);
        a->end = (char *)keep + keep->map;
        a->next = 2 * FIRST;
    }
}

size_t arena_bytes(const Arena *a) {
    return a->bytes;
}
