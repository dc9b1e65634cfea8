/*
** intern.h — the internals of a Module's interning tables (ir/types.c,
** ir/sig.c, ir/module.c), and the small helpers the parser's builders
** share with them (parser/build*.c: the same hash and open-addressing
** growth for scope tables, the same growing text buffer). Not for anyone
** else: the public face is ir/module.h.
**
** Everything here is allocated from the module's arena (IrBuf from the C
** heap: its owner frees buf.p). Not thread-safe: a module is built by one
** thread before it is shared.
*/
#ifndef TFRUN_IR_INTERN_H
#define TFRUN_IR_INTERN_H

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ir/arena.h"
#include "ir/module.h"

typedef struct StrSlot { const char *s; uint32_t n, h; } StrSlot;   /* 16 bytes */
typedef struct TySlot { const Type *t; uint32_t h; } TySlot;
typedef struct SigSlot { const struct OpInfo *info; IrSig sig; bool ok; } SigSlot;

struct IrTables {
    StrSlot *strs; size_t nstr, capstr;
    TySlot *tys; size_t nty, capty;
    TySlot *fns; size_t nfn, capfn;      /* function types by components */
    Func **ftab; size_t capftab;         /* Module.funcs by name (ir_index_funcs) */
    SigSlot *sigs; size_t nsig, capsig;
};

static inline uint32_t ir_hash(const char *s, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) { h ^= (unsigned char)s[i]; h *= 16777619u; }
    return h;
}

/* The open-addressing tables of the IR core (strings, types, signatures)
** and the parser's scopes share their growth: slots of [size] bytes whose first member is
** a pointer, NULL in an empty slot. Returns a table of [ncap] slots (a
** power of two) in [a] holding the [cap] slots of [old], each placed from
** home(slot) by linear probing; NULL when out of memory. The old table is
** the caller's to keep or release. Inline, so that each caller gets its
** slot size and home function as constants (no call per slot). */
static inline void *ir_rehash(Arena *a, const void *old, size_t cap, size_t ncap, size_t size,
                              size_t (*home)(const void *slot)) {
    char *ns = arena_alloc(a, ncap * size);
    if (!ns) return NULL;
    for (size_t i = 0; i < cap; i++) {
        const char *slot = (const char *)old + i * size;
        const void *key, *taken;
        memcpy(&key, slot, sizeof key);
        if (!key) continue;
        size_t j = home(slot) & (ncap - 1);
        for (;;) {
            memcpy(&taken, ns + j * size, sizeof taken);
            if (!taken) break;
            j = (j + 1) & (ncap - 1);
        }
        memcpy(ns + j * size, slot, size);
    }
    return ns;
}

static inline struct IrTables *ir_tables(Module *m) {
    if (!m->tables) m->tables = arena_alloc(m->arena, sizeof(struct IrTables));
    return m->tables;
}

static inline bool ir_idchar(int c) { return isalnum(c) || c == '_' || c == '$' || c == '.'; }

/* Appends [s] to the growing buffer. */
typedef struct IrBuf { char *p; size_t n, cap; bool oom; } IrBuf;
static inline void ir_bputn(IrBuf *b, const char *s, size_t k) {
    if (b->oom) return;
    if (b->n + k + 1 > b->cap) {
        size_t cap = (b->n + k + 1) * 2;
        char *q = realloc(b->p, cap);
        if (!q) { b->oom = true; return; }
        b->p = q; b->cap = cap;
    }
    memcpy(b->p + b->n, s, k);
    b->n += k;
    b->p[b->n] = 0;
}
static inline void ir_bput(IrBuf *b, const char *s) { ir_bputn(b, s, strlen(s)); }

#endif
