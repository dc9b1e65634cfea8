/*
** arena.c — chunked bump allocator. Small requests are carved from the
** current chunk; a request larger than a quarter chunk gets a chunk of its
** own so that the current one is not wasted.
*/
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include "ir/arena.h"

#define CHUNK (256 * 1024)
#define ALIGN 8

typedef struct Chunk {
    struct Chunk *next;
    size_t size;               /* usable bytes after the header */
    bool own;                  /* holds one big block (arena_release may free it) */
    max_align_t pad[];         /* keeps the data aligned */
} Chunk;

/* struct Arena is in arena.h (the inline fast path of arena_alloc). */
_Static_assert(ALIGN == ARENA_ALIGN && CHUNK / 4 == ARENA_BIG, "arena.h and arena.c agree");

static void unmap(Chunk *c) {
    munmap(c, sizeof(Chunk) + c->size);
}

Arena *arena_new(void) {
    return calloc(1, sizeof(Arena));
}

void arena_free(Arena *a) {
    if (!a) return;
    for (Chunk *c = a->chunks, *n; c; c = n) { n = c->next; unmap(c); }
    free(a);
}

/* Chunks are fresh anonymous mappings, which the kernel hands out zeroed
** (calloc would clear them again once malloc's mmap threshold has moved),
** so arena_alloc needs no memset per request; arena_reset clears the used
** part of the chunk it keeps. MAP_POPULATE maps all pages at once instead
** of taking one page fault per 4 KB as the chunk fills. */
static Chunk *newchunk(Arena *a, size_t size) {
    void *m = mmap(NULL, sizeof(Chunk) + size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (m == MAP_FAILED) return NULL;
    Chunk *c = m;
    c->next = NULL;
    c->size = size;
    c->own = false;
    a->bytes += sizeof(Chunk) + size;
    return c;
}

void *arena_alloc_slow(Arena *a, size_t n) {
    n = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    if (n == 0) n = ALIGN;
    if (n > CHUNK / 4) {
        Chunk *c = newchunk(a, n);
        if (!c) return NULL;
        c->own = true;
        /* Big chunks go second so the current small chunk stays first. */
        if (a->chunks) { c->next = a->chunks->next; a->chunks->next = c; }
        else a->chunks = c;
        return c + 1;
    }
    if ((size_t)(a->end - a->cur) < n) {
        Chunk *c = newchunk(a, CHUNK);
        if (!c) return NULL;
        c->next = a->chunks;
        a->chunks = c;
        a->cur = (char *)(c + 1);
        a->end = a->cur + CHUNK;
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
        a->bytes -= sizeof(Chunk) + c->size;
        unmap(c);
        return;
    }
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
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
    Chunk *keep = NULL;
    /* The current small chunk (always first when there is one) is the one
    ** kept, and only its used part needs clearing. */
    Chunk *first = a->chunks;
    size_t used = CHUNK;
    if (first && first->size == CHUNK && !first->own && a->cur)
        used = (size_t)(a->cur - (char *)(first + 1));
    for (Chunk *c = a->chunks, *n; c; c = n) {
        n = c->next;
        if (!keep && c->size == CHUNK) { keep = c; continue; }
        a->bytes -= sizeof(Chunk) + c->size;
        unmap(c);
    }
    a->chunks = keep;
    a->cur = a->end = NULL;
    if (keep) {
        memset(keep + 1, 0, keep == first ? used : CHUNK);
        keep->next = NULL;
        a->cur = (char *)(keep + 1);
        a->end = a->cur + CHUNK;
    }
}

size_t arena_bytes(const Arena *a) {
    return a->bytes;
}
