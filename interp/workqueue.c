/*
** workqueue.c — the `s` and `mstd` work queues (docs/execution.md §5, §1.6).
**
** `s` is a FIFO of tasks in linked chunks (Fifo below) touched only by the
** thread that owns the queue: no lock, no allocation per task in steady
** state. Tasks run inside wq_await / wq_quiesce on that thread, one at a
** time, FIFO; a task may add tasks or call wq_quiesce itself
** (tfrt_test.quiesce), which simply keeps popping from the same FIFO.
**
** `mstd` has one mutex. Worker tasks and blocking tasks wait in two FIFOs;
** [pending] counts tasks queued or running in both pools, so quiesce is
** "wait until pending == 0". Workers (up to N) and blocking threads (up to M)
** are started lazily, when a task arrives and no started thread is idle.
** The main thread never runs tasks: wq_await registers a continuation on each
** unresolved value and sleeps on [idle_cv] until they resolve or the queue
** is idle (then nothing could resolve them: it returns, like `s`). A worker
** that awaits or quiesces (nested invocations, tfrt_test.quiesce) helps by
** running queued tasks, so a single worker cannot deadlock on itself.
**
** Global state: wq_thread_id's counter (process-wide by docs/kernel-behaviour.md §5) and a
** thread-local pointer naming the queue a worker thread belongs to.
*/
#include "base/alloc.h"
#include "interp/workqueue.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct Task { TaskFn fn; void *a, *b; } Task;

/* A FIFO of tasks in fixed-size chunks linked from head to tail: push
** writes at [tail] in the tail chunk, pop reads at [head] in the head
** chunk. Nothing is copied when the queue grows, and a chunk emptied by
** pops is freed (one is kept spare for the next push that needs one), so the
** queue holds its pending tasks plus at most two chunks. (It was a ring that
** doubled: fib(27) under exact has ~311 000 tasks pending at the peak, and
** the ring held 2^19 slots, all of them touched, plus the old half while
** copying; docs/perf-notes.md, "Work queue in chunks".)
**
** Why 1024 tasks (24 KB) a chunk: the chunk change (a link, perhaps a
** malloc) is paid once per 1024 pushes or pops, well under 0.1 % of their
** cost; a queue that stays short cycles through one chunk that fits in L1/L2;
** and the spare chunks cost at most 72 KB a queue. A chunk the head leaves
** when the queue is empty is reused in place (head and tail back to its
** start), so a short queue never allocates after its first push. */
#define CHUNK_TASKS 1024

typedef struct Chunk { struct Chunk *next; Task t[CHUNK_TASKS]; } Chunk;

typedef struct Fifo {
    Task *head, *hend;      /* next task to pop; end of the head chunk */
    Task *tail, *tend;      /* next free slot; end of the tail chunk */
    Chunk *hc, *tc;         /* head and tail chunks (the same when n < 1024) */
    Chunk *spare;           /* an emptied chunk kept for the next push */
    size_t n;               /* tasks queued */
} Fifo;

/* The tail chunk is full (or there is none yet): link a new one. */
static void fifo_grow(Fifo *r)
{
    Chunk *c = r->spare;
    if (c) r->spare = NULL;
    else if (!(c = malloc(sizeof *c))) tf_out_of_memory();
    c->next = NULL;
    if (r->tc) r->tc->next = c;
    else {
        r->hc = c;
        r->head = c->t;
        r->hend = c->t + CHUNK_TASKS;
    }
    r->tc = c;
    r->tail = c->t;
    r->tend = c->t + CHUNK_TASKS;
}

/* The head reached the end of its chunk: move to the next one, or, if this
** was the tail chunk too (the queue is empty), start it over. */
static void fifo_next_chunk(Fifo *r)
{
    Chunk *c = r->hc;
    if (c == r->tc) {
        r->head = r->tail = c->t;
        return;
    }
    r->hc = c->next;
    r->head = r->hc->t;
    r->hend = r->head + CHUNK_TASKS;
    if (r->spare) free(c);
    else r->spare = c;
}

static inline void fifo_push(Fifo *r, Task t)
{
    if (r->tail == r->tend) fifo_grow(r);
    *r->tail++ = t;
    r->n++;
}

static inline Task fifo_pop(Fifo *r)
{
    Task t = *r->head++;
    r->n--;
    if (r->head == r->hend) fifo_next_chunk(r);
    return t;
}

/* Task [i] counted from the head (i < n). Walks the chunks: for the
** explorer's controlled view and the stress build, not the fast path. */
static Task *fifo_at(const Fifo *r, size_t i)
{
    size_t first = (size_t)(r->hend - r->head);
    if (i < first) return r->head + i;
    i -= first;
    const Chunk *c = r->hc->next;
    for (; i >= CHUNK_TASKS; i -= CHUNK_TASKS) c = c->next;
    return (Task *)&c->t[i];
}

/* Removes task [i] (i < n), keeping the order of the others: the tasks
** before it move one slot on, walking forward from the head, then the head
** slot is popped. */
static Task fifo_take(Fifo *r, size_t i)
{
    Task *p = r->head;
    Chunk *c = r->hc;
    Task carry = *p;
    for (size_t j = 1; j <= i; j++) {
        if (++p == c->t + CHUNK_TASKS) {
            c = c->next;
            p = c->t;
        }
        Task next = *p;
        *p = carry;
        carry = next;
    }
    (void)fifo_pop(r);
    return carry;
}

static size_t fifo_chunks(const Fifo *r)
{
    size_t k = r->spare != NULL;
    for (const Chunk *c = r->hc; c; c = c->next) k++;
    return k;
}

static void fifo_free(Fifo *r)
{
    for (Chunk *c = r->hc, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(r->spare);
    memset(r, 0, sizeof *r);
}

/* mstd makes no ordering promise, and programs run under it must not depend
** on one. Built with -DWQ_STRESS (in the spirit of Lua's HARDSTACKTESTS),
** an mstd thread takes a random queued task instead of the oldest and yields
** before running it, so hidden ordering assumptions show up in tests. */
static Task mt_pop(Fifo *r)
{
#ifdef WQ_STRESS
    static _Thread_local unsigned seed = 12345;
    seed = seed * 1103515245u + 12345u;
    Task *p = fifo_at(r, (seed >> 8) % r->n);
    Task t = *p;
    *p = *r->head;
    *r->head = t;
    return fifo_pop(r);
#else
    return fifo_pop(r);
#endif
}

static void mt_run(Task t)
{
#ifdef WQ_STRESS
    sched_yield();
#endif
    t.fn(t.a, t.b);
}

/* Why these limits: they only reject absurd specs (a typo such as
** mstd:40000 would otherwise try to start 40000 threads). */
#define WQ_MAX_WORKERS 1024
#define WQ_MAX_BLOCKING 65536

struct WorkQueue {
    bool mt;
    int nworkers, nblocking;        /* N, M (mstd) */
    char name[96];
    Fifo q;                         /* s: the FIFO; mstd: worker tasks (mu) */
    /* mstd only, all under mu. */
    pthread_mutex_t mu;
    pthread_cond_t work_cv, block_cv, idle_cv;
    Fifo bq;                        /* pending blocking tasks */
    int max_pending_blocking;
    int started_workers, idle_workers;
    int started_blocking, idle_blocking;
    int64_t pending;                /* queued + running, both pools */
    int idle_waiters;               /* threads waiting on idle_cv */
    int task_quiescers;             /* workers inside wq_quiesce */
    bool stop;
    pthread_t *threads;
    int nthreads, capthreads;
};

static _Thread_local WorkQueue *tl_queue;   /* the queue this thread works for */
static _Atomic int next_thread_id;
static _Thread_local int tl_thread_id = -1;

int wq_thread_id(void)
{
    if (tl_thread_id < 0) tl_thread_id = atomic_fetch_add(&next_thread_id, 1);
    return tl_thread_id;
}

/* {=====================================================================
** Creation
** ====================================================================== */

static WorkQueue *wq_alloc(bool mt)
{
    WorkQueue *q = calloc(1, sizeof *q);
    if (!q) tf_out_of_memory();
    q->mt = mt;
    q->max_pending_blocking = WQ_MAX_PENDING_BLOCKING;
    return q;
}

/* Parses a decimal integer that must fill [s, end); -1 if it does not. */
static long parse_count(const char *s, const char *end)
{
    if (s == end || end - s > 9) return -1;
    long v = 0;
    for (const char *p = s; p < end; p++) {
        if (*p < '0' || *p > '9') return -1;
        v = v * 10 + (*p - '0');
    }
    return v;
}

static int hardware_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > WQ_MAX_WORKERS ? WQ_MAX_WORKERS : (int)n;
}

WorkQueue *wq_create(const char *spec, char *err, size_t errlen)
{
    const char *colon = strchr(spec, ':');
    size_t tlen = colon ? (size_t)(colon - spec) : strlen(spec);
    const char *arg = colon ? colon + 1 : "";
    if (tlen == 1 && spec[0] == 's') {
        if (*arg) {
            snprintf(err, errlen, "Invalid argument for s work queue: %s", arg);
            return NULL;
        }
        WorkQueue *q = wq_alloc(false);
        q->nworkers = 1;
        snprintf(q->name, sizeof q->name, "single-threaded");
        return q;
    }
    if (tlen == 4 && memcmp(spec, "mstd", 4) == 0) {
        long n = hardware_threads(), m = 256;
        if (*arg) {
            const char *comma = strchr(arg, ',');
            const char *end = arg + strlen(arg);
            n = parse_count(arg, comma ? comma : end);
            if (comma) m = parse_count(comma + 1, end);
            if (n < 1 || n > WQ_MAX_WORKERS || m < 1 || m > WQ_MAX_BLOCKING) {
                snprintf(err, errlen, "Invalid argument for mstd work queue: %s", arg);
                return NULL;
            }
        }
        WorkQueue *q = wq_alloc(true);
        q->nworkers = (int)n;
        q->nblocking = (int)m;
        snprintf(q->name, sizeof q->name,
                 "Multi-threaded C++ work queue (%d threads, %d blocking threads)", q->nworkers, q->nblocking);
        pthread_mutex_init(&q->mu, NULL);
        pthread_cond_init(&q->work_cv, NULL);
        pthread_cond_init(&q->block_cv, NULL);
        pthread_cond_init(&q->idle_cv, NULL);
        return q;
    }
    snprintf(err, errlen, "unknown work queue type %.*s", (int)tlen, spec);
    return NULL;
}

const char *wq_name(const WorkQueue *q)        { return q->name; }
int wq_parallelism(const WorkQueue *q)         { return q->mt ? q->nworkers : 1; }
bool wq_is_single_threaded(const WorkQueue *q) { return !q->mt; }
bool wq_on_worker(const WorkQueue *q)          { return q->mt && tl_queue == q; }
int wq_max_pending_blocking(const WorkQueue *q) { return q->max_pending_blocking; }

void wq_set_max_pending_blocking(WorkQueue *q, int n)
{
    if (q->mt) pthread_mutex_lock(&q->mu);
    q->max_pending_blocking = n;
    if (q->mt) pthread_mutex_unlock(&q->mu);
}

int wq_threads_started(const WorkQueue *q)
{
    if (!q->mt) return 0;
    WorkQueue *m = (WorkQueue *)q;
    pthread_mutex_lock(&m->mu);
    int n = m->started_workers + m->started_blocking;
    pthread_mutex_unlock(&m->mu);
    return n;
}

/* {=====================================================================
** mstd threads
** ====================================================================== */

/* A task finished (mu held): wake quiescers if it may matter to them. */
static void task_done_locked(WorkQueue *q)
{
    q->pending--;
    if (q->idle_waiters && q->pending <= q->task_quiescers) pthread_cond_broadcast(&q->idle_cv);
}

static void *thread_main(WorkQueue *q, Fifo *r, pthread_cond_t *cv, int *idle)
{
    tl_queue = q;
    pthread_mutex_lock(&q->mu);
    for (;;) {
        if (r->n) {
            Task t = mt_pop(r);
            pthread_mutex_unlock(&q->mu);
            mt_run(t);
            pthread_mutex_lock(&q->mu);
            task_done_locked(q);
            continue;
        }
        if (q->stop) break;
        (*idle)++;
        pthread_cond_wait(cv, &q->mu);
        (*idle)--;
    }
    pthread_mutex_unlock(&q->mu);
    return NULL;
}

static void *worker_main(void *p)
{
    WorkQueue *q = p;
    return thread_main(q, &q->q, &q->work_cv, &q->idle_workers);
}

static void *blocking_main(void *p)
{
    WorkQueue *q = p;
    return thread_main(q, &q->bq, &q->block_cv, &q->idle_blocking);
}

/* Starts a thread (mu held); false if the system refuses. */
static bool spawn_locked(WorkQueue *q, void *(*fn)(void *))
{
    if (q->nthreads == q->capthreads) {
        int cap = q->capthreads ? 2 * q->capthreads : 8;
        pthread_t *t = realloc(q->threads, (size_t)cap * sizeof *t);
        if (!t) return false;
        q->threads = t;
        q->capthreads = cap;
    }
    if (pthread_create(&q->threads[q->nthreads], NULL, fn, q) != 0) return false;
    q->nthreads++;
    return true;
}

/* {=====================================================================
** Adding tasks
** ====================================================================== */

void wq_add_task(WorkQueue *q, TaskFn fn, void *a, void *b)
{
    Task t = { fn, a, b };
    if (!q->mt) {
        fifo_push(&q->q, t);
        return;
    }
    pthread_mutex_lock(&q->mu);
    fifo_push(&q->q, t);
    q->pending++;
    if (q->idle_workers >= (int)q->q.n) pthread_cond_signal(&q->work_cv);
    else if (q->started_workers < q->nworkers && spawn_locked(q, worker_main)) q->started_workers++;
    else pthread_cond_signal(&q->work_cv);
    /* Workers that are helping inside await/quiesce sleep on idle_cv. */
    if (q->idle_waiters) pthread_cond_broadcast(&q->idle_cv);
    pthread_mutex_unlock(&q->mu);
}

bool wq_add_blocking_task(WorkQueue *q, TaskFn fn, void *a, void *b)
{
    Task t = { fn, a, b };
    if (!q->mt) {
        fifo_push(&q->q, t);
        return true;
    }
    pthread_mutex_lock(&q->mu);
    if (q->idle_blocking == 0 && q->started_blocking >= q->nblocking &&
        q->bq.n >= (size_t)(q->max_pending_blocking < 0 ? 0 : q->max_pending_blocking)) {
        pthread_mutex_unlock(&q->mu);
        return false;
    }
    fifo_push(&q->bq, t);
    q->pending++;
    if (q->idle_blocking >= (int)q->bq.n) pthread_cond_signal(&q->block_cv);
    else if (q->started_blocking < q->nblocking && spawn_locked(q, blocking_main)) q->started_blocking++;
    else pthread_cond_signal(&q->block_cv);
    pthread_mutex_unlock(&q->mu);
    return true;
}

size_t wq_ntasks(const WorkQueue *q) { return q->mt ? 0 : q->q.n; }

void wq_task_at(const WorkQueue *q, size_t i, TaskFn *fn, void **a, void **b)
{
    const Task *t = fifo_at(&q->q, i);
    *fn = t->fn;
    *a = t->a;
    *b = t->b;
}

void wq_run_at(WorkQueue *q, size_t i)
{
    Task t = fifo_take(&q->q, i);
    t.fn(t.a, t.b);
}

size_t wq_chunks_held(const WorkQueue *q)
{
    if (!q->mt) return fifo_chunks(&q->q);
    WorkQueue *m = (WorkQueue *)q;
    pthread_mutex_lock(&m->mu);
    size_t k = fifo_chunks(&m->q) + fifo_chunks(&m->bq);
    pthread_mutex_unlock(&m->mu);
    return k;
}

/* {=====================================================================
** Awaiting and quiescing
** ====================================================================== */

static bool all_resolved(AsyncValue *const *vals, int n)
{
    for (int i = 0; i < n; i++)
        if (!av_is_resolved(vals[i])) return false;
    return true;
}

/* The main thread's await. Continuations registered on values that never
** resolve may outlive the await (it gives up when the queue is idle), so the
** record is on the heap and freed by whoever drops its last reference
** (fields under q->mu). */
typedef struct Waiter { WorkQueue *q; int remaining, refs; } Waiter;

static void waiter_done(void *a, void *b)
{
    Waiter *w = a;
    WorkQueue *q = w->q;
    pthread_mutex_lock(&q->mu);
    if (--w->remaining == 0) pthread_cond_broadcast(&q->idle_cv);
    bool last = --w->refs == 0;
    pthread_mutex_unlock(&q->mu);
    if (last) free(w);
    (void)b;
}

/* A worker helping (mu held): runs one queued worker task; false if none. */
static bool help_one_locked(WorkQueue *q)
{
    if (!q->q.n) return false;
    Task t = mt_pop(&q->q);
    pthread_mutex_unlock(&q->mu);
    mt_run(t);
    pthread_mutex_lock(&q->mu);
    task_done_locked(q);
    return true;
}

/* Sleeps on idle_cv at most 1 ms (mu held). Helpers use a timeout because
** the events they wait for (a value resolving, a task finishing on another
** thread, a new task) are signalled on different conditions. */
static void nap_locked(WorkQueue *q)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 1000000;
    if (ts.tv_nsec >= 1000000000) { ts.tv_sec++; ts.tv_nsec -= 1000000000; }
    q->idle_waiters++;
    pthread_cond_timedwait(&q->idle_cv, &q->mu, &ts);
    q->idle_waiters--;
}

void wq_await(WorkQueue *q, AsyncValue *const *vals, int n)
{
    if (!q->mt) {
        while (!all_resolved(vals, n) && q->q.n) {
            Task t = fifo_pop(&q->q);
            t.fn(t.a, t.b);
        }
        return;
    }
    if (wq_on_worker(q)) {
        pthread_mutex_lock(&q->mu);
        while (!all_resolved(vals, n))
            if (!help_one_locked(q)) nap_locked(q);
        pthread_mutex_unlock(&q->mu);
        return;
    }
    /* [remaining] starts at 1, a guard held while registering, so that
    ** continuations firing at once cannot bring it to 0 early. */
    Waiter *w = malloc(sizeof *w);
    if (!w) tf_out_of_memory();
    w->q = q;
    w->remaining = w->refs = 1;
    for (int i = 0; i < n; i++) {
        if (av_is_resolved(vals[i])) continue;
        pthread_mutex_lock(&q->mu);
        w->remaining++;
        w->refs++;
        pthread_mutex_unlock(&q->mu);
        av_and_then(vals[i], waiter_done, w, NULL);
    }
    pthread_mutex_lock(&q->mu);
    w->remaining--;
    q->idle_waiters++;
    /* With no task queued or running nothing can resolve the values any
    ** more: give up, as the s queue does when it runs dry. */
    while (w->remaining > 0 && q->pending > 0) pthread_cond_wait(&q->idle_cv, &q->mu);
    q->idle_waiters--;
    bool last = --w->refs == 0;
    pthread_mutex_unlock(&q->mu);
    if (last) free(w);
}

void wq_quiesce(WorkQueue *q)
{
    if (!q->mt) {
        while (q->q.n) {
            Task t = fifo_pop(&q->q);
            t.fn(t.a, t.b);
        }
        return;
    }
    pthread_mutex_lock(&q->mu);
    if (wq_on_worker(q)) {
        /* This task and other quiescing tasks count as pending themselves. */
        q->task_quiescers++;
        while (q->pending > q->task_quiescers)
            if (!help_one_locked(q)) nap_locked(q);
        q->task_quiescers--;
    } else {
        q->idle_waiters++;
        while (q->pending > 0) pthread_cond_wait(&q->idle_cv, &q->mu);
        q->idle_waiters--;
    }
    pthread_mutex_unlock(&q->mu);
}

void wq_destroy(WorkQueue *q)
{
    if (!q) return;
    wq_quiesce(q);
    if (q->mt) {
        pthread_mutex_lock(&q->mu);
        q->stop = true;
        pthread_cond_broadcast(&q->work_cv);
        pthread_cond_broadcast(&q->block_cv);
        pthread_mutex_unlock(&q->mu);
        for (int i = 0; i < q->nthreads; i++) pthread_join(q->threads[i], NULL);
        free(q->threads);
        pthread_mutex_destroy(&q->mu);
        pthread_cond_destroy(&q->work_cv);
        pthread_cond_destroy(&q->block_cv);
        pthread_cond_destroy(&q->idle_cv);
    }
    fifo_free(&q->q);
    fifo_free(&q->bq);
    free(q);
}
