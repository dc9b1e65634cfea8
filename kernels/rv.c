/*
** rv.c — resource variables and critical sections (docs/kernel-behaviour.md §10, after
** TensorFlow's resource-variable concurrency semantics).
**
** A variable (!rv.var) is a heap object holding one value: a scalar, a
** string or a dense host tensor. A tensor inside a variable is PRIVATE to
** it: rv.create and rv.assign copy the caller's tensor in, rv.read copies it
** out, so no other holder can ever write the variable's storage and a read
** returns a snapshot. Every access takes the variable's mutex for its whole
** duration (rv.assign_add for its read-compute-write), which makes reads and
** writes atomic; the mutex is held only for a copy or an add, never across
** anything that can wait.
**
** A critical section (!rv.cs) is an asynchronous FIFO lock. rv.critical
** invokes its callee at once when the section is free; otherwise the
** invocation (callee, retained operands, its own context and its
** forwarding results) is queued. When every result of the running
** invocation has resolved, the continuation of the last one starts the next
** queued invocation on the thread it runs on. No thread ever blocks on a
** section, so a worker is never tied up waiting for one.
**
** Object kinds are recognised by their deleter, so no type code needs to be
** cached anywhere; obj_register_type() gives them their names (`!rv.var`,
** `!rv.cs`) for messages and result lines.
*/
#include "base/alloc.h"
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "kernels/dht.h"
#include "kernels/ext.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *f);
#include "ops/ops.def"
#undef OP

/* {=====================================================================
** Variables
** ====================================================================== */

typedef struct RvVar {
    Object hdr;
    pthread_mutex_t mu;      /* guards value */
    Any value;               /* owned; a tensor is private to the variable */
} RvVar;

static void var_delete(Object *o)
{
    RvVar *v = (RvVar *)o;
    any_release(v->value);
    pthread_mutex_destroy(&v->mu);
    free(v);
}

static RvVar *var_from(Any a)
{
    if (a.type != ANY_OBJ || !a.v.obj || a.v.obj->deleter != var_delete) return NULL;
    return (RvVar *)a.v.obj;
}

/* True for the values a variable may hold. */
static bool holdable(Any v)
{
    if (any_is_int(v) || any_is_float(v) || any_is_string(v)) return true;
    if (v.type == ANY_F16 || v.type == ANY_BF16 || v.type == ANY_COMPLEX64) return true;
    return any_is_objtype(v, OBJ_COMPLEX128) || dht_from_any(v) != NULL;
}

/* A private copy of tensor [t] from the host allocator, or NULL. */
static DenseHostTensor *tensor_copy(Host *h, const DenseHostTensor *t)
{
    DenseHostTensor *c = dht_new(host_allocator(h), t->dtype, t->rank, t->dims);
    if (c) memcpy(dht_data(c), dht_data(t), (size_t)t->nelems * dt_size(t->dtype));
    return c;
}

/* A copy of [v] that the caller owns: a new tensor for a tensor, the value
** itself (retained) otherwise, since nothing else is mutable. False when the
** tensor cannot be allocated. */
static bool value_copy(Host *h, Any v, Any *out)
{
    const DenseHostTensor *t = dht_from_any(v);
    if (!t) { *out = any_copy(v); return true; }
    DenseHostTensor *c = tensor_copy(h, t);
    if (!c) return false;
    *out = any_obj(&c->hdr);
    return true;
}

/* Same type, and for tensors the same dtype and shape. */
static bool same_type(Any a, Any b)
{
    const DenseHostTensor *ta = dht_from_any(a), *tb = dht_from_any(b);
    if (ta || tb) return ta && tb && dht_same_type(ta, tb);
    if (any_is_string(a) || any_is_string(b)) return any_is_string(a) && any_is_string(b);
    if (a.type != b.type) return false;
    return a.type != ANY_OBJ || a.v.obj->type == b.v.obj->type;
}

/* Reports `KERNEL: variable holds TYPE, not T`. */
static void type_error(KernelFrame *f, const char *kernel, Any held, const char *want)
{
    char have[96];
    kf_error(f, "%s: variable holds %s, not %s", kernel, ext_type_name(held, have, sizeof have), want);
}

static RvVar *var_arg(KernelFrame *f, const char *kernel)
{
    RvVar *v = var_from(*kf_arg(f, 0));
    if (!v) {
        char name[96];
        kf_error(f, "%s: operand 0 is %s, not !rv.var", kernel, ext_type_name(*kf_arg(f, 0), name, sizeof name));
    }
    return v;
}

/* "rv.create"(%init, %ch) : (T, !tfrt.chain) -> (!rv.var, !tfrt.chain) */
void k_rv_create(KernelFrame *f)
{
    Any init = *kf_arg(f, 0);
    if (!holdable(init)) {
        char name[96];
        kf_error(f, "rv.create: a variable holds a scalar, a string or a dense host tensor, not %s",
                 ext_type_name(init, name, sizeof name));
        return;
    }
    Any copy;
    if (!value_copy(f->ctx->host, init, &copy)) { kf_error(f, "rv.create: cannot allocate tensor"); return; }
    RvVar *v = (RvVar *)obj_alloc(obj_register_type("!rv.var"), sizeof *v, var_delete);
    pthread_mutex_init(&v->mu, NULL);
    v->value = copy;
    kf_set(f, 0, any_obj(&v->hdr));
    kf_set_chain(f, 1);
}

/* "rv.read"(%v, %ch) : (!rv.var, !tfrt.chain) -> (T, !tfrt.chain) — a
** snapshot, type-checked against the declared result type T. */
void k_rv_read(KernelFrame *f)
{
    RvVar *v = var_arg(f, "rv.read");
    if (!v) return;
    const Type *want = f->op && f->op->nresults > 0 ? f->op->results[0]->type : NULL;
    Any out = any_none(), held = any_none();
    bool ok_type, ok_alloc = true;
    pthread_mutex_lock(&v->mu);
    ok_type = ext_type_accepts(want, v->value);
    if (ok_type) ok_alloc = value_copy(f->ctx->host, v->value, &out);
    else held = any_copy(v->value);    /* for the message, outside the lock */
    pthread_mutex_unlock(&v->mu);
    if (!ok_type) type_error(f, "rv.read", held, want ? want->spelling : "?");
    else if (!ok_alloc) kf_error(f, "rv.read: cannot allocate tensor");
    else { kf_set(f, 0, out); kf_set_chain(f, 1); }
    any_release(held);
}

/* "rv.assign"(%v, %x, %ch) : (!rv.var, T, !tfrt.chain) -> !tfrt.chain —
** replaces the whole value; its type (and a tensor's shape) may not change.
** A tensor is copied into the variable's own storage under the lock. */
void k_rv_assign(KernelFrame *f)
{
    RvVar *v = var_arg(f, "rv.assign");
    if (!v) return;
    Any x = *kf_arg(f, 1);
    Any old = any_none(), held = any_none();
    const DenseHostTensor *src = dht_from_any(x);
    pthread_mutex_lock(&v->mu);
    bool ok = same_type(v->value, x);
    if (!ok) {
        held = any_copy(v->value);
    } else if (src) {
        DenseHostTensor *dst = dht_from_any(v->value);
        memmove(dht_data(dst), dht_data(src), (size_t)src->nelems * dt_size(src->dtype));
    } else {
        old = v->value;
        v->value = any_copy(x);
    }
    pthread_mutex_unlock(&v->mu);
    any_release(old);
    if (!ok) {
        char want[96];
        type_error(f, "rv.assign", held, ext_type_name(x, want, sizeof want));
        any_release(held);
        return;
    }
    kf_set_chain(f, 0);
}

/* [a] + [b] for two scalars of the same type, into *out. False if the type
** has no addition (i1, f16, bf16, strings). Integers wrap. */
static bool scalar_add(Any a, Any b, Any *out)
{
    switch ((AnyType)a.type) {
    case ANY_I8: case ANY_I16: case ANY_I32: case ANY_I64:
    case ANY_UI8: case ANY_UI16: case ANY_UI32: case ANY_UI64:
        *out = any_int((AnyType)a.type, (int64_t)(a.v.u + b.v.u));
        return true;
    case ANY_F32: *out = any_f32(a.v.f32 + b.v.f32); return true;
    case ANY_F64: *out = any_f64(a.v.f64 + b.v.f64); return true;
    case ANY_COMPLEX64:
        *out = a;
        out->v.c64[0] += b.v.c64[0];
        out->v.c64[1] += b.v.c64[1];
        return true;
    case ANY_OBJ:
        if (any_is_objtype(a, OBJ_COMPLEX128)) {
            const Complex128Obj *x = (const Complex128Obj *)a.v.obj, *y = (const Complex128Obj *)b.v.obj;
            *out = kl_complex128(x->re + y->re, x->im + y->im);
            return true;
        }
        return false;
    default:
        return false;
    }
}

/* "rv.assign_add"(%v, %d, %ch) : (!rv.var, T, !tfrt.chain) -> !tfrt.chain —
** value += d (element-wise for tensors), all under the variable's lock, so
** concurrent updates never lose an increment. */
/* The write step of a split rv.assign_add: [value] (owned) replaces the
** variable's value, then [chain] (one reference) becomes available. */
typedef struct RvWrite {
    RvVar *v;              /* one reference */
    Any value;
    AsyncValue *chain;
} RvWrite;

static void rv_write_task(void *a, void *b)
{
    (void)b;
    RvWrite *w = a;
    RvVar *v = w->v;
    Any old = any_none();
    const DenseHostTensor *src = dht_from_any(w->value);
    pthread_mutex_lock(&v->mu);
    if (src) {
        DenseHostTensor *dst = dht_from_any(v->value);
        memmove(dht_data(dst), dht_data(src), (size_t)src->nelems * dt_size(src->dtype));
        old = w->value;
    } else {
        old = v->value;
        v->value = w->value;
    }
    pthread_mutex_unlock(&v->mu);
    any_release(old);
    av_emplace(w->chain, any_chain());
    av_release(w->chain);
    obj_release(&v->hdr);
    free(w);
}

bool ext_rv_write_task(void (*fn)(void *, void *), void *a, const Object **var, Any *value)
{
    if (fn != rv_write_task) return false;
    *var = &((const RvWrite *)a)->v->hdr;
    *value = ((const RvWrite *)a)->value;
    return true;
}

char *ext_rv_repr(Any var)
{
    RvVar *v = var_from(var);
    if (!v) return NULL;
    pthread_mutex_lock(&v->mu);
    char *s = ext_repr(v->value);
    pthread_mutex_unlock(&v->mu);
    return s;
}

/* The diagnostics of rv.assign_add, one wording for both models: the
** variable holds [held], the operand is [d]. */
enum AddError { ADD_TYPE, ADD_NONE, ADD_MEM };
static void add_error(KernelFrame *f, enum AddError e, Any held, Any d)
{
    char name[96];
    if (e == ADD_TYPE) type_error(f, "rv.assign_add", held, ext_type_name(d, name, sizeof name));
    else if (e == ADD_NONE) kf_error(f, "rv.assign_add: cannot add %s", ext_type_name(held, name, sizeof name));
    else kf_error(f, "rv.assign_add: cannot allocate tensor");
}

/* rv.assign_add as the RFC specifies it (the explorer's spec model): the
** read and the addition now, the write as a task of its own, which the
** explorer schedules like any other step. The type checks are the atomic
** kernel's, made at the read (the type of a variable never changes). */
static void assign_add_split(KernelFrame *f, RvVar *v)
{
    Any d = *kf_arg(f, 1);
    const DenseHostTensor *dt = dht_from_any(d);
    Any sum = any_none(), held = any_none();
    enum { OK, BAD_TYPE, NO_ADD, NO_MEM } st = OK;
    pthread_mutex_lock(&v->mu);
    if (!same_type(v->value, d)) {
        st = BAD_TYPE;
    } else if (dt) {
        DenseHostTensor *c = tensor_copy(f->ctx->host, dht_from_any(v->value));
        if (!c) st = NO_MEM;
        else if (!ext_tensor_add(c->dtype, dht_data(c), dht_data(c), dht_data(dt), c->nelems)) {
            obj_release(&c->hdr);
            st = NO_ADD;
        } else {
            sum = any_obj(&c->hdr);
        }
    } else if (!scalar_add(v->value, d, &sum)) {
        st = NO_ADD;
    }
    if (st != OK) held = any_copy(v->value);
    pthread_mutex_unlock(&v->mu);
    if (st != OK) {
        add_error(f, st == BAD_TYPE ? ADD_TYPE : st == NO_ADD ? ADD_NONE : ADD_MEM, held, d);
    } else {
        RvWrite *w = xmalloc(sizeof *w);
        obj_retain(&v->hdr);
        w->v = v;
        w->value = sum;
        w->chain = av_new_unavailable();
        av_retain(w->chain);
        kf_set_av(f, 0, w->chain);
        wq_add_task(host_queue(f->ctx->host), rv_write_task, w, NULL);
    }
    any_release(held);
}

void k_rv_assign_add(KernelFrame *f)
{
    RvVar *v = var_arg(f, "rv.assign_add");
    if (!v) return;
    if (host_split_updates(f->ctx->host)) {
        assign_add_split(f, v);
        return;
    }
    Any d = *kf_arg(f, 1);
    const DenseHostTensor *dt = dht_from_any(d);
    Any old = any_none(), held = any_none();
    enum { OK, BAD_TYPE, NO_ADD } st = OK;
    pthread_mutex_lock(&v->mu);
    if (!same_type(v->value, d)) {
        st = BAD_TYPE;
    } else if (dt) {
        DenseHostTensor *t = dht_from_any(v->value);
        if (!ext_tensor_add(t->dtype, dht_data(t), dht_data(t), dht_data(dt), t->nelems)) st = NO_ADD;
    } else {
        Any sum;
        if (!scalar_add(v->value, d, &sum)) st = NO_ADD;
        else { old = v->value; v->value = sum; }
    }
    if (st != OK) held = any_copy(v->value);
    pthread_mutex_unlock(&v->mu);
    any_release(old);
    if (st != OK) {
        add_error(f, st == BAD_TYPE ? ADD_TYPE : ADD_NONE, held, d);
    } else {
        kf_set_chain(f, 0);
    }
    any_release(held);
}

/* {=====================================================================
** Critical sections
** ====================================================================== */

typedef struct RvCs RvCs;

/* One invocation through a section, queued or running. Allocated with its
** three arrays in one block. */
typedef struct CsCall {
    struct CsCall *next;     /* queue link */
    RvCs *cs;                /* one reference */
    ExecCtx *ctx;            /* exec_ctx_dup of the kernel's context */
    const Func *fn;
    const Op *op;            /* the rv.critical op (the call site) */
    int nargs, nres;
    AsyncValue **args;       /* retained until the invocation starts */
    AsyncValue **out;        /* the kernel's forwarding results, one reference each */
    AsyncValue **res;        /* the invocation's results */
    _Atomic int pending;     /* unresolved results + 1 for the starter */
    ExecPark *park;          /* while queued: registered with the executor,
                                so that a run that ends with it still queued
                                can say why (interp/stuck.h) */
} CsCall;

struct RvCs {
    Object hdr;
    pthread_mutex_t mu;      /* guards busy and the queue */
    bool busy;               /* an invocation is running */
    CsCall *running;         /* that invocation (while busy) */
    CsCall *head, *tail;     /* waiting invocations, FIFO */
};

static void cs_delete(Object *o)
{
    RvCs *cs = (RvCs *)o;
    pthread_mutex_destroy(&cs->mu);
    free(cs);
}

static RvCs *cs_from(Any a)
{
    if (a.type != ANY_OBJ || !a.v.obj || a.v.obj->deleter != cs_delete) return NULL;
    return (RvCs *)a.v.obj;
}

/* "rv.critical_section"() : () -> !rv.cs */
void k_rv_critical_section(KernelFrame *f)
{
    RvCs *cs = (RvCs *)obj_alloc(obj_register_type("!rv.cs"), sizeof *cs, cs_delete);
    pthread_mutex_init(&cs->mu, NULL);
    kf_set(f, 0, any_obj(&cs->hdr));
}

static void call_free(CsCall *c)
{
    for (int i = 0; i < c->nres; i++) av_release(c->res[i]);
    exec_ctx_free(c->ctx);
    free(c);
}

/* The running invocation [c] is over: frees it, and returns the next
** queued invocation, which now owns the section, or NULL (section free). */
static CsCall *cs_finish(CsCall *c)
{
    RvCs *cs = c->cs;
    Host *h = c->ctx->host;
    pthread_mutex_lock(&cs->mu);
    CsCall *next = cs->head;
    if (next) {
        cs->head = next->next;
        if (!cs->head) cs->tail = NULL;
        exec_unpark(h, next->park);
        next->park = NULL;
        /* Those still queued now wait for [next]. */
        if (cs->head) exec_park_handoff(h, cs, next->op, next->ctx);
    } else {
        cs->busy = false;
    }
    cs->running = next;
    pthread_mutex_unlock(&cs->mu);
    call_free(c);
    obj_release(&cs->hdr);
    return next;
}

static void cs_run(CsCall *c);

/* Continuation on one result of a running invocation. */
static void cs_result_done(void *a, void *b)
{
    (void)b;
    CsCall *c = a;
    if (atomic_fetch_sub_explicit(&c->pending, 1, memory_order_acq_rel) != 1) return;
    CsCall *next = cs_finish(c);
    if (next) cs_run(next);
}

/* Runs [c], which owns the section; then, as long as invocations finish
** synchronously, the queued ones after it (a loop, so a long queue of
** synchronous callees does not deepen the stack). */
static void cs_run(CsCall *c)
{
    while (c) {
        exec_call_func(c->ctx, c->op, c->fn, c->args, c->nargs, c->res);
        for (int i = 0; i < c->nargs; i++) av_release(c->args[i]);
        c->nargs = 0;
        for (int i = 0; i < c->nres; i++) {
            av_forward(c->out[i], c->res[i]);
            av_release(c->out[i]);
        }
        atomic_store_explicit(&c->pending, c->nres + 1, memory_order_relaxed);
        for (int i = 0; i < c->nres; i++) av_and_then(c->res[i], cs_result_done, c, NULL);
        if (atomic_fetch_sub_explicit(&c->pending, 1, memory_order_acq_rel) == 1)
            c = cs_finish(c);
        else
            c = NULL;
    }
}

/* The callee symbol of an rv.critical op: Op.callee (custom syntax), or the
** `callee` attribute of the generic form, as the verifier reads it. */
static const char *callee_name(const Op *op)
{
    if (op->callee) return op->callee;
    const Attr *a = ir_op_attr(op, attr_callee);
    return a && a->kind == ATTR_SYMBOL ? a->u.str.s : NULL;
}

/* rv.critical %cs @f(%a, ...) : (Ta, ...) -> (Tr, ...) */
void k_rv_critical(KernelFrame *f)
{
    RvCs *cs = cs_from(*kf_arg(f, 0));
    if (!cs) {
        char name[96];
        kf_error(f, "rv.critical: operand 0 is %s, not !rv.cs", ext_type_name(*kf_arg(f, 0), name, sizeof name));
        return;
    }
    const char *name = callee_name(f->op);
    const Func *fn = name ? ir_module_func(host_module(f->ctx->host), name) : NULL;
    if (!fn) { kf_error(f, "rv.critical: function @%s not defined", name ? name : "?"); return; }
    int nargs = f->nargs - 1, nres = f->nresults;
    if (nargs != fn->nargs || nres != fn->nresults) {
        kf_error(f, "rv.critical: @%s takes %d arguments and returns %d results, not %d and %d",
                 fn->name, fn->nargs, fn->nresults, nargs, nres);
        return;
    }
    size_t nslots = (size_t)nargs + 2 * (size_t)nres;
    CsCall *c = calloc(1, sizeof *c + nslots * sizeof(AsyncValue *));
    if (!c) tf_out_of_memory();
    AsyncValue **slots = (AsyncValue **)(c + 1);
    c->args = slots;
    c->out = slots + nargs;
    c->res = slots + nargs + nres;
    c->fn = fn;
    c->op = f->op;
    c->nargs = nargs;
    c->nres = nres;
    c->ctx = exec_ctx_dup(f->ctx);
    obj_retain(&cs->hdr);
    c->cs = cs;
    for (int i = 0; i < nargs; i++) {
        c->args[i] = f->args[i + 1];
        av_retain(c->args[i]);
    }
    for (int i = 0; i < nres; i++) {
        c->out[i] = av_new_indirect();
        av_retain(c->out[i]);
        kf_set_av(f, i, c->out[i]);
    }
    pthread_mutex_lock(&cs->mu);
    bool run = !cs->busy;
    if (run) {
        cs->busy = true;
        cs->running = c;
    } else {
        if (cs->tail) cs->tail->next = c; else cs->head = c;
        cs->tail = c;
        c->park = exec_park(c->ctx, f->op, "critical section", cs, cs->running->op, cs->running->ctx);
    }
    pthread_mutex_unlock(&cs->mu);
    if (run) cs_run(c);
}
