/*
** any.c — the Any value and reference-counted heap objects (docs/kernel-behaviour.md §11).
**
** Global state in this file: the live-object counter (accounting), the
** table of user object kinds (a registry written once per kind, read without
** locks), and each thread's worklist of objects to destroy (below). Nothing
** else.
**
** Destruction without recursion: a deleter releases what its object holds
** (a list its items, a variable its value, a tensor its buffer, a buffer its
** parent), and an object whose last reference goes while another one is
** being destroyed on the same thread is destroyed there and then, up to
** RELEASE_DEPTH deleters deep; deeper, it joins the thread's worklist,
** which the obj_release() at that depth empties before it returns. So
** freeing a list nested 10^6 deep, or a chain of buffer slices, takes a
** bounded depth of C stack whatever the container (issue 25), and the
** common shallow case costs a counter. The order is the recursive one
** either way: the objects an object's deleter let go of are destroyed in
** the order it let go of them, each with everything it holds, before the
** next.
*/
#include "base/alloc.h"
#include "interp/any.h"

#include <assert.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

static _Atomic int64_t live_objs;


#ifndef NDEBUG
void any_assert_fail_(const char *cond, const char *file, int line)
{
    fprintf(stderr, "%s:%d: Any type check failed: %s\n", file, line, cond);
    abort();
}
#endif

/* {=====================================================================
** Scalars and strings
** ====================================================================== */



Any any_obj(Object *o)
{
    Any a = {0};
    a.type = ANY_OBJ;
    a.v.obj = o;
    return a;
}

Any any_str(const char *s, size_t len)
{
    Any a = {0};
    if (len <= ANY_SSTR_MAX) {
        a.type = ANY_SSTR;
        a.len = (uint8_t)len;
        if (len) memcpy(a.v.s, s, len);
        a.v.s[len] = '\0';
        return a;
    }
    StrObj *o = (StrObj *)obj_alloc(OBJ_STRING, sizeof(StrObj) + len + 1, NULL);
    o->len = len;
    memcpy(o->data, s, len);
    o->data[len] = '\0';
    return any_obj(&o->hdr);
}

void any_retain(Any a)  { if (a.type == ANY_OBJ && a.v.obj) obj_retain(a.v.obj); }
void any_release(Any a) { if (a.type == ANY_OBJ && a.v.obj) obj_release(a.v.obj); }

bool any_is_int(Any a)   { return a.type >= ANY_I1 && a.type <= ANY_UI64; }
bool any_is_float(Any a) { return a.type == ANY_F32 || a.type == ANY_F64; }

bool any_is_objtype(Any a, uint32_t objtype)
{
    return a.type == ANY_OBJ && a.v.obj && a.v.obj->type == objtype;
}

bool any_is_string(Any a)
{
    return a.type == ANY_SSTR || any_is_objtype(a, OBJ_STRING);
}

const char *any_str_data(const Any *a, size_t *len)
{
    if (a->type == ANY_SSTR) {
        if (len) *len = a->len;
        return a->v.s;
    }
    if (any_is_objtype(*a, OBJ_STRING)) {
        const StrObj *o = (const StrObj *)a->v.obj;
        if (len) *len = o->len;
        return o->data;
    }
    if (len) *len = 0;
    return NULL;
}

/* ORDER ANYTYPE */
static const char *const any_names[ANY__COUNT] = {
    "none", "!tfrt.chain", "i1", "i8", "i16", "i32", "i64",
    "ui8", "ui16", "ui32", "ui64", "f16", "bf16", "f32", "f64",
    "complex<f32>", "!tfrt.string", "object",
};

const char *any_type_name(Any a)
{
    if (a.type == ANY_OBJ) return a.v.obj ? obj_type_name(a.v.obj->type) : "none";
    return a.type < ANY__COUNT ? any_names[a.type] : "?";
}

/* {=====================================================================
** Boxing helpers
** ====================================================================== */

bool any_unbox_int(Any a, AnyType t, int64_t *out)
{
    if (a.type != t || !any_is_int(a)) return false;
    *out = a.v.i;
    return true;
}

bool any_unbox_bool(Any a, bool *out)
{
    if (a.type != ANY_I1) return false;
    *out = a.v.i != 0;
    return true;
}

bool any_unbox_f32(Any a, float *out)
{
    if (a.type != ANY_F32) return false;
    *out = a.v.f32;
    return true;
}

bool any_unbox_f64(Any a, double *out)
{
    if (a.type != ANY_F64) return false;
    *out = a.v.f64;
    return true;
}

Object *any_unbox_obj(Any a, uint32_t objtype)
{
    return any_is_objtype(a, objtype) ? a.v.obj : NULL;
}

/* {=====================================================================
** Heap objects
** ====================================================================== */

Object *obj_alloc(uint32_t type, size_t size, void (*deleter)(Object *))
{
    assert(size >= sizeof(Object));
    Object *o = xmalloc(size);
    memset(o, 0, size);
    o->type = type;
    atomic_init(&o->refs, 1);
    o->deleter = deleter;
    atomic_fetch_add_explicit(&live_objs, 1, memory_order_relaxed);
    return o;
}

void obj_retain(Object *o)
{
    atomic_fetch_add_explicit(&o->refs, 1, memory_order_relaxed);
}

/* Deleters nest this deep on the C stack (the common case: a list of
** strings, a tensor and its buffer); what dies deeper goes through the
** thread's worklist. */
#define RELEASE_DEPTH 64

/* The objects waiting to be destroyed on this thread (a stack), and the
** depth of the deleters running on it. The first few fit in the struct;
** more go to the heap, freed once the stack is empty. */
typedef struct Doomed {
    Object **v;
    size_t n, cap;
    int depth;
    Object *small[16];
} Doomed;

static _Thread_local Doomed doomed;

static void doomed_push(Doomed *d, Object *o)
{
    if (!d->v) {
        d->v = d->small;
        d->cap = sizeof d->small / sizeof *d->small;
    }
    if (d->n == d->cap) {
        size_t cap = 2 * d->cap;
        Object **v = d->v == d->small ? malloc(cap * sizeof *v) : realloc(d->v, cap * sizeof *v);
        if (!v) tf_out_of_memory();
        if (d->v == d->small) memcpy(v, d->small, sizeof d->small);
        d->v = v;
        d->cap = cap;
    }
    d->v[d->n++] = o;
}

static inline void destroy(Object *o)
{
    if (o->deleter) o->deleter(o);
    else free(o);
}

/* Destroys [o] at the depth where deleters stop nesting: what its deleter
** lets go of lands on the stack above [mark], in the order it let go, and
** is turned round so that the first comes off first; then each is
** destroyed the same way, until the stack is back at [mark]. */
static void drain(Doomed *d, Object *o)
{
    size_t mark = d->n;
    for (;;) {
        size_t from = d->n;
        destroy(o);
        for (size_t i = from, j = d->n; i + 1 < j; i++, j--) {
            Object *t = d->v[i];
            d->v[i] = d->v[j - 1];
            d->v[j - 1] = t;
        }
        if (d->n == mark) break;
        o = d->v[--d->n];
    }
    if (mark == 0 && d->v != d->small) {
        free(d->v);
        d->v = NULL;
        d->cap = 0;
    }
}

void obj_release(Object *o)
{
    uint32_t old = atomic_fetch_sub_explicit(&o->refs, 1, memory_order_acq_rel);
    assert(old > 0 && "obj_release of a dead object");
    if (old != 1) return;
    atomic_fetch_sub_explicit(&live_objs, 1, memory_order_relaxed);
    Doomed *d = &doomed;
    if (d->depth > RELEASE_DEPTH) {
        doomed_push(d, o);    /* deep inside deleters: the drain below takes it */
        return;
    }
    d->depth++;
    if (d->depth <= RELEASE_DEPTH) destroy(o);
    else drain(d, o);
    d->depth--;
}

uint32_t obj_refcount(const Object *o)
{
    return atomic_load_explicit(&((Object *)o)->refs, memory_order_relaxed);
}

int64_t obj_live_count(void)
{
    return atomic_load_explicit(&live_objs, memory_order_relaxed);
}

/* ---- lists ------------------------------------------------------------- */

static void list_delete(Object *o)
{
    ListObj *l = (ListObj *)o;
    for (size_t i = 0; i < l->len; i++) any_release(l->items[i]);
    free(l->items);
    free(l);
}

ListObj *list_new(void)
{
    return (ListObj *)obj_alloc(OBJ_LIST, sizeof(ListObj), list_delete);
}

void list_append(ListObj *l, Any v)
{
    if (l->len == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 4;
        Any *items = realloc(l->items, cap * sizeof(Any));
        if (!items) tf_out_of_memory();
        l->items = items;
        l->cap = cap;
    }
    l->items[l->len++] = v;
    ListObj *inner = (ListObj *)any_unbox_obj(v, OBJ_LIST);
    if (inner) atomic_store_explicit(&inner->contained, true, memory_order_release);
}

void list_append_copy(ListObj *l, Any v)
{
    any_retain(v);
    list_append(l, v);
}

Any list_get(const ListObj *l, size_t i)
{
    return i < l->len ? l->items[i] : any_none();
}

/* ---- errors ------------------------------------------------------------ */

static ErrorObj *error_make(int code, const char *msg, size_t len)
{
    ErrorObj *e = (ErrorObj *)obj_alloc(OBJ_ERROR, sizeof(ErrorObj) + len + 1, NULL);
    e->code = code;
    e->len = len;
    memcpy(e->msg, msg, len);
    e->msg[len] = '\0';
    return e;
}

ErrorObj *obj_error(int code, const char *msg)
{
    if (!msg) msg = "";
    return error_make(code, msg, strlen(msg));
}

ErrorObj *obj_errorf(int code, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0) return error_make(code, "", 0);
    if ((size_t)n < sizeof buf) return error_make(code, buf, (size_t)n);
    char *big = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    ErrorObj *e = error_make(code, big, (size_t)n);
    free(big);
    return e;
}

/* ---- object kinds ------------------------------------------------------- */

/* ORDER OBJTYPE */
static const char *const builtin_obj_names[] = {
    "object", "!tfrt.string", "!tfrt.list", "error", "complex<f64>",
    "!t.tensor", "!ht.host_buffer", "!ts.shape", "!test.atomic.i32",
    "!tfrt.test.resource",
};

/* User kinds: written under user_mu, each slot published by bumping
** nuser (release) after its name is stored, so readers need no lock. */
static pthread_mutex_t user_mu = PTHREAD_MUTEX_INITIALIZER;
static const char *user_names[OBJ_MAX_USER];
static _Atomic uint32_t nuser;

uint32_t obj_register_type(const char *name)
{
    /* Kernels call this per object they make: look without the lock first. */
    uint32_t seen = atomic_load_explicit(&nuser, memory_order_acquire);
    for (uint32_t i = 0; i < seen; i++)
        if (strcmp(user_names[i], name) == 0) return OBJ__USER + i;
    pthread_mutex_lock(&user_mu);
    uint32_t n = atomic_load_explicit(&nuser, memory_order_relaxed);
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(user_names[i], name) == 0) {
            pthread_mutex_unlock(&user_mu);
            return OBJ__USER + i;
        }
    uint32_t code = 0;
    if (n < OBJ_MAX_USER) {
        size_t len = strlen(name);
        char *copy = xmalloc(len + 1);
        memcpy(copy, name, len + 1);
        user_names[n] = copy;
        atomic_store_explicit(&nuser, n + 1, memory_order_release);
        code = OBJ__USER + n;
    }
    pthread_mutex_unlock(&user_mu);
    return code;
}

const char *obj_type_name(uint32_t type)
{
    size_t nb = sizeof builtin_obj_names / sizeof builtin_obj_names[0];
    if (type < nb) return builtin_obj_names[type];
    if (type >= OBJ__USER) {
        uint32_t n = atomic_load_explicit(&nuser, memory_order_acquire);
        if (type - OBJ__USER < n) return user_names[type - OBJ__USER];
    }
    return "object";
}
