/*
** request.c — the request context: one per top-level function run, shared by
** every invocation it causes (docs/execution.md §6.11, tfrt.once's resource
** context).
**
** Cancellation is one atomic pointer to an error AsyncValue, so the check a
** kernel makes before it runs is a single load. A kernel that blocks (a
** sleep) waits on the context's condition variable instead of sleeping
** blind, and cancelling broadcasts it, so a timeout ends the wait at once
** (rq_sleep). The resource map is a short
** list under a mutex: it holds a handful of entries (one per tfrt.once
** function), so a list beats a hash table.
*/
#include "base/alloc.h"
#include "interp/workqueue.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct Resource {
    struct Resource *next;
    void *p;
    void (*dtor)(void *);
    char key[];
} Resource;

struct RequestContext {
    _Atomic uint32_t refs;
    WorkQueue *q;
    _Atomic(AsyncValue *) cancel;     /* +1 once cancelled */
    atomic_bool stopped;              /* rq_stop_msg */
    atomic_bool fast;                 /* rq_set_fast */
    void *watch;                      /* rq_set_watch */
    pthread_mutex_t mu;
    pthread_cond_t cancelled_cv;      /* broadcast (under mu) when cancelled */
    Resource *resources;              /* newest first */
};

RequestContext *rq_new(WorkQueue *q)
{
    RequestContext *r = calloc(1, sizeof *r);
    if (!r) tf_out_of_memory();
    atomic_init(&r->refs, 1);
    r->q = q;
    atomic_init(&r->cancel, NULL);
    atomic_init(&r->stopped, false);
    atomic_init(&r->fast, false);
    pthread_mutex_init(&r->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&r->cancelled_cv, &ca);
    pthread_condattr_destroy(&ca);
    return r;
}

void rq_retain(RequestContext *r)
{
    atomic_fetch_add_explicit(&r->refs, 1, memory_order_relaxed);
}

void rq_release(RequestContext *r)
{
    if (atomic_fetch_sub_explicit(&r->refs, 1, memory_order_acq_rel) != 1) return;
    /* Destroy resources newest first, the reverse of their creation. */
    Resource *res = r->resources;
    while (res) {
        Resource *next = res->next;
        if (res->dtor) res->dtor(res->p);
        free(res);
        res = next;
    }
    AsyncValue *c = atomic_load_explicit(&r->cancel, memory_order_acquire);
    if (c) av_release(c);
    pthread_cond_destroy(&r->cancelled_cv);
    pthread_mutex_destroy(&r->mu);
    free(r);
}

WorkQueue *rq_queue(const RequestContext *r) { return r->q; }

void rq_cancel_msg(RequestContext *r, const char *msg)
{
    if (atomic_load_explicit(&r->cancel, memory_order_acquire)) return;
    AsyncValue *e = av_new_error(ERR_CANCELLED, msg);
    AsyncValue *expected = NULL;
    /* The first cancellation wins; a later one keeps the first message. */
    if (!atomic_compare_exchange_strong_explicit(&r->cancel, &expected, e,
                                                 memory_order_acq_rel, memory_order_acquire)) {
        av_release(e);
        return;
    }
    /* Wake the blocked kernels (rq_sleep): they test the flag under mu. */
    pthread_mutex_lock(&r->mu);
    pthread_cond_broadcast(&r->cancelled_cv);
    pthread_mutex_unlock(&r->mu);
}

bool rq_sleep(RequestContext *r, int64_t us)
{
    if (us <= 0) return !r || !rq_cancelled(r);
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += (time_t)(us / 1000000);
    t.tv_nsec += (long)(us % 1000000) * 1000;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    if (!r) {
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR) {}
        return true;
    }
    bool cancelled = false;
    pthread_mutex_lock(&r->mu);
    for (;;) {
        if (atomic_load_explicit(&r->cancel, memory_order_acquire)) { cancelled = true; break; }
        if (pthread_cond_timedwait(&r->cancelled_cv, &r->mu, &t) == ETIMEDOUT) break;
    }
    pthread_mutex_unlock(&r->mu);
    return !cancelled;
}

void rq_cancel(RequestContext *r) { rq_cancel_msg(r, "Cancelled"); }

bool rq_stop_msg(RequestContext *r, const char *msg)
{
    /* Cancelled first, so that whoever sees the stop finds the error. */
    rq_cancel_msg(r, msg);
    return !atomic_exchange_explicit(&r->stopped, true, memory_order_acq_rel);
}

bool rq_stopped(const RequestContext *r)
{
    return atomic_load_explicit(&((RequestContext *)r)->stopped, memory_order_acquire);
}

AsyncValue *rq_cancelled(const RequestContext *r)
{
    return atomic_load_explicit(&((RequestContext *)r)->cancel, memory_order_acquire);
}

void rq_set_fast(RequestContext *r, bool fast)
{
    atomic_store_explicit(&r->fast, fast, memory_order_release);
}

bool rq_fast(const RequestContext *r)
{
    return atomic_load_explicit(&((RequestContext *)r)->fast, memory_order_acquire);
}

void rq_set_watch(RequestContext *r, void *w) { r->watch = w; }
void *rq_watch(const RequestContext *r) { return r->watch; }

void *rq_resource_get(RequestContext *r, const char *key)
{
    void *p = NULL;
    pthread_mutex_lock(&r->mu);
    for (Resource *res = r->resources; res; res = res->next)
        if (strcmp(res->key, key) == 0) { p = res->p; break; }
    pthread_mutex_unlock(&r->mu);
    return p;
}

bool rq_resource_put(RequestContext *r, const char *key, void *p, void (*dtor)(void *))
{
    size_t len = strlen(key);
    pthread_mutex_lock(&r->mu);
    for (Resource *res = r->resources; res; res = res->next)
        if (strcmp(res->key, key) == 0) {
            pthread_mutex_unlock(&r->mu);
            return false;
        }
    Resource *res = malloc(sizeof *res + len + 1);
    if (!res) tf_out_of_memory();
    memcpy(res->key, key, len + 1);
    res->p = p;
    res->dtor = dtor;
    res->next = r->resources;
    r->resources = res;
    pthread_mutex_unlock(&r->mu);
    return true;
}
