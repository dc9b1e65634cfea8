/*
** exec.c — the executor (spec/dialect.md §5–§8, spec/tfrun.md §1.1).
**
** Every block (function or region body) is compiled once, in exec_load(),
** into a Plan stored in Block.exec: registers, user counts, use lists in
** MLIR use-list order, ready counts and stream ids. An invocation creates a
** Frame (registers + ready counts) and processes ReadyQueues over it.
**
** Reference counts (§8.6, the seed's "setting a register counts as a use"):
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
** CONT_NEST_LIMIT deep on one thread (§8.5); invocations nest at most
** INVOKE_NEST_LIMIT deep, after which the start of the new invocation is
** enqueued as a task (its results are forwarding values anyway). Together
** they keep the C stack bounded for arbitrarily deep programs.
*/
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "interp/debug.h"
#include "interp/exec.h"
#include "interp/stream.h"
#include "interp/vm.h"

/* §8.5: a continuation nested this deep is enqueued instead. */
#define CONT_NEST_LIMIT 100
/* Invocations nested this deep on one thread start from a task instead:
** the stack of one nesting level (ready queue + kernel + control-flow
** kernel + invocation) is well under 2 KiB, so this stays far below the
** 8 MiB main-thread stack and the smaller stacks of worker threads. */
#define INVOKE_NEST_LIMIT 200
/* Kernels with at most this many operands/results use stack arrays. */
#define SMALL 16
/* Freed frames each plan keeps for reuse. */
#define FRAME_SPARES 4

static _Thread_local int tl_cont_depth;
static _Thread_local int tl_invoke_depth;
static atomic_long live_frames;

long exec_live_frames(void) { return atomic_load(&live_frames); }

/* {=====================================================================
** Plans
** ====================================================================== */

typedef struct Kern {
    const Op *op;
    KernelFn fn;
    int nargs, nres;
    int *args;            /* operand registers */
    int *res;             /* result registers */
    int ready_init;       /* max(1, nargs); 1 for non-strict kernels */
    int stream;
    bool nonstrict;
} Kern;

typedef struct Plan Plan;

/* An invocation's registers and ready counts, allocated in one block. */
typedef struct Frame {
    const Plan *plan;
    ExecCtx ctx;
    bool st;               /* single-threaded queue: no atomic read-modify-writes */
    atomic_int refs;
    atomic_int *ready;
    _Atomic(AsyncValue *) *regs;
} Frame;

struct Plan {
    int nregs, nkern;     /* nkern counts the pseudo kernel 0 */
    Kern *kern;
    int *user_count;      /* per register, tfrt.return uses included */
    int *ustart, *users;  /* CSR use lists, return excluded, use-list order */
    int *zero;            /* kernels without operands, block order */
    int nzero;
    int nresults;
    int *result_regs;     /* tfrt.return operands */
    int nargs;
    int *idx_pool;        /* every Kern's args and res arrays */
    int pseudo_stream;
    const Block *block;
    const VmProto *vm;    /* the compiled form (EXEC_FAST), or NULL */
    size_t frame_size;    /* bytes of one Frame of this body */
    /* A few freed frames kept for reuse: a loop body or a callee invoked
    ** again and again then costs no malloc. Exchanged atomically. */
    _Atomic(Frame *) spare[FRAME_SPARES];
};

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) abort();
    return p;
}

static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) abort();
    return p;
}

/* Small blocks: continuations and tasks of at most TASK_INLINE kernels come
** from a per-thread free list (an allocator cache, like interp/async_value.c's
** for values), so a program that keeps deferring work does not call malloc
** for them in steady state. A block freed on another thread joins that
** thread's list; a list holds at most SMALL_CACHE_MAX blocks and is freed
** when its thread exits. Under AddressSanitizer blocks go straight to
** malloc/free so that a use after free is still reported. */
#define SMALL_BLOCK 24      /* a Cont exactly; malloc rounds it to a 32-byte chunk */
#define SMALL_CACHE_MAX 256
#if defined(__SANITIZE_ADDRESS__)
#define SMALL_NOCACHE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SMALL_NOCACHE 1
#endif
#endif

typedef union SmallBlock {
    union SmallBlock *next;
    unsigned char bytes[SMALL_BLOCK];
} SmallBlock;

#ifndef SMALL_NOCACHE
static _Thread_local SmallBlock *tl_small;
static _Thread_local int tl_nsmall;
static _Thread_local bool tl_small_key;     /* small_exit registered for this thread */
static pthread_key_t small_key;
static pthread_once_t small_once = PTHREAD_ONCE_INIT;

static void small_exit(void *unused)
{
    (void)unused;
    while (tl_small) {
        SmallBlock *b = tl_small;
        tl_small = b->next;
        free(b);
    }
    tl_nsmall = 0;
    tl_small_key = false;
}

static void small_make_key(void) { pthread_key_create(&small_key, small_exit); }
#endif

static void *small_alloc(void)
{
#ifndef SMALL_NOCACHE
    SmallBlock *b = tl_small;
    if (b) {
        tl_small = b->next;
        tl_nsmall--;
        return b;
    }
#endif
    return xmalloc(SMALL_BLOCK);
}

static void small_free(void *p)
{
#ifndef SMALL_NOCACHE
    if (tl_nsmall < SMALL_CACHE_MAX) {
        if (!tl_small_key) {
            /* The key's destructor frees the list when this thread exits. */
            pthread_once(&small_once, small_make_key);
            pthread_setspecific(small_key, (void *)1);
            tl_small_key = true;
        }
        SmallBlock *b = p;
        b->next = tl_small;
        tl_small = b;
        tl_nsmall++;
        return;
    }
#endif
    free(p);
}

static bool is_return(const Op *op)
{
    return op->info ? (op->info->flags & OPF_TERMINATOR) != 0 : !strcmp(op->name, "tfrt.return");
}

static bool op_nonstrict(const Op *op)
{
    if (op->info && (op->info->flags & OPF_NONSTRICT)) return true;
    const Attr *a = ir_op_attr(op, "bef.nonstrict");
    return a && a->kind == ATTR_UNIT;
}

typedef struct UseRef { int op, operand; } UseRef;


/* The plan of [b]. Under the fast schedule there is no stream analysis:
** every kernel is in stream 0, so ready kernels all run inline, depth-first
** (the last made ready first), and only work a kernel defers becomes a task. */
static Plan *plan_build(const Module *m, const Block *b, bool fast)
{
    Plan *p = xcalloc(1, sizeof *p);
    p->block = b;
    p->nregs = b->nvalues;
    p->nargs = b->nargs;
    int nops = b->nops;
    const Op *ret = nops > 0 && is_return(b->ops[nops - 1]) ? b->ops[nops - 1] : NULL;
    int K = ret ? nops - 1 : nops;
    p->nkern = K + 1;
    p->kern = xcalloc((size_t)p->nkern, sizeof(Kern));
    p->user_count = xcalloc((size_t)p->nregs, sizeof(int));
    p->ustart = xcalloc((size_t)p->nregs + 1, sizeof(int));
    int *streams = xmalloc(sizeof(int) * (size_t)(nops + 1));
    if (fast || !stream_block(m, b, streams)) memset(streams, 0, sizeof(int) * (size_t)(nops + 1));
    p->pseudo_stream = streams[0];
    p->zero = xmalloc(sizeof(int) * (size_t)(K + 1));
    size_t nidx = 0;
    for (int k = 1; k <= K; k++) nidx += (size_t)(b->ops[k - 1]->noperands + b->ops[k - 1]->nresults);
    p->idx_pool = xmalloc(sizeof(int) * (nidx + 1));
    int *at = p->idx_pool;

    for (int k = 1; k <= K; k++) {
        const Op *op = b->ops[k - 1];
        Kern *kn = &p->kern[k];
        kn->op = op;
        kn->fn = op->info ? op->info->fn : NULL;
        kn->nargs = op->noperands;
        kn->nres = op->nresults;
        kn->args = at;
        at += op->noperands;
        kn->res = at;
        at += op->nresults;
        for (int j = 0; j < op->noperands; j++) kn->args[j] = op->operands[j]->index;
        for (int j = 0; j < op->nresults; j++) kn->res[j] = op->results[j]->index;
        kn->nonstrict = op_nonstrict(op);
        kn->ready_init = kn->nonstrict || op->noperands == 0 ? 1 : op->noperands;
        kn->stream = streams[k];
        if (op->noperands == 0) p->zero[p->nzero++] = k;
    }
    free(streams);

    /* User counts and use lists: operand occurrences in this block. */
    int total = 0;
    for (int i = 0; i < nops; i++) {
        const Op *op = b->ops[i];
        for (int j = 0; j < op->noperands; j++) {
            int r = op->operands[j]->index;
            if (r < 0 || r >= p->nregs) continue;
            p->user_count[r]++;
            if (op != ret) {
                p->ustart[r + 1]++;
                total++;
            }
        }
    }
    for (int r = 0; r < p->nregs; r++) p->ustart[r + 1] += p->ustart[r];
    p->users = xmalloc(sizeof(int) * (size_t)(total + 1));
    UseRef *tmp = xmalloc(sizeof(UseRef) * (size_t)(total + 1));
    int *fill = xmalloc(sizeof(int) * (size_t)(p->nregs + 1));
    memcpy(fill, p->ustart, sizeof(int) * (size_t)(p->nregs + 1));
    for (int i = 0; i < nops; i++) {
        const Op *op = b->ops[i];
        if (op == ret) continue;
        for (int j = 0; j < op->noperands; j++) {
            int r = op->operands[j]->index;
            if (r < 0 || r >= p->nregs) continue;
            tmp[fill[r]++] = (UseRef){ i, j };
        }
    }
    /* MLIR use-list order is the reverse of source order; the uses were
    ** collected in source order (op, then operand), so reverse them. */
    for (int r = 0; r < p->nregs; r++) {
        int s = p->ustart[r], n = p->ustart[r + 1] - s;
        for (int i = 0; i < n; i++) p->users[s + i] = tmp[s + n - 1 - i].op + 1;
    }
    free(tmp);
    free(fill);

    p->nresults = ret ? ret->noperands : 0;
    p->result_regs = xmalloc(sizeof(int) * (size_t)(p->nresults + 1));
    p->frame_size = sizeof(Frame) + sizeof(AsyncValue *) * (size_t)p->nregs +
                    sizeof(atomic_int) * (size_t)p->nkern;
    for (int i = 0; i < p->nresults; i++) p->result_regs[i] = ret->operands[i]->index;
    return p;
}

static void plan_free(Plan *p)
{
    if (!p) return;
    free(p->idx_pool);
    free(p->kern);
    free(p->user_count);
    free(p->ustart);
    free(p->users);
    free(p->zero);
    free(p->result_regs);
    for (int i = 0; i < FRAME_SPARES; i++) free(atomic_load(&p->spare[i]));
    free(p);
}

typedef void (*BlockFn)(void *ud, Block *b);

/* Post-order: for an op, everything nested in its regions, then the region
** bodies themselves (one "function" each); a function body after all. */
static void walk_regions(Block *b, BlockFn fn, void *ud)
{
    for (int i = 0; i < b->nops; i++) {
        Op *op = b->ops[i];
        for (int r = 0; r < op->nregions; r++) walk_regions(op->regions[r], fn, ud);
        for (int r = 0; r < op->nregions; r++) fn(ud, op->regions[r]);
    }
}

static void walk_module(const Module *m, BlockFn fn, void *ud)
{
    for (int i = 0; i < m->nfuncs; i++) {
        Func *f = m->funcs[i];
        if (!f->body) continue;
        walk_regions(f->body, fn, ud);
        fn(ud, f->body);
    }
}

/* {=====================================================================
** Host
** ====================================================================== */

typedef struct KState {
    struct KState *next;
    char *key;
    void *obj;
    void (*destroy)(void *);
} KState;

typedef struct HostPriv {
    Host pub;
    pthread_mutex_t mu;
    KState *states;
    bool loaded;
    VmProgram *vm;         /* EXEC_FAST: the compiled bodies */
} HostPriv;

Host *host_new(const Module *m, WorkQueue *q, HostAllocator *a, DiagSink *d, FILE *out)
{
    HostPriv *hp = xcalloc(1, sizeof *hp);
    hp->pub.module = m;
    hp->pub.queue = q;
    hp->pub.alloc = a;
    hp->pub.diag = d;
    hp->pub.out = out;
    pthread_mutex_init(&hp->mu, NULL);
    return &hp->pub;
}

static void free_plan_cb(void *ud, Block *b)
{
    (void)ud;
    plan_free(b->exec);
    b->exec = NULL;
}

void host_free(Host *h)
{
    if (!h) return;
    HostPriv *hp = (HostPriv *)h;
    if (hp->loaded && h->module) walk_module(h->module, free_plan_cb, NULL);
    vm_free(hp->vm);
    for (KState *s = hp->states, *n; s; s = n) {
        n = s->next;
        if (s->destroy) s->destroy(s->obj);
        free(s->key);
        free(s);
    }
    pthread_mutex_destroy(&hp->mu);
    free(hp);
}

void *host_kernel_state(Host *h, const char *key, void *(*create)(void), void (*destroy)(void *))
{
    HostPriv *hp = (HostPriv *)h;
    pthread_mutex_lock(&hp->mu);
    for (KState *s = hp->states; s; s = s->next) {
        if (!strcmp(s->key, key)) {
            pthread_mutex_unlock(&hp->mu);
            return s->obj;
        }
    }
    KState *s = xcalloc(1, sizeof *s);
    s->key = strdup(key);
    if (!s->key) abort();
    s->obj = create ? create() : NULL;
    s->destroy = destroy;
    s->next = hp->states;
    hp->states = s;
    pthread_mutex_unlock(&hp->mu);
    return s->obj;
}

typedef struct LoadCtx {
    Host *h;
    /* Unknown kernels: the first unknown op in post-order op order. */
    const Op *first_unknown;
    long first_pos;
    long pos;
} LoadCtx;

static void compile_cb(void *ud, Block *b)
{
    LoadCtx *lc = ud;
    /* A module loaded again (the REPL redefines functions) gets fresh plans. */
    plan_free(b->exec);
    b->exec = plan_build(lc->h->module, b, lc->h->schedule == EXEC_FAST);
}

static void attach_proto(void *ud, const Block *b, const VmProto *p)
{
    (void)ud;
    ((Plan *)b->exec)->vm = p;
}

static bool op_has_kernel(const Op *op)
{
    return is_return(op) || (op->info && op->info->fn);
}

/* Post-order op walk (§1.4): ops nested in an op's regions, then the op. */
static void find_unknown(LoadCtx *lc, const Block *b)
{
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        for (int r = 0; r < op->nregions; r++) find_unknown(lc, op->regions[r]);
        lc->pos++;
        if (!lc->first_unknown && !op_has_kernel(op)) lc->first_unknown = op;
    }
}

typedef struct LocateCtx { const char *name; const Op *found; } LocateCtx;

static void locate_cb(void *ud, Block *b)
{
    LocateCtx *lc = ud;
    if (lc->found) return;
    for (int i = 0; i < b->nops; i++) {
        if (!strcmp(b->ops[i]->name, lc->name)) {
            lc->found = b->ops[i];
            return;
        }
    }
}

static void cache_callee(void *ud, Block *b)
{
    const Module *m = ud;
    for (int i = 0; i < b->nops; i++) {
        Op *op = b->ops[i];
        /* Refreshed on every load: the REPL redefines functions. */
        if (op->callee) op->exec = ir_module_func(m, op->callee);
    }
}

bool exec_load(Host *h)
{
    HostPriv *hp = (HostPriv *)h;
    const Module *m = h->module;
    LoadCtx lc = { h, NULL, 0, 0 };
    for (int i = 0; i < m->nfuncs && !lc.first_unknown; i++)
        if (m->funcs[i]->body) find_unknown(&lc, m->funcs[i]->body);
    if (lc.first_unknown) {
        LocateCtx loc = { lc.first_unknown->name, NULL };
        walk_module(m, locate_cb, &loc);
        char buf[512];
        snprintf(buf, sizeof buf, "unknown kernel name '%s'", lc.first_unknown->name);
        ExecCtx c = { h, NULL, 0, NULL };
        exec_diag(&c, loc.found ? loc.found : lc.first_unknown, buf);
        return false;
    }
    for (int i = 0; i < m->nfuncs; i++) {
        const Func *f = m->funcs[i];
        if (f->is_native && !native_lookup(f->name)) {
            if (h->out) fflush(h->out);
            if (h->diag)
                diag_emit(h->diag, DIAG_ERROR, NULL, 0, 0,
                          "invalid FunctionIndex section in BEF file: unable to find native "
                          "function in global registry");
            return false;
        }
    }
    walk_module(m, compile_cb, &lc);
    walk_module(m, cache_callee, (void *)m);
    vm_free(hp->vm);
    hp->vm = h->schedule == EXEC_FAST ? vm_build(m, h, attach_proto, NULL) : NULL;
    hp->loaded = true;
    return true;
}

/* {=====================================================================
** Frames and ready queues
** ====================================================================== */


static Frame *frame_new(const Plan *p, const ExecCtx *c)
{
    Plan *mp = (Plan *)p;    /* only the spare slots are written */
    Frame *f = NULL;
    for (int i = 0; i < FRAME_SPARES && !f; i++)
        if (atomic_load_explicit(&mp->spare[i], memory_order_relaxed))
            f = atomic_exchange_explicit(&mp->spare[i], NULL, memory_order_acquire);
    if (!f) f = xmalloc(p->frame_size);
    f->plan = p;
    f->st = wq_is_single_threaded(c->host->queue);
    f->ctx = *c;
    f->ctx.error = NULL;
    if (f->ctx.rq) rq_retain(f->ctx.rq);
    atomic_init(&f->refs, 1);
    char *at = (char *)(f + 1);
    f->regs = (_Atomic(AsyncValue *) *)at;
    at += sizeof(AsyncValue *) * (size_t)p->nregs;
    f->ready = (atomic_int *)at;
    for (int r = 0; r < p->nregs; r++) atomic_init(&f->regs[r], NULL);
    for (int k = 1; k < p->nkern; k++) atomic_init(&f->ready[k], p->kern[k].ready_init);
    atomic_fetch_add(&live_frames, 1);
    return f;
}

static void frame_retain(Frame *f) { atomic_fetch_add_explicit(&f->refs, 1, memory_order_relaxed); }

static void frame_release(Frame *f)
{
    if (atomic_fetch_sub_explicit(&f->refs, 1, memory_order_acq_rel) != 1) return;
    const DebugHooks *dh = f->ctx.host->debug;
    if (dh) dh->frame_exit(dh->ud, f);
    if (f->ctx.rq) rq_release(f->ctx.rq);
    atomic_fetch_sub(&live_frames, 1);
    Plan *mp = (Plan *)f->plan;
    for (int i = 0; i < FRAME_SPARES; i++) {
        Frame *expect = NULL;
        if (atomic_compare_exchange_strong_explicit(&mp->spare[i], &expect, f,
                                                    memory_order_release, memory_order_relaxed))
            return;
    }
    free(f);
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

/* Makes the kernels of use list [users, users+n) one step more ready. */
static inline void decrement(Frame *f, ReadyQueue *q, const int *users, int n)
{
    const Kern *kern = f->plan->kern;
    atomic_int *ready = f->ready;
    bool st = f->st;
    for (int i = 0; i < n; i++) {
        int k = users[i];
        if (st) {
            /* Everything runs on this thread: plain decrements. */
            int c = atomic_load_explicit(&ready[k], memory_order_relaxed) - 1;
            atomic_store_explicit(&ready[k], c, memory_order_relaxed);
            if (c != 0) continue;
        } else if (atomic_fetch_sub_explicit(&ready[k], 1, memory_order_acq_rel) != 1) {
            continue;
        }
        if (kern[k].stream == q->stream) iv_push(&q->in, k);
        else iv_push(&q->out, k);
    }
}

/* §8.3 switch stream: std::partition of the outline list by "stream != S". */
static void switch_stream(Frame *f, ReadyQueue *q)
{
    if (q->out.n == 0) return;
    const Kern *kern = f->plan->kern;
    int S = kern[q->out.v[0]].stream;
    q->stream = S;
    if (q->out.n == 1) {
        /* What the partition does with one element. */
        iv_push(&q->in, q->out.v[0]);
        q->out.n = 0;
        return;
    }
    int *a = q->out.v;
    int first = 0, last = q->out.n;
    for (;;) {
        for (;;) {
            if (first == last) goto done;
            if (kern[a[first]].stream != S) first++;
            else break;
        }
        --last;
        for (;;) {
            if (first == last) goto done;
            if (kern[a[last]].stream == S) --last;
            else break;
        }
        int t = a[first];
        a[first] = a[last];
        a[last] = t;
        ++first;
    }
done:
    for (int i = first; i < q->out.n; i++) iv_push(&q->in, a[i]);
    q->out.n = first;
}

typedef struct Task {
    Frame *f;
    int stream, n;
    int ks[];
} Task;

/* Tasks of at most this many kernels fit a small block. */
#define TASK_INLINE ((int)((SMALL_BLOCK - sizeof(Task)) / sizeof(int)))

static void process(Frame *f, ReadyQueue *q);

static void run_task(void *a, void *b)
{
    (void)b;
    Task *t = a;
    ReadyQueue q;
    rq_init_q(&q, t->stream);
    for (int i = 0; i < t->n; i++) iv_push(&q.in, t->ks[i]);
    Frame *f = t->f;
    if (t->n <= TASK_INLINE) small_free(t);
    else free(t);
    process(f, &q);
    rq_free_q(&q);
    frame_release(f);
}

/* §8.3 dispatch: one task per run of equal stream ids, ascending. */
static void dispatch(Frame *f, ReadyQueue *q)
{
    const Kern *kern = f->plan->kern;
    int *a = q->out.v, n = q->out.n;
    if (n <= 32) {
        /* Stable insertion sort: these lists are usually short. */
        for (int i = 1; i < n; i++) {
            int x = a[i], j = i;
            while (j > 0 && kern[a[j - 1]].stream > kern[x].stream) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
    } else {
        /* Stable counting sort: stream ids are below the kernel count. */
        int ns = f->plan->nkern + 1;
        int *cnt = xcalloc((size_t)ns + 1, sizeof(int));
        int *tmp = xmalloc(sizeof(int) * (size_t)n);
        for (int i = 0; i < n; i++) cnt[kern[a[i]].stream + 1]++;
        for (int i = 0; i < ns; i++) cnt[i + 1] += cnt[i];
        for (int i = 0; i < n; i++) tmp[cnt[kern[a[i]].stream]++] = a[i];
        memcpy(a, tmp, sizeof(int) * (size_t)n);
        free(cnt);
        free(tmp);
    }
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && kern[a[j]].stream == kern[a[i]].stream) j++;
        Task *t = j - i <= TASK_INLINE ? small_alloc()
                                       : xmalloc(sizeof(Task) + sizeof(int) * (size_t)(j - i));
        t->f = f;
        t->stream = kern[a[i]].stream;
        t->n = j - i;
        memcpy(t->ks, a + i, sizeof(int) * (size_t)(j - i));
        frame_retain(f);
        wq_add_task(f->ctx.host->queue, run_task, t, NULL);
        i = j;
    }
    q->out.n = 0;
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
** Registers and produced results (§8.5)
** ====================================================================== */

static void retain_n(AsyncValue *v, int n)
{
    for (int i = 0; i < n; i++) av_retain(v);
}

/* Stores +1 [v] into register [r]: a fresh register takes one reference per
** use; a register already holding a forwarding value binds it to [v]. */
static void store(Frame *f, int r, AsyncValue *v)
{
    AsyncValue *expect = NULL;
    if (f->st) {
        expect = atomic_load_explicit(&f->regs[r], memory_order_relaxed);
        if (!expect) {
            atomic_store_explicit(&f->regs[r], v, memory_order_relaxed);
            retain_n(v, f->plan->user_count[r] - 1);
            return;
        }
    } else if (atomic_compare_exchange_strong_explicit(&f->regs[r], &expect, v,
                                                       memory_order_acq_rel, memory_order_acquire)) {
        retain_n(v, f->plan->user_count[r] - 1);
        return;
    }
    av_forward(expect, v);
    av_release(v);
    av_release(expect);    /* the reference that kept it alive until bound */
}

typedef struct Cont {
    Frame *f;
    AsyncValue *v;
    int r, stream;
} Cont;

_Static_assert(sizeof(Cont) <= SMALL_BLOCK, "a continuation fits a small block");

static void cont_body(Cont *c)
{
    Frame *f = c->f;
    const Plan *p = f->plan;
    ReadyQueue q;
    rq_init_q(&q, c->stream);
    store(f, c->r, c->v);
    decrement(f, &q, p->users + p->ustart[c->r], p->ustart[c->r + 1] - p->ustart[c->r]);
    small_free(c);
    process(f, &q);
    rq_free_q(&q);
    frame_release(f);
}

static void cont_task(void *a, void *b)
{
    (void)b;
    tl_cont_depth++;
    cont_body(a);
    tl_cont_depth--;
}

static void cont_fire(void *a, void *b)
{
    (void)b;
    Cont *c = a;
    if (tl_cont_depth >= CONT_NEST_LIMIT) {
        wq_add_task(c->f->ctx.host->queue, cont_task, c, NULL);
        return;
    }
    tl_cont_depth++;
    cont_body(c);
    tl_cont_depth--;
}

/* Handles +1 value [v] produced for register [r] (§8.5). */
static void produced(Frame *f, ReadyQueue *q, int r, AsyncValue *v)
{
    const Plan *p = f->plan;
    int n = p->ustart[r + 1] - p->ustart[r];
    if (av_is_resolved(v)) {
        store(f, r, v);
        decrement(f, q, p->users + p->ustart[r], n);
    } else if (n == 0) {
        store(f, r, v);
    } else {
        Cont *c = small_alloc();
        c->f = f;
        c->v = v;
        c->r = r;
        c->stream = q->stream;
        frame_retain(f);
        av_and_then(v, cont_fire, c, NULL);
    }
}

/* {=====================================================================
** Running one kernel (§8.4)
** ====================================================================== */

/* The value of operand register [r] for a non-strict kernel: what the
** register holds, or a new forwarding placeholder holding one reference per
** use, bound when the producer stores. */
static AsyncValue *take_operand(Frame *f, int r)
{
    AsyncValue *v = atomic_load_explicit(&f->regs[r], memory_order_acquire);
    if (v) return v;
    /* One reference per use, plus one for the producer's store. They must
    ** all exist before the placeholder is published: the producer may bind
    ** it and drop its reference at once on another thread. */
    int n = f->plan->user_count[r];
    AsyncValue *ph = av_new_indirect();
    retain_n(ph, n);
    AsyncValue *expect = NULL;
    if (atomic_compare_exchange_strong_explicit(&f->regs[r], &expect, ph, memory_order_acq_rel,
                                                memory_order_acquire))
        return ph;
    for (int i = 0; i <= n; i++) av_release(ph);
    return expect;
}

static void run_kernel(Frame *f, ReadyQueue *q, int k)
{
    const Kern *kn = &f->plan->kern[k];
    const DebugHooks *dh = f->ctx.host->debug;
    if (dh) dh->before_kernel(dh->ud, &f->ctx, f, kn->op);
    int nargs = kn->nargs, nres = kn->nres;
    AsyncValue *argbuf[SMALL], *resbuf[SMALL];
    AsyncValue **args = nargs <= SMALL ? argbuf : xmalloc(sizeof(AsyncValue *) * (size_t)nargs);
    AsyncValue **res = nres <= SMALL ? resbuf : xmalloc(sizeof(AsyncValue *) * (size_t)nres);
    /* The common single result separately: the loop alone compiles to a
    ** memset call. */
    if (nres == 1) res[0] = NULL;
    else for (int i = 0; i < nres; i++) res[i] = NULL;

    /* Strict kernels: the last error operand, else the cancellation. */
    AsyncValue *skip = NULL;
    if (kn->nonstrict) {
        for (int j = 0; j < nargs; j++) args[j] = take_operand(f, kn->args[j]);
    } else {
        for (int j = 0; j < nargs; j++) {
            AsyncValue *a = atomic_load_explicit(&f->regs[kn->args[j]], memory_order_acquire);
            args[j] = a;
            if (av_is_error(a)) skip = a;
        }
        if (!skip && f->ctx.rq) skip = rq_cancelled(f->ctx.rq);
    }
    if (skip) {
        AsyncValue *e = av_resolve_target(skip);
        for (int i = 0; i < nres; i++) {
            av_retain(e);
            res[i] = e;
        }
    } else if (kn->fn) {
        KernelFrame kf = { args, nargs, res, nres, kn->op, &f->ctx };
        kn->fn(&kf);
        for (int i = 0; i < nres; i++)
            if (!res[i]) res[i] = av_new_error(ERR_INTERNAL, "kernel did not set its result");
    } else {
        for (int i = 0; i < nres; i++) res[i] = av_new_error(ERR_UNIMPLEMENTED, "no kernel");
    }
    if (dh) dh->after_kernel(dh->ud, f, kn->op, res, nres);
    for (int j = 0; j < nargs; j++) av_release(args[j]);
    const int *user_count = f->plan->user_count;
    for (int i = 0; i < nres; i++) {
        int r = kn->res[i];
        if (user_count[r] == 0) av_release(res[i]);
        else produced(f, q, r, res[i]);
    }
    if (args != argbuf) free(args);
    if (res != resbuf) free(res);
}

/* {=====================================================================
** Invocation (§8.1, §8.3 "Starting an invocation")
** ====================================================================== */

typedef struct Start {
    Frame *f;
    int nargs;
    AsyncValue *args[];   /* +1 each (NULL for unused arguments) */
} Start;

static void start_frame(Frame *f, AsyncValue *const *args, bool owned)
{
    const Plan *p = f->plan;
    const DebugHooks *dh = f->ctx.host->debug;
    if (dh) dh->frame_enter(dh->ud, f, p->block, args, p->nargs);
    ReadyQueue q;
    rq_init_q(&q, p->pseudo_stream);
    decrement(f, &q, p->zero, p->nzero);
    for (int i = 0; i < p->nargs; i++) {
        if (p->user_count[i] == 0) {
            if (owned && args[i]) av_release(args[i]);
            continue;
        }
        if (!owned) av_retain(args[i]);
        produced(f, &q, i, args[i]);
    }
    tl_invoke_depth++;
    process(f, &q);
    tl_invoke_depth--;
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
    const Plan *p = body->exec;
    if (!p) {
        /* Not compiled (exec_load not called): an error for every result. */
        const Op *ret = body->nops ? body->ops[body->nops - 1] : NULL;
        int n = ret && is_return(ret) ? ret->noperands : 0;
        for (int i = 0; i < n; i++) results[i] = av_new_error(ERR_INTERNAL, "body not loaded");
        return;
    }
    if (p->vm && !c->host->debug && nargs == p->nargs) {
        /* The compiled form runs when every argument is there; otherwise
        ** the dataflow engine starts what it can (tfrun.md §1.1). */
        int i = 0;
        while (i < nargs && av_is_resolved(args[i])) i++;
        if (i == nargs) {
            vm_invoke(c, p->vm, args, nargs, results);
            return;
        }
    }
    Frame *f = frame_new(p, c);
    for (int i = 0; i < p->nresults; i++) {
        int r = p->result_regs[i];
        AsyncValue *v = atomic_load_explicit(&f->regs[r], memory_order_relaxed);
        if (!v) {
            /* One reference per use (the return uses' go to the caller),
            ** plus one kept until the real value is stored (§4: binding an
            ** unused result is always safe). */
            v = av_new_indirect();
            retain_n(v, p->user_count[r]);
            atomic_store_explicit(&f->regs[r], v, memory_order_release);
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
    if (tl_invoke_depth >= INVOKE_NEST_LIMIT) {
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

/* ---- native functions (§8.9) ---------------------------------------------- */

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

/* {=====================================================================
** Synchronous functions (§8.8)
** ====================================================================== */

bool exec_run_sync(const ExecCtx *c, const Func *fn, AsyncValue *const *args, int nargs,
                   AsyncValue **results, char **err)
{
    *err = NULL;
    const Block *b = fn->body;
    if (!b || !b->exec) {
        *err = strdup("sync function has no body");
        return false;
    }
    const Plan *p = b->exec;
    ExecCtx sc = *c;
    sc.flags |= EXEC_SYNC;
    sc.error = NULL;
    AsyncValue **regs = xcalloc((size_t)p->nregs + 1, sizeof(AsyncValue *));
    int *left = xmalloc(sizeof(int) * (size_t)(p->nregs + 1));
    for (int r = 0; r < p->nregs; r++) left[r] = p->user_count[r];
    for (int i = 0; i < p->nargs && i < nargs; i++) {
        av_retain(args[i]);
        regs[i] = args[i];
    }
    bool ok = true;
    for (int k = 1; k < p->nkern && ok; k++) {
        const Kern *kn = &p->kern[k];
        AsyncValue *argbuf[SMALL], *resbuf[SMALL];
        AsyncValue **a = kn->nargs <= SMALL ? argbuf : xmalloc(sizeof(AsyncValue *) * (size_t)kn->nargs);
        AsyncValue **rs = kn->nres <= SMALL ? resbuf : xmalloc(sizeof(AsyncValue *) * (size_t)kn->nres);
        for (int j = 0; j < kn->nargs; j++) a[j] = regs[kn->args[j]];
        for (int i = 0; i < kn->nres; i++) rs[i] = NULL;
        KernelFrame kf = { a, kn->nargs, rs, kn->nres, kn->op, &sc };
        if (kn->fn) kn->fn(&kf);
        else sc.error = strdup("no kernel");
        for (int i = 0; i < kn->nres; i++) {
            if (!rs[i]) rs[i] = av_new_error(ERR_INTERNAL, "kernel did not set its result");
            if (ok && !sc.error && av_is_error(rs[i])) sc.error = strdup(av_error(rs[i])->msg);
        }
        if (sc.error) ok = false;
        /* Release operands whose last use this was. */
        for (int j = 0; j < kn->nargs; j++) {
            int r = kn->args[j];
            if (--left[r] == 0 && regs[r]) {
                av_release(regs[r]);
                regs[r] = NULL;
            }
        }
        for (int i = 0; i < kn->nres; i++) {
            int r = kn->res[i];
            if (p->user_count[r] == 0) av_release(rs[i]);
            else regs[r] = rs[i];
        }
        if (a != argbuf) free(a);
        if (rs != resbuf) free(rs);
    }
    if (ok) {
        for (int i = 0; i < p->nresults; i++) {
            int r = p->result_regs[i];
            av_retain(regs[r]);
            results[i] = regs[r];
        }
    } else {
        *err = sc.error;
    }
    for (int r = 0; r < p->nregs; r++)
        if (regs[r]) av_release(regs[r]);
    free(regs);
    free(left);
    return ok;
}
