/*
** trace.c — the trace and the profile (interp/trace.h).
**
** State, all under one mutex: per thread (Thr, found by pthread_self) a
** stack of what is open on it — kernels and stretches of frames — with
** their start times and the time of what nested inside them; per live
** frame (FrameRec, an open-addressing table keyed by the executor's frame
** identity) its body, the op that started it, its invocation number and,
** for the trace, per register the execution that produced it (Prod) to
** draw flows from; per op (LastRun) its latest execution, for the flow of
** an invocation started from a task; the events kept (Ev); the profile's
** tables by op name and by function.
**
** Times: CLOCK_MONOTONIC in nanoseconds from trace_new().
*/
#include "base/alloc.h"
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "base/strbuf.h"
#include "interp/display.h"
#include "interp/trace.h"

typedef enum EvKind { EV_KERNEL, EV_STRETCH, EV_RUN, EV_FLOW_OUT, EV_FLOW_IN, EV_WAKE } EvKind;

typedef struct Ev {
    uint8_t kind;
    int tid;
    int64_t ts, dur;
    const Op *op;          /* EV_KERNEL; EV_STRETCH: the op that started it */
    const Block *body;     /* EV_STRETCH */
    const Value *val;      /* EV_WAKE */
    uint64_t id;           /* EV_STRETCH: invocation number; flows: flow id */
    char *text;            /* EV_KERNEL: its results; EV_RUN: the function */
} Ev;

typedef struct Open {
    uint8_t kind;          /* EV_KERNEL or EV_STRETCH */
    const Op *op;
    const void *frame;
    int64_t ts, child;     /* start; time of kernels nested inside */
    uint64_t seg;          /* EV_STRETCH: its serial */
    struct FnStat *fn;     /* EV_STRETCH of a function body */
} Open;

typedef struct Thr {
    pthread_t self;
    int tid;
    Open *stack;
    int n, cap;
} Thr;

/* Where a value was made (or an invocation started): the execution's
** thread, stretch and time. */
typedef struct Prod {
    int tid;
    uint64_t seg;
    int64_t ts;
    bool valid;
} Prod;

typedef struct FrameRec {
    const void *frame;
    const Block *body;
    const Op *site;
    uint64_t inv;
    Prod *prod;            /* body->nvalues (trace only; NULL otherwise) */
    Prod starter;          /* the execution that started it, when elsewhere */
    bool started;          /* its first kernel has begun */
} FrameRec;

typedef struct LastRun { const Op *op; Prod at; } LastRun;

typedef struct OpStat { const char *name; long count; int64_t self; } OpStat;
typedef struct FnStat {
    const Block *body;
    long count;
    int64_t total;
    int *active;           /* per tid: stretches of it open on that thread */
    int nactive;
} FnStat;

struct Trace {
    DebugHooks hooks;
    unsigned what;
    pthread_mutex_t mu;
    struct timespec t0;
    Thr *thr; int nthr, capthr;
    FrameRec **frames; size_t fcap, fcount;
    LastRun *last; size_t lcap, lcount;
    Ev *ev; size_t nev, capev, dropped;
    uint64_t next_inv, next_seg, next_flow;
    OpStat *ops; size_t ocap, ocount;
    FnStat **fns; int nfns, capfns;
    int64_t run_ts, run_total;    /* the driver's function runs */
    bool in_run;
    const char *run_name;
};

/* {=====================================================================
** Small tables
** ====================================================================== */

static int64_t now_ns(const Trace *t)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)(ts.tv_sec - t->t0.tv_sec) * 1000000000 + (ts.tv_nsec - t->t0.tv_nsec);
}

static size_t phash(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

static Thr *thr_self(Trace *t)
{
    pthread_t me = pthread_self();
    for (int i = 0; i < t->nthr; i++)
        if (pthread_equal(t->thr[i].self, me)) return &t->thr[i];
    if (t->nthr == t->capthr) {
        t->capthr = t->capthr ? t->capthr * 2 : 8;
        t->thr = xrealloc(t->thr, sizeof *t->thr * (size_t)t->capthr);
    }
    Thr *h = &t->thr[t->nthr];
    memset(h, 0, sizeof *h);
    h->self = me;
    h->tid = ++t->nthr;
    return h;
}

static Open *push(Thr *h, Open o)
{
    if (h->n == h->cap) {
        h->cap = h->cap ? h->cap * 2 : 32;
        h->stack = xrealloc(h->stack, sizeof *h->stack * (size_t)h->cap);
    }
    h->stack[h->n] = o;
    return &h->stack[h->n++];
}

/* The innermost open entry of [kind] for [frame] (and [op] for kernels),
** or -1. */
static int find_open(const Thr *h, uint8_t kind, const void *frame, const Op *op)
{
    for (int i = h->n - 1; i >= 0; i--)
        if (h->stack[i].kind == kind && h->stack[i].frame == frame && (!op || h->stack[i].op == op)) return i;
    return -1;
}

/* The stretch running now on [h] (0: none). */
static uint64_t cur_seg(const Thr *h)
{
    for (int i = h->n - 1; i >= 0; i--)
        if (h->stack[i].kind == EV_STRETCH) return h->stack[i].seg;
    return 0;
}

static FrameRec **frame_slot(Trace *t, const void *frame)
{
    if (!t->fcap) return NULL;
    for (size_t i = phash(frame) & (t->fcap - 1);; i = (i + 1) & (t->fcap - 1)) {
        FrameRec *r = t->frames[i];
        if (!r) return NULL;
        if (r->frame == frame) return &t->frames[i];
    }
}

static FrameRec *frame_get(Trace *t, const void *frame)
{
    FrameRec **s = frame_slot(t, frame);
    return s ? *s : NULL;
}

static void frame_put(Trace *t, FrameRec *r)
{
    if ((t->fcount + 1) * 2 > t->fcap) {
        size_t ncap = t->fcap ? t->fcap * 2 : 256;
        FrameRec **nt = xcalloc(ncap, sizeof *nt);
        for (size_t i = 0; i < t->fcap; i++) {
            FrameRec *e = t->frames[i];
            if (!e) continue;
            size_t j = phash(e->frame) & (ncap - 1);
            while (nt[j]) j = (j + 1) & (ncap - 1);
            nt[j] = e;
        }
        free(t->frames);
        t->frames = nt;
        t->fcap = ncap;
    }
    size_t j = phash(r->frame) & (t->fcap - 1);
    while (t->frames[j]) j = (j + 1) & (t->fcap - 1);
    t->frames[j] = r;
    t->fcount++;
}

/* Removal with backward shift (no tombstones). */
static void frame_del(Trace *t, FrameRec **slot)
{
    size_t mask = t->fcap - 1, i = (size_t)(slot - t->frames);
    FrameRec *r = t->frames[i];
    t->frames[i] = NULL;
    for (size_t j = (i + 1) & mask; t->frames[j]; j = (j + 1) & mask) {
        FrameRec *e = t->frames[j];
        size_t h = phash(e->frame) & mask;
        if ((j > i && (h <= i || h > j)) || (j < i && (h <= i && h > j))) {
            t->frames[i] = e;
            t->frames[j] = NULL;
            i = j;
        }
    }
    t->fcount--;
    free(r->prod);
    free(r);
}

static LastRun *last_of(Trace *t, const Op *op, bool add)
{
    if (add && (t->lcount + 1) * 2 > t->lcap) {
        size_t ncap = t->lcap ? t->lcap * 2 : 256;
        LastRun *nt = xcalloc(ncap, sizeof *nt);
        for (size_t i = 0; i < t->lcap; i++) {
            if (!t->last[i].op) continue;
            size_t j = phash(t->last[i].op) & (ncap - 1);
            while (nt[j].op) j = (j + 1) & (ncap - 1);
            nt[j] = t->last[i];
        }
        free(t->last);
        t->last = nt;
        t->lcap = ncap;
    }
    if (!t->lcap) return NULL;
    size_t j = phash(op) & (t->lcap - 1);
    while (t->last[j].op && t->last[j].op != op) j = (j + 1) & (t->lcap - 1);
    if (!t->last[j].op) {
        if (!add) return NULL;
        t->last[j].op = op;
        t->lcount++;
    }
    return &t->last[j];
}

static OpStat *op_stat(Trace *t, const char *name)
{
    if ((t->ocount + 1) * 2 > t->ocap) {
        size_t ncap = t->ocap ? t->ocap * 2 : 64;
        OpStat *nt = xcalloc(ncap, sizeof *nt);
        for (size_t i = 0; i < t->ocap; i++) {
            if (!t->ops[i].name) continue;
            size_t j = phash(t->ops[i].name) & (ncap - 1);
            while (nt[j].name) j = (j + 1) & (ncap - 1);
            nt[j] = t->ops[i];
        }
        free(t->ops);
        t->ops = nt;
        t->ocap = ncap;
    }
    /* Op names are interned per module: one pointer per name. */
    size_t j = phash(name) & (t->ocap - 1);
    while (t->ops[j].name && t->ops[j].name != name) j = (j + 1) & (t->ocap - 1);
    if (!t->ops[j].name) {
        t->ops[j].name = name;
        t->ocount++;
    }
    return &t->ops[j];
}

static FnStat *fn_stat(Trace *t, const Block *body)
{
    for (int i = 0; i < t->nfns; i++)
        if (t->fns[i]->body == body) return t->fns[i];
    if (t->nfns == t->capfns) {
        t->capfns = t->capfns ? t->capfns * 2 : 16;
        t->fns = xrealloc(t->fns, sizeof *t->fns * (size_t)t->capfns);
    }
    FnStat *f = xcalloc(1, sizeof *f);
    f->body = body;
    t->fns[t->nfns++] = f;
    return f;
}

static int *fn_active(FnStat *f, int tid)
{
    if (tid >= f->nactive) {
        int n = tid + 8;
        f->active = xrealloc(f->active, sizeof *f->active * (size_t)n);
        memset(f->active + f->nactive, 0, sizeof *f->active * (size_t)(n - f->nactive));
        f->nactive = n;
    }
    return &f->active[tid];
}

static Ev *add_ev(Trace *t, uint8_t kind, int tid, int64_t ts)
{
    if (!(t->what & TRACE_EVENTS)) return NULL;
    if (t->nev >= TRACE_MAX_EVENTS) {
        t->dropped++;
        return NULL;
    }
    if (t->nev == t->capev) {
        t->capev = t->capev ? t->capev * 2 : 4096;
        t->ev = xrealloc(t->ev, sizeof *t->ev * t->capev);
    }
    Ev *e = &t->ev[t->nev++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->tid = tid;
    e->ts = ts;
    return e;
}

/* A flow from [from] to the slice starting on [h] now. */
static void flow(Trace *t, const Prod *from, const Thr *h, int64_t now)
{
    if (!(t->what & TRACE_EVENTS)) return;
    uint64_t id = ++t->next_flow;
    Ev *a = add_ev(t, EV_FLOW_OUT, from->tid, from->ts);
    if (!a) return;
    a->id = id;
    Ev *b = add_ev(t, EV_FLOW_IN, h->tid, now);
    if (b) b->id = id;
    else t->nev--;    /* no half flows */
}

/* }===================================================================== */

/* {=====================================================================
** Hooks
** ====================================================================== */

static void h_frame_enter(void *ud, const void *frame, const Block *body, AsyncValue *const *args, int nargs)
{
    (void)args;
    (void)nargs;
    Trace *t = ud;
    pthread_mutex_lock(&t->mu);
    FrameRec **old = frame_slot(t, frame);
    if (old) frame_del(t, old);    /* an identity reused after a missed exit */
    FrameRec *r = xcalloc(1, sizeof *r);
    r->frame = frame;
    r->body = body;
    r->inv = ++t->next_inv;
    /* Compiled frames (odd identities) run in one stretch: no flows. */
    if ((t->what & TRACE_EVENTS) && !((uintptr_t)frame & 1u) && body->nvalues > 0)
        r->prod = xcalloc((size_t)body->nvalues, sizeof *r->prod);
    frame_put(t, r);
    if (!body->parent_op && body->func) fn_stat(t, body)->count++;
    pthread_mutex_unlock(&t->mu);
}

static void h_invoke(void *ud, const void *frame, const Block *body, const Op *site, const ExecCtx *c)
{
    (void)body;
    (void)c;
    Trace *t = ud;
    pthread_mutex_lock(&t->mu);
    FrameRec *r = frame_get(t, frame);
    if (r && site) {
        r->site = site;
        /* Started from a task (a do.async body on a worker), not inside
        ** the kernel of [site] on this thread: flow from that kernel. */
        Thr *h = thr_self(t);
        bool inside = h->n > 0 && h->stack[h->n - 1].kind == EV_KERNEL && h->stack[h->n - 1].op == site;
        if (!inside) {
            LastRun *l = last_of(t, site, false);
            if (l) r->starter = l->at;
        }
    }
    pthread_mutex_unlock(&t->mu);
}

static void h_frame_exit(void *ud, const void *frame)
{
    Trace *t = ud;
    pthread_mutex_lock(&t->mu);
    FrameRec **s = frame_slot(t, frame);
    if (s) frame_del(t, s);
    pthread_mutex_unlock(&t->mu);
}

static void h_run_begin(void *ud, const void *frame)
{
    Trace *t = ud;
    int64_t now = now_ns(t);
    pthread_mutex_lock(&t->mu);
    Thr *h = thr_self(t);
    FrameRec *r = frame_get(t, frame);
    Open o = { EV_STRETCH, r ? r->site : NULL, frame, now, 0, ++t->next_seg, NULL };
    if (r && !r->body->parent_op && r->body->func) {
        o.fn = fn_stat(t, r->body);
        (*fn_active(o.fn, h->tid))++;
    }
    push(h, o);
    pthread_mutex_unlock(&t->mu);
}

static void h_run_end(void *ud, const void *frame)
{
    Trace *t = ud;
    int64_t now = now_ns(t);
    pthread_mutex_lock(&t->mu);
    Thr *h = thr_self(t);
    int i = find_open(h, EV_STRETCH, frame, NULL);
    if (i >= 0) {
        Open o = h->stack[i];
        h->n = i;
        int64_t dur = now - o.ts;
        if (o.fn) {
            int *act = fn_active(o.fn, h->tid);
            if (--*act == 0) o.fn->total += dur;    /* outermost stretch of it here */
        }
        FrameRec *r = frame_get(t, frame);
        Ev *e = add_ev(t, EV_STRETCH, h->tid, o.ts);
        if (e) {
            e->dur = dur;
            e->op = o.op;
            e->body = r ? r->body : NULL;
            e->id = r ? r->inv : 0;
        }
    }
    pthread_mutex_unlock(&t->mu);
}

static void h_before(void *ud, const ExecCtx *c, const void *frame, const Op *op)
{
    (void)c;
    Trace *t = ud;
    /* The clock is read under the lock: a flow's start was recorded under
    ** it before, so its end is never earlier (read before the lock, a
    ** thread preempted between the two could see a start recorded after
    ** its own clock reading). */
    pthread_mutex_lock(&t->mu);
    int64_t now = now_ns(t);
    Thr *h = thr_self(t);
    uint64_t seg = cur_seg(h);
    FrameRec *r = frame_get(t, frame);
    if (r && (t->what & TRACE_EVENTS)) {
        if (!r->started) {
            r->started = true;
            if (r->starter.valid && (r->starter.tid != h->tid || r->starter.seg != seg)) flow(t, &r->starter, h, now);
        }
        if (r->prod) {
            for (int j = 0; j < op->noperands; j++) {
                const Value *v = op->operands[j];
                if (v->block != r->body || v->index >= r->body->nvalues) continue;
                bool dup = false;
                for (int k = 0; k < j; k++) dup |= op->operands[k] == v;
                Prod *p = &r->prod[v->index];
                if (dup || !p->valid) continue;
                if (p->tid != h->tid || p->seg != seg) flow(t, p, h, now);
            }
        }
    }
    /* Where the kernel runs, recorded before it runs: what it starts on
    ** another thread (a do.async body) or resolves there may begin before
    ** it returns. */
    if (t->what & TRACE_EVENTS) {
        Prod at = { h->tid, seg, now, true };
        last_of(t, op, true)->at = at;
        if (r && r->prod)
            for (int k = 0; k < op->nresults; k++) {
                const Value *v = op->results[k];
                if (v->index < r->body->nvalues) r->prod[v->index] = at;
            }
    }
    push(h, (Open){ EV_KERNEL, op, frame, now, 0, seg, NULL });
    pthread_mutex_unlock(&t->mu);
}

/* The results of a kernel as the trace shows them ("3", "chain", ...),
** each cut to 80 bytes, at most four. */
static char *results_text(const Op *op, AsyncValue *const *res, int n)
{
    if (n <= 0 || !res) return NULL;
    StrBuf b = { 0 };
    Display d = { DISPLAY_SESSION, false, "<<unavailable>>", NULL };
    for (int i = 0; i < n && i < 4; i++) {
        if (i) sb_adds(&b, ", ");
        size_t at = b.n;
        AsyncValue *v = res[i];
        const Type *ty = i < op->nresults ? op->results[i]->type : NULL;
        if (v && av_is_error(v)) {
            sb_printf(&b, "<<error: %s>>", av_error(v)->msg);
        } else if (!v || !av_is_available(v)) {
            sb_adds(&b, "<<unavailable>>");
        } else {
            display_append(&b, &d, ty ? ty->spelling : NULL, av_get(v), 0);
        }
        if (b.n - at > 80) {
            b.n = at + 77;
            sb_adds(&b, "...");
        }
    }
    if (n > 4) sb_adds(&b, ", ...");
    return b.p;
}

static void h_after(void *ud, const void *frame, const Op *op, AsyncValue *const *res, int n)
{
    Trace *t = ud;
    int64_t now = now_ns(t);
    char *text = (t->what & TRACE_EVENTS) ? results_text(op, res, n) : NULL;
    pthread_mutex_lock(&t->mu);
    Thr *h = thr_self(t);
    int i = find_open(h, EV_KERNEL, frame, op);
    if (i < 0) {
        pthread_mutex_unlock(&t->mu);
        free(text);
        return;
    }
    Open o = h->stack[i];
    h->n = i;
    int64_t dur = now - o.ts;
    /* Its whole time is not the self time of the kernel it ran in (a
    ** call, through the callee's stretch). */
    for (int k = i - 1; k >= 0; k--)
        if (h->stack[k].kind == EV_KERNEL) {
            h->stack[k].child += dur;
            break;
        }
    OpStat *s = op_stat(t, op->name);
    s->count++;
    s->self += dur - o.child;
    Ev *e = add_ev(t, EV_KERNEL, h->tid, o.ts);
    if (e) {
        e->dur = dur;
        e->op = op;
        e->text = text;
        text = NULL;
    }
    pthread_mutex_unlock(&t->mu);
    free(text);
}

static void h_wait(void *ud, const void *frame, const Value *val)
{
    (void)ud;
    (void)frame;
    (void)val;
}

static void h_wake(void *ud, const void *frame, const Value *val)
{
    Trace *t = ud;
    if (!(t->what & TRACE_EVENTS)) return;
    int64_t now = now_ns(t);
    pthread_mutex_lock(&t->mu);
    Thr *h = thr_self(t);
    Ev *e = add_ev(t, EV_WAKE, h->tid, now);
    if (e) e->val = val;
    (void)frame;
    pthread_mutex_unlock(&t->mu);
}

/* }===================================================================== */

Trace *trace_new(unsigned what)
{
    Trace *t = xcalloc(1, sizeof *t);
    t->what = what;
    pthread_mutex_init(&t->mu, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t->t0);
    t->hooks = (DebugHooks){
        .ud = t,
        .frame_enter = h_frame_enter, .frame_exit = h_frame_exit,
        .before_kernel = h_before, .after_kernel = h_after,
        .flags = HOOKS_THREADS | HOOKS_COMPILED,
        .invoke = h_invoke, .run_begin = h_run_begin, .run_end = h_run_end,
        .value_wait = h_wait, .value_wake = h_wake,
    };
    thr_self(t);    /* the creating thread is tid 1, "main" */
    return t;
}

void trace_free(Trace *t)
{
    if (!t) return;
    for (int i = 0; i < t->nthr; i++) free(t->thr[i].stack);
    free(t->thr);
    for (size_t i = 0; i < t->fcap; i++)
        if (t->frames[i]) {
            free(t->frames[i]->prod);
            free(t->frames[i]);
        }
    free(t->frames);
    free(t->last);
    for (size_t i = 0; i < t->nev; i++) free(t->ev[i].text);
    free(t->ev);
    free(t->ops);
    for (int i = 0; i < t->nfns; i++) {
        free(t->fns[i]->active);
        free(t->fns[i]);
    }
    free(t->fns);
    pthread_mutex_destroy(&t->mu);
    free(t);
}

const DebugHooks *trace_hooks(Trace *t) { return &t->hooks; }
size_t trace_dropped(const Trace *t) { return t->dropped; }

void trace_function_begin(Trace *t, const char *name)
{
    int64_t now = now_ns(t);
    pthread_mutex_lock(&t->mu);
    t->run_ts = now;
    t->run_name = name;
    t->in_run = true;
    pthread_mutex_unlock(&t->mu);
}

void trace_function_end(Trace *t)
{
    int64_t now = now_ns(t);
    pthread_mutex_lock(&t->mu);
    if (t->in_run) {
        t->in_run = false;
        t->run_total += now - t->run_ts;
        Ev *e = add_ev(t, EV_RUN, thr_self(t)->tid, t->run_ts);
        if (e) {
            e->dur = now - t->run_ts;
            size_t n = strlen(t->run_name) + 8;
            e->text = xmalloc(n);
            snprintf(e->text, n, "run @%s", t->run_name);
        }
    }
    pthread_mutex_unlock(&t->mu);
}

/* {=====================================================================
** Output
** ====================================================================== */

static void json_str(FILE *out, const char *s)
{
    putc_unlocked('"', out);
    const char *run = s ? s : "";
    for (const char *p = run;; p++) {
        unsigned char c = (unsigned char)*p;
        if (c && c != '"' && c != '\\' && c >= 0x20) continue;
        fwrite(run, 1, (size_t)(p - run), out);
        if (!c) break;
        if (c == '"' || c == '\\') {
            putc_unlocked('\\', out);
            putc_unlocked((int)c, out);
        } else {
            fprintf(out, "\\u%04x", c);
        }
        run = p + 1;
    }
    putc_unlocked('"', out);
}

/* A decimal number (no printf: a trace has millions of them). */
static void put_u64(FILE *out, uint64_t x)
{
    char buf[24];
    int n = 0;
    do {
        buf[n++] = (char)('0' + x % 10);
        x /= 10;
    } while (x);
    while (n) putc_unlocked(buf[--n], out);
}

/* Nanoseconds as microseconds with three decimals. */
static void ts_us(FILE *out, int64_t ns)
{
    if (ns < 0) {
        putc_unlocked('-', out);
        ns = -ns;
    }
    put_u64(out, (uint64_t)ns / 1000);
    uint64_t f = (uint64_t)ns % 1000;
    putc_unlocked('.', out);
    putc_unlocked((int)('0' + f / 100), out);
    putc_unlocked((int)('0' + f / 10 % 10), out);
    putc_unlocked((int)('0' + f % 10), out);
}

/* "FILE:L:C" of [op]: its own file location, else the op's position. */
static void op_loc(char *buf, size_t cap, const Op *op)
{
    const Loc *l = op->loc;
    for (int d = 0; l && d < 16 && l->kind != LOC_FILE; d++) {
        if (l->kind == LOC_NAME) l = l->child;
        else if (l->kind == LOC_CALLSITE) l = l->callee;
        else if (l->kind == LOC_FUSED && l->nitems > 0) l = l->items[0];
        else l = NULL;
    }
    if (l && l->kind == LOC_FILE) snprintf(buf, cap, "%s:%d:%d", l->file, l->line, l->col);
    else snprintf(buf, cap, "%d:%d", op->line, op->col);
}

/* "@f", or "region of 'tfrt.if' in @f". */
static void body_label(char *buf, size_t cap, const Block *b)
{
    const char *fn = b && b->func && b->func->name ? b->func->name : "?";
    if (b && b->parent_op) snprintf(buf, cap, "region of '%s' in @%s", b->parent_op->name, fn);
    else snprintf(buf, cap, "@%s", fn);
}

static void common(FILE *out, const char *ph, int tid, int64_t ts)
{
    fputs("{\"ph\":\"", out);
    fputs(ph, out);
    fputs("\",\"pid\":1,\"tid\":", out);
    put_u64(out, (uint64_t)tid);
    fputs(",\"ts\":", out);
    ts_us(out, ts);
}

bool trace_write_json(Trace *t, FILE *out, const char *title)
{
    pthread_mutex_lock(&t->mu);
    fputs("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"tfrun\",\"dropped_events\":", out);
    fprintf(out, "%zu},\n\"traceEvents\":[\n", t->dropped);
    fputs("{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":", out);
    char name[512];
    snprintf(name, sizeof name, "tfrun %s", title ? title : "");
    json_str(out, name);
    fputs("}}", out);
    for (int i = 0; i < t->nthr; i++) {
        fprintf(out, ",\n{\"ph\":\"M\",\"pid\":1,\"tid\":%d,\"name\":\"thread_name\",\"args\":{\"name\":",
                t->thr[i].tid);
        if (t->thr[i].tid == 1) snprintf(name, sizeof name, "main");
        else snprintf(name, sizeof name, "thread %d", t->thr[i].tid);
        json_str(out, name);
        fputs("}}", out);
    }
    char loc[512], label[1200];
    for (size_t i = 0; i < t->nev; i++) {
        const Ev *e = &t->ev[i];
        fputs(",\n", out);
        switch (e->kind) {
        case EV_KERNEL:
            common(out, "X", e->tid, e->ts);
            fputs(",\"dur\":", out);
            ts_us(out, e->dur);
            fputs(",\"cat\":\"kernel\",\"name\":", out);
            json_str(out, e->op->name);
            op_loc(loc, sizeof loc, e->op);
            fputs(",\"args\":{\"at\":", out);
            json_str(out, loc);
            if (e->text) {
                fputs(",\"results\":", out);
                json_str(out, e->text);
            }
            fputs("}}", out);
            break;
        case EV_STRETCH:
            common(out, "X", e->tid, e->ts);
            fputs(",\"dur\":", out);
            ts_us(out, e->dur);
            fputs(",\"cat\":\"invocation\",\"name\":", out);
            body_label(label, sizeof label, e->body);
            json_str(out, label);
            fprintf(out, ",\"args\":{\"invocation\":%llu", (unsigned long long)e->id);
            if (e->op) {
                op_loc(loc, sizeof loc, e->op);
                snprintf(label, sizeof label, "%s at %s", e->op->name, loc);
                fputs(",\"started by\":", out);
                json_str(out, label);
            }
            fputs("}}", out);
            break;
        case EV_RUN:
            common(out, "X", e->tid, e->ts);
            fputs(",\"dur\":", out);
            ts_us(out, e->dur);
            fputs(",\"cat\":\"driver\",\"name\":", out);
            json_str(out, e->text);
            fputs("}", out);
            break;
        case EV_FLOW_OUT: case EV_FLOW_IN:
            common(out, e->kind == EV_FLOW_OUT ? "s" : "f", e->tid, e->ts);
            fprintf(out, ",\"cat\":\"flow\",\"name\":\"value\",\"id\":%llu%s}", (unsigned long long)e->id,
                    e->kind == EV_FLOW_IN ? ",\"bp\":\"e\"" : "");
            break;
        case EV_WAKE: {
            common(out, "i", e->tid, e->ts);
            fputs(",\"s\":\"t\",\"cat\":\"wake\",\"name\":", out);
            const Value *v = e->val;
            if (v->name) snprintf(label, sizeof label, "%s%s resolved", v->name[0] == '%' ? "" : "%", v->name);
            else snprintf(label, sizeof label, "a value resolved");
            json_str(out, label);
            fputs("}", out);
            break;
        }
        }
    }
    fputs("\n]}\n", out);
    pthread_mutex_unlock(&t->mu);
    return fflush(out) == 0 && !ferror(out);
}

static int cmp_op(const void *a, const void *b)
{
    const OpStat *x = *(const OpStat *const *)a, *y = *(const OpStat *const *)b;
    if (x->self != y->self) return x->self > y->self ? -1 : 1;
    return strcmp(x->name, y->name);
}

static int cmp_op_count(const void *a, const void *b)
{
    const OpStat *x = *(const OpStat *const *)a, *y = *(const OpStat *const *)b;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    return strcmp(x->name, y->name);
}

static const char *fn_name(const FnStat *f) { return f->body->func ? f->body->func->name : ""; }

static int cmp_fn(const void *a, const void *b)
{
    const FnStat *x = *(const FnStat *const *)a, *y = *(const FnStat *const *)b;
    if (x->total != y->total) return x->total > y->total ? -1 : 1;
    return strcmp(fn_name(x), fn_name(y));
}

static int cmp_fn_count(const void *a, const void *b)
{
    const FnStat *x = *(const FnStat *const *)a, *y = *(const FnStat *const *)b;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    return strcmp(fn_name(x), fn_name(y));
}

static void row(FILE *out, const char *name, long count, int64_t total, int64_t run)
{
    double ms = (double)total / 1e6;
    double mean = count ? (double)total / 1e3 / (double)count : 0;
    double share = run > 0 ? 100.0 * (double)total / (double)run : 0;
    fprintf(out, "  %-32s %12ld %12.3f %10.3f %6.1f%%\n", name, count, ms, mean, share);
}

void trace_print_profile(Trace *t, FILE *out, bool by_count)
{
    pthread_mutex_lock(&t->mu);
    int64_t run = t->run_total;
    fprintf(out, "--- Profile: %.3f ms of wall time in the functions the driver ran\n", (double)run / 1e6);
    fprintf(out, "  %-32s %12s %12s %10s %7s\n", "op", "executions", "self ms", "mean us", "share");
    const OpStat **os = xmalloc(sizeof *os * (t->ocount + 1));
    size_t n = 0;
    for (size_t i = 0; i < t->ocap; i++)
        if (t->ops[i].name) os[n++] = &t->ops[i];
    if (n > 1) qsort(os, n, sizeof *os, by_count ? cmp_op_count : cmp_op);
    for (size_t i = 0; i < n; i++) row(out, os[i]->name, os[i]->count, os[i]->self, run);
    free(os);
    fprintf(out, "  %-32s %12s %12s %10s %7s\n", "function", "invocations", "total ms", "mean us", "share");
    FnStat **fs = xmalloc(sizeof *fs * (size_t)(t->nfns + 1));
    if (t->nfns > 0) memcpy(fs, t->fns, sizeof *fs * (size_t)t->nfns);
    if (t->nfns > 1) qsort(fs, (size_t)t->nfns, sizeof *fs, by_count ? cmp_fn_count : cmp_fn);
    char label[300];
    for (int i = 0; i < t->nfns; i++) {
        body_label(label, sizeof label, fs[i]->body);
        row(out, label, fs[i]->count, fs[i]->total, run);
    }
    free(fs);
    pthread_mutex_unlock(&t->mu);
}

long trace_op_count(Trace *t, const char *name)
{
    long c = 0;
    pthread_mutex_lock(&t->mu);
    for (size_t i = 0; i < t->ocap; i++)
        if (t->ops[i].name && !strcmp(t->ops[i].name, name)) c += t->ops[i].count;
    pthread_mutex_unlock(&t->mu);
    return c;
}

long trace_func_count(Trace *t, const char *name)
{
    long c = 0;
    pthread_mutex_lock(&t->mu);
    for (int i = 0; i < t->nfns; i++) {
        const Func *f = t->fns[i]->body->func;
        if (f && f->name && !strcmp(f->name, name)) c += t->fns[i]->count;
    }
    pthread_mutex_unlock(&t->mu);
    return c;
}
