/*
** control.c — control-flow kernels (docs/kernel-behaviour.md §3–§5, docs/execution.md
** §4): tfrt.call / if / cond / case / repeat.i32 / while / once,
** tfrt.parallel_for.i32 / parallel_call.i32, tfrt_test.do.async,
** tfrt_test.benchmark, and the native functions of docs/execution.md §6.10.
** (tfrt_test.invoke_sync_function.* lives in test.c, on exec_run_sync.)
**
** Ownership: kernel operands are +0; anything kept beyond the call (deferred
** branches, loop state) is retained and released when no longer needed.
** Results handed out are +1. Loop state lives on the heap and is driven
** iteratively: a loop continues in a continuation only when it must wait,
** so neither the iteration count nor the depth of forwarding costs stack.
*/
#include "base/alloc.h"
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "interp/exec.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *);
#include "ops/ops.def"
#undef OP

/* Iterations of tfrt.repeat.i32 run in blocks of this size (docs/kernel-behaviour.md §3). */
#define REPEAT_BLOCK 32


static AsyncValue **av_array(int n) { return xmalloc(sizeof(AsyncValue *) * (size_t)(n + 1)); }

/* A function named by symbol attribute [name] of the op, or NULL. */
static const Func *attr_func(const KernelFrame *f, const char *name)
{
    const Attr *a = kf_attr(f, name);
    if (!a || a->kind != ATTR_SYMBOL) return NULL;
    return ir_module_func(host_module(f->ctx->host), a->u.str.s);
}

/* The callee of a call-like op (resolved by exec_load). */
static const Func *op_callee(const KernelFrame *f)
{
    const Func *fn = exec_op_callee(f->ctx, f->op);
    if (fn) return fn;
    if (f->op->callee) return ir_module_func(host_module(f->ctx->host), f->op->callee);
    return attr_func(f, attr_callee);
}

/* A body to invoke: a function or a region block. */
typedef struct Body { const Func *fn; const Block *block; } Body;

static int body_nresults(Body b)
{
    if (b.fn) return b.fn->nresults;
    const Block *bl = b.block;
    return bl && bl->nops ? bl->ops[bl->nops - 1]->noperands : 0;
}

/* Invokes [b] with [args] (+0) and stores [nres] +1 results in [res]. A body
** whose result count is not [nres] (which the verifier rejects) is not
** invoked: every result is an error, so that no caller writes past its
** arrays whatever the input. A function is called by [op], one level
** deeper in the call chain (exec_call_func: the depth limit, and no call
** after a timeout); a region body runs at its op's depth. */
static void invoke(const ExecCtx *c, const Op *op, Body b, AsyncValue *const *args, int nargs,
                   AsyncValue **res, int nres)
{
    if ((!b.fn && !b.block) || body_nresults(b) != nres) {
        for (int i = 0; i < nres; i++)
            res[i] = av_new_error(ERR_INTERNAL, "body result count does not match its caller");
        return;
    }
    if (b.fn) exec_call_func(c, op, b.fn, args, nargs, res);
    else exec_invoke_block(c, b.block, args, nargs, res);
}

static Body fn_body(const Func *fn) { Body b = { fn, NULL }; return b; }
static Body block_body(const Block *bl) { Body b = { NULL, bl }; return b; }

/* Binds forwarding values res[0..n) to +1 values out[0..n) and drops both. */
static void forward_all(AsyncValue **res, AsyncValue **out, int n)
{
    for (int i = 0; i < n; i++) {
        av_forward(res[i], out[i]);
        av_release(out[i]);
        av_release(res[i]);
    }
}

/* A body invoked later, on the work queue: the async tfrt.while iteration
** and tfrt_test.do.async. The results were handed out as forwarding values
** when the task was set up; the task owns its args and res (+1 each) and a
** duplicated ctx. */
typedef struct BodyTask {
    ExecCtx *ctx;
    const Op *op;          /* the op that invokes the body */
    Body body;
    int nargs, nres;
    AsyncValue **args;     /* +1 */
    AsyncValue **res;      /* forwarding, +1 */
} BodyTask;

static void body_task(void *a, void *b)
{
    (void)b;
    BodyTask *t = a;
    AsyncValue **out = av_array(t->nres);
    invoke(t->ctx, t->op, t->body, t->args, t->nargs, out, t->nres);
    forward_all(t->res, out, t->nres);
    for (int i = 0; i < t->nargs; i++) av_release(t->args[i]);
    free(out);
    free(t->args);
    free(t->res);
    exec_ctx_free(t->ctx);
    free(t);
}

/* Binds forwarding values res[0..n) to [v] (borrowed) and drops them. */
static void forward_each_to(AsyncValue **res, int n, AsyncValue *v)
{
    for (int i = 0; i < n; i++) {
        av_forward(res[i], v);
        av_release(res[i]);
    }
}

/* Fresh forwarding values for every result: one reference kept in [keep],
** one handed out. */
static void make_indirect_results(KernelFrame *f, AsyncValue **keep)
{
    for (int i = 0; i < f->nresults; i++) {
        keep[i] = av_new_indirect();
        av_retain(keep[i]);
        f->results[i] = keep[i];
    }
}

/* {=====================================================================
** tfrt.call
** ====================================================================== */

void k_tfrt_call(KernelFrame *f)
{
    const Func *fn = op_callee(f);
    if (!fn) {
        kf_error(f, "function @%s not defined", f->op->callee ? f->op->callee : "?");
        return;
    }
    invoke(f->ctx, f->op, fn_body(fn), f->args, f->nargs, f->results, f->nresults);
}

/* {=====================================================================
** tfrt.if, tfrt.cond, tfrt.case: select a body by the first operand
** ====================================================================== */

typedef enum { BR_IF, BR_COND, BR_CASE } BranchKind;

/* The body selected by resolved, available selector [sel]; found = false
** when the op names no such body (an omitted else region selects nothing). */
static Body select_body(const KernelFrame *f, BranchKind kind, AsyncValue *sel, bool *found)
{
    Body b = { NULL, NULL };
    *found = true;
    const Op *op = f->op;
    switch (kind) {
    case BR_IF: {
        bool t = av_get(sel)->v.i != 0;
        int r = t ? 0 : 1;
        if (r < op->nregions) b.block = op->regions[r];
        else *found = false;
        break;
    }
    case BR_COND: {
        bool t = av_get(sel)->v.i != 0;
        b.fn = attr_func(f, t ? attr_a_true_fn : attr_b_false_fn);
        if (!b.fn) *found = false;
        break;
    }
    case BR_CASE: {
        const Attr *a = kf_attr(f, attr_branches);
        int n = a && a->kind == ATTR_ARRAY ? a->u.arr.n : 0;
        int64_t i = (int32_t)av_get(sel)->v.i;
        if (n == 0) {
            *found = false;
            break;
        }
        if (i < 0 || i >= n) i = n - 1;
        const Attr *e = a->u.arr.elems[i];
        if (e->kind == ATTR_SYMBOL) b.fn = ir_module_func(host_module(f->ctx->host), e->u.str.s);
        if (!b.fn) *found = false;
        break;
    }
    }
    return b;
}

/* Runs the branch for a resolved selector args[0]; results into res (+1). */
static void branch_now(KernelFrame *f, BranchKind kind, AsyncValue **res)
{
    AsyncValue *sel = f->args[0];
    if (av_is_error(sel)) {
        AsyncValue *e = av_resolve_target(sel);
        for (int i = 0; i < f->nresults; i++) {
            av_retain(e);
            res[i] = e;
        }
        return;
    }
    bool found;
    Body b = select_body(f, kind, sel, &found);
    if (!found) {
        for (int i = 0; i < f->nresults; i++)
            res[i] = av_new_error(ERR_INTERNAL, "no branch to take");
        return;
    }
    invoke(f->ctx, f->op, b, f->args + 1, f->nargs - 1, res, f->nresults);
}

/* A branch waiting for its selector: one allocation holding the retained
** operands, the forwarding results and room for the body's results. */
typedef struct Deferred {
    const Op *op;
    ExecCtx ctx;           /* holds a reference on the request */
    int nargs, nres;
    BranchKind kind;
    AsyncValue *vals[];    /* nargs operands, nres results, nres body results */
} Deferred;

static void branch_deferred(void *a, void *b)
{
    (void)b;
    Deferred *d = a;
    int nargs = d->nargs, nres = d->nres;
    AsyncValue **res = d->vals + nargs, **out = res + nres;
    /* The kernel frame again, over the retained operands. */
    KernelFrame kf = { d->vals, nargs, NULL, nres, d->op, &d->ctx };
    branch_now(&kf, d->kind, out);
    forward_all(res, out, nres);
    for (int i = 0; i < nargs; i++) av_release(d->vals[i]);
    if (d->ctx.rq) rq_release(d->ctx.rq);
    exec_site_release(d->ctx.site);
    free(d);
}

static void branch_kernel(KernelFrame *f, BranchKind kind)
{
    if (f->nargs < 1) {
        kf_error(f, "missing condition operand");
        return;
    }
    if (av_is_resolved(f->args[0])) {
        branch_now(f, kind, f->results);
        return;
    }
    /* Non-strict: the selector is not available yet (docs/execution.md §4). */
    int nargs = f->nargs, nres = f->nresults;
    Deferred *d = xmalloc(sizeof *d + sizeof(AsyncValue *) * (size_t)(nargs + 2 * nres));
    d->ctx = *f->ctx;
    d->ctx.error = NULL;
    if (d->ctx.rq) rq_retain(d->ctx.rq);
    exec_site_retain(d->ctx.site);
    d->kind = kind;
    d->op = f->op;
    d->nargs = nargs;
    d->nres = nres;
    for (int i = 0; i < nargs; i++) {
        av_retain(f->args[i]);
        d->vals[i] = f->args[i];
    }
    make_indirect_results(f, d->vals + nargs);
    av_and_then(d->vals[0], branch_deferred, d, NULL);
}

void k_tfrt_if(KernelFrame *f)   { branch_kernel(f, BR_IF); }
void k_tfrt_cond(KernelFrame *f) { branch_kernel(f, BR_COND); }
void k_tfrt_case(KernelFrame *f) { branch_kernel(f, BR_CASE); }

/* {=====================================================================
** tfrt.repeat.i32
** ====================================================================== */

typedef struct Repeat {
    ExecCtx *ctx;
    const Block *body;
    int32_t n, i;
    int nvals;
    AsyncValue **vals;     /* current loop-carried values, +1 each */
    AsyncValue **res;      /* the kernel's forwarding results, +1 each */
    AsyncValue **tmp;
} Repeat;

static void repeat_free(Repeat *r)
{
    for (int k = 0; k < r->nvals; k++)
        if (r->vals[k]) av_release(r->vals[k]);
    free(r->vals);
    free(r->res);
    free(r->tmp);
    exec_ctx_free(r->ctx);
    free(r);
}

static void repeat_run(Repeat *r);

static void repeat_resume(void *a, void *b)
{
    (void)b;
    repeat_run(a);
}

/* Runs blocks of iterations until the loop ends or must wait. */
static void repeat_run(Repeat *r)
{
    for (;;) {
        int block = r->nvals == 0 ? r->n - r->i : REPEAT_BLOCK;
        for (int k = 0; k < block && r->i < r->n; k++) {
            AsyncValue *cancel = r->ctx->rq ? rq_cancelled(r->ctx->rq) : NULL;
            if (cancel) {
                forward_each_to(r->res, r->nvals, cancel);   /* vals: repeat_free */
                repeat_free(r);
                return;
            }
            invoke(r->ctx, NULL, block_body(r->body), r->vals, r->nvals, r->tmp, r->nvals);
            for (int j = 0; j < r->nvals; j++) {
                av_release(r->vals[j]);
                r->vals[j] = r->tmp[j];
            }
            r->i++;
        }
        if (r->i >= r->n) {
            forward_all(r->res, r->vals, r->nvals);
            r->nvals = 0;
            repeat_free(r);
            return;
        }
        if (!av_is_resolved(r->vals[0])) {
            av_and_then(r->vals[0], repeat_resume, r, NULL);
            return;
        }
    }
}

static void repeat_start(KernelFrame *f)
{
    AsyncValue *cnt = f->args[0];
    int nvals = f->nargs - 1;
    if (av_is_error(cnt)) {
        AsyncValue *e = av_resolve_target(cnt);
        for (int i = 0; i < f->nresults; i++) {
            av_retain(e);
            f->results[i] = e;
        }
        return;
    }
    int32_t n = (int32_t)av_get(cnt)->v.i;
    if (n < 0) {
        kf_error(f, "tfrt.repeat.i32: negative trip count %d", (int)n);
        return;
    }
    if (n == 0) {
        for (int i = 0; i < f->nresults && i < nvals; i++) kf_forward_arg(f, i, i + 1);
        return;
    }
    if (f->op->nregions < 1) {
        kf_error(f, "tfrt.repeat.i32 has no body");
        return;
    }
    Repeat *r = xmalloc(sizeof *r);
    r->ctx = exec_ctx_dup(f->ctx);
    r->body = f->op->regions[0];
    r->n = n;
    r->i = 0;
    r->nvals = nvals;
    r->vals = av_array(nvals);
    r->tmp = av_array(nvals);
    for (int i = 0; i < nvals; i++) {
        av_retain(f->args[i + 1]);
        r->vals[i] = f->args[i + 1];
    }
    r->res = av_array(nvals);
    make_indirect_results(f, r->res);
    repeat_run(r);
}

typedef struct RepeatWait { KernelFrame kf; ExecCtx *ctx; AsyncValue **args; } RepeatWait;

static void repeat_wait_done(void *a, void *b)
{
    (void)b;
    RepeatWait *w = a;
    AsyncValue **res = w->kf.results;
    AsyncValue **out = av_array(w->kf.nresults);
    for (int i = 0; i < w->kf.nresults; i++) out[i] = NULL;
    w->kf.results = out;
    repeat_start(&w->kf);
    for (int i = 0; i < w->kf.nresults; i++)
        if (!out[i]) out[i] = av_new_error(ERR_INTERNAL, "tfrt.repeat.i32 did not set its result");
    forward_all(res, out, w->kf.nresults);
    for (int i = 0; i < w->kf.nargs; i++) av_release(w->args[i]);
    free(out);
    free(res);
    free(w->args);
    exec_ctx_free(w->ctx);
    free(w);
}

void k_tfrt_repeat_i32(KernelFrame *f)
{
    if (f->nargs < 1) {
        kf_error(f, "tfrt.repeat.i32 needs a trip count");
        return;
    }
    if (av_is_resolved(f->args[0])) {
        repeat_start(f);
        return;
    }
    /* Non-strict: wait for the trip count, keeping the operands. */
    RepeatWait *w = xmalloc(sizeof *w);
    w->ctx = exec_ctx_dup(f->ctx);
    w->args = av_array(f->nargs);
    for (int i = 0; i < f->nargs; i++) {
        av_retain(f->args[i]);
        w->args[i] = f->args[i];
    }
    AsyncValue **res = av_array(f->nresults);
    make_indirect_results(f, res);
    w->kf = (KernelFrame){ w->args, f->nargs, res, f->nresults, f->op, w->ctx };
    av_and_then(w->args[0], repeat_wait_done, w, NULL);
}

/* {=====================================================================
** tfrt.while
** ====================================================================== */

typedef struct While {
    ExecCtx *ctx;
    const Op *op;
    const Func *body;
    int nvals;
    bool async;            /* parallel_iterations > 1 */
    AsyncValue *cond;      /* +1 */
    AsyncValue **vals;     /* +1 each */
    AsyncValue **res;      /* forwarding results */
    AsyncValue **tmp;      /* nvals + 1 */
} While;

static void while_free(While *w)
{
    for (int i = 0; i < w->nvals; i++)
        if (w->vals[i]) av_release(w->vals[i]);
    if (w->cond) av_release(w->cond);
    free(w->vals);
    free(w->res);
    free(w->tmp);
    exec_ctx_free(w->ctx);
    free(w);
}

static void while_step(While *w);
static void while_resume_cb(void *a, void *b) { (void)b; while_step(a); }
static void while_resume_task(void *a, void *b) { (void)b; while_step(a); }
static void while_enqueue_resume(void *a, void *b)
{
    (void)b;
    While *w = a;
    exec_enqueue(w->ctx, while_resume_task, w, NULL);
}

static void while_step(While *w)
{
    for (;;) {
        if (!av_is_resolved(w->cond)) {
            if (w->async) av_and_then(w->cond, while_resume_cb, w, NULL);
            else av_and_then(w->cond, while_enqueue_resume, w, NULL);
            return;
        }
        if (av_is_error(w->cond)) {
            /* Once every current argument has resolved, every result is the error. */
            for (int i = 0; i < w->nvals; i++) {
                if (!av_is_resolved(w->vals[i])) {
                    av_and_then(w->vals[i], while_resume_cb, w, NULL);
                    return;
                }
            }
            forward_each_to(w->res, w->nvals, w->cond);
            while_free(w);
            return;
        }
        if (av_get(w->cond)->v.i == 0) {
            forward_all(w->res, w->vals, w->nvals);
            w->nvals = 0;
            while_free(w);
            return;
        }
        int nres = w->nvals + 1;
        if (w->async) {
            BodyTask *it = xmalloc(sizeof *it);
            it->ctx = exec_ctx_dup(w->ctx);
            it->op = w->op;
            it->body = fn_body(w->body);
            it->nargs = w->nvals;
            it->nres = nres;
            it->args = av_array(w->nvals);
            it->res = av_array(nres);
            for (int i = 0; i < w->nvals; i++) {
                it->args[i] = w->vals[i];     /* the iteration takes our reference */
                w->vals[i] = NULL;
            }
            for (int i = 0; i < nres; i++) {
                it->res[i] = av_new_indirect();
                av_retain(it->res[i]);
                w->tmp[i] = it->res[i];
            }
            exec_enqueue(w->ctx, body_task, it, NULL);
        } else {
            invoke(w->ctx, w->op, fn_body(w->body), w->vals, w->nvals, w->tmp, w->nvals + 1);
            for (int i = 0; i < w->nvals; i++) av_release(w->vals[i]);
        }
        for (int i = 0; i < w->nvals; i++) w->vals[i] = w->tmp[i];
        av_release(w->cond);
        w->cond = w->tmp[w->nvals];
    }
}

void k_tfrt_while(KernelFrame *f)
{
    const Func *body = attr_func(f, attr_body_fn);
    if (!body) body = op_callee(f);
    if (!body) {
        kf_error(f, "tfrt.while: body function not found");
        return;
    }
    if (f->nargs < 1 || body->nargs != f->nargs - 1 || body->nresults != f->nargs ||
        f->nresults != f->nargs - 1) {
        kf_error(f, "tfrt.while: @%s does not match the loop signature", body->name);
        return;
    }
    const Attr *pa = kf_attr(f, attr_parallel_iterations);
    int64_t P = pa && pa->kind == ATTR_INT ? pa->u.i : 1;
    While *w = xmalloc(sizeof *w);
    w->ctx = exec_ctx_dup(f->ctx);
    w->body = body;
    w->op = f->op;
    w->nvals = f->nargs - 1;
    w->async = P > 1;
    av_retain(f->args[0]);
    w->cond = f->args[0];
    w->vals = av_array(w->nvals);
    w->tmp = av_array(w->nvals + 1);
    for (int i = 0; i < w->nvals; i++) {
        av_retain(f->args[i + 1]);
        w->vals[i] = f->args[i + 1];
    }
    w->res = av_array(f->nresults);
    make_indirect_results(f, w->res);
    while_step(w);
}

/* {=====================================================================
** tfrt.once
** ====================================================================== */

typedef struct OnceVals { int n; AsyncValue *v[]; } OnceVals;

static void once_free(void *p)
{
    OnceVals *o = p;
    for (int i = 0; i < o->n; i++) av_release(o->v[i]);
    free(o);
}

void k_tfrt_once(KernelFrame *f)
{
    const Func *fn = attr_func(f, "function");
    if (!fn) fn = op_callee(f);
    if (!fn) {
        kf_error(f, "tfrt.once: function not found");
        return;
    }
    if (!f->ctx->rq) {
        kf_error_silent(f, ERR_INTERNAL, "tfrt.once requires resource context");
        return;
    }
    char key[512];
    snprintf(key, sizeof key, "tfrt.once:%s", fn->name);
    OnceVals *o = rq_resource_get(f->ctx->rq, key);
    if (!o) {
        OnceVals *mine = xmalloc(sizeof(OnceVals) + sizeof(AsyncValue *) * (size_t)(f->nresults + 1));
        mine->n = f->nresults;
        for (int i = 0; i < f->nresults; i++) mine->v[i] = av_new_indirect();
        if (rq_resource_put(f->ctx->rq, key, mine, once_free)) {
            AsyncValue **out = av_array(f->nresults);
            invoke(f->ctx, f->op, fn_body(fn), f->args, f->nargs, out, f->nresults);
            for (int i = 0; i < f->nresults; i++) {
                /* A function that runs tfrt.once of itself returns the
                ** value being made: av_forward leaves that cycle unbound,
                ** never produced, as in TFRT (interp/stuck.h says why). */
                av_forward(mine->v[i], out[i]);
                av_release(out[i]);
            }
            free(out);
            o = mine;
        } else {
            once_free(mine);
            o = rq_resource_get(f->ctx->rq, key);
        }
    }
    for (int i = 0; i < f->nresults; i++) {
        av_retain(o->v[i]);
        f->results[i] = o->v[i];
    }
}

/* {=====================================================================
** tfrt.parallel_for.i32, tfrt.parallel_call.i32 (docs/kernel-behaviour.md §4)
** ====================================================================== */

typedef struct PFor {
    ExecCtx *ctx;
    const Op *op;
    Body body;
    int32_t start;
    int64_t total, bs, nblocks;
    int64_t chunk;         /* blocks per split unit (pfor_chunk) */
    bool async_body;
    int nextra;
    AsyncValue **extra;    /* +1 each */
    AsyncValue *done;      /* the result chain (unavailable concrete), +1 */
    atomic_long pending;   /* blocks not finished */
} PFor;

/* [n] blocks are finished (run, or skipped after a cancellation); the last
** one emplaces the result chain and frees [p]. */
static void pfor_blocks_done(PFor *p, long n)
{
    if (atomic_fetch_sub(&p->pending, n) != n) return;
    av_emplace(p->done, any_chain());
    av_release(p->done);
    for (int i = 0; i < p->nextra; i++) av_release(p->extra[i]);
    free(p->extra);
    exec_ctx_free(p->ctx);
    free(p);
}

static void pfor_block_done(PFor *p) { pfor_blocks_done(p, 1); }

static void pfor_chain_done(void *a, void *b)
{
    AsyncValue *ch = b;
    av_release(ch);
    pfor_block_done(a);
}

/* Invokes the body on block [j]. */
static void pfor_run_block(PFor *p, int64_t j)
{
    int64_t lo = j * p->bs, hi = lo + p->bs;
    if (hi > p->total) hi = p->total;
    int n = p->nextra + 2;
    AsyncValue **args = av_array(n);
    args[0] = av_new_available(any_int(ANY_I32, (int32_t)(p->start + lo)));
    args[1] = av_new_available(any_int(ANY_I32, (int32_t)(p->start + hi)));
    for (int i = 0; i < p->nextra; i++) args[i + 2] = p->extra[i];
    int nres = p->async_body ? 1 : 0;
    AsyncValue *out[1] = { NULL };
    invoke(p->ctx, p->op, p->body, args, n, out, nres);
    av_release(args[0]);
    av_release(args[1]);
    free(args);
    if (nres == 1) av_and_then(out[0], pfor_chain_done, p, out[0]);
    else pfor_block_done(p);
}

/* Splitting. Up to PFOR_SPLIT_MAX blocks split as TFRT splits them, one
** block per unit: the upper half of the range becomes a task, the lower
** half splits on, and the first block runs. Tasks of a FIFO queue then
** split breadth-first, so about half the units are pending tasks at once:
** fine for a thousand, not for 2^31 (issue 15: 1.7 GB in 3 s). Above
** that the units are PFOR_CHUNKS chunks of consecutive blocks, split the
** same way, each running its blocks in order in one task: never more than
** PFOR_CHUNKS / 2 pending split tasks, the same results (every block runs
** once, the chain resolves when all have finished), and the order of the
** blocks' effects is TFRT's only up to PFOR_SPLIT_MAX blocks. A chunk
** checks the request's cancellation before every block. */
#define PFOR_SPLIT_MAX 1024
#define PFOR_CHUNKS 256

static int64_t pfor_chunk(int64_t nblocks)
{
    return nblocks <= PFOR_SPLIT_MAX ? 1 : (nblocks + PFOR_CHUNKS - 1) / PFOR_CHUNKS;
}

/* The blocks of units [lo, hi). */
static int64_t pfor_unit_blocks(const PFor *p, int64_t lo, int64_t hi)
{
    int64_t b = hi * p->chunk;
    if (b > p->nblocks) b = p->nblocks;
    return b - lo * p->chunk;
}

/* Runs the blocks of unit [u] in order. */
static void pfor_run_unit(PFor *p, int64_t u)
{
    int64_t lo = u * p->chunk, hi = lo + p->chunk;
    if (hi > p->nblocks) hi = p->nblocks;
    for (int64_t j = lo; j < hi; j++) {
        /* [p] lives while a block of ours is unfinished: read it only
        ** before the last one is run. */
        if (j > lo && p->ctx->rq && rq_cancelled(p->ctx->rq)) {
            pfor_blocks_done(p, (long)(hi - j));
            return;
        }
        pfor_run_block(p, j);
    }
}

static void pfor_range(PFor *p, int64_t lo, int64_t hi);

typedef struct PRange { PFor *p; int64_t lo, hi; } PRange;

static void pfor_range_task(void *a, void *b)
{
    (void)b;
    PRange *r = a;
    PFor *p = r->p;
    int64_t lo = r->lo, hi = r->hi;
    free(r);
    pfor_range(p, lo, hi);
}

static void pfor_range(PFor *p, int64_t lo, int64_t hi)
{
    /* A cancelled request (--timeout) splits no further: the blocks of
    ** this range never run and count as finished at once. */
    if (p->ctx->rq && rq_cancelled(p->ctx->rq)) {
        pfor_blocks_done(p, (long)pfor_unit_blocks(p, lo, hi));
        return;
    }
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        PRange *r = xmalloc(sizeof *r);
        r->p = p;
        r->lo = mid;
        r->hi = hi;
        exec_enqueue(p->ctx, pfor_range_task, r, NULL);
        hi = mid;
    }
    pfor_run_unit(p, lo);
}

static bool body_result_is_chain(Body b)
{
    if (b.fn) return b.fn->nresults == 1 && b.fn->result_types[0]->is_chain;
    const Op *ret = b.block->ops[b.block->nops - 1];
    return ret->noperands == 1 && ret->operands[0]->type->is_chain;
}

static void parallel_kernel(KernelFrame *f, Body body)
{
    if (f->nargs < 3) {
        kf_error(f, "parallel kernel needs start, end and block size");
        return;
    }
    int32_t s = kf_i32(f, 0), e = kf_i32(f, 1), bs = kf_i32(f, 2);
    if (bs <= 0) {
        kf_error(f, "invalid block size %d", (int)bs);
        return;
    }
    if (e < s) {
        kf_error(f, "invalid range: end %d is less than start %d", (int)e, (int)s);
        return;
    }
    int nres = body_nresults(body);
    bool async_body = body_result_is_chain(body);
    if (nres != 0 && !async_body) {
        kf_error_silent(f, ERR_INTERNAL, "Invalid parallel body function result types");
        return;
    }
    int64_t total = (int64_t)e - (int64_t)s;
    if (total == 0) {
        kf_set_chain(f, 0);
        return;
    }
    PFor *p = xmalloc(sizeof *p);
    p->ctx = exec_ctx_dup(f->ctx);
    p->op = f->op;
    p->body = body;
    p->start = s;
    p->total = total;
    p->bs = bs;
    p->nblocks = (total + bs - 1) / bs;
    p->chunk = pfor_chunk(p->nblocks);
    p->async_body = async_body;
    p->nextra = f->nargs - 3;
    p->extra = av_array(p->nextra);
    for (int i = 0; i < p->nextra; i++) {
        av_retain(f->args[i + 3]);
        p->extra[i] = f->args[i + 3];
    }
    p->done = av_new_unavailable();
    av_retain(p->done);
    f->results[0] = p->done;
    atomic_init(&p->pending, (long)p->nblocks);
    pfor_range(p, 0, (p->nblocks + p->chunk - 1) / p->chunk);
}

void k_tfrt_parallel_for_i32(KernelFrame *f)
{
    Body b = { NULL, f->op->nregions ? f->op->regions[0] : NULL };
    if (!b.block) {
        kf_error(f, "tfrt.parallel_for.i32 has no body");
        return;
    }
    parallel_kernel(f, b);
}

void k_tfrt_parallel_call_i32(KernelFrame *f)
{
    Body b = { op_callee(f), NULL };
    if (!b.fn) {
        kf_error(f, "tfrt.parallel_call.i32: function not found");
        return;
    }
    parallel_kernel(f, b);
}

/* {=====================================================================
** tfrt_test.do.async
** ====================================================================== */

void k_tfrt_test_do_async(KernelFrame *f)
{
    if (f->op->nregions < 1) {
        kf_error(f, "tfrt_test.do.async has no body");
        return;
    }
    BodyTask *d = xmalloc(sizeof *d);
    d->ctx = exec_ctx_dup(f->ctx);
    d->op = f->op;
    d->body = block_body(f->op->regions[0]);
    d->nargs = f->nargs;
    d->nres = f->nresults;
    d->args = av_array(f->nargs);
    for (int i = 0; i < f->nargs; i++) {
        av_retain(f->args[i]);
        d->args[i] = f->args[i];
    }
    d->res = av_array(f->nresults);
    make_indirect_results(f, d->res);
    exec_enqueue(f->ctx, body_task, d, NULL);
}

/* {=====================================================================
** tfrt_test.benchmark (docs/kernel-behaviour.md §5)
** ====================================================================== */

typedef struct Bench {
    ExecCtx *ctx;
    const Block *body;
    const Op *op;
    int nargs;
    AsyncValue **args;
    AsyncValue *done;      /* result chain, +1 */
    int64_t max_count;     /* < 0: unlimited */
    double duration;       /* < 0: unlimited */
    int64_t warmup, runs;
    int64_t *wall, *cpu;   /* recorded runs */
    int64_t nrec, cap;
    int64_t total_wall, total_cpu;
    struct timespec t0, c0;
} Bench;

static int64_t ts_ns(const struct timespec *t) { return (int64_t)t->tv_sec * 1000000000 + t->tv_nsec; }

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static void bench_free(Bench *b)
{
    av_release(b->done);
    for (int i = 0; i < b->nargs; i++) av_release(b->args[i]);
    free(b->args);
    free(b->wall);
    free(b->cpu);
    exec_ctx_free(b->ctx);
    free(b);
}

/* A cancelled request (a timeout) stops the benchmark between two runs:
** no report, and its chain is the cancellation's error. True when it did. */
static bool bench_cancelled(Bench *b)
{
    AsyncValue *c = b->ctx->rq ? rq_cancelled(b->ctx->rq) : NULL;
    if (!c) return false;
    av_set_error_obj(b->done, av_error_obj(c));
    bench_free(b);
    return true;
}

/* The eleven BM: lines of TFRT's BenchmarkStats::Summarize for [n] runs
** whose times ([wall], [cpu], ns) it sorts, on [h]'s output (a failed
** write stops the run, host_out_flush). */
static void bench_report(Host *h, const char *name, int64_t *wall, int64_t *cpu, int64_t n,
                         int64_t total_wall, int64_t total_cpu)
{
    FILE *out = host_out(h);
    /* max_count = 0 records nothing: no arrays, and qsort(NULL, 0) is
    ** undefined behaviour. */
    if (n > 1) {
        qsort(wall, (size_t)n, sizeof(int64_t), cmp_i64);
        qsort(cpu, (size_t)n, sizeof(int64_t), cmp_i64);
    }
#define PCT(arr, p) (n ? (arr)[(int64_t)floor((double)n * (p))] : 0)
    flockfile(out);    /* the eleven lines stay together under mstd */
    fprintf(out, "BM:%s:Duration(ns): %lld\n", name, (long long)total_wall);
    fprintf(out, "BM:%s:Count: %lld\n", name, (long long)n);
    fprintf(out, "BM:%s:Time Min(ns): %lld\n", name, (long long)PCT(wall, 0.0));
    fprintf(out, "BM:%s:Time 50%%(ns): %lld\n", name, (long long)PCT(wall, 0.5));
    fprintf(out, "BM:%s:Time 95%%(ns): %lld\n", name, (long long)PCT(wall, 0.95));
    fprintf(out, "BM:%s:Time 99%%(ns): %lld\n", name, (long long)PCT(wall, 0.99));
    fprintf(out, "BM:%s:CPU Min(ns): %lld\n", name, (long long)PCT(cpu, 0.0));
    fprintf(out, "BM:%s:CPU 50%%(ns): %lld\n", name, (long long)PCT(cpu, 0.5));
    fprintf(out, "BM:%s:CPU 95%%(ns): %lld\n", name, (long long)PCT(cpu, 0.95));
    fprintf(out, "BM:%s:CPU 99%%(ns): %lld\n", name, (long long)PCT(cpu, 0.99));
#undef PCT
    double util = total_wall > 0 ? (double)total_cpu * 100.0 / (double)total_wall : 0.0;
    fprintf(out, "BM:%s:CPU utilization(percent): %.6e\n", name, util);
    host_out_flush(h);
    funlockfile(out);
}

static void bench_finish(Bench *b)
{
    const Attr *na = ir_op_attr(b->op, attr_name);
    char name[256];
    snprintf(name, sizeof name, "%.*s", na && na->kind == ATTR_STRING ? (int)na->u.str.len : 0,
             na && na->kind == ATTR_STRING ? na->u.str.s : "");
    bench_report(b->ctx->host, name, b->wall, b->cpu, b->nrec, b->total_wall, b->total_cpu);
    av_emplace(b->done, any_chain());
    bench_free(b);
}

static bool bench_more(const Bench *b)
{
    if (b->max_count >= 0 && b->runs >= b->max_count + b->warmup) return false;
    if (b->duration >= 0 && (double)b->total_wall >= b->duration * 1e9) return false;
    return true;
}

static void bench_start_run(void *a, void *unused);

static void bench_run_done(void *a, void *v)
{
    Bench *b = a;
    av_release((AsyncValue *)v);
    struct timespec t1, c1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    if (b->runs >= b->warmup) {
        if (b->nrec == b->cap) {
            b->cap = b->cap ? b->cap * 2 : 64;
            b->wall = realloc(b->wall, sizeof(int64_t) * (size_t)b->cap);
            b->cpu = realloc(b->cpu, sizeof(int64_t) * (size_t)b->cap);
            if (!b->wall || !b->cpu) tf_out_of_memory();
        }
        int64_t w = ts_ns(&t1) - ts_ns(&b->t0), c = ts_ns(&c1) - ts_ns(&b->c0);
        b->wall[b->nrec] = w;
        b->cpu[b->nrec] = c;
        b->nrec++;
        b->total_wall += w;
        b->total_cpu += c;
    }
    b->runs++;
    if (bench_cancelled(b)) return;
    if (bench_more(b)) exec_enqueue(b->ctx, bench_start_run, b, NULL);
    else bench_finish(b);
}

static void bench_start_run(void *a, void *unused)
{
    (void)unused;
    Bench *b = a;
    clock_gettime(CLOCK_MONOTONIC, &b->t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b->c0);
    AsyncValue *out[1] = { NULL };
    invoke(b->ctx, NULL, block_body(b->body), b->args, b->nargs, out, 1);
    av_and_then(out[0], bench_run_done, b, out[0]);
}

static int64_t int_attr(const KernelFrame *f, const char *name, int64_t dflt)
{
    const Attr *a = kf_attr(f, name);
    return a && a->kind == ATTR_INT ? a->u.i : dflt;
}

void k_tfrt_test_benchmark(KernelFrame *f)
{
    const Block *body = f->op->nregions ? f->op->regions[0] : NULL;
    if (!body || body->nops < 1 || body->ops[body->nops - 1]->noperands != 1) {
        kf_error(f, "Benchmark op requires the input function have exactly one return value");
        return;
    }
    Bench *b = calloc(1, sizeof *b);
    if (!b) tf_out_of_memory();
    b->ctx = exec_ctx_dup(f->ctx);
    b->body = body;
    b->op = f->op;
    b->nargs = f->nargs;
    b->args = av_array(f->nargs);
    for (int i = 0; i < f->nargs; i++) {
        av_retain(f->args[i]);
        b->args[i] = f->args[i];
    }
    b->max_count = int_attr(f, attr_max_count, -1);
    b->duration = (double)int_attr(f, attr_duration_secs, -1);
    b->warmup = int_attr(f, attr_num_warmup_runs, 1);
    if (b->warmup < 0) b->warmup = 0;
    b->done = av_new_unavailable();
    av_retain(b->done);
    f->results[0] = b->done;
    if (bench_more(b)) exec_enqueue(f->ctx, bench_start_run, b, NULL);
    else bench_finish(b);
}

/* tfrt_test.sync_benchmark @f(%a : T, ...) duration_secs = D, max_count = N
** [, num_warmup_runs = W]: runs tfrt.sync function @f (no results) on the
** operands in a loop, inside this kernel, as TFRT's TestSyncBenchmark did
** (2020-07 to 2023-10): up to N timed runs after W warm-up runs (default 1,
** as TFRT's parser sets it), while the timed runs took less than D seconds
** in all; then the BM: lines, named after @f. An error of a run ends the
** benchmark with that error and no report. */
void k_tfrt_test_sync_benchmark(KernelFrame *f)
{
    const Attr *t = kf_attr(f, attr_target_fn);
    const Func *fn = NULL;
    if (t && (t->kind == ATTR_SYMBOL || t->kind == ATTR_STRING)) {
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)t->u.str.len, t->u.str.s);
        fn = ir_module_func(host_module(f->ctx->host), name);
    }
    if (!fn || !fn->body) {
        kf_error(f, "SyncBenchmark op requires a function to benchmark");
        return;
    }
    if (!fn->is_sync) {
        kf_error(f, "SyncBenchmark op requires the input function be a sync function");
        return;
    }
    if (fn->nresults != 0) {
        kf_error(f, "SyncBenchmark op requires the input function have zero return value");
        return;
    }
    if (fn->nargs != f->nargs) {
        kf_error(f, "Incorrect number of arguments for the target function for the SyncBenchmark op");
        return;
    }
    int64_t duration = int_attr(f, attr_duration_secs, -1), max_count = int_attr(f, attr_max_count, -1);
    int64_t warmup = int_attr(f, attr_num_warmup_runs, 1);
    if (duration < 0 || max_count < 0) {
        kf_error(f, "missing attribute '%s' (a non-negative integer)", duration < 0 ? "duration_secs" : "max_count");
        return;
    }
    if (warmup < 0) warmup = 0;
    int64_t cap = max_count < 1024 ? max_count + 1 : 1024, n = 0, runs = 0;
    int64_t *wall = malloc(sizeof *wall * (size_t)cap), *cpu = malloc(sizeof *cpu * (size_t)cap);
    if (!wall || !cpu) tf_out_of_memory();
    int64_t total_wall = 0, total_cpu = 0;
    char *err = NULL;
    while (runs < max_count + warmup && (double)total_wall < (double)duration * 1e9) {
        if (f->ctx->rq && rq_cancelled(f->ctx->rq)) {
            err = xstrdup(av_error(rq_cancelled(f->ctx->rq))->msg);
            break;
        }
        struct timespec t0, c0, t1, c1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
        AsyncValue *none[1] = { NULL };
        bool ok = exec_run_sync(f->ctx, fn, f->args, f->nargs, none, &err);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
        if (!ok) break;
        if (runs++ < warmup) continue;
        if (n == cap) {
            cap *= 2;
            wall = realloc(wall, sizeof *wall * (size_t)cap);
            cpu = realloc(cpu, sizeof *cpu * (size_t)cap);
            if (!wall || !cpu) tf_out_of_memory();
        }
        wall[n] = ts_ns(&t1) - ts_ns(&t0);
        cpu[n] = ts_ns(&c1) - ts_ns(&c0);
        total_wall += wall[n];
        total_cpu += cpu[n];
        n++;
    }
    if (err) kf_error(f, "%s", err);
    else bench_report(f->ctx->host, fn->name, wall, cpu, n, total_wall, total_cpu);
    free(err);
    free(wall);
    free(cpu);
}

/* {=====================================================================
** Native functions (docs/execution.md §6.10)
** ====================================================================== */

static void native_sink(const ExecCtx *c, AsyncValue *const *args, int nargs,
                        AsyncValue **res, int nres)
{
    (void)c; (void)args; (void)nargs;
    for (int i = 0; i < nres; i++) res[i] = av_ready_chain();
}

static void native_async_sink(const ExecCtx *c, AsyncValue *const *args, int nargs,
                              AsyncValue **res, int nres)
{
    (void)c; (void)args; (void)nargs;
    for (int i = 0; i < nres; i++) res[i] = av_ready_chain();
}

static bool native_i32_args(AsyncValue *const *args, int nargs, AsyncValue **res, int nres)
{
    for (int i = 0; i < nargs; i++) {
        if (av_is_error(args[i])) {
            AsyncValue *e = av_resolve_target(args[i]);
            for (int j = 0; j < nres; j++) {
                av_retain(e);
                res[j] = e;
            }
            return false;
        }
    }
    if (nargs < 2) {
        for (int j = 0; j < nres; j++) res[j] = av_new_error(ERR_INTERNAL, "native_add needs two arguments");
        return false;
    }
    return true;
}

static void native_add(const ExecCtx *c, AsyncValue *const *args, int nargs,
                       AsyncValue **res, int nres)
{
    (void)c;
    if (!native_i32_args(args, nargs, res, nres) || nres < 1) return;
    int32_t s = (int32_t)((uint32_t)av_get(args[0])->v.i + (uint32_t)av_get(args[1])->v.i);
    res[0] = av_new_available(any_int(ANY_I32, s));
}

typedef struct AsyncAdd { AsyncValue *dst; int32_t sum; } AsyncAdd;

static void async_add_task(void *a, void *b)
{
    (void)b;
    AsyncAdd *t = a;
    av_emplace(t->dst, any_int(ANY_I32, t->sum));
    av_release(t->dst);
    free(t);
}

static void native_async_add(const ExecCtx *c, AsyncValue *const *args, int nargs,
                             AsyncValue **res, int nres)
{
    if (!native_i32_args(args, nargs, res, nres) || nres < 1) return;
    AsyncAdd *t = xmalloc(sizeof *t);
    t->sum = (int32_t)((uint32_t)av_get(args[0])->v.i + (uint32_t)av_get(args[1])->v.i);
    t->dst = av_new_unavailable();
    av_retain(t->dst);
    res[0] = t->dst;
    exec_enqueue(c, async_add_task, t, NULL);
}

static void native_error(const ExecCtx *c, AsyncValue *const *args, int nargs,
                         AsyncValue **res, int nres)
{
    (void)c; (void)args; (void)nargs;
    for (int i = 0; i < nres; i++) res[i] = av_new_error(ERR_INTERNAL, "something bad happened");
}

static const NativeEntry natives[] = {
    { "native_add", native_add },
    { "native_async_add", native_async_add },
    { "native_async_sink", native_async_sink },
    { "native_error", native_error },
    { "native_sink", native_sink },
};

/* The executor finds natives through its registry (interp/kernel_abi.h);
** this table joins it before main() runs. */
static NativeTable native_table = { natives, (int)(sizeof natives / sizeof natives[0]), NULL };

__attribute__((constructor)) static void register_natives(void)
{
    native_register(&native_table);
}
