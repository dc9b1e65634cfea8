/*
** bigmem.c — large blocks from ir/arena.c's spare mappings (interp/bigmem.h).
*/
#include "interp/bigmem.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/alloc.h"
#include "ir/arena.h"

#if defined(__SANITIZE_ADDRESS__)
#define BIG_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BIG_ASAN 1
#endif
#endif

#define HUGE ((size_t)2 << 20)
#define PAGE ((size_t)4096)

static void oom(void) { tf_out_of_memory(); }

#ifndef BIG_ASAN
/* The bytes asked of arena_map for [n]: whole pages, and a last huge page
** when the tail would take more than 2/5 of one (touching 4 KiB pages costs
** about 2.7 times more per byte than a huge page). A function of [n] only,
** so big_free gives back exactly what big_alloc took. */
static size_t mapped(size_t n)
{
    size_t size = (n + PAGE - 1) & ~(PAGE - 1), tail = size % HUGE;
    if (tail > HUGE / 5 * 2) size += HUGE - tail;
    return size;
}
#endif

void *big_alloc(size_t n, bool zero)
{
#ifndef BIG_ASAN
    if (n >= BIG_MIN) {
        void *p = arena_map(mapped(n), zero);
        if (!p) oom();
        return p;
    }
#endif
    void *p = zero ? calloc(n ? n : 1, 1) : malloc(n ? n : 1);
    if (!p) oom();
    return p;
}

void big_free(void *p, size_t n)
{
    if (!p) return;
#ifndef BIG_ASAN
    if (n >= BIG_MIN) {
        arena_unmap(p, mapped(n));
        return;
    }
#else
    (void)n;
#endif
    free(p);
}
