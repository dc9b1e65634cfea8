/*
** xe.c — the exact schedule's cheaper engine (docs/engine.md "The exact
** engine", docs/execution.md §6): the algorithm of interp/exec.c — the same
** plans, streams, ready queues, inline LIFO, FIFO tasks, continuations and
** their nesting limits, non-strict kernels with placeholders, skip rules,
** destruction points — kernel for kernel, on a representation that costs
** less. interp/exec.c stays the reference and runs whatever this file does
** not (exec_int.h says when). It serves --schedule=exact and auto's exact
** parts (EXEC_MIXED): under auto an invocation that starts after the
** request went fast leaves it for the fast schedule (invoke_fast), at the
** moment interp/exec.c makes the same choice.
**
** What is cheaper, and why it changes nothing a program can see:
**
**   Registers hold available scalars unboxed. A register is a tag and eight
**   bytes: empty, a scalar (the tag is its AnyType: i1 ... f64, complex64,
**   the chain) or an AsyncValue (with one reference per remaining use, as
**   interp/exec.c's registers). A value that is available and a plain
**   scalar has no identity a kernel can observe — no destruction to report,
**   and no reference count anyone reads (a module with
**   tfrt_test.get_uniqueness stays on interp/exec.c) — so it may be boxed
**   and unboxed at will: a kernel of the ABI gets a fresh box, and a
**   resolved scalar that reaches a register is unboxed there.
**
**   Unavailable values stay AsyncValues with exactly interp/exec.c's
**   structure: the same placeholders, indirect results, continuations and
**   forwarding nodes, made at the same moments, so that their waiters run
**   in the same order. The one thing made later is the invocation's
**   indirect result (docs/execution.md §6.1): until the synchronous part of
**   the invocation ends nobody but the frame can see it, so it is made when
**   something could (a non-strict kernel takes the empty register: the
**   placeholder it makes is that value; an unavailable value is stored
**   there: it is made and bound at once; the invocation returns with the
**   register empty). An invocation through the ABI (exec_invoke_block)
**   makes them at its start, as interp/exec.c does, so that its caller
**   sees the same values.
**
**   The kernels whose work is plain arithmetic on scalars (ops/arith.def),
**   the constants (computed once, at load, by their own kernels), and
**   tfrt.merge.chains run here; tfrt.call, tfrt.if, tfrt.repeat.i32 and
**   tfrt.while run here too, as interp/exec.c's kernels in kernels/control.c
**   do, step for step, passing scalars unboxed. Anything unusual — an error
**   operand, the cancellation, a zero divisor, a negative trip count, the
**   call depth limit — goes to the op's own kernel on boxed operands, so
**   that values, messages and diagnostics come from the same code.
**
**   A task that runs at most three kernels is its frame and a word naming
**   the stream and the kernels (no allocation); a frame is one block: a
**   small header, the registers, their tags and the kernels' ready counts,
**   cut from slabs its plan keeps.
**
**   A body that runs no kernel and only returns arguments, all resolved,
**   gets no frame (invoke_passthrough): its results are those arguments,
**   one reference per return use, as the frame would have handed them out.
**
**   A register that waits for its value holds it (XT_WAIT), and the
**   continuation is the frame and a word naming the register and the
**   stream: no block of its own, and when it is the value's first, kept in
**   the value (av_and_then_local; in one word with the value as the
**   second, av_and_then_local_v, where they fit: cont_fire_v). Once a non-strict kernel or the
**   invocation's end took the register's placeholder (XT_WAITPH), the
**   placeholder keeps the value until the value binds it.
**
**   A frame whose kernels all ran and that waits only to bind such
**   placeholders is retired: its continuations are handed over, each in
**   its place, to a 32-byte ghost that does the binding, and the frame
**   goes back to its plan (retire, "retired frames").
**
**   A tfrt.if that runs before its condition is there keeps its deferral
**   in the frame while only ifs took that register, and runs where the
**   placeholder's waiters would have run ("a deferred tfrt.if kept in its
**   frame"). A callee's result that is a forwarding value nothing waits
**   on and only the caller will see, stored into a register that is only
**   returned, is that register's value (produce_all): the forwarding value
**   interp/exec.c's register has would be its one waiter. Likewise a
**   branch's result that only its if will bind to (invoke_branch), and an
**   argument only returned that only this invocation sees
**   (passed_through).
**
**   A frame that waits joins the host's waiting frames as interp/exec.c's
**   do (tagged, interp/exec_int.h), so that work that never ran is
**   reported the same way (interp/stuck.h reads it through xe_frame_view).
**
** Threads: only the single-threaded queue (`s`): every frame, register and
** count is touched by the thread that drives the queue, without atomics.
** The AsyncValues are interp/async_value.c's, shared with everything else.
**
** Module prefix: xe_.
*/
#include "base/alloc.h"
#include "base/freelist.h"
#ifdef FL_ASAN
#include <sanitizer/lsan_interface.h>
#endif
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "interp/exec.h"
#include "interp/exec_int.h"

/* A waiting register's continuation in one word (cont_fire_v): the frame
** in bits 0..WV_R-1 (shifted by 3), the register from WV_R, the stream
** from WV_S, WV_BITS each. */
enum { WV_R = 44, WV_S = 54, WV_BITS = 10 };
#define WV_FRAME_MASK (((uintptr_t)1 << WV_R) - 1)
#define WV_FR_MASK (((uintptr_t)1 << WV_S) - 1)    /* the frame and the register */
/* Iterations of tfrt.repeat.i32 run in blocks of this size (kernels/control.c). */
#define REPEAT_BLOCK 32
/* Bodies of at most this many ops run here (they have dense user lists). */
#define XE_MAX_OPS PLAN_DENSE_OPS
/* A plan's frames come from slabs of this many frames at most (the
** first slabs are smaller: 4, 8, ...). */
#define XE_SLAB_MAX 256

/* {=====================================================================
** Values
** ====================================================================== */

/* A register's or a value's tag: XT_EMPTY, an AnyType from ANY_CHAIN to
** ANY_COMPLEX64 (an available scalar, its payload in the eight bytes), or
** XT_AV (an AsyncValue). A register (never a value) may also be empty in
** one of three ways that say more: XT_DEFER, tfrt.if kernels deferred on it
** as their condition, the list of them in the eight bytes (see "a deferred
** tfrt.if kept in its frame"); XT_WAIT, its value produced but unavailable,
** waited for (the value, +1, in the eight bytes: wait_for); XT_WAITPH, the
** same after a non-strict kernel or the invocation's end took the
** register's placeholder (the placeholder in the eight bytes, which keeps
** the value, +1, until the value binds it: av_unbound_keep). */
enum { XT_EMPTY = 0, XT_AV = 0x80, XT_DEFER = 0x81, XT_WAIT = 0x82, XT_WAITPH = 0x83 };

typedef struct XVal {
    uint64_t u;           /* the scalar's payload, or the AsyncValue */
    uint8_t t;
} XVal;

static inline XVal xv_av(AsyncValue *v) { XVal x = { (uint64_t)(uintptr_t)v, XT_AV }; return x; }
static inline AsyncValue *xv_get_av(XVal x) { return (AsyncValue *)(uintptr_t)x.u; }
/* Available or an error: a scalar, or a resolved AsyncValue. */
static inline bool xv_resolved(XVal x) { return x.t != XT_AV || av_is_resolved(xv_get_av(x)); }

/* Can [a] be kept unboxed (a plain scalar: nothing beside the type and
** the eight bytes)? */
static inline bool unboxable(const Any *a)
{
    return a->type >= ANY_CHAIN && a->type <= ANY_COMPLEX64 && a->len == 0 && a->aux == 0 && a->aux32 == 0;
}

/* The Any of scalar [x]. */
static inline Any xv_any(XVal x)
{
    Any a = {0};
    a.type = x.t;
    a.v.u = x.u;
    return a;
}

/* A new value (+1) holding scalar [x]: what a kernel of the ABI gets. */
static inline AsyncValue *box(XVal x)
{
    if (x.t == ANY_CHAIN) return av_ready_chain();
    return av_new_available(xv_any(x));
}

/* [args] (+0) for the ABI, in [buf] (SMALL) or a new array: an AsyncValue
** as it is, a scalar boxed (+1, dropped by unbox_args). */
static AsyncValue **box_args(const XVal *args, int n, AsyncValue **buf)
{
    AsyncValue **a = n <= SMALL ? buf : xmalloc(sizeof(AsyncValue *) * (size_t)n);
    for (int j = 0; j < n; j++) a[j] = args[j].t == XT_AV ? xv_get_av(args[j]) : box(args[j]);
    return a;
}

/* Undoes box_args: the boxes are dropped, the array freed unless [buf]. */
static void unbox_args(const XVal *args, int n, AsyncValue **a, AsyncValue **buf)
{
    for (int j = 0; j < n; j++)
        if (args[j].t != XT_AV) av_release(a[j]);
    if (a != buf) free(a);
}

/* Drops [x] (an operand's use, or a value held): releases an AsyncValue. */
static inline void xv_drop(XVal x)
{
    if (x.t == XT_AV) av_release(xv_get_av(x));
}

static inline void xv_retain(XVal x)
{
    if (x.t == XT_AV) av_retain(xv_get_av(x));
}

/* The truth of resolved, available [x] (tfrt.if's condition). */
static inline bool xv_true(XVal x)
{
    return (x.t == XT_AV ? av_get(xv_get_av(x))->v.i : (int64_t)x.u) != 0;
}

/* {=====================================================================
** Plans
** ====================================================================== */

/* A kernel's arrivals (up to its operands) and what it needs of them, in
** a byte: a body with a kernel of more operands runs on interp/exec.c. */
typedef uint8_t XCount;
#define XCOUNT_MAX 254

/* Kernel kinds: how run() executes a kernel. */
enum {
    XK_GENERIC = 0,    /* the op's kernel, through the ABI */
    XK_CONST,          /* a constant, computed at load (XK.k) */
    XK_ARITH,          /* plain arithmetic (XK.sub) */
    XK_MERGE,          /* tfrt.merge.chains */
    XK_CALL,           /* tfrt.call of a body this engine runs */
    XK_IF,             /* tfrt.if over regions this engine runs */
    XK_REPEAT,         /* tfrt.repeat.i32 over a region this engine runs */
    XK_WHILE           /* tfrt.while (parallel_iterations 1) of such a body */
};

/* Arithmetic: operator and type (ops/arith.def), the kernels' exact
** semantics (kernels/basic.c). */
enum {
    XA_ADD_I32, XA_SUB_I32, XA_MUL_I32, XA_DIV_I32, XA_EQ_I32, XA_LE_I32,
    XA_ADD_I64, XA_SUB_I64, XA_MUL_I64, XA_DIV_I64, XA_EQ_I64, XA_LE_I64,
    XA_AND_I1,
    XA_ADD_F32, XA_MUL_F32, XA_DIV_F32, XA_MIN_F32,
    XA_ADD_F64, XA_MUL_F64, XA_DIV_F64, XA_MIN_F64,
    XA_I64_TO_F32, XA_I64_TO_F64
};

typedef struct XK {
    const Op *op;
    const int32_t *in;     /* operand registers */
    const int32_t *out;    /* result registers */
    int nin, nout;
    uint8_t kind, sub;
    bool nonstrict;
    bool to_ret;           /* a result register is only returned (produce_all's [sole]) */
    XVal k;                /* XK_CONST */
    const XPlan *body[2];  /* XK_IF: then, else (NULL: none); XK_REPEAT: [0];
                              XK_CALL, XK_WHILE: [0] the callee's body */
    const Func *fn;        /* XK_CALL, XK_WHILE: the callee */
} XK;

/* Register facts. R_SOLE: returned once and used by no kernel. */
enum { R_RESULT = 1, R_USERS = 2, R_SOLE = 4, R_ARG = 8 };

struct XPlan {
    const Plan *plan;
    Host *host;
    WorkQueue *queue;
    int nregs, nkern, nargs, nres;
    int pseudo_stream;
    XK *k;                 /* [nkern]; k[0] unused */
    int32_t *stream;       /* [nkern] */
    XCount *need;          /* [nkern] */
    int32_t *zero;         /* kernels without operands, block order */
    int nzero;
    int32_t *argreg;       /* [nargs] */
    int32_t *ret;          /* [nres]: the returned registers */
    int32_t *nuses;        /* [nregs + 1] */
    uint8_t *rinfo;        /* [nregs + 1]: R_* */
    const int32_t *ustart, *users;   /* the plan's dense user lists, by slot */
    int32_t *slot;         /* [the plan's registers]: a register's slot */
    int32_t *ustart_own;   /* ustart, by slot */
    int32_t *ints;         /* operand and result registers of every kernel */
    size_t frame_size, tag_off, done_off;
    struct XFrame *spare;  /* free frames (their first word links them) */
    void *slabs;           /* the slabs they are cut from (the first word links them) */
    int slab_n;            /* frames in the last slab */
    long live;             /* frames in use */
    int32_t *ret_arg;      /* [nres] the argument each result is, when the
                              body runs no kernel (a pass-through), else NULL */
    bool wv_ok;            /* every register and stream, and the frames' addresses,
                              fit a continuation's one word (wv_pack) */
};

/* Builds the arithmetic kind of [op], or -1. */
static int arith_kind(const Op *op)
{
    DType dt;
    ArithOp a = optable_arith(op->info->id, &dt);
    int k = -1, nin = 2, nout = 1;
    switch (a) {
    case ARITH_ADD: k = dt == DT_I32 ? XA_ADD_I32 : dt == DT_I64 ? XA_ADD_I64 : dt == DT_F32 ? XA_ADD_F32
                      : dt == DT_F64 ? XA_ADD_F64 : -1; break;
    case ARITH_SUB: k = dt == DT_I32 ? XA_SUB_I32 : dt == DT_I64 ? XA_SUB_I64 : -1; break;
    case ARITH_MUL: k = dt == DT_I32 ? XA_MUL_I32 : dt == DT_I64 ? XA_MUL_I64 : dt == DT_F32 ? XA_MUL_F32
                      : dt == DT_F64 ? XA_MUL_F64 : -1; break;
    case ARITH_DIV:
        k = dt == DT_I32 ? XA_DIV_I32 : dt == DT_I64 ? XA_DIV_I64 : dt == DT_F32 ? XA_DIV_F32
            : dt == DT_F64 ? XA_DIV_F64 : -1;
        if (dt == DT_I32 || dt == DT_I64) nout = 2;
        break;
    case ARITH_EQ: k = dt == DT_I32 ? XA_EQ_I32 : dt == DT_I64 ? XA_EQ_I64 : -1; break;
    case ARITH_LE: k = dt == DT_I32 ? XA_LE_I32 : dt == DT_I64 ? XA_LE_I64 : -1; break;
    case ARITH_AND: k = dt == DT_BOOL ? XA_AND_I1 : -1; break;
    case ARITH_MIN: k = dt == DT_F32 ? XA_MIN_F32 : dt == DT_F64 ? XA_MIN_F64 : -1; break;
    case ARITH_TO_F32: k = dt == DT_I64 ? XA_I64_TO_F32 : -1; nin = 1; break;
    case ARITH_TO_F64: k = dt == DT_I64 ? XA_I64_TO_F64 : -1; nin = 1; break;
    default: break;
    }
    if (k < 0 || op->noperands != nin || op->nresults != nout) return -1;
    return k;
}

/* A constant op's value, computed by its own kernel on a silent context
** (what interp/vm_compile.c's fold_constant does): false when the kernel
** fails or gives something other than a plain scalar. */
static bool fold_constant(Host *h, const Op *op, XVal *out)
{
    const OpInfo *in = op->info;
    bool constant = in->family == SYN_CONSTANT || in->family == SYN_CONSTANT_COMPLEX ||
                    in->id == OPID_tfrt_new_chain;
    if (!constant || op->noperands != 0 || op->nresults != 1 || !in->fn) return false;
    ExecCtx sc = { .host = h, .flags = EXEC_SYNC };
    AsyncValue *res[1] = { NULL };
    KernelFrame kf = { NULL, 0, res, 1, op, &sc };
    in->fn(&kf);
    bool ok = !sc.error && res[0] && av_is_available(res[0]) && unboxable(av_get(res[0]));
    if (ok) {
        out->t = av_get(res[0])->type;
        out->u = av_get(res[0])->v.u;
    }
    if (res[0]) av_release(res[0]);
    free(sc.error);
    return ok;
}

/* Does [b] (or a region in it) have an op that reports reference counts? */
static bool looks_at_refcounts(const Block *b)
{
    for (int i = 0; b && i < b->nops; i++) {
        const Op *op = b->ops[i];
        if (op->info && op->info->id == OPID_tfrt_test_get_uniqueness) return true;
        for (int r = 0; r < op->nregions; r++)
            if (looks_at_refcounts(op->regions[r])) return true;
    }
    return false;
}

bool xe_host_wants(const Host *h)
{
    /* auto's exact parts (EXEC_MIXED) too: an invocation that starts after
    ** the request went fast leaves this engine (invoke), and the frame the
    ** mixed schedule watches stays on interp/exec.c (exec_invoke_block). */
    if ((h->schedule != EXEC_EXACT && h->schedule != EXEC_MIXED) || !wq_is_single_threaded(h->queue))
        return false;
    const char *e = getenv("TFRUN_EXACT_ENGINE");
    if (e && !strcmp(e, "reference")) return false;
    /* tfrt_test.get_uniqueness sees whether a value has one reference: the
    ** boxes this engine makes and drops would show. */
    const Module *m = h->module;
    for (int i = 0; i < m->nfuncs; i++)
        if (looks_at_refcounts(m->funcs[i]->body)) return false;
    return true;
}

XPlan *xe_plan_build(Host *h, Plan *p)
{
    const Block *b = p->block;
    if (!p->users || !p->ret || b->nops > XE_MAX_OPS || p->each_task) return NULL;
    int K = p->nkern;
    int nints = 0, nifs = 0;
    for (int k = 1; k < K; k++) {
        const Op *op = p->ops[k - 1];
        /* A kernel's arrivals, and done[0]'s registers with ifs deferred
        ** on them, are counted in a byte (XCount). */
        if (op->noperands > XCOUNT_MAX) return NULL;
        if (op->info && op->info->id == OPID_tfrt_if && ++nifs > XCOUNT_MAX) return NULL;
        nints += op->noperands + op->nresults;
    }
    XPlan *x = xcalloc(1, sizeof *x);
    x->plan = p;
    x->host = h;
    x->queue = h->queue;
    /* A register nothing uses (a quotient nobody reads) is never stored
    ** or read: it has no slot in the frame. The others get slots in
    ** register order; every unused one is slot nregs, outside the frame,
    ** with no uses and no users. */
    x->slot = xcalloc((size_t)p->nregs + 1, sizeof *x->slot);
    for (int i = 0; i < b->nargs; i++) x->slot[b->args[i]->index] = b->args[i]->nuses > 0;
    for (int k = 1; k < K; k++)
        for (int j = 0; j < p->ops[k - 1]->nresults; j++)
            x->slot[p->ops[k - 1]->results[j]->index] = p->ops[k - 1]->results[j]->nuses > 0;
    int ns = 0;
    for (int r = 0; r < p->nregs; r++) x->slot[r] = x->slot[r] ? ns++ : -1;
    for (int r = 0; r < p->nregs; r++)
        if (x->slot[r] < 0) x->slot[r] = ns;
    x->ustart_own = xcalloc((size_t)ns + 2, sizeof *x->ustart_own);
    for (int r = 0; r < p->nregs; r++)
        if (x->slot[r] < ns) x->ustart_own[x->slot[r]] = p->ustart[r];
    x->ustart_own[ns] = x->ustart_own[ns + 1] = p->ustart[p->nregs];
    x->nregs = ns;
    x->nkern = K;
    x->nargs = p->nargs;
    x->nres = p->nresults;
    x->pseudo_stream = p->pseudo_stream;
    x->k = xcalloc((size_t)K, sizeof *x->k);
    x->stream = xcalloc((size_t)K, sizeof *x->stream);
    x->need = xcalloc((size_t)K, sizeof *x->need);
    x->zero = xcalloc((size_t)p->nzero + 1, sizeof *x->zero);
    x->nzero = p->nzero;
    for (int i = 0; i < p->nzero; i++) x->zero[i] = p->zero[i];
    x->argreg = xcalloc((size_t)x->nargs + 1, sizeof *x->argreg);
    for (int i = 0; i < x->nargs; i++) x->argreg[i] = x->slot[b->args[i]->index];
    x->ret = xcalloc((size_t)x->nres + 1, sizeof *x->ret);
    x->nuses = xcalloc((size_t)x->nregs + 1, sizeof *x->nuses);
    x->rinfo = xcalloc((size_t)x->nregs + 1, 1);
    x->ints = xcalloc((size_t)nints + 1, sizeof *x->ints);
    x->ustart = x->ustart_own;
    x->users = p->users;
    for (int i = 0; i < b->nargs; i++) {
        int r = x->slot[b->args[i]->index];
        if (r == ns) continue;
        x->nuses[r] = b->args[i]->nuses;
        x->rinfo[r] |= R_ARG;
    }
    x->stream[0] = p->pseudo_stream;
    x->need[0] = 1;
    int32_t *ip = x->ints;
    for (int k = 1; k < K; k++) {
        const Op *op = p->ops[k - 1];
        XK *xk = &x->k[k];
        xk->op = op;
        xk->nin = op->noperands;
        xk->nout = op->nresults;
        int32_t *in = ip;
        for (int j = 0; j < op->noperands; j++) *ip++ = x->slot[op->operands[j]->index];
        int32_t *out = ip;
        for (int j = 0; j < op->nresults; j++) {
            *ip++ = x->slot[op->results[j]->index];
            if (ip[-1] < ns) x->nuses[ip[-1]] = op->results[j]->nuses;
        }
        xk->in = in;
        xk->out = out;
        xk->nonstrict = (p->need[k] & NEED_NONSTRICT) != 0;
        xk->kind = XK_GENERIC;
        x->stream[k] = p->code[k];
        x->need[k] = (XCount)(xk->nonstrict || op->noperands == 0 ? 1 : op->noperands);
        if (!op->info || !op->info->fn) continue;
        int a;
        switch (op->info->id) {
        case OPID_tfrt_call: if (xk->nonstrict) xk->kind = XK_CALL; break;
        case OPID_tfrt_if: if (xk->nonstrict) xk->kind = XK_IF; break;
        case OPID_tfrt_repeat_i32: if (xk->nonstrict) xk->kind = XK_REPEAT; break;
        case OPID_tfrt_while: if (!xk->nonstrict) xk->kind = XK_WHILE; break;
        case OPID_tfrt_merge_chains:
            if (!xk->nonstrict && op->nresults == 1) xk->kind = XK_MERGE;
            break;
        default:
            if (xk->nonstrict) break;
            if ((a = arith_kind(op)) >= 0) {
                xk->kind = XK_ARITH;
                xk->sub = (uint8_t)a;
            } else if (fold_constant(h, op, &xk->k)) {
                xk->kind = XK_CONST;
            }
            break;
        }
    }
    for (int i = 0; i < x->nres; i++) {
        x->ret[i] = x->slot[p->ret->operands[i]->index];
        x->rinfo[x->ret[i]] |= R_RESULT;
    }
    for (int r = 0; r < x->nregs; r++)
        if (x->ustart[r + 1] > x->ustart[r]) x->rinfo[r] |= R_USERS;
    for (int i = 0; i < x->nres; i++)
        if (x->nuses[x->ret[i]] == 1 && !(x->rinfo[x->ret[i]] & R_USERS)) x->rinfo[x->ret[i]] |= R_SOLE;
    if (K == 1) {
        /* No kernel: every result is an argument (invoke_passthrough). */
        x->ret_arg = xcalloc((size_t)x->nres + 1, sizeof *x->ret_arg);
        for (int i = 0; i < x->nres; i++) {
            x->ret_arg[i] = -1;
            for (int j = 0; j < x->nargs; j++)
                if (x->argreg[j] == x->ret[i]) x->ret_arg[i] = j;
            if (x->ret_arg[i] < 0) {
                free(x->ret_arg);
                x->ret_arg = NULL;
                break;
            }
        }
    }
    for (int k = 1; k < K; k++)
        for (int i = 0; i < x->k[k].nout; i++) {
            int r = x->k[k].out[i];
            if ((x->rinfo[r] & R_RESULT) && !(x->rinfo[r] & R_USERS)) x->k[k].to_ret = true;
        }
    /* One block: the 32-byte header, registers, tags, then the ready counts. */
    x->tag_off = 32 + sizeof(uint64_t) * (size_t)x->nregs;
    x->done_off = x->tag_off + (size_t)x->nregs;
    /* done[K]: the registers XT_WAITPH (retire's quick test: it wraps, so
    ** only a hint). */
    x->frame_size = (x->done_off + sizeof(XCount) * ((size_t)K + 1) + 7) & ~(size_t)7;
    assert(x->tag_off % 8 == 0 && x->frame_size >= x->tag_off + (((size_t)x->nregs + 7) & ~(size_t)7) &&
           "retire reads the tags eight bytes at a time");
    /* (frame_slab clears it for a slab out of the address bits) */
    x->wv_ok = x->nregs <= 1 << WV_BITS && x->pseudo_stream >= 0 && x->pseudo_stream < 1 << WV_BITS;
    for (int k = 1; k < K; k++)
        if (x->stream[k] < 0 || x->stream[k] >= 1 << WV_BITS) x->wv_ok = false;
    return x;
}

/* The number of results of body [b] (its return's operands). */
static int block_nresults(const Block *b)
{
    return b && b->nops ? b->ops[b->nops - 1]->noperands : 0;
}

/* The body plan of [b] when this engine runs it with [nargs] arguments and
** [nres] results, else NULL. */
static const XPlan *body_for(Host *h, const Block *b, int nargs, int nres)
{
    if (!b) return NULL;
    const Plan *p = plan_of(h, b);
    if (!p || !p->xp || p->nargs != nargs || block_nresults(b) != nres || p->nresults != nres) return NULL;
    return p->xp;
}

/* The function a symbol attribute [name] of [op] names, or NULL. */
static const Func *attr_func(Host *h, const Op *op, const char *name)
{
    const Attr *a = ir_op_attr(op, name);
    if (!a || a->kind != ATTR_SYMBOL) return NULL;
    return ir_module_func(h->module, a->u.str.s);
}

/* Whether [fn] is a function the engine can call: a body, not native, not
** sync (exec_invoke_func's conditions). */
static bool callable(const Func *fn)
{
    return fn && !fn->is_native && fn->body && !fn->is_sync;
}

void xe_plan_link(Host *h, XPlan *x)
{
    for (int k = 1; k < x->nkern; k++) {
        XK *xk = &x->k[k];
        const Op *op = xk->op;
        switch (xk->kind) {
        case XK_CALL: {
            /* k_tfrt_call's callee: the one resolved at load. */
            const Func *fn = exec_op_callee(&(ExecCtx){ .host = h }, op);
            if (callable(fn) && fn->nargs == op->noperands && fn->nresults == op->nresults &&
                (xk->body[0] = body_for(h, fn->body, fn->nargs, fn->nresults))) {
                xk->fn = fn;
                break;
            }
            xk->kind = XK_GENERIC;
            break;
        }
        case XK_IF: {
            bool ok = op->noperands >= 1 && op->nregions >= 1 && op->nregions <= 2;
            for (int r = 0; ok && r < op->nregions; r++)
                ok = (xk->body[r] = body_for(h, op->regions[r], op->noperands - 1, op->nresults)) != NULL;
            if (!ok) xk->kind = XK_GENERIC;
            break;
        }
        case XK_REPEAT: {
            int nvals = op->noperands - 1;
            if (op->noperands < 1 || op->nregions < 1 || op->nresults != nvals ||
                !(xk->body[0] = body_for(h, op->regions[0], nvals, nvals)))
                xk->kind = XK_GENERIC;
            break;
        }
        case XK_WHILE: {
            const Func *fn = attr_func(h, op, attr_body_fn);
            if (!fn) fn = exec_op_callee(&(ExecCtx){ .host = h }, op);
            const Attr *pa = ir_op_attr(op, attr_parallel_iterations);
            int64_t par = pa && pa->kind == ATTR_INT ? pa->u.i : 1;
            int n = op->noperands;
            if (par > 1 || n < 1 || !callable(fn) || fn->nargs != n - 1 || fn->nresults != n ||
                op->nresults != n - 1 || !(xk->body[0] = body_for(h, fn->body, n - 1, n))) {
                xk->kind = XK_GENERIC;
                break;
            }
            xk->fn = fn;
            break;
        }
        default:
            break;
        }
    }
}

void xe_plan_free(XPlan *x)
{
    if (!x) return;
    /* A frame still in use waits for a value that was never produced (the
    ** run reported it): what it waits on still points into its slab, so
    ** the slabs stay, as interp/exec.c's waiting frames do. What points
    ** there may be a continuation's packed word (wv_pack), which
    ** LeakSanitizer does not read as a pointer: it is told. */
    while (x->slabs && x->live == 0) {
        void *s = x->slabs;
        x->slabs = *(void **)s;
        free(s);
    }
#ifdef FL_ASAN
    for (void *s = x->slabs; s; s = *(void **)s) __lsan_ignore_object(s);
#endif
    free(x->k);
    free(x->stream);
    free(x->need);
    free(x->zero);
    free(x->argreg);
    free(x->ret);
    free(x->nuses);
    free(x->rinfo);
    free(x->slot);
    free(x->ustart_own);
    free(x->ret_arg);
    free(x->ints);
    free(x);
}

/* {=====================================================================
** Frames
** ====================================================================== */

/* An invocation: this header, then uint64_t regs[nregs], uint8_t
** tags[nregs], XCount done[nkern + 1] (XPlan's offsets; done[0], which the
** pseudo kernel does not use, counts the registers that are XT_DEFER, and
** done[nkern] those that are XT_WAITPH, retire's quick test). References:
** one for the invocation while it runs, one per continuation and per
** task. A retired frame's ghost is this header alone, its references
** negated (retire). */
typedef struct XFrame {
    const XPlan *p;
    RequestContext *rq;
    CallSite *site;
    int refs;
    int watch_at;         /* its place among the host's waiting frames
                             (interp/stuck.h), or -1 */
} XFrame;

_Static_assert(sizeof(XFrame) <= 32, "the header XPlan.tag_off counts on");

static long live_frames;

static void defer_drop_all(XFrame *f);

long xe_live_frames(void) { return live_frames; }

static inline uint64_t *xregs(XFrame *f) { return (uint64_t *)(void *)((char *)f + 32); }
static inline uint8_t *xtags(XFrame *f) { return (uint8_t *)f + f->p->tag_off; }
static inline XCount *xdone(XFrame *f) { return (XCount *)((char *)f + f->p->done_off); }

/* A free frame: all but its link is poisoned under AddressSanitizer, so
** that a use after free is reported although the memory stays the plan's. */
#ifdef FL_ASAN
#define FRAME_POISON(p, f) ASAN_POISON_MEMORY_REGION((char *)(f) + sizeof(void *), (p)->frame_size - sizeof(void *))
#define FRAME_UNPOISON(p, f) ASAN_UNPOISON_MEMORY_REGION((f), (p)->frame_size)
#else
#define FRAME_POISON(p, f) ((void)0)
#define FRAME_UNPOISON(p, f) ((void)0)
#endif

/* Frames are cut from slabs that stay the plan's until it is freed (an
** allocator cache, as base/freelist.h's slabs): no malloc per invocation
** and no malloc header per frame; what the plan keeps is what its frames
** took at their peak. */
static __attribute__((noinline)) void frame_slab(XPlan *mp)
{
    int n = mp->slab_n ? mp->slab_n * 2 : 4;
    if (n > XE_SLAB_MAX) n = XE_SLAB_MAX;
    mp->slab_n = n;
    size_t head = (sizeof(void *) + 15) & ~(size_t)15;
    char *s = xmalloc(head + mp->frame_size * (size_t)n);
    if (((uintptr_t)s + head + mp->frame_size * (size_t)n) >> (WV_R + 3)) mp->wv_ok = false;   /* (wv_pack) */
    *(void **)(void *)s = mp->slabs;
    mp->slabs = s;
    for (int i = n - 1; i >= 0; i--) {
        XFrame *f = (XFrame *)(void *)(s + head + mp->frame_size * (size_t)i);
        *(XFrame **)(void *)f = mp->spare;
        mp->spare = f;
        FRAME_POISON(mp, f);
    }
}

static XFrame *frame_new(const XPlan *p, RequestContext *rq, CallSite *site)
{
    XPlan *mp = (XPlan *)p;    /* only the free list is written */
    if (__builtin_expect(!mp->spare, 0)) frame_slab(mp);
    XFrame *f = mp->spare;
    FRAME_UNPOISON(p, f);
    mp->spare = *(XFrame **)(void *)f;
    mp->live++;
    memset((char *)f + p->tag_off, 0, p->frame_size - p->tag_off);
    f->p = p;
    f->rq = rq;
    if (rq) rq_retain(rq);
    f->site = site;
    exec_site_retain(site);
    f->refs = 1;
    f->watch_at = -1;
    live_frames++;
    return f;
}

static void retire(XFrame *f);

/* Whether every kernel of [f] ran (its arrivals reached what it waits for). */
static bool all_ran(XFrame *f)
{
    const XPlan *p = f->p;
    const XCount *done = xdone(f);
    for (int k = p->nkern - 1; k >= 1; k--)
        if (done[k] < p->need[k]) return false;
    return true;
}

static void frame_free(XFrame *f);

/* Drops a reference to [f]. An activation that ends leaving it held only
** by as many references as it has registers XT_WAITPH (the quick test)
** may retire it. */
static inline __attribute__((always_inline)) void frame_release(XFrame *f)
{
    if (--f->refs == 0) {
        frame_free(f);
        return;
    }
    if (__builtin_expect(xdone(f)[f->p->nkern] == f->refs, 0)) retire(f);
}

static __attribute__((noinline)) void frame_free(XFrame *f)
{
    if (__builtin_expect(f->watch_at >= 0, 0)) stuck_unwatch_xe(f->p->host, f);
    if (__builtin_expect(xdone(f)[0] != 0, 0)) defer_drop_all(f);
    if (f->rq) rq_release(f->rq);
    exec_site_release(f->site);
    live_frames--;
    XPlan *mp = (XPlan *)f->p;
    mp->live--;
    *(XFrame **)(void *)f = mp->spare;
    mp->spare = f;
    FRAME_POISON(mp, f);
}

/* ---- what interp/stuck.c reads of a frame that never finished ---------- */

_Static_assert(offsetof(XFrame, watch_at) == XE_WATCH_AT, "exec_int.h's xe_watch_slot");

Frame *xe_frame_view(void *xf)
{
    XFrame *x = xf;
    const XPlan *xp = x->p;
    const Plan *p = xp->plan;
    Frame *f = xcalloc(1, sizeof(Frame) + sizeof(AsyncValue *) * (size_t)p->nregs +
                              sizeof(atomic_int) * (size_t)p->nkern);
    f->plan = p;
    f->ctx.host = xp->host;
    f->ctx.rq = x->rq;
    f->ctx.site = x->site;
    f->st = true;
    atomic_init(&f->refs, 1);
    atomic_init(&f->watch_at, XE_VIEW);
    /* A retired frame (retire: every kernel ran) shows what the frame
    ** would: no register a kernel still reads, every kernel run. */
    bool ghost = x->refs < 0;
    uint8_t *tags = ghost ? NULL : xtags(x);
    XCount *done = ghost ? NULL : xdone(x);
    for (int pr = 0; pr < p->nregs && !ghost; pr++) {
        int r = xp->slot[pr];
        if (r == xp->nregs) continue;    /* unused: no slot, shown empty */
        XVal v = { xregs(x)[r], tags[r] };
        /* Only a register a kernel that has not run still reads holds a
        ** reference (one per remaining use): once its last user ran, the
        ** register keeps a pointer it no longer owns, maybe freed. Those
        ** operands are all interp/stuck.c looks at. */
        bool held = false;
        for (int i = xp->ustart[r], e = xp->ustart[r + 1]; i < e && !held; i++)
            held = done[xp->users[i]] < xp->need[xp->users[i]];
        AsyncValue *a = NULL;
        if (!held) {
            /* (nothing: the view shows it as empty) */
        } else if (v.t == XT_AV) {
            a = xv_get_av(v);
            av_retain(a);
        } else if (v.t == XT_WAITPH) {
            a = xv_get_av(v);    /* the placeholder */
            av_retain(a);
        } else if (v.t != XT_EMPTY && v.t != XT_DEFER && v.t != XT_WAIT) {
            a = box(v);    /* XT_DEFER, XT_WAIT: not there, as an unbound placeholder */
        }
        atomic_init(&fregs(f)[pr], a);
    }
    /* interp/exec.c counts arrivals up to p->need (NEED_MANY: every
    ** operand; 0 for kernels without operands); this engine up to
    ** xp->need: the same "ran" either way. */
    for (int k = 1; k < p->nkern; k++) {
        int need = p->need[k] & NEED_MANY;
        if (need == NEED_MANY) need = p->ops[k - 1]->noperands;
        int d = ghost || need == 0 || done[k] >= xp->need[k] ? need : (done[k] < need ? done[k] : need - 1);
        atomic_init(&fdone(f)[k], d);
    }
    return f;
}

void xe_frame_view_free(Frame *f)
{
    for (int r = 0; r < f->plan->nregs; r++) {
        AsyncValue *a = atomic_load_explicit(&fregs(f)[r], memory_order_relaxed);
        if (a) av_release(a);
    }
    free(f);
}

/* {=====================================================================
** Ready queues and tasks (docs/execution.md §6.3)
** ====================================================================== */

typedef struct XQ {
    int stream;
    int nin, nout, capin, capout;
    int32_t *in, *out;
    int32_t inb[SMALL], outb[SMALL];
} XQ;

static inline void q_init(XQ *q, int stream)
{
    q->stream = stream;
    q->nin = q->nout = 0;
    q->capin = q->capout = SMALL;
    q->in = q->inb;
    q->out = q->outb;
}

static inline void q_free(XQ *q)
{
    if (q->in != q->inb) free(q->in);
    if (q->out != q->outb) free(q->out);
}

static __attribute__((noinline)) void q_grow(int32_t **v, int *cap, int32_t *small)
{
    int nc = *cap * 2;
    int32_t *nv = xmalloc(sizeof(int32_t) * (size_t)nc);
    memcpy(nv, *v, sizeof(int32_t) * (size_t)*cap);
    if (*v != small) free(*v);
    *v = nv;
    *cap = nc;
}

static inline void push_in(XQ *q, int k)
{
    if (q->nin == q->capin) q_grow(&q->in, &q->capin, q->inb);
    q->in[q->nin++] = k;
}

static inline void push_out(XQ *q, int k)
{
    if (q->nout == q->capout) q_grow(&q->out, &q->capout, q->outb);
    q->out[q->nout++] = k;
}

static inline void push_ready(const XPlan *p, XQ *q, int k)
{
    if (p->stream[k] == q->stream) push_in(q, k);
    else push_out(q, k);
}

/* Value of register [r] became available: its users one step more ready,
** in use-list order (docs/execution.md §3). */
static inline void make_ready(XFrame *f, XQ *q, int r)
{
    const XPlan *p = f->p;
    XCount *done = xdone(f);
    /* (in locals: a count is a byte, which may alias anything, so the
    ** plan's fields would be read again after each increment) */
    const int32_t *u = p->users + p->ustart[r], *e = p->users + p->ustart[r + 1];
    const XCount *need = p->need;
    for (; u < e; u++) {
        int k = *u;
        if (++done[k] == need[k]) push_ready(p, q, k);
    }
}

/* docs/execution.md §6.3 switch stream: std::partition of the outline
** list by "stream != S". */
static void switch_stream(const XPlan *p, XQ *q)
{
    int S = p->stream[q->out[0]];
    q->stream = S;
    if (q->nout == 1) {
        push_in(q, q->out[0]);
        q->nout = 0;
        return;
    }
    int32_t *a = q->out;
    int first = exec_partition_stream(a, q->nout, p->stream, S);
    for (int i = first; i < q->nout; i++) push_in(q, a[i]);
    q->nout = first;
}

static void process(XFrame *f, XQ *q);

/* A task of more than three kernels. */
typedef struct XTask {
    XFrame *f;
    int stream, n;
    int32_t ks[];
} XTask;

static inline __attribute__((always_inline)) void run_ready(XFrame *f, int stream, const int32_t *ks, int n)
{
    XQ q;
    q_init(&q, stream);
    for (int i = 0; i < n; i++) push_in(&q, ks[i]);
    process(f, &q);
    q_free(&q);
    frame_release(f);
}

/* A task of one to three kernels: [b] packs their count (2 bits), the
** stream (14 bits) and the kernels (16 bits each). */
static void task_small(void *a, void *b)
{
    uint64_t w = (uint64_t)(uintptr_t)b;
    int n = (int)(w & 3);
    int32_t ks[3];
    for (int i = 0; i < n; i++) ks[i] = (int32_t)((w >> (16 * (i + 1))) & 0xffff);
    run_ready(a, (int)((w >> 2) & 0x3fff), ks, n);
}

static void task_big(void *a, void *b)
{
    (void)b;
    XTask *t = a;
    XFrame *f = t->f;
    int stream = t->stream, n = t->n;
    int32_t buf[SMALL], *ks = n <= SMALL ? buf : xmalloc(sizeof(int32_t) * (size_t)n);
    memcpy(ks, t->ks, sizeof(int32_t) * (size_t)n);
    free(t);
    run_ready(f, stream, ks, n);
    if (ks != buf) free(ks);
}

/* docs/execution.md §6.3 dispatch: one task per run of equal stream ids,
** ascending. */
static void dispatch(XFrame *f, XQ *q)
{
    const XPlan *p = f->p;
    int32_t *a = q->out;
    int n = q->nout;
    exec_sort_by_stream(a, n, p->stream, p->nkern);
    for (int i = 0; i < n;) {
        int j = i;
        int s = p->stream[a[i]];
        while (j < n && p->stream[a[j]] == s) j++;
        int m = j - i;
        f->refs++;
        if (m <= 3 && s < 0x4000) {
            uint64_t w = (uint64_t)m | (uint64_t)s << 2;
            for (int t = 0; t < m; t++) w |= (uint64_t)(uint32_t)a[i + t] << (16 * (t + 1));
            wq_add_task(p->queue, task_small, f, (void *)(uintptr_t)w);
        } else {
            XTask *t = xmalloc(sizeof(XTask) + sizeof(int32_t) * (size_t)m);
            t->f = f;
            t->stream = s;
            t->n = m;
            memcpy(t->ks, a + i, sizeof(int32_t) * (size_t)m);
            wq_add_task(p->queue, task_big, t, NULL);
        }
        i = j;
    }
    q->nout = 0;
}

static void run(XFrame *f, XQ *q, int k);

static void process(XFrame *f, XQ *q)
{
    const XPlan *p = f->p;
    if (q->nin == 0 && q->nout) switch_stream(p, q);
    if (q->nout) dispatch(f, q);
    while (q->nin) {
        int k = q->in[--q->nin];
        run(f, q, k);
        if (q->nin == 0 && q->nout) switch_stream(p, q);
        if (q->nout) dispatch(f, q);
    }
}

/* {=====================================================================
** Registers and produced results (docs/execution.md §6.5)
** ====================================================================== */

static inline XVal reg_val_av(XFrame *f, int r)
{
    return xv_av((AsyncValue *)(uintptr_t)xregs(f)[r]);
}

static void defer_fire_all(XFrame *f, void *list);
static void defer_materialize(XFrame *f, int r);

/* Stores [x] (+1, resolved) into register [r], which has tfrt.if kernels
** deferred on it: a scalar lets them run here, as the placeholder's
** waiters would have (true: stored); anything else gets the placeholder
** they would have waited on, for store() to bind (false). */
static __attribute__((noinline)) bool store_deferred(XFrame *f, int r, XVal x)
{
    uint8_t *tag = &xtags(f)[r];
    uint64_t *reg = &xregs(f)[r];
    if (x.t == XT_AV && av_is_available(xv_get_av(x)) && unboxable(av_get(xv_get_av(x)))) {
        AsyncValue *v = xv_get_av(x);
        x.t = av_get(v)->type;
        x.u = av_get(v)->v.u;
        av_release(v);
    }
    if (x.t != XT_AV) {
        void *list = (void *)(uintptr_t)*reg;
        *reg = x.u;
        *tag = x.t;
        xdone(f)[0]--;
        defer_fire_all(f, list);
        return true;
    }
    defer_materialize(f, r);
    return false;
}

/* An unavailable argument [v] (+1, start()'s) stored into a register that
** is only returned, once (R_SOLE | R_ARG): is it a forwarding value only
** this invocation will see, bound by someone who will not hand it out? An
** unbound one that nothing waits on, with three references: start()'s,
** the caller's (the operand it passes, dropped once its kernel ran:
** kernels take their operands as +0) and the binder's (a register's
** placeholder with one use, made when a non-strict kernel took it, and
** the reference its producer binds it with; the invocation's indirect
** result or a deferred kernel's forwarding value, the same). Anyone else
** who could hand it out would hold a fourth. interp/exec.c's returned
** register has the invocation's indirect result, which the argument
** binds: its forward node would be the value's one waiter, for ever, so
** the register holds the value itself; its waiters run where the
** indirect result's would have. */
static inline bool passed_through(AsyncValue *v)
{
    return av_is_indirect(v) && !av_is_bound(v) && !av_has_waiters(v) && av_refcount(v) == 3;
}

/* store() of unavailable [v] (+1) into empty returned register [r]: the
** invocation's indirect result, bound to it, or [v] itself when it is an
** argument passed through (passed_through). Out of line: store() is
** compiled into every caller, and this is no common case. */
static __attribute__((noinline)) void store_returned(XFrame *f, int r, AsyncValue *v)
{
    const XPlan *p = f->p;
    AsyncValue *val = v;    /* the one use's reference: ours */
    if ((p->rinfo[r] & (R_SOLE | R_ARG)) != (R_SOLE | R_ARG) || !passed_through(v)) {
        val = av_new_indirect();
        av_retain_n(val, (uint32_t)p->nuses[r] - 1);
        av_forward(val, v);
        av_release(v);
    }
    xregs(f)[r] = (uint64_t)(uintptr_t)val;
    xtags(f)[r] = XT_AV;
}

/* Stores [x] (+1 when an AsyncValue) into register [r]: an empty register
** takes it (an AsyncValue with one reference per use, or unboxed); a
** register holding a forwarding value (a placeholder, or the invocation's
** indirect result) binds it. An unavailable value stored into an empty
** returned register gets the invocation's indirect result first, as
** interp/exec.c's register would have had it from the start. */
static inline __attribute__((always_inline)) void store(XFrame *f, int r, XVal x)
{
    uint8_t *tag = &xtags(f)[r];
    uint64_t *reg = &xregs(f)[r];
    const XPlan *p = f->p;
    if (*tag == XT_EMPTY) {
        if (x.t != XT_AV) {
            *reg = x.u;
            *tag = x.t;
            return;
        }
        AsyncValue *v = xv_get_av(x);
        if (av_is_available(v)) {
            const Any *a = av_get(v);
            if (unboxable(a)) {
                *reg = a->v.u;
                *tag = a->type;
                av_release(v);
                return;
            }
        }
        int n = p->nuses[r];
        if ((p->rinfo[r] & R_RESULT) && !av_is_resolved(v)) {
            store_returned(f, r, v);
            return;
        }
        av_retain_n(v, (uint32_t)n - 1);
        *reg = x.u;
        *tag = XT_AV;
        return;
    }
    if (*tag == XT_DEFER && store_deferred(f, r, x)) return;
    AsyncValue *ph = (AsyncValue *)(uintptr_t)*reg;
    if (x.t == XT_AV) {
        av_forward(ph, xv_get_av(x));
        av_release(xv_get_av(x));
    } else {
        AsyncValue *v = box(x);
        av_forward(ph, v);
        av_release(v);
    }
    av_release(ph);    /* the reference that kept it alive until bound */
}

/* The operand in register [r] for a non-strict kernel: what it holds, or a
** new placeholder holding one reference per use and one for the
** producer's store. The kernel's use is dropped after it ran. */
static __attribute__((noinline)) XVal take_slow(XFrame *f, int r);

static inline XVal take(XFrame *f, int r)
{
    uint8_t t = xtags(f)[r];
    if (__builtin_expect(t > XT_AV, 0)) return take_slow(f, r);
    if (t != XT_EMPTY) {
        XVal x = { xregs(f)[r], t };
        return x;
    }
    AsyncValue *ph = av_new_indirect();
    av_retain_n(ph, (uint32_t)f->p->nuses[r]);
    xregs(f)[r] = (uint64_t)(uintptr_t)ph;
    xtags(f)[r] = XT_AV;
    return xv_av(ph);
}

/* take() of a register XT_DEFER (the placeholder its deferred ifs wait on
** is made), XT_WAIT (its placeholder is made, which the value binds when
** it resolves) or XT_WAITPH. */
static XVal take_slow(XFrame *f, int r)
{
    uint8_t *tag = &xtags(f)[r];
    uint64_t *reg = &xregs(f)[r];
    if (*tag == XT_DEFER) {
        defer_materialize(f, r);
        return reg_val_av(f, r);
    }
    if (*tag == XT_WAIT) {
        AsyncValue *ph = av_new_indirect();
        av_retain_n(ph, (uint32_t)f->p->nuses[r]);
        av_unbound_keep(ph, (void *)(uintptr_t)*reg);
        *reg = (uint64_t)(uintptr_t)ph;
        *tag = XT_WAITPH;
        xdone(f)[f->p->nkern]++;
    }
    return reg_val_av(f, r);
}

static inline XVal reg_val(XFrame *f, int r)
{
    XVal x = { xregs(f)[r], xtags(f)[r] };
    return x;
}

/* A produced value waiting to resolve (docs/execution.md §6.5): the
** continuation's words are the frame and the register and stream (r << 32
** | stream), or the three in one word (cont_fire_v); the value is in the
** register (XT_WAIT, XT_WAITPH) until it resolves. */
static void cont_body(XFrame *f, uint64_t rs)
{
    int r = (int)(rs >> 32);
    XQ q;
    q_init(&q, (int)(int32_t)(uint32_t)rs);
    uint8_t *tag = &xtags(f)[r];
    uint64_t *reg = &xregs(f)[r];
    AsyncValue *v;
    if (*tag == XT_WAIT) {
        v = (AsyncValue *)(uintptr_t)*reg;
        *tag = XT_EMPTY;
    } else {
        v = av_unbound_kept((AsyncValue *)(uintptr_t)*reg);
        *tag = XT_AV;    /* the placeholder, which store() binds */
        xdone(f)[f->p->nkern]--;
    }
    store(f, r, xv_av(v));
    make_ready(f, &q, r);
    process(f, &q);
    q_free(&q);
    frame_release(f);
}

static void cont_task(void *a, void *b)
{
    exec_cont_depth++;
    cont_body(a, (uint64_t)(uintptr_t)b);
    exec_cont_depth--;
}

static inline __attribute__((always_inline)) void cont_fire_at(XFrame *f, uint64_t rs)
{
    if (exec_cont_depth >= CONT_NEST_LIMIT) {
        wq_add_task(f->p->queue, cont_task, f, (void *)(uintptr_t)rs);
        return;
    }
    exec_cont_depth++;
    cont_body(f, rs);
    exec_cont_depth--;
}

static void cont_fire(void *a, void *b) { cont_fire_at(a, (uint64_t)(uintptr_t)b); }

/* The same continuation in one word and the value (av_and_then_local_v),
** so that the value can keep it also when it keeps a word for its binder:
** the frame (8-byte aligned, below 2^47) in bits 0..43, the register in
** 44..53, the stream in 54..63. wv_pack: 0 when they do not fit (then
** cont_fire, with two words). */
static inline uintptr_t wv_word(const XFrame *f, int r, int stream)
{
    return (uintptr_t)f >> 3 | (uintptr_t)r << WV_R | (uintptr_t)stream << WV_S;
}

static inline uintptr_t wv_pack(const XFrame *f, int r, int stream)
{
    uintptr_t a = (uintptr_t)f;
    if ((a & 7) || a >> (WV_R + 3) || (unsigned)r >= 1u << WV_BITS || (unsigned)stream >= 1u << WV_BITS) return 0;
    return wv_word(f, r, stream);
}

static void cont_fire_v(void *a, void *v)
{
    (void)v;
    uintptr_t w = (uintptr_t)a;
    cont_fire_at((XFrame *)((w & WV_FRAME_MASK) << 3),
                 (uint64_t)((w & WV_FR_MASK) >> WV_R) << 32 | (uint64_t)(w >> WV_S));
}

/* {---- retired frames -------------------------------------------------
** A frame whose kernels all ran and that waits only to bind placeholders
** (XT_WAITPH: a non-strict kernel, or the invocation's end, took the
** register while its value was unavailable) has nothing left to run:
** when a value resolves, its continuation binds the placeholder, and
** making the register's users ready and processing them does nothing
** (they ran). TFRT's fizzbuzz loop leaves most of its frames so, one per
** iteration and nested if, for as long as the loop runs ahead. Such a
** frame hands its continuations over, each in its place on its value, to
** a header-sized record (a ghost: the frame's header, refs counting the
** continuations left, negated), which takes its place among the waiting
** frames (interp/stuck.c reads it as the frame: every kernel run, no
** register a kernel still reads), and the frame's block goes back to its
** plan. A ghost's continuation is the placeholder and the value (one word
** kept in the value: av_and_then_local_v's form), and the placeholder
** keeps the ghost for its binder where it kept the value. It does what
** cont_fire and cont_body do for such a register: the same nesting limit
** (queued as a task beyond it), the same binding, the same references. */

static void ghost_release(XFrame *g)
{
    if (++g->refs) return;
    if (g->watch_at >= 0) stuck_unwatch_xe(g->p->host, g);
    if (g->rq) rq_release(g->rq);
    exec_site_release(g->site);
    live_frames--;
    fl_free(g);
}

/* [ph] keeps its ghost for its binder (where the frame had it keep [v]). */
static void ghost_body(AsyncValue *ph, AsyncValue *v)
{
    XFrame *g = av_unbound_kept(ph);
    av_forward(ph, v);
    av_release(v);
    av_release(ph);    /* the reference that kept it alive until bound */
    ghost_release(g);
}

static void ghost_task(void *a, void *b)
{
    exec_cont_depth++;
    ghost_body(a, b);
    exec_cont_depth--;
}

/* The continuation fn(ph, v) (av_and_then_local_v: its value is v). */
static void ghost_fire(void *a, void *b)
{
    if (exec_cont_depth >= CONT_NEST_LIMIT) {
        XFrame *g = av_unbound_kept(a);
        wq_add_task(g->p->queue, ghost_task, a, b);
        return;
    }
    exec_cont_depth++;
    ghost_body(a, b);
    exec_cont_depth--;
}

_Static_assert(sizeof(XFrame) <= FL_BLOCK, "a ghost is a 32-byte block");

/* [f], released by an activation that ended, with every kernel run:
** retired when all it still waits for are placeholders to bind, each
** value unresolved (its continuation on its list), and nothing else
** holds it (a queued task, an activation, a continuation already fired). */
static __attribute__((noinline)) void retire(XFrame *f)
{
    const XPlan *p = f->p;
    if (xdone(f)[0] != 0 || f->watch_at < 0) return;    /* deferred ifs; never waited */
    uint8_t *tags = xtags(f);
    uint64_t *regs = xregs(f);
    int n = 0, ws[16];
    /* The tags above XT_AV (XT_DEFER, XT_WAIT, XT_WAITPH), eight at a time:
    ** a byte with its high bit and another bit set. */
    const uint64_t H = 0x8080808080808080u, L = 0x7f7f7f7f7f7f7f7fu;
    for (int base = 0; base < p->nregs; base += 8) {
        /* Eight bytes are in the frame (frame_size: the tags start at a
        ** multiple of 8, and the ready counts follow them); those past the
        ** tags are masked off. */
        uint64_t w;
        memcpy(&w, tags + base, 8);
        if (p->nregs - base < 8) w &= ((uint64_t)1 << (8 * (p->nregs - base))) - 1;
        uint64_t m = w & H & ((w & L) + L);
        while (m) {
            int r = base + (__builtin_ctzll(m) >> 3);
            m &= m - 1;
            if (tags[r] != XT_WAITPH || n == 16) return;
            if (av_is_resolved(av_unbound_kept((AsyncValue *)(uintptr_t)regs[r]))) return;
            ws[n++] = r;
        }
    }
    if (n == 0 || n != f->refs || !all_ran(f)) return;
    XFrame *g = fl_alloc();
    g->p = p;
    g->rq = f->rq;
    g->site = f->site;
    g->refs = 0;
    g->watch_at = -1;
    for (int i = 0; i < n; i++) {
        int r = ws[i];
        AsyncValue *ph = (AsyncValue *)(uintptr_t)regs[r];
        AsyncValue *v = av_unbound_kept(ph);
        /* Its continuation is cont_fire_v's word or cont_fire's two (wait_for). */
        uintptr_t w = p->wv_ok ? wv_word(f, r, 0) : wv_pack(f, r, 0);
        bool moved = (w && av_retarget_sole_local(v, ghost_fire, ph)) ||
                     (w && av_retarget_local(v, cont_fire_v, WV_FR_MASK, w, 0, 0, ghost_fire, ph, v)) ||
                     av_retarget_local(v, cont_fire, ~(uintptr_t)0, (uintptr_t)f, ~(uintptr_t)0xffffffffu,
                                       (uintptr_t)r << 32, ghost_fire, ph, v);
        assert(moved && "a waiting register's continuation is on its value");
        if (!moved) continue;
        av_unbound_keep(ph, g);    /* ghost_body finds the ghost there */
        tags[r] = XT_AV;    /* the ghost binds it */
        xdone(f)[p->nkern]--;
        g->refs--;
        f->refs--;
    }
    if (f->refs) {
        /* (not reached: what stays keeps the frame, and the ghost the rest) */
        if (!g->refs) {
            fl_free(g);
        } else {
            if (g->rq) rq_retain(g->rq);
            exec_site_retain(g->site);
            live_frames++;
        }
        return;
    }
    /* The ghost takes the frame's place, references and count. */
    stuck_rewatch_xe(p->host, f, g);
    XPlan *mp = (XPlan *)p;
    mp->live--;
    *(XFrame **)(void *)f = mp->spare;
    mp->spare = f;
    FRAME_POISON(mp, f);
}

_Static_assert(sizeof(void *) == sizeof(uint64_t), "a continuation's second word holds a register and a stream");

/* wait_for's continuation in two words (a plan or frame beyond wv_pack's
** bits). */
static __attribute__((noinline)) void wait_far(XFrame *f, int stream, int r, AsyncValue *v)
{
    av_and_then_local(v, cont_fire, f, (void *)(uintptr_t)((uint64_t)(uint32_t)r << 32 | (uint32_t)stream));
}

static __attribute__((noinline)) void wait_for(XFrame *f, int stream, int r, AsyncValue *v)
{
    uint8_t *tag = &xtags(f)[r];
    uint64_t *reg = &xregs(f)[r];
    /* The register is empty, or holds the placeholder a non-strict kernel
    ** or the invocation's end took, or ifs deferred on it (their
    ** placeholder is made now: the value binds it when it resolves, which
    ** runs them in the order they would have run in the frame). */
    if (__builtin_expect(*tag == XT_EMPTY, 1)) {
        *reg = (uint64_t)(uintptr_t)v;
        *tag = XT_WAIT;
    } else {
        if (*tag == XT_DEFER) defer_materialize(f, r);
        av_unbound_keep((AsyncValue *)(uintptr_t)*reg, v);
        *tag = XT_WAITPH;
        xdone(f)[f->p->nkern]++;
    }
    f->refs++;
    /* A frame that waits may wait for ever: it joins the host's waiting
    ** frames, as interp/exec.c's do (interp/stuck.h). */
    if (f->watch_at < 0) stuck_watch_xe(f->p->host, f);
    if (__builtin_expect(!f->p->wv_ok, 0)) {
        wait_far(f, stream, r, v);
        return;
    }
    uintptr_t w = wv_word(f, r, stream);    /* (wv_ok: it fits) */
    assert(w == wv_pack(f, r, stream));
    av_and_then_local_v(v, cont_fire_v, (void *)w);
}

/* Handles [x] (+1) produced for register [r] (docs/execution.md §6.5). */
static inline __attribute__((always_inline)) void produced(XFrame *f, XQ *q, int r, XVal x)
{
    if (x.t != XT_AV || av_is_resolved(xv_get_av(x))) {
        store(f, r, x);
        make_ready(f, q, r);
    } else if (!(f->p->rinfo[r] & R_USERS)) {
        store(f, r, x);
    } else {
        wait_for(f, q->stream, r, xv_get_av(x));
    }
}

/* The results of a kernel (+1 each): unused ones dropped, the rest
** produced, in order. [sole]: the results (bit i: result i) that are a
** forwarding value nothing waits on and only the caller will see
** (sole_results): stored into an empty register that is only returned,
** such a value is the register's value itself. The forwarding value
** store() would make for it would be its only waiter, for ever (the
** register has no users and hands its value out once per return use), so
** one value does for both: waiters run in the same order. */
static void produce_all(XFrame *f, XQ *q, const XK *x, const XVal *res, uint64_t sole)
{
    const XPlan *p = f->p;
    for (int i = 0; i < x->nout; i++) {
        int r = x->out[i];
        if (p->nuses[r] == 0) {
            xv_drop(res[i]);
        } else if (i < 64 && ((sole >> i) & 1) && !(p->rinfo[r] & R_USERS) && xtags(f)[r] == XT_EMPTY) {
            av_retain_n(xv_get_av(res[i]), (uint32_t)p->nuses[r] - 1);
            xregs(f)[r] = res[i].u;
            xtags(f)[r] = XT_AV;
        } else {
            produced(f, q, r, res[i]);
        }
    }
}

/* {=====================================================================
** Invocation (docs/execution.md §6.1, §6.3 "Starting an invocation")
** ====================================================================== */

/* Every returned register that is empty gets the invocation's indirect
** result (one reference per use and one for the producer's store); the
** results are what the returned registers hold (one of the return uses'
** references each). */
static void take_results(XFrame *f, XVal *res)
{
    const XPlan *p = f->p;
    uint8_t *tags = xtags(f);
    uint64_t *regs = xregs(f);
    for (int i = 0; i < p->nres; i++) {
        int r = p->ret[i];
        uint8_t t = tags[r];
        if (t == XT_EMPTY) {
            AsyncValue *ind = av_new_indirect();
            av_retain_n(ind, (uint32_t)p->nuses[r]);
            regs[r] = (uint64_t)(uintptr_t)ind;
            tags[r] = t = XT_AV;
        } else if (__builtin_expect(t > XT_AV, 0)) {
            res[i] = take_slow(f, r);
            continue;
        }
        res[i].u = regs[r];
        res[i].t = t;
    }
}

/* Before take_results: the results (bit i: result i) that will be an
** unresolved forwarding value of a register returned once and used by no
** kernel (R_SOLE): the invocation's indirect result, made by take_results
** or by a deferred if (defer_local), such a value of a callee stored there
** (produce_all), or the one store() made there for an unavailable value,
** already bound to it (an argument or a loop's result passed through).
** Nothing waits on it (no kernel uses the register, and the invocation has
** not handed it out yet), and only the caller will see it: bound or not,
** the caller's forwarding value would be its one waiter. */
static uint64_t sole_results(XFrame *f)
{
    const XPlan *p = f->p;
    uint64_t m = 0;
    for (int i = 0; i < p->nres && i < 64; i++) {
        int r = p->ret[i];
        if (!(p->rinfo[r] & R_SOLE)) continue;
        uint8_t t = xtags(f)[r];
        if (t == XT_EMPTY) {
            m |= (uint64_t)1 << i;
        } else if (t == XT_AV) {
            AsyncValue *v = (AsyncValue *)(uintptr_t)xregs(f)[r];
            if (av_is_indirect(v) && !av_is_resolved(v)) m |= (uint64_t)1 << i;
        }
    }
    return m;
}

/* The pseudo kernel, then the arguments (+0, or +1 when [owned]). */
static void start(XFrame *f, const XVal *args, bool owned)
{
    const XPlan *p = f->p;
    XQ q;
    q_init(&q, p->pseudo_stream);
    XCount *done = xdone(f);
    for (int i = 0; i < p->nzero; i++) {
        int k = p->zero[i];
        if (++done[k] == p->need[k]) push_ready(p, &q, k);
    }
    for (int i = 0; i < p->nargs; i++) {
        int r = p->argreg[i];
        if (p->nuses[r] == 0) {
            if (owned) xv_drop(args[i]);
            continue;
        }
        if (!owned) xv_retain(args[i]);
        produced(f, &q, r, args[i]);
    }
    exec_invoke_depth++;
    process(f, &q);
    exec_invoke_depth--;
    q_free(&q);
}

/* An invocation started later, from a task: the nesting limit. */
typedef struct XStart {
    XFrame *f;
    int nargs;
    XVal args[];           /* +1 each */
} XStart;

static void start_task(void *a, void *b)
{
    (void)b;
    XStart *s = a;
    XFrame *f = s->f;
    start(f, s->args, true);
    free(s);
    frame_release(f);
}

/* Starts an invocation of frame [f] from a task (its results are already
** taken): the arguments (+0) are kept. */
static void start_later(XFrame *f, const XVal *args)
{
    int n = f->p->nargs;
    XStart *s = xmalloc(sizeof(XStart) + sizeof(XVal) * (size_t)(n + 1));
    s->f = f;
    s->nargs = n;
    for (int i = 0; i < n; i++) {
        s->args[i] = args[i];
        xv_retain(args[i]);
    }
    wq_add_task(f->p->queue, start_task, s, NULL);
}

/* An invocation under EXEC_MIXED once the request went fast
** (docs/analysis.md §8.1): the fast schedule's, through
** exec_invoke_block, at the moment interp/exec.c would make the same
** choice (an invocation's start). */
static __attribute__((noinline)) void invoke_fast(const XPlan *p, RequestContext *rq, CallSite *site,
                                                  const XVal *args, XVal *res)
{
    int nargs = p->nargs, nres = p->nres;
    AsyncValue *abuf[SMALL], *rbuf[SMALL];
    AsyncValue **a = box_args(args, nargs, abuf);
    AsyncValue **r = nres <= SMALL ? rbuf : xmalloc(sizeof(AsyncValue *) * (size_t)nres);
    ExecCtx c = { p->host, rq, 0, NULL, site, NULL };
    exec_invoke_block(&c, p->plan->block, a, nargs, r);
    for (int i = 0; i < nres; i++) res[i] = xv_av(r[i]);
    unbox_args(args, nargs, a, abuf);
    if (r != rbuf) free(r);
}

/* A body that runs no kernel and returns only arguments (a tfrt.if
** branch `tfrt.return %n`: fib's base case, Collatz's even step), every
** returned argument resolved: its invocation is those arguments handed
** back, each return use one reference, as start() and take_results() hand
** them (an available scalar unboxed, as store() keeps it), and nothing
** between them could be seen: no kernel runs, no value is made, nothing
** waits. False (nothing done) when an argument it returns is unresolved:
** then the register's forwarding value is the result (store). */
static inline bool invoke_passthrough(const XPlan *p, const XVal *args, XVal *res)
{
    for (int i = 0; i < p->nres; i++)
        if (!xv_resolved(args[p->ret_arg[i]])) return false;
    for (int i = 0; i < p->nres; i++) {
        XVal x = args[p->ret_arg[i]];
        if (x.t == XT_AV) {
            AsyncValue *v = xv_get_av(x);
            if (av_is_available(v) && unboxable(av_get(v))) {
                x.t = av_get(v)->type;
                x.u = av_get(v)->v.u;
            } else {
                av_retain(v);
            }
        }
        res[i] = x;
    }
    return true;
}

/* An invocation of [p] that needs no frame of this engine: a body that
** only hands back resolved arguments (invoke_passthrough), or one that
** starts after an EXEC_MIXED request went fast (invoke_fast). True when it
** ran, its results (+1 each) in [res]. */
static inline __attribute__((always_inline)) bool invoke_frameless(const XPlan *p, RequestContext *rq, CallSite *site, const XVal *args,
                                    XVal *res)
{
    if (p->ret_arg && exec_invoke_depth < INVOKE_NEST_LIMIT && invoke_passthrough(p, args, res)) return true;
    if (__builtin_expect(p->host->schedule == EXEC_MIXED, 0) && rq && rq_fast(rq)) {
        invoke_fast(p, rq, site, args, res);
        return true;
    }
    return false;
}

/* Invokes [p] with [args] (+0) in request [rq] at call site [site]; its
** results (+1 each) into [res]. */
static void invoke(const XPlan *p, RequestContext *rq, CallSite *site, const XVal *args, XVal *res,
                   uint64_t *sole)
{
    if (invoke_frameless(p, rq, site, args, res)) {
        if (sole) *sole = 0;
        return;
    }
    XFrame *f = frame_new(p, rq, site);
    if (exec_invoke_depth >= INVOKE_NEST_LIMIT) {
        if (sole) *sole = sole_results(f);
        take_results(f, res);
        start_later(f, args);
        return;
    }
    start(f, args, false);
    if (sole) *sole = sole_results(f);
    take_results(f, res);
    frame_release(f);
}

void xe_invoke_block(const ExecCtx *c, const XPlan *p, AsyncValue *const *args, AsyncValue **results)
{
    XFrame *f = frame_new(p, c->rq, c->site);
    /* Through the ABI the results are the indirect values made at the
    ** start (docs/execution.md §6.1), as interp/exec.c makes them. */
    XVal rbuf[SMALL], *res = p->nres <= SMALL ? rbuf : xmalloc(sizeof(XVal) * (size_t)p->nres);
    take_results(f, res);
    for (int i = 0; i < p->nres; i++) results[i] = xv_get_av(res[i]);
    if (res != rbuf) free(res);
    XVal abuf[SMALL], *a = p->nargs <= SMALL ? abuf : xmalloc(sizeof(XVal) * (size_t)p->nargs);
    for (int i = 0; i < p->nargs; i++) a[i] = xv_av(args[i]);
    if (exec_invoke_depth >= INVOKE_NEST_LIMIT) {
        start_later(f, a);
    } else {
        start(f, a, false);
        frame_release(f);
    }
    if (a != abuf) free(a);
}

/* {=====================================================================
** Kernels through the ABI (docs/execution.md §6.4)
** ====================================================================== */

static inline ExecCtx frame_ctx(const XFrame *f)
{
    ExecCtx c = { f->p->host, f->rq, 0, NULL, f->site, NULL };
    return c;
}

/* Runs [x]'s own kernel. [taken]: the operands of a non-strict kernel,
** already taken (take()), or NULL. */
static void run_generic(XFrame *f, XQ *q, const XK *x, const XVal *taken)
{
    const Op *op = x->op;
    int nargs = x->nin, nres = x->nout;
    AsyncValue *argbuf[SMALL], *resbuf[SMALL];
    AsyncValue **args = nargs <= SMALL ? argbuf : xmalloc(sizeof(AsyncValue *) * (size_t)nargs);
    AsyncValue **res = nres <= SMALL ? resbuf : xmalloc(sizeof(AsyncValue *) * (size_t)nres);
    for (int i = 0; i < nres; i++) res[i] = NULL;
    AsyncValue *skip = NULL;
    if (x->nonstrict) {
        for (int j = 0; j < nargs; j++) {
            XVal v = taken ? taken[j] : take(f, x->in[j]);
            args[j] = v.t == XT_AV ? xv_get_av(v) : box(v);
        }
    } else {
        for (int j = 0; j < nargs; j++) {
            XVal v = reg_val(f, x->in[j]);
            if (v.t == XT_AV) {
                AsyncValue *a = xv_get_av(v);
                args[j] = a;
                if (av_is_error(a)) skip = a;
            } else {
                args[j] = box(v);
            }
        }
        if (!skip && f->rq) skip = rq_cancelled(f->rq);
    }
    KernelFn fn = op->info ? op->info->fn : NULL;
    if (skip) {
        AsyncValue *e = av_resolve_target(skip);
        for (int i = 0; i < nres; i++) {
            av_retain(e);
            res[i] = e;
        }
    } else if (fn) {
        ExecCtx cx = frame_ctx(f);
        KernelFrame kf = { args, nargs, res, nres, op, &cx };
        fn(&kf);
        for (int i = 0; i < nres; i++)
            if (!res[i]) res[i] = av_new_error(ERR_INTERNAL, "kernel did not set its result");
    } else {
        for (int i = 0; i < nres; i++) res[i] = av_new_error(ERR_UNIMPLEMENTED, "no kernel");
    }
    for (int j = 0; j < nargs; j++) av_release(args[j]);
    for (int i = 0; i < nres; i++) {
        int r = x->out[i];
        if (f->p->nuses[r] == 0) av_release(res[i]);
        else produced(f, q, r, xv_av(res[i]));
    }
    if (args != argbuf) free(args);
    if (res != resbuf) free(res);
}

/* Calls [op]'s kernel on [args] (+0, boxed for the call) outside a frame
** (a deferred control-flow kernel); results (+1) into [res]. */
static void call_kernel(Host *h, RequestContext *rq, CallSite *site, const Op *op, const XVal *args,
                        int nargs, XVal *res, int nres)
{
    AsyncValue *argbuf[SMALL], *resbuf[SMALL];
    AsyncValue **a = box_args(args, nargs, argbuf);
    AsyncValue **rs = nres <= SMALL ? resbuf : xmalloc(sizeof(AsyncValue *) * (size_t)nres);
    for (int i = 0; i < nres; i++) rs[i] = NULL;
    ExecCtx cx = { h, rq, 0, NULL, site, NULL };
    KernelFrame kf = { a, nargs, rs, nres, op, &cx };
    op->info->fn(&kf);
    for (int i = 0; i < nres; i++)
        res[i] = xv_av(rs[i] ? rs[i] : av_new_error(ERR_INTERNAL, "kernel did not set its result"));
    unbox_args(args, nargs, a, argbuf);
    if (rs != resbuf) free(rs);
}

/* {=====================================================================
** Calls (exec_call_func, kernels/control.c's invoke)
** ====================================================================== */

/* A call of [fn] (body plan [body]) by [op] one level below [site], with
** [args] (+0); results (+1) into [res]. The stop and the call depth limit
** go through exec_call_func, which reports them. */
static void call_fn(const XPlan *body, Host *h, RequestContext *rq, CallSite *site, const Op *op,
                    const Func *fn, XVal *args, int nargs, XVal *res, int nres, uint64_t *sole)
{
    if (sole) *sole = 0;
    int depth = (site ? site->depth : 0) + 1;
    if ((rq && rq_stopped(rq)) || depth > h->max_call_depth) {
        AsyncValue *argbuf[SMALL], *resbuf[SMALL];
        AsyncValue **a = box_args(args, nargs, argbuf);
        AsyncValue **rs = nres <= SMALL ? resbuf : xmalloc(sizeof(AsyncValue *) * (size_t)nres);
        ExecCtx cx = { h, rq, 0, NULL, site, NULL };
        exec_call_func(&cx, op, fn, a, nargs, rs);
        for (int i = 0; i < nres; i++) res[i] = xv_av(rs[i]);
        unbox_args(args, nargs, a, argbuf);
        if (rs != resbuf) free(rs);
        return;
    }
    exec_site_retain(site);
    CallSite *s = exec_site_link(site, op);
    invoke(body, rq, s, args, res, sole);
    exec_site_release(s);
}

/* {=====================================================================
** tfrt.if (kernels/control.c's branch_kernel for BR_IF)
** ====================================================================== */

/* A branch invoked for a tfrt.if whose results are already handed out:
** [into][i], when not NULL, is the unbound forwarding value result i is to
** be bound to (its reference +1 is the binder's). A returned register of
** the branch that is only returned (R_SOLE) and still empty when the
** synchronous part ends would get the invocation's indirect result, which
** into[i] would then forward to: a value nothing else can see, whose one
** waiter would be into[i]'s forward node, registered before anything else
** could register on it. So into[i] is that register's value instead (the
** binder's reference is the register's producer reference) and comes back
** as result i; the caller drops it instead of binding it (branch_bind).
** Waiters on into[i] run where the forward node would have run them. */
static void invoke_branch(const XPlan *p, RequestContext *rq, CallSite *site, const XVal *args, XVal *res,
                          AsyncValue *const *into)
{
    /* As invoke() (the if binds into[i] to the results). */
    if (invoke_frameless(p, rq, site, args, res)) return;
    XFrame *f = frame_new(p, rq, site);
    bool later = exec_invoke_depth >= INVOKE_NEST_LIMIT;
    if (!later) start(f, args, false);
    uint8_t *tags = xtags(f);
    for (int i = 0; i < p->nres; i++) {
        int r = p->ret[i];
        if (!into[i] || !(p->rinfo[r] & R_SOLE) || tags[r] != XT_EMPTY) continue;
        av_retain_n(into[i], (uint32_t)p->nuses[r]);
        xregs(f)[r] = (uint64_t)(uintptr_t)into[i];
        tags[r] = XT_AV;
    }
    take_results(f, res);
    if (later) start_later(f, args);
    else frame_release(f);
}

/* Runs the branch for resolved condition args[0]; results (+1) into [res].
** [into]: see invoke_branch (NULL: none; then [sole] may be asked for). */
static void branch_now(const XK *x, RequestContext *rq, CallSite *site, const XVal *args, XVal *res,
                       uint64_t *sole, AsyncValue *const *into)
{
    if (sole) *sole = 0;
    int nres = x->nout;
    XVal c = args[0];
    if (c.t == XT_AV && av_is_error(xv_get_av(c))) {
        AsyncValue *e = av_resolve_target(xv_get_av(c));
        for (int i = 0; i < nres; i++) {
            av_retain(e);
            res[i] = xv_av(e);
        }
        return;
    }
    const XPlan *b = x->body[xv_true(c) ? 0 : 1];
    if (!b) {
        for (int i = 0; i < nres; i++) res[i] = xv_av(av_new_error(ERR_INTERNAL, "no branch to take"));
        return;
    }
    if (into) invoke_branch(b, rq, site, args + 1, res, into);
    else invoke(b, rq, site, args + 1, res, sole);
}

/* A branch waiting for its condition: the retained operands, the
** forwarding results (one reference ours). */
typedef struct XDefer {
    const XK *x;
    RequestContext *rq;
    CallSite *site;
    int nargs, nres;
    XVal *args;
    AsyncValue **res;
} XDefer;

/* Binds forwarding value [ind] to [v] (+1) and drops both. */
static void bind(AsyncValue *ind, XVal v)
{
    if (v.t == XT_AV) {
        av_forward(ind, xv_get_av(v));
        av_release(xv_get_av(v));
    } else {
        AsyncValue *b = box(v);
        av_forward(ind, b);
        av_release(b);
    }
    av_release(ind);
}

/* Binds [ind] (NULL: an unused result) to the branch's result [v] (+1):
** nothing to bind when the branch adopted [ind] (invoke_branch). */
static inline void branch_bind(AsyncValue *ind, XVal v)
{
    if (ind && v.t == XT_AV && xv_get_av(v) == ind) {
        av_release(ind);
        return;
    }
    if (ind) bind(ind, v);
    else if (xv_resolved(v)) xv_drop(v);
    else bind(av_new_indirect(), v);
}

/* A new XDefer for [x] in [rq] at [site]: its operands and results are
** the caller's to fill. */
static XDefer *defer_new(const XK *x, RequestContext *rq, CallSite *site)
{
    int nargs = x->nin, nres = x->nout;
    XDefer *d = xmalloc(sizeof(XDefer) + sizeof(XVal) * (size_t)nargs + sizeof(AsyncValue *) * (size_t)nres);
    d->x = x;
    d->rq = rq;
    if (rq) rq_retain(rq);
    d->site = site;
    exec_site_retain(site);
    d->nargs = nargs;
    d->nres = nres;
    d->args = (XVal *)(d + 1);
    d->res = (AsyncValue **)(d->args + nargs);
    return d;
}

static void branch_deferred(void *a, void *b)
{
    (void)b;
    XDefer *d = a;
    int nres = d->nres;
    XVal obuf[SMALL], *out = nres <= SMALL ? obuf : xmalloc(sizeof(XVal) * (size_t)nres);
    branch_now(d->x, d->rq, d->site, d->args, out, NULL, d->res);
    for (int i = 0; i < nres; i++) branch_bind(d->res[i], out[i]);
    for (int i = 0; i < d->nargs; i++) xv_drop(d->args[i]);
    if (d->rq) rq_release(d->rq);
    exec_site_release(d->site);
    if (out != obuf) free(out);
    free(d);
}

/* Fresh forwarding values for [n] results: one reference in [keep], one
** handed out in [res]. */
static void make_indirect(AsyncValue **keep, XVal *res, int n)
{
    for (int i = 0; i < n; i++) {
        keep[i] = av_new_indirect();
        av_retain(keep[i]);
        res[i] = xv_av(keep[i]);
    }
}

/* ---- a deferred tfrt.if kept in its frame ---------------------------------
** An if whose condition register is still empty when it runs (fib's if is
** ready on its first operand, before the comparison that makes the
** condition) would take a placeholder for the register, keep its operands
** (XDefer) and wait on the placeholder. While nothing outside the frame
** can see that placeholder — only ifs of this frame took the register as
** their condition — the frame keeps the deferral instead: the register is
** XT_DEFER and holds a list of the ifs, newest first, the order in which the
** placeholder's waiters would run (async_value.h: reverse registration).
**
** A deferred if keeps its operands' uses in their registers (what the
** placeholder and XDefer's retained operands hold between them), so every
** value lives exactly as long; an operand register still empty is taken
** when the if runs, which makes its placeholder then if it is still empty
** (nothing could see the difference: nobody waits on it).
**
** When a scalar is stored into the register (store), the ifs run there,
** newest first, before the register's users are made ready — where the
** placeholder's waiters ran. When anything else could see the placeholder
** (another kernel takes the register, the invocation returns it, a value
** other than a scalar is stored), it is made then (defer_materialize) and
** the deferred ifs are registered on it oldest first, as they were:
** nothing else could have registered on it before them.
**
** The if's results. One that is only returned gets one forwarding value,
** the register's (the invocation's result), bound when the branch has run:
** the kernel's forwarding value and the one store() would make for the
** returned register forward one to the other with no other waiter, so one
** value does for both (their waiters run in the same order). A result with
** users gets the kernel's forwarding value and its continuation as before;
** an unused one gets none (an unavailable branch result is still held by
** a forwarding value until it resolves, as it was). */
/* The list in an XT_DEFER register's eight bytes, newest first: a word
** that is odd names the last (oldest) if, k << 1 | 1; an even one points
** to an XDef (a small block) naming an if and the rest of the list. Most
** registers have one deferred if, and no block. */
typedef struct XDef {
    uint64_t next;         /* the rest of the list: a word as above */
    int32_t k;             /* the if */
} XDef;

_Static_assert(sizeof(XDef) <= FL_BLOCK, "a deferral fits a small block");

/* The forwarding value deferred if [x] binds its result [i] to (its
** reference +1 is the deferral's), or NULL for an unused result. It is in
** the result's register: only returned (XT_AV), or waited for (XT_WAIT,
** XT_WAITPH: the value waited for is it). */
static inline AsyncValue *def_res(XFrame *f, const XK *x, int i)
{
    int r = x->out[i];
    if (f->p->nuses[r] == 0) return NULL;
    uint64_t u = xregs(f)[r];
    if (xtags(f)[r] == XT_WAITPH) return av_unbound_kept((AsyncValue *)(uintptr_t)u);
    return (AsyncValue *)(uintptr_t)u;
}

/* Can if [x], whose condition register is empty, defer in its frame? Not
** when the condition is also another operand (the branch would get the
** placeholder) or another operand is a condition deferred on (the branch
** or the XDefer would hold its placeholder). */
static inline bool defer_local_ok(XFrame *f, const XK *x)
{
    const uint8_t *tags = xtags(f);
    for (int j = 1; j < x->nin; j++)
        if (x->in[j] == x->in[0] || tags[x->in[j]] == XT_DEFER) return false;
    return true;
}

static __attribute__((noinline)) void defer_local(XFrame *f, XQ *q, const XK *x)
{
    const XPlan *p = f->p;
    int nres = x->nout;
    int k = (int)(x - p->k);
    for (int i = 0; i < nres; i++) {
        int r = x->out[i];
        if (p->nuses[r] == 0) continue;
        if (!(p->rinfo[r] & R_USERS)) {
            /* Only returned: the register's forwarding value, made now, or
            ** the invocation's result already there (the producer's
            ** reference is the one bound later). */
            if (xtags(f)[r] == XT_EMPTY) {
                AsyncValue *ind = av_new_indirect();
                av_retain_n(ind, (uint32_t)p->nuses[r]);
                xregs(f)[r] = (uint64_t)(uintptr_t)ind;
                xtags(f)[r] = XT_AV;
            }
        } else {
            /* The kernel's forwarding value, waited for in the register. */
            AsyncValue *ind = av_new_indirect();
            av_retain(ind);
            produced(f, q, r, xv_av(ind));
        }
    }
    int c = x->in[0];
    uint8_t *tag = &xtags(f)[c];
    uint64_t w = (uint64_t)k << 1 | 1;
    if (*tag == XT_DEFER) {
        XDef *d = fl_alloc();
        d->next = xregs(f)[c];
        d->k = k;
        w = (uint64_t)(uintptr_t)d;
    } else {
        xdone(f)[0]++;
    }
    xregs(f)[c] = w;
    *tag = XT_DEFER;
}

/* The next if of list word [*w] (consumed: its block is freed). */
static inline int def_next(uint64_t *w)
{
    if (*w & 1) {
        int k = (int)(*w >> 1);
        *w = 0;
        return k;
    }
    XDef *d = (XDef *)(uintptr_t)*w;
    int k = d->k;
    *w = d->next;
    fl_free(d);
    return k;
}

/* Runs deferred if [k] (its condition register now holds a scalar). */
static void defer_fire(XFrame *f, int k)
{
    const XK *x = &f->p->k[k];
    int nargs = x->nin, nres = x->nout;
    XVal abuf[SMALL], obuf[SMALL];
    AsyncValue *rbuf[SMALL];
    XVal *a = nargs <= SMALL ? abuf : xmalloc(sizeof(XVal) * (size_t)nargs);
    XVal *out = nres <= SMALL ? obuf : xmalloc(sizeof(XVal) * (size_t)nres);
    AsyncValue **res = nres <= SMALL ? rbuf : xmalloc(sizeof(AsyncValue *) * (size_t)nres);
    /* Binding one result may store another register: read them first. */
    for (int i = 0; i < nres; i++) res[i] = def_res(f, x, i);
    a[0] = take(f, x->in[0]);    /* the condition: an if has one (xe_plan_link) */
    for (int j = 1; j < nargs; j++) a[j] = take(f, x->in[j]);
    branch_now(x, f->rq, f->site, a, out, NULL, res);
    for (int i = 0; i < nres; i++) branch_bind(res[i], out[i]);
    for (int j = 0; j < nargs; j++) xv_drop(a[j]);
    if (a != abuf) free(a);
    if (out != obuf) free(out);
    if (res != rbuf) free(res);
}

static __attribute__((noinline)) void defer_fire_all(XFrame *f, void *list)
{
    uint64_t w = (uint64_t)(uintptr_t)list;
    while (w) defer_fire(f, def_next(&w));
}

/* Register [r] (XT_DEFER) gets the placeholder its deferred ifs would have
** waited on, and they wait on it, in the order they ran. */
static __attribute__((noinline)) void defer_materialize(XFrame *f, int r)
{
    uint64_t w = xregs(f)[r];
    xdone(f)[0]--;
    AsyncValue *ph = av_new_indirect();
    av_retain_n(ph, (uint32_t)f->p->nuses[r]);
    xregs(f)[r] = (uint64_t)(uintptr_t)ph;
    xtags(f)[r] = XT_AV;
    int kbuf[SMALL], *ks = kbuf, n = 0, cap = SMALL;
    while (w) {
        if (n == cap) {
            int *nk = xmalloc(sizeof(int) * (size_t)cap * 2);
            memcpy(nk, ks, sizeof(int) * (size_t)n);
            if (ks != kbuf) free(ks);
            ks = nk;
            cap *= 2;
        }
        ks[n++] = def_next(&w);
    }
    for (int m = n - 1; m >= 0; m--) {
        const XK *x = &f->p->k[ks[m]];
        XDefer *xd = defer_new(x, f->rq, f->site);
        for (int i = 0; i < x->nout; i++) {
            xd->res[i] = def_res(f, x, i);
            if (!xd->res[i]) xd->res[i] = av_new_indirect();
        }
        for (int j = 0; j < x->nin; j++) xd->args[j] = take(f, x->in[j]);
        av_and_then_local(ph, branch_deferred, xd, NULL);
    }
    if (ks != kbuf) free(ks);
}

/* A frame that ends with ifs still deferred (their condition was never
** produced): they never run; their results stay unbound. */
static __attribute__((noinline)) void defer_drop_all(XFrame *f)
{
    uint8_t *tags = xtags(f);
    for (int r = 0; r < f->p->nregs; r++) {
        if (tags[r] != XT_DEFER) continue;
        uint64_t w = xregs(f)[r];
        while (w) {
            const XK *x = &f->p->k[def_next(&w)];
            for (int i = 0; i < x->nout; i++) {
                AsyncValue *v = def_res(f, x, i);
                if (v) av_release(v);
            }
        }
        tags[r] = XT_EMPTY;
    }
}

static void run_if(XFrame *f, XQ *q, const XK *x)
{
    int nargs = x->nin, nres = x->nout;
    uint8_t ct = xtags(f)[x->in[0]];
    if ((ct == XT_EMPTY || ct == XT_DEFER) && defer_local_ok(f, x)) {
        defer_local(f, q, x);
        return;
    }
    XVal abuf[SMALL], rbuf[SMALL];
    XVal *a = nargs <= SMALL ? abuf : xmalloc(sizeof(XVal) * (size_t)nargs);
    XVal *res = nres <= SMALL ? rbuf : xmalloc(sizeof(XVal) * (size_t)nres);
    for (int j = 0; j < nargs; j++) a[j] = take(f, x->in[j]);
    uint64_t sole = ~(uint64_t)0;    /* the forwarding results below: only the XDefer binds them */
    if (xv_resolved(a[0])) {
        branch_now(x, f->rq, f->site, a, res, x->to_ret ? &sole : NULL, NULL);
        if (!x->to_ret) sole = 0;
    } else {
        /* Non-strict: the condition is not available yet (docs/execution.md §4). */
        XDefer *d = defer_new(x, f->rq, f->site);
        for (int j = 0; j < nargs; j++) {
            d->args[j] = a[j];
            xv_retain(a[j]);
        }
        make_indirect(d->res, res, nres);
        av_and_then_local(xv_get_av(a[0]), branch_deferred, d, NULL);
    }
    for (int j = 0; j < nargs; j++) xv_drop(a[j]);
    produce_all(f, q, x, res, sole);
    if (a != abuf) free(a);
    if (res != rbuf) free(res);
}

/* {=====================================================================
** tfrt.call
** ====================================================================== */

static void run_call(XFrame *f, XQ *q, const XK *x)
{
    int nargs = x->nin, nres = x->nout;
    XVal abuf[SMALL], rbuf[SMALL];
    XVal *a = nargs <= SMALL ? abuf : xmalloc(sizeof(XVal) * (size_t)nargs);
    XVal *res = nres <= SMALL ? rbuf : xmalloc(sizeof(XVal) * (size_t)nres);
    for (int j = 0; j < nargs; j++) a[j] = take(f, x->in[j]);
    uint64_t sole = 0;
    call_fn(x->body[0], f->p->host, f->rq, f->site, x->op, x->fn, a, nargs, res, nres, x->to_ret ? &sole : NULL);
    for (int j = 0; j < nargs; j++) xv_drop(a[j]);
    produce_all(f, q, x, res, sole);
    if (a != abuf) free(a);
    if (res != rbuf) free(res);
}

/* {=====================================================================
** tfrt.repeat.i32 (kernels/control.c)
** ====================================================================== */

typedef struct XRepeat {
    const XK *x;
    RequestContext *rq;
    CallSite *site;
    int32_t n, i;
    int nvals;
    XVal *vals;            /* current loop-carried values, +1 each */
    AsyncValue **res;      /* the kernel's forwarding results (+1 each), once handed out */
    XVal *tmp;
} XRepeat;

static void repeat_free(XRepeat *r)
{
    for (int k = 0; k < r->nvals; k++) xv_drop(r->vals[k]);
    if (r->rq) rq_release(r->rq);
    exec_site_release(r->site);
    free(r);
}

/* The kernel's results leave it: forwarding values, bound later. */
static void repeat_hand_out(XRepeat *r, XVal *out)
{
    r->res = xmalloc(sizeof(AsyncValue *) * (size_t)(r->x->nout + 1));
    make_indirect(r->res, out, r->x->nout);
}

/* A loop (tfrt.repeat.i32, tfrt.while) ends with each of its [n] results
** [each] (+0, the one error for all) or [vals] (+1 each, taken): into
** [out] while the kernel still runs (a value not yet available gets its
** forwarding value now, as the kernel's made at its start would be bound
** to it), else bound to the results [res] handed out, which are freed. */
static void loop_finish(int n, XVal *vals, AsyncValue **res, XVal *out, AsyncValue *each)
{
    for (int i = 0; i < n; i++) {
        XVal v;
        if (each) {
            av_retain(each);
            v = xv_av(each);
        } else {
            v = vals[i];
        }
        if (!out) {
            bind(res[i], v);
        } else if (xv_resolved(v)) {
            out[i] = v;
        } else {
            AsyncValue *ind = av_new_indirect();
            av_retain(ind);
            bind(ind, v);
            out[i] = xv_av(ind);
        }
    }
    free(res);
}

static void repeat_finish(XRepeat *r, XVal *out, AsyncValue *each)
{
    loop_finish(r->x->nout, r->vals, r->res, out, each);
    if (!each) r->nvals = 0;
}

static void repeat_run(XRepeat *r, XVal *out);

static void repeat_resume(void *a, void *b)
{
    (void)b;
    repeat_run(a, NULL);
}

/* Runs blocks of iterations until the loop ends or must wait; [out]: the
** kernel's results while it runs, NULL once they were handed out. */
static void repeat_run(XRepeat *r, XVal *out)
{
    const XPlan *body = r->x->body[0];
    for (;;) {
        int block = r->nvals == 0 ? r->n - r->i : REPEAT_BLOCK;
        for (int k = 0; k < block && r->i < r->n; k++) {
            AsyncValue *cancel = r->rq ? rq_cancelled(r->rq) : NULL;
            if (cancel) {
                repeat_finish(r, out, cancel);
                repeat_free(r);
                return;
            }
            invoke(body, r->rq, r->site, r->vals, r->tmp, NULL);
            for (int j = 0; j < r->nvals; j++) {
                xv_drop(r->vals[j]);
                r->vals[j] = r->tmp[j];
            }
            r->i++;
        }
        if (r->i >= r->n) {
            repeat_finish(r, out, NULL);
            repeat_free(r);
            return;
        }
        if (!xv_resolved(r->vals[0])) {
            if (out) repeat_hand_out(r, out);
            av_and_then_local(xv_get_av(r->vals[0]), repeat_resume, r, NULL);
            return;
        }
    }
}

/* The loop of a resolved, available positive trip count [n] over the
** loop-carried values [vals] (+0); results (+1) into [out]. */
static void repeat_start(const XK *x, RequestContext *rq, CallSite *site, int32_t n, const XVal *vals, XVal *out)
{
    int nvals = x->nin - 1;
    XRepeat *r = xmalloc(sizeof(XRepeat) + sizeof(XVal) * 2 * (size_t)(nvals + 1));
    r->x = x;
    r->rq = rq;
    if (rq) rq_retain(rq);
    r->site = site;
    exec_site_retain(site);
    r->n = n;
    r->i = 0;
    r->nvals = nvals;
    r->vals = (XVal *)(r + 1);
    r->tmp = r->vals + nvals + 1;
    r->res = NULL;
    for (int i = 0; i < nvals; i++) {
        r->vals[i] = vals[i];
        xv_retain(vals[i]);
    }
    repeat_run(r, out);
}

/* The kernel once its trip count args[0] is resolved: false when it must
** go to the op's own kernel (a negative count: its error). */
static bool repeat_now(const XK *x, RequestContext *rq, CallSite *site, const XVal *args, XVal *out)
{
    XVal cnt = args[0];
    if (cnt.t == XT_AV && av_is_error(xv_get_av(cnt))) {
        AsyncValue *e = av_resolve_target(xv_get_av(cnt));
        for (int i = 0; i < x->nout; i++) {
            av_retain(e);
            out[i] = xv_av(e);
        }
        return true;
    }
    int32_t n = (int32_t)(cnt.t == XT_AV ? av_get(xv_get_av(cnt))->v.i : (int64_t)cnt.u);
    if (n < 0) return false;
    if (n == 0) {
        for (int i = 0; i < x->nout; i++) {
            out[i] = args[i + 1];
            xv_retain(out[i]);
        }
        return true;
    }
    repeat_start(x, rq, site, n, args + 1, out);
    return true;
}

/* A loop waiting for its trip count: the kept operands and the forwarding results. */
typedef struct XRepeatWait {
    const XK *x;
    RequestContext *rq;
    CallSite *site;
    XVal *args;            /* +1 each */
    AsyncValue **res;      /* +1 each */
} XRepeatWait;

static void repeat_wait_done(void *a, void *b)
{
    (void)b;
    XRepeatWait *w = a;
    const XK *x = w->x;
    int nres = x->nout;
    XVal obuf[SMALL], *out = nres <= SMALL ? obuf : xmalloc(sizeof(XVal) * (size_t)nres);
    if (!repeat_now(x, w->rq, w->site, w->args, out))
        call_kernel(x->body[0]->host, w->rq, w->site, x->op, w->args, x->nin, out, nres);
    for (int i = 0; i < nres; i++) bind(w->res[i], out[i]);
    for (int i = 0; i < x->nin; i++) xv_drop(w->args[i]);
    if (w->rq) rq_release(w->rq);
    exec_site_release(w->site);
    if (out != obuf) free(out);
    free(w);
}

static void run_repeat(XFrame *f, XQ *q, const XK *x)
{
    int nargs = x->nin, nres = x->nout;
    XVal abuf[SMALL], rbuf[SMALL];
    XVal *a = nargs <= SMALL ? abuf : xmalloc(sizeof(XVal) * (size_t)nargs);
    XVal *res = nres <= SMALL ? rbuf : xmalloc(sizeof(XVal) * (size_t)nres);
    for (int j = 0; j < nargs; j++) a[j] = take(f, x->in[j]);
    if (!xv_resolved(a[0])) {
        /* Non-strict: wait for the trip count, keeping the operands. */
        XRepeatWait *w = xmalloc(sizeof(XRepeatWait) + sizeof(XVal) * (size_t)nargs +
                                 sizeof(AsyncValue *) * (size_t)(nres + 1));
        w->x = x;
        w->rq = f->rq;
        if (w->rq) rq_retain(w->rq);
        w->site = f->site;
        exec_site_retain(w->site);
        w->args = (XVal *)(w + 1);
        w->res = (AsyncValue **)(w->args + nargs);
        for (int j = 0; j < nargs; j++) {
            w->args[j] = a[j];
            xv_retain(a[j]);
        }
        make_indirect(w->res, res, nres);
        av_and_then_local(xv_get_av(a[0]), repeat_wait_done, w, NULL);
    } else if (!repeat_now(x, f->rq, f->site, a, res)) {
        run_generic(f, q, x, a);
        if (a != abuf) free(a);
        if (res != rbuf) free(res);
        return;
    }
    for (int j = 0; j < nargs; j++) xv_drop(a[j]);
    produce_all(f, q, x, res, 0);
    if (a != abuf) free(a);
    if (res != rbuf) free(res);
}

/* {=====================================================================
** tfrt.while with parallel_iterations(1) (kernels/control.c)
** ====================================================================== */

typedef struct XWhile {
    const XK *x;
    RequestContext *rq;
    CallSite *site;
    int nvals;
    XVal cond;             /* +1 */
    XVal *vals;            /* +1 each */
    AsyncValue **res;      /* the forwarding results, once handed out */
    XVal *tmp;             /* nvals + 1 */
} XWhile;

static void while_free(XWhile *w)
{
    for (int i = 0; i < w->nvals; i++) xv_drop(w->vals[i]);
    xv_drop(w->cond);
    if (w->rq) rq_release(w->rq);
    exec_site_release(w->site);
    free(w);
}

static void while_step(XWhile *w, XVal *out);
static void while_resume_cb(void *a, void *b) { (void)b; while_step(a, NULL); }
static void while_resume_task(void *a, void *b) { (void)b; while_step(a, NULL); }
static void while_enqueue_resume(void *a, void *b)
{
    (void)b;
    XWhile *w = a;
    wq_add_task(w->x->body[0]->queue, while_resume_task, w, NULL);
}

static void while_hand_out(XWhile *w, XVal *out)
{
    if (!out) return;
    w->res = xmalloc(sizeof(AsyncValue *) * (size_t)(w->x->nout + 1));
    make_indirect(w->res, out, w->x->nout);
}

/* The loop ends with its results [each] (+0, all results) or the values. */
static void while_finish(XWhile *w, XVal *out, AsyncValue *each)
{
    loop_finish(w->x->nout, w->vals, w->res, out, each);
    if (!each) w->nvals = 0;
}

static void while_step(XWhile *w, XVal *out)
{
    const XK *x = w->x;
    for (;;) {
        if (!xv_resolved(w->cond)) {
            while_hand_out(w, out);
            av_and_then_local(xv_get_av(w->cond), while_enqueue_resume, w, NULL);
            return;
        }
        if (w->cond.t == XT_AV && av_is_error(xv_get_av(w->cond))) {
            /* Once every current argument has resolved, every result is the error. */
            for (int i = 0; i < w->nvals; i++) {
                if (!xv_resolved(w->vals[i])) {
                    while_hand_out(w, out);
                    av_and_then_local(xv_get_av(w->vals[i]), while_resume_cb, w, NULL);
                    return;
                }
            }
            while_finish(w, out, xv_get_av(w->cond));
            while_free(w);
            return;
        }
        if (!xv_true(w->cond)) {
            while_finish(w, out, NULL);
            while_free(w);
            return;
        }
        call_fn(x->body[0], x->body[0]->host, w->rq, w->site, x->op, x->fn, w->vals, w->nvals, w->tmp,
                w->nvals + 1, NULL);
        for (int i = 0; i < w->nvals; i++) xv_drop(w->vals[i]);
        for (int i = 0; i < w->nvals; i++) w->vals[i] = w->tmp[i];
        xv_drop(w->cond);
        w->cond = w->tmp[w->nvals];
    }
}

static void run_while(XFrame *f, XQ *q, const XK *x)
{
    int nargs = x->nin, nres = x->nout;
    XVal abuf[SMALL], *a = nargs <= SMALL ? abuf : xmalloc(sizeof(XVal) * (size_t)nargs);
    /* Strict: the last error operand, else the cancellation, skips it. */
    bool skip = f->rq && rq_cancelled(f->rq);
    for (int j = 0; j < nargs; j++) {
        a[j] = reg_val(f, x->in[j]);
        if (a[j].t == XT_AV && av_is_error(xv_get_av(a[j]))) skip = true;
    }
    if (skip) {
        if (a != abuf) free(a);
        run_generic(f, q, x, NULL);
        return;
    }
    XVal rbuf[SMALL], *res = nres <= SMALL ? rbuf : xmalloc(sizeof(XVal) * (size_t)nres);
    int nvals = nargs - 1;
    XWhile *w = xmalloc(sizeof(XWhile) + sizeof(XVal) * (size_t)(2 * nvals + 2));
    w->x = x;
    w->rq = f->rq;
    if (w->rq) rq_retain(w->rq);
    w->site = f->site;
    exec_site_retain(w->site);
    w->nvals = nvals;
    w->vals = (XVal *)(w + 1);
    w->tmp = w->vals + nvals;
    w->res = NULL;
    w->cond = a[0];
    xv_retain(w->cond);
    for (int i = 0; i < nvals; i++) {
        w->vals[i] = a[i + 1];
        xv_retain(w->vals[i]);
    }
    while_step(w, res);
    for (int j = 0; j < nargs; j++) xv_drop(a[j]);
    produce_all(f, q, x, res, 0);
    if (a != abuf) free(a);
    if (res != rbuf) free(res);
}

/* {=====================================================================
** Running one kernel (docs/execution.md §6.4)
** ====================================================================== */

/* Arithmetic on operands [a], [b] (the eight bytes of each); false when
** the kernel must run instead (a zero divisor: its error). Results into
** r0 (and r1). */
static inline bool arith(int sub, uint64_t a, uint64_t b, XVal *r0, XVal *r1)
{
    int32_t i32a = (int32_t)(int64_t)a, i32b = (int32_t)(int64_t)b;
    int64_t i64a = (int64_t)a, i64b = (int64_t)b;
    union { uint64_t u; float f; double d; } fa = { a }, fb = { b }, o = { 0 };
    switch (sub) {
    case XA_ADD_I32: r0->t = ANY_I32; r0->u = (uint64_t)(int64_t)(int32_t)((uint32_t)i32a + (uint32_t)i32b); return true;
    case XA_SUB_I32: r0->t = ANY_I32; r0->u = (uint64_t)(int64_t)(int32_t)((uint32_t)i32a - (uint32_t)i32b); return true;
    case XA_MUL_I32: r0->t = ANY_I32; r0->u = (uint64_t)(int64_t)(int32_t)((uint32_t)i32a * (uint32_t)i32b); return true;
    case XA_DIV_I32: {
        if (i32b == 0) return false;
        int32_t qq = (i32b == -1) ? (int32_t)(0u - (uint32_t)i32a) : i32a / i32b;
        int32_t rr = (i32b == -1) ? 0 : i32a % i32b;
        r0->t = ANY_I32; r0->u = (uint64_t)(int64_t)qq;
        r1->t = ANY_I32; r1->u = (uint64_t)(int64_t)rr;
        return true;
    }
    case XA_EQ_I32: r0->t = ANY_I1; r0->u = i32a == i32b; return true;
    case XA_LE_I32: r0->t = ANY_I1; r0->u = i32a <= i32b; return true;
    case XA_ADD_I64: r0->t = ANY_I64; r0->u = (uint64_t)i64a + (uint64_t)i64b; return true;
    case XA_SUB_I64: r0->t = ANY_I64; r0->u = (uint64_t)i64a - (uint64_t)i64b; return true;
    case XA_MUL_I64: r0->t = ANY_I64; r0->u = (uint64_t)i64a * (uint64_t)i64b; return true;
    case XA_DIV_I64: {
        if (i64b == 0) return false;
        int64_t qq = (i64b == -1) ? (int64_t)(0u - (uint64_t)i64a) : i64a / i64b;
        int64_t rr = (i64b == -1) ? 0 : i64a % i64b;
        r0->t = ANY_I64; r0->u = (uint64_t)qq;
        r1->t = ANY_I64; r1->u = (uint64_t)rr;
        return true;
    }
    case XA_EQ_I64: r0->t = ANY_I1; r0->u = i64a == i64b; return true;
    case XA_LE_I64: r0->t = ANY_I1; r0->u = i64a <= i64b; return true;
    case XA_AND_I1: r0->t = ANY_I1; r0->u = (i64a != 0) && (i64b != 0); return true;
    case XA_ADD_F32: o.f = fa.f + fb.f; r0->t = ANY_F32; r0->u = o.u; return true;
    case XA_MUL_F32: o.f = fa.f * fb.f; r0->t = ANY_F32; r0->u = o.u; return true;
    case XA_DIV_F32: if (fb.f == 0.0f) return false; o.f = fa.f / fb.f; r0->t = ANY_F32; r0->u = o.u; return true;
    case XA_MIN_F32: o.f = fb.f < fa.f ? fb.f : fa.f; r0->t = ANY_F32; r0->u = o.u; return true;
    case XA_ADD_F64: o.d = fa.d + fb.d; r0->t = ANY_F64; r0->u = o.u; return true;
    case XA_MUL_F64: o.d = fa.d * fb.d; r0->t = ANY_F64; r0->u = o.u; return true;
    case XA_DIV_F64: if (fb.d == 0.0) return false; o.d = fa.d / fb.d; r0->t = ANY_F64; r0->u = o.u; return true;
    case XA_MIN_F64: o.d = fb.d < fa.d ? fb.d : fa.d; r0->t = ANY_F64; r0->u = o.u; return true;
    case XA_I64_TO_F32: o.f = (float)i64a; r0->t = ANY_F32; r0->u = o.u; return true;
    case XA_I64_TO_F64: o.d = (double)i64a; r0->t = ANY_F64; r0->u = o.u; return true;
    default: return false;
    }
}

/* The eight bytes of the strict operand in register [r] (available):
** false when it is an error. */
static inline bool operand_bits(XFrame *f, int r, uint64_t *out)
{
    uint8_t t = xtags(f)[r];
    if (t != XT_AV) {
        *out = xregs(f)[r];
        return true;
    }
    AsyncValue *v = (AsyncValue *)(uintptr_t)xregs(f)[r];
    if (av_is_error(v)) return false;
    *out = av_get(v)->v.u;
    return true;
}

static void run(XFrame *f, XQ *q, int k)
{
    const XK *x = &f->p->k[k];
    switch (x->kind) {
    case XK_CONST: {
        if (f->rq && rq_cancelled(f->rq)) break;
        if (f->p->nuses[x->out[0]]) produced(f, q, x->out[0], x->k);
        return;
    }
    case XK_ARITH: {
        uint64_t a = 0, b = 0;
        if (!operand_bits(f, x->in[0], &a)) break;
        if (x->nin > 1 && !operand_bits(f, x->in[1], &b)) break;
        if (f->rq && rq_cancelled(f->rq)) break;
        XVal r[2];
        if (!arith(x->sub, a, b, &r[0], &r[1])) break;
        const uint8_t *tags = xtags(f);
        const uint64_t *regs = xregs(f);
        if (tags[x->in[0]] == XT_AV) av_release((AsyncValue *)(uintptr_t)regs[x->in[0]]);
        if (x->nin > 1 && tags[x->in[1]] == XT_AV) av_release((AsyncValue *)(uintptr_t)regs[x->in[1]]);
        for (int i = 0; i < x->nout; i++)
            if (f->p->nuses[x->out[i]]) produced(f, q, x->out[i], r[i]);
        return;
    }
    case XK_MERGE: {
        for (int j = 0; j < x->nin; j++) {
            XVal v = reg_val(f, x->in[j]);
            if (v.t == XT_AV && av_is_error(xv_get_av(v))) goto generic;
        }
        if (f->rq && rq_cancelled(f->rq)) break;
        for (int j = 0; j < x->nin; j++) xv_drop(reg_val(f, x->in[j]));
        XVal c = { 0, ANY_CHAIN };
        if (f->p->nuses[x->out[0]]) produced(f, q, x->out[0], c);
        return;
    }
    case XK_CALL:
        run_call(f, q, x);
        return;
    case XK_IF:
        run_if(f, q, x);
        return;
    case XK_REPEAT:
        run_repeat(f, q, x);
        return;
    case XK_WHILE:
        run_while(f, q, x);
        return;
    default:
        break;
    }
generic:
    run_generic(f, q, x, NULL);
}
