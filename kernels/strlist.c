/*
** strlist.c — strings, lists and boxed values (docs/kernel-behaviour.md §11, after TVM's
** "unify packed and object" RFC): str.*, list.*, any.unbox.*, any.print, and
** the type-name / printing / UTF-8 helpers of kernels/ext.h.
**
** Strings are Any values: up to 7 bytes inline (ANY_SSTR, no allocation),
** longer ones a StrObj. Every one-code-point string is at most 4 bytes, so
** str.unicode_split allocates only the list: the ListObj and, once, an item
** array of exactly the right size.
**
** Lists are mutated in place by list.append (ordered by its chain). Accesses
** that the program does not order may still run at the same time on
** different threads, so every access to a list's items happens under
** ext_list_lock(). ListObj has no lock field, so the locks are a fixed table
** of mutexes selected by the list's address (lock striping). This table is
** the file's only global state; it holds no data. No code path ever holds two
** list locks at once (printing and the cycle check copy a list's items
** under its lock and release it before looking inside them), so two lists
** sharing a stripe cannot deadlock.
**
** list.append refuses to make a list contain itself (directly or through
** lists inside it), since reference counting could never free the cycle.
** The check and the append are two steps, so two UNORDERED appends that
** each add one list to the other can still build a cycle; a program that
** orders its appends with their chains, as it must to know what a list
** holds, never does.
**
** Boxed values: every runtime value already is an Any, so an operand of type
** !tfrt.any receives the value itself; boxing costs nothing and unboxing is
** a type check.
*/
#include "base/utf8.h"
#include "base/alloc.h"
#include "base/typename.h"
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/strbuf.h"
#include "interp/display.h"
#include "kernels/dht.h"
#include "kernels/ext.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *f);
#include "ops/ops.def"
#undef OP

/* {=====================================================================
** Type names and checks
** ====================================================================== */

/* ORDER DTYPE */
static const char *const dtype_mlir[DT__COUNT] = {
    "invalid", "i1", "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64",
    "f16", "bf16", "f32", "f64", "complex<f32>", "complex<f64>",
};

const char *ext_dtype_mlir(DType dt)
{
    return (unsigned)dt < DT__COUNT ? dtype_mlir[dt] : "invalid";
}

const char *ext_type_name(Any v, char *buf, size_t cap)
{
    const DenseHostTensor *t = v.type == ANY_OBJ ? dht_from_any(v) : NULL;
    if (!t) {
        snprintf(buf, cap, "%s", any_type_name(v));
        return buf;
    }
    size_t n = (size_t)snprintf(buf, cap, "tensor<");
    for (int i = 0; i < t->rank && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%" PRId64 "x", t->dims[i]);
    if (n < cap) snprintf(buf + n, cap - n, "%s>", ext_dtype_mlir(t->dtype));
    return buf;
}

/* The Any type code of a builtin scalar type, or ANY_NONE. */
static AnyType scalar_any_type(const Type *t)
{
    switch (t->kind) {
    case TY_I1: return ANY_I1;     case TY_I8: return ANY_I8;
    case TY_I16: return ANY_I16;   case TY_I32: return ANY_I32;
    case TY_I64: return ANY_I64;   case TY_INDEX: return ANY_I64;
    case TY_UI8: return ANY_UI8;   case TY_UI16: return ANY_UI16;
    case TY_UI32: return ANY_UI32; case TY_UI64: return ANY_UI64;
    case TY_F16: return ANY_F16;   case TY_BF16: return ANY_BF16;
    case TY_F32: return ANY_F32;   case TY_F64: return ANY_F64;
    default: return ANY_NONE;
    }
}

bool ext_type_accepts(const Type *t, Any v)
{
    if (!t) return true;
    AnyType want = scalar_any_type(t);
    if (want != ANY_NONE) return v.type == want;
    switch (t->kind) {
    case TY_COMPLEX:
        if (t->elem && t->elem->kind == TY_F32) return v.type == ANY_COMPLEX64;
        return any_is_objtype(v, OBJ_COMPLEX128);
    case TY_TENSOR: {
        const DenseHostTensor *d = v.type == ANY_OBJ ? dht_from_any(v) : NULL;
        if (!d || !t->elem || dt_from_type(t->elem) != d->dtype) return false;
        if (t->rank < 0) return true;
        if (t->rank != d->rank) return false;
        for (int i = 0; i < d->rank; i++)
            if (t->dims[i] >= 0 && t->dims[i] != d->dims[i]) return false;
        return true;
    }
    case TY_DIALECT: {
        const char *s = t->spelling;
        if (strcmp(s, "!tfrt.any") == 0) return true;
        if (t->is_chain || strcmp(s, "!tfrt.chain") == 0) return v.type == ANY_CHAIN;
        if (strcmp(s, "!tfrt.string") == 0) return any_is_string(v);
        if (tn_is_tensor(s, strlen(s))) return v.type == ANY_OBJ && dht_from_any(v) != NULL;
        return v.type == ANY_OBJ && v.v.obj && strcmp(obj_type_name(v.v.obj->type), s) == 0;
    }
    default:
        return false;
    }
}

/* {=====================================================================
** UTF-8
** ====================================================================== */

int64_t ext_utf8_count(const char *s, size_t len, size_t *bad)
{
    const unsigned char *p = (const unsigned char *)s;
    int64_t count = 0;
    size_t i = 0;
    while (i < len) {
        /* ASCII runs are the common case; skip them a byte at a time
        ** without the table walk. */
        if (p[i] < 0x80) { i++; count++; continue; }
        size_t n = (size_t)utf8_seq_len(p + i, len - i);
        if (n == 0) {
            if (bad) *bad = i;
            return -1;
        }
        i += n;
        count++;
    }
    return count;
}

/* {=====================================================================
** List locks (lock striping; see the file comment)
** ====================================================================== */

#define LIST_STRIPES 64   /* enough that unrelated lists rarely share a lock */

#define M_ PTHREAD_MUTEX_INITIALIZER
#define M8_ M_, M_, M_, M_, M_, M_, M_, M_
static pthread_mutex_t list_stripes[LIST_STRIPES] = { M8_, M8_, M8_, M8_, M8_, M8_, M8_, M8_ };
#undef M8_
#undef M_

static pthread_mutex_t *stripe(const ListObj *l)
{
    uintptr_t p = (uintptr_t)l;
    return &list_stripes[((p >> 4) ^ (p >> 10)) % LIST_STRIPES];
}

void ext_list_lock(const ListObj *l)   { pthread_mutex_lock(stripe(l)); }
void ext_list_unlock(const ListObj *l) { pthread_mutex_unlock(stripe(l)); }

static ListObj *as_list(Any v)
{
    return (ListObj *)any_unbox_obj(v, OBJ_LIST);
}

/* A retained copy of [l]'s items (count in *n), taken under its lock;
** NULL when empty. The caller releases each item and frees the array. */
static Any *list_snapshot(const ListObj *l, size_t *n)
{
    ext_list_lock(l);
    size_t len = l->len;
    Any *items = NULL;
    if (len) {
        items = malloc(len * sizeof(Any));
        if (!items) tf_out_of_memory();
        for (size_t i = 0; i < len; i++) {
            items[i] = l->items[i];
            any_retain(items[i]);
        }
    }
    ext_list_unlock(l);
    *n = len;
    return items;
}

static void release_items(Any *items, size_t n)
{
    for (size_t i = 0; i < n; i++) any_release(items[i]);
    free(items);
}

/* A set of visited lists (open addressing), for the cycle check. */
typedef struct PtrSet { const void **slots; size_t cap, n; } PtrSet;

static bool ptrset_add(PtrSet *s, const void *p)   /* false if present */
{
    if (2 * (s->n + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        const void **slots = calloc(cap, sizeof *slots);
        if (!slots) tf_out_of_memory();
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->slots[i]) continue;
            size_t h = ((uintptr_t)s->slots[i] >> 4) & (cap - 1);
            while (slots[h]) h = (h + 1) & (cap - 1);
            slots[h] = s->slots[i];
        }
        free(s->slots);
        s->slots = slots;
        s->cap = cap;
    }
    size_t h = ((uintptr_t)p >> 4) & (s->cap - 1);
    while (s->slots[h]) {
        if (s->slots[h] == p) return false;
        h = (h + 1) & (s->cap - 1);
    }
    s->slots[h] = p;
    s->n++;
    return true;
}

/* True if [target] is reachable from list [from] (or is it). Visits each
** list once, holding one lock at a time. */
static bool list_reaches(ListObj *from, const ListObj *target)
{
    if (from == target) return true;
    PtrSet seen = {0};
    size_t sp = 0, cap = 16;
    ListObj **stack = malloc(cap * sizeof *stack);
    if (!stack) tf_out_of_memory();
    obj_retain(&from->hdr);
    stack[sp++] = from;
    ptrset_add(&seen, from);
    bool found = false;
    while (sp) {
        ListObj *l = stack[--sp];
        size_t n;
        Any *items = found ? NULL : list_snapshot(l, &n);
        for (size_t i = 0; items && i < n; i++) {
            ListObj *c = as_list(items[i]);
            if (!c) continue;
            if (c == target) { found = true; break; }
            if (!ptrset_add(&seen, c)) continue;
            if (sp == cap) {
                cap *= 2;
                ListObj **s2 = realloc(stack, cap * sizeof *stack);
                if (!s2) tf_out_of_memory();
                stack = s2;
            }
            obj_retain(&c->hdr);
            stack[sp++] = c;
        }
        if (items) release_items(items, n);
        obj_release(&l->hdr);
    }
    free(stack);
    free(seen.slots);
    return found;
}

/* {=====================================================================
** Printing (any.print)
** ====================================================================== */

/* Deeper nesting prints `[...]`: lists cannot contain themselves (the
** append checks), but a deep chain of lists must not exhaust the stack. */
#define REPR_MAX_DEPTH 100

/* The objects any.print shows that interp/display.c does not know:
** complex128, tensors (as tfrt_dht.print_tensor) and lists (a snapshot
** under the list's lock, each element in the same form). */
static bool repr_object(StrBuf *b, const Display *d, const Any *a, int depth)
{
    if (!a->v.obj) return false;
    if (any_is_objtype(*a, OBJ_COMPLEX128)) {
        const Complex128Obj *c = (const Complex128Obj *)a->v.obj;
        sb_printf(b, "%f+%fi", c->re, c->im);
        return true;
    }
    const DenseHostTensor *t = dht_from_any(*a);
    if (t) {
        char *s = dht_format(t);
        sb_adds(b, s);
        free(s);
        return true;
    }
    ListObj *l = as_list(*a);
    if (!l) return false;
    if (depth >= REPR_MAX_DEPTH) { sb_adds(b, "[...]"); return true; }
    size_t n;
    Any *items = list_snapshot(l, &n);
    sb_addc(b, '[');
    for (size_t i = 0; i < n; i++) {
        if (i) sb_adds(b, ", ");
        display_append(b, d, NULL, &items[i], depth + 1);
    }
    sb_addc(b, ']');
    release_items(items, n);
    return true;
}

char *ext_repr(Any v)
{
    static const Display repr = { DISPLAY_REPR, false, NULL, repr_object };
    StrBuf b = {0};
    sb_addn(&b, "", 0);
    display_append(&b, &repr, NULL, &v, 0);
    return b.p;
}

/* {=====================================================================
** Kernels: str.*
** ====================================================================== */

/* The bytes of string operand [i]; reports an error if it is not a string. */
static const char *str_arg(KernelFrame *f, int i, size_t *len)
{
    const char *s = any_str_data(kf_arg(f, i), len);
    if (!s) {
        char name[64];
        kf_error(f, "operand %d is %s, not !tfrt.string", i, ext_type_name(*kf_arg(f, i), name, sizeof name));
    }
    return s;
}

/* "str.concat"(%a, %b) : (!tfrt.string, !tfrt.string) -> !tfrt.string */
void k_str_concat(KernelFrame *f)
{
    size_t la, lb;
    const char *a = str_arg(f, 0, &la);
    if (!a) return;
    const char *b = str_arg(f, 1, &lb);
    if (!b) return;
    size_t n = la + lb;
    if (n <= ANY_SSTR_MAX) {
        char tmp[ANY_SSTR_MAX + 1];
        memcpy(tmp, a, la);
        memcpy(tmp + la, b, lb);
        kf_set(f, 0, any_str(tmp, n));
        return;
    }
    /* Build the StrObj in place: one allocation. */
    StrObj *o = (StrObj *)obj_alloc(OBJ_STRING, sizeof(StrObj) + n + 1, NULL);
    o->len = n;
    memcpy(o->data, a, la);
    memcpy(o->data + la, b, lb);
    o->data[n] = '\0';
    kf_set(f, 0, any_obj(&o->hdr));
}

/* "str.len"(%s) : (!tfrt.string) -> i64 — code points. */
void k_str_len(KernelFrame *f)
{
    size_t len, bad = 0;
    const char *s = str_arg(f, 0, &len);
    if (!s) return;
    int64_t n = ext_utf8_count(s, len, &bad);
    if (n < 0) { kf_error(f, "invalid UTF-8 at byte %zu", bad); return; }
    kf_set(f, 0, any_int(ANY_I64, n));
}

/* "str.unicode_split"(%s) : (!tfrt.string) -> !tfrt.list — one inline
** string per code point; the item array is allocated once, at its final
** size. */
void k_str_unicode_split(KernelFrame *f)
{
    size_t len, bad = 0;
    const char *s = str_arg(f, 0, &len);
    if (!s) return;
    int64_t n = ext_utf8_count(s, len, &bad);
    if (n < 0) { kf_error(f, "invalid UTF-8 at byte %zu", bad); return; }
    ListObj *l = list_new();
    if (n > 0) {
        l->items = malloc((size_t)n * sizeof(Any));
        if (!l->items) tf_out_of_memory();
        l->cap = (size_t)n;
    }
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < len; ) {
        size_t k = p[i] < 0x80 ? 1 : (size_t)utf8_seq_len(p + i, len - i);
        l->items[l->len++] = any_str(s + i, k);   /* k <= 4: inline */
        i += k;
    }
    kf_set(f, 0, any_obj(&l->hdr));
}

/* {=====================================================================
** Kernels: list.*
** ====================================================================== */

static ListObj *list_arg(KernelFrame *f, int i)
{
    ListObj *l = as_list(*kf_arg(f, i));
    if (!l) {
        char name[64];
        kf_error(f, "operand %d is %s, not !tfrt.list", i, ext_type_name(*kf_arg(f, i), name, sizeof name));
    }
    return l;
}

/* "list.new"() : () -> !tfrt.list */
void k_list_new(KernelFrame *f)
{
    kf_set(f, 0, any_obj(&list_new()->hdr));
}

/* "list.append"(%l, %x, %ch) : (!tfrt.list, T, !tfrt.chain) -> !tfrt.chain */
void k_list_append(KernelFrame *f)
{
    ListObj *l = list_arg(f, 0);
    if (!l) return;
    Any x = *kf_arg(f, 1);
    ListObj *xl = as_list(x);
    /* Only a list that is inside some list can be reached from xl: the
    ** walk is skipped for the rest (building an N-deep nest by appending
    ** each list to a fresh one is then linear, not quadratic). */
    if (xl && (xl == l || atomic_load_explicit(&l->contained, memory_order_acquire)) &&
        list_reaches(xl, l)) {
        kf_error(f, "list.append: a list cannot contain itself");
        return;
    }
    ext_list_lock(l);
    list_append_copy(l, x);
    ext_list_unlock(l);
    kf_set_chain(f, 0);
}

/* "list.size"(%l) : (!tfrt.list) -> i64 */
void k_list_size(KernelFrame *f)
{
    ListObj *l = list_arg(f, 0);
    if (!l) return;
    ext_list_lock(l);
    int64_t n = (int64_t)l->len;
    ext_list_unlock(l);
    kf_set(f, 0, any_int(ANY_I64, n));
}

/* "list.get"(%l, %i) : (!tfrt.list, i64) -> !tfrt.any */
void k_list_get(KernelFrame *f)
{
    ListObj *l = list_arg(f, 0);
    if (!l) return;
    int64_t i = kf_i64(f, 1);
    ext_list_lock(l);
    size_t n = l->len;
    Any v = i >= 0 && (uint64_t)i < n ? l->items[i] : any_none();
    any_retain(v);
    ext_list_unlock(l);
    if (i < 0 || (uint64_t)i >= n) {
        kf_error(f, "index %" PRId64 " out of range [0, %zu)", i, n);
        return;
    }
    kf_set(f, 0, v);
}

/* {=====================================================================
** Kernels: any.*
** ====================================================================== */

/* Result 0 = operand 0 if it holds [want] (checked by [ok]); else Error
** `cannot unbox TYPE as NAME`. */
static void unbox(KernelFrame *f, bool ok, const char *name)
{
    if (!ok) {
        char have[64];
        kf_error(f, "cannot unbox %s as %s", ext_type_name(*kf_arg(f, 0), have, sizeof have), name);
        return;
    }
    kf_forward_arg(f, 0, 0);
}

void k_any_unbox_i1(KernelFrame *f)     { unbox(f, kf_arg(f, 0)->type == ANY_I1, "i1"); }
void k_any_unbox_i32(KernelFrame *f)    { unbox(f, kf_arg(f, 0)->type == ANY_I32, "i32"); }
void k_any_unbox_i64(KernelFrame *f)    { unbox(f, kf_arg(f, 0)->type == ANY_I64, "i64"); }
void k_any_unbox_f32(KernelFrame *f)    { unbox(f, kf_arg(f, 0)->type == ANY_F32, "f32"); }
void k_any_unbox_f64(KernelFrame *f)    { unbox(f, kf_arg(f, 0)->type == ANY_F64, "f64"); }
void k_any_unbox_string(KernelFrame *f) { unbox(f, any_is_string(*kf_arg(f, 0)), "!tfrt.string"); }

/* "any.print"(%x, %ch) : (T, !tfrt.chain) -> !tfrt.chain — `any = REPR`. */
void k_any_print(KernelFrame *f)
{
    char *s = ext_repr(*kf_arg(f, 0));
    kl_out(f->ctx->host, "any = %s\n", s);
    free(s);
    kf_set_chain(f, 0);
}
