/*
** kernel_abi.h — the kernel calling convention, and the services a kernel may
** use. The executor owns this ABI: kernels/ (and any other module that runs
** kernels) depends on it, never the reverse. Kernel authors include
** kernels/kernel.h, which adds the op table (ops/optable.h).
**
** A kernel is `void k_<ident>(KernelFrame *f)` (see ops/optable.h). The
** executor calls it once all its operands are resolved (strict kernels) with:
**   f->args[i]     the operands, +0 (borrowed for the call; av_retain to keep,
**                  e.g. in a deferred task). For strict kernels they are
**                  AVAILABLE; error operands never reach a strict kernel.
**   f->results[i]  NULL on entry; the kernel stores one +1 AsyncValue in every
**                  slot before it returns — available, an error, or an
**                  unavailable / indirect value that it resolves later.
**   f->op          the op: attributes (kf_attr), location, regions, callee.
**   f->ctx         the execution context: host (queue, allocator, output,
**                  diagnostics) and the request (cancellation, resources).
**
** Errors: kf_error() reports `runtime error: MSG` as a diagnostic at the op's
** location (docs/execution.md §1.7), followed by a `called from` note per
** call of the context's chain, and sets every result slot still NULL to
** that error (code INTERNAL). Work deferred to a task reports errors with
** exec_report_error() on its exec_ctx_dup() of the kernel's context, which
** emits the diagnostic (and the kernel's chain) when the task runs.
**
** Output: print through host_out(); every print is one line, flushed with
** host_out_flush(), which stops the run at the first write that fails.
**
** Module prefixes: kf_ (frame helpers), exec_ / host_ (services implemented by
** the executor: interp/kernel_abi.c, plan.c, exec.c), native_ (the registry
** of native functions, interp/kernel_abi.c).
*/
#ifndef TFRUN_KERNEL_ABI_H
#define TFRUN_KERNEL_ABI_H

#include <stdarg.h>
#include <stdio.h>
#include "interp/any.h"
#include "interp/async_value.h"
#include "interp/workqueue.h"
#include "ir/ir.h"

typedef struct Host Host;          /* one per program run (interp/exec.h) */

/* One link of the logical call chain (docs/execution.md §4: calls may run
** asynchronously, so the chain is carried in the context, not on any
** stack): the op that called, and the depth of the invocation it started
** (the top-level function runs at depth 0 with no CallSite). Reference
** counted: every frame, duplicated context and deferred body that runs at
** this depth holds one reference, and a link holds one on its parent. */
typedef struct CallSite {
    _Atomic unsigned refs;
    int depth;
    const Op *op;
    struct CallSite *parent;
} CallSite;

/* The calls of the compiled engine (interp/vm.h) that are deeper than
** ExecCtx.site: it keeps its frames on a stack of its own, with no CallSite
** per call. Valid only while the kernel it was given to runs. */
struct VmChain;

/* The context a kernel runs in. Cheap to copy; a task that outlives the
** kernel call keeps its own copy made with exec_ctx_dup() and frees it with
** exec_ctx_free() (it holds a reference on the request, and the whole call
** chain as CallSite links: a copy never has [vm]). */
typedef struct ExecCtx {
    Host *host;
    RequestContext *rq;
    unsigned flags;        /* EXEC_* below; 0 for ordinary execution */
    char *error;           /* EXEC_SYNC: first error a kernel reported (malloc'ed) */
    CallSite *site;        /* the call that started this invocation; NULL at the top */
    struct VmChain *vm;    /* NULL, or the compiled engine's calls deeper than
                              [site]: the chain is those (innermost first),
                              then [site]'s links */
} ExecCtx;

static inline int exec_ctx_depth(const ExecCtx *c) { return c->site ? c->site->depth : 0; }
/* References on a call chain link (NULL is allowed). */
void exec_site_retain(CallSite *s);
void exec_site_release(CallSite *s);

/* ExecCtx.flags. EXEC_SYNC: running inside a `tfrt.sync` function (docs/execution.md
** §6.9): kf_error() and exec_diag() emit no diagnostic; kf_error() and
** kf_error_silent() record the first message in ExecCtx.error, which is how
** a sync kernel without results fails (tfrt_test.error_s). */
enum { EXEC_SYNC = 1u << 0 };

typedef struct KernelFrame {
    AsyncValue *const *args; int nargs;
    AsyncValue **results;    int nresults;
    const Op *op;
    ExecCtx *ctx;
} KernelFrame;

/* ---- operands ------------------------------------------------------------ */
static inline const Any *kf_arg(const KernelFrame *f, int i) { return av_get(f->args[i]); }
static inline int32_t kf_i32(const KernelFrame *f, int i) { return (int32_t)kf_arg(f, i)->v.i; }
static inline int64_t kf_i64(const KernelFrame *f, int i) { return kf_arg(f, i)->v.i; }
static inline uint64_t kf_u64(const KernelFrame *f, int i) { return kf_arg(f, i)->v.u; }
static inline float   kf_f32(const KernelFrame *f, int i) { return kf_arg(f, i)->v.f32; }
static inline double  kf_f64(const KernelFrame *f, int i) { return kf_arg(f, i)->v.f64; }
static inline bool    kf_i1(const KernelFrame *f, int i)  { return kf_arg(f, i)->v.i != 0; }

/* ---- attributes ---------------------------------------------------------- */
static inline const Attr *kf_attr(const KernelFrame *f, const char *name) { return ir_op_attr(f->op, name); }

/* ---- results ------------------------------------------------------------- */
/* Result i = a new available value holding v (takes v's reference). */
static inline void kf_set(KernelFrame *f, int i, Any v) { f->results[i] = av_new_available(v); }
/* Result i = v (takes the caller's +1 reference). */
static inline void kf_set_av(KernelFrame *f, int i, AsyncValue *v) { f->results[i] = v; }
/* Result i = operand j itself (shared, docs/execution.md §2: payloads are not copied). */
void kf_forward_arg(KernelFrame *f, int i, int j);
/* Result i = the shared ready chain. */
static inline void kf_set_chain(KernelFrame *f, int i) { f->results[i] = av_ready_chain(); }
/* Reports `runtime error: MSG` (diagnostic at the op) and sets every result
** still NULL to that error. */
void kf_error(KernelFrame *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Same, without a diagnostic (propagated errors, docs/execution.md §1.7's exceptions). */
void kf_error_silent(KernelFrame *f, ErrorCode code, const char *msg);

/* ---- services ------------------------------------------------------------ */
FILE *host_out(Host *h);                          /* program output (stdout) */
/* Flushes host_out() (call it with the stream's lock held, as a print
** does). The first time a write of it fails (a full disk, a pipe closed
** with SIGPIPE ignored) the error is recorded (host_out_error,
** interp/exec.h) and the request the host runs (host_set_request) is
** stopped with `Cancelled: write error`: nothing is gained by running on
** with nowhere to print. False when the output has failed, now or before:
** the caller then prints nothing more. */
bool host_out_flush(Host *h);
/* The errno of the first failed write of host_out(); 0 while it works. */
int host_out_error(const Host *h);
WorkQueue *host_queue(Host *h);
/* TFRT's debug tracing sink the run writes to (interp/tsink.h), or NULL. */
struct TSink *host_tsink(Host *h);
HostAllocator *host_allocator(Host *h);
const Module *host_module(Host *h);
bool host_split_updates(Host *h);                 /* explorer's spec model (interp/exec.h) */

/* A heap copy that retains the request and holds [c]'s whole call chain
** as CallSite links (the compiled engine's calls become links: ExecCtx.vm
** is NULL in the copy), so that what it reports later names the calls of
** the kernel that made it. */
ExecCtx *exec_ctx_dup(const ExecCtx *c);
void exec_ctx_free(ExecCtx *c);
/* Enqueue deferred work on the host's queue. */
void exec_enqueue(const ExecCtx *c, TaskFn fn, void *a, void *b);
/* Report `runtime error: MSG` at [op] and resolve [dst] (unresolved) with that
** error. Safe from any thread. */
void exec_report_error(const ExecCtx *c, const Op *op, AsyncValue *dst, const char *msg);
/* Emit only the diagnostic (no value): `runtime error: MSG` at [op], then
** the `called from` notes of [c]'s call chain, innermost first (at most
** EXEC_CALL_NOTES at each end, interp/exec.h), all under the sink's lock.
** Nothing under EXEC_SYNC. */
void exec_diag(const ExecCtx *c, const Op *op, const char *msg);

/* Parked work (interp/stuck.h). A kernel that queues an invocation until
** a resource is free (rv.critical on a busy critical section) registers
** it, so that a run that ends with it still queued can say why its results
** never came: [waiter] is the context of the kernel that queued it (its
** call chain is copied), [op] that kernel's op, [what] names the resource
** ("critical section"; static), [resource] identifies it, [holder_op] /
** [holder] the op and context of the kernel whose invocation holds it
** now. exec_unpark() when the invocation leaves the queue;
** exec_park_handoff() when another invocation takes the resource while
** invocations are still queued on it. Thread-safe; the kernel may call
** them under its own lock (they take only the host's). */
typedef struct ExecPark ExecPark;
ExecPark *exec_park(const ExecCtx *waiter, const Op *op, const char *what, const void *resource,
                    const Op *holder_op, const ExecCtx *holder);
void exec_unpark(Host *h, ExecPark *p);
void exec_park_handoff(Host *h, const void *resource, const Op *holder_op, const ExecCtx *holder);

/* The callee of call-like op [op] (Op.callee), resolved when the host was
** loaded; NULL when it has none or is not in the module. */
const Func *exec_op_callee(const ExecCtx *c, const Op *op);

/* Invoke a function (or a region body) with [args] (+0); stores nresults +1
** values (forwarding values when not yet available) in [results]. Runs
** synchronously as far as possible on the calling thread (docs/execution.md §6.1). */
void exec_invoke_func(const ExecCtx *c, const Func *fn, AsyncValue *const *args, int nargs,
                      AsyncValue **results);
void exec_invoke_block(const ExecCtx *c, const Block *body, AsyncValue *const *args, int nargs,
                       AsyncValue **results);
/* A call of function [fn] made by op [site] (tfrt.call, cond, case, while,
** parallel_call, rv.critical ...): exec_invoke_func one level deeper in the
** call chain. When the request is stopped (--timeout, or the depth limit
** was hit) no invocation starts and every result is the stop's error. When
** the new depth would exceed the host's limit (--max-call-depth), reports
** `error: call depth exceeds N` at [site] with `called from` notes, stops
** the request with that message, and every result is that error. */
void exec_call_func(const ExecCtx *c, const Op *site, const Func *fn, AsyncValue *const *args, int nargs,
                    AsyncValue **results);
/* The diagnostic of exec_call_func for a call at [site] that would run at
** depth [max] + 1, with the `called from` notes of [c]'s chain (as
** exec_diag's). Emits nothing when the request was already stopped;
** otherwise stops it. */
void exec_report_call_depth(const ExecCtx *c, const Op *site, int max);


/* ---- per-run kernel state (added for kernels/test.c; implemented by the
** executor in interp/plan.c) -----------------------------------------------
** State that docs/kernel-behaviour.md §5 calls "process-wide" (the thread-id counter of
** tfrt_test.get_thread_id, unique_loc's map, the sample shared context) lives
** in the Host, never in C globals. host_kernel_state() returns the object
** registered under [key] (compared with strcmp), creating it with [create]
** on first use; [destroy] frees it in host_free(). Thread-safe: concurrent
** first uses create exactly one object. The object must do its own locking. */
void *host_kernel_state(Host *h, const char *key, void *(*create)(void), void (*destroy)(void *));

/* ---- native functions (docs/execution.md §6.10) ------------------------- */
/* A native function: same convention as a kernel (args +0, results +1). Its
** arguments are all resolved when it is called. */
typedef void (*NativeFn)(const ExecCtx *c, AsyncValue *const *args, int nargs,
                         AsyncValue **results, int nresults);
typedef struct NativeEntry { const char *name; NativeFn fn; } NativeEntry;

/* A table of native functions, linked into the registry by native_register
** (the registry keeps the pointer: static storage). Registered at start-up,
** before any thread runs a program: kernels/ registers its natives from a
** constructor (kernels/control.c). Later tables are searched first. */
typedef struct NativeTable {
    const NativeEntry *entries; int n;
    struct NativeTable *next;          /* the registry's link */
} NativeTable;
void native_register(NativeTable *t);
/* The native function registered under [name], or NULL. */
NativeFn native_lookup(const char *name);

#endif
