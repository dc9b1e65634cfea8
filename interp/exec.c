/*
** exec.c — the executor's dispatch: frames, ready queues, running kernels,
** invocation, calls (docs/execution.md §3–§6, §4). interp/plan.c loads
** (plans), interp/call.c prints call chains (runtime errors, the call depth
** limit) and runs synchronous functions; interp/exec_int.h is what they
** share.
**
** Every block (function or region body) is compiled once, in exec_load(),
** into a Plan that the Host owns: the stream id and operand count of
** every kernel, and the use lists of values with many uses. Everything else
** (operands, results, user counts, other use lists) is read from the IR
** itself, which is already in memory: for a large body, memory touched for
** the first time is what loading costs (interp/bigmem.h). An invocation
** creates a Frame (registers + arrival counts) and processes ReadyQueues
** over it.
**
** Reference counts (docs/execution.md §6.6, TFRT's AsyncValue design document: "setting a register counts as a use"):
** a register holds one reference per remaining use of its value, tfrt.return
** uses included. A kernel takes one reference per operand occurrence and
** drops it right after the call; the references of the return uses are the
** ones handed to the caller. A returned register gets a forwarding value at
** invocation start holding all of those references plus one that keeps it
** alive until the real value is stored and binds it. A non-strict kernel
** that finds an operand register empty puts a forwarding placeholder there
** the same way.
**
** Frame lifetime: a Frame is reference counted: one reference for the
** invocation while it runs, one per continuation and per task that will
** touch it. The last release frees it.
**
** Depth: continuations that process a ready queue nest at most
** CONT_NEST_LIMIT deep on one thread (docs/execution.md §6.5); invocations nest at most
** INVOKE_NEST_LIMIT deep, after which the start of the new invocation is
** enqueued as a task (its results are forwarding values anyway). Together
** they keep the C stack bounded for arbitrarily deep programs.
*/
#include "base/alloc.h"
#include "base/freelist.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "interp/bigmem.h"
#include "interp/exec.h"
#include "interp/exec_int.h"
#include "interp/hooks.h"
#include "interp/stuck.h"
#include "interp/vm.h"

/* Shared with interp/xe.c, which keeps the same two limits (exec_int.h). */
_Thread_local int exec_cont_depth;
_Thread_local int exec_invoke_depth;
static atomic_long live_frames;

long exec_live_frames(void) { return atomic_load(&live_frames) + xe_live_frames(); }

AsyncValue *exec_frame_register(const void *frame, int index)
{
    const Frame *f = frame;
    if (index < 0 || index >= f->plan->nregs) return NULL;
    return atomic_load_explicit(&fregs(f)[index], memory_order_acquire);
}

/* {=====================================================================
** Frames and ready queues
** ====================================================================== */

/* Does an invocation under [c] run on the fast schedule? */
static inline bool ctx_fast(const ExecCtx *c)
{
    ExecSchedule s = c->host->schedule;
    return s == EXEC_FAST || (s == EXEC_MIXED && c->rq && rq_fast(c->rq));
}

/* Under EXEC_MIXED: does an invocation of [b] under [c] run fast, or is
** it the frame the mixed schedule's watch will claim (the run's top frame,
** frame_new)? Either way it is not interp/xe.c's. */
static inline bool exec_mixed_here(const ExecCtx *c, const Block *b)
{
    if (ctx_fast(c)) return true;
    ExecWatch *w = c->rq && !c->site ? rq_watch(c->rq) : NULL;
    return w && watch_wants(w, b);
}

static Frame *frame_new(const Plan *p, const ExecCtx *c)
{
    Plan *mp = (Plan *)p;    /* only the spare slots are written */
    Frame *f = NULL;
    bool st = wq_is_single_threaded(c->host->queue);
    if (st && mp->stack) {
        f = mp->stack;
        mp->stack = *(Frame **)(void *)f;
        mp->nstack--;
    }
    for (int i = 0; i < FRAME_SPARES && !f; i++)
        if (atomic_load_explicit(&mp->spare[i], memory_order_relaxed))
            f = atomic_exchange_explicit(&mp->spare[i], NULL, memory_order_acquire);
    /* Registers and counts start at zero: a spare is cleared, a new frame
    ** comes zeroed (a large one straight from fresh pages). */
    size_t body = p->frame_size - sizeof(Frame);
    if (f) memset(f + 1, 0, body);
    else f = big_alloc(p->frame_size, true);
    f->plan = p;
    f->st = st;
    f->fast = ctx_fast(c);
    f->watch = NULL;
    atomic_store_explicit(&f->watch_at, -1, memory_order_relaxed);
    if (__builtin_expect(c->host->schedule == EXEC_MIXED, 0) && c->rq && !c->site && !f->fast) {
        /* The run's top frame, when the mixed schedule watches it. */
        ExecWatch *w = rq_watch(c->rq);
        if (w) f->watch = watch_claim(w, p->block, c->rq);
    }
    f->ctx = *c;
    f->ctx.error = NULL;
    if (f->ctx.rq) rq_retain(f->ctx.rq);
    exec_site_retain(f->ctx.site);
    atomic_init(&f->refs, 1);
    atomic_fetch_add(&live_frames, 1);
    return f;
}

static void frame_retain(Frame *f) { atomic_fetch_add_explicit(&f->refs, 1, memory_order_relaxed); }

static void frame_release(Frame *f)
{
    if (atomic_fetch_sub_explicit(&f->refs, 1, memory_order_acq_rel) != 1) return;
    const DebugHooks *dh = hooks_of(f->ctx.host);
    if (dh) dh->frame_exit(dh->ud, f);
    if (atomic_load_explicit(&f->watch_at, memory_order_relaxed) >= 0) stuck_unwatch_frame(f);
    if (f->ctx.rq) rq_release(f->ctx.rq);
    exec_site_release(f->ctx.site);
    atomic_fetch_sub(&live_frames, 1);
    Plan *mp = (Plan *)f->plan;
    if (f->st && mp->nstack < FRAME_STACK) {
        *(Frame **)(void *)f = mp->stack;
        mp->stack = f;
        mp->nstack++;
        return;
    }
    for (int i = 0; i < FRAME_SPARES; i++) {
        Frame *expect = NULL;
        if (atomic_compare_exchange_strong_explicit(&mp->spare[i], &expect, f,
                                                    memory_order_release, memory_order_relaxed))
            return;
    }
    big_free(f, mp->frame_size);
}

typedef struct IVec { int *v; int n, cap; int small[SMALL]; } IVec;

static void iv_init(IVec *a) { a->v = a->small; a->n = 0; a->cap = SMALL; }
static void iv_free(IVec *a) { if (a->v != a->small) free(a->v); }
/* Out of line, so that iv_push inlines to a compare and a store. */
static __attribute__((noinline)) void iv_grow(IVec *a)
{
    int nc = a->cap * 2;
    int *nv = xmalloc(sizeof(int) * (size_t)nc);
    memcpy(nv, a->v, sizeof(int) * (size_t)a->n);
    if (a->v != a->small) free(a->v);
    a->v = nv;
    a->cap = nc;
}

static inline void iv_push(IVec *a, int x)
{
    if (a->n == a->cap) iv_grow(a);
    a->v[a->n++] = x;
}

typedef struct ReadyQueue {
    int stream;
    IVec in, out;
} ReadyQueue;

static void rq_init_q(ReadyQueue *q, int stream)
{
    q->stream = stream;
    iv_init(&q->in);
    iv_init(&q->out);
}

static void rq_free_q(ReadyQueue *q)
{
    iv_free(&q->in);
    iv_free(&q->out);
}

/* One more operand of kernel [k] is available; true when that made it
** ready. */
static inline bool arrive(Frame *f, int k)
{
    int need = f->plan->need[k] & NEED_MANY;
    if (need == NEED_MANY) need = f->plan->ops[k - 1]->noperands;
    if (f->st) {
        /* Everything runs on this thread: plain increments. */
        int c = atomic_load_explicit(&fdone(f)[k], memory_order_relaxed) + 1;
        atomic_store_explicit(&fdone(f)[k], c, memory_order_relaxed);
        return c == need;
    }
    return atomic_fetch_add_explicit(&fdone(f)[k], 1, memory_order_acq_rel) + 1 == need;
}

/* docs/execution.md §6.3: a ready kernel goes inline if it is in the
** queue's stream; on the fast schedule, always. */
static inline void push_ready(const Frame *f, ReadyQueue *q, int k)
{
    if (f->fast | (kstream(f->plan, k) == q->stream)) iv_push(&q->in, k);
    else iv_push(&q->out, k);
}

/* The kernels of [ks, ks+n) one step more ready, in that order. */
static void arrive_list(Frame *f, ReadyQueue *q, const int *ks, int n)
{
    for (int i = 0; i < n; i++) {
        int k = ks[i];
        if (arrive(f, k)) push_ready(f, q, k);
    }
}

/* The rest of make_ready once a second kernel became ready: [k1] then
** [k2] did, [u] is the next use. Collects and pushes last first. */
static __attribute__((noinline)) void make_ready_more(Frame *f, ReadyQueue *q, int k1, int k2,
                                                      const Use *u)
{
    const Plan *p = f->plan;
    const Op *ret = p->ret;
    int buf[SMALL], *ready = buf, n = 0, cap = SMALL;
    ready[n++] = k1;
    ready[n++] = k2;
    for (; u; u = u->next) {
        const Op *op = u->user;
        if (op == ret) continue;
        int k = op->index + 1;
        if (!arrive(f, k)) continue;
        if (n == cap) {
            cap *= 2;
            int *nr = xmalloc(sizeof(int) * (size_t)cap);
            memcpy(nr, ready, sizeof(int) * (size_t)n);
            if (ready != buf) free(ready);
            ready = nr;
        }
        ready[n++] = k;
    }
    while (n > 0) push_ready(f, q, ready[--n]);
    if (ready != buf) free(ready);
}

/* Value [val] became available in its register: its users one step more
** ready, in use-list order (docs/execution.md §3), the return excluded. The IR keeps a value's
** uses in source order, the reverse of the use-list order, so the kernels
** that become ready are collected and then pushed last first. The uses of
** one op are adjacent in either order, so the kernels come out exactly as
** the walk of docs/execution.md §6.3 over the reversed list makes them ready. */
static inline void make_ready(Frame *f, ReadyQueue *q, const Value *val)
{
    const Plan *p = f->plan;
    if (p->users) {
        /* A small body: its users, in use-list order already. */
        int r = val->index;
        for (int i = p->ustart[r], e = p->ustart[r + 1]; i < e; i++) {
            int k = p->users[i];
            if (arrive(f, k)) push_ready(f, q, k);
        }
        return;
    }
    if (val->nuses > FANOUT) {
        /* Listed in the plan, in use-list order already. */
        const Fan *e = fan_find(p, val->index);
        if (!e) return;    /* only the return uses it */
        for (int i = e->cur; i < e->cap; i++) {
            int k = e->ks[i];
            if (arrive(f, k)) push_ready(f, q, k);
        }
        return;
    }
    /* Usually at most one kernel becomes ready: no list for that. */
    const Op *ret = p->ret;
    int first = 0;
    for (const Use *u = val->uses; u; u = u->next) {
        const Op *op = u->user;
        if (op == ret) continue;
        int k = op->index + 1;
        if (!arrive(f, k)) continue;
        if (first) {
            make_ready_more(f, q, first, k, u->next);
            return;
        }
        first = k;
    }
    if (first) push_ready(f, q, first);
}

/* docs/execution.md §6.3 switch stream: std::partition of the outline list by "stream != S". */
static void switch_stream(Frame *f, ReadyQueue *q)
{
    if (q->out.n == 0) return;
    const Plan *p = f->plan;
    if (p->each_task) return;    /* EXEC_EXPLORE: dispatch makes them tasks */
    int S = kstream(p, q->out.v[0]);
    q->stream = S;
    if (q->out.n == 1) {
        /* What the partition does with one element. */
        iv_push(&q->in, q->out.v[0]);
        q->out.n = 0;
        return;
    }
    int *a = q->out.v;
    int first = exec_partition_stream(a, q->out.n, p->code, S);
    for (int i = first; i < q->out.n; i++) iv_push(&q->in, a[i]);
    q->out.n = first;
}

typedef struct Task {
    Frame *f;
    int stream, n;
    int ks[];
} Task;

/* Tasks of at most this many kernels fit a small block. */
#define TASK_INLINE ((int)((FL_BLOCK - sizeof(Task)) / sizeof(int)))

static void process(Frame *f, ReadyQueue *q);

static void run_task(void *a, void *b)
{
    (void)b;
    Task *t = a;
    ReadyQueue q;
    rq_init_q(&q, t->stream);
    for (int i = 0; i < t->n; i++) iv_push(&q.in, t->ks[i]);
    Frame *f = t->f;
    if (t->n <= TASK_INLINE) fl_free(t);
    else free(t);
    const DebugHooks *dh = hooks_of(f->ctx.host);
    HOOK(dh, run_begin, f);
    process(f, &q);
    /* (Read again: keeping it across process() costs a register.) */
    HOOK(hooks_of(f->ctx.host), run_end, f);
    rq_free_q(&q);
    frame_release(f);
}

/* docs/execution.md §6.3 dispatch: one task per run of equal stream ids, ascending. */
static void dispatch(Frame *f, ReadyQueue *q)
{
    const Plan *p = f->plan;
    int *a = q->out.v, n = q->out.n;
    exec_sort_by_stream(a, n, p->code, p->nkern);
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && kstream(p, a[j]) == kstream(p, a[i])) j++;
        Task *t = j - i <= TASK_INLINE ? fl_alloc()
                                       : xmalloc(sizeof(Task) + sizeof(int) * (size_t)(j - i));
        t->f = f;
        t->stream = kstream(p, a[i]);
        t->n = j - i;
        memcpy(t->ks, a + i, sizeof(int) * (size_t)(j - i));
        frame_retain(f);
        wq_add_task(f->ctx.host->queue, run_task, t, NULL);
        i = j;
    }
    q->out.n = 0;
}

bool exec_task_kernel(TaskFn fn, void *a, const Op **op, AsyncValue **args, int max)
{
    if (fn != run_task) return false;
    const Task *t = a;
    if (t->n != 1 || !t->f->plan->each_task) return false;
    const Op *o = t->f->plan->ops[t->ks[0] - 1];
    *op = o;
    for (int j = 0; j < o->noperands && j < max; j++)
        args[j] = atomic_load_explicit(&fregs(t->f)[o->operands[j]->index], memory_order_acquire);
    return true;
}

static void run_kernel(Frame *f, ReadyQueue *q, int k);

static void process(Frame *f, ReadyQueue *q)
{
    /* switch_stream does nothing on an empty outline list: test it here. */
    if (q->in.n == 0 && q->out.n) switch_stream(f, q);
    if (q->out.n) dispatch(f, q);
    while (q->in.n) {
        int k = q->in.v[--q->in.n];
        run_kernel(f, q, k);
        if (q->in.n == 0 && q->out.n) switch_stream(f, q);
        if (q->out.n) dispatch(f, q);
    }
}

/* {=====================================================================
** Registers and produced results (docs/execution.md §6.5)
** ====================================================================== */

/* Stores +1 [v] into the register of [val]: a fresh register takes one
** reference per use; a register already holding a forwarding value binds it
** to [v]. */
static void store(Frame *f, const Value *val, AsyncValue *v)
{
    int r = val->index;
    AsyncValue *expect = NULL;
    if (f->st) {
        expect = atomic_load_explicit(&fregs(f)[r], memory_order_relaxed);
        if (!expect) {
            atomic_store_explicit(&fregs(f)[r], v, memory_order_relaxed);
            av_retain_n(v, (uint32_t)val->nuses - 1);
            return;
        }
    } else if (atomic_compare_exchange_strong_explicit(&fregs(f)[r], &expect, v,
                                                       memory_order_acq_rel, memory_order_acquire)) {
        av_retain_n(v, (uint32_t)val->nuses - 1);
        return;
    }
    av_forward(expect, v);
    av_release(v);
    av_release(expect);    /* the reference that kept it alive until bound */
}

/* A produced value waiting to resolve. The value itself is the
** continuation's second word. */
typedef struct Cont {
    Frame *f;
    const Value *val;
    int stream;
} Cont;

_Static_assert(sizeof(Cont) <= FL_BLOCK, "a continuation fits a small block");

static void cont_body(Cont *c, AsyncValue *v)
{
    Frame *f = c->f;
    const Value *val = c->val;
    ReadyQueue q;
    rq_init_q(&q, c->stream);
    fl_free(c);
    const DebugHooks *dh = hooks_of(f->ctx.host);
    HOOK(dh, value_wake, f, val);
    store(f, val, v);
    HOOK(dh, run_begin, f);
    make_ready(f, &q, val);
    process(f, &q);
    HOOK(hooks_of(f->ctx.host), run_end, f);
    rq_free_q(&q);
    frame_release(f);
}

static void cont_task(void *a, void *b)
{
    exec_cont_depth++;
    cont_body(a, b);
    exec_cont_depth--;
}

static void cont_fire(void *a, void *b)
{
    Cont *c = a;
    if (exec_cont_depth >= CONT_NEST_LIMIT) {
        wq_add_task(c->f->ctx.host->queue, cont_task, c, b);
        return;
    }
    exec_cont_depth++;
    cont_body(c, b);
    exec_cont_depth--;
}

/* Does a kernel use [val] (a use other than the return's)? */
static inline bool has_users(const Plan *p, const Value *val)
{
    if (p->users) return p->ustart[val->index + 1] > p->ustart[val->index];
    for (const Use *u = val->uses; u; u = u->next)
        if (u->user != p->ret) return true;
    return false;
}

/* The hooks hear that a continuation of [f] waits for [val]. */
static __attribute__((noinline, cold)) void hook_wait(const DebugHooks *dh, Frame *f, const Value *val)
{
    HOOK(dh, value_wait, f, val);
}

/* [f] waits for +1 value [v], not resolved yet, for the register of [val]
** (its users run in a continuation). Out of line, so that produced()'s
** path for a value that is there keeps its registers free. */
static __attribute__((noinline)) void wait_for(Frame *f, int stream, const Value *val, AsyncValue *v)
{
    Cont *c = fl_alloc();
    c->f = f;
    c->val = val;
    c->stream = stream;
    frame_retain(f);
    /* A frame that waits may wait for ever: it joins the host's waiting
    ** frames (interp/stuck.h says then which of its kernels never ran, and
    ** why). */
    if (atomic_load_explicit(&f->watch_at, memory_order_relaxed) < 0) stuck_watch_frame(f);
    const DebugHooks *dh = hooks_of(f->ctx.host);
    if (dh) hook_wait(dh, f, val);
    av_and_then(v, cont_fire, c, v);
}

/* Handles +1 value [v] produced for the register of [val] (docs/execution.md §6.5). */
static void produced(Frame *f, ReadyQueue *q, const Value *val, AsyncValue *v)
{
    if (av_is_resolved(v)) {
        store(f, val, v);
        make_ready(f, q, val);
    } else if (!has_users(f->plan, val)) {
        store(f, val, v);
    } else {
        wait_for(f, q->stream, val, v);
    }
}

/* {=====================================================================
** Running one kernel (docs/execution.md §6.4)
** ====================================================================== */

/* The value of operand [val] for a non-strict kernel: what its register
** holds, or a new forwarding placeholder holding one reference per use,
** bound when the producer stores. */
static AsyncValue *take_operand(Frame *f, const Value *val)
{
    int r = val->index;
    AsyncValue *v = atomic_load_explicit(&fregs(f)[r], memory_order_acquire);
    if (v) return v;
    /* One reference per use, plus one for the producer's store. They must
    ** all exist before the placeholder is published: the producer may bind
    ** it and drop its reference at once on another thread. */
    int n = val->nuses;
    AsyncValue *ph = av_new_indirect();
    av_retain_n(ph, (uint32_t)n);
    AsyncValue *expect = NULL;
    if (atomic_compare_exchange_strong_explicit(&fregs(f)[r], &expect, ph, memory_order_acq_rel,
                                                memory_order_acquire))
        return ph;
    for (int i = 0; i <= n; i++) av_release(ph);
    return expect;
}

static void run_kernel(Frame *f, ReadyQueue *q, int k)
{
    const Plan *p = f->plan;
    const Op *op = p->ops[k - 1];
    /* Kernels often run in block order: warm the ops that come next. */
    prefetch_ahead(p->ops, k - 1 - AHEAD + 2, p->nkern - 1);
    const DebugHooks *dh = hooks_of(f->ctx.host);
    if (dh) dh->before_kernel(dh->ud, &f->ctx, f, op);
    int nargs = op->noperands, nres = op->nresults;
    Value *const *opnd = op->operands;
    AsyncValue *argbuf[SMALL], *resbuf[SMALL];
    AsyncValue **args = nargs <= SMALL ? argbuf : xmalloc(sizeof(AsyncValue *) * (size_t)nargs);
    AsyncValue **res = nres <= SMALL ? resbuf : xmalloc(sizeof(AsyncValue *) * (size_t)nres);
    /* The common single result separately: the loop alone compiles to a
    ** memset call. */
    if (nres == 1) res[0] = NULL;
    else for (int i = 0; i < nres; i++) res[i] = NULL;

    /* Strict kernels: the last error operand, else the cancellation. */
    AsyncValue *skip = NULL;
    if (p->need[k] & NEED_NONSTRICT) {
        for (int j = 0; j < nargs; j++) args[j] = take_operand(f, opnd[j]);
    } else {
        for (int j = 0; j < nargs; j++) {
            AsyncValue *a = atomic_load_explicit(&fregs(f)[opnd[j]->index], memory_order_acquire);
            args[j] = a;
            if (av_is_error(a)) skip = a;
        }
        if (!skip && f->ctx.rq) skip = rq_cancelled(f->ctx.rq);
    }
    KernelFn fn = op->info ? op->info->fn : NULL;
    if (skip) {
        AsyncValue *e = av_resolve_target(skip);
        for (int i = 0; i < nres; i++) {
            av_retain(e);
            res[i] = e;
        }
    } else if (fn) {
        KernelFrame kf = { args, nargs, res, nres, op, &f->ctx };
        fn(&kf);
        for (int i = 0; i < nres; i++)
            if (!res[i]) res[i] = av_new_error(ERR_INTERNAL, "kernel did not set its result");
    } else {
        for (int i = 0; i < nres; i++) res[i] = av_new_error(ERR_UNIMPLEMENTED, "no kernel");
    }
    if (dh) dh->after_kernel(dh->ud, f, op, res, nres);
    if (__builtin_expect(f->watch != NULL, 0)) watch_results(f->watch, op, res);
    for (int j = 0; j < nargs; j++) av_release(args[j]);
    Value *const *rv = op->results;
    for (int i = 0; i < nres; i++) {
        if (rv[i]->nuses == 0) av_release(res[i]);
        else produced(f, q, rv[i], res[i]);
    }
    if (args != argbuf) free(args);
    if (res != resbuf) free(res);
}

/* {=====================================================================
** Invocation (docs/execution.md §6.1, §6.3 "Starting an invocation")
** ====================================================================== */

typedef struct Start {
    Frame *f;
    int nargs;
    AsyncValue *args[];   /* +1 each (NULL for unused arguments) */
} Start;

static void start_frame(Frame *f, AsyncValue *const *args, bool owned)
{
    const Plan *p = f->plan;
    const DebugHooks *dh = hooks_of(f->ctx.host);
    if (dh) {
        dh->frame_enter(dh->ud, f, p->block, args, p->nargs);
        if (dh->invoke) dh->invoke(dh->ud, f, p->block, hooks_site(p->block, &f->ctx), &f->ctx);
        if (dh->run_begin) dh->run_begin(dh->ud, f);
    }
    ReadyQueue q;
    rq_init_q(&q, p->pseudo_stream);
    arrive_list(f, &q, p->zero, p->nzero);
    Value *const *bargs = p->block->args;
    for (int i = 0; i < p->nargs; i++) {
        if (bargs[i]->nuses == 0) {
            if (owned && args[i]) av_release(args[i]);
            continue;
        }
        if (!owned) av_retain(args[i]);
        produced(f, &q, bargs[i], args[i]);
    }
    exec_invoke_depth++;
    process(f, &q);
    exec_invoke_depth--;
    HOOK(hooks_of(f->ctx.host), run_end, f);
    rq_free_q(&q);
}

static void start_task(void *a, void *b)
{
    (void)b;
    Start *s = a;
    Frame *f = s->f;
    start_frame(f, s->args, true);
    free(s);
    frame_release(f);
}

void exec_invoke_block(const ExecCtx *c, const Block *body, AsyncValue *const *args, int nargs,
                       AsyncValue **results)
{
    if (__builtin_expect(c->vm != NULL, 0)) {
        /* Invoked by a compiled kernel: the frame (or a nested compiled
        ** run) keeps the chain as links, not the caller's stack. */
        ExecCtx own = *c;
        own.site = exec_vm_sites(c);
        own.vm = NULL;
        exec_invoke_block(&own, body, args, nargs, results);
        exec_site_release(own.site);
        return;
    }
    const Plan *p = plan_of(c->host, body);
    if (!p) {
        /* Not compiled (exec_load not called): an error for every result. */
        const Op *ret = body->nops ? body->ops[body->nops - 1] : NULL;
        int n = ret && is_return(ret) ? ret->noperands : 0;
        for (int i = 0; i < n; i++) results[i] = av_new_error(ERR_INTERNAL, "body not loaded");
        return;
    }
    if (p->xp && !hooks_of(c->host) && !c->flags && nargs == p->nargs &&
        (c->host->schedule != EXEC_MIXED || !exec_mixed_here(c, body))) {
        /* The exact schedule's cheaper engine, when no hook watches the
        ** run (interp/hooks.h: the hooks see every kernel on exec.c); under
        ** EXEC_MIXED for exact invocations the switch does not watch. */
        xe_invoke_block(c, p->xp, args, results);
        return;
    }
    if (p->vm && (!hooks_of(c->host) || exec_vm_hooked(c->host)) && nargs == p->nargs && ctx_fast(c)) {
        /* The compiled form runs when every argument is there; otherwise
        ** the dataflow engine starts what it can (docs/execution.md §4). */
        int i = 0;
        while (i < nargs && av_is_resolved(args[i])) i++;
        if (i == nargs) {
            vm_invoke(c, p->vm, args, nargs, results);
            return;
        }
    }
    Frame *f = frame_new(p, c);
    for (int i = 0; i < p->nresults; i++) {
        const Value *rv = p->ret->operands[i];
        int r = rv->index;
        AsyncValue *v = atomic_load_explicit(&fregs(f)[r], memory_order_relaxed);
        if (!v) {
            /* One reference per use (the return uses' go to the caller),
            ** plus one kept until the real value is stored (docs/execution.md §2: binding an
            ** unused result is always safe). */
            v = av_new_indirect();
            av_retain_n(v, (uint32_t)rv->nuses);
            atomic_store_explicit(&fregs(f)[r], v, memory_order_release);
        }
        results[i] = v;    /* one of the return uses' references */
    }
    if (nargs < p->nargs) {
        /* Arity mismatch (the verifier prevents it): treat missing args as errors. */
        AsyncValue **tmp = xmalloc(sizeof(AsyncValue *) * (size_t)p->nargs);
        for (int i = 0; i < p->nargs; i++)
            tmp[i] = i < nargs ? (av_retain(args[i]), args[i])
                               : av_new_error(ERR_INTERNAL, "missing argument");
        Start *s = xmalloc(sizeof(Start) + sizeof(AsyncValue *) * (size_t)p->nargs);
        s->f = f;
        s->nargs = p->nargs;
        memcpy(s->args, tmp, sizeof(AsyncValue *) * (size_t)p->nargs);
        free(tmp);
        start_frame(f, s->args, true);
        free(s);
        frame_release(f);
        return;
    }
    if (exec_invoke_depth >= INVOKE_NEST_LIMIT) {
        Start *s = xmalloc(sizeof(Start) + sizeof(AsyncValue *) * (size_t)(p->nargs + 1));
        s->f = f;
        s->nargs = p->nargs;
        for (int i = 0; i < p->nargs; i++) {
            s->args[i] = args[i];
            av_retain(args[i]);
        }
        wq_add_task(c->host->queue, start_task, s, NULL);
        return;
    }
    start_frame(f, args, false);
    frame_release(f);
}

/* ---- native functions (docs/execution.md §6.10) ---------------------------------------------- */

typedef struct NativeCall {
    ExecCtx *ctx;
    NativeFn fn;
    int nargs, nres;
    atomic_int pending;
    AsyncValue **args;     /* +1 each */
    AsyncValue **res;      /* forwarding values, +1 each (ours) */
} NativeCall;

static void native_finish(NativeCall *nc)
{
    AsyncValue **out = xmalloc(sizeof(AsyncValue *) * (size_t)(nc->nres + 1));
    for (int i = 0; i < nc->nres; i++) out[i] = NULL;
    nc->fn(nc->ctx, nc->args, nc->nargs, out, nc->nres);
    for (int i = 0; i < nc->nres; i++) {
        if (!out[i]) out[i] = av_new_error(ERR_INTERNAL, "native function did not set its result");
        av_forward(nc->res[i], out[i]);
        av_release(out[i]);
        av_release(nc->res[i]);
    }
    for (int i = 0; i < nc->nargs; i++) av_release(nc->args[i]);
    free(out);
    free(nc->args);
    free(nc->res);
    exec_ctx_free(nc->ctx);
    free(nc);
}

static void native_arg_ready(void *a, void *b)
{
    (void)b;
    NativeCall *nc = a;
    if (atomic_fetch_sub(&nc->pending, 1) == 1) native_finish(nc);
}

static void invoke_native(const ExecCtx *c, const Func *fn, AsyncValue *const *args, int nargs,
                          AsyncValue **results)
{
    NativeFn nf = native_lookup(fn->name);
    int nres = fn->nresults;
    if (!nf) {
        for (int i = 0; i < nres; i++)
            results[i] = av_new_error(ERR_INTERNAL, "unable to find native function");
        return;
    }
    int unresolved = 0;
    for (int i = 0; i < nargs; i++)
        if (!av_is_resolved(args[i])) unresolved++;
    if (unresolved == 0) {
        for (int i = 0; i < nres; i++) results[i] = NULL;
        nf(c, args, nargs, results, nres);
        for (int i = 0; i < nres; i++)
            if (!results[i]) results[i] = av_new_error(ERR_INTERNAL, "native function did not set its result");
        return;
    }
    NativeCall *nc = xcalloc(1, sizeof *nc);
    nc->ctx = exec_ctx_dup(c);
    nc->fn = nf;
    nc->nargs = nargs;
    nc->nres = nres;
    nc->args = xmalloc(sizeof(AsyncValue *) * (size_t)(nargs + 1));
    nc->res = xmalloc(sizeof(AsyncValue *) * (size_t)(nres + 1));
    for (int i = 0; i < nargs; i++) {
        av_retain(args[i]);
        nc->args[i] = args[i];
    }
    for (int i = 0; i < nres; i++) {
        nc->res[i] = av_new_indirect();
        av_retain(nc->res[i]);
        results[i] = nc->res[i];
    }
    atomic_init(&nc->pending, unresolved + 1);
    for (int i = 0; i < nargs; i++)
        if (!av_is_resolved(args[i])) av_and_then(args[i], native_arg_ready, nc, NULL);
    native_arg_ready(nc, NULL);
}

void exec_invoke_func(const ExecCtx *c, const Func *fn, AsyncValue *const *args, int nargs,
                      AsyncValue **results)
{
    if (fn->is_native) {
        invoke_native(c, fn, args, nargs, results);
        return;
    }
    if (!fn->body || fn->is_sync) {
        const char *msg = fn->is_sync ? "a tfrt.sync function cannot be invoked asynchronously"
                                      : "function has no body";
        for (int i = 0; i < fn->nresults; i++) results[i] = av_new_error(ERR_INTERNAL, msg);
        return;
    }
    exec_invoke_block(c, fn->body, args, nargs, results);
}

/* ---- calls and the call depth limit ---------------------------------------- */

void exec_site_retain(CallSite *s)
{
    if (s) atomic_fetch_add_explicit(&s->refs, 1, memory_order_relaxed);
}

void exec_site_release(CallSite *s)
{
    /* Iteratively: a chain a million links long is freed without
    ** recursion when its last frame goes. */
    while (s && atomic_fetch_sub_explicit(&s->refs, 1, memory_order_acq_rel) == 1) {
        CallSite *up = s->parent;
        fl_free(s);
        s = up;
    }
}

/* Every result := the request's stop error (+1 each). */
static void stopped_results(const ExecCtx *c, const Func *fn, AsyncValue **results)
{
    AsyncValue *e = rq_cancelled(c->rq);
    for (int i = 0; i < fn->nresults; i++) {
        if (e) {
            av_retain(e);
            results[i] = e;
        } else {
            results[i] = av_new_error(ERR_CANCELLED, "Cancelled");
        }
    }
}

void exec_call_func(const ExecCtx *c, const Op *site, const Func *fn, AsyncValue *const *args, int nargs,
                    AsyncValue **results)
{
    if (c->rq && rq_stopped(c->rq)) {
        stopped_results(c, fn, results);
        return;
    }
    /* The chain so far: the context's links, and the compiled engine's
    ** calls when a compiled kernel makes the call. */
    CallSite *up = exec_chain_sites(c);
    int depth = (up ? up->depth : 0) + 1;
    int max = c->host->max_call_depth;
    if (depth > max) {
        exec_site_release(up);
        exec_report_call_depth(c, site, max);
        if (c->rq) {
            stopped_results(c, fn, results);
        } else {
            char msg[64];
            snprintf(msg, sizeof msg, "call depth exceeds %d", max);
            for (int i = 0; i < fn->nresults; i++) results[i] = av_new_error(ERR_INTERNAL, msg);
        }
        return;
    }
    CallSite *s = exec_site_link(up, site);
    ExecCtx cc = *c;
    cc.site = s;
    cc.vm = NULL;
    exec_invoke_func(&cc, fn, args, nargs, results);
    exec_site_release(s);
}
