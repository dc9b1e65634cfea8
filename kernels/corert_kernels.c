/*
** corert_kernels.c — the corert.* and corert_sync.* kernels, and TFRT's
** CoreRT test kernels (tfrt_test.corert.*, tfrt_test.error_tensorhandle)
** (docs/kernel-behaviour.md §14; TFRT's lib/core_runtime/kernels.cc and
** test_kernels.cc). The objects and the dispatch are kernels/corert.c.
**
** Ownership: kernel operands are +0; what a deferred step keeps (operands,
** results, the context) it retains and releases. Results handed out are +1.
*/
#include "base/alloc.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "interp/tsink.h"
#include "kernels/corert.h"

#define OP(id, ...) void k_##id(KernelFrame *f);
#define OPI(id, name, fam, sig, flags, fx, kernel, imm0, imm1) void k_##kernel(KernelFrame *f);
#include "ops/ops.def"
#undef OP
#undef OPI

#define HOST (f->ctx->host)

/* The string attribute [key] (bytes and length); NULL when missing. */
static const char *str_attr(KernelFrame *f, const char *key, size_t *len)
{
    const Attr *a = kf_attr(f, key);
    if (!a || a->kind != ATTR_STRING) return NULL;
    *len = a->u.str.len;
    return a->u.str.s ? a->u.str.s : "";
}

/* Operand [i] as a TensorHandle; NULL after an error. */
static CrtHandle *handle_arg(KernelFrame *f, int i)
{
    CrtHandle *h = crt_handle_from_any(*kf_arg(f, i));
    if (!h) kf_error(f, "operand #%d is not a !corert.tensorhandle (it holds %s)", i, any_type_name(*kf_arg(f, i)));
    return h;
}

static CrtHandler *handler_arg(KernelFrame *f, int i)
{
    CrtHandler *h = crt_handler_from_any(*kf_arg(f, i));
    if (!h) kf_error(f, "operand #%d is not a !corert.ophandler (it holds %s)", i, any_type_name(*kf_arg(f, i)));
    return h;
}

static void set_handle(KernelFrame *f, int i, CrtHandle *h) { kf_set(f, i, any_obj(&h->hdr)); }

/* {=====================================================================
** Op handlers: create, register, find
** ====================================================================== */

void k_corert_create_null_op_handler(KernelFrame *f)
{
    kf_set(f, 0, any_obj(&crt_handler_new(CRT_H_NULL, NULL, false)->hdr));
}

void k_corert_create_cpu_op_handler(KernelFrame *f)
{
    CrtHandler *fb = handler_arg(f, 0);
    if (fb) kf_set(f, 0, any_obj(&crt_handler_new(CRT_H_CPU, fb, false)->hdr));
}

void k_corert_create_logging_op_handler(KernelFrame *f)
{
    CrtHandler *fb = handler_arg(f, 0);
    if (!fb) return;
    /* TFRT reads sync_log_results as a bool; its files write it `= 1`. */
    int64_t sync = 0;
    const Attr *a = kf_attr(f, attr_sync_log_results);
    if (a && !kl_attr_int(a, &sync)) {
        kf_error(f, "attribute 'sync_log_results' must be a bool or an integer");
        return;
    }
    kf_set(f, 0, any_obj(&crt_handler_new(CRT_H_LOGGING, fb, sync != 0)->hdr));
}

void k_corert_register_op_handler(KernelFrame *f)
{
    size_t len = 0;
    const char *name = str_attr(f, attr_op_handler_name, &len);
    CrtHandler *h = handler_arg(f, 0);
    if (!h) return;
    if (!name) {
        kf_error(f, "missing attribute 'op_handler_name'");
        return;
    }
    crt_registry_put(HOST, name, len, h);
    kf_set_chain(f, 0);
}

static void get_handler(KernelFrame *f, const char *key)
{
    size_t len = 0;
    const char *name = str_attr(f, key, &len);
    if (!name) {
        kf_error(f, "missing attribute '%s'", key);
        return;
    }
    CrtHandler *h = crt_registry_get(HOST, name, len);
    if (!h) {
        kf_error(f, "op_handler not found: %.*s", (int)len, name);
        return;
    }
    kf_set(f, 0, any_obj(&h->hdr));
}

void k_corert_get_op_handler(KernelFrame *f) { get_handler(f, attr_op_handler_name); }
void k_corert_sync_get_op_handler(KernelFrame *f) { get_handler(f, attr_device_name); }

/* {=====================================================================
** corert.executeop, .seq, corert_sync.executeop
** ====================================================================== */

/* [pre] operands before the handles (1: the handler; 2: and a chain);
** [sync]: the results are the handles at once. */
static void execute(KernelFrame *f, int pre, bool sync)
{
    const char *kname = f->op->info->name;
    CrtHandler *h = handler_arg(f, 0);
    if (!h) return;
    size_t len = 0;
    const char *name = str_attr(f, attr_op_name, &len);
    if (!name) {
        kf_error(f, "missing attribute 'op_name'");
        return;
    }
    char err[512];
    const CrtOpDef *def = crt_resolve(h, name, len, err, sizeof err);
    if (!def) {
        kf_error(f, "%s", err);
        return;
    }
    int nargs = f->nargs - pre, nres = f->nresults - (pre - 1);
    if (def->nargs >= 0 && def->nargs != nargs) {
        kf_error(f, "'%s' takes %d argument%s, %s gives it %d", def->name, def->nargs, def->nargs == 1 ? "" : "s",
                 kname, nargs);
        return;
    }
    if (def->nresults != nres) {
        kf_error(f, "'%s' has %d result%s, but %s asks for %d (': %d')", def->name, def->nresults,
                 def->nresults == 1 ? "" : "s", kname, nres, nres);
        return;
    }
    if (!(def->flags & CRT_PURE) && pre == 1) {
        kf_error(f, "'%s' has side effects: run it with corert.executeop.seq, which orders it by a chain", def->name);
        return;
    }
    CrtAttrs *attrs = crt_attrs_from_pairs(kf_attr(f, attr_op_attrs), kf_attr(f, attr_op_func_attrs),
                                           host_allocator(HOST), f->op, err, sizeof err);
    if (!attrs) {
        kf_error(f, "%s", err);
        return;
    }
    CrtCall *call = xcalloc(1, sizeof *call);
    call->args = xmalloc(sizeof *call->args * (size_t)(nargs ? nargs : 1));
    for (int i = 0; i < nargs; i++) {
        CrtHandle *th = crt_handle_from_any(*kf_arg(f, pre + i));
        if (!th) {
            for (int j = 0; j < i; j++) obj_release(&call->args[j]->hdr);
            free(call->args);
            free(call);
            obj_release(&attrs->hdr);
            handle_arg(f, pre + i);
            return;
        }
        obj_retain(&th->hdr);
        call->args[i] = th;
    }
    call->nargs = nargs;
    call->ctx = exec_ctx_dup(f->ctx);
    call->op = f->op;
    call->name = name;
    call->len = len;
    call->attrs = attrs;
    call->handles_now = sync;
    call->nres = nres;
    call->res = xmalloc(sizeof *call->res * (size_t)(nres ? nres : 1));
    for (int i = 0; i < nres; i++) {
        call->res[i] = av_new_indirect();
        av_retain(call->res[i]);
        kf_set_av(f, pre - 1 + i, call->res[i]);
    }
    if (pre == 2) {
        if (def->flags & CRT_PURE) {
            kf_forward_arg(f, 0, 1);         /* ordered by nothing: the chain passes */
        } else {
            av_retain(f->args[1]);
            call->chain_in = f->args[1];
            call->chain_out = av_new_indirect();
            av_retain(call->chain_out);
            kf_set_av(f, 0, call->chain_out);
        }
    }
    /* TFRT's CoreRuntime::MakeOp wraps the op in a scope named after it
    ** and the handler asked (interp/tsink.h). */
    TSink *ts = tsink_on(host_tsink(HOST), TSINK_DEFAULT) ? host_tsink(HOST) : NULL;
    if (ts) tsink_push(ts, "%.*s#op_handler=%s#", (int)len, name, crt_handler_name(h));
    crt_dispatch(h, def, call);
    if (ts) tsink_pop(ts);
}

void k_corert_executeop(KernelFrame *f) { execute(f, 1, false); }
void k_corert_executeop_seq(KernelFrame *f) { execute(f, 2, false); }
void k_corert_sync_executeop(KernelFrame *f) { execute(f, 1, true); }

/* {=====================================================================
** Composite ops
** ====================================================================== */

static uint32_t composite_kind(void) { return obj_register_type("!corert.op"); }

void k_corert_make_composite_op(KernelFrame *f)
{
    const Attr *a = kf_attr(f, attr_fn);
    const Func *fn = a && a->kind == ATTR_SYMBOL ? ir_module_func(host_module(HOST), a->u.str.s) : NULL;
    if (!fn || !fn->body) {
        kf_error(f, "corert.make_composite_op: no function @%s", a && a->kind == ATTR_SYMBOL ? a->u.str.s : "?");
        return;
    }
    /* TFRT's CoreRuntime::MakeCompositeOp: a chain, then handles. */
    for (int i = 1; i < fn->nargs; i++)
        if (strcmp(fn->arg_types[i]->spelling, "!corert.tensorhandle")) {
            kf_error(f, "The function should only takes type [!corert.tensorhandle] as input. But the %d-th argument is type [%s].",
                     i - 1, fn->arg_types[i]->spelling);
            return;
        }
    for (int i = 1; i < fn->nresults; i++)
        if (strcmp(fn->result_types[i]->spelling, "!corert.tensorhandle")) {
            kf_error(f, "The function should only returns type [!corert.tensorhandle]. But the %d-th results is type [%s].",
                     i - 1, fn->result_types[i]->spelling);
            return;
        }
    if (fn->nargs < 1 || fn->nresults < 1 || !fn->arg_types[0]->is_chain || !fn->result_types[0]->is_chain) {
        kf_error(f, "the function of a composite op takes a chain first and returns one first");
        return;
    }
    CrtComposite *c = (CrtComposite *)obj_alloc(composite_kind(), sizeof *c, NULL);
    c->fn = fn;
    kf_set(f, 0, any_obj(&c->hdr));
}

void k_corert_execute_crt_op(KernelFrame *f)
{
    CrtComposite *c = (CrtComposite *)any_unbox_obj(*kf_arg(f, 0), composite_kind());
    if (!c) {
        kf_error(f, "operand #0 is not a !corert.op");
        return;
    }
    const Func *fn = c->fn;
    if (fn->nargs != f->nargs || fn->nresults != f->nresults + 1) {
        kf_error(f, "the composite op @%s takes %d handles and gives %d, not %d and %d", fn->name, fn->nargs - 1,
                 fn->nresults - 1, f->nargs - 1, f->nresults);
        return;
    }
    AsyncValue **args = xmalloc(sizeof *args * (size_t)f->nargs);
    AsyncValue **res = xmalloc(sizeof *res * (size_t)fn->nresults);
    args[0] = av_ready_chain();
    for (int i = 1; i < f->nargs; i++) args[i] = f->args[i];
    exec_call_func(f->ctx, f->op, fn, args, f->nargs, res);
    av_release(res[0]);
    for (int i = 0; i < f->nresults; i++) kf_set_av(f, i, res[i + 1]);
    free(args);
    free(res);
}

/* {=====================================================================
** corert.cond and corert.while
** ====================================================================== */

/* TFRT's GetTensorPredicateValue of an available host tensor: a dense
** tensor of one bool or integer element, or a string tensor (true unless
** its first string is empty). False, with the message, for anything else. */
static bool predicate(HostAllocator *a, const Op *site, Any t, bool *out, char *err, size_t cap)
{
    CrtTensor *ct = crt_tensor_from_any(t);
    if (ct && ct->kind == CRT_STRING) {
        *out = ct->nstrings > 0 && ct->lens[0] > 0;
        return true;
    }
    DenseHostTensor *d = crt_to_dense(a, t, site, err, cap);
    if (!d) return false;
    bool ok = true;
    if (d->nelems != 1) {
        snprintf(err, cap, "the condition must have one element, it has %" PRId64, d->nelems);
        ok = false;
    } else {
        const void *p = dht_data(d);
        switch (d->dtype) {
        case DT_BOOL: case DT_I8: case DT_UI8: *out = *(const uint8_t *)p != 0; break;
        case DT_I16: case DT_UI16: *out = *(const uint16_t *)p != 0; break;
        case DT_I32: case DT_UI32: *out = *(const uint32_t *)p != 0; break;
        case DT_I64: case DT_UI64: *out = *(const uint64_t *)p != 0; break;
        default:
            snprintf(err, cap, "tensor predicate does not support dtype %s", dt_name(d->dtype));
            ok = false;
        }
    }
    obj_release(&d->hdr);
    return ok;
}

static const Func *fn_attr(const ExecCtx *c, const Op *op, const char *key)
{
    const Attr *a = ir_op_attr(op, key);
    return a && a->kind == ATTR_SYMBOL ? ir_module_func(host_module(c->host), a->u.str.s) : NULL;
}

/* A cond waiting for its condition's tensor: owns the operands and the
** forwarding results. */
typedef struct Cond {
    ExecCtx *ctx;
    const Op *op;
    int nargs, nres;
    AsyncValue **args;           /* +1 each: the cond handle, the chain, the rest */
    AsyncValue **res;            /* +1 each, forwarding */
} Cond;

static void cond_free(Cond *c)
{
    for (int i = 0; i < c->nargs; i++) av_release(c->args[i]);
    for (int i = 0; i < c->nres; i++) av_release(c->res[i]);
    free(c->args);
    free(c->res);
    exec_ctx_free(c->ctx);
    free(c);
}

static void cond_fail(Cond *c, ErrorObj *e)
{
    for (int i = 0; i < c->nres; i++) av_try_set_error_obj(c->res[i], e);
}

static void cond_go(void *arg, void *unused)
{
    (void)unused;
    Cond *c = arg;
    CrtHandle *th = crt_handle_from_any(*av_get(c->args[0]));
    AsyncValue *t = th->tensor;
    if (av_is_error(t)) {
        cond_fail(c, av_error_obj(t));
        cond_free(c);
        return;
    }
    bool taken;
    char err[256];
    if (!predicate(host_allocator(c->ctx->host), c->op, *av_get(t), &taken, err, sizeof err)) {
        exec_diag(c->ctx, c->op, err);
        ErrorObj *e = obj_error(ERR_INTERNAL, err);
        cond_fail(c, e);
        obj_release(&e->hdr);
        cond_free(c);
        return;
    }
    const Func *fn = fn_attr(c->ctx, c->op, taken ? attr_a_true_fn : attr_b_false_fn);
    if (!fn || fn->nresults != c->nres || fn->nargs != c->nargs - 1) {
        ErrorObj *e = obj_error(ERR_INTERNAL, "corert.cond: the function does not match the op");
        cond_fail(c, e);
        obj_release(&e->hdr);
        cond_free(c);
        return;
    }
    AsyncValue **out = xmalloc(sizeof *out * (size_t)(c->nres ? c->nres : 1));
    exec_call_func(c->ctx, c->op, fn, c->args + 1, c->nargs - 1, out);
    for (int i = 0; i < c->nres; i++) {
        av_try_forward(c->res[i], out[i]);
        av_release(out[i]);
    }
    free(out);
    cond_free(c);
}

void k_corert_cond(KernelFrame *f)
{
    CrtHandle *th = handle_arg(f, 0);
    if (!th) return;
    Cond *c = xcalloc(1, sizeof *c);
    c->ctx = exec_ctx_dup(f->ctx);
    c->op = f->op;
    c->nargs = f->nargs;
    c->nres = f->nresults;
    c->args = xmalloc(sizeof *c->args * (size_t)f->nargs);
    for (int i = 0; i < f->nargs; i++) {
        av_retain(f->args[i]);
        c->args[i] = f->args[i];
    }
    c->res = xmalloc(sizeof *c->res * (size_t)(f->nresults ? f->nresults : 1));
    for (int i = 0; i < f->nresults; i++) {
        c->res[i] = av_new_indirect();
        av_retain(c->res[i]);
        kf_set_av(f, i, c->res[i]);
    }
    /* The condition's tensor may still be computed (TFRT waits for it). */
    av_and_then(th->tensor, cond_go, c, NULL);
}

/* corert.while: results = args; while (cond_fn(results)) results = body_fn(results).
** One iteration per step; the next step is a task of its own (as TFRT
** enqueues it), so no iteration count costs stack. */
typedef struct Loop {
    ExecCtx *ctx;
    const Op *op;
    const Func *cond, *body;
    int n;                       /* loop values: the chain and the handles */
    AsyncValue **vals;           /* +1 each */
    AsyncValue **res;            /* +1 each, forwarding */
    AsyncValue *cres[2];         /* the condition function's results, +1 */
} Loop;

static void loop_free(Loop *l)
{
    for (int i = 0; i < l->n; i++) {
        av_release(l->vals[i]);
        av_release(l->res[i]);
    }
    av_release(l->cres[0]);
    av_release(l->cres[1]);
    free(l->vals);
    free(l->res);
    exec_ctx_free(l->ctx);
    free(l);
}

static void loop_fail(Loop *l, ErrorObj *e)
{
    for (int i = 0; i < l->n; i++) av_try_set_error_obj(l->res[i], e);
    loop_free(l);
}

static void loop_step(void *arg, void *unused);

static void loop_tensor(void *arg, void *unused)
{
    (void)unused;
    Loop *l = arg;
    CrtHandle *th = crt_handle_from_any(*av_get(l->cres[1]));
    if (av_is_error(th->tensor)) {
        loop_fail(l, av_error_obj(th->tensor));
        return;
    }
    bool more;
    char err[256];
    if (!predicate(host_allocator(l->ctx->host), l->op, *av_get(th->tensor), &more, err, sizeof err)) {
        exec_diag(l->ctx, l->op, err);
        ErrorObj *e = obj_error(ERR_INTERNAL, err);
        loop_fail(l, e);
        obj_release(&e->hdr);
        return;
    }
    av_release(l->cres[0]);
    av_release(l->cres[1]);
    l->cres[0] = l->cres[1] = NULL;
    if (!more) {
        for (int i = 0; i < l->n; i++) av_try_forward(l->res[i], l->vals[i]);
        loop_free(l);
        return;
    }
    AsyncValue **next = xmalloc(sizeof *next * (size_t)l->n);
    exec_call_func(l->ctx, l->op, l->body, l->vals, l->n, next);
    for (int i = 0; i < l->n; i++) {
        av_release(l->vals[i]);
        l->vals[i] = next[i];
    }
    free(next);
    exec_enqueue(l->ctx, loop_step, l, NULL);
}

static void loop_cond(void *arg)
{
    Loop *l = arg;
    for (int i = 0; i < 2; i++)
        if (av_is_error(l->cres[i])) {
            loop_fail(l, av_error_obj(l->cres[i]));
            return;
        }
    CrtHandle *th = crt_handle_from_any(*av_get(l->cres[1]));
    if (!th) {
        ErrorObj *e = obj_error(ERR_INTERNAL, "corert.while: the condition function did not return a handle");
        loop_fail(l, e);
        obj_release(&e->hdr);
        return;
    }
    av_and_then(th->tensor, loop_tensor, l, NULL);
}

static void loop_step(void *arg, void *unused)
{
    (void)unused;
    Loop *l = arg;
    AsyncValue *cancel = l->ctx->rq ? rq_cancelled(l->ctx->rq) : NULL;
    if (cancel) {
        loop_fail(l, av_error_obj(cancel));
        return;
    }
    exec_call_func(l->ctx, l->op, l->cond, l->vals, l->n, l->cres);
    crt_when_all(l->cres, 2, loop_cond, l);
}

void k_corert_while(KernelFrame *f)
{
    const Func *cond = fn_attr(f->ctx, f->op, attr_a_cond_fn), *body = fn_attr(f->ctx, f->op, attr_b_body_fn);
    if (!cond || !body || !cond->body || !body->body) {
        kf_error(f, "corert.while: its condition or body function is not defined");
        return;
    }
    if (cond->nargs != f->nargs || body->nargs != f->nargs || body->nresults != f->nargs ||
        f->nresults != f->nargs || cond->nresults != 2) {
        kf_error(f, "corert.while: its functions do not match its operands and results");
        return;
    }
    Loop *l = xcalloc(1, sizeof *l);
    l->ctx = exec_ctx_dup(f->ctx);
    l->op = f->op;
    l->cond = cond;
    l->body = body;
    l->n = f->nargs;
    l->vals = xmalloc(sizeof *l->vals * (size_t)l->n);
    l->res = xmalloc(sizeof *l->res * (size_t)l->n);
    for (int i = 0; i < l->n; i++) {
        av_retain(f->args[i]);
        l->vals[i] = f->args[i];
        l->res[i] = av_new_indirect();
        av_retain(l->res[i]);
        kf_set_av(f, i, l->res[i]);
    }
    loop_step(l, NULL);
}

/* {=====================================================================
** Tensors and handles
** ====================================================================== */

void k_corert_const_dense_tensor(KernelFrame *f)
{
    char err[256];
    DenseHostTensor *d = crt_dense_from_attr(host_allocator(HOST), kf_attr(f, attr_value), f->op, err, sizeof err);
    if (!d) {
        kf_error(f, "%s", err);
        return;
    }
    set_handle(f, 0, crt_handle_for(any_obj(&d->hdr)));
}

/* The shape attribute of a tensor-making kernel into [md]. */
bool crt_shape_attr(KernelFrame *f, CrtMeta *md)
{
    const Attr *s = kf_attr(f, attr_shape);
    if (!s || s->kind != ATTR_ARRAY || s->u.arr.n > DHT_MAX_RANK) {
        kf_error(f, "attribute 'shape' must be an array of at most %d integers", DHT_MAX_RANK);
        return false;
    }
    md->rank = s->u.arr.n;
    for (int i = 0; i < md->rank; i++) {
        const Attr *d = s->u.arr.elems[i];
        if (d->kind != ATTR_INT || d->u.i < 0) {
            kf_error(f, "attribute 'shape' must hold non-negative integers");
            return false;
        }
        md->dims[i] = d->u.i;
    }
    return true;
}

/* A string tensor of the kernel's `shape` attribute, its strings from array
** attribute [v] (named [name]): one per element, or, when [one_fills]
** (corert.const_string_tensor), a single one for every element. NULL, the
** kernel's error reported, when the count or a kind does not fit (TFRT's
** CreateStringTensor says only "Shape mismatch"). */
static CrtTensor *strings_attr(KernelFrame *f, const Attr *v, const char *name, bool one_fills)
{
    CrtMeta md;
    memset(&md, 0, sizeof md);
    if (!crt_shape_attr(f, &md)) return NULL;
    md.string = true;
    int64_t n = crt_meta_elems(&md);
    int given = v && v->kind == ATTR_ARRAY ? v->u.arr.n : 0;
    if (!v || v->kind != ATTR_ARRAY || !(given == n || (one_fills && given == 1))) {
        if (one_fills)
            kf_error(f, "corert.const_string_tensor has %d strings for %" PRId64 " elements (give one or as many)",
                     given, n);
        else
            kf_error(f, "Shape mismatch");
        return NULL;
    }
    for (int i = 0; i < given; i++)
        if (v->u.arr.elems[i]->kind != ATTR_STRING) {
            kf_error(f, "attribute '%s' must hold strings", name);
            return NULL;
        }
    CrtTensor *t = crt_string_new(&md);
    if (!t) {
        kf_error(f, "Cannot allocate tensor");
        return NULL;
    }
    for (int64_t i = 0; i < n; i++) {
        const Attr *e = v->u.arr.elems[given == 1 ? 0 : i];
        crt_string_set(t, i, e->u.str.s ? e->u.str.s : "", e->u.str.len);
    }
    return t;
}

void k_corert_const_string_tensor(KernelFrame *f)
{
    CrtTensor *t = strings_attr(f, kf_attr(f, attr_value), "value", true);
    if (t) set_handle(f, 0, crt_handle_for(any_obj(&t->hdr)));
}

/* tfrt_sht.create_tensor {shape, values}: a string host tensor, one string
** per element (TFRT's CreateStringTensor). The tensor itself is the result,
** not a handle. */
void k_tfrt_sht_create_tensor(KernelFrame *f)
{
    CrtTensor *t = strings_attr(f, kf_attr(f, attr_values), "values", false);
    if (t) kf_set(f, 0, any_obj(&t->hdr));
}

/* corert.create_dense_tensor.DT (IMM0: the DType): exactly one value per
** element, as TFRT copies them. */
void k_crt_create_dense_tensor(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    CrtMeta md;
    memset(&md, 0, sizeof md);
    if (!crt_shape_attr(f, &md)) return;
    const Attr *v = kf_attr(f, attr_value);
    int64_t n = crt_meta_elems(&md);
    if (!v || v->kind != ATTR_ARRAY || v->u.arr.n != n) {
        kf_error(f, "%s has %d values for %" PRId64 " elements", f->op->info->name,
                 v && v->kind == ATTR_ARRAY ? v->u.arr.n : 0, n);
        return;
    }
    DenseHostTensor *d = dht_new_at(host_allocator(HOST), dt, md.rank, md.dims, f->op);
    if (!d) {
        kf_error(f, "failed to allocate dense host tensor");
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        const Attr *e = v->u.arr.elems[i];
        DScalar s;
        if ((dt == DT_F16 || dt == DT_BF16) && e->kind == ATTR_FLOAT) {
            s.kind = DS_RAW16;
            s.i = kl_attr_half_bits(e, dt == DT_BF16);
        } else if (!dscalar_from_attr(e, &s)) {
            obj_release(&d->hdr);
            kf_error(f, "attribute 'value' must hold numbers (element %" PRId64 ")", i);
            return;
        }
        dht_store(d, i, s);
    }
    set_handle(f, 0, crt_handle_for(any_obj(&d->hdr)));
}

void k_corert_print_tensorhandle(KernelFrame *f)
{
    CrtHandle *h = handle_arg(f, 0);
    if (!h) return;
    char *s = crt_handle_format(h);
    kl_out(HOST, "%s\n", s);
    free(s);
    kf_set_chain(f, 0);
}

void k_corert_sync_print_tensorhandle(KernelFrame *f)
{
    CrtHandle *h = handle_arg(f, 0);
    if (!h) return;
    char *s = crt_handle_format(h);
    kl_out(HOST, "%s\n", s);
    free(s);
}

void k_corert_ht_to_tensorhandle(KernelFrame *f)
{
    Any v = *kf_arg(f, 0);
    CrtKind k;
    if (!crt_tensor_kind(v, &k)) {
        kf_error(f, "operand #0 is not a host tensor (it holds %s)", any_type_name(v));
        return;
    }
    set_handle(f, 0, crt_handle_for(any_copy(v)));
}

void k_corert_tensorhandle_to_ht(KernelFrame *f)
{
    CrtHandle *h = handle_arg(f, 0);
    if (!h) return;
    av_retain(h->tensor);
    kf_set_av(f, 0, h->tensor);
}

/* corert.tensorhandle_to_shape: from the metadata, which may come before
** the tensor does. */
typedef struct ShapeWait { AsyncValue *md, *res; } ShapeWait;

static void shape_of_md(AsyncValue *md, AsyncValue *res)
{
    if (av_is_error(md)) {
        av_try_set_error_obj(res, av_error_obj(md));
        return;
    }
    const CrtMeta *m = crt_meta_of(md);
    av_try_emplace(res, any_obj(&shape_new(SHAPE_RANKED, m->rank, m->dims)->hdr));
}

static void shape_ready(void *a, void *b)
{
    (void)b;
    ShapeWait *w = a;
    shape_of_md(w->md, w->res);
    av_release(w->md);
    av_release(w->res);
    free(w);
}

void k_corert_tensorhandle_to_shape(KernelFrame *f)
{
    CrtHandle *h = handle_arg(f, 0);
    if (!h) return;
    AsyncValue *res = av_new_unavailable();
    kf_set_av(f, 0, res);
    if (av_is_resolved(h->md)) {
        shape_of_md(h->md, res);
        return;
    }
    ShapeWait *w = xmalloc(sizeof *w);
    av_retain(h->md);
    av_retain(res);
    w->md = h->md;
    w->res = res;
    av_and_then(h->md, shape_ready, w, NULL);
}

/* corert.tensorhandle_to_int32: the one i32 of a handle (tfrt.case's index). */
void k_corert_tensorhandle_to_int32(KernelFrame *f)
{
    CrtHandle *h = handle_arg(f, 0);
    if (!h) return;
    if (!av_is_available(h->tensor)) {
        kf_error(f, "the tensor of the handle is not available");
        return;
    }
    char err[256];
    DenseHostTensor *d = crt_to_dense(host_allocator(HOST), *av_get(h->tensor), f->op, err, sizeof err);
    if (!d) {
        kf_error(f, "%s", err);
        return;
    }
    if (d->dtype != DT_I32) kf_error(f, "Expecting a DenseHostTensor of int32 as branch index.");
    else if (d->nelems != 1 || d->rank > 1) kf_error(f, "The tensor should have only one element, which is the index.");
    else kf_set(f, 0, any_int(ANY_I32, *(const int32_t *)dht_data(d)));
    obj_release(&d->hdr);
}

/* corert.transfer and corert.transfer_inferred_tensortype: one device
** (CPU:0); a tensor of the kind asked for (TFRT's tensor type names). */
static bool device_ok(KernelFrame *f, int i)
{
    size_t len;
    const char *s = any_str_data(kf_arg(f, i), &len);
    if (s && len == 5 && !memcmp(s, "CPU:0", 5)) return true;
    kf_error(f, "corert transfers only to device CPU:0");
    return false;
}

static void transfer(KernelFrame *f, const char *want, size_t wlen)
{
    CrtHandle *h = handle_arg(f, 0);
    if (!h || !device_ok(f, 1)) return;
    if (!av_is_available(h->tensor)) {
        kf_error(f, "the tensor of the handle is not available");
        return;
    }
    Any t = *av_get(h->tensor);
    CrtKind k = CRT_DENSE;
    crt_tensor_kind(t, &k);
    const char *have = crt_kind_name(k);
    if (!want || (strlen(have) == wlen && !memcmp(have, want, wlen))) {
        obj_retain(&h->hdr);
        set_handle(f, 0, h);
        return;
    }
    if (wlen != 9 || memcmp(want, "DenseHost", 9)) {
        kf_error(f, "cannot convert %s to %.*s", have, (int)wlen, want);
        return;
    }
    char err[256];
    DenseHostTensor *d = crt_to_dense(host_allocator(HOST), t, f->op, err, sizeof err);
    if (!d) {
        kf_error(f, "%s", err);
        return;
    }
    set_handle(f, 0, crt_handle_for(any_obj(&d->hdr)));
}

void k_corert_transfer(KernelFrame *f)
{
    size_t len = 0;
    const char *tt = any_str_data(kf_arg(f, 2), &len);
    if (!tt) {
        kf_error(f, "operand #2 is not a tensor type");
        return;
    }
    transfer(f, tt, len);
}

void k_corert_transfer_inferred_tensortype(KernelFrame *f) { transfer(f, NULL, 0); }

/* TFRT's CoreRtGetDstTensorType for the CPU device: DenseHost. */
void k_corert_get_dst_tensor_type(KernelFrame *f)
{
    if (!handle_arg(f, 0) || !device_ok(f, 1)) return;
    kf_set(f, 0, any_str("DenseHost", 9));
}

/* {=====================================================================
** Op attribute sets
** ====================================================================== */

void k_corert_create_op_attrs(KernelFrame *f) { kf_set(f, 0, any_obj(&crt_attrs_new(false)->hdr)); }

static CrtAttrs *attrs_arg(KernelFrame *f)
{
    CrtAttrs *s = crt_attrs_from_any(*kf_arg(f, 0));
    if (!s || s->frozen) {
        kf_error(f, "operand #0 is not a !corert.opattrs");
        return NULL;
    }
    return s;
}

/* op_attrs_set.*: [key] = [value]; a key set already is an error (TFRT
** keeps the first value silently). set_array.DT ([array_of]) takes only
** elements of DT. */
static void set_kernel(KernelFrame *f, CrtSetAs as, CrtAttrType array_of)
{
    CrtAttrs *s = attrs_arg(f);
    if (!s) return;
    size_t klen;
    const char *key = str_attr(f, attr_key, &klen);
    const Attr *v = kf_attr(f, attr_value);
    if (!key || !v) {
        kf_error(f, "requires the attributes 'key' and 'value'");
        return;
    }
    char k[256], err[256];
    snprintf(k, sizeof k, "%.*s", (int)klen, key);
    if (array_of == CA__COUNT) {
        if (!crt_attrs_set_ir(s, k, v, as, host_allocator(HOST), f->op, err, sizeof err)) {
            kf_error(f, "%s", err);
            return;
        }
        kf_set_chain(f, 0);
        return;
    }
    if (v->kind != ATTR_ARRAY) {
        kf_error(f, "attribute 'value' must be an array");
        return;
    }
    size_t es = crt_attr_type_size(array_of);
    TypeKind want = array_of == CA_F32 ? TY_F32 : array_of == CA_I32 ? TY_I32 : TY_I64;
    unsigned char *buf = xmalloc(es * (size_t)(v->u.arr.n ? v->u.arr.n : 1));
    for (int i = 0; i < v->u.arr.n; i++) {
        const Attr *e = v->u.arr.elems[i];
        bool ok = e->kind == (want == TY_F32 ? ATTR_FLOAT : ATTR_INT) && e->type && e->type->kind == want;
        if (!ok) {
            free(buf);
            kf_error(f, "element %d of attribute 'value' is not %s", i,
                     want == TY_F32 ? "an f32" : want == TY_I32 ? "an i32" : "an i64");
            return;
        }
        if (want == TY_F32) { float x = (float)e->u.f; memcpy(buf + es * (size_t)i, &x, 4); }
        else if (want == TY_I32) { int32_t x = (int32_t)e->u.i; memcpy(buf + es * (size_t)i, &x, 4); }
        else memcpy(buf + es * (size_t)i, &e->u.i, 8);
    }
    bool ok = crt_attrs_set(s, k, array_of, true, v->u.arr.n, buf);
    free(buf);
    if (!ok) {
        kf_error(f, "op attribute '%s' is already set", k);
        return;
    }
    kf_set_chain(f, 0);
}

void k_corert_op_attrs_set_bool(KernelFrame *f) { set_kernel(f, CRT_AS_IS, CA__COUNT); }
void k_corert_op_attrs_set_i32(KernelFrame *f) { set_kernel(f, CRT_AS_IS, CA__COUNT); }
void k_corert_op_attrs_set_f32(KernelFrame *f) { set_kernel(f, CRT_AS_IS, CA__COUNT); }
void k_corert_op_attrs_set_str(KernelFrame *f) { set_kernel(f, CRT_AS_IS, CA__COUNT); }
void k_corert_op_attrs_set_dense(KernelFrame *f) { set_kernel(f, CRT_AS_IS, CA__COUNT); }
void k_corert_op_attrs_set_dtype(KernelFrame *f) { set_kernel(f, CRT_AS_IS, CA__COUNT); }
void k_corert_op_attrs_set_aggregate(KernelFrame *f) { set_kernel(f, CRT_AS_AGGREGATE, CA__COUNT); }
void k_corert_op_attrs_set_array_i32(KernelFrame *f) { set_kernel(f, CRT_AS_IS, CA_I32); }
void k_corert_op_attrs_set_array_i64(KernelFrame *f) { set_kernel(f, CRT_AS_IS, CA_I64); }
void k_corert_op_attrs_set_array_f32(KernelFrame *f) { set_kernel(f, CRT_AS_IS, CA_F32); }

void k_corert_op_attrs_set_shape(KernelFrame *f)
{
    const Attr *v = kf_attr(f, attr_value);
    if (!v || v->kind != ATTR_OPAQUE || !v->u.str.s || strncmp(v->u.str.s, "#corert.shape<", 14) != 0) {
        kf_error(f, "attribute 'value' must be a #corert.shape<...>");
        return;
    }
    set_kernel(f, CRT_AS_IS, CA__COUNT);
}

void k_tfrt_test_corert_op_attrs_print(KernelFrame *f)
{
    CrtAttrs *s = crt_attrs_from_any(*kf_arg(f, 0));
    if (!s) {
        kf_error(f, "operand #0 is not a !corert.opattrs");
        return;
    }
    char *t = crt_attrs_format(s);
    kl_out(HOST, "%s", t);
    free(t);
    kf_set_chain(f, 0);
}

void k_tfrt_test_corert_op_attrs_ref_print(KernelFrame *f) { k_tfrt_test_corert_op_attrs_print(f); }

void k_tfrt_test_corert_op_attrs_freeze(KernelFrame *f)
{
    CrtAttrs *s = attrs_arg(f);
    if (!s) return;
    kf_set(f, 0, any_obj(&crt_attrs_freeze(s)->hdr));
    kf_set_chain(f, 1);
}

void k_tfrt_test_error_tensorhandle(KernelFrame *f) { kf_error(f, "invalid tensorhandle"); }
