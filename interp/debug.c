/*
** debug.c — the REPL's debugger (interp/debug.h part 2): the records it
** keeps through the four DebugHooks, what stops a run, and going back by
** running again. interp/debug_show.c answers the questions asked while
** stopped; interp/debug_int.h is what the two share.
**
** The hooks have a fast path and a slow one. The fast path keeps the
** records (a frame record per invocation: registers, scalar copies, the
** position each kernel started at) and the stack of running kernels; it
** tests one flag, Debugger.armed, and the interrupt flag. Everything that
** stops or prints (breakpoints, watchpoints, stepping, tracing, going
** back) sets Debugger.armed and runs in before_slow / after_slow.
**
** Callers. A frame's logical caller is the frame whose kernel started it.
** When the frame starts inside that kernel (tfrt.call, tfrt.if with its
** condition ready) the kernel is on the stack of running kernels; when it
** starts later, from a task or a continuation (tfrt_test.do.async, a
** queued rv.critical, an if waiting for its condition, a call deeper than
** the executor nests), the stack says nothing. So the guess made at
** frame_enter is checked at the frame's first kernel against the call
** chain of its context (ExecCtx.site): a function body was started by
** site->op from a frame whose own site is site->parent; a region body by
** its parent op from a frame with the same site. The live frame that
** matches and started that op most recently is the caller.
**
** Going back. The stop handler may ask to go back (dbg_reverse_*): the
** debugger then stops the run's request, so its remaining kernels are
** skipped, and silences the output; dbg_run_end reports a restart, the
** user runs the function again and dbg_run_begin sets the goal position.
** Until the goal the run is silent and nothing else stops it. For
** reverse-continue the first run again only scans: it notes the position
** of the last breakpoint or watchpoint hit before the stop, then gives
** way to a second that stops there.
*/
#include "base/alloc.h"
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "interp/debug.h"
#include "interp/debug_int.h"
#include "interp/exec.h"
#include "interp/exec_int.h"
#include "interp/workqueue.h"

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* How a stop at a goal is announced (Debugger.goal_kind). */
enum { GOAL_STEP, GOAL_HIT, GOAL_START, GOAL_CALL };

static void recompute_armed(Debugger *d)
{
    d->armed = d->nbreaks > 0 || d->trace || d->mode != M_RUN || d->goal != 0 || d->report_seq != 0 ||
               d->detached || d->silent || d->ready;
}

/* {==================================================================
** Frame records
** =================================================================== */

static size_t hashp(const void *p, size_t cap)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33;
    return (size_t)x & (cap - 1);
}

static FrameRec *lookup(Debugger *d, const void *frame)
{
    if (d->cache_frame == frame && d->cache_rec) return d->cache_rec;
    if (!d->tcap) return NULL;
    for (size_t i = hashp(frame, d->tcap);; i = (i + 1) & (d->tcap - 1)) {
        FrameRec *r = d->table[i];
        if (!r) return NULL;
        if (r->frame == frame) {
            d->cache_frame = frame;
            d->cache_rec = r;
            return r;
        }
    }
}

static void tinsert(FrameRec **table, size_t cap, FrameRec *r)
{
    size_t i = hashp(r->frame, cap);
    while (table[i]) i = (i + 1) & (cap - 1);
    table[i] = r;
}

static void table_add(Debugger *d, FrameRec *r)
{
    if ((d->tcount + 1) * 2 > d->tcap) {
        size_t ncap = d->tcap ? d->tcap * 2 : 64;
        FrameRec **nt = xcalloc(ncap, sizeof *nt);
        for (size_t i = 0; i < d->tcap; i++)
            if (d->table[i]) tinsert(nt, ncap, d->table[i]);
        free(d->table);
        d->table = nt;
        d->tcap = ncap;
    }
    tinsert(d->table, d->tcap, r);
    d->tcount++;
}

/* Removal with backward shift (no tombstones). */
static void table_del(Debugger *d, FrameRec *r)
{
    size_t mask = d->tcap - 1, i = hashp(r->frame, d->tcap);
    while (d->table[i] != r) i = (i + 1) & mask;
    d->table[i] = NULL;
    for (size_t j = (i + 1) & mask; d->table[j]; j = (j + 1) & mask) {
        FrameRec *e = d->table[j];
        size_t h = hashp(e->frame, d->tcap);
        /* Move e into the hole if its home slot is not in (i, j]. */
        if ((j > i && (h <= i || h > j)) || (j < i && (h <= i && h > j))) {
            d->table[i] = e; d->table[j] = NULL; i = j;
        }
    }
    d->tcount--;
    if (d->cache_rec == r) { d->cache_rec = NULL; d->cache_frame = NULL; }
}

/* {---- the site table: live records by (ExecCtx.site, body) ---- */

static size_t site_home(const CallSite *site, const Block *body, size_t cap)
{
    uint64_t x = (uint64_t)(uintptr_t)site * 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uintptr_t)body;
    x ^= x >> 31; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33;
    return (size_t)x & (cap - 1);
}

static void site_link(FrameRec **tab, size_t cap, FrameRec *r)
{
    size_t h = site_home(r->site, r->body, cap);
    r->sprev = NULL;
    r->snext = tab[h];
    if (tab[h]) tab[h]->sprev = r;
    tab[h] = r;
}

static void sites_add(Debugger *d, FrameRec *r)
{
    if (d->scount + 1 > d->scap / 2 * 3 || !d->scap) {
        size_t ncap = d->scap ? d->scap * 2 : 64;
        FrameRec **nt = xcalloc(ncap, sizeof *nt);
        /* Every chain of the old table, each linked in again from its
        ** end (the order within a chain does not matter: resolve takes
        ** the record that started the op last). */
        for (size_t i = 0; i < d->scap; i++) {
            FrameRec *e = d->sites[i];
            while (e) {
                FrameRec *n = e->snext;
                site_link(nt, ncap, e);
                e = n;
            }
        }
        free(d->sites);
        d->sites = nt;
        d->scap = ncap;
    }
    site_link(d->sites, d->scap, r);
    r->in_sites = true;
    d->scount++;
}

static void sites_del(Debugger *d, FrameRec *r)
{
    if (!r->in_sites) return;
    if (r->sprev) r->sprev->snext = r->snext;
    else d->sites[site_home(r->site, r->body, d->scap)] = r->snext;
    if (r->snext) r->snext->sprev = r->sprev;
    r->in_sites = false;
    d->scount--;
}

/* ----} */

/* Size classes of the spare lists: 256 << k bytes, k < 8. Records of a
** class come from slabs of about 64 KiB and go back to their list, never
** to malloc (the slabs are freed with the debugger); larger records are
** allocated and freed each time. */
static int size_class(size_t bytes)
{
    size_t c = 256;
    for (int k = 0; k < 8; k++, c <<= 1)
        if (bytes <= c) return k;
    return -1;
}

typedef struct Slab { struct Slab *next; max_align_t pad; } Slab;

static void refill(Debugger *d, int k)
{
    size_t size = (size_t)256 << k, n = size >= 65536 ? 1 : 65536 / size;
    Slab *s = xmalloc(sizeof *s + n * size);
    s->next = d->slabs;
    d->slabs = s;
    char *p = (char *)(s + 1);
    for (size_t i = 0; i < n; i++) {
        FrameRec *r = (FrameRec *)(p + i * size);
        r->bytes = size;
        r->next = d->spare[k];
        d->spare[k] = r;
    }
}

static FrameRec *rec_alloc(Debugger *d, const Block *body)
{
    size_t nv = (size_t)(body->nvalues > 0 ? body->nvalues : 1);
    size_t no = (size_t)(body->nops > 0 ? body->nops : 1);
    size_t need = sizeof(FrameRec) + nv * (sizeof(AsyncValue *) + sizeof(Any)) + no * sizeof(uint64_t);
    int k = size_class(need);
    FrameRec *r;
    if (k >= 0) {
        if (!d->spare[k]) refill(d, k);
        r = d->spare[k];
        d->spare[k] = r->next;
        memset(r, 0, need);
        r->bytes = (size_t)256 << k;
    } else {
        r = xcalloc(1, need);
        r->bytes = need;
    }
    /* The header is a multiple of 8 bytes, as Any and pointers need. */
    r->copy = (Any *)(r + 1);
    r->regs = (AsyncValue **)(r->copy + nv);
    r->started = (uint64_t *)(r->regs + nv);
    r->body = body;
    return r;
}

static void rec_dispose(Debugger *d, FrameRec *r)
{
    sites_del(d, r);
    int k = size_class(r->bytes);
    if (k >= 0) {
        r->next = d->spare[k];
        d->spare[k] = r;
    } else {
        free(r);
    }
}

/* Drops one reference; the last frees the record (and its parent's). */
static void rec_release(Debugger *d, FrameRec *r)
{
    while (r && --r->refs == 0) {
        FrameRec *up = r->parent;
        rec_dispose(d, r);
        r = up;
    }
}

static void set_parent(FrameRec *r, FrameRec *p, const Op *call_op, uint64_t call_seq)
{
    if (p) { p->refs++; p->pending++; }
    FrameRec *old = r->parent;
    r->parent = p;
    r->call_op = call_op;
    r->call_seq = call_seq;
    /* Never the last reference, nor its completion: the old guess is live. */
    if (old) { old->refs--; old->pending--; }
}

static void on_complete(Debugger *d, FrameRec *r);

static bool is_done(const FrameRec *r)
{
    return r->exited && r->pending == 0;
}

/* [r] may be over (see FrameRec.complete): so may its callers then. */
static void complete(Debugger *d, FrameRec *r)
{
    while (r && !r->complete && is_done(r)) {
        r->complete = true;
        on_complete(d, r);
        r = r->parent;
        if (r) r->pending--;
    }
}

/* The frame's invocation is over: out of the live list and the table. */
static void rec_exit(Debugger *d, FrameRec *r)
{
    if (r->prev) r->prev->next = r->next; else d->first = r->next;
    if (r->next) r->next->prev = r->prev; else d->last = r->prev;
    r->prev = r->next = NULL;
    table_del(d, r);
    /* It stays in the site table while it is kept: an invocation that has
    ** exited may still start bodies (the iterations of tfrt.repeat.i32, a
    ** do.async), and the last few that exited are kept for that. */
    r->exited = true;
    r->refs++;                  /* kept while its completion is told */
    complete(d, r);
    if (r->in_sites && d->running) {
        unsigned k = d->nrecent++ % (unsigned)(sizeof d->recent / sizeof d->recent[0]);
        FrameRec *old = d->recent[k];
        d->recent[k] = r;
        r->refs++;
        if (old) rec_release(d, old);
    }
    rec_release(d, r);
    rec_release(d, r);
}

static void drop_all(Debugger *d)
{
    bool was = d->running;
    d->running = false;         /* what is dropped now did not return */
    while (d->first) rec_exit(d, d->first);
    for (unsigned k = 0; k < sizeof d->recent / sizeof d->recent[0]; k++)
        if (d->recent[k]) { rec_release(d, d->recent[k]); d->recent[k] = NULL; }
    d->nrecent = 0;
    d->running = was;
    d->nstack = 0;
    d->cache_rec = NULL;
    d->cache_frame = NULL;
}

/* Checks (and if needed finds) the caller of [r] once its context is
** known: see the file header. */
static void resolve(Debugger *d, FrameRec *r, const ExecCtx *c)
{
    r->site_known = true;
    r->site = c ? c->site : NULL;
    /* Arguments that were not resolved when the frame started may be by
    ** now (they are alive: the kernel about to run may use them). */
    for (int i = 0; i < r->body->nargs; i++) {
        int k = r->body->args[i]->index;
        AsyncValue *a = r->regs[k] && r->copy[k].type == ANY_NONE ? dbg_live_value(d, r, r->body->args[i]) : NULL;
        if (a && av_is_available(a) && av_get(a)->type != ANY_OBJ) r->copy[k] = *av_get(a);
    }
    sites_add(d, r);
    const Op *want;
    const CallSite *want_site;
    if (r->body->parent_op) {
        want = r->body->parent_op;
        want_site = r->site;
    } else if (r->site) {
        want = r->site->op;
        want_site = r->site->parent;
    } else {
        /* Started by the user (the REPL's :run, a typed op). */
        if (r->parent) set_parent(r, NULL, NULL, 0);
        if (!d->root) { d->root = r; r->refs++; }
        return;
    }
    if (!want || !want->parent) return;
    FrameRec *g = r->parent;
    if (g && r->call_op == want && g->site_known && g->site == want_site && g->body == want->parent) return;
    FrameRec *best = NULL;
    for (FrameRec *p = d->sites[site_home(want_site, want->parent, d->scap)]; p; p = p->snext) {
        if (p == r || p->site != want_site || p->body != want->parent) continue;
        if (want->index < 0 || want->index >= p->body->nops || !p->started[want->index]) continue;
        if (!best || p->started[want->index] > best->started[want->index]) best = p;
    }
    if (best) {
        set_parent(r, best, want, best->started[want->index]);
        return;
    }
    /* Its caller has returned (an asynchronous body): the op is known. */
    set_parent(r, NULL, want, 0);
}

int dbg_depth(const FrameRec *r)
{
    int n = 0;
    for (; r; r = r->parent) n++;
    return n;
}

/* }================================================================== */

/* {==================================================================
** Breakpoints and watchpoints
** =================================================================== */

static int add_break(Debugger *d, Break b)
{
    if (d->nbreaks == d->capbreaks) {
        d->capbreaks = d->capbreaks ? d->capbreaks * 2 : 8;
        d->breaks = xrealloc(d->breaks, (size_t)d->capbreaks * sizeof *d->breaks);
    }
    b.id = d->next_id++;
    d->breaks[d->nbreaks++] = b;
    if (b.kind == BK_WATCH) d->nwatch++;
    recompute_armed(d);
    return b.id;
}

static DbgCond *own_cond(DbgCond *c)
{
    if (!c) return NULL;
    DbgCond *o = xmalloc(sizeof *o);
    *o = *c;
    c->str = NULL;
    return o;
}

int dbg_break_op(Debugger *d, const char *opname, DbgCond *cond)
{
    Break b = { 0 };
    b.kind = BK_OP;
    b.opname = xstrdup(opname);
    b.cond = own_cond(cond);
    return add_break(d, b);
}

int dbg_break_line(Debugger *d, const char *file, int line, DbgCond *cond)
{
    Break b = { 0 };
    b.kind = BK_LINE;
    b.file = file ? xstrdup(file) : NULL;
    b.line = line;
    b.cond = own_cond(cond);
    return add_break(d, b);
}

int dbg_break_func(Debugger *d, const Func *f, DbgCond *cond)
{
    Break b = { 0 };
    b.kind = BK_FUNC;
    b.func = f;
    b.cond = own_cond(cond);
    return add_break(d, b);
}

static void break_free(Debugger *d, Break *b)
{
    for (int k = 0; k < b->npend; k++) rec_release(d, b->pend[k].rec);
    free(b->opname);
    free(b->file);
    if (b->cond) { dbg_cond_free(b->cond); free(b->cond); }
    free(b->vname);
    if (b->obj) obj_release(b->obj);
    free(b->last);
}

int dbg_nbreaks(const Debugger *d) { return d->nbreaks; }

bool dbg_delete(Debugger *d, int id)
{
    for (int i = 0; i < d->nbreaks; i++) {
        if (d->breaks[i].id != id) continue;
        if (d->breaks[i].kind == BK_WATCH) d->nwatch--;
        break_free(d, &d->breaks[i]);
        memmove(&d->breaks[i], &d->breaks[i + 1], (size_t)(d->nbreaks - i - 1) * sizeof *d->breaks);
        d->nbreaks--;
        recompute_armed(d);
        return true;
    }
    return false;
}

/* The contents of a watched object as text (malloc'ed). */
static char *watch_text(const Debugger *d, Object *obj)
{
    Any a = any_obj(obj);
    char *s = d->show ? d->show(d->show_ud, &a) : NULL;
    if (!s) {
        StrBuf b = { 0 };
        display_append(&b, d->disp, NULL, &a, 0);
        s = b.p ? b.p : xstrdup("");
    }
    return s;
}

/* The position and result index of the kernel of this run that made
** [obj] (held by [av]), searched in the live frames' results: first the
** very value [av] (a call passes its caller's value on), then values
** that may be read and hold [obj]. 0 when not found. */
static uint64_t find_birth(const Debugger *d, const AsyncValue *av0, const Object *obj, int *res)
{
    for (const FrameRec *r = d->last; r; r = r->prev) {
        const Block *b = r->body;
        for (int k = 0; k < b->nops; k++)
            for (int j = 0; r->started[k] && j < b->ops[k]->nresults; j++)
            {
                int x = b->ops[k]->results[j]->index;
                /* Pointers compared, not read: what was recorded, and what
                ** the register holds (a live frame's). */
                if (r->regs[x] == av0 || (!r->exited && exec_frame_register(r->frame, x) == av0)) {
                    *res = j;
                    return r->started[k];
                }
            }
    }
    for (const FrameRec *r = d->first; r; r = r->next) {
        const Block *b = r->body;
        for (int k = 0; k < b->nops; k++) {
            const Op *op = b->ops[k];
            if (!r->started[k]) continue;
            for (int j = 0; j < op->nresults; j++) {
                const Value *v = op->results[j];
                AsyncValue *av = dbg_live_value(d, r, v);
                if (!av || !av_is_available(av)) continue;
                const Any *a = av_get(av);
                if (a->type == ANY_OBJ && a->v.obj == obj) { *res = j; return r->started[k]; }
            }
        }
    }
    return 0;
}

int dbg_watch(Debugger *d, const char *name, AsyncValue *session, const Type *session_type, const char **why)
{
    if (*name == '%') name++;
    AsyncValue *av = NULL;
    bool from_session = false;
    const Type *ty = NULL;
    Any copy;
    const char *w = "no value of that name";
    if (d->stopped) av = dbg_frame_value(d, name, &ty, &copy, &w);
    if (!av && !ty && session) { av = session; ty = session_type; from_session = true; }
    if (!av) { *why = ty ? w : "no value of that name"; return 0; }
    if (!av_is_available(av)) {
        *why = av_is_error(av) ? "it is an error, not an object" : "it is not available yet";
        return 0;
    }
    const Any *a = av_get(av);
    /* Mutable types are the op table's (ops/effects.def). */
    if (a->type != ANY_OBJ || !a->v.obj || !ty || optable_type_class(ty->spelling) == TYC_NONE) {
        *why = "it holds no object that a kernel writes (a resource variable, list, tensor, buffer or atomic)";
        return 0;
    }
    Break b = { 0 };
    b.kind = BK_WATCH;
    char vn[160];
    snprintf(vn, sizeof vn, "%%%s", name);
    b.vname = xstrdup(vn);
    b.obj = a->v.obj;
    obj_retain(b.obj);
    b.last = watch_text(d, b.obj);
    b.session = from_session;
    if (!from_session) b.birth_seq = find_birth(d, av, b.obj, &b.birth_res);
    return add_break(d, b);
}

static void print_break(const Break *b, FILE *out)
{
    char cb[200];
    {
        switch (b->kind) {
        case BK_OP: fprintf(out, "breakpoint %d: op %s", b->id, b->opname); break;
        case BK_LINE:
            if (b->file) fprintf(out, "breakpoint %d: line %s:%d", b->id, b->file, b->line);
            else fprintf(out, "breakpoint %d: line %d", b->id, b->line);
            break;
        case BK_FUNC: fprintf(out, "breakpoint %d: function @%s", b->id, b->func->name); break;
        case BK_WATCH:
            fprintf(out, "watchpoint %d: %s = %s", b->id, b->vname, b->obj ? b->last : "(gone)");
            break;
        }
        if (b->cond) fprintf(out, " if %s", dbg_cond_text(b->cond, cb, sizeof cb));
        fputc('\n', out);
    }
}

void dbg_list_breaks(const Debugger *d, FILE *out)
{
    if (!d->nbreaks) fprintf(out, "no breakpoints\n");
    for (int i = 0; i < d->nbreaks; i++) print_break(&d->breaks[i], out);
}

void dbg_print_break(const Debugger *d, int id, FILE *out)
{
    for (int i = 0; i < d->nbreaks; i++)
        if (d->breaks[i].id == id) print_break(&d->breaks[i], out);
}

/* Does breakpoint [b] (not a watchpoint) match [op] starting in [r]? The
** condition is tested too. */
static bool break_matches(Debugger *d, Break *b, const FrameRec *r, const Op *op)
{
    switch (b->kind) {
    case BK_OP:
        if (strcmp(b->opname, op->name)) return false;
        break;
    case BK_LINE: {
        const char *file; int line, col;
        dbg_op_pos(op, &file, &line, &col);
        if (line != b->line) return false;
        if (b->file && !(file && !strcmp(file, b->file))) return false;
        break;
    }
    case BK_FUNC:
        if (!r || r->nstarted != 0 || r->body->parent_op || r->body->func != b->func) return false;
        break;
    case BK_WATCH:
        return false;
    }
    if (!b->cond) return true;
    if (!r) return false;
    const char *why = NULL;
    int v = dbg_cond_eval(d, r, b->cond, &why);
    if (v < 0 && !b->cond_warned && !d->silent) {
        char cb[200], where[512];
        b->cond_warned = true;
        fprintf(d->out, "note: breakpoint %d: '%s' cannot be tested at %s: %s\n", b->id,
                dbg_cond_text(b->cond, cb, sizeof cb), dbg_op_where(op, where, sizeof where), why);
    }
    return v > 0;
}

/* The first breakpoint that [op] of [r] hits, or 0. */
static int break_hit(Debugger *d, const FrameRec *r, const Op *op)
{
    for (int i = 0; i < d->nbreaks; i++)
        if (d->breaks[i].kind != BK_WATCH && break_matches(d, &d->breaks[i], r, op)) return d->breaks[i].id;
    return 0;
}

/* }================================================================== */

/* {==================================================================
** Stopping
** =================================================================== */

static void set_silent(Debugger *d, bool on)
{
    if (d->silent == on) return;
    d->silent = on;
    if (d->silence) d->silence(d->silence_ud, on);
    recompute_armed(d);
}

/* Leaves the current run: its request stops (every later kernel is
** skipped), it is silent and nothing stops it any more. */
static void abandon_run(Debugger *d, const ExecCtx *c)
{
    d->abandon = false;
    d->restart = true;
    if (c && c->rq) rq_stop_msg(c->rq, "Cancelled");
    d->detached = true;
    d->mode = M_RUN;
    d->goal = 0;
    set_silent(d, true);
    recompute_armed(d);
}

static void print_stop_line(Debugger *d, const char *head, const FrameRec *r, const Op *op, bool after)
{
    StrBuf b = { 0 };
    char where[512];
    sb_adds(&b, head);
    if (after) sb_adds(&b, "after ");
    sb_adds(&b, dbg_op_where(op, where, sizeof where));
    sb_adds(&b, " in ");
    dbg_frame_desc(d, r, r ? r->body : op->parent, &b);
    dbg_depth_suffix(r, &b);
    fprintf(d->out, "%s\n", b.p);
    sb_free(&b);
}

/* Stops at [op] of [r] (position [seq], before or [after] it ran): prints
** [head] and the stop line, runs the user's command loop, then leaves the
** run if the user went back. */
static void stop_here(Debugger *d, const char *head, FrameRec *r, const Op *op, uint64_t seq, bool after,
                      AsyncValue *const *res, int nres, const ExecCtx *c)
{
    set_silent(d, false);
    d->goal = 0;
    d->goal_scan = false;
    d->mode = M_RUN;
    d->report_seq = 0;
    d->fin_done = false;
    d->ready = NULL;
    if (d->fin) { rec_release(d, d->fin); d->fin = NULL; }
    if (d->intr) *d->intr = 0;
    d->stopped = true;
    d->stop_rec = r;
    d->stop_op = op;
    d->stop_after = after;
    d->stop_seq = seq;
    d->stop_res = res;
    d->stop_nres = nres;
    d->stop_ctx = c;
    dbg_build_bt(d);
    d->sel = 0;
    print_stop_line(d, head, r, op, after);
    fflush(d->out);
    recompute_armed(d);
    d->stop(d->stop_ud, d);
    d->stopped = false;
    d->stop_rec = NULL;
    d->stop_op = NULL;
    d->stop_res = NULL;
    d->stop_ctx = NULL;
    d->nbt = 0;
    if (d->abandon) abandon_run(d, c);
    recompute_armed(d);
}

/* The results of [op] as "%r = 6 : i32, ..." into [b]. */
static void results_text(const Debugger *d, const Op *op, AsyncValue *const *res, int nres, StrBuf *b)
{
    char vn[160];
    for (int i = 0; i < nres && i < op->nresults; i++) {
        const Value *v = op->results[i];
        if (i) sb_adds(b, ", ");
        sb_printf(b, "%s = ", dbg_value_name(v, vn, sizeof vn));
        AsyncValue *av = res[i];
        if (!av || !av_is_resolved(av)) sb_adds(b, "<unavailable>");
        else if (av_is_error(av)) sb_printf(b, "<<error: %s>>", av_error(av)->msg);
        else display_append(b, d->disp, v->type ? v->type->spelling : NULL, av_get(av), 0);
        sb_printf(b, " : %s", v->type ? v->type->spelling : "?");
    }
}

/* Does [op] start other bodies (calls, control flow)? Traced when it
** starts, so that the kernels of what it starts come under it. */
static bool invokes(const Op *op)
{
    if (op->nregions > 0 || op->callee) return true;
    if (!op->info) return false;
    if (op->info->flags & OPF_HAS_REGIONS) return true;
    switch (op->info->family) {
    case SYN_CALL: case SYN_COND: case SYN_CASE: case SYN_WHILE: case SYN_ONCE:
    case SYN_PARALLEL_CALL: case SYN_CRITICAL: case SYN_SYNC_BENCHMARK:
        return true;
    default:
        return false;
    }
}

static void trace_line(Debugger *d, const FrameRec *r, const Op *op, AsyncValue *const *res, int nres)
{
    StrBuf b = { 0 };
    char where[512];
    sb_adds(&b, "trace: ");
    for (int k = dbg_depth(r); k > 1; k--) sb_adds(&b, "  ");
    sb_adds(&b, dbg_op_where(op, where, sizeof where));
    sb_adds(&b, " in ");
    dbg_frame_desc(d, r, r ? r->body : op->parent, &b);
    if (res && nres > 0) {
        sb_adds(&b, ": ");
        results_text(d, op, res, nres, &b);
    }
    fprintf(d->out, "%s\n", b.p);
    fflush(d->out);
    sb_free(&b);
}

/* A watchpoint saw [obj]'s contents become [now] (taken over) because of
** [op]. Prints the watchpoint line. */
static void watch_report(Debugger *d, Break *w, char *now, const Op *op)
{
    char loc[400];
    if (!d->silent && !d->goal_scan) {
        if (strcmp(now, w->last))
            fprintf(d->out, "watchpoint %d: %s changed from %s to %s at %s '%s'\n", w->id, w->vname, w->last, now,
                    dbg_op_loc(op, loc, sizeof loc), op->name);
        else
            fprintf(d->out, "watchpoint %d: %s written, still %s, at %s '%s'\n", w->id, w->vname, now,
                    dbg_op_loc(op, loc, sizeof loc), op->name);
    }
    free(w->last);
    w->last = now;
}

/* Watchpoints after [op] of [r] ran with [res]: rebinding a watched
** object of this run when the kernel that makes it ran again, then
** writes. Returns the id of the first that fired (0: none). */
static int watch_after(Debugger *d, FrameRec *r, const Op *op, uint64_t seq, AsyncValue *const *res, int nres,
                       const ExecCtx *c)
{
    int fired = 0;
    unsigned wbits = op->info ? FX_W_BITS(op->info->effects) : 0;
    /* A kernel whose every result is an error was skipped (a cancelled
    ** run, an error operand) or failed: it wrote nothing to report. */
    bool failed = nres > 0;
    for (int i = 0; i < nres && failed; i++) failed = res[i] && av_is_error(res[i]);
    if (failed) wbits = 0;
    for (int i = 0; i < d->nbreaks; i++) {
        Break *w = &d->breaks[i];
        if (w->kind != BK_WATCH) continue;
        if (w->birth_seq == seq && w->birth_res < nres && res[w->birth_res] &&
            av_is_available(res[w->birth_res])) {
            const Any *a = av_get(res[w->birth_res]);
            if (a->type == ANY_OBJ && a->v.obj && a->v.obj != w->obj) {
                obj_retain(a->v.obj);
                if (w->obj) obj_release(w->obj);
                w->obj = a->v.obj;
                free(w->last);
                w->last = watch_text(d, w->obj);
            }
            continue;
        }
        if (!w->obj || !wbits || !r) continue;
        bool writes = false;
        for (int k = 0; k < op->noperands && k < FX_MAXOP; k++) {
            if (!(wbits >> k & 1)) continue;
            /* The kernel is still on the stack of running kernels: its
            ** operands may be read. */
            AsyncValue *av = dbg_live_value(d, r, op->operands[k]);
            if (av && av_is_available(av)) {
                const Any *a = av_get(av);
                if (a->type == ANY_OBJ && a->v.obj == w->obj) writes = true;
            }
        }
        if (!writes) continue;
        if ((op->info->effects & FX_UPDATE) && c && host_split_updates(c->host)) {
            /* The explorer's spec model: the write is a step of its own,
            ** done when the op's chain resolves (watch_pending). */
            if (w->npend < 4 && op->nresults == 1) {
                r->refs++;
                w->pend[w->npend].rec = r;
                w->pend[w->npend++].op = op;
            }
            continue;
        }
        watch_report(d, w, watch_text(d, w->obj), op);
        if (!fired) fired = w->id;
    }
    return fired;
}

static void drop_pending(Debugger *d, Break *w, int k)
{
    rec_release(d, w->pend[k].rec);
    w->pend[k] = w->pend[--w->npend];
}

/* Split writes that came between two kernels: a write whose chain has
** resolved is done (a chain that may no longer be read: its contents
** tell). */
static int watch_pending(Debugger *d)
{
    int fired = 0;
    for (int i = 0; i < d->nbreaks; i++) {
        Break *w = &d->breaks[i];
        if (w->kind != BK_WATCH || !w->obj) continue;
        for (int k = 0; k < w->npend;) {
            FrameRec *r = w->pend[k].rec;
            const Op *op = w->pend[k].op;
            const Value *cv = op->results[0];
            AsyncValue *ch = r->exited ? NULL : dbg_live_value(d, r, cv);
            bool readable = ch != NULL;
            char *now = NULL;
            if (readable ? av_is_resolved(ch) : strcmp(now = watch_text(d, w->obj), w->last) != 0) {
                if (!now) now = watch_text(d, w->obj);
                drop_pending(d, w, k);
                watch_report(d, w, now, op);
                if (!fired) fired = w->id;
                continue;
            }
            free(now);
            k++;
        }
    }
    return fired;
}

static bool has_pending_write(const Debugger *d)
{
    for (int i = 0; i < d->nbreaks; i++)
        if (d->breaks[i].kind == BK_WATCH && d->breaks[i].npend) return true;
    return false;
}

/* Going back, first run: the position [pos] is reached. The last hit
** before it is where the second run stops. */
static void scan_done(Debugger *d, const ExecCtx *c)
{
    d->next_goal = d->last_hit ? d->last_hit : 2;
    d->next_kind = d->last_hit ? GOAL_HIT : GOAL_START;
    d->next_op = d->last_hit ? d->hist[(d->last_hit / 2) & HIST_MASK] : NULL;
    if (d->last_hit && d->seq - d->last_hit / 2 > HIST_MASK) d->next_op = NULL;
    d->next_scan = false;
    abandon_run(d, c);
}

/* The run reached its goal position [seq] ([after]): announces it and stops. */
static void goal_reached(Debugger *d, FrameRec *r, const Op *op, uint64_t seq, bool after,
                         AsyncValue *const *res, int nres, const ExecCtx *c)
{
    set_silent(d, false);
    if (d->goal_op && d->goal_op != op) {
        char a[512], b[512];
        fprintf(d->out, "note: the run did not repeat itself: kernel %llu was %s, is now %s\n",
                (unsigned long long)seq, dbg_op_where(d->goal_op, a, sizeof a), dbg_op_where(op, b, sizeof b));
    }
    const char *head = "stopped: ";
    char hb[64];
    if (d->goal_kind == GOAL_START) {
        fprintf(d->out, "no breakpoint or watchpoint was hit earlier in this run: back at its first kernel\n");
    } else if (d->goal_kind == GOAL_HIT && !after) {
        int id = break_hit(d, r, op);
        if (id) { snprintf(hb, sizeof hb, "stopped at breakpoint %d: ", id); head = hb; }
    } else if (d->goal_kind == GOAL_HIT && after) {
        /* The watchpoint lines were printed by watch_after (not silent now). */
    }
    stop_here(d, head, r, op, seq, after, res, nres, c);
}

static void print_finish(Debugger *d, FrameRec *r);

/* Has [r] returned: are the results of the kernel that started it (what
** its caller receives) all resolved? False when they cannot be read; the
** invocation is then over when it is complete (on_complete). */
static bool returned(const Debugger *d, const FrameRec *r)
{
    /* Every result it returns was produced here, resolved (after_slow). */
    bool all = d->nfin > 0;
    for (int i = 0; i < d->nfin; i++) all = all && d->fin_vals[i];
    if (all) return true;
    const FrameRec *p = r->parent;
    const Op *call = r->call_op;
    const Op *ret = r->body->nops ? r->body->ops[r->body->nops - 1] : NULL;
    if (!p || !call || !ret || !dbg_is_return(ret) || call->nresults != ret->noperands || !call->nresults)
        return false;
    for (int i = 0; i < call->nresults; i++) {
        const Value *cv = call->results[i];
        AsyncValue *av = dbg_live_value(d, p, cv);
        if (!av || !av_is_resolved(av)) return false;
    }
    return true;
}

static void before_slow(Debugger *d, const ExecCtx *c, FrameRec *r, const Op *op, uint64_t seq)
{
    uint64_t pos = 2 * seq;
    if (d->intr && *d->intr) {
        int n = *d->intr;
        *d->intr = 0;
        if (n >= 2 || d->detached || !d->stop || d->goal || d->ready) {
            if (c && c->rq) rq_cancel(c->rq);
            bool going_back = d->goal != 0 || d->ready;
            d->goal = 0;
            d->ready = NULL;
            d->goal_scan = false;
            d->mode = M_RUN;
            d->detached = true;
            set_silent(d, false);
            fprintf(d->out, "interrupted: %srun cancelled\n", going_back ? "running again stopped, " : "");
            fflush(d->out);
            recompute_armed(d);
            return;
        }
        stop_here(d, "stopped by Ctrl-C: ", r, op, seq, false, NULL, 0, c);
        return;
    }
    if (d->detached) return;
    if (d->ready && d->ready(d->ready_ud)) {
        d->ready = NULL;
        stop_here(d, "stopped by Ctrl-C: ", r, op, seq, false, NULL, 0, c);
        return;
    }
    if (d->goal) {
        if (d->goal_scan) {
            if (pos >= d->goal) { scan_done(d, c); return; }
            if (break_hit(d, r, op)) d->last_hit = pos;
            if (has_pending_write(d) && watch_pending(d)) d->last_hit = pos;
            return;
        }
        if (pos == d->goal) goal_reached(d, r, op, seq, false, NULL, 0, c);
        return;
    }
    if (d->trace && invokes(op)) trace_line(d, r, op, NULL, 0);
    if (d->mode == M_FINISH && d->fin && (d->fin_done || returned(d, d->fin))) {
        d->fin_done = false;
        print_finish(d, d->fin);
        d->mode = M_STEP;
    }
    if (!d->stop) return;
    int watched = has_pending_write(d) ? watch_pending(d) : 0;
    int hit = break_hit(d, r, op);
    char head[64];
    if (hit) {
        snprintf(head, sizeof head, "stopped at breakpoint %d: ", hit);
        stop_here(d, head, r, op, seq, false, NULL, 0, c);
        return;
    }
    if (watched || d->mode == M_STEP || (d->mode == M_NEXT && r && r->id == d->mode_frame))
        stop_here(d, "stopped: ", r, op, seq, false, NULL, 0, c);
}

/* :next in frame [r]: once its last kernel has run, the next kernel is its
** caller's (the first caller with kernels still to run), or any. */
static void next_past_end(Debugger *d, const FrameRec *r)
{
    if (r->nfinished < r->nkernels) return;
    const FrameRec *p = r->parent;
    while (p && (p->exited || p->nfinished >= p->nkernels)) p = p->parent;
    if (p) d->mode_frame = p->id;
    else d->mode = M_STEP;
}

static void after_slow(Debugger *d, FrameRec *r, const Op *op, uint64_t seq, AsyncValue *const *res, int nres,
                       const ExecCtx *c)
{
    uint64_t pos = 2 * seq + 1;
    /* Arriving after a kernel while going back: its watchpoint lines show. */
    if (d->goal && !d->goal_scan && pos == d->goal) set_silent(d, false);
    int fired = d->nwatch ? watch_after(d, r, op, seq, res, nres, c) : 0;
    if (d->detached) return;
    if (d->ready && d->ready(d->ready_ud)) {
        d->ready = NULL;
        stop_here(d, "stopped by Ctrl-C: ", r, op, seq, false, NULL, 0, c);
        return;
    }
    if (d->goal) {
        if (d->goal_scan) {
            if (pos >= d->goal) { scan_done(d, c); return; }
            if (fired) d->last_hit = pos;
            return;
        }
        if (pos == d->goal) goal_reached(d, r, op, seq, true, res, nres, c);
        return;
    }
    if (d->trace && !invokes(op)) trace_line(d, r, op, res, nres);
    if (d->mode == M_NEXT && r && r->id == d->mode_frame) next_past_end(d, r);
    if (d->report_seq == seq) {
        d->report_seq = 0;
        StrBuf b = { 0 };
        results_text(d, op, res, nres, &b);
        if (b.n) fprintf(d->out, "ran %s: %s\n", op->name, b.p);
        sb_free(&b);
        recompute_armed(d);
    }
    if (d->mode == M_FINISH && d->fin && r == d->fin && d->fin_vals) {
        /* Results of the invocation being finished, as text while alive. */
        const Op *ret = r->body->nops ? r->body->ops[r->body->nops - 1] : NULL;
        for (int i = 0; ret && dbg_is_return(ret) && i < ret->noperands && i < d->nfin; i++)
            for (int j = 0; j < nres && j < op->nresults; j++)
                if (ret->operands[i] == op->results[j] && res[j] && av_is_resolved(res[j])) {
                    StrBuf b = { 0 };
                    if (av_is_error(res[j])) sb_printf(&b, "<<error: %s>>", av_error(res[j])->msg);
                    else display_append(&b, d->disp, op->results[j]->type->spelling, av_get(res[j]), 0);
                    free(d->fin_vals[i]);
                    d->fin_vals[i] = b.p ? b.p : xstrdup("");
                }
    }
    if (fired && d->stop) stop_here(d, "stopped ", r, op, seq, true, res, nres, c);
}

/* }================================================================== */

/* {==================================================================
** Hooks
** =================================================================== */

static void h_frame_enter(void *ud, const void *frame, const Block *body, AsyncValue *const *args, int nargs)
{
    Debugger *d = ud;
    if (!d->running) return;
    FrameRec *r = rec_alloc(d, body);
    r->frame = frame;
    r->id = ++d->next_frame_id;
    r->refs = 1;
    r->nkernels = body->nops - (body->nops && dbg_is_return(body->ops[body->nops - 1]) ? 1 : 0);
    for (int i = 0; i < nargs && i < body->nargs; i++) {
        int k = body->args[i]->index;
        AsyncValue *a = args[i];
        r->regs[k] = a;
        if (a && av_is_available(a) && av_get(a)->type != ANY_OBJ) r->copy[k] = *av_get(a);
    }
    /* The guess: the innermost running kernel, if it can start this body
    ** (checked at the first kernel, resolve). */
    for (int i = d->nstack - 1; i >= 0; i--) {
        if (!d->stack[i].fr) continue;
        const Op *op = d->stack[i].op;
        if (body->parent_op ? op == body->parent_op : op->nregions == 0)
            set_parent(r, d->stack[i].fr, op, d->stack[i].seq);
        break;
    }
    /* A frame with the same identity that never exited (address reuse
    ** after a missed exit) is replaced. */
    FrameRec *old = lookup(d, frame);
    if (old) rec_exit(d, old);
    r->prev = d->last;
    if (d->last) d->last->next = r; else d->first = r;
    d->last = r;
    table_add(d, r);
    d->cache_frame = frame;
    d->cache_rec = r;
}

/* "finish: @f(%x = 1) returned 2 : i32": the results of [r] as its
** caller received them (the results of the kernel that started it, while
** that frame may read them), else as they were produced. */
static void print_finish(Debugger *d, FrameRec *r)
{
    StrBuf b = { 0 };
    sb_adds(&b, "finish: ");
    dbg_frame_desc(d, r, r->body, &b);
    sb_adds(&b, " returned");
    const Op *ret = r->body->nops ? r->body->ops[r->body->nops - 1] : NULL;
    const FrameRec *p = r->parent;
    const Op *call = r->call_op;
    for (int i = 0; ret && dbg_is_return(ret) && i < ret->noperands; i++) {
        const Value *v = ret->operands[i];
        sb_adds(&b, i ? ", " : " ");
        const Value *cv = p && call && call->nresults == ret->noperands ? call->results[i] : NULL;
        AsyncValue *av = cv ? dbg_live_value(d, p, cv) : NULL;
        if (av && av_is_resolved(av)) {
            if (av_is_error(av)) sb_printf(&b, "<<error: %s>>", av_error(av)->msg);
            else display_append(&b, d->disp, v->type->spelling, av_get(av), 0);
        } else if (cv && p->copy[cv->index].type != ANY_NONE) {
            display_append(&b, d->disp, v->type->spelling, &p->copy[cv->index], 0);
        } else if (i < d->nfin && d->fin_vals[i]) {
            sb_adds(&b, d->fin_vals[i]);
        } else if (r->copy[v->index].type != ANY_NONE) {
            display_append(&b, d->disp, v->type->spelling, &r->copy[v->index], 0);
        } else {
            sb_adds(&b, "<unavailable>");
        }
        sb_printf(&b, " : %s", v->type ? v->type->spelling : "?");
    }
    fprintf(d->out, "%s\n", b.p);
    fflush(d->out);
    sb_free(&b);
}

/* The invocation is over; its results are told at the next kernel, when
** the values it returned have reached its caller. */
static void on_complete(Debugger *d, FrameRec *r)
{
    if (d->mode == M_FINISH && d->fin == r && d->running && !d->detached && !d->goal) d->fin_done = true;
}

static void h_frame_exit(void *ud, const void *frame)
{
    Debugger *d = ud;
    FrameRec *r = lookup(d, frame);
    if (!r) return;
    rec_exit(d, r);
}

static void push_running(Debugger *d, FrameRec *r, const Op *op, uint64_t seq, const ExecCtx *c)
{
    if (d->nstack == d->capstack) {
        d->capstack = d->capstack ? d->capstack * 2 : 16;
        d->stack = xrealloc(d->stack, (size_t)d->capstack * sizeof *d->stack);
    }
    d->stack[d->nstack++] = (Running){ r, op, seq, c };
}

static void h_before_kernel(void *ud, const ExecCtx *c, const void *frame, const Op *op)
{
    Debugger *d = ud;
    if (!d->running) return;
    FrameRec *r = lookup(d, frame);
    if (r && !r->site_known) resolve(d, r, c);
    uint64_t seq = ++d->seq;
    d->hist[seq & HIST_MASK] = op;
    if (r) {
        /* Arguments resolved since the body started (a loop starts every
        ** iteration at once): their scalar copies, while the kernel about
        ** to run keeps them alive. */
        for (int j = 0; j < op->noperands; j++) {
            const Value *v = op->operands[j];
            if (v->def) continue;
            int k = v->index;
            if (!r->regs[k] || r->copy[k].type != ANY_NONE) continue;
            /* The register (the kernel about to run holds its use). */
            AsyncValue *a = exec_frame_register(r->frame, k);
            if (a && av_is_available(a) && av_get(a)->type != ANY_OBJ) r->copy[k] = *av_get(a);
        }
    }
    if (unlikely(d->armed || (d->intr && *d->intr))) before_slow(d, c, r, op, seq);
    /* From now on the kernel counts as started (running). */
    if (r && op->index >= 0 && op->index < r->body->nops) {
        r->started[op->index] = seq;
        r->nstarted++;
    }
    push_running(d, r, op, seq, c);
}

static void h_after_kernel(void *ud, const void *frame, const Op *op, AsyncValue *const *results, int nresults)
{
    Debugger *d = ud;
    if (!d->running) return;
    /* Normally the kernel on top of the stack: no lookup. */
    FrameRec *r = d->nstack && d->stack[d->nstack - 1].op == op && d->stack[d->nstack - 1].fr &&
                  d->stack[d->nstack - 1].fr->frame == frame ? d->stack[d->nstack - 1].fr : lookup(d, frame);
    if (r) {
        for (int i = 0; i < nresults && i < op->nresults; i++) {
            int k = op->results[i]->index;
            AsyncValue *v = results[i];
            r->regs[k] = v;
            if (v && av_is_available(v) && av_get(v)->type != ANY_OBJ) r->copy[k] = *av_get(v);
            else r->copy[k].type = ANY_NONE;
        }
        r->nfinished++;
    }
    /* This kernel's entry: normally the top one. */
    int i = d->nstack - 1;
    while (i >= 0 && !(d->stack[i].op == op && (!r || d->stack[i].fr == r))) i--;
    if (unlikely(d->armed) && i >= 0) after_slow(d, r, op, d->stack[i].seq, results, nresults, d->stack[i].c);
    /* Pop it (and anything a misbehaving caller left above it). */
    if (i >= 0) d->nstack = i;
}

/* }================================================================== */

/* {==================================================================
** The debugger
** =================================================================== */

static const Display default_display = { DISPLAY_SESSION, false, "<unavailable>", NULL };

Debugger *dbg_new(FILE *out)
{
    Debugger *d = xcalloc(1, sizeof *d);
    d->out = out;
    d->next_id = 1;
    d->disp = &default_display;
    d->hist = xcalloc((size_t)HIST_MASK + 1, sizeof *d->hist);
    d->hooks = (DebugHooks){ .ud = d, .frame_enter = h_frame_enter, .frame_exit = h_frame_exit,
                             .before_kernel = h_before_kernel, .after_kernel = h_after_kernel };
    return d;
}

void dbg_free(Debugger *d)
{
    if (!d) return;
    drop_all(d);
    if (d->fin) rec_release(d, d->fin);
    if (d->root) rec_release(d, d->root);
    for (int i = 0; i < d->nfin; i++) free(d->fin_vals[i]);
    free(d->fin_vals);
    for (int i = 0; i < d->nbreaks; i++) break_free(d, &d->breaks[i]);
    while (d->slabs) {
        Slab *n = d->slabs->next;
        free(d->slabs);
        d->slabs = n;
    }
    free(d->breaks); free(d->table); free(d->sites); free(d->stack); free(d->snapshot); free(d->bt);
    free(d->hist); free(d->why_not_back);
    free(d);
}

const DebugHooks *dbg_hooks(Debugger *d) { return &d->hooks; }
void dbg_set_stop_handler(Debugger *d, DbgStopFn fn, void *ud) { d->stop = fn; d->stop_ud = ud; }
void dbg_set_toplevel_prefix(Debugger *d, const char *prefix) { d->top_prefix = prefix; }
void dbg_set_interrupt_flag(Debugger *d, volatile sig_atomic_t *flag) { d->intr = flag; }
void dbg_set_display(Debugger *d, const Display *disp) { d->disp = disp ? disp : &default_display; }
void dbg_set_show(Debugger *d, DbgShowFn fn, void *ud) { d->show = fn; d->show_ud = ud; }
void dbg_set_silence(Debugger *d, DbgSilenceFn fn, void *ud) { d->silence = fn; d->silence_ud = ud; }

void dbg_run_begin(Debugger *d, const char *why_not_back)
{
    drop_all(d);
    if (d->root) { rec_release(d, d->root); d->root = NULL; }
    free(d->snapshot);
    d->snapshot = NULL;
    free(d->why_not_back);
    d->why_not_back = why_not_back ? xstrdup(why_not_back) : NULL;
    d->running = true;
    d->stopped = d->detached = d->abandon = false;
    d->mode = d->step_next_run ? M_STEP : M_RUN;
    d->step_next_run = false;
    if (!d->ready_next) d->ready = NULL;
    d->ready_next = false;
    d->report_seq = 0;
    d->seq = 0;
    d->next_frame_id = 0;
    d->goal = 0;
    d->goal_scan = false;
    if (d->restart) {
        /* Going back: this run is the same one again, up to the goal. */
        d->restart = false;
        d->goal = d->next_goal;
        d->goal_scan = d->next_scan;
        d->goal_kind = d->next_kind;
        d->goal_op = d->next_op;
        d->last_hit = 0;
        d->silent = true;      /* the user's output is still off */
    }
    for (int i = 0; i < d->nbreaks; i++) {
        d->breaks[i].cond_warned = false;
        while (d->breaks[i].npend) drop_pending(d, &d->breaks[i], 0);
    }
    recompute_armed(d);
}

static int print_pending_live(Debugger *d, FILE *out);

int dbg_run_end(Debugger *d)
{
    int n = 0;
    if (!d->restart) {
        char *buf = NULL; size_t len = 0;
        FILE *mem = open_memstream(&buf, &len);
        if (mem) {
            n = print_pending_live(d, mem);
            fclose(mem);
        }
        free(d->snapshot);
        d->snapshot = n ? buf : NULL;
        if (!n) free(buf);
    }
    if (d->goal && !d->restart) {
        /* Going back did not get there: the run ended first. */
        set_silent(d, false);
        fprintf(d->out, "note: could not go back: the run ended after %llu kernels, before kernel %llu "
                        "(it did not repeat itself)\n", (unsigned long long)d->seq,
                (unsigned long long)(d->goal / 2));
        d->goal = 0;
    }
    if (!d->restart) set_silent(d, false);
    if (d->fin_done && d->fin && !d->restart) print_finish(d, d->fin);
    d->fin_done = false;
    drop_all(d);
    if (d->fin) { rec_release(d, d->fin); d->fin = NULL; }
    d->running = false;
    d->stopped = d->detached = false;
    d->mode = M_RUN;
    d->goal = 0;
    d->ready = NULL;
    /* Watchpoints on objects of a run that is over (not one that starts
    ** again) are deleted; those on the user's own values stay. */
    for (int i = 0; !d->restart && i < d->nbreaks;) {
        Break *w = &d->breaks[i];
        if (w->kind == BK_WATCH && !w->session) {
            fprintf(d->out, "watchpoint %d deleted: %s belonged to the run that ended\n", w->id, w->vname);
            dbg_delete(d, w->id);
            continue;
        }
        i++;
    }
    recompute_armed(d);
    return n;
}

bool dbg_running(const Debugger *d) { return d->running; }

void dbg_results_ready(Debugger *d)
{
    if (d->mode == M_FINISH && d->fin && !d->detached && !d->goal && (d->fin_done || returned(d, d->fin))) {
        d->fin_done = false;
        print_finish(d, d->fin);
        d->mode = M_STEP;
        recompute_armed(d);
    }
}
bool dbg_restart_pending(const Debugger *d) { return d->restart; }
bool dbg_silent(const Debugger *d) { return d->silent; }
bool dbg_armed(const Debugger *d) { return d->nbreaks > 0 || d->trace || d->step_next_run; }
bool dbg_stopped(const Debugger *d) { return d->stopped; }
const Op *dbg_stop_op(const Debugger *d) { return d->stopped ? d->stop_op : NULL; }
bool dbg_stop_after(const Debugger *d) { return d->stopped && d->stop_after; }
void dbg_set_trace(Debugger *d, bool on) { d->trace = on; recompute_armed(d); }
bool dbg_trace(const Debugger *d) { return d->trace; }
void dbg_step_next_run(Debugger *d) { d->step_next_run = true; }

void dbg_stop_when(Debugger *d, bool (*ready)(void *ud), void *ud)
{
    d->ready = ready;
    d->ready_ud = ud;
    d->ready_next = true;
    recompute_armed(d);
}

void dbg_step(Debugger *d)
{
    d->mode = M_STEP;
    if (d->stopped && !d->stop_after) d->report_seq = d->stop_seq;
    recompute_armed(d);
}

/* The selected frame's record (NULL: none). */
static FrameRec *selected(const Debugger *d)
{
    return d->stopped && d->sel >= 0 && d->sel < d->nbt ? d->bt[d->sel] : NULL;
}

void dbg_next(Debugger *d)
{
    FrameRec *r = selected(d);
    if (!r) { dbg_step(d); return; }
    d->mode = M_NEXT;
    d->mode_frame = r->id;
    /* Stopped after the frame's last kernel (a watchpoint stops there):
    ** the caller's next kernel is the next one. */
    if (d->stop_after) next_past_end(d, r);
    if (d->sel == 0 && !d->stop_after) d->report_seq = d->stop_seq;
    recompute_armed(d);
}

bool dbg_finish(Debugger *d, const char **why)
{
    FrameRec *r = selected(d);
    if (!r) { *why = "no invocation is selected"; return false; }
    if (!r->parent && !r->call_op) {
        *why = "the outermost invocation returns to the REPL (:continue runs to its end)";
        return false;
    }
    d->mode = M_FINISH;
    if (d->fin) rec_release(d, d->fin);
    d->fin = r;
    r->refs++;
    for (int i = 0; i < d->nfin; i++) free(d->fin_vals[i]);
    free(d->fin_vals);
    const Op *ret = r->body->nops ? r->body->ops[r->body->nops - 1] : NULL;
    d->nfin = ret && dbg_is_return(ret) ? ret->noperands : 0;
    d->fin_vals = xcalloc((size_t)d->nfin + 1, sizeof *d->fin_vals);
    /* What is already there (an argument returned as it is, a result
    ** produced before the stop) is taken now, while it can be read. */
    for (int i = 0; i < d->nfin; i++) {
        const Value *v = ret->operands[i];
        AsyncValue *av = dbg_live_value(d, r, v);
        if (!av || !av_is_resolved(av)) continue;
        StrBuf b = { 0 };
        if (av_is_error(av)) sb_printf(&b, "<<error: %s>>", av_error(av)->msg);
        else display_append(&b, d->disp, v->type->spelling, av_get(av), 0);
        d->fin_vals[i] = b.p ? b.p : xstrdup("");
    }
    if (d->sel == 0 && !d->stop_after) d->report_seq = 0;
    recompute_armed(d);
    return true;
}

void dbg_continue(Debugger *d) { d->mode = M_RUN; d->report_seq = 0; recompute_armed(d); }

void dbg_kill(Debugger *d)
{
    d->mode = M_RUN;
    d->detached = true;
    if (d->stop_ctx && d->stop_ctx->rq) rq_cancel(d->stop_ctx->rq);
    recompute_armed(d);
}

void dbg_detach(Debugger *d) { d->mode = M_RUN; d->detached = true; recompute_armed(d); }

/* Asks to go back to position [goal] ([scan]: to the last hit before it). */
static bool go_back(Debugger *d, uint64_t goal, bool scan, int kind, const char **why)
{
    if (!d->stopped) { *why = "no run is stopped"; return false; }
    if (d->why_not_back) { *why = d->why_not_back; return false; }
    if (!d->stop) { *why = "nothing to stop at"; return false; }
    d->next_goal = goal;
    d->next_scan = scan;
    d->next_kind = kind;
    uint64_t s = goal / 2;
    d->next_op = !scan && s >= 1 && d->seq - s <= HIST_MASK ? d->hist[s & HIST_MASK] : NULL;
    d->abandon = true;
    return true;
}

static uint64_t stop_pos(const Debugger *d) { return 2 * d->stop_seq + (d->stop_after ? 1 : 0); }

bool dbg_reverse_step(Debugger *d, const char **why)
{
    if (!d->stopped) { *why = "no run is stopped"; return false; }
    uint64_t p = stop_pos(d);
    if (p <= 2) { *why = "this is the first kernel of the run"; return false; }
    /* After a kernel: before it. Before a kernel: before the one that
    ** started just before it. */
    return go_back(d, d->stop_after ? p - 1 : p - 2, false, GOAL_STEP, why);
}

bool dbg_reverse_continue(Debugger *d, const char **why)
{
    if (!d->stopped) { *why = "no run is stopped"; return false; }
    uint64_t p = stop_pos(d);
    if (p <= 2) { *why = "this is the first kernel of the run"; return false; }
    return go_back(d, p, true, GOAL_HIT, why);
}

bool dbg_reverse_finish(Debugger *d, const char **why)
{
    FrameRec *r = selected(d);
    if (!r) { *why = "no run is stopped"; return false; }
    if (!r->call_seq) {
        if (r->call_op) { *why = "where its caller started it is not known"; return false; }
        if (stop_pos(d) <= 2) { *why = "this is the first kernel of the run"; return false; }
        /* Started by the user: back to the start of the run. */
        return go_back(d, 2, false, GOAL_START, why);
    }
    return go_back(d, 2 * r->call_seq, false, GOAL_CALL, why);
}

/* }================================================================== */

/* {==================================================================
** :pending after the run (the snapshot is taken here, where the records
** still exist)
** =================================================================== */

/* Operand [i] of [op] of [r], which has not started (so its register
** holds it): -1 not produced, else its AVState. */
static int operand_state(const FrameRec *r, const Op *op, int i)
{
    int k = op->operands[i]->index;
    if (!r->regs[k] || r->exited) return -1;
    AsyncValue *v = exec_frame_register(r->frame, k);
    return v ? (int)av_state(v) : (int)AV_UNAVAILABLE;
}

bool dbg__op_ready(const FrameRec *r, const Op *op);
bool dbg__op_ready(const FrameRec *r, const Op *op)
{
    if (op->noperands == 0) return true;
    if (op->info && (op->info->flags & OPF_NONSTRICT)) return operand_state(r, op, 0) > 0;
    for (int i = 0; i < op->noperands; i++)
        if (operand_state(r, op, i) <= 0) return false;
    return true;
}

void dbg__print_waits(const Debugger *d, const FrameRec *r, const Op *op, FILE *out);

static int print_pending_live(Debugger *d, FILE *out)
{
    int n = 0;
    char where[512];
    for (FrameRec *r = d->first; r; r = r->next) {
        for (int k = 0; k < r->body->nops; k++) {
            const Op *op = r->body->ops[k];
            if (r->started[k]) continue;
            if (d->stopped && !d->stop_after && op == d->stop_op && r == d->stop_rec) continue;
            StrBuf fn = { 0 };
            dbg_frame_desc(d, r, r->body, &fn);
            if (dbg_is_return(op)) {
                /* The results not produced, or produced and not resolved. */
                bool any = false;
                for (int i = 0; i < op->noperands; i++) {
                    /* A result's register may be read only while a kernel
                    ** uses it too (dbg_live_value). */
                    const Value *o = op->operands[i];
                    AsyncValue *v = r->regs[o->index] ? dbg_live_value(d, r, o) : NULL;
                    if ((!r->regs[o->index] && o->def) || (v && o->def && !av_is_resolved(v))) any = true;
                }
                if (any) {
                    fprintf(out, "%s in %s waits for:\n", dbg_op_where(op, where, sizeof where), fn.p);
                    dbg__print_waits(d, r, op, out);
                    n++;
                }
                sb_free(&fn);
                continue;
            }
            if (!dbg__op_ready(r, op)) {
                fprintf(out, "%s in %s waits for:\n", dbg_op_where(op, where, sizeof where), fn.p);
                dbg__print_waits(d, r, op, out);
                n++;
            }
            sb_free(&fn);
        }
    }
    return n;
}

void dbg_explain_result(Debugger *d, const Func *fn, int i, FILE *out)
{
    const FrameRec *r = d->root && d->root->body == fn->body ? d->root : NULL;
    const Block *b = fn->body;
    const Op *ret = b && b->nops ? b->ops[b->nops - 1] : NULL;
    if (!ret || !dbg_is_return(ret) || i < 0 || i >= ret->noperands) {
        fprintf(out, "nothing left to run produces it\n");
        return;
    }
    const Value *v = ret->operands[i];
    char vn[160], where[512];
    dbg_value_name(v, vn, sizeof vn);
    if (!v->def) { fprintf(out, "it is the argument %s, which never became available\n", vn); return; }
    dbg_op_where(v->def, where, sizeof where);
    if (!r) {
        fprintf(out, "%s comes from %s; nothing left to run produced it\n", vn, where);
        return;
    }
    if (r->started[v->def->index]) {
        fprintf(out, "%s comes from %s, which ran; nothing left to run produced its result\n", vn, where);
        return;
    }
    fprintf(out, "%s comes from %s, which never ran: it waits for", vn, where);
    int k = 0;
    for (int j = 0; j < v->def->noperands; j++) {
        const Value *o = v->def->operands[j];
        /* Without a scalar copy: not produced, or not resolved when it was
        ** (the record cannot be read any more). */
        if (r->regs[o->index] && r->copy[o->index].type != ANY_NONE) continue;
        bool dup = false;
        for (int i2 = 0; i2 < j; i2++) dup = dup || v->def->operands[i2] == o;
        if (dup) continue;
        fprintf(out, "%s %s", k++ ? "," : "", dbg_value_name(o, vn, sizeof vn));
    }
    fprintf(out, "%s\n", k ? "" : " what its operands need");
}

void dbg_print_pending(Debugger *d, FILE *out)
{
    if (!d->running) {
        if (d->snapshot) fputs(d->snapshot, out);
        else fprintf(out, "no kernel is waiting\n");
        return;
    }
    if (!print_pending_live(d, out)) fprintf(out, "no kernel is waiting\n");
}

/* }================================================================== */
