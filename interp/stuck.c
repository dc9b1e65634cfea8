/*
** stuck.c — work that never ran (interp/stuck.h): the host's set of
** waiting frames, parked invocations, and the report with its chain of
** causes.
**
** The set is an open-addressing table of Frame pointers and the parks a
** list, both under one mutex per host (StuckSet), made when first needed.
** Neither is on the path of a run that does not wait: a frame joins the
** set only when it registers a continuation on an unavailable value
** (interp/exec.c's produced()), once; a park only when a kernel queues
** an invocation on a busy resource.
**
** The report reads frames after the request quiesced: a kernel k of frame
** f ran iff its arrival count reached what it waits for (fdone, need;
** interp/exec_int.h), and an operand is there iff its register holds a
** resolved value. A value that is not there was either never made (its
** producer did not run: follow what the producer waits for), or made
** unavailable by a kernel that ran (follow what that kernel started:
** frames and parks whose call chain passes through it), or passed in by
** the caller (follow the caller's frame).
*/
#include "base/alloc.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "interp/exec_int.h"
#include "interp/stuck.h"

struct ExecPark {
    Host *host;
    const RequestContext *rq;
    const Op *op;              /* the kernel that queued the invocation */
    CallSite *site;            /* its call chain (one reference) */
    const char *what;
    const void *resource;
    const Op *holder_op;       /* the kernel whose invocation holds it */
    CallSite *holder_site;     /* that kernel's chain (one reference) */
    ExecPark *prev, *next;
};

/* The host's set, made on first use. */
static StuckSet *set_make(Host *h);
static inline StuckSet *set_of(Host *h)
{
    StuckSet *s = __atomic_load_n(&((HostPriv *)h)->stuck, __ATOMIC_ACQUIRE);
    return s ? s : set_make(h);
}

static __attribute__((noinline)) StuckSet *set_make(Host *h)
{
    HostPriv *hp = (HostPriv *)h;
    StuckSet *s;
    pthread_mutex_lock(&hp->mu);
    s = hp->stuck;
    if (!s) {
        s = xcalloc(1, sizeof *s);
        pthread_mutex_init(&s->mu, NULL);
        __atomic_store_n(&hp->stuck, s, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&hp->mu);
    return s;
}

/* Room in [s] for one more entry. */
static void set_room(StuckSet *s)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 64;
        s->v = xrealloc(s->v, sizeof *s->v * (size_t)s->cap);
    }
}

/* The waiting frames (interp/exec_int.h): what the inline paths leave —
** a multi-threaded queue (locked), the first use, a full array. */
void stuck_watch_slow(Host *h, Frame *f)
{
    StuckSet *s = set_of(h);
    if (!f->st) pthread_mutex_lock(&s->mu);
    if (atomic_load_explicit(&f->watch_at, memory_order_relaxed) < 0) {
        set_room(s);
        atomic_store_explicit(&f->watch_at, s->n, memory_order_relaxed);
        s->v[s->n++] = f;
    }
    if (!f->st) pthread_mutex_unlock(&s->mu);
}

void stuck_unwatch_slow(Host *h, Frame *f)
{
    StuckSet *s = set_of(h);
    if (!f->st) pthread_mutex_lock(&s->mu);
    stuck_set_take(s, atomic_load_explicit(&f->watch_at, memory_order_relaxed));
    atomic_store_explicit(&f->watch_at, -1, memory_order_relaxed);
    if (!f->st) pthread_mutex_unlock(&s->mu);
}

/* The frames of interp/xe.c (single-threaded queue: no lock), tagged:
** the first use, or a full array (the rest is exec_int.h's). */
void stuck_watch_xe_slow(Host *h, void *xf)
{
    StuckSet *s = set_of(h);
    set_room(s);
    *xe_watch_slot(xf) = s->n;
    s->v[s->n++] = (Frame *)((uintptr_t)xf | 1u);
}


static void park_free(ExecPark *p)
{
    exec_site_release(p->site);
    exec_site_release(p->holder_site);
    free(p);
}

void stuck_free(Host *h)
{
    HostPriv *hp = (HostPriv *)h;
    StuckSet *s = hp->stuck;
    if (!s) return;
    for (ExecPark *p = s->parks, *n; p; p = n) {
        n = p->next;
        park_free(p);
    }
    free(s->v);
    free(s->done);
    pthread_mutex_destroy(&s->mu);
    free(s);
    hp->stuck = NULL;
}

/* {=====================================================================
** Parks (interp/kernel_abi.h)
** ====================================================================== */

ExecPark *exec_park(const ExecCtx *waiter, const Op *op, const char *what, const void *resource,
                    const Op *holder_op, const ExecCtx *holder)
{
    ExecPark *p = xcalloc(1, sizeof *p);
    p->host = waiter->host;
    p->rq = waiter->rq;
    p->op = op;
    p->site = exec_chain_sites(waiter);
    p->what = what;
    p->resource = resource;
    p->holder_op = holder_op;
    p->holder_site = holder ? exec_chain_sites(holder) : NULL;
    StuckSet *s = set_of(waiter->host);
    pthread_mutex_lock(&s->mu);
    p->next = s->parks;
    if (s->parks) s->parks->prev = p;
    s->parks = p;
    pthread_mutex_unlock(&s->mu);
    return p;
}

void exec_unpark(Host *h, ExecPark *p)
{
    if (!p) return;
    StuckSet *s = set_of(h);
    pthread_mutex_lock(&s->mu);
    if (p->prev) p->prev->next = p->next;
    else s->parks = p->next;
    if (p->next) p->next->prev = p->prev;
    pthread_mutex_unlock(&s->mu);
    park_free(p);
}

void exec_park_handoff(Host *h, const void *resource, const Op *holder_op, const ExecCtx *holder)
{
    StuckSet *s = set_of(h);
    pthread_mutex_lock(&s->mu);
    for (ExecPark *p = s->parks; p; p = p->next) {
        if (p->resource != resource) continue;
        exec_site_release(p->holder_site);
        p->holder_op = holder_op;
        p->holder_site = holder ? exec_chain_sites(holder) : NULL;
    }
    pthread_mutex_unlock(&s->mu);
}

/* {=====================================================================
** Reading frames
** ====================================================================== */

/* Whether kernel [op] (an op of f's body) ran: all it waits for arrived. */
static bool ran(const Frame *f, const Op *op)
{
    const Plan *p = f->plan;
    int k = op->index + 1;
    if (k <= 0 || k >= p->nkern) return true;
    int need = p->need[k] & NEED_MANY;
    if (need == NEED_MANY) need = op->noperands;
    return atomic_load_explicit(&fdone(f)[k], memory_order_acquire) >= need;
}

/* Whether value [v] of f's body is there: its register holds a resolved value. */
static bool present(const Frame *f, const Value *v)
{
    AsyncValue *a = atomic_load_explicit(&fregs(f)[v->index], memory_order_acquire);
    return a && av_is_resolved(a);
}

/* The operand [op] waits for that is not there (the first one; for a
** non-strict kernel its first operand), or NULL. */
static const Value *missing_operand(const Frame *f, const Op *op)
{
    bool nonstrict = (f->plan->need[op->index + 1] & NEED_NONSTRICT) != 0;
    int n = nonstrict && op->noperands > 0 ? 1 : op->noperands;
    for (int j = 0; j < n; j++)
        if (!present(f, op->operands[j])) return op->operands[j];
    return NULL;
}

/* Does the chain [s] pass through a call made by [op] from an invocation
** whose chain is [parent] (any parent when [any])? Returns the depth of
** that link below [s] (0: s itself), or -1. */
static int chain_through(const CallSite *s, const Op *op, const CallSite *parent, bool any)
{
    for (int d = 0; s; s = s->parent, d++)
        if (s->op == op && (any || s->parent == parent)) return d;
    return -1;
}

/* {=====================================================================
** The report
** ====================================================================== */

#define MAX_ERRORS 10
#define MAX_DEPTH 24

typedef struct Rep {
    Host *h;
    DiagSink *d;
    const RequestContext *rq;      /* NULL: any */
    Frame **frames;                /* the waiting frames of the request */
    int nframes;
    ExecPark **parks;
    int nparks;
    const ExecPark **seen;         /* parks explained in this chain (cycles) */
    int nseen, capseen;
    const Op *made[MAX_DEPTH + 1]; /* kernels explain_made followed (cycles) */
    int nmade;
    int notes;
    bool fresh;                    /* rq NULL: only requests not reported on */
} Rep;

static const char *module_file(const Host *h) { return h->module ? h->module->filename : NULL; }

static void emit_at(Rep *r, DiagKind k, const Op *op, const char *msg)
{
    if (op && op->loc) diag_emit_locf(r->d, k, op->loc, "%s", msg);
    else if (op) diag_emitf(r->d, k, module_file(r->h), op->line, op->col, "%s", msg);
    else diag_emit(r->d, k, NULL, 0, 0, msg);
    if (k == DIAG_NOTE) r->notes++;
}

static void note(Rep *r, const Op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void note(Rep *r, const Op *op, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    emit_at(r, DIAG_NOTE, op, buf);
}

/* "%name" of a value (its name as written, else "%<n>"). */
static const char *vname(const Value *v, char *buf, size_t cap)
{
    if (v->name && v->name[0] == '%') snprintf(buf, cap, "%s", v->name);
    else if (v->name) snprintf(buf, cap, "%%%s", v->name);
    else if (v->def) snprintf(buf, cap, "result #%d", v->result_index);
    else snprintf(buf, cap, "argument #%d", v->result_index);
    return buf;
}

/* "@f" or "the region of 'tfrt.if'" for a body. */
static const char *body_name(const Block *b, char *buf, size_t cap)
{
    if (b->parent_op) snprintf(buf, cap, "the region of '%s'", b->parent_op->name);
    else snprintf(buf, cap, "@%s", b->func && b->func->name ? b->func->name : "?");
    return buf;
}

/* The function [op] invokes, for messages ("@f"), or NULL. */
static const Func *op_callee_func(const Host *h, const Op *op)
{
    if (!h->module) return NULL;
    if (op->callee) return ir_module_func(h->module, op->callee);
    for (int i = 0; i < op->nattrs; i++) {
        const Attr *a = op->attrs[i].value;
        if (a && a->kind == ATTR_SYMBOL) return ir_module_func(h->module, a->u.str.s);
    }
    return NULL;
}

static void seen_push(Rep *r, const ExecPark *p)
{
    if (r->nseen == r->capseen) {
        r->capseen = r->capseen ? r->capseen * 2 : 8;
        r->seen = xrealloc(r->seen, sizeof *r->seen * (size_t)r->capseen);
    }
    r->seen[r->nseen++] = p;
}

static bool seen_has(const Rep *r, const ExecPark *p)
{
    for (int i = 0; i < r->nseen; i++)
        if (r->seen[i] == p) return true;
    return false;
}

/* The operand of [op] that became argument [arg] of body [b], which [op]
** invokes (the arguments are its last operands), or NULL. */
static const Value *passed_for(const Op *op, const Block *b, const Value *arg)
{
    int off = op->noperands - b->nargs;
    return off >= 0 && arg->result_index + off < op->noperands ? op->operands[arg->result_index + off] : NULL;
}

/* A waiting frame of body [b] whose call chain is [site] (any when
** [any]), or NULL. */
static const Frame *frame_of(const Rep *r, const Block *b, const CallSite *site, bool any)
{
    for (int i = 0; i < r->nframes; i++)
        if (r->frames[i]->plan->block == b && (any || r->frames[i]->ctx.site == site)) return r->frames[i];
    return NULL;
}

static void explain_value(Rep *r, const Frame *f, const Value *v, int depth);

/* [passed], which a kernel of body [b] passed before it was produced, in
** the frame of [b] whose chain is [site] (any when [any]): explained there,
** or, with no such frame left, from the op that was to make it. */
static void explain_passed(Rep *r, const Value *passed, const Block *b, const CallSite *site, bool any, int depth)
{
    const Frame *g = frame_of(r, b, site, any);
    if (g) {
        explain_value(r, g, passed, depth + 1);
        return;
    }
    char pn[128];
    if (passed->def) note(r, passed->def, "%s is a result of '%s', which was never produced",
                          vname(passed, pn, sizeof pn), passed->def->name);
}
static void explain_made(Rep *r, const Op *p, const CallSite *site, bool any, const Value *v, int depth);
static bool explain_invocation(Rep *r, const Op *op, const CallSite *site, bool any, int result, int depth);

/* Why parked invocation [p] never starts. */
static void explain_park(Rep *r, const ExecPark *p, int depth)
{
    char vn[128], bn[160];
    const Value *res = p->op->noperands > 0 ? p->op->operands[0] : NULL;
    if (res) vname(res, vn, sizeof vn);
    else snprintf(vn, sizeof vn, "its operand");
    if (seen_has(r, p)) {
        note(r, p->op, "'%s' waits for the %s %s: the invocations above wait for each other "
             "(a cycle), so none of them ever finishes", p->op->name, p->what, vn);
        return;
    }
    seen_push(r, p);
    if (!p->holder_op) {
        note(r, p->op, "'%s' waits for the %s %s, which is never released", p->op->name, p->what, vn);
        return;
    }
    /* The holder's invocation is the link (holder_op, holder_site): does
    ** the waiter's chain pass through it? Then it waits for itself. */
    const Func *hf = op_callee_func(r->h, p->holder_op);
    snprintf(bn, sizeof bn, "%s%s", hf ? "@" : "", hf ? hf->name : "an invocation");
    if (chain_through(p->site, p->holder_op, p->holder_site, false) >= 0) {
        note(r, p->op, "'%s' waits for the %s %s, which the invocation of %s it runs in holds: "
             "it waits for itself", p->op->name, p->what, vn, bn);
        note(r, p->holder_op, "that invocation of %s took the %s here", bn, p->what);
        return;
    }
    note(r, p->op, "'%s' waits for the %s %s, which another invocation (of %s) holds",
         p->op->name, p->what, vn, bn);
    note(r, p->holder_op, "that invocation took the %s here, and never finishes", p->what);
    if (depth < MAX_DEPTH) explain_invocation(r, p->holder_op, p->holder_site, false, -1, depth + 1);
}

/* The first thing frame [f] waits for: a missing result of its return
** ([result] >= 0: that one), else a kernel that never ran. */
static void explain_frame(Rep *r, const Frame *f, int result, int depth)
{
    const Plan *p = f->plan;
    const Op *ret = p->ret;
    if (ret) {
        for (int i = 0; i < ret->noperands; i++) {
            if (result >= 0 && i != result) continue;
            const Value *v = ret->operands[i];
            if (!present(f, v)) {
                explain_value(r, f, v, depth);
                return;
            }
        }
    }
    for (int k = 1; k < p->nkern; k++) {
        const Op *op = p->ops[k - 1];
        if (ran(f, op)) continue;
        const Value *v = missing_operand(f, op);
        if (!v) continue;
        char vn[128], bn[160];
        note(r, op, "in %s, '%s' never ran: it waits for %s", body_name(p->block, bn, sizeof bn), op->name,
             vname(v, vn, sizeof vn));
        explain_value(r, f, v, depth + 1);
        return;
    }
}

/* Why the invocation that [op] started from an invocation with chain
** [site] (any chain when [any]) never returns its result [result] (-1:
** any). False when nothing of it is left (then the caller says so). */
static bool explain_invocation(Rep *r, const Op *op, const CallSite *site, bool any, int result, int depth)
{
    /* A frame it started directly (a function called by [op], or one of
    ** [op]'s regions), then a park inside it, then a frame deeper in it. */
    const Frame *best = NULL;
    int bestd = 1 << 30;
    for (int i = 0; i < r->nframes; i++) {
        const Frame *g = r->frames[i];
        const Block *b = g->plan->block;
        int d;
        if (b->parent_op == op && (any || g->ctx.site == site)) d = 0;
        else if (!b->parent_op && g->ctx.site && g->ctx.site->op == op &&
                 (any || g->ctx.site->parent == site)) d = 0;
        else if ((d = chain_through(g->ctx.site, op, site, any)) >= 0) d += 1;
        else continue;
        if (d < bestd) { best = g; bestd = d; }
    }
    if (best && bestd == 0) {
        explain_frame(r, best, result, depth + 1);
        return true;
    }
    for (int i = 0; i < r->nparks; i++) {
        const ExecPark *p = r->parks[i];
        if (chain_through(p->site, op, site, any) >= 0 || (p->op == op && (any || p->site == site))) {
            explain_park(r, p, depth + 1);
            return true;
        }
    }
    if (best) {
        explain_frame(r, best, -1, depth + 1);
        return true;
    }
    return false;
}

/* Why value [v], which kernel [p] made (it ran) in an invocation with
** chain [site] (any when [any]), is not available: what did [p] start? */
static void explain_made(Rep *r, const Op *p, const CallSite *site, bool any, const Value *v, int depth)
{
    char vn[128];
    vname(v, vn, sizeof vn);
    if (r->nmade < MAX_DEPTH) r->made[r->nmade++] = p;
    const Func *callee = op_callee_func(r->h, p);
    if (callee || p->nregions > 0) {
        if (callee) note(r, p, "%s is a result of '%s', whose invocation of @%s never returns it", vn,
                         p->name, callee->name);
        else note(r, p, "%s is a result of '%s', whose region never returns it", vn, p->name);
        if (explain_invocation(r, p, site, any, v->result_index, depth)) return;
        /* Nothing of it is left: it returned a value made unavailable by
        ** a kernel of its body, which ran. Follow that kernel. */
        const Block *body = callee ? callee->body : p->regions[0];
        const Op *ret = body && body->nops ? body->ops[body->nops - 1] : NULL;
        const Value *w = ret && is_return(ret) && v->result_index < ret->noperands
                             ? ret->operands[v->result_index] : NULL;
        if (w && w->def && depth < MAX_DEPTH) {
            char wn[128], bn[160];
            bool cycle = false;
            for (int i = 0; i < r->nmade; i++) cycle |= r->made[i] == w->def;
            note(r, ret, "%s returns %s, which '%s' left unavailable%s", body_name(body, bn, sizeof bn),
                 vname(w, wn, sizeof wn), w->def->name,
                 cycle ? ": it waits for itself (a cycle), so it is never produced" : "");
            if (!cycle && r->nmade < MAX_DEPTH) {
                r->made[r->nmade++] = p;
                explain_made(r, w->def, NULL, true, w, depth + 1);
            }
            return;
        }
        if (w && !w->def && body && depth < MAX_DEPTH) {
            /* It returned its argument, which [p] passed before it was
            ** produced: follow that operand in the frame [p] ran in. */
            const Value *passed = passed_for(p, body, w);
            if (passed) {
                char wn[128], bn[160], pn[128];
                note(r, ret, "%s returns its argument %s, passed by '%s' as %s before it was produced",
                     body_name(body, bn, sizeof bn), vname(w, wn, sizeof wn), p->name,
                     vname(passed, pn, sizeof pn));
                explain_passed(r, passed, p->parent, site, any, depth);
                return;
            }
        }
        note(r, p, "nothing of that invocation is left to run: what it returned is never produced");
        return;
    }
    note(r, p, "'%s' returned %s unavailable, and nothing left to run will produce it: "
         "an async value no kernel produces", p->name, vn);
}

/* Why value [v] of frame [f] is not there. */
static void explain_value(Rep *r, const Frame *f, const Value *v, int depth)
{
    char vn[128], bn[160], wn[128];
    if (depth > MAX_DEPTH) {
        note(r, NULL, "... (the chain of causes goes on)");
        return;
    }
    const Block *b = f->plan->block;
    if (!v->def) {
        /* An argument the caller passed unavailable. */
        const Op *site = hooks_site(b, &f->ctx);
        vname(v, vn, sizeof vn);
        body_name(b, bn, sizeof bn);
        if (!site) {
            note(r, NULL, "%s of %s was never produced by its caller", vn, bn);
            return;
        }
        const Value *passed = passed_for(site, b, v);
        note(r, site, "%s of %s is %s, which '%s' passed before it was produced", vn, bn,
             passed ? vname(passed, wn, sizeof wn) : "an operand", site->name);
        if (!passed) return;
        /* The caller's frame: the one whose body holds [site] and whose
        ** chain is the caller's. */
        const CallSite *want = b->parent_op ? f->ctx.site : (f->ctx.site ? f->ctx.site->parent : NULL);
        explain_passed(r, passed, site->parent, want, false, depth);
        return;
    }
    const Op *p = v->def;
    vname(v, vn, sizeof vn);
    if (!ran(f, p)) {
        const Value *w = missing_operand(f, p);
        if (!w) {
            note(r, p, "%s is a result of '%s', which never ran", vn, p->name);
            return;
        }
        note(r, p, "%s is a result of '%s', which never ran: it waits for %s", vn, p->name,
             vname(w, wn, sizeof wn));
        explain_value(r, f, w, depth + 1);
        return;
    }
    explain_made(r, p, f->ctx.site, false, v, depth);
}

/* {=====================================================================
** Effects
** ====================================================================== */

typedef struct FnMemo { const Func **fn; signed char *val; int n, cap; } FnMemo;

static bool block_has_effect(const Host *h, const Block *b, FnMemo *m, int depth);

static bool func_has_effect(const Host *h, const Func *f, FnMemo *m, int depth)
{
    if (!f || !f->body) return f && f->is_native;
    for (int i = 0; i < m->n; i++)
        if (m->fn[i] == f) return m->val[i] != 0;
    if (m->n == m->cap) {
        m->cap = m->cap ? m->cap * 2 : 16;
        m->fn = xrealloc(m->fn, sizeof *m->fn * (size_t)m->cap);
        m->val = xrealloc(m->val, (size_t)m->cap);
    }
    int at = m->n++;
    m->fn[at] = f;
    m->val[at] = 0;    /* recursion: no effect unless found elsewhere */
    bool e = block_has_effect(h, f->body, m, depth + 1);
    m->val[at] = e;
    return e;
}

/* Whether [op] has an effect: it prints, writes an operand, has effects
** the analysis does not model, or invokes a body that has one. */
static bool op_has_effect(const Host *h, const Op *op, FnMemo *m, int depth)
{
    if (!op->info) return true;
    unsigned fx = op->info->effects;
    if (fx & (FX_OUT | FX_OPAQUE)) return true;
    if (FX_W_BITS(fx)) return true;
    if (depth > IR_MAX_NESTING) return false;
    for (int i = 0; i < op->nregions; i++)
        if (block_has_effect(h, op->regions[i], m, depth + 1)) return true;
    if (op->callee && h->module && func_has_effect(h, ir_module_func(h->module, op->callee), m, depth))
        return true;
    for (int i = 0; i < op->nattrs && h->module; i++) {
        const Attr *a = op->attrs[i].value;
        if (!a) continue;
        if (a->kind == ATTR_SYMBOL && func_has_effect(h, ir_module_func(h->module, a->u.str.s), m, depth))
            return true;
        if (a->kind == ATTR_ARRAY)
            for (int j = 0; j < a->u.arr.n; j++)
                if (a->u.arr.elems[j]->kind == ATTR_SYMBOL &&
                    func_has_effect(h, ir_module_func(h->module, a->u.arr.elems[j]->u.str.s), m, depth))
                    return true;
    }
    return false;
}

static bool block_has_effect(const Host *h, const Block *b, FnMemo *m, int depth)
{
    for (int i = 0; i < b->nops; i++)
        if (op_has_effect(h, b->ops[i], m, depth)) return true;
    return false;
}

/* {=====================================================================
** Entry points
** ====================================================================== */

static bool reported(const StuckSet *s, const RequestContext *rq)
{
    for (int i = 0; i < s->ndone; i++)
        if (s->done[i] == rq) return true;
    return false;
}

static void mark_reported(StuckSet *s, const RequestContext *rq)
{
    if (!rq || reported(s, rq)) return;
    if (s->ndone == s->capdone) {
        s->capdone = s->capdone ? s->capdone * 2 : 8;
        s->done = xrealloc(s->done, sizeof *s->done * (size_t)s->capdone);
    }
    s->done[s->ndone++] = rq;
}

static bool wanted(const Rep *r, const StuckSet *s, const RequestContext *rq)
{
    if (r->rq) return rq == r->rq;
    return !r->fresh || !reported(s, rq);
}

static void collect(Rep *r)
{
    StuckSet *s = set_of(r->h);
    pthread_mutex_lock(&s->mu);
    r->frames = xmalloc(sizeof(Frame *) * (size_t)(s->n + 1));
    for (int i = 0; i < s->n; i++) {
        Frame *f = s->v[i];
        /* A frame of interp/xe.c: read through a view (freed by rep_free). */
        if (stuck_is_xe(f)) f = xe_frame_view(stuck_xe_frame(f));
        if (wanted(r, s, f->ctx.rq)) r->frames[r->nframes++] = f;
        else if (f != s->v[i]) xe_frame_view_free(f);
    }
    int np = 0;
    for (ExecPark *p = s->parks; p; p = p->next) np++;
    r->parks = xmalloc(sizeof(ExecPark *) * (size_t)(np + 1));
    for (ExecPark *p = s->parks; p; p = p->next)
        if (wanted(r, s, p->rq)) r->parks[r->nparks++] = p;
    pthread_mutex_unlock(&s->mu);
}

static void rep_free(Rep *r)
{
    for (int i = 0; i < r->nframes; i++)
        if (atomic_load_explicit(&r->frames[i]->watch_at, memory_order_relaxed) == XE_VIEW) xe_frame_view_free(r->frames[i]);
    free(r->frames);
    free(r->parks);
    free(r->seen);
}

typedef struct Stuck { const Frame *f; const Op *op; int depth; } Stuck;

static int stuck_cmp(const void *a, const void *b)
{
    const Stuck *x = a, *y = b;
    if (x->depth != y->depth) return x->depth < y->depth ? -1 : 1;
    if (x->op->line != y->op->line) return x->op->line < y->op->line ? -1 : 1;
    if (x->op->col != y->op->col) return x->op->col < y->op->col ? -1 : 1;
    return 0;
}

/* The `called from` notes of frame [f]'s chain, innermost first. */
static void called_from(Rep *r, const Frame *f)
{
    int i = 0;
    for (const CallSite *s = f->ctx.site; s; s = s->parent, i++) {
        if (i == EXEC_CALL_NOTES) {
            int more = 0;
            for (const CallSite *t = s; t; t = t->parent) more++;
            note(r, NULL, "... %d more call%s", more, more == 1 ? "" : "s");
            return;
        }
        emit_at(r, DIAG_NOTE, s->op, "called from");
    }
}

int stuck_report(Host *h, const RequestContext *rq, const Func *fn, AsyncValue *const *results,
                 int nresults, DiagSink *d)
{
    Rep r = { .h = h, .d = d ? d : h->diag, .rq = rq, .fresh = true };
    if (!r.d) return 0;
    int nres_stuck = 0;
    for (int i = 0; i < nresults; i++)
        if (results[i] && !av_is_resolved(results[i])) nres_stuck++;
    HostPriv *hp = (HostPriv *)h;
    if (!nres_stuck && !__atomic_load_n(&hp->stuck, __ATOMIC_ACQUIRE)) return 0;
    collect(&r);
    FnMemo memo = { 0 };
    Stuck *list = NULL;
    int n = 0, cap = 0;
    for (int i = 0; i < r.nframes; i++) {
        const Frame *f = r.frames[i];
        const Plan *p = f->plan;
        for (int k = 1; k < p->nkern; k++) {
            const Op *op = p->ops[k - 1];
            if (ran(f, op) || !op_has_effect(h, op, &memo, 0)) continue;
            if (n == cap) {
                cap = cap ? cap * 2 : 16;
                list = xrealloc(list, sizeof *list * (size_t)cap);
            }
            list[n++] = (Stuck){ f, op, exec_ctx_depth(&f->ctx) };
        }
    }
    if (n > 1) qsort(list, (size_t)n, sizeof *list, stuck_cmp);
    if (h->out) fflush(h->out);
    diag_lock(r.d);
    int errors = 0;
    char buf[1024], vn[128];
    for (int i = 0; i < n && errors < MAX_ERRORS; i++) {
        const Frame *f = list[i].f;
        const Op *op = list[i].op;
        const Value *v = missing_operand(f, op);
        if (v) snprintf(buf, sizeof buf, "'%s' never ran: it waits for %s, which is never produced", op->name,
                        vname(v, vn, sizeof vn));
        else snprintf(buf, sizeof buf, "'%s' never ran", op->name);
        emit_at(&r, DIAG_ERROR, op, buf);
        errors++;
        called_from(&r, f);
        r.nseen = r.nmade = 0;
        if (v) explain_value(&r, f, v, 0);
    }
    /* The results the driver waited for in vain. */
    const Op *ret = fn && fn->body && fn->body->nops ? fn->body->ops[fn->body->nops - 1] : NULL;
    for (int i = 0; i < nresults && errors < MAX_ERRORS; i++) {
        if (!results[i] || av_is_resolved(results[i])) continue;
        snprintf(buf, sizeof buf, "result #%d of '%s' is never produced", i, fn ? fn->name : "?");
        emit_at(&r, DIAG_ERROR, ret, buf);
        errors++;
        r.nseen = r.nmade = 0;
        if (ret && i < ret->noperands) {
            /* Its frame may still wait (then explain from it), or be gone
            ** (then from the op that made the value). */
            const Value *v = ret->operands[i];
            const Frame *top = NULL;
            for (int j = 0; j < r.nframes && !top; j++)
                if (r.frames[j]->plan->block == fn->body && !r.frames[j]->ctx.site) top = r.frames[j];
            if (top && !present(top, v)) explain_value(&r, top, v, 0);
            else if (v->def && (!top || ran(top, v->def))) explain_made(&r, v->def, NULL, false, v, 0);
        }
    }
    int more = n + nres_stuck - errors;
    if (more > 0) note(&r, NULL, "%d more kernel%s and result%s never ran or were never produced", more,
                       more == 1 ? "" : "s", more == 1 ? "" : "s");
    diag_unlock(r.d);
    /* What stays stuck is not reported again by a later report without a
    ** request (tfrun run --replay's). */
    StuckSet *s = set_of(h);
    pthread_mutex_lock(&s->mu);
    mark_reported(s, rq);
    for (int i = 0; i < r.nframes; i++) mark_reported(s, r.frames[i]->ctx.rq);
    for (int i = 0; i < r.nparks; i++) mark_reported(s, r.parks[i]->rq);
    pthread_mutex_unlock(&s->mu);
    free(list);
    free(memo.fn);
    free(memo.val);
    rep_free(&r);
    return errors;
}

int stuck_explain(Host *h, const RequestContext *rq, const Op *op, int result, DiagSink *d)
{
    Rep r = { .h = h, .d = d ? d : h->diag, .rq = rq };
    if (!r.d || !op) return 0;
    collect(&r);
    diag_lock(r.d);
    if (!explain_invocation(&r, op, NULL, true, result, 0)) {
        if (op->nregions > 0 || op_callee_func(h, op))
            note(&r, op, "nothing of the invocation '%s' started is left to run", op->name);
        else
            note(&r, op, "'%s' returned an async value that nothing left to run will produce", op->name);
    }
    diag_unlock(r.d);
    rep_free(&r);
    return r.notes;
}

int stuck_nframes(Host *h, const RequestContext *rq)
{
    HostPriv *hp = (HostPriv *)h;
    if (!__atomic_load_n(&hp->stuck, __ATOMIC_ACQUIRE)) return 0;
    Rep r = { .h = h, .rq = rq };
    collect(&r);
    int n = r.nframes;
    rep_free(&r);
    return n;
}
