/*
** exec_int.h — what the executor's files share (interp/plan.c builds plans
** and loads a host, interp/exec.c runs frames over them, interp/call.c
** prints call chains and runs synchronous functions): the Plan of a body,
** the Frame of an invocation, and the call chain's links. Internal to
** interp/.
*/
#ifndef TFRUN_EXEC_INT_H
#define TFRUN_EXEC_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "base/alloc.h"
#include "base/freelist.h"
#include "interp/exec.h"
#include "interp/hooks.h"
#include "interp/vm.h"
#include "ops/optable.h"

/* Kernels with at most this many operands/results use stack arrays. */
#define SMALL 16
/* docs/execution.md §6.5: a continuation nested this deep on one thread is
** enqueued instead. */
#define CONT_NEST_LIMIT 100
/* Invocations nested this deep on one thread start from a task instead:
** the stack of one nesting level (ready queue + kernel + control-flow
** kernel + invocation) is well under 2 KiB, so this stays far below the
** 8 MiB main-thread stack and the smaller stacks of worker threads. */
#define INVOKE_NEST_LIMIT 200
/* How deep continuations and invocations are nested on this thread. Both
** engines of the exact schedule (interp/exec.c, interp/xe.c) count in the
** same two counters, so that a run that goes through both nests as one. */
extern _Thread_local int exec_cont_depth;
extern _Thread_local int exec_invoke_depth;
/* Freed frames each plan keeps for reuse. */
#define FRAME_SPARES 4
#define FRAME_STACK 64

/* {=====================================================================
** Plans
** ====================================================================== */

/* A plan keeps only what the IR does not already say. Kernel k (1..K) is
** op k-1 of the block: its operands, results, kernel function and operand
** count are read from the Op; a register's user count is its Value's nuses
** and its users are the Value's use list (source order; docs/execution.md §3's use-list order
** is its reverse, see make_ready). What the plan adds per kernel is its
** stream (an int) and what it waits for (a byte), so that a body of a
** million ops costs 5 bytes per op beyond the IR (plus 16 bytes per op of
** scratch while its streams are computed), and the users of values with
** many uses. */
typedef struct Plan Plan;

/* An invocation's registers and arrival counts, allocated in one block
** with the Frame (all zero at the start). done[k] counts the operands of
** kernel k that became available; the kernel is ready when it reaches
** need() (operands, or 1 for kernels without operands and non-strict ones). */
typedef struct Frame {
    const Plan *plan;
    ExecCtx ctx;
    bool st;               /* single-threaded queue: no atomic read-modify-writes */
    bool fast;             /* the fast schedule: every ready kernel runs inline */
    struct ExecWatch *watch;   /* the mixed schedule watches this frame, or NULL */
    atomic_int refs;
    atomic_int watch_at;   /* its place in the host's set of waiting frames
                              (interp/stuck.h), or -1: written under the
                              set's lock (unlocked on the single-threaded
                              queue), read without it only to test >= 0,
                              which another thread never changes */
    /* Followed by _Atomic(AsyncValue *) regs[nregs], then atomic_int
    ** done[nkern] (fregs, fdone). */
} Frame;

struct Plan {
    int nregs, nkern;     /* nkern counts the pseudo kernel 0 */
    Op *const *ops;       /* the block's ops: kernel k is ops[k - 1] */
    const Op *ret;        /* the block's tfrt.return, NULL if none */
    int *code;            /* per kernel: its stream; code[0] unused */
    uint8_t *need;        /* per kernel: NEED_NONSTRICT | operands it waits for */
    size_t code_bytes;    /* of the code + need allocation */
    int *zero;            /* kernels without operands, block order */
    int nzero;
    /* Values with more than FANOUT uses get their users listed here, in
    ** use-list order: walking a million uses spread over the IR would wait
    ** on memory for each. Open addressing on the register; fancap is 0 or
    ** a power of two. */
    struct Fan *fan;
    int fancap, nfan;
    /* The ops (indices) with regions and those with a callee, so that the
    ** later walks of exec_load and host_free need not read every op of a
    ** large body again. Valid while the block still has [nops] ops in
    ** [ops] (see plan_current). */
    int nops;
    int *rops, nrops, rcap;
    int *cops, ncops, ccap;
    const Func **callees; /* per op (by Op.index) when ncops > 0: its callee,
                             resolved at load, else NULL */
    int nresults;
    int nargs;
    int pseudo_stream;
    const Block *block;
    /* Bodies of at most PLAN_DENSE_OPS ops list the users of every register
    ** here, in use-list order (docs/execution.md §3), the return excluded:
    ** users[ustart[r] .. ustart[r + 1]). Making kernels ready then reads
    ** two small arrays instead of the IR's use lists. NULL for a larger
    ** body (make_ready walks the IR, and the fan for values with many
    ** uses). */
    int *ustart, *users;
    const VmProto *vm;    /* the compiled form (EXEC_FAST), or NULL */
    struct XPlan *xp;     /* the cheaper exact engine's form (interp/xe.c), or NULL */
    bool each_task;       /* EXEC_EXPLORE: never switch stream, no inline kernel */
    size_t frame_size;    /* bytes of one Frame of this body */
    /* A few freed frames kept for reuse: a loop body or a callee invoked
    ** again and again then costs no malloc. Exchanged atomically. */
    _Atomic(Frame *) spare[FRAME_SPARES];
    /* On the single-threaded queue, where only one thread ever touches the
    ** plan's frames, up to FRAME_STACK freed frames more: a recursion that
    ** unwinds leaves its frames here for the next descent (their first
    ** word links them). */
    Frame *stack;
    int nstack;
};

/* What register [index] of the live frame [frame] (a DebugHooks frame
** identity) holds now: the value, a forwarding value standing for it, or
** NULL. Borrowed; for the debugger (interp/debug.c), which reads it only
** while a kernel that has not run still uses it (the register then holds a
** reference for that use). */
AsyncValue *exec_frame_register(const void *frame, int index);

static inline int kstream(const Plan *p, int k) { return p->code[k]; }

/* The two list operations of docs/execution.md §6.3, shared by both exact
** engines (interp/exec.c, interp/xe.c) so that their orders cannot drift
** apart: kernels a[0..n), kernel k on stream stream[k], a stream id below
** nkern + 1. */

/* switch stream: std::partition of a[0..n) by "stream != S" (the kernels
** of S move to the end, in std::partition's order); returns where they
** begin. */
static inline int exec_partition_stream(int *a, int n, const int *stream, int S)
{
    int first = 0, last = n;
    for (;;) {
        for (;;) {
            if (first == last) return first;
            if (stream[a[first]] != S) first++;
            else break;
        }
        --last;
        for (;;) {
            if (first == last) return first;
            if (stream[a[last]] == S) --last;
            else break;
        }
        int t = a[first];
        a[first] = a[last];
        a[last] = t;
        ++first;
    }
}

/* dispatch: a[0..n) sorted by stream id, stably. */
static inline void exec_sort_by_stream(int *a, int n, const int *stream, int nkern)
{
    if (n <= 32) {
        /* Insertion sort: these lists are usually short. */
        for (int i = 1; i < n; i++) {
            int x = a[i], j = i;
            while (j > 0 && stream[a[j - 1]] > stream[x]) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return;
    }
    /* Counting sort: stream ids are below the kernel count. */
    int ns = nkern + 1;
    int *cnt = xcalloc((size_t)ns + 1, sizeof(int));
    int *tmp = xmalloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) cnt[stream[a[i]] + 1]++;
    for (int i = 0; i < ns; i++) cnt[i + 1] += cnt[i];
    for (int i = 0; i < n; i++) tmp[cnt[stream[a[i]]]++] = a[i];
    memcpy(a, tmp, sizeof(int) * (size_t)n);
    free(cnt);
    free(tmp);
}

static inline _Atomic(AsyncValue *) *fregs(const Frame *f) { return (_Atomic(AsyncValue *) *)(f + 1); }
static inline atomic_int *fdone(const Frame *f) { return (atomic_int *)(fregs(f) + f->plan->nregs); }

/* Walks over the ops of a large block would wait on memory for each op (the
** ops are hundreds of bytes apart): each walk prefetches the op AHEAD
** places on, both ends of it. */
#define AHEAD 8

static inline void prefetch_ahead(Op *const *ops, int i, int n)
{
    if (i + AHEAD < n) {
        const Op *o = ops[i + AHEAD];
        __builtin_prefetch(&o->info);
        __builtin_prefetch(&o->index);
    }
}

/* need[k]: bit 7 says the kernel is non-strict, bits 0-6 how many operands
** it waits for (1 for kernels without operands and non-strict ones),
** NEED_MANY meaning "op->noperands", which is at least that many. */
#define NEED_NONSTRICT 0x80
#define NEED_MANY 0x7f

/* Bodies with at most this many ops get dense user lists (Plan.users). */
#define PLAN_DENSE_OPS 4096

/* Values with more uses than this have their users listed in the plan. */
#ifndef FANOUT
#define FANOUT 16
#endif

/* The users of register [reg]: ks[cur..cap) in use-list order (docs/execution.md §3), the
** return excluded. */
typedef struct Fan {
    int reg, cur, cap;
    int *ks;
} Fan;

static inline unsigned fan_home(int reg, int cap) { return ((unsigned)reg * 0x9E3779B1u) & (unsigned)(cap - 1); }

/* The entry of [reg], or NULL. */
static inline const Fan *fan_find(const Plan *p, int reg)
{
    if (!p->fancap) return NULL;
    for (unsigned i = fan_home(reg, p->fancap);; i = (i + 1) & (unsigned)(p->fancap - 1)) {
        if (p->fan[i].reg == reg) return &p->fan[i];
        if (p->fan[i].reg < 0) return NULL;
    }
}

/* ---- the host (interp/plan.c) -------------------------------------------
** The Host owns the plans: a verified Module is never written by the
** executor, so several hosts may run one module. The plans are found by
** block in an open-addressing table (plancap is 0 or a power of two),
** filled by exec_load and read-only after it. */
typedef struct PlanSlot { const Block *b; Plan *p; } PlanSlot;

typedef struct HostPriv {
    Host pub;
    pthread_mutex_t mu;    /* states, out_rq */
    RequestContext *out_rq;    /* the request a failed output write stops (retained) */
    _Atomic int out_errno;     /* the first failed write's errno; 0 while output works */
    struct KState *states;
    bool loaded;
    VmProgram *vm;         /* EXEC_FAST: the compiled bodies */
    bool vm_hooked;        /* they were compiled for hooks that take compiled
                              code (HOOKS_COMPILED, interp/hooks.h) */
    struct StuckSet *stuck; /* the frames that wait (below; interp/stuck.c) */
    PlanSlot *plans;
    int plancap, nplans;
} HostPriv;

static inline unsigned plan_home(const Block *b, int cap)
{
    uintptr_t x = (uintptr_t)b >> 4;
    return (unsigned)((x * 0x9E3779B97F4A7C15ull) >> 32) & (unsigned)(cap - 1);
}

/* ---- the waiting frames (interp/stuck.c) ---------------------------------
** An array, each frame knowing its place (Frame.watch_at), so that joining
** and leaving cost a few stores; locked unless the queue is
** single-threaded (Frame.st: then only the thread that drives the queue
** touches it). The inline paths below are those of the single-threaded
** queue with room in the array; the rest is stuck.c's. */
struct ExecPark;
typedef struct StuckSet {
    pthread_mutex_t mu;
    struct Frame **v;
    int n, cap;
    struct ExecPark *parks;
    /* The requests stuck_report has reported on (their stuck frames hold
    ** them, so the pointers stay theirs). */
    const RequestContext **done;
    int ndone, capdone;
} StuckSet;

void stuck_watch_slow(Host *h, struct Frame *f);
void stuck_unwatch_slow(Host *h, struct Frame *f);

/* An entry of StuckSet.v with its low bit set is a frame of the cheaper
** exact engine (interp/xe.c, an XFrame), which keeps its place in the set
** itself (xe_watch_slot). stuck.c reads such a frame through a Frame made
** for the report (xe_frame_view). */
static inline bool stuck_is_xe(const struct Frame *f) { return ((uintptr_t)f & 1u) != 0; }
static inline void *stuck_xe_frame(const struct Frame *f) { return (void *)((uintptr_t)f & ~(uintptr_t)1); }
/* The place in the set of XFrame [xf] (-1: not in it): an int at this
** offset of its header (interp/xe.c asserts it). */
#define XE_WATCH_AT 28
static inline int *xe_watch_slot(void *xf) { return (int *)(void *)((char *)xf + XE_WATCH_AT); }

/* Tells entry [last], moved to place [i] of the set, where it is now. */
static inline void stuck_moved(struct Frame *last, int i)
{
    if (stuck_is_xe(last)) *xe_watch_slot(stuck_xe_frame(last)) = i;
    else atomic_store_explicit(&last->watch_at, i, memory_order_relaxed);
}

/* Takes entry [i] out of [s]: the last entry moves to its place. */
static inline void stuck_set_take(StuckSet *s, int i)
{
    struct Frame *last = s->v[--s->n];
    s->v[i] = last;
    stuck_moved(last, i);
}

/* XFrame [xf] joins / leaves host [h]'s waiting frames (single-threaded
** queue only: no lock); the inline paths of a set with room, the rest
** stuck.c's. */
void stuck_watch_xe_slow(Host *h, void *xf);
static inline void stuck_watch_xe(Host *h, void *xf)
{
    StuckSet *s = ((HostPriv *)h)->stuck;
    if (s && s->n < s->cap) {
        *xe_watch_slot(xf) = s->n;
        s->v[s->n++] = (struct Frame *)((uintptr_t)xf | 1u);
        return;
    }
    stuck_watch_xe_slow(h, xf);
}
static inline void stuck_unwatch_xe(Host *h, void *xf)
{
    int *at = xe_watch_slot(xf);
    stuck_set_take(((HostPriv *)h)->stuck, *at);    /* (the set was made when [xf] joined) */
    *at = -1;
}
/* XFrame [to] takes the place of [from] among them (interp/xe.c's
** retire). */
static inline void stuck_rewatch_xe(Host *h, void *from, void *to)
{
    StuckSet *s = ((HostPriv *)h)->stuck;
    int at = *xe_watch_slot(from);
    s->v[at] = (struct Frame *)((uintptr_t)to | 1u);
    *xe_watch_slot(to) = at;
    *xe_watch_slot(from) = -1;
}
/* A Frame of interp/exec.c's layout that shows XFrame [xf] as it is now
** (plan, context, registers boxed, arrival counts), for stuck.c to read;
** freed by xe_frame_view_free. */
struct Frame *xe_frame_view(void *xf);
/* A view's Frame.watch_at (it is in no set). */
#define XE_VIEW (-2)
void xe_frame_view_free(struct Frame *f);

/* [f] joins the waiting frames (it is not in them). */
static inline void stuck_watch_frame(struct Frame *f)
{
    if (f->st) {
        StuckSet *s = ((HostPriv *)f->ctx.host)->stuck;
        if (s && s->n < s->cap) {
            atomic_store_explicit(&f->watch_at, s->n, memory_order_relaxed);
            s->v[s->n++] = f;
            return;
        }
    }
    stuck_watch_slow(f->ctx.host, f);
}

/* [f] leaves them (it is in them). */
static inline void stuck_unwatch_frame(struct Frame *f)
{
    if (f->st) {
        stuck_set_take(((HostPriv *)f->ctx.host)->stuck, atomic_load_explicit(&f->watch_at, memory_order_relaxed));
        atomic_store_explicit(&f->watch_at, -1, memory_order_relaxed);
        return;
    }
    stuck_unwatch_slow(f->ctx.host, f);
}

/* Whether compiled code may run while host [h]'s hooks are attached: they
** take it (HOOKS_COMPILED) and the bodies were compiled for them. */
static inline bool exec_vm_hooked(const Host *h)
{
    const HostPriv *hp = (const HostPriv *)h;
    return hp->vm_hooked && h->debug && (h->debug->flags & HOOKS_COMPILED);
}

/* The plan of [b] on host [h], or NULL (not loaded). */
static inline Plan *plan_of(const Host *h, const Block *b)
{
    const HostPriv *hp = (const HostPriv *)h;
    if (!hp->plancap) return NULL;
    for (unsigned i = plan_home(b, hp->plancap);; i = (i + 1) & (unsigned)(hp->plancap - 1)) {
        if (hp->plans[i].b == b) return hp->plans[i].p;
        if (!hp->plans[i].b) return NULL;
    }
}

/* {=====================================================================
** The call chain (interp/exec.c, interp/call.c; docs/execution.md §1.7)
** ====================================================================== */

_Static_assert(sizeof(CallSite) <= FL_BLOCK, "a call site is a small block");

/* A new link (+1) for a call made by [op], one level deeper than [parent]
** (NULL: the top); takes the caller's reference on [parent]. */
static inline CallSite *exec_site_link(CallSite *parent, const Op *op)
{
    CallSite *s = fl_alloc();
    atomic_init(&s->refs, 1);
    s->depth = (parent ? parent->depth : 0) + 1;
    s->op = op;
    s->parent = parent;
    return s;
}
/* [c]'s whole chain as links (+1): new links for the compiled engine's
** calls (c->vm) on top of c->site. */
CallSite *exec_vm_sites(const ExecCtx *c);
/* The same, cheap when there are no compiled calls: c->site, retained. */
static inline CallSite *exec_chain_sites(const ExecCtx *c)
{
    if (__builtin_expect(c->vm != NULL, 0)) return exec_vm_sites(c);
    exec_site_retain(c->site);
    return c->site;
}
/* Emits a [k] diagnostic PREFIX MSG at [op]'s location (none without an op). */
void exec_emit_at(const Host *h, DiagKind k, const Op *op, const char *prefix, const char *msg);
/* The `called from` notes of [c]'s chain, innermost first: the compiled
** engine's calls, then the links from c->site up. At most EXEC_CALL_NOTES
** at each end; the ones between are counted in one note `... N more
** calls`. The caller holds the sink's lock, so that the notes follow the
** diagnostic they explain. */
void exec_call_notes(const ExecCtx *c);

/* ---- the cheaper exact engine (interp/xe.c) --------------------------------
** A second implementation of the exact schedule for the single-threaded
** queue: the same plans (streams, users) and the same order, kernel for
** kernel, on frames whose registers hold available scalars unboxed. It runs
** a body when the host was loaded for it (xe_host_wants) and nothing
** watches the run (no debugger hooks); interp/exec.c runs everything else. */
typedef struct XPlan XPlan;
/* Whether host [h] (loaded under EXEC_EXACT, or EXEC_MIXED for auto's exact
** parts, on the single-threaded queue) runs its bodies on the cheaper engine:
** not when TFRUN_EXACT_ENGINE=reference is set, nor when the module has an
** op that looks at reference counts. Under EXEC_MIXED an invocation that
** runs fast, or the frame the mixed schedule's watch claims, stays on
** interp/exec.c (exec_invoke_block). */
bool xe_host_wants(const Host *h);
/* The cheaper engine's form of [p] (NULL: the body stays on interp/exec.c),
** then, once every body has one, the links between them (callees, regions). */
XPlan *xe_plan_build(Host *h, Plan *p);
void xe_plan_link(Host *h, XPlan *xp);
void xe_plan_free(XPlan *xp);
/* exec_invoke_block on the cheaper engine: [args] +0, [results] +1. */
void xe_invoke_block(const ExecCtx *c, const XPlan *xp, AsyncValue *const *args, AsyncValue **results);
/* Frames of the cheaper engine alive (exec_live_frames adds them). */
long xe_live_frames(void);

/* ---- the mixed schedule's watch (interp/watch.c) -------------------------
** The frame of [b] in run [rq] claims watch [w] when it watches that body
** and no frame has claimed it yet (the run's top frame); NULL otherwise. */
ExecWatch *watch_claim(ExecWatch *w, const Block *b, RequestContext *rq);
/* Would a frame of [b] claim [w] now (watch_claim)? */
bool watch_wants(ExecWatch *w, const Block *b);
/* Kernel [op] of the watched frame set its results [res]. */
void watch_results(ExecWatch *w, const Op *op, AsyncValue *const *res);

static inline bool is_return(const Op *op)
{
    return op->info && (op->info->flags & OPF_TERMINATOR) != 0;
}

#endif
