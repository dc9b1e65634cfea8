/*
** watch.c — the mixed schedule's switch at run time (docs/analysis.md
** §8.1): an exact run whose unordered pairs all meet in the function's own
** body watches that body's frame, and once every pair is decided (one of
** its two ops is done: a result of it that each of its effects comes
** before is available), every later invocation of the run is fast.
**
** The watch is passive: it attaches a continuation to the results it
** needs and only counts. It makes nothing ready, runs no kernel and holds
** no reference, so the exact run's order is untouched until the switch.
** What to watch (ExecSwitch) comes from analysis/mixed.c.
**
** Threads: on mstd the results may resolve on workers: the counters are
** under the watch's mutex (a few events per run).
** Ownership: the driver makes a watch per run (exec_watch_new), attaches it
** to the request (rq_set_watch) and frees it when nothing of the run can
** resolve any more.
*/
#include "base/alloc.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include "interp/exec.h"
#include "interp/exec_int.h"

struct ExecWatch {
    const ExecSwitch *sw;
    pthread_mutex_t mu;
    RequestContext *rq;       /* the run's (borrowed), once a frame claimed it */
    bool claimed;
    uint8_t *met;             /* [nconds] */
    int *cond_unit;           /* [nconds] */
    int *left;                /* [nunits]: conds not met yet */
    int *upstart, *upairs;    /* by unit: its pairs */
    int *rstart, *rconds;     /* by register of the body: its conds */
    uint8_t *decided;         /* [npairs] */
    int undecided;
    atomic_bool switched;
    const Op *trigger;
};

ExecWatch *exec_watch_new(const ExecSwitch *sw)
{
    ExecWatch *w = xcalloc(1, sizeof *w);
    w->sw = sw;
    pthread_mutex_init(&w->mu, NULL);
    int nc = sw->nconds, nu = sw->nunits, np = sw->npairs, nr = sw->body->nvalues;
    w->met = xcalloc((size_t)nc + 1, 1);
    w->cond_unit = xcalloc((size_t)nc + 1, sizeof(int));
    w->left = xcalloc((size_t)nu + 1, sizeof(int));
    for (int u = 0; u < nu; u++) {
        w->left[u] = sw->ustart[u + 1] - sw->ustart[u];
        for (int i = sw->ustart[u]; i < sw->ustart[u + 1]; i++) w->cond_unit[sw->uconds[i]] = u;
    }
    /* Unit -> pairs, register -> conds: counting sorts. */
    w->upstart = xcalloc((size_t)nu + 2, sizeof(int));
    w->upairs = xcalloc((size_t)2 * np + 1, sizeof(int));
    for (int p = 0; p < np; p++) {
        w->upstart[sw->pa[p] + 1]++;
        if (sw->pb[p] != sw->pa[p]) w->upstart[sw->pb[p] + 1]++;
    }
    for (int u = 0; u < nu; u++) w->upstart[u + 1] += w->upstart[u];
    int *fill = xcalloc((size_t)nu + 1, sizeof(int));
    for (int p = 0; p < np; p++) {
        w->upairs[w->upstart[sw->pa[p]] + fill[sw->pa[p]]++] = p;
        if (sw->pb[p] != sw->pa[p]) w->upairs[w->upstart[sw->pb[p]] + fill[sw->pb[p]]++] = p;
    }
    free(fill);
    w->rstart = xcalloc((size_t)nr + 2, sizeof(int));
    for (int c = 0; c < nc; c++)
        for (int i = sw->cstart[c]; i < sw->cstart[c + 1]; i++) w->rstart[sw->cregs[i] + 1]++;
    for (int r = 0; r < nr; r++) w->rstart[r + 1] += w->rstart[r];
    w->rconds = xcalloc((size_t)w->rstart[nr] + 1, sizeof(int));
    fill = xcalloc((size_t)nr + 1, sizeof(int));
    for (int c = 0; c < nc; c++)
        for (int i = sw->cstart[c]; i < sw->cstart[c + 1]; i++) {
            int r = sw->cregs[i];
            w->rconds[w->rstart[r] + fill[r]++] = c;
        }
    free(fill);
    w->decided = xcalloc((size_t)np + 1, 1);
    w->undecided = np;
    atomic_init(&w->switched, false);
    return w;
}

void exec_watch_free(ExecWatch *w)
{
    if (!w) return;
    pthread_mutex_destroy(&w->mu);
    free(w->met);
    free(w->cond_unit);
    free(w->left);
    free(w->upstart);
    free(w->upairs);
    free(w->rstart);
    free(w->rconds);
    free(w->decided);
    free(w);
}

bool exec_watch_switched(const ExecWatch *w, const Op **trigger)
{
    bool s = atomic_load(&((ExecWatch *)w)->switched);
    if (trigger) *trigger = s ? w->trigger : NULL;
    return s;
}

/* Called with the mutex held: every pair is decided. */
static void go_fast(ExecWatch *w, const Op *trigger)
{
    w->trigger = trigger;
    atomic_store(&w->switched, true);
    if (w->rq) rq_set_fast(w->rq, true);
}

ExecWatch *watch_claim(ExecWatch *w, const Block *b, RequestContext *rq)
{
    if (w->sw->body != b) return NULL;
    pthread_mutex_lock(&w->mu);
    bool mine = !w->claimed;
    if (mine) {
        w->claimed = true;
        w->rq = rq;
        if (w->undecided == 0) go_fast(w, NULL);
    }
    pthread_mutex_unlock(&w->mu);
    return mine ? w : NULL;
}

bool watch_wants(ExecWatch *w, const Block *b)
{
    if (w->sw->body != b) return false;
    pthread_mutex_lock(&w->mu);
    bool free_ = !w->claimed;
    pthread_mutex_unlock(&w->mu);
    return free_;
}

/* Register [reg] of the watched frame holds a resolved value. */
static void mark(ExecWatch *w, int reg)
{
    const ExecSwitch *sw = w->sw;
    pthread_mutex_lock(&w->mu);
    for (int i = w->rstart[reg]; i < w->rstart[reg + 1]; i++) {
        int c = w->rconds[i];
        if (w->met[c]) continue;
        w->met[c] = 1;
        int u = w->cond_unit[c];
        if (--w->left[u] > 0) continue;
        /* Unit u is done: its pairs are decided. */
        for (int j = w->upstart[u]; j < w->upstart[u + 1]; j++) {
            int p = w->upairs[j];
            if (w->decided[p]) continue;
            w->decided[p] = 1;
            if (--w->undecided == 0) go_fast(w, sw->unit_op[u]);
        }
    }
    pthread_mutex_unlock(&w->mu);
}

static void watch_fire(void *a, void *b)
{
    mark(a, (int)(intptr_t)b);
}

void watch_results(ExecWatch *w, const Op *op, AsyncValue *const *res)
{
    if (atomic_load_explicit(&w->switched, memory_order_relaxed)) return;
    for (int i = 0; i < op->nresults; i++) {
        int reg = op->results[i]->index;
        if (w->rstart[reg] == w->rstart[reg + 1]) continue;
        if (av_is_resolved(res[i])) mark(w, reg);
        else av_and_then(res[i], watch_fire, w, (void *)(intptr_t)reg);
    }
}
