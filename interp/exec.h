/*
** exec.h — the executor: hosts, frames, invocation and dispatch
** (docs/execution.md §3–§6, §4).
**
** A Host is one program run: the module, the work queue, the host allocator,
** the diagnostic sink and the output stream. Create it, call exec_load() once
** (it compiles every body into a plan and resolves every kernel), then invoke
** functions with exec_invoke_func() (interp/kernel_abi.h) under an ExecCtx that
** names a request context.
**
** Ownership: the Host borrows everything it is given (module, queue,
** allocator, sink, stream); the caller frees them after host_free(). Compiled
** plans belong to the Host (never to the Module, which the executor does not
** write: several hosts may run one module) and are freed by host_free().
**
** Threads: after exec_load() the plans are read-only (apart from a few
** atomically exchanged spare frames). Invocations may run on any thread;
** registers and ready counts are atomic. Diagnostics go through the sink's
** own lock; output through host_out() is flushed by the printer.
**
** Depth: nothing recurses in proportion to the program. Continuations that
** process a ready queue nest at most 100 deep per thread (docs/execution.md §6.5), and
** invocations at most 200 deep, after which they continue from a task; a
** forwarding chain is followed iteratively by interp/async_value.c.
**
** Module prefixes: host_ (the Host), exec_ (invocation).
*/
#ifndef TFRUN_EXEC_H
#define TFRUN_EXEC_H

#include <stdbool.h>
#include <stdio.h>
#include "interp/any.h"
#include "interp/async_value.h"
#include "interp/workqueue.h"
#include "ir/diag.h"
#include "ir/ir.h"
#include "interp/kernel_abi.h"

/* The two schedules (docs/execution.md §7, docs/engine.md). EXEC_EXACT is
** TFRT's single-threaded order (docs/execution.md §6). EXEC_FAST runs ready work
** depth-first with no stream analysis, and compiled bodies (interp/vm.h).
** EXEC_EXPLORE (tfrun explore, run --replay; analysis/explore.h) runs no
** kernel inline: every kernel that becomes ready is a task of its own on the
** single-threaded queue, so whoever drives the queue (wq_run_at) chooses
** the order of kernel steps.
** EXEC_MIXED loads both forms, the stream analysis and the compiled bodies,
** and runs each request on the one its RequestContext names (rq_set_fast):
** `auto` chooses per function, and an exact run may switch to fast
** (exec_watch_new; docs/analysis.md §8). */
typedef enum ExecSchedule { EXEC_EXACT = 0, EXEC_FAST = 1, EXEC_EXPLORE = 2, EXEC_MIXED = 3 } ExecSchedule;

struct Host {
    const Module *module;
    WorkQueue *queue;
    HostAllocator *alloc;
    DiagSink *diag;        /* may be NULL: diagnostics are then dropped */
    FILE *out;             /* program output (stdout) */
    /* Debugger hooks (interp/debug.h), NULL normally: the REPL's debugger
    ** sets them on a single-threaded host before running anything. */
    const struct DebugHooks *debug;
    /* Set before exec_load(); host_new() makes it EXEC_EXACT. */
    ExecSchedule schedule;
    /* The explorer's spec model (docs/tools.md §4): rv.assign_add reads at
    ** once and leaves its write to a task of its own (host_split_updates). */
    bool split_updates;
    /* The deepest call chain allowed (--max-call-depth; host_new() makes
    ** it EXEC_DEFAULT_MAX_CALL_DEPTH): a call that would run deeper is an
    ** error that stops the request (exec_call_func). Both engines. */
    int max_call_depth;
    /* TFRT's debug tracing sink (interp/tsink.h), NULL normally: the
    ** driver sets it for `--tracing-sink=debug`; CoreRT's kernels open
    ** their scopes in it (host_tsink). Borrowed. */
    struct TSink *tsink;
};

#define EXEC_DEFAULT_MAX_CALL_DEPTH 1000000
/* The most `called from` notes at each end of the chain; those between are
** counted in one note. */
#define EXEC_CALL_NOTES 4

/* A host for [m]. Everything is borrowed. */
Host *host_new(const Module *m, WorkQueue *q, HostAllocator *a, DiagSink *d, FILE *out);
void host_free(Host *h);

/* Compiles every function and region body of the module (into the Host) and
** resolves kernels; under EXEC_FAST also builds the compiled engine's protos
** (interp/vm.h), which invocations use when no debugger is attached. On an unknown kernel emits the single diagnostic
** `runtime error: unknown kernel name 'NAME'` of docs/execution.md §1.8 and returns false;
** an unregistered `tfrt.native` declaration also returns false (diagnostic
** without location). Nothing has run when it returns. */
bool exec_load(Host *h);

/* Runs synchronous (`tfrt.sync`) function [fn] on the sequential interpreter
** of docs/execution.md §6.9 with available [args] (+0). On success stores nresults
** available +1 values in [results] and returns true; on failure returns false
** and stores a malloc'ed copy of the error message in *err (results are not
** set). No diagnostic is emitted. */
bool exec_run_sync(const ExecCtx *c, const Func *fn, AsyncValue *const *args, int nargs,
                   AsyncValue **results, char **err);

/* Under EXEC_EXPLORE: when the task (fn, a) runs exactly one kernel, stores
** that op in *op and the values of its operands that are in their
** registers (borrowed; NULL where not yet stored) in args[0..max), and
** returns true. False for every other task. */
bool exec_task_kernel(TaskFn fn, void *a, const Op **op, AsyncValue **args, int max);

/* {=====================================================================
** The mixed schedule's switch (docs/analysis.md §8.1)
** ======================================================================
** When a run of a function (body [body]) may go on fast: once, for every
** pair, one of its two units is done. A unit is done when each of its
** conditions is met; a condition is met when one of its registers (values
** of [body], by Value.index) holds a resolved value in the run's top
** frame. A unit without conditions is never done (the `returned` line).
** Built by analysis/mixed.c, read-only, owned by whoever built it. */
typedef struct ExecSwitch {
    const Block *body;
    int nconds, nunits, npairs;
    const int *cstart;        /* [nconds + 1]: cond c's registers are */
    const int *cregs;         /*   cregs[cstart[c] .. cstart[c + 1]) */
    const int *ustart;        /* [nunits + 1]: unit u's conds are */
    const int *uconds;        /*   uconds[ustart[u] .. ustart[u + 1]) */
    const int *pa, *pb;       /* [npairs]: the two units of each pair */
    const Op *const *unit_op; /* [nunits]: its op, NULL for the result line */
} ExecSwitch;

/* The watch of one run (+1): attach it with rq_set_watch before invoking
** the function (exact, not fast); the first frame of sw->body in the
** request is watched, and when every pair is decided the request becomes
** fast (rq_set_fast). Free it once nothing of the run can resolve any more
** (after the driver's quiesce). */
typedef struct ExecWatch ExecWatch;
ExecWatch *exec_watch_new(const ExecSwitch *sw);
void exec_watch_free(ExecWatch *w);
/* Whether the run switched, and the op whose completion decided the last
** pair (NULL when no op did: every pair was decided before the run). */
bool exec_watch_switched(const ExecWatch *w, const Op **trigger);

/* Program output that fails (host_out_flush, interp/kernel_abi.h): [rq]
** (retained; NULL: none) is the request a failed write stops, set by the
** driver for each run. */
void host_set_request(Host *h, RequestContext *rq);

/* Number of frames alive (for tests: a finished program has none). */
long exec_live_frames(void);

#endif
