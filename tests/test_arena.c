/*
** test_arena.c — the bump allocator (ir/arena.c) against the contract in
** ir/arena.h: zeroed memory, 8-byte alignment, big blocks released alone,
** reset keeping one small chunk, chunks growing geometrically.
*/
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "ir/arena.h"

static bool all_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i]) return false;
    return true;
}

Test(arena, zeroed_and_aligned)
{
    Arena *a = arena_new();
    cr_assert(a);
    static const size_t sizes[] = { 1, 3, 8, 13, 100, 4096, 65536, 65537, 300000, 5u << 20 };
    for (int r = 0; r < 50; r++)
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
            unsigned char *p = arena_alloc(a, sizes[i]);
            cr_assert(p);
            cr_assert_eq((uintptr_t)p % ARENA_ALIGN, 0);
            cr_assert(all_zero(p, sizes[i]), "block of %zu not zeroed", sizes[i]);
            memset(p, 0xAB, sizes[i]);
        }
    arena_free(a);
}

/* arena.h: the first chunk is small (256 KB) and each further one twice
** the previous, up to 32 MB; so 100 MB need a dozen mappings, not 400. */
Test(arena, first_chunk_small_then_geometric)
{
    Arena *a = arena_new();
    cr_assert(arena_alloc(a, 16));
    cr_assert_eq(arena_bytes(a), 256 * 1024);
    size_t want = 256 * 1024, chunk = 256 * 1024, total = 16;
    int mappings = 1;
    while (total < (size_t)100 << 20) {
        unsigned char *p = arena_alloc(a, 1024);
        cr_assert(p);
        p[0] = 1;
        total += 1024;
        if (arena_bytes(a) != want) {
            chunk = chunk < ((size_t)32 << 20) ? 2 * chunk : chunk;
            want += chunk;
            mappings++;
            cr_assert_eq(arena_bytes(a), want, "chunk %d: %zu bytes mapped, want %zu",
                         mappings, arena_bytes(a), want);
        }
    }
    cr_assert_eq(chunk, (size_t)32 << 20);
    cr_assert_leq(mappings, 12);
    arena_free(a);
}

Test(arena, release_gives_back_a_big_block_only)
{
    Arena *a = arena_new();
    char *small = arena_alloc(a, 64);
    size_t before = arena_bytes(a);
    char *big = arena_alloc(a, (size_t)3 << 20);
    cr_assert(big);
    cr_assert_gt(arena_bytes(a), before + ((size_t)3 << 20) - 1);
    memset(big, 1, (size_t)3 << 20);
    char *after = arena_alloc(a, 64);          /* still from the small chunk */
    cr_assert_eq(after, small + 64);
    arena_release(a, big);
    cr_assert_eq(arena_bytes(a), before);
    arena_release(a, small);                   /* not alone: nothing happens */
    cr_assert_eq(arena_bytes(a), before);
    cr_assert_eq(small[0], 0);
    arena_free(a);
}

/* A scratch arena reset per statement keeps one small chunk, hands out
** zeroed memory again, and grows from small chunks again. */
Test(arena, reset_keeps_one_small_chunk)
{
    Arena *a = arena_new();
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 20000; i++) {
            unsigned char *p = arena_alloc(a, 200);
            cr_assert(p);
            cr_assert(all_zero(p, 200));
            memset(p, 0xFF, 200);
        }
        cr_assert(arena_alloc(a, (size_t)1 << 20));
        arena_reset(a);
        cr_assert_eq(arena_bytes(a), 256 * 1024);
        unsigned char *q = arena_alloc(a, 1000);
        cr_assert(all_zero(q, 1000));
        cr_assert_eq(arena_bytes(a), 256 * 1024);
    }
    arena_free(a);
}

Test(arena, failure_is_null)
{
    Arena *a = arena_new();
    cr_assert_null(arena_alloc(a, SIZE_MAX));
    cr_assert_null(arena_alloc(a, SIZE_MAX - 3));
    cr_assert_null(arena_alloc(a, SIZE_MAX / 2 + 1));
    cr_assert_null(arena_grow(a, NULL, 0, SIZE_MAX / 4, 8));
    cr_assert(arena_alloc(a, 8));
    arena_free(a);
}

Test(arena, grow_and_strndup)
{
    Arena *a = arena_new();
    int *v = NULL;
    size_t n = 0;
    for (size_t cap = 4; cap <= ((size_t)1 << 20); cap *= 2) {
        int *w = arena_grow(a, v, n, cap, sizeof *w);
        cr_assert(w);
        for (size_t i = 0; i < n; i++) cr_assert_eq(w[i], (int)i);
        cr_assert(all_zero((unsigned char *)(w + n), (cap - n) * sizeof *w));
        for (size_t i = n; i < cap; i++) w[i] = (int)i;
        arena_release(a, v);
        v = w;
        n = cap;
    }
    char *s = arena_strndup(a, "hello world", 5);
    cr_assert_str_eq(s, "hello");
    arena_free(a);
}
