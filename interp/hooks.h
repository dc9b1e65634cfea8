/*
** hooks.h — the executor's event stream: one set of callbacks that both
** engines call at fixed points of a run when a Host has hooks attached
** (Host.debug, interp/exec.h). Everything that watches a run is a consumer
** of this one stream: the REPL's debugger (interp/debug.h), the trace and
** the profile (interp/trace.h); interp/stuck.h, which reports work that
** never ran, needs no hooks at all. hooks_pair() lets two consumers share
** a host.
**
** Cost when nothing is attached: every call site is one test of a pointer
** the executor has at hand (the host's), and the compiled engine's loop
** has none at all (vm_invoke chooses the loop once per entry). Building
** with -DTFRUN_NO_HOOKS removes the call sites altogether (hooks_of() is
** then NULL): bench/hooks.sh (`make bench`) compares the two builds by
** time and by callgrind's instruction counts (docs/tools.md §5.5).
**
** The callbacks. [ud] is DebugHooks.ud. [frame] identifies one invocation
** of a body from frame_enter to frame_exit; the executor may reuse an
** identity afterwards. The first four are the original contract (the
** debugger relies on it) and must be set; every addition may be NULL (not
** wanted):
**
**   frame_enter(frame, body, args, nargs)
**       an invocation of [body] (a function body or a region body) starts;
**       [args] are its block arguments (+0, borrowed for the call; NULL
**       for compiled frames, whose arguments are not boxed).
**   frame_exit(frame)
**       the invocation is over: every kernel of it has run or been
**       skipped and nothing refers to the frame any more. A frame whose
**       kernels wait forever never exits (interp/stuck.h reports them).
**   before_kernel(c, frame, op)
**       kernel [op] of [frame] is about to run, or to be skipped by the
**       error/cancellation rule (docs/execution.md §4), BEFORE that rule is
**       applied: a hook that cancels the request (Ctrl-C) makes this very
**       kernel skipped. The hook may block (the REPL reads commands here).
**   after_kernel(frame, op, results, nresults)
**       the kernel has run (or been skipped); [results] are the values it
**       produced (borrowed, before the executor stores or releases them).
**
** Additions (wave 3; consumers that do not set them see nothing new):
**
**   invoke(frame, body, site, c)
**       right after frame_enter, on the same thread: the op whose kernel
**       started the invocation (tfrt.call, tfrt.if, rv.critical ...; the
**       region's own op for a region body; NULL for the driver's call of
**       a function) and the context it runs in (its call chain, c->site).
**   run_begin(frame) / run_end(frame)
**       the kernels of [frame] that run between these two calls run on
**       this thread, one after another, in one stretch (the start of the
**       invocation, a task of the exact schedule, a continuation after an
**       awaited value resolved). Stretches of different frames nest
**       properly on one thread (a call runs inside a kernel of its
**       caller's stretch); one frame may have several stretches, on
**       several threads. A compiled frame has one stretch, its whole life.
**   value_wait(frame, val)
**       value [val] of [frame], which the kernel that just ran (the last
**       after_kernel on this thread) produced, is not available yet: its
**       users wait for it.
**   value_wake(frame, val)
**       it resolved: called on the thread that resolved it (inside
**       whatever kernel or task did), before its users run.
**
** Threads. Without HOOKS_THREADS in [flags] the consumer is not
** thread-safe and must be attached only to a host on the single-threaded
** queue ("s"): every callback then runs on the thread that drives the
** queue. With HOOKS_THREADS the executor calls the callbacks from
** whichever thread runs the work (mstd workers and blocking threads), at
** once, and the consumer does its own locking.
**
** The compiled engine (interp/vm.h). Without HOOKS_COMPILED the executor
** runs no compiled code while hooks are attached: every body runs on the
** dataflow engine, where every callback above has its meaning (the
** debugger needs the AsyncValues). With HOOKS_COMPILED, a host loaded
** (exec_load) with such hooks attached compiles its bodies for tracing —
** no call compiled inline, no constant folded, so that every op the
** dataflow engine would run as a kernel is one instruction — and runs them
** on a loop that reports each kernel (before/after_kernel, results boxed
** for the call), each call (before_kernel of the call op, frame_enter,
** invoke, run_begin; at the return run_end, frame_exit, after_kernel of
** the call op) and each invocation it is given. Regions of tfrt.if and
** tfrt.repeat.i32 run inline there: no frame events for them, and their
** control-flow op is reported as a kernel that finishes at once. Compiled
** frame identities are odd numbers, never pointers.
**
** The hooks never retain the values they see, so attaching them changes
** no reference count and no destruction point.
**
** Module prefix: hooks_.
*/
#ifndef TFRUN_HOOKS_H
#define TFRUN_HOOKS_H

#include <stdbool.h>
#include "interp/async_value.h"
#include "interp/kernel_abi.h"
#include "ir/ir.h"

/* DebugHooks.flags */
enum {
    HOOKS_THREADS = 1u << 0,    /* thread-safe: may be attached under mstd */
    HOOKS_COMPILED = 1u << 1    /* compiled code may run and report (above) */
};

typedef struct DebugHooks {
    void *ud;
    void (*frame_enter)(void *ud, const void *frame, const Block *body,
                        AsyncValue *const *args, int nargs);
    void (*frame_exit)(void *ud, const void *frame);
    void (*before_kernel)(void *ud, const ExecCtx *c, const void *frame, const Op *op);
    void (*after_kernel)(void *ud, const void *frame, const Op *op,
                         AsyncValue *const *results, int nresults);
    /* ---- additions: zero / NULL when not wanted ---- */
    unsigned flags;
    void (*invoke)(void *ud, const void *frame, const Block *body, const Op *site, const ExecCtx *c);
    void (*run_begin)(void *ud, const void *frame);
    void (*run_end)(void *ud, const void *frame);
    void (*value_wait)(void *ud, const void *frame, const Value *val);
    void (*value_wake)(void *ud, const void *frame, const Value *val);
} DebugHooks;

/* The hooks of host [h] at a call site (NULL: none). */
#ifdef TFRUN_NO_HOOKS
#define hooks_of(h) ((void)(h), (const DebugHooks *)NULL)
#else
#define hooks_of(h) ((h)->debug)
#endif

/* Calls callback [fn] of hooks [dh] (a variable: hooks_of()'s value) when
** hooks are attached and [fn] is set. The test of [dh] is expected to
** fail: nothing attached is the case the executor is laid out for. */
#define HOOK(dh, fn, ...) \
    do { \
        if (__builtin_expect((dh) != NULL, 0) && (dh)->fn) (dh)->fn((dh)->ud, __VA_ARGS__); \
    } while (0)

/* One set of hooks that calls [a]'s callbacks, then [b]'s (the debugger
** and a trace of the same run). Its flags are those both have. Borrows
** both, which must outlive it; free it with hooks_pair_free(). */
DebugHooks *hooks_pair(const DebugHooks *a, const DebugHooks *b);
void hooks_pair_free(DebugHooks *h);

/* The op whose kernel started an invocation of [body] in context [c]: the
** region's op for a region body, else the call of c's chain (NULL at the
** top). What invoke() receives as [site]. */
static inline const Op *hooks_site(const Block *body, const ExecCtx *c)
{
    if (body->parent_op) return body->parent_op;
    return c->site ? c->site->op : NULL;
}

#endif
