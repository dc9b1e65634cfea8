/*
** bigmem.c — large blocks in huge-page mappings, one kept for reuse
** (interp/bigmem.h).
**
** A kept block records its mapped size in its first word. Global state:
** the kept slot, which is allocator state.
*/
#include "interp/bigmem.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__SANITIZE_ADDRESS__)
#define BIG_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BIG_ASAN 1
#endif
#endif

#define HUGE ((size_t)2 << 20)
#define PAGE ((size_t)4096)

static _Atomic(void *) kept;

static void oom(void)
{
    fputs("tfrun: out of memory\n", stderr);
    abort();
}

static void *small(size_t n, bool zero)
{
    void *p = zero ? calloc(n ? n : 1, 1) : malloc(n ? n : 1);
    if (!p) oom();
    return p;
}

#ifndef BIG_ASAN
/* The bytes mapped for [n]: whole pages, and a last huge page when the
** tail would take more than 2/5 of one (touching 4 KiB pages costs about
** 2.7 times more per byte than a huge page). */
static size_t mapped(size_t n)
{
    size_t size = (n + PAGE - 1) & ~(PAGE - 1), tail = size % HUGE;
    if (tail > HUGE / 5 * 2) size += HUGE - tail;
    return size;
}

/* A fresh (zero) mapping of mapped(n) bytes on a HUGE boundary. */
static void *map_huge(size_t n)
{
    size_t size = mapped(n), over = size + HUGE - PAGE;
    char *m = mmap(NULL, over, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) oom();
    char *p = (char *)(((uintptr_t)m + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
    if (p > m) munmap(m, (size_t)(p - m));
    size_t tail = over - (size_t)(p - m) - size;
    if (tail) munmap(p + size, tail);
#ifdef MADV_HUGEPAGE
    madvise(p, size, MADV_HUGEPAGE);   /* advice only: failure changes nothing */
#endif
    return p;
}
#endif

void *big_alloc(size_t n, bool zero)
{
#ifndef BIG_ASAN
    if (n >= BIG_MIN) {
        void *k = atomic_exchange_explicit(&kept, NULL, memory_order_acquire);
        if (k) {
            size_t kn = *(size_t *)k;
            /* Reuse it unless it is much larger than needed. */
            if (kn >= mapped(n) && kn / 2 <= mapped(n)) {
                if (zero) memset(k, 0, n);
                return k;
            }
            munmap(k, kn);
        }
        return map_huge(n);
    }
#endif
    return small(n, zero);
}

void big_free(void *p, size_t n)
{
    if (!p) return;
#ifndef BIG_ASAN
    if (n >= BIG_MIN) {
        *(size_t *)p = mapped(n);
        void *old = atomic_exchange_explicit(&kept, p, memory_order_acq_rel);
        if (old) munmap(old, *(size_t *)old);
        return;
    }
#else
    (void)n;
#endif
    free(p);
}
