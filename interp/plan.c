/*
** plan.c — loading: every body of the module compiled into a Plan (the
** stream and operand count of every kernel, the users of values with many
** uses), the host that owns them, and exec_load()'s checks (unknown
** kernels, unregistered natives). interp/exec.c runs frames over the plans.
*/
#include "base/alloc.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "ir/module.h"
#include "interp/bigmem.h"
#include "interp/exec.h"
#include "interp/exec_int.h"
#include "interp/stream.h"
#include "interp/stuck.h"
#include "interp/vm.h"



/* The slot of [reg] in a table of [cap] entries (a free one if absent). */
static Fan *fan_slot(Fan *tab, int cap, int reg)
{
    unsigned i = fan_home(reg, cap);
    while (tab[i].reg >= 0 && tab[i].reg != reg) i = (i + 1) & (unsigned)(cap - 1);
    return &tab[i];
}

/* The entry of value [v] in the plan being built, created with room for
** all of its uses. */
static Fan *fan_add(Plan *p, const Value *v)
{
    if (2 * (p->nfan + 1) > p->fancap) {
        int cap = p->fancap ? 2 * p->fancap : 16;
        Fan *tab = xmalloc(sizeof(Fan) * (size_t)cap);
        for (int i = 0; i < cap; i++) tab[i].reg = -1;
        for (int i = 0; i < p->fancap; i++)
            if (p->fan[i].reg >= 0) *fan_slot(tab, cap, p->fan[i].reg) = p->fan[i];
        free(p->fan);
        p->fan = tab;
        p->fancap = cap;
    }
    Fan *e = fan_slot(p->fan, p->fancap, v->index);
    if (e->reg < 0) {
        e->reg = v->index;
        e->cap = e->cur = v->nuses;
        e->ks = big_alloc(sizeof(int) * (size_t)v->nuses, false);
        p->nfan++;
    }
    return e;
}

/* What plan_build gathers in the stream analysis' walk over the ops. */
typedef struct Gather {
    Plan *p;
    int zcap;
    const Value *lastv;   /* the value of the last fan entry used, and it */
    Fan *laste;
} Gather;

/* Appends [x] to the list [*v] of [*n] ints with room for [*cap]. */
static void list_add(int **v, int *n, int *cap, int x)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        int *nv = realloc(*v, sizeof(int) * (size_t)*cap);
        if (!nv) tf_out_of_memory();
        *v = nv;
    }
    (*v)[(*n)++] = x;
}

static void gather_op(void *ud, int i, const Op *op)
{
    Gather *g = ud;
    Plan *p = g->p;
    if (op->nregions) list_add(&p->rops, &p->nrops, &p->rcap, i);
    if (op->callee) list_add(&p->cops, &p->ncops, &p->ccap, i);
    if (op == p->ret) return;
    int k = i + 1;
    int n = op->noperands;
    bool ns = ir_op_nonstrict(op);
    p->need[k] = (uint8_t)((ns ? NEED_NONSTRICT | 1 : n == 0 ? 1 : n < NEED_MANY ? n : NEED_MANY));
    if (n == 0) list_add(&p->zero, &p->nzero, &g->zcap, k);
    /* Uses in source order, stored from the end: use-list order. */
    for (int j = 0; j < n; j++) {
        const Value *v = op->operands[j];
        if (v->nuses > FANOUT) {
            /* A value with many uses is usually used by op after op. */
            Fan *e = v == g->lastv ? g->laste : fan_add(p, v);
            e->ks[--e->cur] = k;
            g->lastv = v;
            g->laste = e;
        }
    }
}

/* Plan.ustart and Plan.users: every register's users in use-list order,
** the reverse of source order (the later op first; of one op, the later
** operand first), the return excluded. */
static void dense_users(Plan *p, const Block *b)
{
    int nregs = b->nvalues, nops = b->nops;
    int *ustart = xcalloc((size_t)nregs + 2, sizeof(int));
    int total = 0;
    for (int i = 0; i < nops; i++) {
        const Op *op = b->ops[i];
        if (op == p->ret) continue;
        for (int j = 0; j < op->noperands; j++) ustart[op->operands[j]->index + 1]++;
        total += op->noperands;
    }
    for (int r = 0; r < nregs; r++) ustart[r + 1] += ustart[r];
    int *users = xmalloc(sizeof(int) * (size_t)(total + 1));
    int *fill = xcalloc((size_t)nregs + 1, sizeof(int));
    for (int i = nops - 1; i >= 0; i--) {
        const Op *op = b->ops[i];
        if (op == p->ret) continue;
        for (int j = op->noperands - 1; j >= 0; j--) {
            int r = op->operands[j]->index;
            users[ustart[r] + fill[r]++] = i + 1;
        }
    }
    free(fill);
    p->ustart = ustart;
    p->users = users;
}

/* The plan of [b]. Under the fast schedule there is no stream analysis:
** every kernel is in stream 0, so ready kernels all run inline, depth-first
** (the last made ready first), and only work a kernel defers becomes a task. */
static Plan *plan_build(const Module *m, const Block *b, ExecSchedule mode)
{
    Plan *p = xcalloc(1, sizeof *p);
    p->block = b;
    p->ops = b->ops;
    p->nregs = b->nvalues;
    p->nargs = b->nargs;
    int nops = b->nops;
    p->nops = nops;
    const Op *ret = nops > 0 && is_return(b->ops[nops - 1]) ? b->ops[nops - 1] : NULL;
    int K = ret ? nops - 1 : nops;
    p->ret = ret;
    p->nkern = K + 1;
    /* code[k] = stream of op k-1: stream_ops writes op i's stream at
    ** code[i + 1] and R's at code[nops + 1]. need[] follows in the same
    ** block. */
    p->code_bytes = (sizeof(int) + 1) * (size_t)(nops + 2);
    p->code = big_alloc(p->code_bytes, false);
    p->need = (uint8_t *)(p->code + nops + 2);
    p->need[0] = 1;
    Gather g = { p, 0, NULL, NULL };
    if (mode == EXEC_EXPLORE) {
        /* Every kernel a stream of its own (1..nops), the pseudo kernel
        ** stream 0: dispatch makes each ready kernel one task. */
        for (int i = 0; i < nops; i++) {
            p->code[i + 1] = i + 1;
            gather_op(&g, i, b->ops[i]);
        }
        p->code[nops + 1] = 0;
        p->each_task = true;
    } else if (mode == EXEC_FAST || !stream_ops(m, b, p->code + 1, gather_op, &g)) {
        /* Fast, or out of memory for the analysis: one stream (the walk
        ** did not happen either). */
        memset(p->code, 0, sizeof(int) * (size_t)(nops + 2));
        for (int i = 0; i < nops; i++) gather_op(&g, i, b->ops[i]);
    }
    if (nops <= PLAN_DENSE_OPS) dense_users(p, b);
    p->pseudo_stream = p->code[nops + 1];
    p->code[0] = p->pseudo_stream;
    p->nresults = ret ? ret->noperands : 0;
    p->frame_size = sizeof(Frame) + sizeof(AsyncValue *) * (size_t)p->nregs +
                    sizeof(atomic_int) * (size_t)p->nkern;
    return p;
}

static void plan_free(Plan *p)
{
    if (!p) return;
    big_free(p->code, p->code_bytes);
    free(p->zero);
    free(p->rops);
    free(p->cops);
    free(p->callees);
    free(p->ustart);
    free(p->users);
    xe_plan_free(p->xp);
    for (int i = 0; i < p->fancap; i++)
        if (p->fan[i].reg >= 0) big_free(p->fan[i].ks, sizeof(int) * (size_t)p->fan[i].cap);
    free(p->fan);
    for (int i = 0; i < FRAME_SPARES; i++) big_free(atomic_load(&p->spare[i]), p->frame_size);
    while (p->stack) {
        Frame *f = p->stack;
        p->stack = *(Frame **)(void *)f;
        big_free(f, p->frame_size);
    }
    free(p);
}

typedef void (*BlockFn)(void *ud, Block *b);

/* Does plan [p] describe block [b] as it is? (A block changed after its
** plan was built — nothing does that today: the REPL frees the host first —
** is walked op by op.) */
static bool plan_current(const Plan *p, const Block *b)
{
    return p && p->ops == b->ops && p->nops == b->nops;
}

/* Post-order: for an op, everything nested in its regions, then the region
** bodies themselves (one "function" each); a function body after all. */
static void walk_regions(const Host *h, Block *b, BlockFn fn, void *ud)
{
    const Plan *p = plan_of(h, b);
    if (plan_current(p, b)) {
        /* Only the ops that have regions. */
        for (int j = 0; j < p->nrops; j++) {
            Op *op = b->ops[p->rops[j]];
            for (int r = 0; r < op->nregions; r++) walk_regions(h, op->regions[r], fn, ud);
            for (int r = 0; r < op->nregions; r++) fn(ud, op->regions[r]);
        }
        return;
    }
    for (int i = 0; i < b->nops; i++) {
        prefetch_ahead(b->ops, i, b->nops);
        Op *op = b->ops[i];
        for (int r = 0; r < op->nregions; r++) walk_regions(h, op->regions[r], fn, ud);
        for (int r = 0; r < op->nregions; r++) fn(ud, op->regions[r]);
    }
}

static void walk_module(const Host *h, BlockFn fn, void *ud)
{
    const Module *m = h->module;
    for (int i = 0; i < m->nfuncs; i++) {
        Func *f = m->funcs[i];
        if (!f->body) continue;
        walk_regions(h, f->body, fn, ud);
        fn(ud, f->body);
    }
}

/* {=====================================================================
** Host
** ====================================================================== */

typedef struct KState {
    struct KState *next;
    char *key;
    void *obj;
    void (*destroy)(void *);
} KState;

/* Stores [p] as the plan of [b] (a plan already there is freed: a module
** loaded again, as the REPL does when it redefines functions, gets fresh
** plans). */
static void plan_put(HostPriv *hp, const Block *b, Plan *p)
{
    if (2 * (hp->nplans + 1) > hp->plancap) {
        int cap = hp->plancap ? 2 * hp->plancap : 64;
        PlanSlot *t = xcalloc((size_t)cap, sizeof *t);
        for (int i = 0; i < hp->plancap; i++) {
            if (!hp->plans[i].b) continue;
            unsigned j = plan_home(hp->plans[i].b, cap);
            while (t[j].b) j = (j + 1) & (unsigned)(cap - 1);
            t[j] = hp->plans[i];
        }
        free(hp->plans);
        hp->plans = t;
        hp->plancap = cap;
    }
    unsigned i = plan_home(b, hp->plancap);
    while (hp->plans[i].b && hp->plans[i].b != b) i = (i + 1) & (unsigned)(hp->plancap - 1);
    if (hp->plans[i].b) {
        plan_free(hp->plans[i].p);
    } else {
        hp->plans[i].b = b;
        hp->nplans++;
    }
    hp->plans[i].p = p;
}

Host *host_new(const Module *m, WorkQueue *q, HostAllocator *a, DiagSink *d, FILE *out)
{
    HostPriv *hp = xcalloc(1, sizeof *hp);
    hp->pub.module = m;
    hp->pub.queue = q;
    hp->pub.alloc = a;
    hp->pub.diag = d;
    hp->pub.out = out;
    hp->pub.max_call_depth = EXEC_DEFAULT_MAX_CALL_DEPTH;
    pthread_mutex_init(&hp->mu, NULL);
    return &hp->pub;
}

void host_free(Host *h)
{
    if (!h) return;
    HostPriv *hp = (HostPriv *)h;
    for (int i = 0; i < hp->plancap; i++)
        if (hp->plans[i].b) plan_free(hp->plans[i].p);
    free(hp->plans);
    vm_free(hp->vm);
    stuck_free(h);
    for (KState *s = hp->states, *n; s; s = n) {
        n = s->next;
        if (s->destroy) s->destroy(s->obj);
        free(s->key);
        free(s);
    }
    if (hp->out_rq) rq_release(hp->out_rq);
    pthread_mutex_destroy(&hp->mu);
    free(hp);
}

void *host_kernel_state(Host *h, const char *key, void *(*create)(void), void (*destroy)(void *))
{
    HostPriv *hp = (HostPriv *)h;
    pthread_mutex_lock(&hp->mu);
    for (KState *s = hp->states; s; s = s->next) {
        if (!strcmp(s->key, key)) {
            pthread_mutex_unlock(&hp->mu);
            return s->obj;
        }
    }
    KState *s = xcalloc(1, sizeof *s);
    s->key = strdup(key);
    if (!s->key) tf_out_of_memory();
    s->obj = create ? create() : NULL;
    s->destroy = destroy;
    s->next = hp->states;
    hp->states = s;
    pthread_mutex_unlock(&hp->mu);
    return s->obj;
}

typedef struct LoadCtx {
    Host *h;
    /* Unknown kernels: the first unknown op in post-order op order. */
    const Op *first_unknown;
    long first_pos;
    long pos;
} LoadCtx;

static void compile_cb(void *ud, Block *b)
{
    LoadCtx *lc = ud;
    plan_put((HostPriv *)lc->h, b, plan_build(lc->h->module, b, lc->h->schedule));
}

static void attach_proto(void *ud, const Block *b, const VmProto *p)
{
    plan_of(ud, b)->vm = p;
}

static bool op_has_kernel(const Op *op)
{
    return is_return(op) || (op->info && op->info->fn);
}

static void find_unknown(LoadCtx *lc, const Block *b);

/* Post-order op walk (docs/execution.md §1.4): ops nested in an op's regions, then the op. */
static void find_unknown_op(LoadCtx *lc, const Op *op)
{
    for (int r = 0; r < op->nregions; r++) find_unknown(lc, op->regions[r]);
    lc->pos++;
    if (!lc->first_unknown && !op_has_kernel(op)) lc->first_unknown = op;
}

static void find_unknown(LoadCtx *lc, const Block *b)
{
    for (int i = 0; i < b->nops; i++) {
        prefetch_ahead(b->ops, i, b->nops);
        find_unknown_op(lc, b->ops[i]);
    }
}

/* The kernel table's order (docs/execution.md §1.4): the top level in
** source order, functions and ops at module level alike (docs/syntax.md:
** such an op is a kernel of the table, though it never runs). */
static void find_unknown_item(void *ud, const Func *f, const Op *op)
{
    LoadCtx *lc = ud;
    if (lc->first_unknown) return;
    if (f && f->body) find_unknown(lc, f->body);
    else if (op) find_unknown_op(lc, op);
}

/* Is [op] inside a function (not at module level, nor in an op there)? */
static bool in_function(const Op *op)
{
    return op->parent && op->parent->func;
}

typedef struct LocateCtx { const char *name; const Op *found; } LocateCtx;

static void locate_cb(void *ud, Block *b)
{
    LocateCtx *lc = ud;
    if (lc->found) return;
    for (int i = 0; i < b->nops; i++) {
        if (!strcmp(b->ops[i]->name, lc->name)) {
            lc->found = b->ops[i];
            return;
        }
    }
}

/* Resolves the callee of every call-like op of a body (refreshed on every
** load: the REPL redefines functions). */
static void cache_callee(void *ud, Block *b)
{
    const Host *h = ud;
    Plan *p = plan_of(h, b);
    free(p->callees);
    p->callees = p->ncops ? xcalloc((size_t)p->nops, sizeof *p->callees) : NULL;
    for (int j = 0; j < p->ncops; j++)
        p->callees[p->cops[j]] = ir_module_func(h->module, b->ops[p->cops[j]]->callee);
}

/* The cheaper exact engine's plans (interp/xe.c): built, then linked. */
static void xe_build_cb(void *ud, Block *b)
{
    Plan *p = plan_of(ud, b);
    xe_plan_free(p->xp);
    p->xp = xe_plan_build(ud, p);
}

static void xe_link_cb(void *ud, Block *b)
{
    Plan *p = plan_of(ud, b);
    if (p->xp) xe_plan_link(ud, p->xp);
}

const Func *exec_op_callee(const ExecCtx *c, const Op *op)
{
    const Plan *p = plan_of(c->host, op->parent);
    if (!p || !p->callees || !plan_current(p, op->parent)) return NULL;
    return p->callees[op->index];
}

bool exec_load(Host *h)
{
    HostPriv *hp = (HostPriv *)h;
    const Module *m = h->module;
    LoadCtx lc = { h, NULL, 0, 0 };
    ir_module_walk_top(m, find_unknown_item, &lc);
    if (lc.first_unknown) {
        /* An op at module level (or inside one) is reported where it is;
        ** one in a function at the first op of that name. */
        LocateCtx loc = { lc.first_unknown->name, NULL };
        if (in_function(lc.first_unknown)) walk_module(h, locate_cb, &loc);
        /* A load-time failure, not a runtime one (docs/language.md §4): no
        ** "runtime error:" prefix, and the nearest op of the table as a
        ** note. Still checked against expected-error annotations (docs/execution.md §1.8). */
        const Op *at = loc.found ? loc.found : lc.first_unknown;
        const char *name = lc.first_unknown->name;
        bool dialect = false;
        const OpInfo *near = optable_kernel_hint(lc.first_unknown->info, name, strlen(name), &dialect);
        if (h->diag) {
            if (h->out) fflush(h->out);
            if (at->loc) diag_emit_locf(h->diag, DIAG_ERROR, at->loc, "unknown kernel name '%s'", name);
            else diag_emitf(h->diag, DIAG_ERROR, m->filename, at->line, at->col, "unknown kernel name '%s'", name);
            if (near && at->loc) diag_emit_locf(h->diag, DIAG_NOTE, at->loc, "did you mean '%s'?", near->name);
        }
        return false;
    }
    for (int i = 0; i < m->nfuncs; i++) {
        const Func *f = m->funcs[i];
        if (f->is_native && !native_lookup(f->name)) {
            if (h->out) fflush(h->out);
            if (h->diag)
                diag_emit(h->diag, DIAG_ERROR, NULL, 0, 0,
                          "invalid FunctionIndex section in BEF file: unable to find native "
                          "function in global registry");
            return false;
        }
    }
    walk_module(h, compile_cb, &lc);
    walk_module(h, cache_callee, h);
    if (xe_host_wants(h)) {
        walk_module(h, xe_build_cb, h);
        walk_module(h, xe_link_cb, h);
    }
    vm_free(hp->vm);
    hp->vm = h->schedule == EXEC_FAST || h->schedule == EXEC_MIXED ? vm_build(m, h, attach_proto, h) : NULL;
    /* Hooks that take compiled code made vm_build compile for them. */
    hp->vm_hooked = hp->vm && h->debug && (h->debug->flags & HOOKS_COMPILED);
    hp->loaded = true;
    return true;
}

