/*
** fx.c — the effects of one op (docs/execution.md §8, docs/analysis.md §1
** "Effects of a kernel"): seq_op_effects, and the op-level facts the rest
** of analysis/ asks for: type classes, why an op is opaque, strictness,
** how a control op binds its bodies, constant divisors, aliasing results,
** callees.
**
** Everything here comes from the op table (info->family, info->flags,
** info->effects, info->id) and the types of the operands and results;
** nothing compares op names. The one attribute name read here is
** `bef.nonstrict` (docs/execution.md §4), and constants are read from their
** `value` attribute as their kernels read it (kernels/basic.c).
*/
#include <stdlib.h>
#include <string.h>
#include "analysis/internal.h"
#include "base/alloc.h"
#include "ir/module.h"
#include "kernels/dht.h"
#include "kernels/ext.h"

const Word sa_all_marker[1] = { ~(Word)0 };

/* {=====================================================================
** Types
** ====================================================================== */

/* The class of [t] (ops/effects.def), through a small open-addressing
** cache keyed by the interned Type pointer: a module has few types, and
** every operand of every op asks. */
TypeClass sa_type_class(SeqAnalysis *sa, const Type *t)
{
    if (!t) return TYC_NONE;
    if (t == sa->last_type) return sa->last_class;
    if (t->is_chain) return TYC_NONE;
    uintptr_t key = (uintptr_t)t;
    unsigned h = (unsigned)((key >> 4) ^ (key >> 13)) & (unsigned)(sa->typecap - 1);
    for (;;) {
        uint64_t e = sa->typecache[2 * h];
        if (e == key) {
            sa->last_type = t;
            return sa->last_class = (TypeClass)sa->typecache[2 * h + 1];
        }
        if (e == 0) break;
        h = (h + 1) & (unsigned)(sa->typecap - 1);
    }
    TypeClass c = optable_type_class(t->spelling);
    /* The cache never fills: a module with more types than half its
    ** capacity simply stops caching. */
    int used = 0;
    for (int i = 0; i < sa->typecap; i++) used += sa->typecache[2 * i] != 0;
    if (2 * (used + 1) <= sa->typecap) {
        sa->typecache[2 * h] = key;
        sa->typecache[2 * h + 1] = c;
    }
    return c;
}

static TypeClass class_of(SeqAnalysis *sa, const Type *t)
{
    return sa ? sa_type_class(sa, t) : (t && !t->is_chain ? optable_type_class(t->spelling) : TYC_NONE);
}

/* {=====================================================================
** Signatures
** ====================================================================== */

/* Is result entry [k] of signature [sig] (ops.def's mini-language) `any`,
** i.e. "the type of the corresponding operand, as written"? */
bool sa_sig_result_any(const char *sig, int k)
{
    const char *p = sig ? strstr(sig, "->") : NULL;
    if (!p) return false;
    p += 2;
    while (*p == ' ') p++;
    bool list = *p == '(';
    if (list) p++;
    int i = 0, depth = 0;
    const char *start = p, *last = NULL;
    size_t lastlen = 0;
    for (;; p++) {
        char c = *p;
        if (c == '<' || (c == '(' )) depth++;
        else if ((c == '>' || c == ')') && depth > 0) depth--;
        else if (c == '\0' || (depth == 0 && (c == ',' || (list && c == ')')))) {
            const char *s = start, *e = p;
            while (s < e && *s == ' ') s++;
            while (e > s && e[-1] == ' ') e--;
            last = s;
            lastlen = (size_t)(e - s);
            if (i == k) break;
            if (c != ',') {
                /* The list ended before entry k: only a variadic last
                ** entry (`T...`) covers it. */
                if (lastlen < 3 || memcmp(last + lastlen - 3, "...", 3)) return false;
                break;
            }
            i++;
            start = p + 1;
        }
        if (c == '\0') break;
    }
    if (!last) return false;
    return (lastlen == 3 && !memcmp(last, "any", 3)) || (lastlen == 6 && !memcmp(last, "any...", 6));
}

/* {=====================================================================
** Op-level facts
** ====================================================================== */

bool sa_nonstrict(const Op *op)
{
    return ir_op_nonstrict(op);
}

CtlKind sa_ctl_kind(const Op *op)
{
    const OpInfo *info = op->info;
    if (!info) return CTL_NONE;
    switch (info->family) {
    case SYN_CALL: return CTL_CALL;
    case SYN_IF: case SYN_COND: case SYN_CASE: return CTL_BRANCH;
    case SYN_REPEAT: return CTL_REPEAT;
    case SYN_WHILE: return CTL_WHILE;
    case SYN_ONCE: return CTL_ONCE;
    case SYN_PARALLEL_FOR: case SYN_PARALLEL_CALL: return CTL_PARALLEL;
    case SYN_DO_ASYNC: return CTL_ASYNC;
    case SYN_BENCHMARK: return CTL_BENCH;
    case SYN_CRITICAL: return CTL_CRITICAL;
    /* corert.cond calls one of two functions with its operands after the
    ** condition, as tfrt.cond does (corert.while is FX_OPAQUE). */
    case SYN_CORERT: if (info->id == OPID_corert_cond) return CTL_BRANCH; break;
    default: break;
    }
    return (info->effects & FX_SYNCCALL) ? CTL_SYNCCALL : CTL_NONE;
}

/* The operand every effect of [op] waits for even when it is non-strict:
** the condition, index or trip count that picks what runs (docs/kernel-behaviour.md
** §3). -1 when there is none. */
int sa_selector(const Op *op)
{
    if (!op->info || op->noperands == 0) return -1;
    switch (op->info->family) {
    case SYN_IF: case SYN_COND: case SYN_CASE: case SYN_REPEAT: case SYN_WHILE: return 0;
    case SYN_CORERT: return op->info->id == OPID_corert_cond ? 0 : -1;
    default: return -1;
    }
}

/* Is [v] a tfrt.constant.* (or constant_s) result that is not zero, as the
** kernel would produce it (so 0.5 as an i32 attribute cannot occur, and
** 1e-50 as an f32 is zero)? */
bool sa_const_nonzero(const Value *v)
{
    const Op *d = v ? v->def : NULL;
    if (!d || !d->info || d->info->family != SYN_CONSTANT) return false;
    const Attr *a = ir_op_attr(d, attr_value);
    if (!a) return false;
    switch (v->type ? v->type->kind : TY_NONE) {
    case TY_I32:
        return a->kind == ATTR_INT && (int32_t)a->u.i != 0;
    case TY_I64:
        return a->kind == ATTR_INT && a->u.i != 0;
    case TY_F32: {
        if (a->kind != ATTR_FLOAT) return false;
        if (a->has_float_bits) return ((uint32_t)a->float_bits & 0x7fffffffu) != 0;
        return (float)a->u.f != 0.0f;
    }
    case TY_F64:
        if (a->kind != ATTR_FLOAT) return false;
        if (a->has_float_bits) return (a->float_bits & 0x7fffffffffffffffull) != 0;
        return a->u.f != 0.0;
    default:
        return false;
    }
}

/* Is [v] an integer tfrt.constant.* result that is not negative? */
bool sa_const_nonneg(const Value *v)
{
    const Op *d = v ? v->def : NULL;
    if (!d || !d->info || d->info->family != SYN_CONSTANT) return false;
    const Attr *a = ir_op_attr(d, attr_value);
    if (!a || a->kind != ATTR_INT) return false;
    switch (v->type ? v->type->kind : TY_NONE) {
    case TY_I32: return (int32_t)a->u.i >= 0;
    case TY_I64: return a->u.i >= 0;
    default: return false;
    }
}

/* The operand that result [result] of an FX_A op may be, or -1. */
int sa_alias_source(const Op *op, int result)
{
    unsigned a = op->info ? FX_A_BITS(op->info->effects) : 0;
    if (!a || op->noperands == 0) return -1;
    int i = __builtin_ctz(a) + result;
    return i < op->noperands ? i : op->noperands - 1;
}

/* Why the op itself is not modelled (no context needed), or NULL:
** an unknown op, an FX_OPAQUE row, or a pass-through that hands a value on
** under another type (then kernels that trust the declared type may fail
** on it, which FX_FAIL does not count). */
static const char *local_opaque_why(SeqAnalysis *sa, const Op *op)
{
    const OpInfo *info = op->info;
    if (!info) return "is not a known kernel";
    if (info->effects & FX_OPAQUE) {
        const char *w = optable_opaque_why(info->id);
        return w ? w : "has effects the analysis does not model";
    }
    if (FX_A_BITS(info->effects)) {
        for (int k = 0; k < op->nresults; k++) {
            int s = sa_alias_source(op, k);
            const Type *rt = op->results[k]->type, *ot = s >= 0 ? op->operands[s]->type : NULL;
            if (!ot || rt == ot || ir_type_same(rt, ot)) continue;
            if (!sa_sig_result_any(info->signature, k)) continue;   /* derived: get_buffer, list.get */
            if (class_of(sa, rt) == TYC_ANY) continue;           /* boxing */
            return "passes a value on under another type, which kernels that trust the type may reject";
        }
    }
    return NULL;
}

const char *sa_opaque_why(SeqAnalysis *sa, const Op *op)
{
    return local_opaque_why(sa, op);
}

/* {=====================================================================
** When a kernel reports an error (ops/effects.def FAIL_WHEN, STRING_OF)
** ====================================================================== */

static const FailWhen fail_whens[] = {
#define FAIL_WHEN(kernel, kind, why) { #kernel, kind, why },
#include "ops/effects.def"
#undef FAIL_WHEN
};

const FailWhen *sa_fail_when(const OpInfo *info, int *n)
{
    if (n) *n = (int)(sizeof fail_whens / sizeof fail_whens[0]);
    if (!info) return fail_whens;
    const char *k = info->kernel ? info->kernel : "";
    int lo = 0, hi = (int)(sizeof fail_whens / sizeof fail_whens[0]);
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strcmp(fail_whens[mid].kernel, k);
        if (c == 0) return &fail_whens[mid];
        if (c < 0) lo = mid + 1; else hi = mid;
    }
    return NULL;
}

int sa_string_of(const Op *op)
{
    static const struct { OpId id; int how; } strings[] = {
#define STRING_OF(ident, how) { OPID_##ident, how },
#include "ops/effects.def"
#undef STRING_OF
    };
    if (!op->info) return 0;
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++)
        if (strings[i].id == op->info->id) return strings[i].how;
    return 0;
}

/* Is result [v] of a tfrt.call known [fact] from what every callee returns
** (known.c's resfacts)? */
static bool known_result(SeqAnalysis *sa, const Value *v, int fact)
{
    const Op *d = v->def;
    if (!sa || !sa->resfacts || sa_ctl_kind(d) != CTL_CALL) return false;
    int n;
    const Func **fs = sa_callees(sa, d, &n);
    for (int k = 0; k < n; k++) {
        const Word *w = sa->resfacts[fs[k]->index];
        if (!w || !sa_has(w, fact * fs[k]->nresults + v->result_index)) return false;
    }
    return n > 0;
}

/* Is [v] valid UTF-8 on every run: the string of a STR_ATTR op's `value`,
** a concatenation of such, or an argument of its block that [nzargs] says
** is one? */
static bool known_utf8(SeqAnalysis *sa, const Value *v, const Word *nzargs, int depth)
{
    if (depth > 32) return false;
    const Op *d = v->def;
    if (!d) return nzargs && sa_has(nzargs, SA_UTF8 * v->block->nargs + v->result_index);
    if (known_result(sa, v, SA_UTF8)) return true;
    switch (sa_string_of(d)) {
    case STR_ATTR: {
        const Attr *a = ir_op_attr(d, attr_value);
        size_t bad;
        return a && a->kind == ATTR_STRING && ext_utf8_count(a->u.str.s, a->u.str.len, &bad) >= 0;
    }
    case STR_CONCAT:
        for (int i = 0; i < d->noperands; i++)
            if (d->operands[i]->block != v->block || !known_utf8(sa, d->operands[i], nzargs, depth + 1)) return false;
        return d->noperands == 2;
    default:
        return false;
    }
}

/* Is result [v] of a tfrt.repeat.i32 known [fact]: its initial value is,
** and so is what the body returns at its position when the carried
** arguments are (the greatest fixpoint block.c's region_nz takes; [nzargs]
** says what the repeat's block's arguments are known to be)? */
static bool known_repeat(SeqAnalysis *sa, const Value *v, int fact, const Word *nzargs)
{
    const Op *op = v->def;
    const Block *r = op->nregions ? op->regions[0] : NULL;
    const Op *ret = r && r->nops ? r->ops[r->nops - 1] : NULL;
    int k = v->result_index, n = r ? r->nargs : 0;
    if (!ret || k >= n || k + 1 >= op->noperands) return false;
    Word *nz = calloc((size_t)sa_words(SA_NFACTS * n) + 1, sizeof(Word));
    if (!nz) tf_out_of_memory();
    for (int j = 0; j < n && j + 1 < op->noperands; j++)
        for (int f = 0; f < SA_NFACTS; f++)
            if (op->operands[j + 1]->block == op->parent && sa_known(sa, op->operands[j + 1], f, nzargs))
                sa_set(nz, f * n + j);
    bool changed = true;
    while (changed) {
        changed = false;
        for (int j = 0; j < n; j++)
            for (int f = 0; f < SA_NFACTS; f++) {
                int bit = f * n + j;
                if (!sa_has(nz, bit)) continue;
                const Value *back = j < ret->noperands ? ret->operands[j] : NULL;
                if (back && back->block == r && sa_known(sa, back, f, nz)) continue;
                nz[bit >> 6] &= ~((Word)1 << (bit & 63));
                changed = true;
            }
    }
    bool yes = sa_has(nz, fact * n + k);
    free(nz);
    return yes;
}

bool sa_known(SeqAnalysis *sa, const Value *v, int fact, const Word *nzargs)
{
    if (v->def && known_result(sa, v, fact)) return true;
    if (v->def && sa_ctl_kind(v->def) == CTL_REPEAT && known_repeat(sa, v, fact, nzargs)) return true;
    switch (fact) {
    case SA_NZ:
        if (sa_const_nonzero(v)) return true;
        break;
    case SA_NN:
        if (sa_const_nonneg(v)) return true;
        break;
    case SA_UTF8:
        return known_utf8(sa, v, nzargs, 0);
    default:
        return false;
    }
    return !v->def && nzargs && sa_has(nzargs, fact * v->block->nargs + v->result_index);
}

/* A scalar a variable holds and rv.assign replaces (same_type in
** kernels/rv.c compares the Any type code): builtin integers and floats,
** complex numbers, strings. Tensors are left out (their shapes matter). */
static bool plain_type(const Type *t)
{
    if (!t) return false;
    switch (t->kind) {
    case TY_I1: case TY_I8: case TY_I16: case TY_I32: case TY_I64: case TY_UI8: case TY_UI16:
    case TY_UI32: case TY_UI64: case TY_F16: case TY_BF16: case TY_F32: case TY_F64: case TY_INDEX:
        return true;
    case TY_COMPLEX:
        return t->elem && (t->elem->kind == TY_F32 || t->elem->kind == TY_F64);
    case TY_DIALECT:
        return t->spelling && !strcmp(t->spelling, "!tfrt.string");
    default:
        return false;
    }
}

/* A plain type rv.assign_add can add (scalar_add in kernels/rv.c). */
static bool addable_type(const Type *t)
{
    if (!plain_type(t)) return false;
    switch (t->kind) {
    case TY_I1: case TY_F16: case TY_BF16: case TY_DIALECT: return false;
    default: return true;
    }
}

/* The most elements of a tensor no allocator but a reporting one (whose
** SEQ_ALLOC_REPORTS makes the row opaque) refuses: 16 bytes each is 1 GiB,
** under tfrun's 4 GiB limit. attrs_small (FX_OOM) and small_elems. */
#define SMALL_ELEMS ((int64_t)1 << 26)

/* The elements of a tensor of rank [rank] and [dims], when at most
** SMALL_ELEMS and no dimension is negative or dynamic; -1 otherwise. */
static int64_t small_elems(int rank, const int64_t *dims)
{
    if (rank < 0 || rank > DHT_MAX_RANK) return -1;
    int64_t n = 1;
    for (int i = 0; i < rank; i++) {
        if (dims[i] < 0 || dims[i] > SMALL_ELEMS) return -1;
        n *= dims[i];
        if (n > SMALL_ELEMS) return -1;
    }
    return n;
}

/* The `shape` attribute's elements (small_elems), or -1. */
static int64_t shape_elems(const Op *op)
{
    const Attr *s = ir_op_attr(op, attr_shape);
    if (!s || s->kind != ATTR_ARRAY || s->u.arr.n > DHT_MAX_RANK) return -1;
    int64_t dims[DHT_MAX_RANK];
    for (int i = 0; i < s->u.arr.n; i++) {
        const Attr *d = s->u.arr.elems[i];
        if (!d || d->kind != ATTR_INT) return -1;
        dims[i] = d->u.i;
    }
    return small_elems(s->u.arr.n, dims);
}

/* CoreRT's tensors made from attributes (kernels/corert_kernels.c): do
** the attributes make the tensor, so that the kernel cannot fail? */
static bool tensor_attrs_fill(const Op *op, FailKind kind)
{
    const Attr *v = ir_op_attr(op, attr_value);
    if (kind == FAILK_DENSE_ATTR) {
        /* corert.const_dense_tensor: a dense attribute of a ranked tensor
        ** type of a dtype tfrun stores, one value or one per element. */
        const Type *ty = v ? v->type : NULL;
        if (!v || v->kind != ATTR_DENSE || !ty || ty->kind != TY_TENSOR || dt_from_type(ty->elem) == DT_INVALID)
            return false;
        int64_t n = small_elems(ty->rank, ty->dims);
        return n >= 0 && (v->u.arr.n == 1 || v->u.arr.n == n);
    }
    int64_t n = shape_elems(op);
    if (n < 0 || !v || v->kind != ATTR_ARRAY) return false;
    if (kind == FAILK_SHAPE_NUMBERS) {
        /* corert.create_dense_tensor.DT: exactly one number per element. */
        if (v->u.arr.n != n) return false;
        for (int i = 0; i < v->u.arr.n; i++) {
            AttrKind k = v->u.arr.elems[i] ? v->u.arr.elems[i]->kind : ATTR_ARRAY;
            if (k != ATTR_INT && k != ATTR_BOOL && k != ATTR_FLOAT) return false;
        }
        return true;
    }
    /* corert.const_string_tensor: one string, or one per element. */
    if (v->u.arr.n != 1 && v->u.arr.n != n) return false;
    for (int i = 0; i < v->u.arr.n; i++)
        if (!v->u.arr.elems[i] || v->u.arr.elems[i]->kind != ATTR_STRING) return false;
    return true;
}

bool sa_fail_excluded(SeqAnalysis *sa, const Op *op, const Word *nzargs)
{
    unsigned fx = op->info->effects;
    if (fx & FX_NNEG) return op->noperands >= 1 && op->operands[0]->block == op->parent &&
                             sa_known(sa, op->operands[0], SA_NN, nzargs);
    unsigned nz = FX_NZ_BITS(fx);
    if (nz) {
        for (int i = 0; i < 4; i++) {
            if (!(nz >> i & 1)) continue;
            if (i >= op->noperands) return false;
            const Value *v = op->operands[i];
            if (v->block != op->parent || !sa_known(sa, v, SA_NZ, nzargs)) return false;
        }
        return true;
    }
    const FailWhen *w = sa_fail_when(op->info, NULL);
    if (!w) return false;
    const Type *held, *c;
    switch (w->kind) {
    case FAILK_HOLD:
        return op->noperands >= 1 && plain_type(sa_content(sa, op->operands[0]));
    case FAILK_HELD:
    case FAILK_HELD_ADD:
        if (op->noperands < 2) return false;
        held = sa_held(sa, op->operands[0]);
        c = sa_content(sa, op->operands[1]);
        return plain_type(held) && held == c && (w->kind == FAILK_HELD || addable_type(held));
    case FAILK_HELD_READ:
        if (op->noperands < 1 || op->nresults < 1) return false;
        held = sa_held(sa, op->operands[0]);
        c = op->results[0]->type;
        return plain_type(held) && (held == c || class_of(sa, c) == TYC_ANY);
    case FAILK_UNBOX:
        return op->noperands >= 1 && op->nresults >= 1 && sa_content(sa, op->operands[0]) == op->results[0]->type &&
               op->results[0]->type != NULL;
    case FAILK_NO_LIST:
        if (op->noperands < 2) return false;
        c = sa_content(sa, op->operands[1]);
        return c && class_of(sa, c) != TYC_LIST && class_of(sa, c) != TYC_ANY;
    case FAILK_UTF8:
        return op->noperands >= 1 && op->operands[0]->block == op->parent && sa_known(sa, op->operands[0], SA_UTF8, nzargs);
    case FAILK_ARITY: {
        /* Result k is operand i + k (FX_A(i)): enough operands for all. */
        unsigned a = FX_A_BITS(op->info->effects);
        int first = a ? __builtin_ctz(a) : 0;
        return op->noperands - first >= op->nresults;
    }
    case FAILK_DEVICE: {
        const Attr *a = ir_op_attr(op, attr_device_name);
        return a && a->kind == ATTR_STRING && a->u.str.len == 5 && !memcmp(a->u.str.s, "CPU:0", 5);
    }
    case FAILK_DENSE_ATTR:
    case FAILK_SHAPE_NUMBERS:
    case FAILK_SHAPE_STRINGS:
        return tensor_attrs_fill(op, w->kind);
    default:
        return false;
    }
}

/* Do the integer arrays among [op]'s attributes (its shape) describe an
** allocation no allocator but test_fixed_size_1k refuses: no negative
** dimension, and at most SMALL_ELEMS elements (a zero dimension counted as
** one: each bound holds for the others)? */
static bool attrs_small(const Op *op)
{
    for (int i = 0; i < op->nattrs; i++) {
        const Attr *a = op->attrs[i].value;
        if (!a || a->kind != ATTR_ARRAY) continue;
        int64_t n = 1;
        for (int k = 0; k < a->u.arr.n; k++) {
            const Attr *e = a->u.arr.elems[k];
            if (!e || e->kind != ATTR_INT || e->u.i < 0 || e->u.i > SMALL_ELEMS) return false;
            n *= e->u.i ? e->u.i : 1;
            if (n > SMALL_ELEMS) return false;
        }
    }
    return true;
}

/* The functions named by [a] (recursively through arrays), appended to
** out[*n] (capacity cap; the count goes on growing past it). */
static void collect_syms(const Module *m, const Attr *a, const Func **out, int *n, int cap, int depth)
{
    if (!a || depth > 8) return;
    if (a->kind == ATTR_SYMBOL) {
        const Func *f = ir_module_func(m, a->u.str.s);
        if (!f) return;
        for (int i = 0; i < *n && i < cap; i++)
            if (out[i] == f) return;
        if (*n < cap) out[*n] = f;
        (*n)++;
    } else if (a->kind == ATTR_ARRAY) {
        for (int i = 0; i < a->u.arr.n; i++) collect_syms(m, a->u.arr.elems[i], out, n, cap, depth + 1);
    }
}

const Func **sa_callees(SeqAnalysis *sa, const Op *op, int *n)
{
    *n = 0;
    if (!op->callee && op->nattrs == 0) return NULL;
    int cap = 8;
    for (;;) {
        const Func **out = sa_alloc(sa, sizeof *out * (size_t)cap);
        int k = 0;
        if (op->callee) {
            const Func *f = ir_module_func(sa->m, op->callee);
            if (f) out[k++] = f;
        }
        for (int i = 0; i < op->nattrs; i++) collect_syms(sa->m, op->attrs[i].value, out, &k, cap, 0);
        if (k <= cap) {
            *n = k;
            return out;
        }
        cap = k;
    }
}

/* {=====================================================================
** seq_op_effects
** ====================================================================== */

int sa_direct_effects(SeqAnalysis *sa, const Op *op, const Word *nzargs, bool sync,
                      SeqEffect *out, int max, const char **why)
{
    const char *w = local_opaque_why(sa, op);
    if (w) {
        if (why) *why = w;
        return -1;
    }
    unsigned fx = op->info->effects;
    int n = 0;
#define PUT(k, o, a) do { if (n < max) { out[n].kind = (k); out[n].operand = (o); out[n].access = (a); } n++; } while (0)
    if (fx & FX_OUT) PUT(SEQ_RES_OUTPUT, -1, SEQ_WRITE);
    bool refused_only = (fx & FX_OOM) && !(sa && (sa->flags & SEQ_ALLOC_REPORTS)) && attrs_small(op);
    if ((fx & FX_FAIL) && !sync && !refused_only && !sa_fail_excluded(sa, op, nzargs)) PUT(SEQ_RES_DIAG, -1, SEQ_WRITE);
    unsigned wbits = FX_W_BITS(fx);
    for (int i = 0; i < op->noperands; i++) {
        if (class_of(sa, op->operands[i]->type) == TYC_NONE) continue;
        unsigned acc = (fx & FX_NOREAD) ? 0 : SEQ_READ;
        if (i < FX_MAXOP && (wbits >> i & 1)) acc |= SEQ_WRITE;
        if (acc) PUT(SEQ_RES_OPERAND, i, acc);
    }
#undef PUT
    return n;
}

int seq_op_effects(const Op *op, SeqEffect *out, int max, const char **why)
{
    if (why) *why = NULL;
    const Block *b = op->parent;
    bool sync = b && !b->parent_op && b->func && b->func->is_sync;
    return sa_direct_effects(NULL, op, NULL, sync, out, max, why);
}
