/*
** explore.c — the schedule explorer (analysis/explore.h, docs/explore.md,
** docs/tools.md §4).
**
** One run ("execution") of a function is driven by drive(): it starts the
** invocation, then repeatedly runs the first queued task that is not a step
** (a kernel without effects, a continuation, an invocation start), and when
** only steps are queued asks a chooser which one runs. Steps are identified
** across executions by (op, phase, occurrence): the op, 0 for a kernel, 1
** for the write step of a split rv.assign_add (named by its kernel), 2 for
** the result line; the occurrence counts the earlier tasks of that op and
** phase in the same execution. Executions are deterministic, so a prefix of
** choices always leads to the same state and the same identities.
**
** The search (explore_function) keeps the path of choice nodes of the last
** execution; each node holds the steps to try there (its todo list) and the
** sleep set it was reached with. Backtracking takes the next step of the
** deepest node that has one and runs a new execution that replays the
** prefix. With DPOR (dpor_races) the todo lists start with one step and
** grow by race analysis after each run. Two steps conflict when they touch
** one object (a variable, a critical section, a list, ...; the program's
** output is one object) and one of them writes it; steps whose object is
** unknown conflict with every step.
*/
#include "analysis/explore.h"
#include "base/alloc.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "analysis/seq.h"
#include "base/strbuf.h"
#include "interp/stuck.h"
#include "interp/workqueue.h"
#include "kernels/ext.h"
#include "kernels/kernel.h"
#include "ops/optable.h"

#define MAX_FX 8
#define MAX_ARGS 16
/* Every object a step cannot name (an operand not yet available, an
** unmodelled op) is this one, which conflicts with everything. */
#define ANY_OBJECT ((const void *)1)
/* The program's output. */
#define OUTPUT_OBJECT ((const void *)2)

enum { PH_KERNEL = 0, PH_WRITE = 1, PH_RESULT = 2 };

typedef struct StepId { const Op *op; int phase, occ; } StepId;

static bool id_eq(StepId a, StepId b) { return a.op == b.op && a.phase == b.phase && a.occ == b.occ; }

/* A queued task as the driver knows it. */
typedef struct Known {
    void *a;                  /* the task's first word: identifies it while queued */
    bool step;                /* a choice point */
    bool keeps_read;          /* what it reads stays in a register (a result that is not a chain) */
    int cause;                /* the step after which it was queued (its run led to it), or -1 */
    uint64_t wdigest;         /* a split write step: the value it will write */
    StepId id;
    int nfx;
    struct { const void *obj; unsigned acc; bool var; const Value *name; } fx[MAX_FX];
} Known;

/* {=====================================================================
** Small helpers
** ====================================================================== */

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static uint64_t hash_bytes(const char *s, size_t n, uint64_t seed)
{
    uint64_t h = 1469598103934665603ull ^ seed;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return mix(h);
}

static uint64_t hash_id(StepId id)
{
    return mix((uint64_t)(uintptr_t)id.op * 31 + (uint64_t)id.phase * 7919 + (uint64_t)id.occ);
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static bool is_type(const Value *v, const char *spelling)
{
    return v && v->type && v->type->spelling && !strcmp(v->type->spelling, spelling);
}

/* }===================================================================== */

/* {=====================================================================
** The deadline
** ====================================================================== */

/* A thread that cancels the current run's request at the deadline: a
** kernel that runs long inside one step (a tfrt.repeat.i32 invoking its
** iterations) sees the cancellation, as under `tfrun run --timeout`. */
typedef struct Watch {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    struct timespec deadline;     /* CLOCK_REALTIME */
    bool done;
    atomic_bool fired;
    RequestContext *rq;           /* the run going on (retained), or NULL */
} Watch;

static void *watch_main(void *p)
{
    Watch *w = p;
    pthread_mutex_lock(&w->mu);
    while (!w->done)
        if (pthread_cond_timedwait(&w->cv, &w->mu, &w->deadline) == ETIMEDOUT) break;
    if (!w->done) {
        atomic_store(&w->fired, true);
        if (w->rq) rq_cancel_msg(w->rq, "Cancelled: timeout");
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

static bool watch_start(Watch *w, double seconds)
{
    memset(w, 0, sizeof *w);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    clock_gettime(CLOCK_REALTIME, &w->deadline);
    long long ns = (long long)(seconds * 1e9);
    w->deadline.tv_sec += (time_t)(ns / 1000000000LL);
    w->deadline.tv_nsec += (long)(ns % 1000000000LL);
    if (w->deadline.tv_nsec >= 1000000000L) {
        w->deadline.tv_sec++;
        w->deadline.tv_nsec -= 1000000000L;
    }
    if (pthread_create(&w->thread, NULL, watch_main, w) != 0) {
        pthread_mutex_destroy(&w->mu);
        pthread_cond_destroy(&w->cv);
        return false;
    }
    return true;
}

/* The run [rq] (NULL: none) is the one to cancel at the deadline. */
static void watch_set(Watch *w, RequestContext *rq)
{
    if (!w) return;
    pthread_mutex_lock(&w->mu);
    if (w->rq) rq_release(w->rq);
    w->rq = rq;
    if (rq) {
        rq_retain(rq);
        if (atomic_load(&w->fired)) rq_cancel_msg(rq, "Cancelled: timeout");
    }
    pthread_mutex_unlock(&w->mu);
}

static void watch_stop(Watch *w)
{
    pthread_mutex_lock(&w->mu);
    w->done = true;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    if (w->rq) rq_release(w->rq);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
}

static bool watch_fired(Watch *w) { return w && atomic_load(&w->fired); }

/* }===================================================================== */

/* {=====================================================================
** One execution
** ====================================================================== */

/* The chooser: given the steps enabled now (ids, queue order, result line
** last), returns the index to take, or -1 to stop the execution here. */
typedef struct Exec Exec;
typedef int (*ChooseFn)(void *ud, Exec *e, const Known *const *steps, int n);

/* Occurrence counters per (op, phase). */
typedef struct Occ { const Op *op; int phase, n; } Occ;

/* Variables met in this execution, named by the least operand (IR value)
** through which a step reached them. While every op runs at most once (else
** nothing is cached), each such value holds one object, and the steps run
** (part of the state) decide which values were seen: a stable name. */
typedef struct VarName { const void *obj; const Value *name; } VarName;

struct Exec {
    Host *h;
    WorkQueue *q;
    const Func *fn;
    Known *known;
    int nknown, capknown;
    Occ *occ;
    int nocc, capocc;
    VarName *vars;
    int nvars, capvars;
    /* The executed steps: a multiset hash (two sums of independent mixes). */
    uint64_t done_a, done_b;
    bool cacheable;          /* every op ran once, every object is a variable */
    bool opaque;             /* an unmodelled op ran */
    const Op *opaque_op;
    const char *opaque_why;
    char *out;
    size_t outlen;
    FILE *mem;
    char *never_ran;         /* the error lines of work that never ran (never_ran), or NULL */
    AsyncValue **res;
    bool result_printed;
    long result_at, result_end;  /* the result line's bytes in out; -1: not printed */
    ExploreResultFn pr;
    void *ud;
    Known *events;           /* the steps taken, in order (DPOR's trace) */
    int nevents, capevents;
    int result_cause;        /* the step after which the results were ready; -2: not yet */
    int *choices;            /* the index taken at each choice point */
    int nchoices, capchoices;
    RequestContext *rq;
    double deadline;         /* 0: none */
    Watch *watch;            /* cancels the run at the deadline; NULL: none */
    bool timed_out;
};

static int occ_next(Exec *e, const Op *op, int phase)
{
    for (int i = 0; i < e->nocc; i++)
        if (e->occ[i].op == op && e->occ[i].phase == phase) {
            e->cacheable = false;    /* an op runs twice: identities may swap */
            return e->occ[i].n++;
        }
    if (e->nocc == e->capocc) {
        e->capocc = e->capocc ? 2 * e->capocc : 32;
        e->occ = xrealloc(e->occ, sizeof *e->occ * (size_t)e->capocc);
    }
    e->occ[e->nocc++] = (Occ){ op, phase, 1 };
    return 0;
}

/* Classifies the task (fn, a) that just appeared; [creator] is the step
** whose run queued it (NULL: none). */
static void classify(Exec *e, Known *k, TaskFn fn, void *a, const Known *creator)
{
    memset(k, 0, sizeof *k);
    k->a = a;
    const Op *op;
    AsyncValue *args[MAX_ARGS];
    const Object *var;
    Any wval;
    if (exec_task_kernel(fn, a, &op, args, MAX_ARGS)) {
        for (int j = 0; j < op->nresults; j++)
            if (!is_type(op->results[j], "!tfrt.chain")) k->keeps_read = true;
        SeqEffect fx[MAX_FX];
        const char *why = NULL;
        bool split = host_split_updates(e->h) && op->info && (op->info->effects & FX_UPDATE);
        int n = seq_op_effects(op, fx, MAX_FX, &why);
        if (n < 0 || n > MAX_FX) {
            k->fx[k->nfx++].obj = ANY_OBJECT;
            k->fx[0].acc = SEQ_READ | SEQ_WRITE;
            if (!e->opaque) {
                e->opaque = true;
                e->opaque_op = op;
                e->opaque_why = n < 0 ? why : "has more effects than the explorer tracks";
            }
            n = 0;
        }
        for (int i = 0; i < n; i++) {
            const void *obj = NULL;
            bool isvar = false;
            if (fx[i].kind == SEQ_RES_DIAG) continue;
            if (fx[i].kind == SEQ_RES_OUTPUT) {
                obj = OUTPUT_OBJECT;
            } else {
                int j = fx[i].operand;
                AsyncValue *v = j >= 0 && j < MAX_ARGS && j < op->noperands ? args[j] : NULL;
                if (v) v = av_resolve_target(v);
                if (v && av_is_available(v) && av_get(v)->type == ANY_OBJ) {
                    obj = av_get(v)->v.obj;
                    char *s = ext_rv_repr(*av_get(v));
                    isvar = s != NULL;
                    free(s);
                } else {
                    obj = ANY_OBJECT;
                }
            }
            if (!isvar && obj != OUTPUT_OBJECT) e->cacheable = false;
            k->fx[k->nfx].obj = obj;
            k->fx[k->nfx].acc = fx[i].access;
            /* The spec model's read step of an update: its write is a step
            ** of its own (kernels/rv.c queues it). */
            if (split && fx[i].kind == SEQ_RES_OPERAND) k->fx[k->nfx].acc &= ~(unsigned)SEQ_WRITE;
            k->fx[k->nfx].var = isvar;
            k->fx[k->nfx].name = fx[i].kind == SEQ_RES_OPERAND ? op->operands[fx[i].operand] : NULL;
            k->nfx++;
        }
        /* rv.critical: the order in which invocations enter one section is
        ** a choice (the RFC's rule 2); entering writes the section. */
        for (int j = 0; j < op->noperands && j < MAX_ARGS && k->nfx < MAX_FX; j++) {
            if (!is_type(op->operands[j], "!rv.cs")) continue;
            AsyncValue *v = args[j] ? av_resolve_target(args[j]) : NULL;
            k->fx[k->nfx].obj = v && av_is_available(v) && av_get(v)->type == ANY_OBJ ? av_get(v)->v.obj
                                                                                     : ANY_OBJECT;
            k->fx[k->nfx].acc = SEQ_WRITE;
            k->nfx++;
            e->cacheable = false;
        }
        if (k->nfx > 0) {
            k->step = true;
            k->id = (StepId){ op, PH_KERNEL, occ_next(e, op, PH_KERNEL) };
        }
    } else if (ext_rv_write_task(fn, a, &var, &wval)) {
        k->step = true;
        char *r = ext_repr(wval);
        k->wdigest = hash_bytes(r, strlen(r), 3);
        free(r);
        k->nfx = 1;
        k->fx[0].obj = var;
        k->fx[0].acc = SEQ_WRITE;
        k->fx[0].var = true;
        const Op *by = creator ? creator->id.op : NULL;
        k->fx[0].name = by && by->noperands > 0 ? by->operands[0] : NULL;
        if (!k->fx[0].name) e->cacheable = false;
        k->id = (StepId){ by, PH_WRITE, creator ? creator->id.occ : occ_next(e, NULL, PH_WRITE) };
    }
}

/* Brings e->known in line with the queue: the tasks queued since (at its
** end) are classified, [creator] having queued them. */
static void sync_known(Exec *e, const Known *creator)
{
    size_t n = wq_ntasks(e->q);
    if (n > (size_t)e->capknown) {
        e->capknown = (int)n * 2 + 16;
        e->known = xrealloc(e->known, sizeof *e->known * (size_t)e->capknown);
    }
    for (size_t i = (size_t)e->nknown; i < n; i++) {
        TaskFn fn;
        void *a, *b;
        wq_task_at(e->q, i, &fn, &a, &b);
        classify(e, &e->known[i], fn, a, creator);
        e->known[i].cause = e->nevents - 1;
    }
    e->nknown = (int)n;
}

static bool conflict(const Known *x, const Known *y)
{
    for (int i = 0; i < x->nfx; i++)
        for (int j = 0; j < y->nfx; j++) {
            const void *a = x->fx[i].obj, *b = y->fx[j].obj;
            if (a != b && a != ANY_OBJECT && b != ANY_OBJECT) continue;
            if ((x->fx[i].acc | y->fx[j].acc) & SEQ_WRITE) return true;
        }
    return false;
}

static bool results_ready(const Exec *e)
{
    for (int i = 0; i < e->fn->nresults; i++)
        if (!av_is_resolved(e->res[i])) return false;
    return true;
}

static void print_result(Exec *e)
{
    e->result_printed = true;
    if (e->fn->nresults == 0 || !e->pr) return;
    if (e->mem) {
        fflush(e->mem);
        e->result_at = (long)e->outlen;
    }
    e->pr(e->ud, e->mem ? e->mem : e->h->out, e->fn, e->res);
    if (e->mem) {
        fflush(e->mem);
        e->result_end = (long)e->outlen;
    }
}

/* Notes that variable [obj] was reached through [name]. */
static void var_seen(Exec *e, const void *obj, const Value *name)
{
    for (int i = 0; i < e->nvars; i++)
        if (e->vars[i].obj == obj) {
            if ((uintptr_t)name < (uintptr_t)e->vars[i].name) e->vars[i].name = name;
            return;
        }
    if (e->nvars == e->capvars) {
        e->capvars = e->capvars ? 2 * e->capvars : 16;
        e->vars = xrealloc(e->vars, sizeof *e->vars * (size_t)e->capvars);
    }
    /* Held until the run ends: its value is part of every later state,
    ** and its address must not name another object meanwhile. */
    obj_retain((Object *)obj);
    e->vars[e->nvars++] = (VarName){ obj, name };
}

static uint64_t var_digest(const void *obj)
{
    Any a = { 0 };
    a.type = ANY_OBJ;
    a.v.obj = (Object *)obj;
    char *s = ext_rv_repr(a);
    uint64_t h = s ? hash_bytes(s, strlen(s), 7) : 0;
    free(s);
    return h;
}

/* Records that step [k] runs now: what it reads is part of the state. */
static void note_step(Exec *e, const Known *k)
{
    uint64_t h = hash_id(k->id);
    for (int i = 0; i < k->nfx && e->cacheable; i++) {
        if (!k->fx[i].var) continue;
        var_seen(e, k->fx[i].obj, k->fx[i].name);
        if ((k->fx[i].acc & SEQ_READ) && k->keeps_read)
            h = mix(h ^ mix((uint64_t)i ^ var_digest(k->fx[i].obj)));
    }
    e->done_a += h;
    e->done_b += mix(h ^ 0x5555);
}

/* The state now, as two 64-bit hashes; false when it cannot be named. */
static bool state_key(Exec *e, uint64_t key[2])
{
    if (!e->cacheable || e->opaque) return false;
    fflush(e->mem);
    uint64_t o = hash_bytes(e->out, e->outlen, 1);
    uint64_t v = 0;
    for (int i = 0; i < e->nvars; i++)
        v += mix((uint64_t)(uintptr_t)e->vars[i].name) ^ var_digest(e->vars[i].obj);
    /* Split writes still queued: the value each will write. */
    for (int i = 0; i < e->nknown; i++)
        if (e->known[i].id.phase == PH_WRITE) v += mix(hash_id(e->known[i].id) ^ e->known[i].wdigest);
    key[0] = mix(e->done_a ^ mix(o) ^ mix(v + 17) ^ (uint64_t)e->result_printed);
    key[1] = mix(e->done_b + o * 3 + v * 5 + (uint64_t)e->result_printed * 11);
    return true;
}

/* Runs task [i] of the queue. */
static void run_at(Exec *e, int i, const Known *creator)
{
    Known *k = &e->known[i];
    (void)k;
    memmove(&e->known[i], &e->known[i + 1], sizeof *e->known * (size_t)(e->nknown - i - 1));
    e->nknown--;
    wq_run_at(e->q, (size_t)i);
    sync_known(e, creator);
}

/* After a stop: cancels the request and runs what is queued, in queue
** order, so that every frame finishes. */
static void drain(Exec *e)
{
    rq_cancel_msg(e->rq, "Cancelled: exploration stopped");
    while (wq_ntasks(e->q)) wq_run_at(e->q, 0);
    e->nknown = 0;
}


/* Work that never ran in a complete schedule (interp/stuck.h) is part of
** its outcome (ExploreOutcome.never_ran): the error line of each kernel
** with an effect that never ran and of each result never produced, as
** `tfrun run --replay` of the witness reports them with their notes. */
static void never_ran(Exec *e)
{
    free(e->never_ran);
    e->never_ran = NULL;
    bool unproduced = false;
    for (int i = 0; i < e->fn->nresults; i++) unproduced |= e->res[i] && !av_is_resolved(e->res[i]);
    if (!unproduced && stuck_nframes(e->h, e->rq) == 0) return;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) tf_out_of_memory();
    DiagSink *d = diag_new(mem);
    if (!d) tf_out_of_memory();
    diag_set_color(d, false);
    stuck_report(e->h, e->rq, e->fn, e->res, e->fn->nresults, d);
    diag_free(d);
    fclose(mem);
    StrBuf b = { 0 };
    for (char *line = text; line && *line;) {
        char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        if (memmem(line, n, ": error: ", 9)) {
            sb_addn(&b, line, n);
            sb_adds(&b, "\n");
        }
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    e->never_ran = b.p;
}

/* Runs one execution. Returns true when it ran to its end (a complete
** schedule), false when the chooser stopped it. */
static bool drive(Exec *e, ChooseFn choose, void *cud)
{
    e->nknown = 0;
    e->nocc = 0;
    e->nvars = 0;
    e->done_a = e->done_b = 0;
    e->cacheable = true;
    e->nchoices = 0;
    e->nevents = 0;
    e->result_cause = -2;
    e->result_printed = false;
    e->result_at = e->result_end = -1;
    free(e->never_ran);
    e->never_ran = NULL;
    e->rq = rq_new(e->q);
    watch_set(e->watch, e->rq);
    ExecCtx c = { e->h, e->rq, 0, NULL, NULL, NULL };
    int nres = e->fn->nresults;
    e->res = calloc((size_t)nres + 1, sizeof(AsyncValue *));
    if (!e->res) tf_out_of_memory();
    exec_invoke_func(&c, e->fn, NULL, 0, e->res);
    sync_known(e, NULL);
    bool complete = true;
    const Known **steps = NULL;
    int capsteps = 0;
    Known result_step;
    memset(&result_step, 0, sizeof result_step);
    result_step.step = true;
    result_step.id = (StepId){ NULL, PH_RESULT, 0 };
    result_step.nfx = 1;
    result_step.fx[0].obj = OUTPUT_OBJECT;
    result_step.fx[0].acc = SEQ_WRITE;
    long nsteps = 0;
    for (;;) {
        if (watch_fired(e->watch) ||
            (e->deadline > 0 && (++nsteps & 63) == 0 && now_seconds() > e->deadline)) {
            e->timed_out = true;
            complete = false;
            break;
        }
        int first = -1;
        for (int i = 0; i < e->nknown; i++)
            if (!e->known[i].step) { first = i; break; }
        if (first >= 0) {
            run_at(e, first, NULL);
            continue;
        }
        int n = 0;
        if (capsteps < e->nknown + 1) {
            capsteps = e->nknown + 16;
            steps = xrealloc(steps, sizeof *steps * (size_t)capsteps);
        }
        for (int i = 0; i < e->nknown; i++) steps[n++] = &e->known[i];
        bool result_enabled = nres > 0 && !e->result_printed && results_ready(e);
        if (result_enabled) {
            if (e->result_cause == -2) e->result_cause = e->nevents - 1;
            result_step.cause = e->result_cause;
            steps[n++] = &result_step;
        }
        if (n == 0) break;
        int k = choose(cud, e, steps, n);
        if (k < 0) { complete = false; break; }
        if (e->nchoices == e->capchoices) {
            e->capchoices = e->capchoices ? 2 * e->capchoices : 64;
            e->choices = xrealloc(e->choices, sizeof *e->choices * (size_t)e->capchoices);
        }
        e->choices[e->nchoices++] = k;
        Known taken = *steps[k];
        if (e->nevents == e->capevents) {
            e->capevents = e->capevents ? 2 * e->capevents : 64;
            e->events = xrealloc(e->events, sizeof *e->events * (size_t)e->capevents);
        }
        e->events[e->nevents++] = taken;
        note_step(e, &taken);
        if (steps[k] == &result_step) print_result(e);
        else run_at(e, (int)(steps[k] - e->known), &taken);
    }
    free(steps);
    if (complete && watch_fired(e->watch)) {
        /* The last steps may have run cancelled: not an outcome. */
        e->timed_out = true;
        complete = false;
    }
    if (!complete) drain(e);
    for (int i = 0; i < e->nvars; i++) obj_release((Object *)e->vars[i].obj);
    e->nvars = 0;
    if (!e->result_printed && complete) print_result(e);
    if (complete && e->mem) never_ran(e);    /* explore_function's runs; a replay leaves the report to its caller */
    if (e->mem) fflush(e->mem);
    for (int i = 0; i < nres; i++)
        if (e->res[i]) av_release(e->res[i]);
    free(e->res);
    e->res = NULL;
    watch_set(e->watch, NULL);
    rq_release(e->rq);
    e->rq = NULL;
    return complete;
}

static void exec_init(Exec *e, Host *h, const Func *fn)
{
    memset(e, 0, sizeof *e);
    e->h = h;
    e->q = h->queue;
    e->fn = fn;
}

static void exec_fini(Exec *e)
{
    free(e->never_ran);
    free(e->known);
    free(e->events);
    free(e->occ);
    free(e->vars);
    free(e->choices);
}

static char *witness_string(ExploreModel m, const char *fn, const int *ch, int n)
{
    StrBuf b = { 0 };
    sb_printf(&b, "%s@%s:", m == EXPLORE_SPEC ? "spec" : "executor", fn);
    for (int i = 0; i < n; i++) sb_printf(&b, i ? ".%d" : "%d", ch[i]);
    if (!b.p) sb_adds(&b, "");
    return b.p;
}

/* }===================================================================== */

/* {=====================================================================
** The search
** ====================================================================== */

static bool in_ids(const StepId *ids, int n, StepId x)
{
    for (int i = 0; i < n; i++)
        if (id_eq(ids[i], x)) return true;
    return false;
}

typedef struct Node {
    StepId *todo;            /* DPOR: the backtrack set, which races make grow */
    int ntodo, next;         /* todo[next - 1] is the choice on the current path */
    StepId *sleep;
    int nsleep;
    StepId *enabled;         /* DPOR: the steps ready here */
    int nenabled;
    bool full;               /* DPOR gave up on the run: try every ready step */
} Node;

/* A full node's next step to try: the first ready one neither tried nor
** asleep. False when there is none. */
static bool extend_full(Node *nd)
{
    for (int a = 0; a < nd->nenabled; a++)
        if (!in_ids(nd->todo, nd->ntodo, nd->enabled[a]) && !in_ids(nd->sleep, nd->nsleep, nd->enabled[a])) {
            nd->todo[nd->ntodo++] = nd->enabled[a];
            return true;
        }
    return false;
}

typedef struct Entry {
    uint64_t k0, k1;
    StepId *sleep;           /* the steps not yet explored from this state */
    int nsleep;
    bool used;
} Entry;

typedef struct Search {
    const ExploreOptions *o;
    Node *nodes;
    int nnodes, capnodes;
    int depth;               /* choice points passed in this execution */
    /* The sleep set of the node the current execution is about to create. */
    StepId *child_sleep;
    int nchild_sleep, capchild;
    Entry *cache;
    size_t capcache, ncache;
    size_t max_states;       /* the cache stops growing there */
    bool cache_full;
    long hits;
    int diverge;             /* the first choice point this run did not replay */
    ExploreSearch mode;      /* o->search, until REDUCED turns to DPOR */
    bool stop_exec;
    bool replay_failed;
} Search;


static int find_step(const Known *const *steps, int n, StepId id)
{
    for (int i = 0; i < n; i++)
        if (id_eq(steps[i]->id, id)) return i;
    return -1;
}

/* The slot of [key]: its entry, or an unused slot for it; NULL when it is
** not there and the cache is full. */
static Entry *cache_slot(Search *s, const uint64_t key[2])
{
    if (s->ncache * 2 >= s->capcache && s->ncache < s->max_states) {
        size_t cap = s->capcache ? 2 * s->capcache : 1024;
        Entry *t = calloc(cap, sizeof *t);
        if (!t) tf_out_of_memory();
        for (size_t i = 0; i < s->capcache; i++) {
            if (!s->cache[i].used) continue;
            size_t j = s->cache[i].k0 & (cap - 1);
            while (t[j].used) j = (j + 1) & (cap - 1);
            t[j] = s->cache[i];
        }
        free(s->cache);
        s->cache = t;
        s->capcache = cap;
    }
    size_t j = key[0] & (s->capcache - 1);
    while (s->cache[j].used && !(s->cache[j].k0 == key[0] && s->cache[j].k1 == key[1]))
        j = (j + 1) & (s->capcache - 1);
    if (!s->cache[j].used && s->ncache >= s->max_states) {
        /* Full: a state it cannot hold is explored as if new (sound). */
        s->cache_full = true;
        return NULL;
    }
    return &s->cache[j];
}

/* The sleep set of the child reached by taking [p] at a node with sleep
** set [z] whose steps [done] were taken before: the steps of both that do
** not conflict with [p]. */
static void set_child_sleep(Search *s, const Known *const *steps, int n, int p, const StepId *z, int nz,
                            const StepId *done, int ndone)
{
    s->nchild_sleep = 0;
    if (s->mode == EXPLORE_BRUTE) return;
    int need = nz + ndone;
    if (need > s->capchild) {
        s->capchild = need + 16;
        s->child_sleep = xrealloc(s->child_sleep, sizeof *s->child_sleep * (size_t)s->capchild);
    }
    for (int pass = 0; pass < 2; pass++) {
        const StepId *ids = pass ? done : z;
        int m = pass ? ndone : nz;
        for (int i = 0; i < m; i++) {
            int q = find_step(steps, n, ids[i]);
            if (q < 0 || q == p || conflict(steps[q], steps[p])) continue;
            if (!in_ids(s->child_sleep, s->nchild_sleep, ids[i])) s->child_sleep[s->nchild_sleep++] = ids[i];
        }
    }
}

static int search_choose(void *ud, Exec *e, const Known *const *steps, int n)
{
    Search *s = ud;
    int d = s->depth++;
    if (d < s->nnodes) {
        /* Replaying the path. */
        Node *nd = &s->nodes[d];
        if (s->mode == EXPLORE_DPOR && !nd->enabled) {
            /* A node of the first run, before the search turned to DPOR. */
            nd->enabled = malloc(sizeof *nd->enabled * (size_t)n);
            if (!nd->enabled) tf_out_of_memory();
            for (int i = 0; i < n; i++) nd->enabled[i] = steps[i]->id;
            nd->nenabled = n;
        }
        int k = find_step(steps, n, nd->todo[nd->next - 1]);
        if (k < 0) { s->replay_failed = true; return -1; }
        set_child_sleep(s, steps, n, k, nd->sleep, nd->nsleep, nd->todo, nd->next - 1);
        return k;
    }
    /* A new node: its sleep set is what the parent's choice left. */
    StepId *z = s->child_sleep;
    int nz = s->nchild_sleep;
    StepId *todo = malloc(sizeof *todo * (size_t)(n + 1));
    if (!todo) tf_out_of_memory();
    int ntodo = 0;
    uint64_t key[2];
    Entry *en = NULL;
    if (s->mode == EXPLORE_REDUCED && state_key(e, key) && (en = cache_slot(s, key)) != NULL) {
        if (en->used) {
            /* Visited: only the steps it slept on then and may not now. */
            for (int i = 0; i < en->nsleep; i++)
                if (!in_ids(z, nz, en->sleep[i]) && find_step(steps, n, en->sleep[i]) >= 0)
                    todo[ntodo++] = en->sleep[i];
            int m = 0;
            for (int i = 0; i < en->nsleep; i++)
                if (in_ids(z, nz, en->sleep[i])) en->sleep[m++] = en->sleep[i];
            en->nsleep = m;
            s->hits++;
        } else {
            en->used = true;
            en->k0 = key[0];
            en->k1 = key[1];
            en->nsleep = 0;
            en->sleep = malloc(sizeof *en->sleep * (size_t)(nz + 1));
            if (!en->sleep) tf_out_of_memory();
            for (int i = 0; i < nz; i++)
                if (find_step(steps, n, z[i]) >= 0) en->sleep[en->nsleep++] = z[i];
            s->ncache++;
            for (int i = 0; i < n; i++)
                if (!in_ids(z, nz, steps[i]->id)) todo[ntodo++] = steps[i]->id;
        }
    } else {
        for (int i = 0; i < n; i++)
            if (!in_ids(z, nz, steps[i]->id)) {
                todo[ntodo++] = steps[i]->id;
                /* DPOR starts with one step; races add the others. */
                if (s->mode == EXPLORE_DPOR) break;
            }
    }
    if (ntodo == 0) {
        free(todo);
        s->stop_exec = true;
        return -1;
    }
    if (s->nnodes == s->capnodes) {
        s->capnodes = s->capnodes ? 2 * s->capnodes : 64;
        s->nodes = xrealloc(s->nodes, sizeof *s->nodes * (size_t)s->capnodes);
    }
    Node *nd = &s->nodes[s->nnodes++];
    nd->todo = todo;
    nd->ntodo = ntodo;
    nd->next = 1;
    nd->sleep = malloc(sizeof *nd->sleep * (size_t)(nz + 1));
    if (!nd->sleep) tf_out_of_memory();
    if (nz > 0) memcpy(nd->sleep, z, sizeof *z * (size_t)nz);
    nd->nsleep = nz;
    nd->enabled = NULL;
    nd->nenabled = 0;
    nd->full = false;
    if (s->mode == EXPLORE_DPOR) {
        nd->enabled = malloc(sizeof *nd->enabled * (size_t)n);
        if (!nd->enabled) tf_out_of_memory();
        for (int i = 0; i < n; i++) nd->enabled[i] = steps[i]->id;
        nd->nenabled = n;
    }
    int k = find_step(steps, n, todo[0]);
    set_child_sleep(s, steps, n, k, nd->sleep, nd->nsleep, nd->todo, 0);
    return k;
}

/* Adds [id] to node [nd]'s backtrack set unless it is there or asleep. */
static void backtrack_add(Node *nd, StepId id)
{
    if (in_ids(nd->todo, nd->ntodo, id) || in_ids(nd->sleep, nd->nsleep, id)) return;
    nd->todo[nd->ntodo++] = id;
}

/* Source-set DPOR (Abdulla et al. 2014, Algorithm 1) over the run just
** made: for every race (i, j) — steps that conflict, with i not before j
** in happens-before through other steps — whose later step j this run took
** for the first time, the node before i gets a step that starts a
** reversal (an initial of notdep(i).j), unless one is already there.
** Happens-before: a step's cause (the step after which its task was
** queued: its run led to it) and every earlier conflicting step, closed
** transitively. The cause is the last step the task depends on, not every
** one, so this happens-before may miss edges: races are then a superset
** (sound), and an initial that was not ready at node i falls back to every
** step ready there. */
/* Runs longer than this many steps are not analysed (the happens-before
** bitsets take n^2/8 bytes): every node they reach gets every ready step,
** which makes the search below them sleep sets alone. */
#define DPOR_MAX_EVENTS 4096

static void dpor_races(Search *s, const Exec *e)
{
    int n = e->nevents;
    if (n < 2) return;
    if (n > DPOR_MAX_EVENTS) {
        for (int i = s->diverge; i < s->nnodes; i++) s->nodes[i].full = true;
        return;
    }
    size_t words = ((size_t)n + 63) / 64;
    uint64_t *hb = calloc((size_t)n * words, sizeof *hb);
    uint64_t *via = malloc(words * sizeof *via);
    uint64_t *vset = malloc(words * sizeof *vset);
    if (!hb || !via || !vset) tf_out_of_memory();
#define HB(k) (hb + (size_t)(k) * words)
#define HAS(set, k) ((set)[(k) / 64] >> ((k) % 64) & 1u)
#define PUT(set, k) ((set)[(k) / 64] |= (uint64_t)1 << ((k) % 64))
    for (int j = 0; j < n; j++) {
        if ((j & 15) == 15 && watch_fired(e->watch)) break;
        const Known *ej = &e->events[j];
        int c = ej->cause;
        /* via: what happens before some direct predecessor of j. */
        memset(via, 0, words * sizeof *via);
        if (c >= 0 && c < j) {
            PUT(HB(j), c);
            for (size_t w = 0; w < words; w++) via[w] |= HB(c)[w];
        }
        for (int i = 0; i < j; i++) {
            if (!conflict(&e->events[i], ej)) continue;
            PUT(HB(j), i);
            for (size_t w = 0; w < words; w++) via[w] |= HB(i)[w];
        }
        for (size_t w = 0; w < words; w++) HB(j)[w] |= via[w];
        if (j < s->diverge || j >= s->nnodes) continue;
        for (int i = 0; i < j && i < s->nnodes; i++) {
            /* A race: a conflicting direct predecessor that no other one
            ** comes after. */
            if (i == c || !HAS(HB(j), i) || HAS(via, i) || !conflict(&e->events[i], ej)) continue;
            /* v = notdep(i).j; its initials that were ready at node i. */
            Node *nd = &s->nodes[i];
            bool covered = false, any = false;
            StepId pick = { 0 };
            memset(vset, 0, words * sizeof *vset);
            for (int k = i + 1; k <= j && !covered; k++) {
                if (k < j && HAS(HB(k), i)) continue;
                bool initial = true;
                for (size_t w = 0; w < words && initial; w++)
                    if (HB(k)[w] & vset[w]) initial = false;
                PUT(vset, k);
                StepId id = e->events[k].id;
                if (!initial || !in_ids(nd->enabled, nd->nenabled, id)) continue;
                if (in_ids(nd->todo, nd->ntodo, id) || in_ids(nd->sleep, nd->nsleep, id)) covered = true;
                else if (!any) { pick = id; any = true; }
            }
            if (covered) continue;
            if (any) backtrack_add(nd, pick);
            else
                for (int a = 0; a < nd->nenabled; a++) backtrack_add(nd, nd->enabled[a]);
        }
    }
#undef HB
#undef HAS
#undef PUT
    free(hb);
    free(via);
    free(vset);
}

/* Counts the complete run just made in its outcome: the program's own
** lines and the result line's text name the outcome, and where the result
** line fell among those lines is counted within it. */
static void add_outcome(ExploreResult *r, Exec *e, ExploreModel m)
{
    const char *out = e->out ? e->out : "";
    size_t len = e->outlen;
    bool has_result = e->result_at >= 0;
    size_t ra = has_result ? (size_t)e->result_at : len, re = has_result ? (size_t)e->result_end : len;
    StrBuf lines = { 0 };
    sb_addn(&lines, out, ra);
    sb_addn(&lines, out + re, len - re);
    int after = 0;
    for (size_t i = 0; i < ra; i++) after += out[i] == '\n';
    ExploreOutcome *oc = NULL;
    for (int i = 0; i < r->noutcomes && !oc; i++) {
        ExploreOutcome *o = &r->outcomes[i];
        if (strcmp(o->lines, lines.p) != 0 || has_result != (o->result != NULL)) continue;
        if (has_result && (strlen(o->result) != re - ra || memcmp(o->result, out + ra, re - ra))) continue;
        if (strcmp(o->never_ran ? o->never_ran : "", e->never_ran ? e->never_ran : "")) continue;
        oc = o;
    }
    if (oc) {
        free(lines.p);
    } else {
        r->outcomes = xrealloc(r->outcomes, sizeof *r->outcomes * (size_t)(r->noutcomes + 1));
        oc = &r->outcomes[r->noutcomes++];
        memset(oc, 0, sizeof *oc);
        oc->output = xstrndup(out, len);
        oc->lines = lines.p;
        oc->result = has_result ? xstrndup(out + ra, re - ra) : NULL;
        oc->witness = witness_string(m, e->fn->name, e->choices, e->nchoices);
        oc->never_ran = e->never_ran ? xstrdup(e->never_ran) : NULL;
    }
    oc->schedules++;
    if (!has_result) return;
    for (int i = 0; i < oc->nreturned; i++)
        if (oc->returned[i].after == after) {
            oc->returned[i].schedules++;
            return;
        }
    oc->returned = xrealloc(oc->returned, sizeof *oc->returned * (size_t)(oc->nreturned + 1));
    ExploreReturned *rt = &oc->returned[oc->nreturned++];
    rt->after = after;
    rt->schedules = 1;
    rt->witness = oc->nreturned == 1 ? xstrdup(oc->witness) : witness_string(m, e->fn->name, e->choices, e->nchoices);
}

static char *strdupf(const char *fmt, const char *a, const char *b)
{
    StrBuf s = { 0 };
    sb_printf(&s, fmt, a, b);
    return s.p;
}

void explore_function(Host *h, const Func *fn, const ExploreOptions *o, ExploreResult *r)
{
    memset(r, 0, sizeof *r);
    r->complete = true;
    Exec e;
    exec_init(&e, h, fn);
    e.pr = o->print_result;
    e.ud = o->ud;
    double start = now_seconds();
    e.deadline = o->timeout > 0 ? start + o->timeout : 0;
    Watch watch;
    if (o->timeout > 0 && watch_start(&watch, o->timeout)) e.watch = &watch;
    FILE *saved_out = h->out;
    DiagSink *saved_diag = h->diag;
    h->diag = NULL;    /* error values reach the result line; diagnostics would repeat per schedule */
    Search s;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.mode = o->search;
    s.max_states = o->max_states > 0 ? (size_t)o->max_states : (size_t)EXPLORE_MAX_STATES;
    for (;;) {
        /* Every run counts, those a reduction cut short too: they cost
        ** as much as complete ones, and may be nearly all of them. */
        if (r->executions >= o->max_schedules) {
            r->complete = false;
            free(r->note);
            StrBuf b = { 0 };
            sb_printf(&b, "stopped after %ld %s (%ld complete) (--max-schedules)", r->executions,
                      r->executions == 1 ? "run" : "runs", r->schedules);
            r->note = b.p;
            break;
        }
        if (watch_fired(e.watch) || (e.deadline > 0 && now_seconds() > e.deadline)) {
            r->complete = false;
            free(r->note);
            r->note = strdupf("stopped by the timeout (--timeout)%s%s", "", "");
            break;
        }
        e.mem = open_memstream(&e.out, &e.outlen);
        if (!e.mem) tf_out_of_memory();
        h->out = e.mem;
        s.depth = 0;
        s.nchild_sleep = 0;
        s.stop_exec = false;
        bool done = drive(&e, search_choose, &s);
        fclose(e.mem);
        e.mem = NULL;
        r->executions++;
        if (done) {
            r->schedules++;
            add_outcome(r, &e, o->model);
        }
        if (s.mode == EXPLORE_DPOR) dpor_races(&s, &e);
        if (s.mode == EXPLORE_REDUCED && r->executions == 1 && s.ncache == 0) {
            /* The first run met no state the cache can name (an op ran
            ** twice, a list, a tensor or a critical section was touched):
            ** DPOR instead, for the rest of the search. The nodes of the
            ** first run keep every ready step to try, a superset of what
            ** DPOR would have put there, which is sound; they record what
            ** was ready for the race analysis from now on. */
            s.mode = EXPLORE_DPOR;
        }
        free(e.out);
        e.out = NULL;
        if (e.timed_out) {
            r->complete = false;
            free(r->note);
            r->note = strdupf("stopped by the timeout (--timeout)%s%s", "", "");
            break;
        }
        if (s.replay_failed) {
            r->complete = false;
            free(r->note);
            r->note = strdupf("internal: a schedule did not replay%s%s", "", "");
            break;
        }
        /* Backtrack: the deepest node with a step left to take. */
        while (s.nnodes > 0 && s.nodes[s.nnodes - 1].next >= s.nodes[s.nnodes - 1].ntodo &&
               !(s.nodes[s.nnodes - 1].full && extend_full(&s.nodes[s.nnodes - 1]))) {
            Node *nd = &s.nodes[--s.nnodes];
            free(nd->todo);
            free(nd->sleep);
            free(nd->enabled);
        }
        if (s.nnodes == 0) break;
        s.nodes[s.nnodes - 1].next++;
        s.diverge = s.nnodes - 1;
    }
    if (e.opaque && !r->note) {
        char where[64] = "";
        if (e.opaque_op && e.opaque_op->loc->line > 0)
            snprintf(where, sizeof where, " at line %d", e.opaque_op->loc->line);
        StrBuf b = { 0 };
        sb_printf(&b, "'%s'%s: the explorer cannot model its effects (%s); it was treated as "
                      "conflicting with every step",
                  e.opaque_op ? e.opaque_op->name : "?", where, e.opaque_why ? e.opaque_why : "unmodelled");
        r->note = b.p;
        r->complete = false;
    }
    if (e.watch) watch_stop(e.watch);
    r->cache_hits = s.hits;
    r->states = (long)s.ncache;
    r->cache_full = s.cache_full;
    for (int i = 0; i < s.nnodes; i++) {
        free(s.nodes[i].todo);
        free(s.nodes[i].sleep);
        free(s.nodes[i].enabled);
    }
    free(s.nodes);
    free(s.child_sleep);
    for (size_t i = 0; i < s.capcache; i++)
        if (s.cache[i].used) free(s.cache[i].sleep);
    free(s.cache);
    exec_fini(&e);
    h->out = saved_out;
    h->diag = saved_diag;
}

void explore_result_free(ExploreResult *r)
{
    for (int i = 0; i < r->noutcomes; i++) {
        ExploreOutcome *oc = &r->outcomes[i];
        free(oc->output);
        free(oc->never_ran);
        free(oc->lines);
        free(oc->result);
        free(oc->witness);
        for (int j = 0; j < oc->nreturned; j++) free(oc->returned[j].witness);
        free(oc->returned);
    }
    free(r->outcomes);
    free(r->note);
    memset(r, 0, sizeof *r);
}

/* }===================================================================== */

/* {=====================================================================
** Replay
** ====================================================================== */

/* The length of the model word at the start of [w]: up to '@' or ':'. */
static size_t model_len(const char *w)
{
    return strcspn(w, "@:");
}

bool explore_witness_model(const char *w, ExploreModel *model)
{
    size_t n = model_len(w);
    if (!w[n]) return false;
    if (n == 4 && !strncmp(w, "spec", 4)) { *model = EXPLORE_SPEC; return true; }
    if (n == 8 && !strncmp(w, "executor", 8)) { *model = EXPLORE_EXECUTOR; return true; }
    return false;
}

/* The choices of [w]: after its last ':' (a function name may hold one). */
static const char *witness_choices(const char *w)
{
    const char *c = strrchr(w, ':');
    return c ? c + 1 : w;
}

char *explore_witness_function(const char *w)
{
    size_t n = model_len(w);
    if (w[n] != '@') return NULL;
    const char *name = w + n + 1, *end = witness_choices(w) - 1;
    if (end <= name) return NULL;
    return xstrndup(name, (size_t)(end - name));
}

typedef struct Replay {
    const char *p;           /* the next index in the witness; NULL: take the first step */
    char *err;
} Replay;

static int replay_choose(void *ud, Exec *e, const Known *const *steps, int n)
{
    (void)steps;
    Replay *r = ud;
    if (r->err || !r->p) return 0;
    StrBuf b = { 0 };
    if (!*r->p) {
        sb_printf(&b, "the witness ends at choice %d, where %d steps are ready", e->nchoices + 1, n);
        r->err = b.p;
        return 0;
    }
    char *end;
    long k = strtol(r->p, &end, 10);
    if (end == r->p || (*end && *end != '.') || k < 0 || k >= n) {
        sb_printf(&b, "choice %d of the witness is not an index below %d", e->nchoices + 1, n);
        r->err = b.p;
        return 0;
    }
    r->p = *end ? end + 1 : end;
    return (int)k;
}

bool explore_replay(Host *h, const Func *fn, const char *witness, ExploreResultFn pr, void *ud, char **err)
{
    *err = NULL;
    Replay r = { witness ? witness_choices(witness) : NULL, NULL };
    char *named = witness ? explore_witness_function(witness) : NULL;
    if (named && strcmp(named, fn->name)) {
        StrBuf b = { 0 };
        sb_printf(&b, "the witness is a schedule of '%s'", named);
        r.err = b.p;
    }
    free(named);
    Exec e;
    exec_init(&e, h, fn);
    e.pr = pr;
    e.ud = ud;
    drive(&e, replay_choose, &r);
    exec_fini(&e);
    if (!r.err && r.p && *r.p) {
        StrBuf b = { 0 };
        sb_printf(&b, "the run ended with choices of the witness left over (\"%s\")", r.p);
        r.err = b.p;
    }
    *err = r.err;
    return r.err == NULL;
}

static int first_choose(void *ud, Exec *e, const Known *const *steps, int n)
{
    (void)ud, (void)e, (void)steps, (void)n;
    return 0;
}

void explore_run_first(Host *h, const Func *fn, ExploreResultFn pr, void *ud)
{
    Exec e;
    exec_init(&e, h, fn);
    e.pr = pr;
    e.ud = ud;
    drive(&e, first_choose, NULL);
    exec_fini(&e);
}
