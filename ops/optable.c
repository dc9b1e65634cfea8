/*
** optable.c — the op table built from ops/ops.def.
**
** The table is a static array in ops.def order, which is sorted by op
** name (ORDER OPNAME), so optable_lookup is a binary search with no state.
** It names no kernel: kernels/registry.c binds the rows' functions once,
** before main (optable_bind_kernels), and nothing writes the table after.
** The effect facts that are not columns (mutable types, why a row is
** opaque) come from ops/effects.def, the attribute names and rules
** from ops/attrs.def.
*/
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "ops/optable.h"

/* Written only by optable_bind_kernels, before main. */
static OpInfo optable[] = {
#define OP(id, name, fam, sig, flags, fx) { name, fam, sig, flags, fx, OPID_##id, NULL, { 0, 0 }, #id },
#define OPI(id, name, fam, sig, flags, fx, kernel, imm0, imm1) \
    { name, fam, sig, flags, fx, OPID_##id, NULL, { imm0, imm1 }, #kernel },
#include "ops/ops.def"
#undef OP
#undef OPI
};

#define NOPS (sizeof optable / sizeof optable[0])

/* The length of every row's name, known at compile time (the names are
** string literals), so a comparison needs no strlen. */
static const unsigned char optable_len[] = {
#define OP(id, name, ...) sizeof(name) - 1,
#include "ops/ops.def"
#undef OP
};

_Static_assert(sizeof optable_len == NOPS, "one length per row");

/* Eight bytes of [p] as a big-endian number, so that comparing two words
** orders them like memcmp. */
static uint64_t word(const char *p) {
    uint64_t w;
    memcpy(&w, p, 8);
    return __builtin_bswap64(w);
}

/* Compares the [len]-byte key with row [i]'s name, like strcmp, a word at a
** time (the names share long prefixes such as "tfrt_test."). */
static int keycmp(const char *key, size_t len, size_t i) {
    const char *row = optable[i].name;
    size_t n = optable_len[i];
    size_t m = len < n ? len : n, j = 0;
    for (; j + 8 <= m; j += 8) {
        uint64_t a = word(key + j), b = word(row + j);
        if (a != b) return a < b ? -1 : 1;
    }
    for (; j < m; j++)
        if (key[j] != row[j]) return (unsigned char)key[j] < (unsigned char)row[j] ? -1 : 1;
    return len < n ? -1 : len > n ? 1 : 0;
}

const OpInfo *optable_lookup(const char *name, size_t len) {
    size_t lo = 0, hi = NOPS;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = keycmp(name, len, mid);
        if (c == 0) return &optable[mid];
        if (c < 0) hi = mid; else lo = mid + 1;
    }
    return NULL;
}

const OpInfo *optable_all(size_t *n) {
    *n = NOPS;
    return optable;
}

const char *optable_family_syntax(SyntaxFamily f)
{
    static const char *const syntax[SYN__COUNT] = {
#define FAMILY(name, syn) syn,
#include "ops/families.def"
#undef FAMILY
    };
    return f >= 0 && f < SYN__COUNT ? syntax[f] : "";
}

void optable_bind_kernels(const KernelFn *fns, size_t n)
{
    for (size_t i = 0; i < NOPS && i < n; i++) optable[i].fn = fns[i];
}

/* Edit distance (insert, delete, substitute, swap of neighbours) between
** [a] and [b], or [cap] + 1 once it is above [cap]. */
static size_t edit_distance(const char *a, size_t na, const char *b, size_t nb, size_t cap)
{
    if (na > 64 || nb > 64) return cap + 1;
    if ((na > nb ? na - nb : nb - na) > cap) return cap + 1;
    size_t d[65][65];
    for (size_t i = 0; i <= na; i++) d[i][0] = i;
    for (size_t j = 0; j <= nb; j++) d[0][j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t rowmin = cap + 1;
        for (size_t j = 1; j <= nb; j++) {
            size_t v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
            if (v < rowmin) rowmin = v;
        }
        if (rowmin > cap) return cap + 1;
    }
    return d[na][nb];
}

const OpInfo *optable_nearest(const char *name, size_t len, bool *dialect_known)
{
    const char *dot = memchr(name, '.', len);
    size_t plen = dot ? (size_t)(dot - name) + 1 : 0;
    if (dialect_known) *dialect_known = false;
    size_t cap = len / 3 > 1 ? len / 3 : 1;
    const OpInfo *best = NULL;
    size_t bestd = cap + 1;
    for (size_t i = 0; i < NOPS; i++) {
        const char *n = optable[i].name;
        size_t nl = strlen(n);
        if (dialect_known && plen && nl > plen && !memcmp(n, name, plen)) *dialect_known = true;
        size_t d = edit_distance(name, len, n, nl, bestd - 1 < cap ? bestd - 1 : cap);
        if (d < bestd) {
            bestd = d;
            best = &optable[i];
        }
    }
    return bestd <= cap ? best : NULL;
}

/* Rows without a kernel for which TFRT has an op of its own. */
static const struct { OpId id; const char *instead; } instead_of[] = {
    { OPID_func_call, "tfrt.call" },
};

const OpInfo *optable_kernel_hint(const OpInfo *info, const char *name, size_t len, bool *dialect_known)
{
    const OpInfo *near = optable_nearest(name, len, dialect_known);
    if (info)
        for (size_t i = 0; i < sizeof instead_of / sizeof instead_of[0]; i++)
            if (info->id == instead_of[i].id) return optable_lookup(instead_of[i].instead, strlen(instead_of[i].instead));
    return near && near != info && strcmp(near->name, name) ? near : NULL;
}

/* {=====================================================================
** Effect facts that are not columns (ops/effects.def)
** ====================================================================== */

static const struct { const char *spelling; TypeClass cls; bool prefix; } mutable_types[] = {
#define MUTABLE(sp, cls, prefix) { sp, cls, prefix },
#include "ops/effects.def"
#undef MUTABLE
};

TypeClass optable_type_class(const char *spelling)
{
    if (!spelling) return TYC_NONE;
    for (size_t i = 0; i < sizeof mutable_types / sizeof mutable_types[0]; i++) {
        const char *m = mutable_types[i].spelling;
        if (mutable_types[i].prefix ? !strncmp(spelling, m, strlen(m)) : !strcmp(spelling, m))
            return mutable_types[i].cls;
    }
    return TYC_NONE;
}

static const struct { OpId id; const char *why; } opaque_whys[] = {
#define OPAQUE_WHY(ident, why) { OPID_##ident, why },
#include "ops/effects.def"
#undef OPAQUE_WHY
};

const char *optable_opaque_why(OpId id)
{
    for (size_t i = 0; i < sizeof opaque_whys / sizeof opaque_whys[0]; i++)
        if (opaque_whys[i].id == id) return opaque_whys[i].why;
    return NULL;
}

/* {=====================================================================
** Attributes (ops/attrs.def)
** ====================================================================== */

#define ATTR_NAME(id, spelling) const char attr_##id[] = spelling;
#include "ops/attrs.def"
#undef ATTR_NAME

static const OpAttr op_attrs[] = {
#define ATTR(kernel, id, rule, type, required) { #kernel, attr_##id, rule, type, required },
#include "ops/attrs.def"
#undef ATTR
};

const OpAttr *optable_attrs(const OpInfo *info, int *n)
{
    size_t i = 0, nattrs = sizeof op_attrs / sizeof op_attrs[0];
    while (i < nattrs && strcmp(op_attrs[i].kernel, info->kernel)) i++;
    size_t j = i;
    while (j < nattrs && !strcmp(op_attrs[j].kernel, info->kernel)) j++;
    *n = (int)(j - i);
    return op_attrs + i;
}

bool optable_dialect_open(const char *name, size_t len)
{
    /* TFRT's CoreRT dialect calls allowUnknownOperations(). */
    static const char *const open[] = { "corert" };
    const char *dot = memchr(name, '.', len);
    size_t n = dot ? (size_t)(dot - name) : len;
    for (size_t i = 0; i < sizeof open / sizeof open[0]; i++)
        if (strlen(open[i]) == n && !memcmp(open[i], name, n)) return true;
    return false;
}

CorertForm optable_corert_form(const OpInfo *info)
{
    if (!info || info->family != SYN_CORERT) return CRF_NONE;
    switch (info->id) {
    case OPID_corert_executeop: return CRF_EXECUTE;
    case OPID_corert_executeop_seq: return CRF_EXECUTE_SEQ;
    case OPID_corert_sync_executeop: return CRF_EXECUTE_SYNC;
    case OPID_corert_cond: return CRF_COND;
    case OPID_corert_while: return CRF_WHILE;
    case OPID_corert_get_op_handler: case OPID_corert_register_op_handler: return CRF_NAMED_OPERAND;
    case OPID_corert_sync_get_op_handler: return CRF_NAMED;
    case OPID_corert_const_dense_tensor: return CRF_DENSE;
    default: return CRF_NONE;
    }
}

const char *optable_corert_syntax(CorertForm form)
{
    switch (form) {
    case CRF_EXECUTE:       return "NAME(%h) \"op\"(%a, ...) {attrs} {fn attrs} : N";
    case CRF_EXECUTE_SEQ:   return "NAME(%h, %ch) \"op\"(%a, ...) {attrs} {fn attrs} : N";
    case CRF_EXECUTE_SYNC:  return "NAME(%h) \"op\"(%a, ...) {attrs} : N";
    case CRF_COND:          return "NAME %c @t @f (%ch, %a, ...) : (Ta, ...) -> (Tr, ...)";
    case CRF_WHILE:         return "NAME @cond @body (%ch, %a, ...) : (Ta, ...) -> (Tr, ...)";
    case CRF_NAMED_OPERAND: return "NAME %x \"name\" {attrs}";
    case CRF_NAMED:         return "NAME \"name\" {attrs}";
    case CRF_DENSE:         return "NAME dense<...> : T {attrs}";
    default:                return "";
    }
}

ArithOp optable_arith(OpId id, DType *dt)
{
    static const struct { OpId id; ArithOp op; DType dt; } rows[] = {
#define ARITH(ident, op, dt) { OPID_##ident, ARITH_##op, DT_##dt },
#include "ops/arith.def"
#undef ARITH
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].id == id) {
            *dt = rows[i].dt;
            return rows[i].op;
        }
    return ARITH_NONE;
}

const char *optable_inline_attr(const OpInfo *info)
{
    switch (info->family) {
    case SYN_CONSTANT: case SYN_SHAPE_ATTR: case SYN_OPERANDS_VALUE: case SYN_OPERANDS_ARRAY: {
        int n;
        const OpAttr *r = optable_attrs(info, &n);
        return n == 1 ? r[0].name : NULL;
    }
    default:
        return NULL;
    }
}

const char *optable_dtype_elem(DType dt)
{
    static const char *const elem[DT__COUNT] = {
        /* ORDER DTYPE */
        [DT_INVALID] = "", [DT_BOOL] = "i1", [DT_I8] = "i8", [DT_I16] = "i16",
        [DT_I32] = "i32", [DT_I64] = "i64", [DT_UI8] = "ui8", [DT_UI16] = "ui16",
        [DT_UI32] = "ui32", [DT_UI64] = "ui64", [DT_F16] = "f16", [DT_BF16] = "bf16",
        [DT_F32] = "f32", [DT_F64] = "f64", [DT_COMPLEX64] = "f32", [DT_COMPLEX128] = "f64",
    };
    return dt > DT_INVALID && dt < DT__COUNT ? elem[dt] : "";
}
