/*
** types.c — the IR core's interning: names (ir_name), types read from
** their MLIR spelling (ir_type_get), type equality, and
** function types (ir_type_func). Declared in ir/module.h.
**
** Everything is allocated from the module's arena and interned in its
** tables (ir/intern.h): equal names and equal types are the same pointer.
** Not thread-safe: a module is built by one thread before it is shared.
*/
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/brackets.h"
#include "base/typename.h"
#include "ir/intern.h"

/* ========================================================================
** Interning tables
** ======================================================================== */

static size_t str_home(const void *slot) { return ((const StrSlot *)slot)->h; }
static size_t ty_home(const void *slot) { return ((const TySlot *)slot)->h; }

const char *ir_name(Module *m, const char *s, size_t n) {
    struct IrTables *t = ir_tables(m);
    if (!t) return NULL;
    if (t->nstr * 2 >= t->capstr) {
        size_t cap = t->capstr ? t->capstr * 2 : 256;
        StrSlot *ns = ir_rehash(m->arena, t->strs, t->capstr, cap, sizeof *ns, str_home);
        if (!ns) return NULL;
        /* The outgrown table is not needed any more (nothing else points
        ** into it): large ones go back to the system at once. */
        arena_release(m->arena, t->strs);
        t->strs = ns; t->capstr = cap;
    }
    if (n > UINT32_MAX) return NULL;
    uint32_t h = ir_hash(s, n);
    size_t j = h & (t->capstr - 1);
    while (t->strs[j].s) {
        if (t->strs[j].h == h && t->strs[j].n == n && memcmp(t->strs[j].s, s, n) == 0) return t->strs[j].s;
        j = (j + 1) & (t->capstr - 1);
    }
    char *p = arena_strndup(m->arena, s, n);
    if (!p) return NULL;
    t->strs[j] = (StrSlot){ p, (uint32_t)n, h };
    t->nstr++;
    return p;
}

/* ========================================================================
** Types
** ======================================================================== */

static const Type *type_lookup(Module *m, const char *s, size_t n, uint32_t h) {
    struct IrTables *t = ir_tables(m);
    if (!t || !t->capty) return NULL;
    size_t j = h & (t->capty - 1);
    while (t->tys[j].t) {
        const Type *ty = t->tys[j].t;
        if (t->tys[j].h == h && strlen(ty->spelling) == n && memcmp(ty->spelling, s, n) == 0) return ty;
        j = (j + 1) & (t->capty - 1);
    }
    return NULL;
}

/* Doubles the open-addressing table [*slots] (capacity [*cap], 0 for none
** yet, then 64), rehashing every entry by its stored hash. The old table
** stays in the arena. Returns false when out of memory. */
static bool slots_grow(Module *m, TySlot **slots, size_t *cap) {
    size_t ncap = *cap ? *cap * 2 : 64;
    TySlot *ns = ir_rehash(m->arena, *slots, *cap, ncap, sizeof *ns, ty_home);
    if (!ns) return false;
    *slots = ns;
    *cap = ncap;
    return true;
}

static const Type *type_insert(Module *m, Type *ty) {
    struct IrTables *t = ir_tables(m);
    if (!t) return NULL;
    if (t->nty * 2 >= t->capty && !slots_grow(m, &t->tys, &t->capty)) return NULL;
    uint32_t h = ir_hash(ty->spelling, strlen(ty->spelling));
    size_t j = h & (t->capty - 1);
    while (t->tys[j].t) j = (j + 1) & (t->capty - 1);
    t->tys[j] = (TySlot){ ty, h };
    t->nty++;
    return ty;
}

static const struct { const char *name; TypeKind kind; } builtins[] = {
    {"i1", TY_I1}, {"i8", TY_I8}, {"i16", TY_I16}, {"i32", TY_I32}, {"i64", TY_I64},
    {"ui8", TY_UI8}, {"ui16", TY_UI16}, {"ui32", TY_UI32}, {"ui64", TY_UI64},
    {"f16", TY_F16}, {"bf16", TY_BF16}, {"f32", TY_F32}, {"f64", TY_F64},
    {"index", TY_INDEX}, {"none", TY_NONE},
};

/* Parses one type at [*p] (before [e]); advances *p. NULL if malformed. */
static const Type *parse_type(Module *m, const char **p, const char *e, int depth);
static const Type *parse_tensor(Module *m, const char **pp, const char *e, int depth);

/* Builtin scalar types tfrun knows by name only: iN, siN, uiN, f80, f128,
** tf32 and the f8 variants (f8E4M3FN, f8E5M2, ...). */
static bool other_scalar(const char *s, size_t n) {
    size_t i = 0;
    if (n > 2 && (s[0] == 's' || s[0] == 'u') && s[1] == 'i') i = 2;
    else if (n > 1 && s[0] == 'i') i = 1;
    if (i) {
        if (n - i > 7) return false;
        for (size_t j = i; j < n; j++) if (!isdigit((unsigned char)s[j])) return false;
        return s[i] != '0';
    }
    if ((n == 3 && !memcmp(s, "f80", 3)) || (n == 4 && (!memcmp(s, "f128", 4) || !memcmp(s, "tf32", 4))))
        return true;
    if (n > 3 && !memcmp(s, "f8E", 3)) {
        for (size_t j = 3; j < n; j++) if (!isalnum((unsigned char)s[j])) return false;
        return true;
    }
    return false;
}

static const Type *intern_parsed(Module *m, const char *s, size_t n, Type *proto) {
    uint32_t h = ir_hash(s, n);
    const Type *old = type_lookup(m, s, n, h);
    if (old) return old;
    Type *ty = arena_alloc(m->arena, sizeof *ty);
    if (!ty) return NULL;
    *ty = *proto;
    ty->spelling = ir_name(m, s, n);
    if (!ty->spelling) return NULL;
    return type_insert(m, ty);
}

static const Type *parse_type(Module *m, const char **pp, const char *e, int depth) {
    const char *p = *pp, *s = p;
    Type proto;
    memset(&proto, 0, sizeof proto);
    if (depth > 64 || p >= e) return NULL;
    if (*p == '!') {
        p++;
        if (p >= e || !(isalpha((unsigned char)*p) || *p == '_')) return NULL;
        while (p < e && ir_idchar((unsigned char)*p)) p++;
        if (p < e && *p == '<' && !(p = brackets_close(p + 1, e))) return NULL;
        proto.kind = TY_DIALECT;
        proto.is_chain = (size_t)(p - s) == 11 && memcmp(s, "!tfrt.chain", 11) == 0;
        *pp = p;
        return intern_parsed(m, s, (size_t)(p - s), &proto);
    }
    if (e - p > 8 && memcmp(p, "complex<", 8) == 0) {
        p += 8;
        const Type *el = parse_type(m, &p, e, depth + 1);
        if (!el || p >= e || *p != '>') return NULL;
        p++;
        proto.kind = TY_COMPLEX;
        proto.elem = el;
        *pp = p;
        return intern_parsed(m, s, (size_t)(p - s), &proto);
    }
    if (e - p > 7 && memcmp(p, "tensor<", 7) == 0) {
        const Type *t = parse_tensor(m, pp, e, depth);
        if (t) return t;
    }
    if ((e - p > 7 && memcmp(p, "tensor<", 7) == 0) || (e - p > 7 && memcmp(p, "memref<", 7) == 0)
        || (e - p > 7 && memcmp(p, "vector<", 7) == 0) || (e - p > 6 && memcmp(p, "tuple<", 6) == 0)) {
        p = brackets_close(memchr(p, '<', (size_t)(e - p)) + 1, e);
        if (!p) return NULL;
        proto.kind = TY_OTHER;
        *pp = p;
        return intern_parsed(m, s, (size_t)(p - s), &proto);
    }
    while (p < e && (isalnum((unsigned char)*p) || *p == '_')) p++;
    size_t n = (size_t)(p - s);
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
        if (strlen(builtins[i].name) == n && memcmp(builtins[i].name, s, n) == 0) {
            proto.kind = builtins[i].kind;
            *pp = p;
            return intern_parsed(m, s, n, &proto);
        }
    }
    if (other_scalar(s, n)) {
        proto.kind = TY_OTHER;
        *pp = p;
        return intern_parsed(m, s, n, &proto);
    }
    return NULL;
}

/* tensor<DIMSxELEM> and tensor<*xELEM> at [*pp]; NULL (and *pp unmoved)
** for any other tensor, such as one with an encoding. */
static const Type *parse_tensor(Module *m, const char **pp, const char *e, int depth) {
    const char *p = *pp, *s = p;
    Type proto;
    memset(&proto, 0, sizeof proto);
    {
        int64_t dims[64];
        int rank = 0;
        p += 7;
        if (p < e && *p == '*') {
            if (e - p < 2 || p[1] != 'x') return NULL;
            p += 2;
            rank = -1;
        } else {
            for (;;) {
                const char *q = p;
                int64_t d;
                if (q < e && *q == '?') { d = -1; q++; }
                else if (q < e && isdigit((unsigned char)*q)) {
                    d = 0;
                    while (q < e && isdigit((unsigned char)*q)) {
                        if (d > (INT64_MAX - 9) / 10) return NULL;
                        d = d * 10 + (*q++ - '0');
                    }
                } else break;
                if (q >= e || *q != 'x') break;   /* not a dimension: element type */
                if (rank >= 64) return NULL;
                dims[rank++] = d;
                p = q + 1;
            }
        }
        const Type *el = parse_type(m, &p, e, depth + 1);
        if (!el || p >= e || *p != '>') return NULL;
        p++;
        uint32_t h = ir_hash(s, (size_t)(p - s));
        const Type *old = type_lookup(m, s, (size_t)(p - s), h);
        if (old) { *pp = p; return old; }
        proto.kind = TY_TENSOR;
        proto.elem = el;
        proto.rank = rank;
        if (rank > 0) {
            int64_t *d = arena_alloc(m->arena, (size_t)rank * sizeof *d);
            if (!d) return NULL;
            memcpy(d, dims, (size_t)rank * sizeof *d);
            proto.dims = d;
        }
        *pp = p;
        return intern_parsed(m, s, (size_t)(p - s), &proto);
    }
}

const Type *ir_type_get(Module *m, const char *s, size_t n) {
    const Type *old = type_lookup(m, s, n, ir_hash(s, n));
    if (old) return old;
    const char *p = s;
    const Type *t = parse_type(m, &p, s + n, 0);
    return t && p == s + n ? t : NULL;
}

/* A value of type [v] may be written where type [w] is declared: equal,
** or [w] is !tfrt.any (docs/kernel-behaviour.md §11). */
bool ir_type_accepts(const Type *w, const Type *v) {
    return ir_type_same(w, v) || (w && w->kind == TY_DIALECT && strcmp(w->spelling, "!tfrt.any") == 0);
}

bool ir_type_same(const Type *a, const Type *b) {
    if (a == b) return true;
    if (!a || !b) return false;
    return a->spelling && b->spelling && tn_same(a->spelling, b->spelling);
}

/* Function types are found by their component pointers (no spelling is
** built unless the type is new). */
static uint32_t fn_hash(const Type *const *in, int nin, const Type *const *out, int nout) {
    uint32_t h = 2166136261u ^ (uint32_t)(nin * 31 + nout);
    for (int i = 0; i < nin; i++) { h ^= (uint32_t)((uintptr_t)in[i] >> 4); h *= 16777619u; }
    h ^= 0x9e37u;
    for (int i = 0; i < nout; i++) { h ^= (uint32_t)((uintptr_t)out[i] >> 4); h *= 16777619u; }
    return h;
}

static bool fn_equal(const Type *t, const Type *const *in, int nin, const Type *const *out, int nout) {
    if (t->ninputs != nin || t->nresults != nout) return false;
    for (int i = 0; i < nin; i++) if (t->inputs[i] != in[i]) return false;
    for (int i = 0; i < nout; i++) if (t->results[i] != out[i]) return false;
    return true;
}

static const Type *fn_build(Module *m, const Type *const *in, int nin, const Type *const *out, int nout);

const Type *ir_type_func(Module *m, const Type *const *in, int nin, const Type *const *out, int nout) {
    struct IrTables *t = ir_tables(m);
    if (!t) return NULL;
    uint32_t h = fn_hash(in, nin, out, nout);
    if (t->capfn) {
        size_t j = h & (t->capfn - 1);
        while (t->fns[j].t) {
            if (t->fns[j].h == h && fn_equal(t->fns[j].t, in, nin, out, nout)) return t->fns[j].t;
            j = (j + 1) & (t->capfn - 1);
        }
    }
    const Type *ft = fn_build(m, in, nin, out, nout);
    if (!ft) return NULL;
    if (t->nfn * 2 >= t->capfn && !slots_grow(m, &t->fns, &t->capfn)) return NULL;
    size_t j = h & (t->capfn - 1);
    while (t->fns[j].t) j = (j + 1) & (t->capfn - 1);
    t->fns[j] = (TySlot){ ft, h };
    t->nfn++;
    return ft;
}

static const Type *fn_build(Module *m, const Type *const *in, int nin, const Type *const *out, int nout) {
    IrBuf b = {0};
    ir_bput(&b, "(");
    for (int i = 0; i < nin; i++) { if (i) ir_bput(&b, ", "); ir_bput(&b, in[i] ? in[i]->spelling : "any"); }
    ir_bput(&b, ") -> ");
    if (nout != 1 || (out[0] && out[0]->kind == TY_FUNCTION)) ir_bput(&b, "(");
    for (int i = 0; i < nout; i++) { if (i) ir_bput(&b, ", "); ir_bput(&b, out[i] ? out[i]->spelling : "any"); }
    if (nout != 1 || (out[0] && out[0]->kind == TY_FUNCTION)) ir_bput(&b, ")");
    if (b.oom) { free(b.p); return NULL; }
    uint32_t h = ir_hash(b.p, b.n);
    const Type *old = type_lookup(m, b.p, b.n, h);
    if (old) { free(b.p); return old; }
    Type proto;
    memset(&proto, 0, sizeof proto);
    proto.kind = TY_FUNCTION;
    proto.ninputs = nin; proto.nresults = nout;
    const Type **ci = arena_alloc(m->arena, (size_t)(nin + 1) * sizeof *ci);
    const Type **co = arena_alloc(m->arena, (size_t)(nout + 1) * sizeof *co);
    if (!ci || !co) { free(b.p); return NULL; }
    if (nin) memcpy(ci, in, (size_t)nin * sizeof *ci);
    if (nout) memcpy(co, out, (size_t)nout * sizeof *co);
    proto.inputs = ci; proto.results = co;
    const Type *t = intern_parsed(m, b.p, b.n, &proto);
    free(b.p);
    return t;
}
