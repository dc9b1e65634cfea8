/*
** vm.c — the compiled engine's interpreter loop (interp/vm.h,
** docs/engine.md "The compiled form").
**
** One function, vm_execute, runs instructions until the frame it was
** entered with returns. Frames live on an explicit stack of registers and
** call records, grown on the heap as needed, so a 20 000-deep recursion
** costs no C stack. Dispatch is a computed goto over the opcode list of
** interp/vmops.def (Wren's wren_vm.c); the dispatch macros are defined right
** above vm_execute and used nowhere else.
**
** Register ownership: a register that holds an object (a string, a list, an
** error value ...) owns one reference. Nothing above the top frame owns
** anything. A frame that ever had an object written into it is "dirty" and
** releases its objects when it returns; a dirty loop releases the objects
** of its body's registers at each back edge. Instructions that write
** scalars into registers defined once per activation (or per iteration)
** therefore need no release: only MOV, LOADK and the slow paths, which may
** overwrite a loop-carried register, check what they overwrite.
**
** Cancellation (tfrt_test.cancel, --timeout) is noticed after every kernel
** call, and polled at calls and loop iterations (a timeout is noticed
** within 64 of them). From then on the loop
** runs on a second dispatch table in which every kernel instruction takes
** the slow path, so kernels are skipped with the cancellation error as in
** the exact engine (docs/execution.md §4, §6.11), while non-strict control flow
** still runs; tfrt.repeat.i32 stops with the cancellation error as its
** results (docs/kernel-behaviour.md §3). A timeout that strikes between two such points is
** noticed at the next one.
*/
#include "base/alloc.h"
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "interp/exec.h"
#include "interp/hooks.h"
#include "interp/vm_int.h"

/* The register at byte offset [off] of frame R (vm_int.h: VM_REG). */
#define RG(off) VM_REG(R, off)

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* Kernel calls with at most this many operands/results box them on the stack. */
#define SMALL 16

static const char *const opnames[] = {
#define VMOP(name, kind, doc) #name,
#include "interp/vmops.def"
#undef VMOP
};

const char *vm_opname(int op) { return op >= 0 && op < VM__COUNT ? opnames[op] : "?"; }

/* {=====================================================================
** The register stack (one per thread: an allocator cache)
** ====================================================================== */

typedef struct VmCall {
    const VmProto *p;
    const VmInsn *ret;    /* the caller's pc to resume at */
    const int32_t *res;   /* the caller's registers for the results */
    int32_t base;         /* first register of the frame */
    bool dirty;           /* an object was written into the frame */
} VmCall;

typedef struct VmStack {
    Any *regs;
    size_t cap;           /* registers ready for use: each NONE or owning its value */
    size_t alloc;         /* registers allocated; those from cap on are not cleared yet */
    VmCall *calls;
    int ncalls, capcalls;
} VmStack;

/* ExecCtx.vm of the kernels a vm_execute runs (kernel_abi.h): the calls
** deeper than the context's chain are those of frames S->calls[stop + 1
** ..], and the inline calls around the instruction [pc] of the top frame
** (set before each kernel call). */
struct VmChain {
    VmStack *S;
    int stop;             /* the entry frame */
    const VmInsn *pc;
    /* The traced loop's (vm_execute_hooked): the host's hooks, and the
    ** identity of the frame running now. NULL in vm_execute. */
    const DebugHooks *hooks;
    const void *frame, *frame_entry;
};

static _Thread_local VmStack *tl_stack;
static pthread_key_t stack_key;
static pthread_once_t stack_once = PTHREAD_ONCE_INIT;

static void stack_free(void *p)
{
    VmStack *S = p;
    free(S->regs);
    free(S->calls);
    free(S);
    tl_stack = NULL;
}

static void stack_make_key(void) { pthread_key_create(&stack_key, stack_free); }

static VmStack *stack_get(void)
{
    if (likely(tl_stack != NULL)) return tl_stack;
    VmStack *S = calloc(1, sizeof *S);
    if (!S) tf_out_of_memory();
    pthread_once(&stack_once, stack_make_key);
    pthread_setspecific(stack_key, S);
    tl_stack = S;
    return S;
}

/* Room for registers [0, n). New registers are NONE (they own nothing).
** The block doubles (realloc remaps a large block rather than copy it),
** but only registers about to be used are cleared, STACK_CLEAR at a time:
** a deep recursion touches the memory it uses, not twice as much, and
** never stops to clear a gigabyte at once (issue 25: a runaway recursion
** under a timeout). */
#define STACK_CLEAR 16384
static __attribute__((noinline)) void stack_grow_regs(VmStack *S, size_t n)
{
    if (n > S->alloc || !S->regs) {
        size_t nc = S->alloc ? S->alloc * 2 : 1024;
        while (nc < n) nc *= 2;
        Any *r = realloc(S->regs, nc * sizeof(Any));
        if (!r) tf_out_of_memory();
        S->regs = r;
        S->alloc = nc;
    }
    size_t ready = n + STACK_CLEAR < S->alloc ? n + STACK_CLEAR : S->alloc;
    if (ready > S->cap) memset(S->regs + S->cap, 0, (ready - S->cap) * sizeof(Any));
    S->cap = ready;
}

static __attribute__((noinline)) void stack_grow_calls(VmStack *S)
{
    int nc = S->capcalls ? S->capcalls * 2 : 64;
    VmCall *c = realloc(S->calls, (size_t)nc * sizeof(VmCall));
    if (!c) tf_out_of_memory();
    S->calls = c;
    S->capcalls = nc;
}

/* {=====================================================================
** Values in registers
** ====================================================================== */

/* Stores owned [v] into [dst], releasing what [dst] owned. */
static inline void reg_store(Any *dst, Any v, bool *dirty)
{
    if (unlikely(dst->type == ANY_OBJ)) any_release(*dst);
    *dst = v;
    if (unlikely(v.type == ANY_OBJ)) *dirty = true;
}

/* Releases the objects of registers [lo, hi). */
static void release_range(Any *R, int lo, int hi)
{
    for (int r = lo; r < hi; r++) {
        if (R[r].type == ANY_OBJ) {
            any_release(R[r]);
            R[r] = any_none();
        }
    }
}

static Any error_any(ErrorObj *e)
{
    obj_retain(&e->hdr);
    return any_obj(&e->hdr);
}

/* The register form of async value [v] (+1). */
static Any unbox(AsyncValue *v, const Op *op)
{
    if (av_is_error(v)) return error_any(av_error_obj(v));
    if (av_is_available(v)) return any_copy(*av_get(v));
    /* The op table says the kernel is synchronous (no FX_DEFER). */
    ErrorObj *e = obj_errorf(ERR_INTERNAL, "'%s' left its result unavailable in compiled code",
                             op ? op->name : "?");
    return any_obj(&e->hdr);
}

/* An async value holding register value [a] (+1). */
static AsyncValue *box(const Any *a)
{
    if (vm_is_error(a)) {
        obj_retain(a->v.obj);
        return av_new_error_obj((ErrorObj *)a->v.obj);
    }
    return av_new_available(any_copy(*a));
}

/* Every result register of site [s] := error [e] (borrowed). */
static void fill_error(Any *R, const VmKSite *s, int nres, ErrorObj *e, bool *dirty)
{
    for (int i = 0; i < nres; i++) reg_store(&R[s->res[i]], error_any(e), dirty);
}

/* The cancellation error, or NULL. */
static inline ErrorObj *cancelled(const ExecCtx *c)
{
    AsyncValue *v = c->rq ? rq_cancelled(c->rq) : NULL;
    return v ? av_error_obj(v) : NULL;
}

/* A strict kernel's skip rule (docs/execution.md §4): the last error operand, else
** the cancellation; NULL when the kernel runs. */
static ErrorObj *strict_skip(const ExecCtx *c, const Any *R, const VmProto *P, const VmKSite *s)
{
    ErrorObj *e = NULL;
    for (int j = 0; j < s->nargs; j++) {
        const Any *a = vm_ref(R, P, s->args[j]);
        if (vm_is_error(a)) e = (ErrorObj *)a->v.obj;
    }
    return e ? e : cancelled(c);
}

/* The after_kernel hook of a kernel of [c]'s traced run skipped with
** error [e] as each of its [nres] results. */
static void after_kernel_error(const ExecCtx *c, const Op *op, ErrorObj *e, int nres)
{
    const DebugHooks *dh = c->vm->hooks;
    if (!dh->after_kernel) return;
    AsyncValue *buf[SMALL] = { NULL };
    AsyncValue **v = nres <= SMALL ? buf : xmalloc(sizeof(AsyncValue *) * (size_t)nres);
    for (int i = 0; i < nres; i++) {
        obj_retain(&e->hdr);
        v[i] = av_new_error_obj(e);
    }
    dh->after_kernel(dh->ud, c->vm->frame, op, v, nres);
    for (int i = 0; i < nres; i++) av_release(v[i]);
    if (v != buf) free(v);
}

/* Calls [op]'s kernel, for instruction [pc], on operands [vals] (boxed for
** the call) and unboxes its results into registers [res] of frame [R].
** Strict kernels are first skipped by the rule of docs/execution.md §4. */
static void call_kernel_on(ExecCtx *c, const VmInsn *pc, const Op *op, bool nonstrict,
                           const Any *const *vals, int nargs, Any *R, const int32_t *res, int nres,
                           bool *dirty)
{
    /* Traced (interp/hooks.h): the hooks see the kernel before the skip
    ** rule, and its results boxed. */
    const DebugHooks *dh = c->vm->hooks;
    if (unlikely(dh != NULL)) {
        c->vm->pc = pc;
        if (dh->before_kernel) dh->before_kernel(dh->ud, c, c->vm->frame, op);
    }
    if (!nonstrict) {
        ErrorObj *e = NULL;
        for (int j = 0; j < nargs; j++)
            if (vm_is_error(vals[j])) e = (ErrorObj *)vals[j]->v.obj;
        if (!e) e = cancelled(c);
        if (e) {
            if (unlikely(dh != NULL)) after_kernel_error(c, op, e, nres);
            for (int i = 0; i < nres; i++) reg_store(&R[res[i]], error_any(e), dirty);
            return;
        }
    }
    AsyncValue *abuf[SMALL], *rbuf[SMALL];
    AsyncValue **args = nargs <= SMALL ? abuf : malloc(sizeof(AsyncValue *) * (size_t)nargs);
    AsyncValue **out = nres <= SMALL ? rbuf : malloc(sizeof(AsyncValue *) * (size_t)nres);
    if (!args || !out) tf_out_of_memory();
    for (int j = 0; j < nargs; j++) args[j] = box(vals[j]);
    for (int i = 0; i < nres; i++) out[i] = NULL;
    KernelFrame kf = { args, nargs, out, nres, op, c };
    c->vm->pc = pc;    /* where its diagnostics' call chain starts */
    if (op->info && op->info->fn) op->info->fn(&kf);
    for (int i = 0; i < nres; i++)
        if (!out[i]) out[i] = av_new_error(ERR_INTERNAL, "kernel did not set its result");
    if (unlikely(dh != NULL) && dh->after_kernel) dh->after_kernel(dh->ud, c->vm->frame, op, out, nres);
    for (int i = 0; i < nres; i++) {
        reg_store(&R[res[i]], unbox(out[i], op), dirty);
        av_release(out[i]);
    }
    for (int j = 0; j < nargs; j++) av_release(args[j]);
    if (args != abuf) free(args);
    if (out != rbuf) free(out);
}

/* The kernel of instruction [pc]'s site: KCALL, and the slow paths of
** control flow. */
static void call_kernel(ExecCtx *c, const VmProto *P, const VmInsn *pc, Any *R, bool *dirty)
{
    const VmKSite *s = &P->ksites[pc->x];
    const Any *vbuf[SMALL] = { NULL };   /* (GCC cannot see that only set entries are read) */
    const Any **vals = s->nargs <= SMALL ? vbuf : malloc(sizeof(Any *) * (size_t)s->nargs);
    if (!vals) tf_out_of_memory();
    for (int j = 0; j < s->nargs; j++) vals[j] = vm_ref(R, P, s->args[j]);
    call_kernel_on(c, pc, s->op, s->nonstrict, vals, s->nargs, R, s->res, s->nres, dirty);
    if (vals != vbuf) free(vals);
}

/* The slow path of kernel instruction [I]: its operands are R[b] and
** R[c], or the constant x (the left one when pad bit 0 is set); its
** results R[a] and R[d]. */
static void call_insn_kernel(ExecCtx *c, const VmProto *P, const VmInsn *I, Any *R, bool *dirty)
{
    const Op *op = P->iops[I - P->code];
    const Any *vals[2] = { &RG(I->b), I->x >= 0 ? &P->consts[I->x] : &RG(I->c) };
    if (I->pad & 1) {
        vals[1] = vals[0];
        vals[0] = &P->consts[I->x];
    }
    int32_t res[2] = { I->a / (int32_t)sizeof(Any), I->d / (int32_t)sizeof(Any) };
    int nargs = op->noperands < 2 ? op->noperands : 2, nres = op->nresults < 2 ? op->nresults : 2;
    call_kernel_on(c, I, op, false, vals, nargs, R, res, nres, dirty);
}

/* {=====================================================================
** Calls that do not start (the call depth limit, a stopped request)
** ====================================================================== */

/* Whether call instruction [pc] of the top frame, to [cs], must not start:
** the new frame would be deeper than the host's limit (the diagnostic,
** with the compiled frames' call ops as `called from` notes, and the
** request stops), or the request was stopped (a timeout). Its results are
** then the stop's error. [over]: the depth limit is exceeded. [pc] may also
** be the INLINE at the start of a body compiled inline (its notes are the
** inline calls around it, then the frames'). */
static bool call_refused(ExecCtx *c, const VmInsn *pc, const VmCallSite *cs, Any *R, bool *dirty,
                         bool over)
{
    int max = c->host->max_call_depth;
    if (over) {
        c->vm->pc = pc;
        exec_report_call_depth(c, cs->op, max);
    } else if (!(c->rq && rq_stopped(c->rq))) {
        return false;
    }
    ErrorObj *e = cancelled(c);
    if (e) obj_retain(&e->hdr);
    else e = obj_errorf(ERR_INTERNAL, "call depth exceeds %d", max);
    for (int i = 0; i < cs->nres; i++) reg_store(&R[cs->res[i]], error_any(e), dirty);
    obj_release(&e->hdr);
    return true;
}

/* {=====================================================================
** The call chain of a kernel's diagnostics (interp/vm.h)
** ====================================================================== */

typedef struct OpVec { const Op **v; int n, cap; } OpVec;

static void opv_push(OpVec *o, const Op *op)
{
    if (o->n == o->cap) {
        o->cap = o->cap ? o->cap * 2 : 16;
        o->v = xrealloc(o->v, sizeof(Op *) * (size_t)o->cap);
    }
    o->v[o->n++] = op;
}

/* The inline calls around instruction [I] of [P], innermost first. */
static void push_vias(OpVec *o, const VmProto *P, const VmInsn *I)
{
    uintptr_t at = (uintptr_t)I, lo = (uintptr_t)P->code;
    if (at < lo || at >= lo + sizeof(VmInsn) * (size_t)P->ncode) return;   /* (no kernel call yet) */
    for (int32_t v = P->ivia[I - P->code]; v >= 0; v = P->vias[v].up) opv_push(o, P->vias[v].op);
}

const Op **vm_chain_ops(const struct VmChain *vc, int *n)
{
    const VmStack *S = vc->S;
    OpVec o = { NULL, 0, 0 };
    int top = S->ncalls - 1;
    push_vias(&o, S->calls[top].p, vc->pc);
    /* Frame t was called by the instruction before its return pc, in
    ** frame t - 1's proto. */
    for (int t = top; t > vc->stop; t--) {
        const VmProto *Q = S->calls[t - 1].p;
        const VmInsn *call = S->calls[t].ret - 1;
        opv_push(&o, Q->calls[call->x].op);
        push_vias(&o, Q, call);
    }
    *n = o.n;
    return o.v;
}

/* {=====================================================================
** The interpreter loop
** ====================================================================== */

/* Scalar results: the whole 16 bytes written as two words, the first the
** type code with every other field zero (Any's layout: type, len, aux and
** aux32 in the first word, little-endian), the second the payload. */
typedef uint64_t __attribute__((may_alias)) AnyWord;
_Static_assert(offsetof(Any, v) == 8, "an Any is a header word and a payload word");
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the type code is the low byte of the header word");
static inline void set_words(Any *d, uint8_t type, uint64_t payload)
{
    ((AnyWord *)d)[0] = type;
    ((AnyWord *)d)[1] = payload;
}
static inline uint64_t f32_word(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}
static inline uint64_t f64_word(double f)
{
    uint64_t b;
    memcpy(&b, &f, 8);
    return b;
}
#define SET_I32(d, val) set_words((d), ANY_I32, (uint64_t)(int64_t)(int32_t)(val))
#define SET_I64(d, val) set_words((d), ANY_I64, (uint64_t)(int64_t)(val))
#define SET_I1(d, val) set_words((d), ANY_I1, (val) ? 1u : 0u)
#define SET_F32(d, val) set_words((d), ANY_F32, f32_word(val))
#define SET_F64(d, val) set_words((d), ANY_F64, f64_word(val))

/* Runs from the top frame of [S] until the frame at depth [stop] returns;
** its results go to [out] (+1 each). Macros for this function only:
**   vmdispatch()  jump to the handler of the instruction at pc
**   vmnext()      advance pc and dispatch
**   vmjump(t)     pc = instruction t of the current proto, dispatch
**   reload()      ci and R again, after anything that may grow the stack
**   to_cancelled() switch to the cancelled table (and every call to its
**                 slow path)
**   check_cancel() switch to the cancelled table once the request is
**                 cancelled (after every kernel call)
**   poll_cancel()  the same, every POLL_EVERY times it is reached (calls and
**                 loop edges: a timeout is noticed soon, at no cost per call)
*/
#define POLL_EVERY 64   /* a power of two (RPT_NEXT) */
/* GCC would merge the handlers' common tails (cross-jumping) and hoist their
** loads (GCSE), which puts one shared, unpredictable jump back into every
** handler; a computed-goto loop wants each handler to dispatch on its own. */
#if defined(__clang__)
#define NO_CROSSJUMP          /* clang has no such option, and no such problem here */
#else
#define NO_CROSSJUMP __attribute__((optimize("no-crossjumping", "no-gcse")))
#endif
NO_CROSSJUMP
static void vm_execute(VmStack *S, ExecCtx *c, int stop, Any *out)
{
    static const void *const fast_tbl[] = {
#define VMOP(name, kind, doc) &&L_##name,
#include "interp/vmops.def"
#undef VMOP
    };
    /* After cancellation: kernels take the slow path (and are skipped). */
#define SLOW_K(name) &&slow
#define SLOW_C(name) &&L_##name
#define SLOW_L(name) &&cancelled_##name
    static const void *const cancelled_tbl[] = {
#define VMOP(name, kind, doc) SLOW_##kind(name),
#include "interp/vmops.def"
#undef VMOP
    };
#undef SLOW_K
#undef SLOW_C
#undef SLOW_L
    const void *const *disp = cancelled(c) ? cancelled_tbl : fast_tbl;
#define vmdispatch() goto *disp[pc->op]
#define vmnext() do { pc++; vmdispatch(); } while (0)
#define vmjump(t) do { pc = P->code + (t); vmdispatch(); } while (0)
#define vmcase(name) L_##name:
#define reload() do { ci = &S->calls[S->ncalls - 1]; R = S->regs + ci->base; } while (0)
#define to_cancelled() do { disp = cancelled_tbl; gate = -1; } while (0)
#define check_cancel() do { if (unlikely(cancelled(c) != NULL)) to_cancelled(); } while (0)
#define poll_cancel() do { if (unlikely(--poll == 0)) { poll = POLL_EVERY; check_cancel(); } } while (0)
    unsigned poll = POLL_EVERY;
    /* A call from a frame when S->ncalls > lim would run deeper than the
    ** limit: the entry frame runs at the context's depth. */
    const long lim = (long)stop + c->host->max_call_depth - exec_ctx_depth(c);
    /* A call (CALL, INLINE, a while body's run) from a frame when S->ncalls
    ** > gate takes call_refused's path: gate is lim, or -1 on the cancelled
    ** table (a stopped request starts no call). One compare per call. */
    long gate = disp == fast_tbl ? lim : -1;
    VmCall *ci = &S->calls[S->ncalls - 1];
    const VmProto *P = ci->p;
    Any *R = S->regs + ci->base;
    const VmInsn *pc = P->code;
    vmdispatch();

    vmcase(LOADK) {
        if (unlikely(RG(pc->a).type == ANY_OBJ)) any_release(RG(pc->a));
        RG(pc->a) = P->consts[pc->b];
        vmnext();
    }
    vmcase(MOV) {
        Any v = RG(pc->b);
        if (unlikely(v.type == ANY_OBJ)) {
            any_retain(v);
            ci->dirty = true;
        }
        if (unlikely(RG(pc->a).type == ANY_OBJ)) any_release(RG(pc->a));
        RG(pc->a) = v;
        vmnext();
    }

/* R[a] = R[b] op R[c] (or op K) when both have type T, else the slow path.
** GET reads an operand of type T; SET writes the result. */
#define BINOP(NAME, T, GET, SET, EXPR) \
    vmcase(NAME) { \
        const Any *x_ = &RG(pc->b), *y_ = &RG(pc->c); \
        if (unlikely(x_->type != T || y_->type != T)) goto slow; \
        { __typeof__(GET(x_) + 0) x = GET(x_), y = GET(y_); SET(&RG(pc->a), EXPR); } \
        vmnext(); \
    }
#define BINOPK(NAME, T, GET, KGET, SET, EXPR) \
    vmcase(NAME) { \
        const Any *x_ = &RG(pc->b); \
        if (unlikely(x_->type != T)) goto slow; \
        { __typeof__(GET(x_) + 0) x = GET(x_), y = KGET; SET(&RG(pc->a), EXPR); } \
        vmnext(); \
    }
#define GI32(p) ((int32_t)(p)->v.i)
#define GI64(p) ((p)->v.i)
#define GF32(p) ((p)->v.f32)
#define GF64(p) ((p)->v.f64)
#define WRAP32(op) ((int32_t)((uint32_t)x op (uint32_t)y))
#define WRAP64(op) ((int64_t)((uint64_t)x op (uint64_t)y))

    BINOP(ADD_I32, ANY_I32, GI32, SET_I32, WRAP32(+))
    BINOPK(ADDK_I32, ANY_I32, GI32, (int32_t)pc->k.i, SET_I32, WRAP32(+))
    BINOP(SUB_I32, ANY_I32, GI32, SET_I32, WRAP32(-))
    BINOPK(SUBK_I32, ANY_I32, GI32, (int32_t)pc->k.i, SET_I32, WRAP32(-))
    BINOP(MUL_I32, ANY_I32, GI32, SET_I32, WRAP32(*))
    BINOPK(MULK_I32, ANY_I32, GI32, (int32_t)pc->k.i, SET_I32, WRAP32(*))
    BINOP(EQ_I32, ANY_I32, GI32, SET_I1, x == y)
    BINOPK(EQK_I32, ANY_I32, GI32, (int32_t)pc->k.i, SET_I1, x == y)
    BINOP(LE_I32, ANY_I32, GI32, SET_I1, x <= y)
    BINOPK(LEK_I32, ANY_I32, GI32, (int32_t)pc->k.i, SET_I1, x <= y)
    BINOPK(GEK_I32, ANY_I32, GI32, (int32_t)pc->k.i, SET_I1, x >= y)
    BINOP(ADD_I64, ANY_I64, GI64, SET_I64, WRAP64(+))
    BINOPK(ADDK_I64, ANY_I64, GI64, pc->k.i, SET_I64, WRAP64(+))
    BINOP(SUB_I64, ANY_I64, GI64, SET_I64, WRAP64(-))
    BINOPK(SUBK_I64, ANY_I64, GI64, pc->k.i, SET_I64, WRAP64(-))
    BINOP(MUL_I64, ANY_I64, GI64, SET_I64, WRAP64(*))
    BINOPK(MULK_I64, ANY_I64, GI64, pc->k.i, SET_I64, WRAP64(*))
    BINOP(EQ_I64, ANY_I64, GI64, SET_I1, x == y)
    BINOPK(EQK_I64, ANY_I64, GI64, pc->k.i, SET_I1, x == y)
    BINOP(LE_I64, ANY_I64, GI64, SET_I1, x <= y)
    BINOPK(LEK_I64, ANY_I64, GI64, pc->k.i, SET_I1, x <= y)
    BINOPK(GEK_I64, ANY_I64, GI64, pc->k.i, SET_I1, x >= y)
    BINOP(AND_I1, ANY_I1, GI64, SET_I1, x && y)
    BINOP(ADD_F32, ANY_F32, GF32, SET_F32, x + y)
    BINOP(MUL_F32, ANY_F32, GF32, SET_F32, x * y)
    BINOP(MIN_F32, ANY_F32, GF32, SET_F32, y < x ? y : x)
    BINOP(ADD_F64, ANY_F64, GF64, SET_F64, x + y)
    BINOPK(ADDK_F64, ANY_F64, GF64, pc->k.f, SET_F64, x + y)
    BINOP(MUL_F64, ANY_F64, GF64, SET_F64, x * y)
    BINOPK(MULK_F64, ANY_F64, GF64, pc->k.f, SET_F64, x * y)
    BINOP(MIN_F64, ANY_F64, GF64, SET_F64, y < x ? y : x)

/* A compare fused with the IF after it. */
#define TESTOP(NAME, T, GET, YGET, EXPR) \
    vmcase(NAME) { \
        const Any *x_ = &RG(pc->b); \
        if (unlikely(x_->type != T)) goto slow; \
        __typeof__(GET(x_) + 0) x = GET(x_), y; \
        YGET; \
        if (EXPR) { pc += 2; vmdispatch(); } \
        vmjump(pc->d); \
    }
#define YREG(T, GET) { const Any *y_ = &RG(pc->c); if (unlikely(y_->type != T)) goto slow; y = GET(y_); }
    TESTOP(TEQ_I32, ANY_I32, GI32, YREG(ANY_I32, GI32), x == y)
    TESTOP(TEQK_I32, ANY_I32, GI32, y = (int32_t)pc->k.i, x == y)
    TESTOP(TLE_I32, ANY_I32, GI32, YREG(ANY_I32, GI32), x <= y)
    TESTOP(TLEK_I32, ANY_I32, GI32, y = (int32_t)pc->k.i, x <= y)
    TESTOP(TGEK_I32, ANY_I32, GI32, y = (int32_t)pc->k.i, x >= y)
    TESTOP(TEQ_I64, ANY_I64, GI64, YREG(ANY_I64, GI64), x == y)
    TESTOP(TEQK_I64, ANY_I64, GI64, y = pc->k.i, x == y)
    TESTOP(TLE_I64, ANY_I64, GI64, YREG(ANY_I64, GI64), x <= y)
    TESTOP(TLEK_I64, ANY_I64, GI64, y = pc->k.i, x <= y)
    TESTOP(TGEK_I64, ANY_I64, GI64, y = pc->k.i, x >= y)

/* x % K == C over the TEQK and the IF after it (pc[1]: C in its k, the
** else branch in its d). The compiler fuses only K other than 0 and -1, so
** the remainder is C's and cannot trap. */
#define REMTEST(NAME, T, GET) \
    vmcase(NAME) { \
        const Any *x_ = &RG(pc->b); \
        if (unlikely(x_->type != T)) goto slow; \
        __typeof__(GET(x_) + 0) x = GET(x_), k = (__typeof__(x))pc->k.i; \
        if (x % k == (__typeof__(x))pc[1].k.i) { pc += 3; vmdispatch(); } \
        vmjump(pc[1].d); \
    }
    REMTEST(TREMK_I32, ANY_I32, GI32)
    REMTEST(TREMK_I64, ANY_I64, GI64)
    vmcase(TREMK_I32_P) {
        int32_t x = GI32(&RG(pc->b)), k = (int32_t)pc->k.i;
        if (x % k == (int32_t)pc[1].k.i) { pc += 3; vmdispatch(); }
        vmjump(pc[1].d);
    }
    vmcase(TREMK_I64_P) {
        int64_t x = GI64(&RG(pc->b)), k = pc->k.i;
        if (x % k == pc[1].k.i) { pc += 3; vmdispatch(); }
        vmjump(pc[1].d);
    }

    vmcase(DIV_F64_P) {
        double x = GF64(&RG(pc->b)), y = GF64(&RG(pc->c));
        if (unlikely(y == 0)) goto slow;
        SET_F64(&RG(pc->a), x / y);
        vmnext();
    }

/* In place on operands proven of the type (interp/vmops.def): R[a] is
** also the left operand and holds the type already; only its payload is
** written. */
#define INOP(NAME, GET, STORE, YGET, EXPR) \
    vmcase(NAME) { \
        Any *d_ = &RG(pc->a); \
        __typeof__(GET(d_) + 0) x = GET(d_), y = YGET; \
        d_->v.STORE = EXPR; \
        vmnext(); \
    }
    INOP(ADD_I32_IN, GI32, i, GI32(&RG(pc->c)), (int64_t)WRAP32(+))
    INOP(ADDK_I32_IN, GI32, i, (int32_t)pc->k.i, (int64_t)WRAP32(+))
    INOP(ADD_I64_IN, GI64, i, GI64(&RG(pc->c)), WRAP64(+))
    INOP(ADDK_I64_IN, GI64, i, pc->k.i, WRAP64(+))
    INOP(ADD_F64_IN, GF64, f64, GF64(&RG(pc->c)), x + y)
    INOP(ADDK_F64_IN, GF64, f64, pc->k.f, x + y)
    INOP(MUL_F64_IN, GF64, f64, GF64(&RG(pc->c)), x * y)
    INOP(MULK_F64_IN, GF64, f64, pc->k.f, x * y)

/* Truncating division; a zero divisor takes the slow path (the kernel's
** diagnostic); INT_MIN / -1 wraps as the kernel does. */
#define DIVOP(NAME, T, GET, SET, UT, YGET) \
    vmcase(NAME) { \
        const Any *x_ = &RG(pc->b); \
        if (unlikely(x_->type != T)) goto slow; \
        __typeof__(GET(x_) + 0) x = GET(x_), y; \
        YGET; \
        if (unlikely(y == 0)) goto slow; \
        if (y == -1) { SET(&RG(pc->a), (__typeof__(x))(0u - (UT)x)); SET(&RG(pc->d), 0); } \
        else { SET(&RG(pc->a), x / y); SET(&RG(pc->d), x % y); } \
        vmnext(); \
    }
    DIVOP(DIV_I32, ANY_I32, GI32, SET_I32, uint32_t, YREG(ANY_I32, GI32))
    DIVOP(DIVK_I32, ANY_I32, GI32, SET_I32, uint32_t, y = (int32_t)pc->k.i)
    DIVOP(DIV_I64, ANY_I64, GI64, SET_I64, uint64_t, YREG(ANY_I64, GI64))
    DIVOP(DIVK_I64, ANY_I64, GI64, SET_I64, uint64_t, y = pc->k.i)

#define FDIVOP(NAME, T, GET, SET, YGET) \
    vmcase(NAME) { \
        const Any *x_ = &RG(pc->b); \
        if (unlikely(x_->type != T)) goto slow; \
        __typeof__(GET(x_) + 0) x = GET(x_), y; \
        YGET; \
        if (unlikely(y == 0)) goto slow; \
        SET(&RG(pc->a), x / y); \
        vmnext(); \
    }
    FDIVOP(DIV_F32, ANY_F32, GF32, SET_F32, YREG(ANY_F32, GF32))
    FDIVOP(DIV_F64, ANY_F64, GF64, SET_F64, YREG(ANY_F64, GF64))
    FDIVOP(DIVK_F64, ANY_F64, GF64, SET_F64, y = pc->k.f)

    vmcase(I64_TO_F32) {
        if (unlikely(RG(pc->b).type != ANY_I64)) goto slow;
        SET_F32(&RG(pc->a), (float)RG(pc->b).v.i);
        vmnext();
    }
    vmcase(I64_TO_F64) {
        if (unlikely(RG(pc->b).type != ANY_I64)) goto slow;
        SET_F64(&RG(pc->a), (double)RG(pc->b).v.i);
        vmnext();
    }

    vmcase(MERGE) {
        const VmKSite *s = &P->ksites[pc->x];
        ErrorObj *e = strict_skip(c, R, P, s);
        reg_store(&RG(pc->a), e ? error_any(e) : any_chain(), &ci->dirty);
        vmnext();
    }
    vmcase(KCALL) {
        call_kernel(c, P, pc, R, &ci->dirty);
        reload();
        check_cancel();
        vmnext();
    }
    vmcase(STRICT) {
        const VmKSite *s = &P->ksites[pc->x];
        ErrorObj *e = strict_skip(c, R, P, s);
        if (!e) vmnext();
        fill_error(R, s, s->nres, e, &ci->dirty);
        vmjump(pc->c);
    }

    vmcase(JMP) { vmjump(pc->b); }
    vmcase(IF) {
        const Any *v = &RG(pc->a);
        if (likely(v->type == ANY_I1)) {
            if (v->v.i) vmnext();
            vmjump(pc->b);
        }
        /* An error condition: the kernel makes it every result. */
        call_kernel(c, P, pc, R, &ci->dirty);
        reload();
        vmjump(pc->c);
    }
    vmcase(CASE) {
        const Any *v = &RG(pc->a);
        if (likely(v->type == ANY_I32)) {
            const VmCase *t = &P->cases[pc->d];
            int64_t i = (int32_t)v->v.i;
            if (i < 0 || i >= t->n) i = t->n - 1;
            vmjump(t->pcs[i]);
        }
        call_kernel(c, P, pc, R, &ci->dirty);
        reload();
        vmjump(pc->c);
    }
    vmcase(CALL) {
        const VmCallSite *cs = &P->calls[pc->x];
        const VmProto *Q = cs->callee;
        poll_cancel();
        if (unlikely(S->ncalls > gate)) {
            if (call_refused(c, pc, cs, R, &ci->dirty, S->ncalls > lim)) {
                to_cancelled();
                vmnext();
            }
        }
        Any *NR = R + P->nregs;
        if (unlikely(NR + Q->nregs > S->regs + S->cap)) {
            stack_grow_regs(S, (size_t)ci->base + (size_t)P->nregs + (size_t)Q->nregs);
            R = S->regs + ci->base;
            NR = R + P->nregs;
        }
        if (unlikely(S->ncalls == S->capcalls)) {
            stack_grow_calls(S);
            ci = &S->calls[S->ncalls - 1];
        }
        bool dirty = false;
        const int32_t *args = cs->args;
        for (int i = 0; i < cs->nargs; i++) {
            Any v = R[args[i]];
            if (unlikely(v.type == ANY_OBJ)) {
                any_retain(v);
                dirty = true;
            }
            NR[i] = v;
        }
        VmCall *nc = ci + 1;
        nc->p = Q;
        nc->ret = pc + 1;
        nc->res = cs->res;
        nc->base = ci->base + P->nregs;
        nc->dirty = dirty;
        S->ncalls++;
        ci = nc;
        P = Q;
        R = NR;
        pc = Q->code;
        vmdispatch();
    }
    vmcase(CALL1) {
        const VmCallSite *cs = &P->calls[pc->x];
        const VmProto *Q = cs->callee;
        poll_cancel();
        Any *NR = R + P->nregs;
        if (unlikely(NR + Q->nregs > S->regs + S->cap || S->ncalls == S->capcalls || S->ncalls > gate))
            goto call_slow;
        Any v = RG(pc->a);
        bool dirty = false;
        if (unlikely(v.type == ANY_OBJ)) {
            any_retain(v);
            dirty = true;
        }
        NR[0] = v;
        VmCall *nc = ci + 1;
        nc->p = Q;
        nc->ret = pc + 1;
        nc->res = cs->res;
        nc->base = ci->base + P->nregs;
        nc->dirty = dirty;
        S->ncalls++;
        ci = nc;
        P = Q;
        R = NR;
        pc = Q->code;
        vmdispatch();
    }
call_slow:
    /* A CALL1 that must grow the stack first, or may not start: the
    ** general CALL does. */
    goto L_CALL;
    vmcase(INLINE) {
        /* A call compiled inline is a call all the same (docs/execution.md
        ** §1.7): one level deeper than this frame, so CALL's test. */
        if (likely(S->ncalls <= gate)) vmnext();
        if (call_refused(c, pc, &P->calls[pc->x], R, &ci->dirty, S->ncalls > lim)) {
            to_cancelled();
            vmjump(pc->c);
        }
        vmnext();
    }
    vmcase(RET1) {
        if (unlikely(S->ncalls - 1 == stop)) goto L_RET;
        VmCall *up = ci - 1;
        Any *UR = S->regs + up->base;
        Any v = RG(pc->a);
        Any *d = &UR[ci->res[0]];
        if (unlikely(v.type == ANY_OBJ || d->type == ANY_OBJ)) {
            any_retain(v);
            reg_store(d, v, &up->dirty);
        } else {
            *d = v;
        }
        if (unlikely(ci->dirty)) release_range(R, 0, P->nregs);
        pc = ci->ret;
        S->ncalls--;
        ci = up;
        P = up->p;
        R = UR;
        vmdispatch();
    }
    vmcase(RET) {
        const int32_t *ret = P->ret;
        if (unlikely(S->ncalls - 1 == stop)) {
            for (int j = 0; j < P->nres; j++) out[j] = any_copy(R[ret[j]]);
            if (ci->dirty) release_range(R, 0, P->nregs);
            S->ncalls--;
            return;
        }
        VmCall *up = ci - 1;
        Any *UR = S->regs + up->base;
        const int32_t *res = ci->res;
        for (int j = 0, n = P->nres; j < n; j++) {
            Any v = R[ret[j]];
            Any *d = &UR[res[j]];
            if (unlikely(v.type == ANY_OBJ || d->type == ANY_OBJ)) {
                any_retain(v);
                reg_store(d, v, &up->dirty);
            } else {
                *d = v;
            }
        }
        if (unlikely(ci->dirty)) release_range(R, 0, P->nregs);
        pc = ci->ret;
        S->ncalls--;
        ci = up;
        P = up->p;
        R = UR;
        vmdispatch();
    }
    vmcase(RPT_INIT) {
        const VmKSite *s = &P->ksites[pc->x];
        int64_t n;
        if (pc->b < 0) n = (int32_t)pc->k.i;
        else if (likely(RG(pc->b).type == ANY_I32)) n = (int32_t)RG(pc->b).v.i;
        else n = 0;   /* an error: the kernel's own path */
        if (n <= 0) {
            /* No iteration, a negative count or an error count: what the
            ** kernel does (forward the operands, or report). */
            call_kernel(c, P, pc, R, &ci->dirty);
            reload();
            vmjump(pc->c);
        }
        ErrorObj *e = cancelled(c);
        if (unlikely(e != NULL)) {
            to_cancelled();
            fill_error(R, s, s->nres, e, &ci->dirty);
            vmjump(pc->c);
        }
        SET_I64(&RG(pc->a), n);
        for (int i = 0; i < s->nres; i++) {
            Any v = *vm_ref(R, P, s->args[i + 1]);
            if (unlikely(v.type == ANY_OBJ)) any_retain(v);
            reg_store(&R[s->res[i]], v, &ci->dirty);
        }
        vmnext();
    }
    vmcase(RPT_NEXT) {
        /* The fast table's: no kernel of the body saw a cancellation. */
        if (unlikely(ci->dirty)) release_range(R, pc->c, pc->d);
        int64_t left = --RG(pc->a).v.i;
        if (likely(left > 0)) {
            /* Before each iteration (docs/kernel-behaviour.md §3): a timeout is
            ** noticed within POLL_EVERY iterations (the count's low bits,
            ** not the shared countdown: no memory to update). */
            if (likely((left & (POLL_EVERY - 1)) != 0)) {
                pc += pc->b;
                vmdispatch();
            }
            if (likely(cancelled(c) == NULL)) {
                pc += pc->b;
                vmdispatch();
            }
            to_cancelled();
            const VmKSite *s = &P->ksites[pc->x];
            fill_error(R, s, s->nres, cancelled(c), &ci->dirty);
        }
        pc += pc->k.i;   /* the loop's exit (a copy's is not the next) */
        vmdispatch();
    }
    cancelled_RPT_NEXT: {
        /* The cancelled table's: the loop stops, the cancellation its results. */
        if (unlikely(ci->dirty)) release_range(R, pc->c, pc->d);
        if (--RG(pc->a).v.i > 0) {
            const VmKSite *s = &P->ksites[pc->x];
            fill_error(R, s, s->nres, cancelled(c), &ci->dirty);
        }
        pc += pc->k.i;
        vmdispatch();
    }
    vmcase(WHILE_NEXT) {
        if (unlikely(ci->dirty)) release_range(R, pc->c, pc->d);
        vmjump(pc->b);
    }
    vmcase(WHILE_TEST) {
        const Any *v = &RG(pc->a);
        const VmKSite *s = &P->ksites[pc->x];
        ErrorObj *e;
        if (likely(v->type == ANY_I1) || !vm_is_error(v)) {
            if (!v->v.i) vmjump(pc->b);
            poll_cancel();
            /* The body's run is a call (inline or not): CALL's test. A
            ** refused one leaves the error in the loop's registers. */
            if (likely(S->ncalls <= gate)) vmnext();
            if (call_refused(c, pc, &P->calls[pc->d], R, &ci->dirty, S->ncalls > lim)) {
                to_cancelled();
                vmjump(pc->b);
            }
            vmnext();
        }
        e = (ErrorObj *)v->v.obj;
        obj_retain(&e->hdr);    /* fill_error may release the condition */
        fill_error(R, s, s->nres, e, &ci->dirty);
        obj_release(&e->hdr);
        vmjump(pc->b);
    }

slow:
    /* A kernel instruction whose fast path does not apply. */
    call_insn_kernel(c, P, pc, R, &ci->dirty);
    reload();
    vmnext();

#undef vmdispatch
#undef vmnext
#undef vmjump
#undef vmcase
#undef reload
#undef check_cancel
#undef to_cancelled
#undef poll_cancel
#undef BINOP
#undef BINOPK
#undef DIVOP
#undef FDIVOP
#undef TESTOP
#undef REMTEST
#undef INOP
#undef YREG
}

/* {=====================================================================
** The traced loop (interp/hooks.h: HOOKS_COMPILED)
** ====================================================================== */

/* With hooks attached, compiled code runs here instead of vm_execute: a
** plain switch over the same instructions, every kernel through its real
** kernel function (call_kernel_on, which reports it), each call and
** return reported as the dataflow engine reports an invocation. The
** protos were compiled for it (vm_compile.c's for_hooks: no call inline,
** no constant folded), so every op the dataflow engine would run as a
** kernel is reported once: the profile's counts agree between the
** engines. Control flow run inline (tfrt.if, tfrt.repeat.i32, the
** tfrt.while op itself) is a kernel that finishes at once; tfrt.cond,
** tfrt.case and tfrt.call span the call they make. Cancellation and the
** call depth limit follow vm_execute's rules, checked at every kernel,
** call and iteration instead of polled.
**
** Frame identities are small heap blocks (odd: tagged), one per frame,
** freed when it returns. */

typedef struct HFrame { const void *id; } HFrame;

static const void *hframe_new(void)
{
    void *b = xmalloc(1);
    return (const void *)((uintptr_t)b | 1u);
}
static void hframe_free(const void *id) { free((void *)((uintptr_t)id & ~(uintptr_t)1)); }

/* A kernel that finishes at once (control flow run inline). */
static void hook_instant(ExecCtx *c, const VmInsn *pc, const Op *op)
{
    const DebugHooks *dh = c->vm->hooks;
    c->vm->pc = pc;
    if (dh->before_kernel) dh->before_kernel(dh->ud, c, c->vm->frame, op);
    if (dh->after_kernel) dh->after_kernel(dh->ud, c->vm->frame, op, NULL, 0);
}

/* The invocation of [body] by [site] starts in a new frame. */
static const void *hook_enter(ExecCtx *c, const Block *body, const Op *site)
{
    const DebugHooks *dh = c->vm->hooks;
    const void *id = hframe_new();
    c->vm->frame = id;
    if (dh->frame_enter) dh->frame_enter(dh->ud, id, body, NULL, 0);
    if (dh->invoke) dh->invoke(dh->ud, id, body, site, c);
    if (dh->run_begin) dh->run_begin(dh->ud, id);
    return id;
}

static void hook_exit(ExecCtx *c, const void *id)
{
    const DebugHooks *dh = c->vm->hooks;
    if (dh->run_end) dh->run_end(dh->ud, id);
    if (dh->frame_exit) dh->frame_exit(dh->ud, id);
    hframe_free(id);
}

/* after_kernel of call op [op] with its results: registers [res] of [R]. */
static void hook_call_done(ExecCtx *c, const Op *op, const Any *R, const int32_t *res, int nres)
{
    const DebugHooks *dh = c->vm->hooks;
    if (!dh->after_kernel) return;
    AsyncValue *buf[SMALL] = { NULL };
    AsyncValue **v = nres <= SMALL ? buf : xmalloc(sizeof(AsyncValue *) * (size_t)nres);
    for (int i = 0; i < nres; i++) v[i] = box(&R[res[i]]);
    dh->after_kernel(dh->ud, c->vm->frame, op, v, nres);
    for (int i = 0; i < nres; i++) av_release(v[i]);
    if (v != buf) free(v);
}

/* Does call site [cs]'s op count as a kernel of its own here? The body
** runs of tfrt.while do not: its op was reported at its STRICT. */
static bool call_is_kernel(const VmCallSite *cs)
{
    return !(cs->op->info && cs->op->info->family == SYN_WHILE);
}

/* Runs from the top frame of [S] (its frame already reported) until the
** frame at depth [stop] returns; its results go to [out]. */
static void vm_execute_hooked(VmStack *S, ExecCtx *c, int stop, Any *out)
{
    const long lim = (long)stop + c->host->max_call_depth - exec_ctx_depth(c);
    /* Frame identities of the frames above [stop], by depth - stop. */
    const void **ids = NULL;
    int nids = 0, capids = 0;
    VmCall *ci = &S->calls[S->ncalls - 1];
    const VmProto *P = ci->p;
    Any *R = S->regs + ci->base;
    const VmInsn *pc = P->code;
#define RELOAD() do { ci = &S->calls[S->ncalls - 1]; R = S->regs + ci->base; } while (0)
    for (;;) {
        switch ((VmOp)pc->op) {
        case VM_LOADK:
            if (unlikely(RG(pc->a).type == ANY_OBJ)) any_release(RG(pc->a));
            RG(pc->a) = P->consts[pc->b];
            pc++;
            break;
        case VM_MOV: {
            Any v = RG(pc->b);
            if (v.type == ANY_OBJ) {
                any_retain(v);
                ci->dirty = true;
            }
            if (RG(pc->a).type == ANY_OBJ) any_release(RG(pc->a));
            RG(pc->a) = v;
            pc++;
            break;
        }
        case VM_MERGE: case VM_KCALL: {
            const VmKSite *s = &P->ksites[pc->x];
            if (s->op->info && s->op->info->family == SYN_IF) {
                /* An if without else region, its condition false: part of
                ** the if, reported at its IF. */
                const DebugHooks *dh = c->vm->hooks;
                c->vm->hooks = NULL;
                call_kernel(c, P, pc, R, &ci->dirty);
                c->vm->hooks = dh;
            } else {
                call_kernel(c, P, pc, R, &ci->dirty);
            }
            RELOAD();
            pc++;
            break;
        }
        case VM_STRICT: {
            const VmKSite *s = &P->ksites[pc->x];
            hook_instant(c, pc, s->op);    /* the tfrt.while op */
            ErrorObj *e = strict_skip(c, R, P, s);
            if (!e) {
                pc++;
                break;
            }
            fill_error(R, s, s->nres, e, &ci->dirty);
            pc = P->code + pc->c;
            break;
        }
        case VM_JMP:
            pc = P->code + pc->b;
            break;
        case VM_IF: case VM_CASE: {
            const VmKSite *s = &P->ksites[pc->x];
            const Any *v = &RG(pc->a);
            bool ok = pc->op == VM_IF ? v->type == ANY_I1 : v->type == ANY_I32;
            if (!ok) {
                /* An error condition: the kernel makes it every result. */
                call_kernel(c, P, pc, R, &ci->dirty);
                RELOAD();
                pc = P->code + pc->c;
                break;
            }
            if (pc->op == VM_CASE) {
                const VmCase *t = &P->cases[pc->d];
                int64_t i = (int32_t)v->v.i;
                if (i < 0 || i >= t->n) i = t->n - 1;
                pc = P->code + t->pcs[i];
                break;
            }
            /* tfrt.if runs its region inline; tfrt.cond's op is its call. */
            if (s->op->info && s->op->info->family == SYN_IF) hook_instant(c, pc, s->op);
            pc = v->v.i ? pc + 1 : P->code + pc->b;
            break;
        }
        case VM_CALL: case VM_CALL1: {
            const VmCallSite *cs = &P->calls[pc->x];
            const VmProto *Q = cs->callee;
            bool kernel = call_is_kernel(cs);
            if (kernel) {
                c->vm->pc = pc;
                if (c->vm->hooks->before_kernel) c->vm->hooks->before_kernel(c->vm->hooks->ud, c, c->vm->frame, cs->op);
            }
            bool over = S->ncalls > lim;
            if (over || (c->rq && rq_stopped(c->rq))) {
                if (call_refused(c, pc, cs, R, &ci->dirty, over)) {
                    if (kernel) hook_call_done(c, cs->op, R, cs->res, cs->nres);
                    pc++;
                    break;
                }
            }
            if (S->regs + ci->base + P->nregs + Q->nregs > S->regs + S->cap)
                stack_grow_regs(S, (size_t)ci->base + (size_t)P->nregs + (size_t)Q->nregs);
            if (S->ncalls == S->capcalls) stack_grow_calls(S);
            RELOAD();
            Any *NR = R + P->nregs;
            bool dirty = false;
            for (int i = 0; i < cs->nargs; i++) {
                Any v = R[cs->args[i]];
                if (v.type == ANY_OBJ) {
                    any_retain(v);
                    dirty = true;
                }
                NR[i] = v;
            }
            VmCall *nc = ci + 1;
            nc->p = Q;
            nc->ret = pc + 1;
            nc->res = cs->res;
            nc->base = ci->base + P->nregs;
            nc->dirty = dirty;
            S->ncalls++;
            if (nids == capids) {
                capids = capids ? capids * 2 : 16;
                ids = xrealloc(ids, sizeof *ids * (size_t)capids);
            }
            ids[nids++] = hook_enter(c, Q->block, cs->op);
            ci = nc;
            P = Q;
            R = NR;
            pc = Q->code;
            break;
        }
        case VM_INLINE:
            /* Not in protos compiled for hooks; a call all the same. */
            if (S->ncalls > lim || (c->rq && rq_stopped(c->rq))) {
                if (call_refused(c, pc, &P->calls[pc->x], R, &ci->dirty, S->ncalls > lim)) {
                    pc = P->code + pc->c;
                    break;
                }
            }
            pc++;
            break;
        case VM_RET: case VM_RET1: {
            int n = pc->op == VM_RET1 ? 1 : P->nres;
            int32_t one = pc->a / (int32_t)sizeof(Any);
            const int32_t *ret = pc->op == VM_RET1 ? &one : P->ret;
            if (S->ncalls - 1 == stop) {
                for (int j = 0; j < n; j++) out[j] = any_copy(R[ret[j]]);
                if (ci->dirty) release_range(R, 0, P->nregs);
                S->ncalls--;
                free(ids);
                return;
            }
            VmCall *up = ci - 1;
            Any *UR = S->regs + up->base;
            const int32_t *res = ci->res;
            for (int j = 0; j < n; j++) {
                Any v = R[ret[j]];
                any_retain(v);
                reg_store(&UR[res[j]], v, &up->dirty);
            }
            if (ci->dirty) release_range(R, 0, P->nregs);
            const VmInsn *call = ci->ret - 1;
            S->ncalls--;
            ci = up;
            P = up->p;
            R = UR;
            pc = call + 1;
            hook_exit(c, ids[--nids]);
            c->vm->frame = nids ? ids[nids - 1] : c->vm->frame_entry;
            const VmCallSite *cs = &P->calls[call->x];
            if (call_is_kernel(cs)) hook_call_done(c, cs->op, R, cs->res, cs->nres);
            break;
        }
        case VM_RPT_INIT: {
            const VmKSite *s = &P->ksites[pc->x];
            int64_t n;
            if (pc->b < 0) n = (int32_t)pc->k.i;
            else if (RG(pc->b).type == ANY_I32) n = (int32_t)RG(pc->b).v.i;
            else n = 0;
            if (n <= 0) {
                call_kernel(c, P, pc, R, &ci->dirty);
                RELOAD();
                pc = P->code + pc->c;
                break;
            }
            hook_instant(c, pc, s->op);
            ErrorObj *e = cancelled(c);
            if (e) {
                fill_error(R, s, s->nres, e, &ci->dirty);
                pc = P->code + pc->c;
                break;
            }
            SET_I64(&RG(pc->a), n);
            for (int i = 0; i < s->nres; i++) {
                Any v = *vm_ref(R, P, s->args[i + 1]);
                if (v.type == ANY_OBJ) any_retain(v);
                reg_store(&R[s->res[i]], v, &ci->dirty);
            }
            pc++;
            break;
        }
        case VM_RPT_NEXT:
            if (ci->dirty) release_range(R, pc->c, pc->d);
            if (--RG(pc->a).v.i > 0) {
                ErrorObj *e = cancelled(c);
                if (!e) {
                    pc += pc->b;
                    break;
                }
                const VmKSite *s = &P->ksites[pc->x];
                fill_error(R, s, s->nres, e, &ci->dirty);
            }
            pc += pc->k.i;
            break;
        case VM_WHILE_NEXT:
            if (ci->dirty) release_range(R, pc->c, pc->d);
            pc = P->code + pc->b;
            break;
        case VM_WHILE_TEST: {
            const Any *v = &RG(pc->a);
            const VmKSite *s = &P->ksites[pc->x];
            if (v->type == ANY_I1 || !vm_is_error(v)) {
                if (!v->v.i) {
                    pc = P->code + pc->b;
                    break;
                }
                bool over = S->ncalls > lim;
                if ((over || (c->rq && rq_stopped(c->rq))) &&
                    call_refused(c, pc, &P->calls[pc->d], R, &ci->dirty, over)) {
                    pc = P->code + pc->b;
                    break;
                }
                pc++;
                break;
            }
            ErrorObj *e = (ErrorObj *)v->v.obj;
            obj_retain(&e->hdr);
            fill_error(R, s, s->nres, e, &ci->dirty);
            obj_release(&e->hdr);
            pc = P->code + pc->b;
            break;
        }
        default:
            /* A kernel instruction: its real kernel (the slow path). */
            call_insn_kernel(c, P, pc, R, &ci->dirty);
            RELOAD();
            pc++;
            break;
        }
    }
#undef RELOAD
}

void vm_invoke(const ExecCtx *c, const VmProto *p, AsyncValue *const *args, int nargs,
               AsyncValue **results)
{
    VmStack *S = stack_get();
    int depth = S->ncalls;
    size_t base = depth ? (size_t)S->calls[depth - 1].base + (size_t)S->calls[depth - 1].p->nregs : 0;
    /* (A body without registers still needs the stack: S->regs + base
    ** must not be an offset from NULL.) */
    if (!S->regs || base + (size_t)p->nregs > S->cap) stack_grow_regs(S, base + (size_t)p->nregs);
    if (S->ncalls == S->capcalls) stack_grow_calls(S);
    VmCall *ci = &S->calls[S->ncalls++];
    ci->p = p;
    ci->ret = NULL;
    ci->res = NULL;
    ci->base = (int32_t)base;
    ci->dirty = false;
    Any *R = S->regs + base;
    for (int i = 0; i < nargs && i < p->nargs; i++) {
        R[i] = unbox(args[i], NULL);
        if (R[i].type == ANY_OBJ) ci->dirty = true;
    }
    /* [c] has no compiled calls (exec_invoke_block made them links): the
    ** chain of this run's kernels is its frames', then c->site. */
    struct VmChain chain = { S, depth, NULL, NULL, NULL, NULL };
    ExecCtx ctx = *c;
    ctx.error = NULL;
    ctx.vm = &chain;
    Any obuf[SMALL];
    Any *out = p->nres <= SMALL ? obuf : malloc(sizeof(Any) * (size_t)p->nres);
    if (!out) tf_out_of_memory();
    const DebugHooks *dh = hooks_of(c->host);
    if (likely(dh == NULL)) {
        vm_execute(S, &ctx, depth, out);
    } else {
        /* Hooks that take compiled code (exec_invoke_block checked). */
        chain.hooks = dh;
        const void *id = hook_enter(&ctx, p->block, hooks_site(p->block, c));
        chain.frame_entry = id;
        vm_execute_hooked(S, &ctx, depth, out);
        hook_exit(&ctx, id);
    }
    for (int i = 0; i < p->nres; i++) {
        results[i] = box(&out[i]);
        any_release(out[i]);
    }
    if (out != obuf) free(out);
    free(ctx.error);
}
