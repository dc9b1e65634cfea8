/*
** build.c — IR construction: interning, types, attributes, locations,
** scopes, and the builder functions the grammar's actions call (ir/build.h),
** plus the ir_* queries of ir/ir.h.
**
** Everything is allocated from the module's arena. Builders check
** ctx->failed first and return NULL, so after the first error the rest of
** the reductions lemon performs are harmless no-ops.
*/
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ir/build.h"
#include "kernels/optable.h"
#include "grammar.h"

/* ========================================================================
** Interning tables
** ======================================================================== */

typedef struct StrSlot { const char *s; uint32_t n, h; } StrSlot;   /* 16 bytes */
typedef struct TySlot { const Type *t; uint32_t h; } TySlot;
typedef struct SigSlot { const OpInfo *info; IrSig sig; bool ok; } SigSlot;

struct IrTables {
    StrSlot *strs; size_t nstr, capstr;
    TySlot *tys; size_t nty, capty;
    TySlot *fns; size_t nfn, capfn;      /* function types by components */
    Func **ftab; size_t capftab;         /* Module.funcs by name (ir_index_funcs) */
    SigSlot *sigs; size_t nsig, capsig;
};

static uint32_t hash(const char *s, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) { h ^= (unsigned char)s[i]; h *= 16777619u; }
    return h;
}

/* The open-addressing tables of this file (strings, types, signatures,
** scopes) share their growth: slots of [size] bytes whose first member is
** a pointer, NULL in an empty slot. Returns a table of [ncap] slots (a
** power of two) in [a] holding the [cap] slots of [old], each placed from
** home(slot) by linear probing; NULL when out of memory. The old table is
** the caller's to keep or release. Inline, so that each caller gets its
** slot size and home function as constants (no call per slot). */
static inline void *rehash(Arena *a, const void *old, size_t cap, size_t ncap, size_t size,
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

static size_t str_home(const void *slot) { return ((const StrSlot *)slot)->h; }
static size_t ty_home(const void *slot) { return ((const TySlot *)slot)->h; }
static size_t sig_home(const void *slot) { return (uintptr_t)((const SigSlot *)slot)->info >> 4; }

static struct IrTables *tables(Module *m) {
    if (!m->tables) m->tables = arena_alloc(m->arena, sizeof(struct IrTables));
    return m->tables;
}

const char *ir_name(Module *m, const char *s, size_t n) {
    struct IrTables *t = tables(m);
    if (!t) return NULL;
    if (t->nstr * 2 >= t->capstr) {
        size_t cap = t->capstr ? t->capstr * 2 : 256;
        StrSlot *ns = rehash(m->arena, t->strs, t->capstr, cap, sizeof *ns, str_home);
        if (!ns) return NULL;
        /* The outgrown table is not needed any more (nothing else points
        ** into it): large ones go back to the system at once. */
        arena_release(m->arena, t->strs);
        t->strs = ns; t->capstr = cap;
    }
    if (n > UINT32_MAX) return NULL;
    uint32_t h = hash(s, n);
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
    struct IrTables *t = tables(m);
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
    TySlot *ns = rehash(m->arena, *slots, *cap, ncap, sizeof *ns, ty_home);
    if (!ns) return false;
    *slots = ns;
    *cap = ncap;
    return true;
}

static const Type *type_insert(Module *m, Type *ty) {
    struct IrTables *t = tables(m);
    if (!t) return NULL;
    if (t->nty * 2 >= t->capty && !slots_grow(m, &t->tys, &t->capty)) return NULL;
    uint32_t h = hash(ty->spelling, strlen(ty->spelling));
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

static bool idchar(int c) { return isalnum(c) || c == '_' || c == '$' || c == '.'; }

/* Parses one type at [*p] (before [e]); advances *p. NULL if malformed. */
static const Type *parse_type(Module *m, const char **p, const char *e, int depth);
static const Type *parse_tensor(Module *m, const char **pp, const char *e, int depth);

const char *ir_scan_body(const char *p, const char *e) {
    int depth = 1;
    while (p < e) {
        char c = *p;
        if (c == '"') {
            for (p++; p < e && *p != '"'; p++) if (*p == '\\' && p + 1 < e) p++;
            if (p >= e) return NULL;
        } else if (c == '<' || c == '(' || c == '[' || c == '{') depth++;
        else if ((c == ')' || c == ']' || c == '}') && --depth == 0) return NULL;
        else if (c == '>' && p[-1] != '-' && !(p + 1 < e && p[1] == '=')) depth--;
        p++;
        if (depth == 0) return p;
    }
    return NULL;
}

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
    uint32_t h = hash(s, n);
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
        while (p < e && idchar((unsigned char)*p)) p++;
        if (p < e && *p == '<' && !(p = ir_scan_body(p + 1, e))) return NULL;
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
        p = ir_scan_body(memchr(p, '<', (size_t)(e - p)) + 1, e);
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
        uint32_t h = hash(s, (size_t)(p - s));
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
    const Type *old = type_lookup(m, s, n, hash(s, n));
    if (old) return old;
    const char *p = s;
    const Type *t = parse_type(m, &p, s + n, 0);
    return t && p == s + n ? t : NULL;
}

static bool is_tensor_alias(const Type *t) {
    return t->kind == TY_DIALECT && (strcmp(t->spelling, "!t.tensor") == 0
                                     || strcmp(t->spelling, "!tfrt_tensor.tensor") == 0);
}

/* A value of type [v] may be written where type [w] is declared: equal,
** or [w] is !tfrt.any (docs/kernel-behaviour.md §11). */
static bool type_accepts(const Type *w, const Type *v) {
    return ir_type_same(w, v) || (w && w->kind == TY_DIALECT && strcmp(w->spelling, "!tfrt.any") == 0);
}

bool ir_type_same(const Type *a, const Type *b) {
    if (a == b) return true;
    if (!a || !b) return false;
    return is_tensor_alias(a) && is_tensor_alias(b);
}

/* Appends [s] to the growing buffer. */
typedef struct Buf { char *p; size_t n, cap; bool oom; } Buf;
static void bputn(Buf *b, const char *s, size_t k) {
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
static void bput(Buf *b, const char *s) { bputn(b, s, strlen(s)); }

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
    struct IrTables *t = tables(m);
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
    Buf b = {0};
    bput(&b, "(");
    for (int i = 0; i < nin; i++) { if (i) bput(&b, ", "); bput(&b, in[i] ? in[i]->spelling : "any"); }
    bput(&b, ") -> ");
    if (nout != 1 || (out[0] && out[0]->kind == TY_FUNCTION)) bput(&b, "(");
    for (int i = 0; i < nout; i++) { if (i) bput(&b, ", "); bput(&b, out[i] ? out[i]->spelling : "any"); }
    if (nout != 1 || (out[0] && out[0]->kind == TY_FUNCTION)) bput(&b, ")");
    if (b.oom) { free(b.p); return NULL; }
    uint32_t h = hash(b.p, b.n);
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

/* ---- op signatures (kernels/ops.def mini-language) ---------------------- */

static void skipws(const char **p) { while (**p == ' ') (*p)++; }

/* Reads a type list: "(T, U...)" or a single type. */
static bool sig_list(Module *m, const char **pp, const Type ***out, int *n, bool *variadic) {
    const char *p = *pp;
    const Type *tmp[32];
    int k = 0;
    bool paren = false;
    *variadic = false;
    skipws(&p);
    if (*p == '(') { paren = true; p++; skipws(&p); }
    if (paren && *p == ')') { p++; goto done; }
    for (;;) {
        skipws(&p);
        const Type *t = NULL;
        if (strncmp(p, "any", 3) == 0 && !isalnum((unsigned char)p[3])) p += 3;
        else {
            const char *e = p;
            int angle = 0;
            while (*e && (angle || (*e != ',' && *e != ')' && *e != ' ' && !(e[0] == '.' && e[1] == '.' && e[2] == '.')))) {
                if (*e == '<') angle++;
                if (*e == '>') angle--;
                e++;
            }
            t = ir_type_get(m, p, (size_t)(e - p));
            if (!t) return false;
            p = e;
        }
        if (k >= 32) return false;
        tmp[k++] = t;
        if (strncmp(p, "...", 3) == 0) { p += 3; *variadic = true; }
        skipws(&p);
        if (!paren) break;
        if (*p == ',') { p++; continue; }
        if (*p == ')') { p++; break; }
        return false;
    }
done:
    *out = arena_alloc(m->arena, (size_t)(k + 1) * sizeof **out);
    if (!*out) return false;
    if (k) memcpy(*out, tmp, (size_t)k * sizeof *tmp);
    *n = k;
    *pp = p;
    return true;
}

static bool sig_parse(Module *m, const char *s, IrSig *sig) {
    const Type **in, **out;
    memset(sig, 0, sizeof *sig);
    if (!s || !*s) return false;
    const char *p = s;
    if (!sig_list(m, &p, &in, &sig->nin, &sig->in_variadic)) return false;
    skipws(&p);
    if (strncmp(p, "->", 2) != 0) return false;
    p += 2;
    if (!sig_list(m, &p, &out, &sig->nout, &sig->out_variadic)) return false;
    skipws(&p);
    if (*p) return false;
    sig->in = in; sig->out = out;
    return true;
}

bool ir_signature(Module *m, const char *sig, IrSig *out) {
    return sig_parse(m, sig, out);
}

/* The signature of [info], cached per module. */
static const IrSig *op_sig(Module *m, const OpInfo *info) {
    struct IrTables *t = tables(m);
    if (!t || !info) return NULL;
    if (t->nsig * 2 >= t->capsig) {
        size_t cap = t->capsig ? t->capsig * 2 : 64;
        SigSlot *ns = rehash(m->arena, t->sigs, t->capsig, cap, sizeof *ns, sig_home);
        if (!ns) return NULL;
        t->sigs = ns; t->capsig = cap;
    }
    SigSlot key = { .info = info };
    size_t j = sig_home(&key) & (t->capsig - 1);
    while (t->sigs[j].info) {
        if (t->sigs[j].info == info) return t->sigs[j].ok ? &t->sigs[j].sig : NULL;
        j = (j + 1) & (t->capsig - 1);
    }
    t->sigs[j].info = info;
    t->sigs[j].ok = sig_parse(m, info->signature, &t->sigs[j].sig);
    t->nsig++;
    return t->sigs[j].ok ? &t->sigs[j].sig : NULL;
}

/* ========================================================================
** Module and queries
** ======================================================================== */

Module *ir_module_new_borrowed(const char *filename, const char *text, size_t len) {
    Arena *a = arena_new();
    if (!a) return NULL;
    Module *m = arena_alloc(a, sizeof *m);
    if (!m) { arena_free(a); return NULL; }
    m->arena = a;
    m->source = text ? text : "";
    m->source_len = text ? len : 0;
    m->filename = ir_name(m, filename ? filename : "<stdin>", strlen(filename ? filename : "<stdin>"));
    if (!m->filename) { arena_free(a); return NULL; }
    return m;
}

Module *ir_module_new(const char *filename, const char *text, size_t len) {
    Module *m = ir_module_new_borrowed(filename, "", 0);
    if (!m) return NULL;
    char *src = arena_alloc(m->arena, len + 1);   /* zeroed: the NUL is there */
    if (!src) { ir_module_free(m); return NULL; }
    if (len) memcpy(src, text, len);
    m->source = src;
    m->source_len = len;
    return m;
}

void ir_module_free(Module *m) {
    if (m) arena_free(m->arena);
}

static const Attr *find_attr(const NamedAttr *a, int n, const char *name) {
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strcmp(name, a[mid].name);
        if (c == 0) return a[mid].value;
        if (c < 0) hi = mid; else lo = mid + 1;
    }
    return NULL;
}

const Attr *ir_op_attr(const Op *op, const char *name) { return find_attr(op->attrs, op->nattrs, name); }
const Attr *ir_func_attr(const Func *f, const char *name) { return find_attr(f->attrs, f->nattrs, name); }
const Attr *ir_module_attr(const Module *m, const char *name) { return find_attr(m->attrs, m->nattrs, name); }

void ir_index_funcs(Module *m) {
    struct IrTables *t = tables(m);
    if (!t) return;
    size_t cap = 16;
    while (cap < (size_t)m->nfuncs * 2 + 2) cap *= 2;
    Func **tab = arena_alloc(m->arena, cap * sizeof *tab);
    if (!tab) { t->ftab = NULL; t->capftab = 0; return; }
    for (int i = 0; i < m->nfuncs; i++) {
        const char *n = m->funcs[i]->name;
        size_t j = hash(n, strlen(n)) & (cap - 1);
        while (tab[j] && strcmp(tab[j]->name, n) != 0) j = (j + 1) & (cap - 1);
        tab[j] = m->funcs[i];
    }
    t->ftab = tab;
    t->capftab = cap;
}

Func *ir_module_func(const Module *m, const char *name) {
    const struct IrTables *t = m->tables;
    if (t && t->ftab) {
        size_t j = hash(name, strlen(name)) & (t->capftab - 1);
        while (t->ftab[j]) {
            Func *f = t->ftab[j];
            /* Trust the index only while m->funcs still holds the entry
            ** (someone may have edited m->funcs without reindexing). */
            if (strcmp(f->name, name) == 0) {
                if (f->index >= 0 && f->index < m->nfuncs && m->funcs[f->index] == f) return f;
                break;
            }
            j = (j + 1) & (t->capftab - 1);
        }
    }
    for (int i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i]->name, name) == 0) return m->funcs[i];
    return NULL;
}

const char *ir_source_line(const Module *m, int line, size_t *len) {
    const char *p = m->source, *e = m->source + m->source_len;
    if (line < 1) { *len = 0; return NULL; }
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(p, '\n', (size_t)(e - p));
        if (!nl) { *len = 0; return NULL; }
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(e - p));
    *len = (size_t)((nl ? nl : e) - p);
    return p;
}

/* ========================================================================
** Errors and lists
** ======================================================================== */

static void verror(ParseCtx *c, int line, int col, const char *fmt, va_list ap) {
    if (c->failed) return;
    /* An error in the statement of an op that does not exist (on its line
    ** or the next) is most likely that op's: say so instead. */
    if (c->has_unknown_op && line >= c->unknown_op.line && line <= c->unknown_op.line + 1) {
        irb_unknown_op(c, &c->unknown_op);
        return;
    }
    c->failed = true;
    if (c->d) diag_emitv(c->d, DIAG_ERROR, c->file, line, col, fmt, ap);
}

void irb_error(ParseCtx *c, const Token *at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    verror(c, at ? at->line : 0, at ? at->col : 0, fmt, ap);
    va_end(ap);
}

void irb_error_at(ParseCtx *c, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    verror(c, line, col, fmt, ap);
    va_end(ap);
}

void irb_unknown_op(ParseCtx *c, const Token *t) {
    c->has_unknown_op = false;
    if (c->failed) return;
    if (t->len > 80) irb_error(c, t, "custom op '%.*s...' is unknown", 77, t->s);
    else irb_error(c, t, "custom op '%.*s' is unknown", (int)t->len, t->s);
    if (!c->d) return;
    bool dialect = false;
    const OpInfo *near = optable_nearest(t->s, t->len, &dialect);
    char msg[256];
    const char *dot = memchr(t->s, '.', t->len);
    if (near) snprintf(msg, sizeof msg, "did you mean '%s'?", near->name);
    else if (!dialect && dot)
        snprintf(msg, sizeof msg, "tfrun implements no op of dialect '%.*s'",
                 (int)(dot - t->s), t->s);
    else return;
    diag_emit(c->d, DIAG_NOTE, c->file, t->line, t->col, msg);
}

static void *oom(ParseCtx *c) {
    if (!c->failed) {
        c->oom = true;
        irb_error(c, &c->last, "out of memory");
    }
    return NULL;
}

static void *alloc(ParseCtx *c, size_t n) {
    void *p = arena_alloc(c->a, n);
    return p ? p : oom(c);
}

/* Scratch memory: dies with the parse (parser.c frees ctx->tmp). */
static void *talloc(ParseCtx *c, size_t n) {
    void *p = arena_alloc(c->tmp ? c->tmp : c->a, n);
    return p ? p : oom(c);
}

/* A permanent copy of the pointer array of [v] (lists are scratch). */
static void **keep(ParseCtx *c, const Vec *v) {
    void **p = alloc(c, (size_t)(v->n + 1) * sizeof *p);
    if (p && v->n) memcpy(p, v->v, (size_t)v->n * sizeof *p);
    return p;
}

static const char *name_of(ParseCtx *c, const char *s, size_t n) {
    const char *p = ir_name(c->m, s, n);
    return p ? p : oom(c);
}

/* Room for this many elements comes with the Vec itself (most lists are
** short: operands, types, results), so the first pushes do not grow it. */
enum { VEC_INLINE = 4 };

Vec *irb_vec(ParseCtx *c, void *first) {
    if (c->failed) return NULL;
    Vec *v = talloc(c, sizeof *v + VEC_INLINE * sizeof(void *));
    if (!v) return NULL;
    v->v = (void **)(v + 1);
    v->cap = VEC_INLINE;
    if (first) v->v[v->n++] = first;
    return v;
}

Vec *irb_push(ParseCtx *c, Vec *v, void *x) {
    if (c->failed || !v) return NULL;
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 4;
        void **nv = arena_grow(c->tmp ? c->tmp : c->a, v->v, (size_t)v->n, (size_t)cap, sizeof *nv);
        if (!nv) return oom(c);
        v->v = nv; v->cap = cap;
    }
    v->v[v->n++] = x;
    return v;
}

static int vlen(const Vec *v) { return v ? v->n : 0; }

/* ========================================================================
** Scopes: name -> values of one block
** ======================================================================== */

typedef struct Entry {
    const char *name;         /* `%name` (NUL-terminated), the key */
    uint32_t hash;
    int nslots;               /* `%name#0` .. `%name#(nslots-1)` */
    union {
        Value *one;           /* nslots <= 1: the value itself (no array) */
        Value **many;
    } u;
} Entry;

/* The slots of [e]; valid until the next change of its table. */
static Value **slots(Entry *e) { return e->nslots <= 1 ? &e->u.one : e->u.many; }

/* A copy of the slot array of [e] when it has one (snapshots keep their
** own, see below), in [a]; false when out of memory. */
static bool own_slots(Entry *e, Arena *a) {
    if (e->nslots <= 1) return true;
    Value **sl = arena_alloc(a, (size_t)e->nslots * sizeof *sl);
    if (!sl) return false;
    memcpy(sl, e->u.many, (size_t)e->nslots * sizeof *sl);
    e->u.many = sl;
    return true;
}

struct Scope {
    Block *block;
    Scope *parent;
    Entry *tab; int cap, n;
    int depth;                 /* regions around it: 0 for a function body */
};

Scope *irb_scope_push(ParseCtx *c, Block *b) {
    if (c->failed) return NULL;
    int depth = c->scope ? c->scope->depth + 1 : 0;
    if (depth > IR_MAX_NESTING) {
        irb_error(c, &c->last, "regions nested too deeply (more than %d levels)", IR_MAX_NESTING);
        return NULL;
    }
    Scope *s = alloc(c, sizeof *s);
    if (!s) return NULL;
    s->block = b;
    s->depth = depth;
    s->parent = c->scope;
    c->scope = s;
    return s;
}

void irb_scope_pop(ParseCtx *c) {
    Scope *s = c->scope;
    if (!s) return;
    c->scope = s->parent;
    /* Nothing looks at a closed scope's table (outside the REPL, whose
    ** snapshots point at tables): a large one is retired, its pages kept
    ** for the executor's plans and frames (arena_map). */
    if (!c->allow_shadow && s->tab) {
        arena_retire(c->a, s->tab);
        s->tab = NULL;
        s->cap = s->n = 0;
    }
}

/* Equal bytes? (Value names are short: a loop beats a call to memcmp.) */
static bool same_bytes(const char *a, const char *b, uint32_t n) {
    if (n > 16) return memcmp(a, b, n) == 0;
    for (uint32_t i = 0; i < n; i++) if (a[i] != b[i]) return false;
    return true;
}

/* Scope tables are keyed on the bytes of `%name`, so a statement can look
** its values up straight from the token text without interning it. */
/* The slot of `%name` in [s] (whose table must exist): its entry, or the
** empty slot where it would go. */
static Entry *scope_slot(Scope *s, const char *name, uint32_t len, uint32_t h) {
    size_t j = h & (size_t)(s->cap - 1);
    while (s->tab[j].name) {
        Entry *e = &s->tab[j];
        if (e->hash == h && same_bytes(e->name, name, len) && e->name[len] == '\0') return e;
        j = (j + 1) & (size_t)(s->cap - 1);
    }
    return &s->tab[j];
}

static Entry *scope_find(Scope *s, const char *name, uint32_t len, uint32_t h) {
    if (!s || !s->cap) return NULL;
    Entry *e = scope_slot(s, name, len, h);
    return e->name ? e : NULL;
}

static Entry *scope_get(Scope *s, const char *name) {
    size_t n = strlen(name);
    return scope_find(s, name, (uint32_t)n, hash(name, n));
}

static size_t entry_home(const void *slot) { return ((const Entry *)slot)->hash; }

/* Room in [s] for one more name (its table at most half full then);
** false after reporting when out of memory. */
static bool scope_room(ParseCtx *c, Scope *s) {
    if (s->n * 2 < s->cap) return true;
    int cap = s->cap ? s->cap * 2 : 16;
    Entry *nt = rehash(c->a, s->tab, (size_t)s->cap, (size_t)cap, sizeof *nt, entry_home);
    if (!nt) { oom(c); return false; }
    /* Outside the REPL no snapshot points at the old table, so a large
    ** one goes back to the system at once. */
    if (!c->allow_shadow) arena_release(c->a, s->tab);
    s->tab = nt; s->cap = cap;
    return true;
}

/* The entry of `%name` in [s], added if new; a new entry keeps [name]
** itself when [copy] is false ([name] must then be NUL-terminated and
** live as long as the IR), else a copy. */
static Entry *scope_add(ParseCtx *c, Scope *s, const char *name, uint32_t len, uint32_t h, bool copy) {
    if (!scope_room(c, s)) return NULL;
    Entry *e = scope_slot(s, name, len, h);
    if (e->name) return e;
    if (copy && !(name = arena_strndup(c->a, name, len))) return oom(c);
    e->name = name;
    e->hash = h;
    s->n++;
    return e;
}

struct ScopeSnap {
    Entry *tab; int cap, n;
    Entry *copy;                 /* entries with copied slot arrays */
    int nops, nvalues;
    Value **vals; Use **tails; int *nuses; int nvals;
};

ScopeSnap *irb_snapshot(ParseCtx *c) {
    Scope *s = c->scope;
    Block *b = s->block;
    ScopeSnap *sn = talloc(c, sizeof *sn);
    if (!sn) return NULL;
    sn->tab = s->tab; sn->cap = s->cap; sn->n = s->n;
    sn->copy = talloc(c, (size_t)(s->cap + 1) * sizeof *sn->copy);
    if (!sn->copy) return NULL;
    for (int i = 0; i < s->cap; i++) {
        sn->copy[i] = s->tab[i];
        if (s->tab[i].name && !own_slots(&sn->copy[i], c->tmp ? c->tmp : c->a)) return oom(c);
    }
    sn->nops = b->nops;
    sn->nvalues = b->nvalues;
    int nv = b->nargs;
    for (int i = 0; i < b->nops; i++) nv += b->ops[i]->nresults;
    sn->vals = talloc(c, (size_t)(nv + 1) * sizeof *sn->vals);
    sn->tails = talloc(c, (size_t)(nv + 1) * sizeof *sn->tails);
    sn->nuses = talloc(c, (size_t)(nv + 1) * sizeof *sn->nuses);
    if (!sn->vals || !sn->tails || !sn->nuses) return NULL;
    int k = 0;
    for (int i = 0; i < b->nargs; i++) sn->vals[k++] = b->args[i];
    for (int i = 0; i < b->nops; i++)
        for (int j = 0; j < b->ops[i]->nresults; j++) sn->vals[k++] = b->ops[i]->results[j];
    for (int i = 0; i < k; i++) { sn->tails[i] = sn->vals[i]->uses_tail; sn->nuses[i] = sn->vals[i]->nuses; }
    sn->nvals = k;
    return sn;
}

void irb_restore(ParseCtx *c, const ScopeSnap *sn) {
    Scope *s = c->scope;
    Block *b = s->block;
    s->tab = sn->tab; s->cap = sn->cap; s->n = sn->n;
    for (int i = 0; i < sn->cap; i++) {
        s->tab[i] = sn->copy[i];
        if (!s->tab[i].name) continue;
        /* The saved slots are scratch: give the scope its own copy. */
        if (!own_slots(&s->tab[i], c->a)) { s->tab[i].nslots = 0; s->tab[i].u.one = NULL; }
    }
    b->nops = sn->nops;
    b->nvalues = sn->nvalues;
    for (int i = 0; i < sn->nvals; i++) {
        Value *v = sn->vals[i];
        v->uses_tail = sn->tails[i];
        v->nuses = sn->nuses[i];
        if (v->uses_tail) v->uses_tail->next = NULL; else v->uses = NULL;
    }
}

/* Binds value [v] to `%name#idx` in the current scope ([e]: the entry of
** `%name`). [replace]: a redefinition replaces the old binding instead of
** being an error. */
static bool bind_entry(ParseCtx *c, Entry *e, int idx, Value *v, const Token *at, bool replace) {
    if (!e) return false;
    if (idx < e->nslots && slots(e)[idx]) {
        if (!replace) {
            if (idx == 0 && e->nslots == 1) irb_error(c, at, "redefinition of SSA value '%s'", e->name);
            else irb_error(c, at, "redefinition of SSA value '%s#%d'", e->name, idx);
            return false;
        }
    }
    if (idx >= e->nslots && idx > 0) {
        int n = idx + 1;
        Value **ns = arena_alloc(c->a, (size_t)n * sizeof *ns);
        if (!ns) { oom(c); return false; }
        memcpy(ns, slots(e), (size_t)e->nslots * sizeof *ns);
        e->u.many = ns;
    }
    if (idx >= e->nslots) e->nslots = idx + 1;
    slots(e)[idx] = v;
    return true;
}

/* bind_entry for the interned `%name` [name]. */
static bool bind(ParseCtx *c, const char *name, int idx, Value *v, const Token *at, bool replace) {
    size_t n = strlen(name);
    return bind_entry(c, scope_add(c, c->scope, name, (uint32_t)n, hash(name, n), false), idx, v, at, replace);
}

/* Splits `%name`, `%name#3`, `%name:3` into the interned `%name` and the
** number. The '%' stays: for a plain `%name` the interned name is then also
** the value's name as written (Value.name), one string for both. */
static const char *split_value(ParseCtx *c, const Token *t, long *num, bool *overflow) {
    const char *s = t->s + 1, *e = t->s + t->len, *sep = NULL;
    *num = -1;
    *overflow = false;
    if (t->kind != TK_VALUE_HASH && t->kind != TK_VALUE_GROUP) return name_of(c, t->s, t->len);
    for (const char *p = e; p > s; p--) {
        if (p[-1] == '#' || p[-1] == ':') { sep = p - 1; break; }
        if (!isdigit((unsigned char)p[-1])) break;
    }
    if (sep && (t->kind == TK_VALUE_HASH || t->kind == TK_VALUE_GROUP)) {
        long v = 0;
        for (const char *p = sep + 1; p < e; p++) {
            if (v > 100000000) { *overflow = true; break; }
            v = v * 10 + (*p - '0');
        }
        *num = v;
        e = sep;
    }
    return name_of(c, t->s, (size_t)(e - t->s));
}

/* True when split_value's name of [t] is the whole token (no #n, :n). */
static bool plain_value(const Token *t) {
    return t->kind != TK_VALUE_HASH && t->kind != TK_VALUE_GROUP;
}

OperandRef *irb_use(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    long num;
    bool ovf;
    const char *name = split_value(c, t, &num, &ovf);
    if (!name) return NULL;
    int idx = num < 0 ? 0 : (int)num;
    Entry *e = scope_get(c->scope, name);
    if (!e) {
        for (Scope *s = c->scope ? c->scope->parent : NULL; s; s = s->parent) {
            if (scope_get(s, name)) {
                irb_error(c, t, "'%s' is defined outside of this region (regions are isolated from above)", name);
                return NULL;
            }
        }
        irb_error(c, t, "use of undeclared SSA value name '%.*s'", (int)t->len, t->s);
        return NULL;
    }
    if (ovf || idx >= e->nslots || !slots(e)[idx]) {
        if (e->nslots == 1 && slots(e)[0] && num >= 0)
            irb_error(c, t, "reference to invalid result number: '%.*s' is a single value", (int)t->len, t->s);
        else
            irb_error(c, t, "reference to invalid result number '%.*s'", (int)t->len, t->s);
        return NULL;
    }
    OperandRef *r = talloc(c, sizeof *r);
    if (!r) return NULL;
    r->v = slots(e)[idx];
    r->name = name;
    r->idx = idx;
    r->tok = *t;
    return r;
}

OperandRef *irb_typed_use(ParseCtx *c, const Token *t, const Type *ty) {
    OperandRef *r = irb_use(c, t);
    if (!r || !ty) return NULL;
    if (!type_accepts(ty, r->v->type)) {
        irb_error(c, t, "use of value '%.*s' expects different type than prior uses: '%s' vs '%s'",
                  (int)t->len, t->s, ty->spelling, r->v->type->spelling);
        return NULL;
    }
    return r;
}

ResultRef *irb_result(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    long num;
    bool ovf;
    const char *name = split_value(c, t, &num, &ovf);
    if (!name) return NULL;
    if (t->kind == TK_VALUE_GROUP && (ovf || num < 1 || num > 1000000)) {
        irb_error(c, t, "expected a positive result count in '%.*s'", (int)t->len, t->s);
        return NULL;
    }
    ResultRef *r = talloc(c, sizeof *r);
    if (!r) return NULL;
    r->name = name;
    r->count = num < 0 ? 1 : (int)num;
    r->tok = *t;
    return r;
}

OperandRef *irb_arg(ParseCtx *c, const Token *name, const Type *ty) {
    if (c->failed || !ty) return NULL;
    OperandRef *r = talloc(c, sizeof *r);
    Value *v = alloc(c, sizeof *v);
    if (!r || !v) return NULL;
    v->type = ty;
    if (name) {
        long num;
        bool ovf;
        r->name = split_value(c, name, &num, &ovf);
        if (!r->name) return NULL;
        v->name = plain_value(name) ? r->name : name_of(c, name->s, name->len);
        r->tok = *name;
    }
    r->v = v;
    return r;
}

/* ========================================================================
** Types and attributes from tokens
** ======================================================================== */

/* The type token [t] without a diagnostic (NULL if it is not a type). */
static const Type *quiet_type(ParseCtx *c, const Token *t) {
    if (c->ty && t->len == c->ty_len && memcmp(t->s, c->ty_s, t->len) == 0) return c->ty;
    const Type *ty = ir_type_get(c->m, t->s, t->len);
    if (ty) { c->ty_s = t->s; c->ty_len = t->len; c->ty = ty; }
    return ty;
}

/* `#name = attr` and `!name = type` aliases (MLIR's attribute and type
** aliases): defined at the top level before their uses; a use is the
** aliased attribute or type itself, so printing expands it. */
struct SymAlias {
    const char *name;              /* interned, with its '#' or '!' */
    const Attr *attr;
    const Type *type;
    struct SymAlias *next;
};

static struct SymAlias *sym_alias(struct SymAlias *list, const char *s, size_t n) {
    for (; list; list = list->next)
        if (strlen(list->name) == n && memcmp(list->name, s, n) == 0) return list;
    return NULL;
}

static bool is_ws(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

/* The canonical text of a builtin parametric type or attribute ([s], [n]
** bytes, as the lexer read it): blanks collapsed, none inside brackets,
** one space after ',' and ':' and around "->" (and, in affine maps and
** sets, around + * - == >= <=), alias uses replaced by what they name.
** Dialect bodies (!foo.bar<..>, #foo.bar<..>) are kept as written, as
** mlir-opt keeps them. Returns an interned string, or NULL when out of memory. */
static const char *canonical_text(ParseCtx *c, const char *s, size_t n) {
    if (n && (s[0] == '!' || s[0] == '#')) return ir_name(c->m, s, n);
    bool affine = false;    /* from the first affine_map< or affine_set< on */
    Buf b = {0};
    bool space = false;
    for (size_t i = 0; i < n;) {
        char ch = s[i];
        if (is_ws(ch)) { space = true; i++; continue; }
        char last = b.n ? b.p[b.n - 1] : 0;
        if (ch == 'a' && n - i > 11 && (!memcmp(s + i, "affine_map<", 11) || !memcmp(s + i, "affine_set<", 11)))
            affine = true;
        if (ch == '"') {
            size_t j = i + 1;
            while (j < n && s[j] != '"') j += s[j] == '\\' ? 2 : 1;
            if (j > n) j = n - 1;
            if (space && last && !strchr("(<[{", last)) bputn(&b, " ", 1);
            bputn(&b, s + i, j + 1 - i);
            i = j + 1; space = false;
            continue;
        }
        if ((ch == '#' || ch == '!') && i + 1 < n && (isalpha((unsigned char)s[i + 1]) || s[i + 1] == '_')) {
            size_t j = i + 1;
            while (j < n && idchar((unsigned char)s[j])) j++;
            struct SymAlias *al = (j >= n || s[j] != '<')
                ? sym_alias(ch == '#' ? c->attr_aliases : c->type_aliases, s + i, j - i) : NULL;
            const char *rep = NULL;
            if (al && al->attr && al->attr->kind == ATTR_OPAQUE) rep = al->attr->u.str.s;
            else if (al && al->type) rep = al->type->spelling;
            if (space && last && !strchr("(<[{", last)) bputn(&b, " ", 1);
            if (rep) bput(&b, rep);
            else bputn(&b, s + i, j - i);
            i = j; space = false;
            continue;
        }
        bool arrow = ch == '-' && i + 1 < n && s[i + 1] == '>';
        bool cmp2 = affine && (ch == '>' || ch == '<' || ch == '=') && i + 1 < n && s[i + 1] == '=';
        bool binop = affine && (ch == '+' || ch == '*' || (ch == '-' && !arrow && last
                                && (isalnum((unsigned char)last) || last == ')' || last == '_')));
        if (arrow || cmp2 || binop) {
            if (b.n && last != ' ') bputn(&b, " ", 1);
            bputn(&b, s + i, arrow || cmp2 ? 2 : 1);
            bputn(&b, " ", 1);
            i += arrow || cmp2 ? 2 : 1; space = false;
            continue;
        }
        if (strchr(")>]},", ch) || last == ' ' || !last || strchr("(<[{", last)) space = false;
        if (space) bputn(&b, " ", 1);
        bputn(&b, &ch, 1);
        if ((ch == ',' || ch == ':') && i + 1 < n) { bputn(&b, " ", 1); while (i + 1 < n && is_ws(s[i + 1])) i++; }
        i++; space = false;
    }
    const char *r = b.oom ? NULL : ir_name(c->m, b.p ? b.p : "", b.n);
    free(b.p);
    return r;
}

const Type *irb_type(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    if (t->kind == TK_DIALECT_TYPE && c->type_aliases) {
        struct SymAlias *al = sym_alias(c->type_aliases, t->s, t->len);
        if (al) return al->type;
    }
    if (t->kind == TK_TENSOR_TYPE && (c->attr_aliases || c->type_aliases || memchr(t->s, ' ', t->len)
                                      || memchr(t->s, ',', t->len) || memchr(t->s, ':', t->len))) {
        const char *canon = canonical_text(c, t->s, t->len);
        if (!canon) return oom(c);
        const Type *ty = ir_type_get(c->m, canon, strlen(canon));
        if (!ty) irb_error(c, t, "unknown type '%.*s'", t->len > 60 ? 60 : (int)t->len, t->s);
        return ty;
    }
    const Type *ty = quiet_type(c, t);
    if (!ty && t->kind == TK_BARE_ID && memchr(t->s, '.', t->len))
        irb_error(c, t, "expected a type, got '%.*s'", t->len > 60 ? 60 : (int)t->len, t->s);
    else if (!ty) irb_error(c, t, "unknown type '%.*s'", t->len > 60 ? 60 : (int)t->len, t->s);
    return ty;
}

static const Type *named_type(ParseCtx *c, const char *s) {
    const Type *t = ir_type_get(c->m, s, strlen(s));
    return t ? t : oom(c);
}

const Type *irb_fntype(ParseCtx *c, Vec *in, Vec *out) {
    if (c->failed || !in || !out) return NULL;
    const Type *t = ir_type_func(c->m, (const Type *const *)in->v, in->n, (const Type *const *)out->v, out->n);
    return t ? t : oom(c);
}

static Attr *new_attr(ParseCtx *c, AttrKind k) {
    Attr *a = alloc(c, sizeof *a);
    if (a) a->kind = k;
    return a;
}

static bool is_int_type(const Type *t) {
    return t->kind <= TY_UI64 || t->kind == TY_INDEX;
}
static bool is_float_type(const Type *t) {
    return t->kind == TY_F16 || t->kind == TY_BF16 || t->kind == TY_F32 || t->kind == TY_F64;
}
static int int_bits(const Type *t) {
    switch (t->kind) {
    case TY_I1: return 1;
    case TY_I8: case TY_UI8: return 8;
    case TY_I16: case TY_UI16: return 16;
    case TY_I32: case TY_UI32: return 32;
    default: return 64;
    }
}
static bool is_unsigned(const Type *t) {
    return t->kind == TY_UI8 || t->kind == TY_UI16 || t->kind == TY_UI32 || t->kind == TY_UI64;
}

/* Parses an integer token: decimal or 0x hex, optional '-'. The magnitude
** goes to *mag (up to 2^64-1). False on overflow. */
static bool parse_int(const Token *t, bool *neg, uint64_t *mag, bool *hex) {
    const char *p = t->s, *e = t->s + t->len;
    *neg = false; *mag = 0; *hex = false;
    if (p < e && *p == '-') { *neg = true; p++; }
    if (e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        *hex = true;
        for (p += 2; p < e; p++) {
            int d = isdigit((unsigned char)*p) ? *p - '0' : (tolower((unsigned char)*p) - 'a' + 10);
            if (*mag >> 60) return false;
            *mag = *mag * 16 + (uint64_t)d;
        }
        return true;
    }
    for (; p < e; p++) {
        uint64_t d = (uint64_t)(*p - '0');
        if (*mag > (UINT64_MAX - d) / 10) return false;
        *mag = *mag * 10 + d;
    }
    return true;
}

/* Checks [neg]·[mag] against integer type [ty]; stores the value in *out. */
static bool int_fits(const Type *ty, bool neg, uint64_t mag, int64_t *out) {
    int bits = int_bits(ty);
    if (neg) {
        if (is_unsigned(ty)) return mag == 0 ? (*out = 0, true) : false;
        uint64_t lim = bits == 64 ? (uint64_t)1 << 63 : (uint64_t)1 << (bits - 1);
        if (ty->kind == TY_I1) lim = 1;
        if (mag > lim) return false;
        *out = mag == ((uint64_t)1 << 63) ? INT64_MIN : -(int64_t)mag;
        return true;
    }
    if (bits < 64 && mag >> bits) return false;
    if (ty->kind == TY_I64 || ty->kind == TY_INDEX) {
        if (mag > (uint64_t)INT64_MAX) return false;
    }
    *out = (int64_t)mag;
    return true;
}

static double bits_to_double(const Type *ty, uint64_t bits) {
    if (ty->kind == TY_F32) { uint32_t b = (uint32_t)bits; float f; memcpy(&f, &b, 4); return f; }
    if (ty->kind == TY_F64) { double d; memcpy(&d, &bits, 8); return d; }
    /* f16 / bf16: the raw bits are what kernels use; give a value too. */
    if (ty->kind == TY_BF16) { uint32_t b = (uint32_t)(bits & 0xFFFF) << 16; float f; memcpy(&f, &b, 4); return f; }
    unsigned h = (unsigned)(bits & 0xFFFF), ex = (h >> 10) & 31, man = h & 1023;
    double v = ex == 0 ? ldexp(man, -24) : ex == 31 ? (man ? NAN : INFINITY) : ldexp(man + 1024, (int)ex - 25);
    return (h & 0x8000) ? -v : v;
}

const Attr *irb_attr_int(ParseCtx *c, const Token *t, const Type *ty) {
    if (c->failed) return NULL;
    bool neg, hex;
    uint64_t mag;
    if (!parse_int(t, &neg, &mag, &hex)) {
        irb_error(c, t, "integer literal '%.*s' overflows 64 bits", t->len > 40 ? 40 : (int)t->len, t->s);
        return NULL;
    }
    bool untyped = !ty;
    if (!ty) ty = named_type(c, "i64");
    if (!ty) return NULL;
    if (untyped && hex) {
        /* An untyped hex literal keeps its bits: it may still become a
        ** float bit pattern when a custom op gives it a type. */
        if (neg && mag > (uint64_t)1 << 63) {
            irb_error(c, t, "integer constant '%.*s' out of range for type 'i64'", (int)t->len, t->s);
            return NULL;
        }
        Attr *a = new_attr(c, ATTR_INT);
        if (!a) return NULL;
        a->type = ty;
        a->u.i = neg ? (int64_t)((uint64_t)0 - mag) : (int64_t)mag;
        a->float_bits = mag;
        a->has_float_bits = !neg;
        return a;
    }
    if (untyped && !neg && mag > (uint64_t)INT64_MAX) {
        /* Too big for i64: keep it as ui64 so that a custom op of type
        ** ui64 (tfrt.constant.ui64) can take it. */
        ty = named_type(c, "ui64");
        if (!ty) return NULL;
    }
    if (is_float_type(ty)) {
        Attr *a = new_attr(c, ATTR_FLOAT);
        if (!a) return NULL;
        a->type = ty;
        if (hex && !neg) {
            int bits = ty->kind == TY_F64 ? 64 : ty->kind == TY_F32 ? 32 : 16;
            if (bits < 64 && mag >> bits) {
                irb_error(c, t, "hexadecimal float constant out of range for type '%s'", ty->spelling);
                return NULL;
            }
            a->float_bits = mag;
            a->has_float_bits = true;
            a->u.f = bits_to_double(ty, mag);
        } else {
            a->u.f = neg ? -(double)mag : (double)mag;
        }
        return a;
    }
    if (!is_int_type(ty)) {
        irb_error(c, t, "integer literal not valid for type '%s'", ty->spelling);
        return NULL;
    }
    int64_t v;
    if (!int_fits(ty, neg, mag, &v)) {
        irb_error(c, t, "integer constant '%.*s' out of range for type '%s'",
                  t->len > 40 ? 40 : (int)t->len, t->s, ty->spelling);
        return NULL;
    }
    if (ty->kind == TY_I1) return irb_attr_bool(c, v != 0);   /* MLIR: `1 : i1` is `true` */
    Attr *a = new_attr(c, ATTR_INT);
    if (!a) return NULL;
    a->type = ty;
    a->u.i = v;
    return a;
}

const Attr *irb_attr_float(ParseCtx *c, const Token *t, const Type *ty) {
    if (c->failed) return NULL;
    char buf[128];
    if (t->len >= sizeof buf) { irb_error(c, t, "float literal too long"); return NULL; }
    memcpy(buf, t->s, t->len);
    buf[t->len] = 0;
    if (!ty) ty = named_type(c, "f64");
    if (!ty) return NULL;
    if (!is_float_type(ty)) {
        irb_error(c, t, "floating point literal not valid for type '%s'", ty->spelling);
        return NULL;
    }
    Attr *a = new_attr(c, ATTR_FLOAT);
    if (!a) return NULL;
    a->type = ty;
    a->u.f = strtod(buf, NULL);
    return a;
}

const Attr *irb_attr_bool(ParseCtx *c, bool b) {
    if (c->failed) return NULL;
    Attr *a = new_attr(c, ATTR_BOOL);
    if (!a) return NULL;
    a->type = named_type(c, "i1");
    a->u.b = b;
    return a;
}

/* The decoded text of a string token, interned. */
static const char *string_value(ParseCtx *c, const Token *t, size_t *len) {
    /* Without a backslash the text between the quotes is the value. */
    if (t->len >= 2 && !memchr(t->s + 1, '\\', t->len - 2)) {
        *len = t->len - 2;
        return name_of(c, t->s + 1, t->len - 2);
    }
    char small[256];
    char *buf = t->len <= sizeof small ? small : malloc(t->len);
    if (!buf) return oom(c);
    const char *bad = NULL;
    long n = lex_unescape(t, buf, &bad);
    if (n < 0) {
        Token b = *t;
        b.col += (int)(bad - t->s);
        irb_error(c, &b, "invalid escape sequence in string literal");
        if (buf != small) free(buf);
        return NULL;
    }
    const char *s = name_of(c, buf, (size_t)n);
    if (buf != small) free(buf);
    *len = (size_t)n;
    return s;
}

const Attr *irb_attr_string(ParseCtx *c, const Token *t, const Type *ty) {
    if (c->failed) return NULL;
    size_t n;
    const char *s = string_value(c, t, &n);
    if (!s) return NULL;
    Attr *a = new_attr(c, ATTR_STRING);
    if (!a) return NULL;
    a->type = ty;
    a->u.str.s = s;
    a->u.str.len = n;
    return a;
}

/* The name of a symbol token: `@name` or `@"quoted"`. */
static const char *symbol_name(ParseCtx *c, const Token *t, size_t *len) {
    if (t->len > 1 && t->s[1] == '"') {
        Token q = *t;
        q.s++; q.len--; q.col++;
        return string_value(c, &q, len);
    }
    *len = t->len - 1;
    return name_of(c, t->s + 1, t->len - 1);
}

const Attr *irb_attr_symbol(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    size_t n;
    const char *s = symbol_name(c, t, &n);
    if (!s) return NULL;
    Attr *a = new_attr(c, ATTR_SYMBOL);
    if (!a) return NULL;
    a->u.str.s = s;
    a->u.str.len = n;
    return a;
}

const Attr *irb_attr_unit(ParseCtx *c) {
    if (c->failed) return NULL;
    return new_attr(c, ATTR_UNIT);
}

const Attr *irb_attr_type(ParseCtx *c, const Type *ty) {
    if (c->failed || !ty) return NULL;
    Attr *a = new_attr(c, ATTR_TYPE);
    if (a) a->type = ty;
    return a;
}

const Attr *irb_attr_array(ParseCtx *c, Vec *elems) {
    if (c->failed || !elems) return NULL;
    Attr *a = new_attr(c, ATTR_ARRAY);
    if (!a) return NULL;
    a->u.arr.elems = (const Attr *const *)keep(c, elems);
    a->u.arr.n = elems->n;
    return c->failed ? NULL : a;
}

NamedAttr *irb_named(ParseCtx *c, const Token *key, const Attr *v) {
    if (c->failed || !v) return NULL;
    NamedAttr *na = talloc(c, sizeof *na);
    if (!na) return NULL;
    if (key->kind == TK_STRING) {
        size_t n;
        na->name = string_value(c, key, &n);
    } else {
        na->name = name_of(c, key->s, key->len);
    }
    if (!na->name) return NULL;
    na->value = v;
    return na;
}

static int cmp_named(const void *a, const void *b) {
    return strcmp(((const NamedAttr *)a)->name, ((const NamedAttr *)b)->name);
}

/* Sorted array of the named attributes in [v], plus [extra] (may be NULL);
** duplicate names are an error reported at [at]. */
static NamedAttr *sorted_attrs(ParseCtx *c, Vec *v, NamedAttr *extra, int nextra, int *n, const Token *at) {
    int k = vlen(v) + nextra;
    *n = 0;
    if (c->failed) return NULL;
    if (k == 0) return NULL;
    NamedAttr *arr = alloc(c, (size_t)k * sizeof *arr);
    if (!arr) return NULL;
    int j = 0;
    for (int i = 0; i < vlen(v); i++) arr[j++] = *(NamedAttr *)v->v[i];
    for (int i = 0; i < nextra; i++) arr[j++] = extra[i];
    qsort(arr, (size_t)k, sizeof *arr, cmp_named);
    for (int i = 1; i < k; i++) {
        if (strcmp(arr[i - 1].name, arr[i].name) == 0) {
            irb_error(c, at, "duplicate attribute '%s'", arr[i].name);
            return NULL;
        }
    }
    *n = k;
    return arr;
}

const Attr *irb_attr_dict(ParseCtx *c, Vec *named) {
    if (c->failed || !named) return NULL;
    Attr *a = new_attr(c, ATTR_DICT);
    if (!a) return NULL;
    int n;
    a->u.dict.attrs = sorted_attrs(c, named, NULL, 0, &n, &c->last);
    a->u.dict.n = n;
    return c->failed ? NULL : a;
}

/* Converts a scalar attribute [x] to element type [el] (dense elements,
** typed custom-syntax attributes). */
static const Attr *convert_scalar(ParseCtx *c, const Attr *x, const Type *el, const Token *at) {
    if (x->type == el && (x->kind == ATTR_INT || x->kind == ATTR_FLOAT || x->kind == ATTR_BOOL)) return x;
    if (is_int_type(el)) {
        int64_t v;
        if (x->kind == ATTR_BOOL) v = x->u.b;
        else if (x->kind == ATTR_INT) {
            bool neg = x->u.i < 0 && !x->has_float_bits && !is_unsigned(x->type);
            uint64_t mag = x->has_float_bits ? x->float_bits
                         : neg ? (uint64_t)0 - (uint64_t)x->u.i : (uint64_t)x->u.i;
            if (!int_fits(el, neg, mag, &v)) {
                if (neg) irb_error(c, at, "integer constant %" PRId64 " out of range for type '%s'", x->u.i, el->spelling);
                else irb_error(c, at, "integer constant %" PRIu64 " out of range for type '%s'", mag, el->spelling);
                return NULL;
            }
        } else {
            irb_error(c, at, "expected an integer value of type '%s'", el->spelling);
            return NULL;
        }
        Attr *a = new_attr(c, el->kind == TY_I1 ? ATTR_BOOL : ATTR_INT);
        if (!a) return NULL;
        a->type = el;
        if (a->kind == ATTR_BOOL) a->u.b = v != 0; else a->u.i = v;
        return a;
    }
    if (is_float_type(el)) {
        Attr *a = new_attr(c, ATTR_FLOAT);
        if (!a) return NULL;
        a->type = el;
        if (x->kind == ATTR_FLOAT) {
            a->u.f = x->u.f;
            if (x->has_float_bits) {
                /* Hex bit patterns keep their bits only for the width written. */
                a->float_bits = x->float_bits; a->has_float_bits = true;
                a->u.f = bits_to_double(el, x->float_bits);
            }
        } else if (x->kind == ATTR_INT && x->has_float_bits) {
            int bits = el->kind == TY_F64 ? 64 : el->kind == TY_F32 ? 32 : 16;
            if (bits < 64 && x->float_bits >> bits) {
                irb_error(c, at, "hexadecimal float constant out of range for type '%s'", el->spelling);
                return NULL;
            }
            a->float_bits = x->float_bits; a->has_float_bits = true;
            a->u.f = bits_to_double(el, x->float_bits);
        } else if (x->kind == ATTR_INT) a->u.f = (double)x->u.i;
        else {
            irb_error(c, at, "expected a floating point value of type '%s'", el->spelling);
            return NULL;
        }
        return a;
    }
    if (el->kind == TY_COMPLEX) {
        if (x->kind != ATTR_ARRAY || !x->is_complex) {
            irb_error(c, at, "expected a complex value (re, im) of type '%s'", el->spelling);
            return NULL;
        }
        const Attr *re = convert_scalar(c, x->u.arr.elems[0], el->elem, at);
        const Attr *im = re ? convert_scalar(c, x->u.arr.elems[1], el->elem, at) : NULL;
        return im ? irb_attr_complex(c, re, im) : NULL;
    }
    irb_error(c, at, "invalid element type '%s'", el->spelling);
    return NULL;
}

const Attr *irb_attr_complex(ParseCtx *c, const Attr *re, const Attr *im) {
    if (c->failed || !re || !im) return NULL;
    Attr *a = new_attr(c, ATTR_ARRAY);
    const Attr **two = alloc(c, 2 * sizeof *two);
    if (!a || !two) return NULL;
    two[0] = re; two[1] = im;
    a->u.arr.elems = two;
    a->u.arr.n = 2;
    a->is_complex = true;
    return a;
}

const Attr *irb_attr_opaque(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    Attr *a = new_attr(c, ATTR_OPAQUE);
    if (!a) return NULL;
    a->u.str.s = canonical_text(c, t->s, t->len);
    if (!a->u.str.s) return oom(c);
    a->u.str.len = strlen(a->u.str.s);
    return a;
}

const Attr *irb_attr_alias(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    struct SymAlias *al = sym_alias(c->attr_aliases, t->s, t->len);
    if (!al) {
        irb_error(c, t, "undefined attribute alias '%.*s' (an alias is defined at the top level before its uses)",
                  t->len > 60 ? 60 : (int)t->len, t->s);
        return NULL;
    }
    return al->attr;
}

static void sym_alias_def(ParseCtx *c, struct SymAlias **list, const Token *t, const Attr *v, const Type *ty) {
    if (c->failed || (!v && !ty)) return;
    if (sym_alias(*list, t->s, t->len)) {
        irb_error(c, t, "redefinition of alias '%.*s'", t->len > 60 ? 60 : (int)t->len, t->s);
        return;
    }
    struct SymAlias *al = alloc(c, sizeof *al);
    if (!al || !(al->name = ir_name(c->m, t->s, t->len))) { oom(c); return; }
    al->attr = v;
    al->type = ty;
    al->next = *list;
    *list = al;
}

void irb_attr_alias_def(ParseCtx *c, const Token *t, const Attr *v) { sym_alias_def(c, &c->attr_aliases, t, v, NULL); }
void irb_type_alias_def(ParseCtx *c, const Token *t, const Type *ty) { sym_alias_def(c, &c->type_aliases, t, NULL, ty); }

static int hexdigit(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

/* dense<"0xHEX">: the bytes of every element (little-endian, each as wide
** as the element type), or of one element for a splat, as MLIR reads it. */
static const Attr *dense_hex(ParseCtx *c, const Token *at, const Attr *body, const Type *ty, int64_t count) {
    const Type *el = ty->elem;
    int bytes = 0;
    bool fl = is_float_type(el);
    if (is_int_type(el) && el->kind != TY_I1 && el->kind != TY_INDEX) bytes = int_bits(el) / 8;
    else if (fl) bytes = el->kind == TY_F64 ? 8 : el->kind == TY_F32 ? 4 : 2;
    const char *h = body->u.str.s + 2;
    size_t nh = body->u.str.len - 2;
    if (!bytes || nh % 2) {
        irb_error(c, at, "hex dense elements of type '%s' are not supported", ty->spelling);
        return NULL;
    }
    size_t nb = nh / 2;
    if (nb % (size_t)bytes || !nb || (count >= 0 && nb / (size_t)bytes != 1 && (int64_t)(nb / (size_t)bytes) != count)) {
        irb_error(c, at, "hex dense literal holds %zu bytes, which is neither one element nor %" PRId64
                  " elements of type '%s'", nb, count, el->spelling);
        return NULL;
    }
    int n = (int)(nb / (size_t)bytes);
    Attr *a = new_attr(c, ATTR_DENSE);
    const Attr **leaves = alloc(c, (size_t)n * sizeof *leaves);
    if (!a || !leaves) return NULL;
    for (int k = 0; k < n; k++) {
        uint64_t v = 0;
        for (int j = bytes - 1; j >= 0; j--) {
            int hi = hexdigit(h[(size_t)(k * bytes + j) * 2]), lo = hexdigit(h[(size_t)(k * bytes + j) * 2 + 1]);
            if (hi < 0 || lo < 0) { irb_error(c, at, "invalid hex digit in dense literal"); return NULL; }
            v = v << 8 | (uint64_t)(hi * 16 + lo);
        }
        Attr *e = new_attr(c, fl ? ATTR_FLOAT : ATTR_INT);
        if (!e) return NULL;
        e->type = el;
        if (fl) { e->float_bits = v; e->has_float_bits = true; e->u.f = bits_to_double(el, v); }
        else if (is_unsigned(el) || bytes == 8) e->u.i = (int64_t)v;
        else { int sh = 64 - bytes * 8; e->u.i = (int64_t)(v << sh) >> sh; }
        leaves[k] = e;
    }
    a->type = ty;
    a->u.arr.elems = leaves;
    a->u.arr.n = n;
    a->dense_splat = n == 1 && count != 1;
    return a;
}

const Attr *irb_attr_dense(ParseCtx *c, const Token *at, const Attr *body, const Type *ty) {
    if (c->failed || !body || !ty) return NULL;
    if (ty->kind != TY_TENSOR) {
        irb_error(c, at, "dense elements need a tensor type, not '%s'", ty->spelling);
        return NULL;
    }
    if (body->kind == ATTR_STRING && body->u.str.len > 2 && body->u.str.s[0] == '0'
        && (body->u.str.s[1] == 'x' || body->u.str.s[1] == 'X')) {
        int64_t count = ty->rank >= 0 ? 1 : -1;
        for (int i = 0; i < ty->rank && count >= 0; i++) {
            if (ty->dims[i] < 0 || (ty->dims[i] && count > INT64_MAX / ty->dims[i])) count = -1;
            else count *= ty->dims[i];
        }
        return dense_hex(c, at, body, ty, count);
    }
    Attr *a = new_attr(c, ATTR_DENSE);
    if (!a) return NULL;
    a->type = ty;
    Vec *leaves = irb_vec(c, NULL);
    /* Iterative walk (arrays may nest deeply). */
    Vec *stack = irb_vec(c, (void *)body);
    Vec *pos = irb_vec(c, NULL);
    if (!leaves || !stack || !pos) return NULL;
    irb_push(c, pos, (void *)(uintptr_t)0);
    while (!c->failed && stack->n > 0) {
        const Attr *x = stack->v[stack->n - 1];
        uintptr_t i = (uintptr_t)pos->v[pos->n - 1];
        if (x->kind != ATTR_ARRAY || x->is_complex) {
            const Attr *e = convert_scalar(c, x, ty->elem, at);
            if (!e) return NULL;
            irb_push(c, leaves, (void *)e);
            stack->n--; pos->n--;
            continue;
        }
        if ((int)i >= x->u.arr.n) { stack->n--; pos->n--; continue; }
        pos->v[pos->n - 1] = (void *)(i + 1);
        irb_push(c, stack, (void *)x->u.arr.elems[i]);
        irb_push(c, pos, (void *)(uintptr_t)0);
    }
    if (c->failed) return NULL;
    int64_t count = 1;
    bool known = ty->rank >= 0;
    for (int i = 0; i < ty->rank; i++) {
        if (ty->dims[i] < 0) { known = false; break; }
        if (ty->dims[i] && count > INT64_MAX / ty->dims[i]) { known = false; break; }
        count *= ty->dims[i];
    }
    a->dense_splat = body->kind != ATTR_ARRAY || body->is_complex;
    if (!a->dense_splat && known && leaves->n != count) {
        irb_error(c, at, "dense literal has %d elements but type '%s' needs %" PRId64, leaves->n,
                  ty->spelling, count);
        return NULL;
    }
    a->u.arr.elems = (const Attr *const *)keep(c, leaves);
    a->u.arr.n = leaves->n;
    return c->failed ? NULL : a;
}

/* ========================================================================
** Locations
** ======================================================================== */

struct AliasRef {
    const char *name;
    Loc *placeholder;        /* stands for the alias inside other aliases' definitions */
    Vec *uses;               /* Loc* handed out at each use, filled at the end */
    const Loc *def;
    AliasRef *alias_of;      /* `#a = loc(#b)`: b */
    Token first_use;
    bool used, defined;
    AliasRef *next;
};

static Loc *new_loc(ParseCtx *c, LocKind k) {
    Loc *l = alloc(c, sizeof *l);
    if (l) l->kind = k;
    return l;
}

static Loc *file_loc(ParseCtx *c, const char *file, int line, int col) {
    Loc *l = new_loc(c, LOC_FILE);
    if (!l) return NULL;
    l->file = file; l->line = line; l->col = col;
    return l;
}

const Loc *irb_loc_name(ParseCtx *c, const Token *s, const Loc *child) {
    if (c->failed) return NULL;
    size_t n;
    const char *name = string_value(c, s, &n);
    Loc *l = name ? new_loc(c, LOC_NAME) : NULL;
    if (!l) return NULL;
    l->name = name;
    /* MLIR's NameLoc has an unknown child when none is written, so
    ** `"n"(unknown)` is `"n"`, printed and compared as such. */
    l->child = child && child->kind == LOC_UNKNOWN ? NULL : child;
    return l;
}

static int tok_small_int(ParseCtx *c, const Token *t) {
    bool neg, hex;
    uint64_t mag;
    if (!parse_int(t, &neg, &mag, &hex) || neg || mag > INT32_MAX) {
        irb_error(c, t, "expected a non-negative 32-bit integer");
        return -1;
    }
    return (int)mag;
}

const Loc *irb_loc_file(ParseCtx *c, const Token *s, const Token *line, const Token *col) {
    if (c->failed) return NULL;
    size_t n;
    const char *file = string_value(c, s, &n);
    int l = tok_small_int(c, line), k = tok_small_int(c, col);
    if (!file || l < 0 || k < 0) return NULL;
    return file_loc(c, file, l, k);
}

const Loc *irb_loc_unknown(ParseCtx *c) {
    if (c->failed) return NULL;
    return new_loc(c, LOC_UNKNOWN);
}

static bool loc_eq(const Loc *a, const Loc *b, int depth) {
    if (a == b) return true;
    if (!a || !b || a->kind != b->kind || depth > 200) return false;
    switch (a->kind) {
    case LOC_FILE: return a->line == b->line && a->col == b->col && strcmp(a->file, b->file) == 0;
    case LOC_NAME: return strcmp(a->name, b->name) == 0 && loc_eq(a->child, b->child, depth + 1);
    case LOC_UNKNOWN: return true;
    case LOC_CALLSITE: return loc_eq(a->callee, b->callee, depth + 1) && loc_eq(a->caller, b->caller, depth + 1);
    case LOC_FUSED:
        if (a->nitems != b->nitems || a->fused_meta != b->fused_meta) return false;
        for (int i = 0; i < a->nitems; i++) if (!loc_eq(a->items[i], b->items[i], depth + 1)) return false;
        return true;
    }
    return false;
}

/* Uses of a location alias are LOC_UNKNOWN with line -1 until resolved
** (irb_finish_aliases overwrites the whole Loc). */
#define PENDING_LINE (-1)
static bool pending_alias(ParseCtx *c, const Loc *l) {
    (void)c;
    return l->kind == LOC_UNKNOWN && l->line == PENDING_LINE;
}

/* MLIR's FusedLoc::get: flattens nested fused locations with the same
** metadata, drops unknown locations and duplicates, and turns an empty or
** single-element fusion without metadata into unknown / that element.
** With [late] (aliases unresolved) pending alias uses are kept as they are.
** Fills *out (kind, items) and returns false when out of memory. */
static bool fuse(ParseCtx *c, const Attr *meta, const Loc *const *items, int n, bool late, Loc *out, bool *has_alias) {
    Vec *flat = irb_vec(c, NULL);
    if (!flat) return false;
    for (int i = 0; i < n; i++) {
        const Loc *x = items[i];
        int nsub = 1;
        const Loc *const *sub = &x;
        if (x->kind == LOC_FUSED && x->fused_meta == meta) { sub = x->items; nsub = x->nitems; }
        for (int j = 0; j < nsub; j++) {
            const Loc *y = sub[j];
            if (late && pending_alias(c, y)) { *has_alias = true; irb_push(c, flat, (void *)y); continue; }
            if (y->kind == LOC_UNKNOWN) continue;
            bool dup = false;
            for (int k = 0; k < flat->n && !dup; k++) dup = loc_eq(flat->v[k], y, 0);
            if (!dup) irb_push(c, flat, (void *)y);
        }
    }
    if (c->failed) return false;
    memset(out, 0, sizeof *out);
    if (!meta && flat->n == 0 && !*has_alias) { out->kind = LOC_UNKNOWN; return true; }
    if (!meta && flat->n == 1 && !*has_alias) { *out = *(const Loc *)flat->v[0]; return true; }
    out->kind = LOC_FUSED;
    out->items = (const Loc *const *)keep(c, flat);
    out->nitems = flat->n;
    out->fused_meta = meta;
    return !c->failed;
}

const Loc *irb_loc_fused(ParseCtx *c, const Attr *meta, Vec *items) {
    if (c->failed || !items) return NULL;
    Loc *l = new_loc(c, LOC_FUSED);
    bool has_alias = false;
    if (!l || !fuse(c, meta, (const Loc *const *)items->v, items->n, true, l, &has_alias)) return NULL;
    if (has_alias) {
        if (!c->fused_late) {
            c->fused_late = alloc(c, sizeof *c->fused_late);
            if (!c->fused_late) return NULL;
        }
        Vec *v = c->fused_late;
        if (v->n == v->cap) {
            int cap = v->cap ? v->cap * 2 : 8;
            void **nv = arena_grow(c->a, v->v, (size_t)v->n, (size_t)cap, sizeof *nv);
            if (!nv) return oom(c);
            v->v = nv; v->cap = cap;
        }
        v->v[v->n++] = l;
    }
    return l;
}

const Loc *irb_loc_callsite(ParseCtx *c, const Loc *callee, const Loc *caller) {
    if (c->failed || !callee || !caller) return NULL;
    Loc *l = new_loc(c, LOC_CALLSITE);
    if (!l) return NULL;
    l->callee = callee;
    l->caller = caller;
    return l;
}

static AliasRef *alias_get(ParseCtx *c, const Token *t) {
    const char *name = name_of(c, t->s + 1, t->len - 1);
    if (!name) return NULL;
    for (AliasRef *a = c->aliases; a; a = a->next) if (a->name == name) return a;
    AliasRef *a = alloc(c, sizeof *a);     /* outlives the per-function scratch */
    Loc *ph = new_loc(c, LOC_UNKNOWN);
    Vec *uses = alloc(c, sizeof *uses);
    if (!a || !ph || !uses) return NULL;
    ph->line = PENDING_LINE;
    a->uses = uses;
    a->name = name;
    a->placeholder = ph;
    a->next = c->aliases;
    c->aliases = a;
    return a;
}

/* Every use gets its own Loc (each op keeps a distinct location object,
** docs/language.md §2.6); all are filled when the aliases are resolved. */
const Loc *irb_loc_alias(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    AliasRef *a = alias_get(c, t);
    if (!a) return NULL;
    if (!a->used) { a->used = true; a->first_use = *t; }
    Loc *l = new_loc(c, LOC_UNKNOWN);
    if (!l) return NULL;
    l->line = PENDING_LINE;
    if (a->uses->n == a->uses->cap) {
        int cap = a->uses->cap ? a->uses->cap * 2 : 4;
        void **nv = arena_grow(c->a, a->uses->v, (size_t)a->uses->n, (size_t)cap, sizeof *nv);
        if (!nv) return oom(c);
        a->uses->v = nv; a->uses->cap = cap;
    }
    a->uses->v[a->uses->n++] = l;
    return l;
}

void irb_alias_def(ParseCtx *c, const Token *t, const Loc *l) {
    if (c->failed || !l) return;
    AliasRef *a = alias_get(c, t);
    if (!a) return;
    if (a->defined) {
        irb_error(c, t, "redefinition of location alias '%.*s'", (int)t->len, t->s);
        return;
    }
    a->defined = true;
    a->def = l;
    /* `#a = loc(#b)`: l is the use of #b just made. */
    for (AliasRef *b = c->aliases; b; b = b->next)
        if (b->uses->n && b->uses->v[b->uses->n - 1] == l) { a->alias_of = b; break; }
}

void irb_finish_aliases(ParseCtx *c) {
    if (c->failed) return;
    for (AliasRef *a = c->aliases; a; a = a->next) {
        if (a->used && !a->defined) {
            irb_error(c, &a->first_use, "undefined location alias '%.*s'", (int)a->first_use.len, a->first_use.s);
            return;
        }
    }
    for (AliasRef *a = c->aliases; a; a = a->next) {
        if (!a->defined) continue;
        /* Follow aliases of aliases to a real location. */
        AliasRef *x = a;
        int steps = 0;
        while (x->alias_of) {
            x = x->alias_of;
            if (!x->defined || ++steps > 100000) {
                irb_error(c, a->used ? &a->first_use : &x->first_use,
                          "location alias '#%s' refers to itself", a->name);
                return;
            }
        }
        const Loc *d = x->def;
        *a->placeholder = *d;
        for (int i = 0; i < a->uses->n; i++) *(Loc *)a->uses->v[i] = *d;
    }
    /* Fused locations that named aliases: normalise now that they are known
    ** (innermost first: they were built in that order). */
    for (int i = 0; c->fused_late && i < c->fused_late->n; i++) {
        Loc *l = c->fused_late->v[i];
        bool dummy = false;
        Loc out;
        if (!fuse(c, l->fused_meta, l->items, l->nitems, false, &out, &dummy)) return;
        *l = out;
    }
}

/* ========================================================================
** Blocks, pending region ops, op construction
** ======================================================================== */

struct Pending {
    Op *op;
    Pending *next;
    Vec *bind;               /* OperandRef* whose names become block arguments */
    const Type **bind_types; int nbind;
    Vec *regions;            /* Block* */
    Token rbrace;            /* closing brace of the last region */
    Block *open;             /* block of the region being parsed */
};

Block *irb_block_new(ParseCtx *c, Func *f, Op *parent) {
    if (c->failed) return NULL;
    Block *b = alloc(c, sizeof *b);
    if (!b) return NULL;
    b->func = f;
    b->parent_op = parent;
    /* bind() rejects a second value of one name, except in the REPL. */
    b->names_unique = !c->allow_shadow;
    return b;
}

static void add_use(ParseCtx *c, Value *v, Op *user, int operand) {
    Use *u = alloc(c, sizeof *u);
    if (!u) return;
    u->user = user;
    u->operand = operand;
    if (v->uses_tail) v->uses_tail->next = u; else v->uses = u;
    v->uses_tail = u;
    v->nuses++;
}

/* A new op named by token [nt] (a bare name, or a string for the generic
** form) with the operands [ops] (OperandRef*) and [nres] results of the
** given types (types may be NULL: filled later). */
/* The op-table entry of op-name token [t]; usually the driver has just
** looked it up (ParseCtx.op_info), which saves a binary search. */
static const OpInfo *op_info(ParseCtx *c, const Token *t) {
    if (t->s == c->op_s && t->len == c->op_len && t->s) return c->op_info;
    return optable_lookup(t->s, t->len);
}

/* The interned name and table entry of the quoted op name [nt] (generic
** form). A one-entry cache serves runs of the same name. */
static const char *generic_name(ParseCtx *c, const Token *nt, const OpInfo **info) {
    if (!c->gen_name || nt->len != c->gen_tlen || memcmp(nt->s, c->gen_ts, nt->len) != 0) {
        size_t n;
        const char *name = string_value(c, nt, &n);
        if (!name) return NULL;
        if (name != c->gen_name) {
            c->gen_name = name;
            c->gen_info = optable_lookup(name, n);
        }
        c->gen_ts = nt->s; c->gen_tlen = nt->len;
    }
    *info = c->gen_info;
    return c->gen_name;
}

static Op *new_op(ParseCtx *c, const Token *nt, Vec *ops, int nres, const Type *const *rtypes) {
    if (c->failed) return NULL;
    Op *op = alloc(c, sizeof *op);
    if (!op) return NULL;
    if (nt->kind == TK_STRING) {
        op->name = generic_name(c, nt, &op->info);
        if (!op->name) return NULL;
    } else {
        op->name = name_of(c, nt->s, nt->len);
        if (!op->name) return NULL;
        op->info = op_info(c, nt);
    }
    op->line = nt->line;
    op->col = nt->col;
    int n = vlen(ops);
    op->noperands = n;
    op->operands = alloc(c, (size_t)(n + 1) * sizeof *op->operands);
    const Type **ot = alloc(c, (size_t)(n + 1) * sizeof *ot);
    if (!op->operands || !ot) return NULL;
    for (int i = 0; i < n; i++) {
        OperandRef *r = ops->v[i];
        op->operands[i] = r->v;
        ot[i] = r->v->type;
        add_use(c, r->v, op, i);
    }
    op->operand_types = ot;
    op->nresults = nres;
    op->results = alloc(c, (size_t)(nres + 1) * sizeof *op->results);
    if (!op->results) return NULL;
    for (int i = 0; i < nres; i++) {
        Value *v = alloc(c, sizeof *v);
        if (!v) return NULL;
        v->type = rtypes ? rtypes[i] : NULL;
        v->def = op;
        v->result_index = i;
        op->results[i] = v;
    }
    return c->failed ? NULL : op;
}

/* Applies written operand types [types] (Type*) to [op]: count and
** agreement with the values' types. */
static bool apply_operand_types(ParseCtx *c, Op *op, Vec *ops, const Type *const *types, int ntypes, const Token *at) {
    if (ntypes != op->noperands) {
        irb_error(c, at, "%d operands present, but expected %d", op->noperands, ntypes);
        return false;
    }
    const Type **ot = (const Type **)op->operand_types;
    for (int i = 0; i < ntypes; i++) {
        OperandRef *r = ops->v[i];
        if (!type_accepts(types[i], r->v->type)) {
            irb_error(c, &r->tok, "use of value '%.*s' expects different type than prior uses: '%s' vs '%s'",
                      (int)r->tok.len, r->tok.s, types[i]->spelling, r->v->type->spelling);
            return false;
        }
        ot[i] = types[i];
    }
    return true;
}

static void set_attrs(ParseCtx *c, Op *op, Vec *attrs, NamedAttr *extra, int nextra, const Token *at) {
    if (c->failed || !op) return;
    op->attrs = sorted_attrs(c, attrs, extra, nextra, &op->nattrs, at);
}

/* The result types an op of table entry [info] gets from its signature, for
** custom forms that do not write them. *n = -1: variadic (decided by the
** statement's result list). */
static const Type **sig_results(ParseCtx *c, const OpInfo *info, Vec *ops, int *n, const Token *at) {
    const IrSig *s = op_sig(c->m, info);
    *n = 0;
    if (!s) {
        if (info && info->signature[0]) irb_error(c, at, "internal: bad signature for '%s'", info->name);
        return NULL;
    }
    if (s->out_variadic) { *n = -1; return NULL; }
    const Type **rt = alloc(c, (size_t)(s->nout + 1) * sizeof *rt);
    if (!rt) return NULL;
    for (int i = 0; i < s->nout; i++) {
        rt[i] = s->out[i];
        if (!rt[i]) {
            /* `any`: the type of the corresponding operand. */
            OperandRef *r = i < vlen(ops) ? ops->v[i] : NULL;
            rt[i] = r ? r->v->type : named_type(c, "none");
        }
    }
    *n = s->nout;
    return rt;
}

static const Type *const *vec_types(Vec *v) { return v ? (const Type *const *)v->v : NULL; }

/* Generic form */
Op *irb_op_generic_head(ParseCtx *c, const Token *name, Vec *operands) {
    if (c->failed || !operands) return NULL;
    Op *op = new_op(c, name, operands, 0, NULL);
    Pending *p = talloc(c, sizeof *p);
    if (!op || !p) return NULL;
    p->op = op;
    p->regions = irb_vec(c, NULL);
    p->bind = (Vec *)operands;   /* kept for the operand-type check at the end */
    p->nbind = -1;               /* generic: regions declare their own arguments */
    p->next = c->pend;
    c->pend = p;
    return op;
}

static void finish_regions(ParseCtx *c, Op *op, Pending *p) {
    if (c->failed) return;
    op->nregions = p->regions->n;
    op->regions = (Block **)keep(c, p->regions);
    c->pend = p->next;
}

Op *irb_op_generic(ParseCtx *c, Op *op, Vec *attrs, const Type *fn) {
    if (c->failed || !op || !fn) return NULL;
    Pending *p = c->pend;
    Token at = { TK_STRING, NULL, 0, op->line, op->col };
    if (!apply_operand_types(c, op, p->bind, fn->inputs, fn->ninputs, &at)) return NULL;
    op->nresults = fn->nresults;
    op->results = alloc(c, (size_t)(fn->nresults + 1) * sizeof *op->results);
    if (!op->results) return NULL;
    for (int i = 0; i < fn->nresults; i++) {
        Value *v = alloc(c, sizeof *v);
        if (!v) return NULL;
        v->type = fn->results[i];
        v->def = op;
        v->result_index = i;
        op->results[i] = v;
    }
    set_attrs(c, op, attrs, NULL, 0, &at);
    finish_regions(c, op, p);
    return c->failed ? NULL : op;
}

/* Marks an op whose result count comes from the statement. */
static Op *flex(ParseCtx *c, Op *op) {
    if (op) c->flex_op = op;   /* cleared by irb_stmt */
    return op;
}

Op *irb_op_simple(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, Vec *types, const Type *fn) {
    if (c->failed) return NULL;
    const OpInfo *info = op_info(c, name);
    int nres;
    const Type **rt;
    if (fn) { nres = fn->nresults; rt = (const Type **)fn->results; }
    else if (!info) {
        irb_error(c, name, "custom op '%.*s' is unknown", (int)name->len, name->s);
        return NULL;
    } else rt = sig_results(c, info, operands, &nres, name);
    if (c->failed) return NULL;
    Op *op = new_op(c, name, operands, nres < 0 ? 0 : nres, rt);
    if (!op) return NULL;
    if (fn && !apply_operand_types(c, op, operands, fn->inputs, fn->ninputs, name)) return NULL;
    if (types && !apply_operand_types(c, op, operands, vec_types(types), types->n, name)) return NULL;
    set_attrs(c, op, attrs, NULL, 0, name);
    return nres < 0 ? flex(c, op) : op;
}

/* The attribute name of a SYN_CONSTANT / SYN_SHAPE_ATTR op. */
static const char *value_attr_name(const OpInfo *info) {
    if (info->family == SYN_SHAPE_ATTR && strncmp(info->name, "ts.", 3) != 0) return "shape";
    if (info->family == SYN_OPERANDS_ARRAY) return "values";
    return "value";
}

Op *irb_op_constant(ParseCtx *c, const Token *name, const Attr *v, Vec *attrs) {
    if (c->failed || !v) return NULL;
    const OpInfo *info = op_info(c, name);
    int nres;
    const Type **rt = sig_results(c, info, NULL, &nres, name);
    if (c->failed) return NULL;
    if (info->family == SYN_CONSTANT && nres == 1) {
        const Type *el = rt[0];
        bool typed_literal = (v->kind == ATTR_INT && v->type && v->type->kind != TY_I64)
                             || (v->kind == ATTR_FLOAT && v->type && v->type->kind != TY_F64);
        if (v->kind == ATTR_ARRAY || v->kind == ATTR_STRING || v->kind == ATTR_DICT || v->kind == ATTR_SYMBOL
            || v->kind == ATTR_UNIT || v->kind == ATTR_TYPE || v->kind == ATTR_DENSE) {
            irb_error(c, name, "expected a constant of type '%s'", el->spelling);
            return NULL;
        }
        if (!typed_literal || v->type == el) v = convert_scalar(c, v, el, name);
        else if (!ir_type_same(v->type, el)) {
            irb_error(c, name, "constant of type '%s' given to '%.*s'", v->type->spelling, (int)name->len, name->s);
            return NULL;
        }
        if (!v) return NULL;
    } else if (info->family == SYN_SHAPE_ATTR) {
        if (v->kind != ATTR_ARRAY) {
            irb_error(c, name, "expected an array of i64 for '%s'", value_attr_name(info));
            return NULL;
        }
        const Type *i64 = named_type(c, "i64");
        const Attr **el = alloc(c, (size_t)(v->u.arr.n + 1) * sizeof *el);
        if (!el || !i64) return NULL;
        for (int i = 0; i < v->u.arr.n; i++) {
            const Attr *x = v->u.arr.elems[i];
            if (x->kind != ATTR_INT) {
                irb_error(c, name, "expected an array of integers for '%s'", value_attr_name(info));
                return NULL;
            }
            el[i] = x->type == i64 ? x : convert_scalar(c, x, i64, name);
            if (!el[i]) return NULL;
        }
        Attr *a = new_attr(c, ATTR_ARRAY);
        if (!a) return NULL;
        a->u.arr.elems = el;
        a->u.arr.n = v->u.arr.n;
        v = a;
    }
    Op *op = new_op(c, name, NULL, nres < 0 ? 0 : nres, rt);
    NamedAttr na = { value_attr_name(info), v };
    set_attrs(c, op, attrs, &na, 1, name);
    return c->failed ? NULL : op;
}

Op *irb_op_complex(ParseCtx *c, const Token *name, const Attr *re, const Attr *im, Vec *attrs) {
    if (c->failed || !re || !im) return NULL;
    const OpInfo *info = op_info(c, name);
    int nres;
    const Type **rt = sig_results(c, info, NULL, &nres, name);
    if (c->failed || nres != 1) return NULL;
    const Type *el = rt[0]->elem ? rt[0]->elem : named_type(c, "f64");
    re = convert_scalar(c, re, el, name);
    im = re ? convert_scalar(c, im, el, name) : NULL;
    if (!im) return NULL;
    Op *op = new_op(c, name, NULL, 1, rt);
    NamedAttr na[2] = { { "imaginary", im }, { "real", re } };
    set_attrs(c, op, attrs, na, 2, name);
    return c->failed ? NULL : op;
}

Op *irb_op_attr_operand(ParseCtx *c, const Token *name, Vec *operands, const Attr *v, Vec *attrs) {
    if (c->failed || !operands || !v) return NULL;
    const OpInfo *info = op_info(c, name);
    int nres;
    const Type **rt = sig_results(c, info, operands, &nres, name);
    if (c->failed) return NULL;
    Op *op = new_op(c, name, operands, nres < 0 ? 0 : nres, rt);
    NamedAttr na = { value_attr_name(info), v };
    set_attrs(c, op, attrs, &na, 1, name);
    return c->failed ? NULL : op;
}

static const Type **bound_types(ParseCtx *c, Vec *args, Vec *types, const Token *at);

/* Symbol attribute from token [t]. */
static NamedAttr sym_attr(ParseCtx *c, const char *key, const Token *t) {
    NamedAttr na = { key, irb_attr_symbol(c, t) };
    return na;
}

/* The function type [fn] covers the arguments [args], which are [op]'s
** operands from [offset] on (after %cond, %index or %cs): count and types. */
static bool check_args(ParseCtx *c, Op *op, Vec *args, const Type *fn, int offset, const Token *at) {
    const Type **ot = (const Type **)op->operand_types;
    if (fn->ninputs != args->n) {
        irb_error(c, at, "%d operands present, but expected %d", args->n, fn->ninputs);
        return false;
    }
    for (int i = 0; i < fn->ninputs; i++) {
        OperandRef *r = args->v[i];
        if (!type_accepts(fn->inputs[i], r->v->type)) {
            irb_error(c, &r->tok, "use of value '%.*s' expects different type than prior uses: '%s' vs '%s'",
                      (int)r->tok.len, r->tok.s, fn->inputs[i]->spelling, r->v->type->spelling);
            return false;
        }
        ot[i + offset] = fn->inputs[i];
    }
    return true;
}

Op *irb_op_call(ParseCtx *c, const Token *name, OperandRef *first, const Token *callee,
                const Token *callee2, Vec *operands, Vec *attrs, const Type *fn) {
    if (c->failed || !operands || !fn) return NULL;
    const OpInfo *info = op_info(c, name);
    Vec *all = operands;
    if (first) {
        all = irb_vec(c, first);
        for (int i = 0; i < operands->n; i++) irb_push(c, all, operands->v[i]);
        if (c->failed) return NULL;
    }
    Op *op = new_op(c, name, all, fn->nresults, fn->results);
    if (!op) return NULL;
    if (!check_args(c, op, operands, fn, first ? 1 : 0, name)) return NULL;
    NamedAttr na[2];
    int nna = 0;
    size_t n;
    if (info && info->family == SYN_COND) {
        na[nna++] = sym_attr(c, "a_true_fn", callee);
        na[nna++] = sym_attr(c, "b_false_fn", callee2);
    } else if (info && info->family == SYN_ONCE) {
        na[nna++] = sym_attr(c, "function", callee);
    } else {
        na[nna++] = sym_attr(c, "callee", callee);
    }
    op->callee = symbol_name(c, callee, &n);
    set_attrs(c, op, attrs, na, nna, name);
    return c->failed ? NULL : op;
}

Op *irb_op_case(ParseCtx *c, const Token *name, OperandRef *idx, Vec *branches, Vec *operands,
                Vec *attrs, const Type *fn) {
    if (c->failed || !idx || !branches || !operands || !fn) return NULL;
    Vec *all = irb_vec(c, idx);
    for (int i = 0; i < operands->n; i++) irb_push(c, all, operands->v[i]);
    if (c->failed) return NULL;
    Op *op = new_op(c, name, all, fn->nresults, fn->results);
    if (!op || !check_args(c, op, operands, fn, 1, name)) return NULL;
    NamedAttr na = { "branches", irb_attr_array(c, branches) };
    set_attrs(c, op, attrs, &na, 1, name);
    return c->failed ? NULL : op;
}

Op *irb_op_while(ParseCtx *c, const Token *name, OperandRef *cond, const Token *body, Vec *operands,
                 Vec *attrs, const Token *par, const Type *fn) {
    if (c->failed) return NULL;
    Op *op = irb_op_call(c, name, cond, body, NULL, operands, NULL, fn);
    if (!op) return NULL;
    NamedAttr na[2];
    na[0].name = "body_fn";
    na[0].value = ir_op_attr(op, "callee");
    int nna = 1;
    if (par) {
        na[1].name = "parallel_iterations";
        na[1].value = irb_attr_int(c, par, named_type(c, "i64"));
        nna = 2;
    }
    op->attrs = NULL; op->nattrs = 0;
    set_attrs(c, op, attrs, na, nna, name);
    return c->failed ? NULL : op;
}

Op *irb_op_parallel_call(ParseCtx *c, const Token *name, OperandRef *s, OperandRef *e, OperandRef *bs,
                         const Token *callee, Vec *operands, Vec *attrs, Vec *types) {
    if (c->failed || !s || !e || !bs || !operands) return NULL;
    Vec *all = irb_vec(c, s);
    irb_push(c, all, e);
    irb_push(c, all, bs);
    for (int i = 0; i < operands->n; i++) irb_push(c, all, operands->v[i]);
    if (c->failed) return NULL;
    const Type *ch = named_type(c, "!tfrt.chain");
    Op *op = new_op(c, name, all, 1, &ch);
    if (!op) return NULL;
    if (types) {
        const Type **t = bound_types(c, operands, types, name);
        if (!t) return NULL;
        for (int i = 0; i < operands->n; i++) ((const Type **)op->operand_types)[i + 3] = t[i];
    }
    size_t n;
    NamedAttr na = sym_attr(c, "callee", callee);
    op->callee = symbol_name(c, callee, &n);
    set_attrs(c, op, attrs, &na, 1, name);
    return c->failed ? NULL : op;
}

Op *irb_op_return(ParseCtx *c, const Token *name, Vec *operands, Vec *types) {
    if (c->failed) return NULL;
    Op *op = new_op(c, name, operands, 0, NULL);
    if (!op) return NULL;
    if (types && !apply_operand_types(c, op, operands, vec_types(types), types->n, name)) return NULL;
    return op;
}

Op *irb_op_sync_benchmark(ParseCtx *c, const Token *name, const Token *fn, Vec *args, Vec *kwattrs) {
    if (c->failed || !args || !kwattrs) return NULL;
    Op *op = new_op(c, name, args, 0, NULL);
    if (!op) return NULL;
    size_t n;
    NamedAttr na = sym_attr(c, "target_fn", fn);
    op->callee = symbol_name(c, fn, &n);
    set_attrs(c, op, kwattrs, &na, 1, name);
    return c->failed ? NULL : op;
}

/* Pushes [op] as the pending region op binding [bind] with [types]. */
static Op *push_pending(ParseCtx *c, Op *op, Vec *bind, const Type **types) {
    if (c->failed || !op) return NULL;
    Pending *p = talloc(c, sizeof *p);
    if (!p) return NULL;
    p->op = op;
    p->bind = bind;
    p->nbind = vlen(bind);
    p->bind_types = types;
    p->regions = irb_vec(c, NULL);
    p->next = c->pend;
    c->pend = p;
    return op;
}

/* The operands [from..] of [v] as a new Vec. */
static Vec *tail(ParseCtx *c, Vec *v, int from) {
    Vec *t = irb_vec(c, NULL);
    for (int i = from; i < vlen(v); i++) irb_push(c, t, v->v[i]);
    return t;
}

Op *irb_op_if_head(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, const Type *fn) {
    if (c->failed || !operands || !fn) return NULL;
    Vec *args = tail(c, operands, 1);
    if (c->failed) return NULL;
    if (fn->ninputs != args->n) {
        irb_error(c, name, "%d operands present, but expected %d", args->n, fn->ninputs);
        return NULL;
    }
    Op *op = new_op(c, name, operands, fn->nresults, fn->results);
    if (!op || !check_args(c, op, args, fn, 1, name)) return NULL;
    set_attrs(c, op, attrs, NULL, 0, name);
    return push_pending(c, op, args, (const Type **)fn->inputs);
}

/* Types for the bound operands [args]: the written list or the values'. */
static const Type **bound_types(ParseCtx *c, Vec *args, Vec *types, const Token *at) {
    int n = vlen(args);
    const Type **t = alloc(c, (size_t)(n + 1) * sizeof *t);
    if (!t) return NULL;
    if (types && types->n != n) {
        irb_error(c, at, "%d operands present, but expected %d", n, types->n);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        OperandRef *r = args->v[i];
        t[i] = types ? types->v[i] : r->v->type;
        if (!type_accepts(t[i], r->v->type)) {
            irb_error(c, &r->tok, "use of value '%.*s' expects different type than prior uses: '%s' vs '%s'",
                      (int)r->tok.len, r->tok.s, t[i]->spelling, r->v->type->spelling);
            return NULL;
        }
    }
    return t;
}

Op *irb_op_repeat_head(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, Vec *types) {
    if (c->failed || !operands) return NULL;
    Vec *args = tail(c, operands, 1);
    const Type **t = bound_types(c, args, types, name);
    if (!t) return NULL;
    Op *op = new_op(c, name, operands, args->n, t);
    if (!op) return NULL;
    for (int i = 0; i < args->n; i++) ((const Type **)op->operand_types)[i + 1] = t[i];
    set_attrs(c, op, attrs, NULL, 0, name);
    return push_pending(c, op, args, t);
}

Op *irb_op_pfor_head(ParseCtx *c, const Token *name, OperandRef *s, OperandRef *e, OperandRef *bs,
                     Vec *operands, Vec *attrs, Vec *types) {
    if (c->failed || !s || !e || !bs || !operands) return NULL;
    const Type **et = bound_types(c, operands, types, name);
    if (!et) return NULL;
    Vec *all = irb_vec(c, s);
    irb_push(c, all, e);
    irb_push(c, all, bs);
    Vec *bind = irb_vec(c, s);
    irb_push(c, bind, e);
    for (int i = 0; i < operands->n; i++) { irb_push(c, all, operands->v[i]); irb_push(c, bind, operands->v[i]); }
    const Type **bt = alloc(c, (size_t)(operands->n + 3) * sizeof *bt);
    const Type *i32 = named_type(c, "i32");
    if (c->failed || !bt) return NULL;
    bt[0] = bt[1] = i32;
    for (int i = 0; i < operands->n; i++) bt[i + 2] = et[i];
    const Type *ch = named_type(c, "!tfrt.chain");
    Op *op = new_op(c, name, all, 1, &ch);
    if (!op) return NULL;
    set_attrs(c, op, attrs, NULL, 0, name);
    return push_pending(c, op, bind, bt);
}

Op *irb_op_do_async_head(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, const Type *fn) {
    if (c->failed || !operands || !fn) return NULL;
    Op *op = new_op(c, name, operands, fn->nresults, fn->results);
    if (!op) return NULL;
    if (!apply_operand_types(c, op, operands, fn->inputs, fn->ninputs, name)) return NULL;
    set_attrs(c, op, attrs, NULL, 0, name);
    return push_pending(c, op, operands, (const Type **)fn->inputs);
}

Op *irb_op_benchmark_head(ParseCtx *c, const Token *name, const Token *bname, Vec *args, Vec *kwattrs) {
    if (c->failed || !args || !kwattrs) return NULL;
    const Type *ch = named_type(c, "!tfrt.chain");
    Op *op = new_op(c, name, args, 1, &ch);
    if (!op) return NULL;
    const Type *i32 = named_type(c, "i32");
    /* Keyword attributes are i32; at least one is given; num_warmup_runs
    ** defaults to 1 (docs/language.md §2.8). */
    bool warmup = false;
    if (kwattrs->n == 0) {
        irb_error(c, name, "'tfrt_test.benchmark' needs duration_secs, max_count or num_warmup_runs");
        return NULL;
    }
    for (int i = 0; i < kwattrs->n; i++) {
        NamedAttr *na = kwattrs->v[i];
        if (strcmp(na->name, "duration_secs") != 0 && strcmp(na->name, "max_count") != 0
            && strcmp(na->name, "num_warmup_runs") != 0) {
            irb_error(c, name, "unknown 'tfrt_test.benchmark' attribute '%s'", na->name);
            return NULL;
        }
        if (strcmp(na->name, "num_warmup_runs") == 0) warmup = true;
        if (na->value->kind != ATTR_INT) {
            irb_error(c, name, "'tfrt_test.benchmark' attribute '%s' must be an integer", na->name);
            return NULL;
        }
        if (na->value->type->kind == TY_I64) {
            na->value = convert_scalar(c, na->value, i32, name);
            if (!na->value) return NULL;
        }
    }
    NamedAttr na[2] = { { "name", irb_attr_string(c, bname, NULL) }, { "num_warmup_runs", NULL } };
    if (!warmup) {
        Attr *one = new_attr(c, ATTR_INT);
        if (!one) return NULL;
        one->type = i32;
        one->u.i = 1;
        na[1].value = one;
    }
    set_attrs(c, op, kwattrs, na, warmup ? 1 : 2, name);
    return push_pending(c, op, args, (const Type **)op->operand_types);
}

static Value *new_arg(ParseCtx *c, Block *b, const Type *t, const char *name, int i) {
    Value *v = alloc(c, sizeof *v);
    if (!v) return NULL;
    v->type = t;
    v->block = b;
    v->result_index = i;
    v->index = i;
    v->name = name;
    return v;
}

void irb_region_open(ParseCtx *c, const Token *lbrace) {
    if (c->failed) return;
    Pending *p = c->pend;
    Block *b = irb_block_new(c, c->func, p->op);
    if (!b) return;
    int n = p->nbind;
    b->args = alloc(c, (size_t)(n + 1) * sizeof *b->args);
    if (!b->args) return;
    b->nargs = n;
    b->nvalues = n;
    if (!irb_scope_push(c, b)) return;
    for (int i = 0; i < n; i++) {
        OperandRef *r = p->bind->v[i];
        Value *v = new_arg(c, b, p->bind_types[i], name_of(c, r->tok.s, r->tok.len), i);
        if (!v) return;
        b->args[i] = v;
        if (!bind(c, r->name, r->idx, v, &r->tok, false)) return;
    }
    p->open = b;
    (void)lbrace;
}

void irb_region_open_args(ParseCtx *c, const Token *lbrace, Vec *args) {
    if (c->failed) return;
    Pending *p = c->pend;
    Block *b = irb_block_new(c, c->func, p->op);
    if (!b) return;
    int n = vlen(args);
    b->args = alloc(c, (size_t)(n + 1) * sizeof *b->args);
    if (!b->args) return;
    b->nargs = n;
    b->nvalues = n;
    if (!irb_scope_push(c, b)) return;
    for (int i = 0; i < n; i++) {
        OperandRef *r = args->v[i];
        Value *v = r->v;
        v->block = b; v->result_index = i; v->index = i;
        b->args[i] = v;
        if (!bind(c, r->name, r->idx, v, &r->tok, false)) return;
    }
    p->open = b;
    (void)lbrace;
}

void irb_region_close(ParseCtx *c, const Token *rbrace) {
    if (c->failed) return;
    Pending *p = c->pend;
    irb_scope_pop(c);
    irb_push(c, p->regions, p->open);
    p->rbrace = *rbrace;
    p->open = NULL;
}

Op *irb_op_end(ParseCtx *c, Op *op, bool has_else) {
    if (c->failed || !op) return NULL;
    Pending *p = c->pend;
    if (op->info && op->info->family == SYN_IF && !has_else) {
        if (op->nresults > 0) {
            irb_error(c, &p->rbrace, "expected 'else' in 'tfrt.if' with result values");
            return NULL;
        }
        /* An omitted else region is an empty body returning nothing. */
        Block *b = irb_block_new(c, c->func, op);
        Op *ret = alloc(c, sizeof *ret);
        if (!b || !ret) return NULL;
        b->nargs = p->nbind;
        b->nvalues = p->nbind;
        b->args = alloc(c, (size_t)(p->nbind + 1) * sizeof *b->args);
        if (!b->args) return NULL;
        for (int i = 0; i < p->nbind; i++) {
            OperandRef *r = p->bind->v[i];
            b->args[i] = new_arg(c, b, p->bind_types[i], name_of(c, r->tok.s, r->tok.len), i);
        }
        ret->name = name_of(c, "tfrt.return", 11);
        ret->info = optable_lookup("tfrt.return", 11);
        ret->operands = alloc(c, sizeof *ret->operands);
        ret->results = alloc(c, sizeof *ret->results);
        ret->operand_types = alloc(c, sizeof *ret->operand_types);
        ret->line = p->rbrace.line;
        ret->col = p->rbrace.col;
        ret->loc = file_loc(c, c->file, ret->line, ret->col);
        ret->parent = b;
        b->ops = alloc(c, sizeof *b->ops);
        if (c->failed) return NULL;
        b->ops[0] = ret;
        b->nops = 1;
        irb_push(c, p->regions, b);
    }
    finish_regions(c, op, p);
    return c->failed ? NULL : op;
}

/* Appends [op] to block [b]. */
static void append_op(ParseCtx *c, Block *b, Op *op) {
    if ((b->nops & (b->nops - 1)) == 0) {     /* grow at powers of two */
        int cap = b->nops ? b->nops * 2 : 4;
        Op **n = arena_grow(c->a, b->ops, (size_t)b->nops, (size_t)cap, sizeof *n);
        if (!n) { oom(c); return; }
        b->ops = n;
    }
    op->parent = b;
    op->index = b->nops;
    b->ops[b->nops++] = op;
}

void irb_stmt(ParseCtx *c, Vec *results, Op *op, const Loc *loc) {
    if (c->failed || !op) return;
    Block *b = c->scope ? c->scope->block : NULL;
    if (!b) { irb_error_at(c, op->line, op->col, "operation outside of a function"); return; }
    int written = 0;
    for (int i = 0; i < vlen(results); i++) written += ((ResultRef *)results->v[i])->count;
    if (op == c->flex_op) {
        /* Variadic results: as many as the statement names, typed by the
        ** variadic signature type (or `any`: the operands' types). */
        c->flex_op = NULL;
        const IrSig *s = op_sig(c->m, op->info);
        op->nresults = written;
        op->results = alloc(c, (size_t)(written + 1) * sizeof *op->results);
        if (!op->results) return;
        for (int i = 0; i < written; i++) {
            Value *v = alloc(c, sizeof *v);
            if (!v) return;
            const Type *t = s && s->nout ? s->out[s->nout - 1] : NULL;
            if (!t) t = i < op->noperands ? op->operand_types[i] : named_type(c, "none");
            v->type = t;
            v->def = op;
            v->result_index = i;
            op->results[i] = v;
        }
    }
    if (results && written != op->nresults) {
        ResultRef *r0 = results->v[0];
        irb_error(c, &r0->tok, "operation defines %d results but was provided %d to bind", op->nresults, written);
        return;
    }
    int k = 0;
    for (int i = 0; i < vlen(results); i++) {
        ResultRef *r = results->v[i];
        for (int j = 0; j < r->count; j++) {
            Value *v = op->results[k++];
            char nm[64];
            if (r->count == 1) v->name = plain_value(&r->tok) ? r->name : name_of(c, r->tok.s, r->tok.len);
            else {
                snprintf(nm, sizeof nm, "#%d", j);
                size_t base = r->tok.len;
                while (base > 0 && r->tok.s[base - 1] != ':') base--;
                char *full = alloc(c, base + strlen(nm) + 1);
                if (!full) return;
                memcpy(full, r->tok.s, base - 1);
                strcpy(full + base - 1, nm);
                v->name = full;
            }
            if (!bind(c, r->name, j, v, &r->tok, c->allow_shadow)) return;
        }
        if (c->allow_shadow) {
            /* A redefined group must not keep stale higher slots. */
            Entry *e = scope_get(c->scope, r->name);
            for (int j = r->count; e && j < e->nslots; j++) slots(e)[j] = NULL;
        }
    }
    op->loc = loc ? loc : file_loc(c, c->file, op->line, op->col);
    append_op(c, b, op);
    for (int i = 0; i < op->nresults; i++) {
        op->results[i]->block = b;
        op->results[i]->index = b->nvalues++;
    }
    c->nops_added++;
    /* A statement directly in a function body leaves nothing live in the
    ** scratch arena (its lists and operand refs are consumed, no op is
    ** pending, the function's argument list was bound at the body), so a
    ** long function does not keep every statement's scratch until its end. */
    if (c->tmp && !c->pend && c->func && b == c->func->body) {
        c->func_args = NULL;
        arena_reset(c->tmp);
    }
}

/* ========================================================================
** Fast statements (parser.c reads them whole; grammar rule FAST_STMT)
** ======================================================================== */

/* `types_opt` of the grammar over the type tokens [idx] of [fs]. */
static Vec *rule_types(ParseCtx *c, const FastStmt *fs, const uint8_t *idx, int n) {
    if (n == 0) return irb_vec(c, NULL);
    Vec *v = irb_vec(c, (void *)irb_type(c, &fs->tok[idx[0]]));
    for (int i = 1; i < n; i++) v = irb_push(c, v, (void *)irb_type(c, &fs->tok[idx[i]]));
    return v;
}

/* The grammar's actions for [fs], in the order the token-by-token parse
** runs them (results, operands, head, types, op, statement): used whenever
** fast_direct declines, so every diagnostic is the one the rules give. */
static void fast_by_rules(ParseCtx *c, const FastStmt *fs) {
    const Token *t = fs->tok;
    Vec *results = irb_vec(c, irb_result(c, &t[0]));
    Vec *ops;
    if (fs->noperands == 0) ops = irb_vec(c, NULL);
    else {
        ops = irb_vec(c, irb_use(c, &t[fs->operand[0]]));
        for (int i = 1; i < fs->noperands; i++) ops = irb_push(c, ops, irb_use(c, &t[fs->operand[i]]));
    }
    if (fs->custom) {
        irb_stmt(c, results, irb_op_simple(c, &t[2], ops, NULL, NULL, NULL), NULL);
        return;
    }
    Op *head = irb_op_generic_head(c, &t[2], ops);
    Vec *in = rule_types(c, fs, fs->in, fs->nin);
    const Type *fn;
    if (fs->out_paren) {
        Vec *out = rule_types(c, fs, fs->out, fs->nout);
        fn = irb_fntype(c, in, out);
    } else {
        const Type *r = irb_type(c, &t[fs->out[0]]);
        fn = irb_fntype(c, in, irb_vec(c, (void *)r));
    }
    irb_stmt(c, results, irb_op_generic(c, head, NULL, fn), NULL);
}

/* The function type written in [fs]; runs of the same text share one
** lookup. NULL (nothing reported) if a type is unknown. */
static const Type *fast_fntype(ParseCtx *c, const FastStmt *fs) {
    const Token *first = &fs->tok[fs->types_at], *last = &fs->tok[fs->ntok - 1];
    uint32_t len = (uint32_t)(last->s + last->len - first->s);
    if (c->fn && len == c->fn_len && memcmp(first->s, c->fn_s, len) == 0) return c->fn;
    const Type *in[FAST_MAX_LIST], *out[FAST_MAX_LIST];
    for (int i = 0; i < fs->nin; i++)
        if (!(in[i] = quiet_type(c, &fs->tok[fs->in[i]]))) return NULL;
    for (int i = 0; i < fs->nout; i++)
        if (!(out[i] = quiet_type(c, &fs->tok[fs->out[i]]))) return NULL;
    const Type *fn = ir_type_func(c->m, in, fs->nin, out, fs->nout);
    if (fn) { c->fn_s = first->s; c->fn_len = len; c->fn = fn; }
    return fn;
}

/* The interned name of bare op-name token [t]; runs of one name share a
** lookup. */
static const char *bare_name(ParseCtx *c, const Token *t) {
    if (c->bare && t->len == c->bare_len && memcmp(t->s, c->bare_s, t->len) == 0) return c->bare;
    const char *name = name_of(c, t->s, t->len);
    if (name) { c->bare_s = t->s; c->bare_len = t->len; c->bare = name; }
    return name;
}

/* The entry of ParseCtx.recent for value token [t]: by its last byte,
** which differs between neighbours such as %v7 and %v8. */
static int recent_slot(const Token *t) {
    return (unsigned char)t->s[t->len - 1] & 7;
}

/* Builds [fs] directly when it is the ordinary case: every operand bound
** to a value whose type the signature accepts, one result, a new name, a
** known function type. Returns false, having changed nothing but caches and
** interning tables, when fast_by_rules must do it (and report what is wrong). */
static bool fast_direct(ParseCtx *c, const FastStmt *fs) {
    Scope *sc = c->scope;
    if (!sc || !sc->block || c->allow_shadow) return false;
    const Token *t = fs->tok;
    int n = fs->noperands;
    Value *opv[FAST_MAX_LIST];
    for (int i = 0; i < n; i++) {
        const Token *u = &t[fs->operand[i]];
        int k = recent_slot(u);
        Value *rv = c->recent[k].v;
        if (c->recent[k].scope == sc && same_bytes(rv->name, u->s, u->len) && rv->name[u->len] == '\0') {
            opv[i] = rv;
            continue;
        }
        Entry *e = scope_find(sc, u->s, u->len, hash(u->s, u->len));
        if (!e || e->nslots < 1 || !slots(e)[0]) return false;
        opv[i] = slots(e)[0];
        c->recent[k].scope = sc;
        c->recent[k].v = opv[i];
    }
    /* The result's slot, found once: nothing adds to the table before the
    ** op is committed below. */
    if (!scope_room(c, sc)) return true;
    Entry *re = scope_slot(sc, t[0].s, t[0].len, fs->rhash);
    if (re->name && re->nslots > 0 && slots(re)[0]) return false;
    const OpInfo *info;
    const char *opname;
    const Type *const *in;         /* the operand types the op records */
    const Type *rtype;
    if (fs->custom) {
        /* irb_op_simple: the result type from the signature (`any`: the
        ** operand's type); operands keep their own types (verify checks
        ** them against the signature). */
        info = fs->custom;
        const IrSig *sig = op_sig(c->m, info);
        if (!sig || sig->out_variadic || sig->nout != 1 || n < 1) return false;
        opname = bare_name(c, &t[2]);
        if (!opname) return false;
        rtype = sig->out[0] ? sig->out[0] : opv[0]->type;
        /* The operands keep their own types; when they are exactly the
        ** signature's, the op shares the signature's array. */
        in = NULL;
        if (!sig->in_variadic && sig->nin == n) {
            in = sig->in;
            for (int i = 0; i < n && in; i++)
                if (in[i] != opv[i]->type) in = NULL;
        }
    } else {
        opname = generic_name(c, &t[2], &info);
        if (!opname) return false;
        const Type *fn = fast_fntype(c, fs);
        if (!fn || fn->ninputs != n || fn->nresults != 1) return false;
        for (int i = 0; i < n; i++)
            if (fn->inputs[i] != opv[i]->type && !type_accepts(fn->inputs[i], opv[i]->type)) return false;
        rtype = fn->results[0];
        in = fn->inputs;
    }

    /* Everything the op owns in one allocation (the operand types only
    ** when they are not an interned array already: the function type's
    ** inputs, the signature's). */
    size_t ptrs = (size_t)n * sizeof(void *);
    size_t tptrs = in ? 0 : ptrs;
    char *mem = alloc(c, sizeof(Op) + ptrs + tptrs + sizeof(void *) + sizeof(Value)
                         + (size_t)n * sizeof(Use) + sizeof(Loc) + (re->name ? 0 : t[0].len + 1));
    if (!mem) return true;
    Op *op = (Op *)mem;                                  mem += sizeof(Op);
    Value **operands = (Value **)mem;                    mem += ptrs;
    const Type **types = in ? NULL : (const Type **)mem; mem += tptrs;
    Value **results = (Value **)mem;                     mem += sizeof(void *);
    Value *v = (Value *)mem;                             mem += sizeof(Value);
    Use *uses = (Use *)mem;                              mem += (size_t)n * sizeof(Use);
    Loc *loc = (Loc *)mem;                               mem += sizeof(Loc);
    char *rname = mem;                   /* a new name's text, NUL included */
    Block *b = sc->block;
    op->name = opname;
    op->info = info;
    op->line = t[2].line;
    op->col = t[2].col;
    op->noperands = n;
    op->operands = operands;
    op->operand_types = in ? in : types;
    for (int i = 0; i < n; i++) {
        Value *a = opv[i];
        Use *u = &uses[i];
        operands[i] = a;
        if (!in) types[i] = a->type;
        u->user = op;
        u->operand = i;
        if (a->uses_tail) a->uses_tail->next = u; else a->uses = u;
        a->uses_tail = u;
        a->nuses++;
    }
    op->nresults = 1;
    op->results = results;
    results[0] = v;
    v->type = rtype;
    v->def = op;
    if (!re->name) {
        memcpy(rname, t[0].s, t[0].len);
        re->name = rname;
        re->hash = fs->rhash;
        sc->n++;
    }
    v->name = re->name;
    if (!bind_entry(c, re, 0, v, &t[0], false)) return true;
    c->recent[recent_slot(&t[0])].scope = sc;
    c->recent[recent_slot(&t[0])].v = v;
    loc->kind = LOC_FILE;
    loc->file = c->file;
    loc->line = op->line;
    loc->col = op->col;
    op->loc = loc;
    append_op(c, b, op);
    v->block = b;
    v->index = b->nvalues++;
    c->nops_added++;
    return true;
}

uint32_t irb_fast_begin(ParseCtx *c, const Token *t) {
    uint32_t h = hash(t->s, t->len);
    Scope *sc = c->scope;
    if (sc && sc->cap) __builtin_prefetch(&sc->tab[h & (size_t)(sc->cap - 1)]);
    return h;
}

void irb_fast_stmt(ParseCtx *c) {
    const FastStmt *fs = c->fast;
    if (c->failed || !fs) return;
    if (!fast_direct(c, fs)) fast_by_rules(c, fs);
}

/* ========================================================================
** Functions and the module
** ======================================================================== */

/* Adds interned [name] to the set of function names of this parse; false
** if it is already there (or out of memory). */
static bool add_fname(ParseCtx *c, const char *name) {
    if (c->nfnames * 2 >= c->capfnames) {
        int cap = c->capfnames ? c->capfnames * 2 : 64;
        const char **nt = alloc(c, (size_t)cap * sizeof *nt);
        if (!nt) return false;
        for (int i = 0; i < c->capfnames; i++) {
            if (!c->fnames[i]) continue;
            size_t j = ((uintptr_t)c->fnames[i] >> 3) & (size_t)(cap - 1);
            while (nt[j]) j = (j + 1) & (size_t)(cap - 1);
            nt[j] = c->fnames[i];
        }
        c->fnames = nt; c->capfnames = cap;
    }
    size_t j = ((uintptr_t)name >> 3) & (size_t)(c->capfnames - 1);
    while (c->fnames[j]) {
        if (c->fnames[j] == name) return false;
        j = (j + 1) & (size_t)(c->capfnames - 1);
    }
    c->fnames[j] = name;
    c->nfnames++;
    return true;
}

Func *irb_func_head(ParseCtx *c, const Token *kw, bool priv, const Token *sym, Vec *args,
                    Vec *results, Vec *attrs) {
    if (c->failed || !args || !results) return NULL;
    Func *f = alloc(c, sizeof *f);
    if (!f) return NULL;
    size_t n;
    f->name = symbol_name(c, sym, &n);
    if (!f->name) return NULL;
    f->nargs = args->n;
    const Type **at = alloc(c, (size_t)(args->n + 1) * sizeof *at);
    if (!at) return NULL;
    for (int i = 0; i < args->n; i++) at[i] = ((OperandRef *)args->v[i])->v->type;
    f->arg_types = at;
    f->nresults = results->n;
    f->result_types = (const Type *const *)keep(c, results);
    f->attrs = sorted_attrs(c, attrs, NULL, 0, &f->nattrs, sym);
    f->is_private = priv;
    f->is_native = ir_func_attr(f, "tfrt.native") != NULL;
    f->is_sync = ir_func_attr(f, "tfrt.sync") != NULL;
    f->line = sym->line;
    f->col = sym->col;
    f->loc = file_loc(c, c->file, kw->line, kw->col);
    if (!add_fname(c, f->name)) {
        if (!c->failed) irb_error(c, sym, "redefinition of symbol named '%s'", f->name);
        return NULL;
    }
    /* The arguments are bound when the body opens. */
    c->func = f;
    c->func_args = args;
    f->index = -1;
    return c->failed ? NULL : f;
}

void irb_func_body_open(ParseCtx *c, const Token *lbrace) {
    if (c->failed || !c->func) return;
    Func *f = c->func;
    Vec *args = c->func_args;
    Block *b = irb_block_new(c, f, NULL);
    if (!b) return;
    b->args = alloc(c, (size_t)(args->n + 1) * sizeof *b->args);
    if (!b->args) return;
    b->nargs = args->n;
    b->nvalues = args->n;
    if (!irb_scope_push(c, b)) return;
    for (int i = 0; i < args->n; i++) {
        OperandRef *r = args->v[i];
        if (!r->name) { irb_error(c, lbrace, "function arguments of a definition need names"); return; }
        Value *v = r->v;
        v->block = b; v->result_index = i; v->index = i;
        b->args[i] = v;
        if (!bind(c, r->name, r->idx, v, &r->tok, false)) return;
    }
    f->body = b;
}

void irb_func_end(ParseCtx *c, Func *f, bool has_body, const Token *rbrace, const Loc *loc) {
    if (c->failed || !f) return;
    if (has_body) irb_scope_pop(c);
    (void)rbrace;
    c->func_args = NULL;
    if (loc) f->loc = loc;
    c->func = NULL;
    /* c->funcs lives in the IR arena: the scratch is reset below. */
    if (c->funcs.n == c->funcs.cap) {
        int cap = c->funcs.cap ? c->funcs.cap * 2 : 16;
        void **nv = arena_grow(c->a, c->funcs.v, (size_t)c->funcs.n, (size_t)cap, sizeof *nv);
        if (!nv) { oom(c); return; }
        c->funcs.v = nv; c->funcs.cap = cap;
    }
    c->funcs.v[c->funcs.n++] = f;
    /* Nothing of this function's scratch (lists, pending ops) is live now. */
    if (c->tmp && !c->pend) arena_reset(c->tmp);
}

void irb_module_head(ParseCtx *c, const Token *kw, const Token *sym, Vec *attrs) {
    if (c->failed) return;
    if (c->saw_module || c->in_module) {
        irb_error(c, kw, "only one 'module' is allowed");
        return;
    }
    c->saw_module = true;
    c->in_module = true;
    if (sym) {
        size_t n;
        c->m->name = symbol_name(c, sym, &n);
    }
    c->m->attrs = sorted_attrs(c, attrs, NULL, 0, &c->m->nattrs, kw);
}
