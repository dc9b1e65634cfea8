/*
** workqueue.h — work queues (docs/execution.md §5, §1.6), request contexts
** (cancellation, docs/execution.md §6.11) and the host allocator with its accounting (docs/execution.md §1.10).
**
** Queues:
**   "s"          one FIFO list, run only by the calling (main) thread inside
**                wq_await / wq_quiesce. Blocking tasks go to the same list.
**                Deterministic. Not locked: only the thread that created it
**                may add tasks or run it.
**   "mstd[:N[,M]]" N worker threads (default: hardware threads) and M
**                blocking threads (default 256, created lazily). The main
**                thread never runs tasks; await blocks until the values are
**                resolved (or until no task is queued or running, when
**                nothing could resolve them any more); quiesce blocks until
**                no task is queued or running, in either pool. A worker that
**                calls await or quiesce runs queued tasks meanwhile.
**
** Module prefixes: wq_ (queues), rq_ (request context), ha_ (host allocator).
*/
#ifndef TFRUN_WORKQUEUE_H
#define TFRUN_WORKQUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "interp/async_value.h"

typedef void (*TaskFn)(void *a, void *b);

typedef struct WorkQueue WorkQueue;

/* Parses [spec] ("s", "mstd", "mstd:4", "mstd:4,8"). On a bad spec returns
** NULL and writes the TFRT message into err ("Invalid argument for s work
** queue: ARG" / "Invalid argument for mstd work queue: ARG" / "unknown work
** queue type T"). */
WorkQueue *wq_create(const char *spec, char *err, size_t errlen);
void wq_destroy(WorkQueue *q);                 /* quiesces first; not from a worker */
/* "single-threaded" or "Multi-threaded C++ work queue (N threads, M blocking threads)". */
const char *wq_name(const WorkQueue *q);
int wq_parallelism(const WorkQueue *q);        /* 1 for s, N for mstd */
bool wq_is_single_threaded(const WorkQueue *q);

void wq_add_task(WorkQueue *q, TaskFn fn, void *a, void *b);
/* Blocking work (sleeps). Returns false when the blocking pool refuses it
** (more than wq_max_pending_blocking pending). */
bool wq_add_blocking_task(WorkQueue *q, TaskFn fn, void *a, void *b);
/* Runs (s) or waits for (mstd) tasks until every value in vals is resolved.
** s: FIFO, one task at a time, checking after each task; stops as soon as
** they are resolved, leaving the rest queued. */
void wq_await(WorkQueue *q, AsyncValue *const *vals, int n);
/* Runs / waits until no task is queued or running (tasks may enqueue tasks). */
void wq_quiesce(WorkQueue *q);
/* A controlled scheduler's view of the single-threaded queue (tfrun explore,
** analysis/explore.h): the number of queued tasks, task [i] in FIFO order,
** and running task [i] (removed first; the others keep their order).
** Not for mstd. */
size_t wq_ntasks(const WorkQueue *q);
void wq_task_at(const WorkQueue *q, size_t i, TaskFn *fn, void **a, void **b);
void wq_run_at(WorkQueue *q, size_t i);
/* Chunks of tasks the queue holds, queued tasks' and spare (for tests: after
** a drain it is at most 2 per FIFO, however long the queue was). */
size_t wq_chunks_held(const WorkQueue *q);
/* True if the calling thread is one of q's worker or blocking threads. */
bool wq_on_worker(const WorkQueue *q);
/* The pending-blocking-task limit of mstd (default WQ_MAX_PENDING_BLOCKING);
** the setter exists for tests. s never refuses. */
#define WQ_MAX_PENDING_BLOCKING 1000
int wq_max_pending_blocking(const WorkQueue *q);
void wq_set_max_pending_blocking(WorkQueue *q, int n);
/* Number of worker + blocking threads started so far (they start lazily). */
int wq_threads_started(const WorkQueue *q);
/* tfrt_test.get_thread_id (docs/kernel-behaviour.md §5): the calling OS thread's id, handed
** out from a process-wide counter starting at 0 the first time each thread
** asks. */
int wq_thread_id(void);

/* ---- request context ---------------------------------------------------- */
/* One per top-level function run, shared (refcounted) by every invocation it
** causes. Holds the cancellation state and a small resource map (tfrt.once). */
typedef struct RequestContext RequestContext;
RequestContext *rq_new(WorkQueue *q);
void rq_retain(RequestContext *r);
void rq_release(RequestContext *r);
WorkQueue *rq_queue(const RequestContext *r);
/* Marks the request cancelled with error `Cancelled` (code CANCELLED). */
void rq_cancel(RequestContext *r);
/* Marks it cancelled with a custom message (e.g. "Cancelled: timeout"). */
void rq_cancel_msg(RequestContext *r, const char *msg);
/* NULL when not cancelled, else the cancellation error value (borrowed). */
AsyncValue *rq_cancelled(const RequestContext *r);
/* Blocks the calling thread for [us] microseconds, or until [r] is
** cancelled, whichever comes first (a kernel's sleep: a timeout must reach
** it). True when the time ran out, false when the request was (or already
** is) cancelled. [r] NULL: an ordinary sleep. */
bool rq_sleep(RequestContext *r, int64_t us);
/* Stops the request: cancels it with [msg] (unless it was cancelled
** before, whose message then stays), and from then on no invocation of a
** function starts in it (exec_call_func), so that a timeout or the call
** depth limit ends deep or unbounded recursion at once. tfrt_test.cancel
** only cancels: non-strict calls still run then (docs/execution.md §6.11).
** Returns true for the first stop of the request. */
bool rq_stop_msg(RequestContext *r, const char *msg);
/* Whether the request was stopped. */
bool rq_stopped(const RequestContext *r);
/* The schedule of the request's invocations under EXEC_MIXED
** (docs/analysis.md §8): false (the default) runs them exact, true fast.
** Set by the driver before the run, and once by the mixed schedule's
** switch (never back). */
void rq_set_fast(RequestContext *r, bool fast);
bool rq_fast(const RequestContext *r);
/* The mixed schedule's watch of this run (interp/exec.c), or NULL:
** borrowed, set by the driver before the run. */
void rq_set_watch(RequestContext *r, void *w);
void *rq_watch(const RequestContext *r);
/* Resource map keyed by string: returns the stored pointer or NULL. put
** stores [p] with its destructor (called when the context dies); returns
** false if the key exists. Thread-safe. */
void *rq_resource_get(RequestContext *r, const char *key);
bool rq_resource_put(RequestContext *r, const char *key, void *p, void (*dtor)(void *));

/* ---- host allocator (docs/execution.md §1.10) ----------------------------- */
typedef enum HostAllocKind {
    HA_MALLOC, HA_FIXED_SIZE_1K, HA_PROFILED, HA_LEAK_CHECK
} HostAllocKind;
typedef struct HostAllocator HostAllocator;
/* [name]: "malloc", "test_fixed_size_1k", "profiled_allocator",
** "leak_check_allocator". NULL for an unknown name. Log lines of the
** fixed-size allocator go to [log] (TFRT_LOG format, docs/execution.md §1.9). */
HostAllocator *ha_create(const char *name, FILE *log);
void ha_destroy(HostAllocator *a);
HostAllocKind ha_kind(const HostAllocator *a);
/* "Choosing malloc." etc. (docs/execution.md §1.2). */
const char *ha_banner(const HostAllocator *a);
/* NULL when the allocator refuses (fixed-size capacity exhausted). The size
** accounted is [size] exactly; callers add TFRT's 64-byte header themselves. */
void *ha_alloc(HostAllocator *a, size_t size, size_t align);
/* The same, naming the op whose kernel asks ([site], may be NULL): the leak
** check allocator remembers it for each live block, so that its report
** says which kernel made what was never freed (docs/language.md §4). */
struct Op;
void *ha_alloc_at(HostAllocator *a, size_t size, size_t align, const struct Op *site);
void ha_free(HostAllocator *a, void *p, size_t size);
typedef struct HostAllocStats {
    int64_t cur_allocs, max_allocs, total_allocs, cur_bytes, max_bytes;
} HostAllocStats;
HostAllocStats ha_stats(const HostAllocator *a);
/* Prints the five-line profile (`HostAllocator profile:` ...) to out. */
void ha_print_profile(const HostAllocator *a, FILE *out);
/* At program end: profile printing for HA_PROFILED, and for HA_LEAK_CHECK
** the profile plus `Memory leak detected: A alive allocations, B alive bytes`
** when bytes are alive, then one line per op that made live blocks
** (`  N allocations, B bytes: made by 'OP' at line L:C`, source order of
** first allocation). Returns true if a leak was reported. */
bool ha_report_at_exit(const HostAllocator *a, FILE *out);

/* TFRT_LOG line: `S YYYY-MM-DD HH:MM:SS.uuuuuu TID FILE:LINE] MESSAGE`. */
void tfrt_log(FILE *out, char severity, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

#endif
