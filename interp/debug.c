/*
** debug.c — the debugger behind the REPL's :break / :step / :trace /
** :ready / :pending / :where (interp/debug.h).
**
** It sees the executor only through the four DebugHooks. Per live frame it
** keeps a FrameRec: the body, one borrowed pointer per register (set when
** the frame's arguments arrive and when a kernel produces its results), and
** a "started" flag per op. Readiness and waiting are derived from those:
** a kernel that has not started is ready when its operands are resolved
** (the first one for non-strict kernels) and waiting otherwise.
**
** Safety rule (debug.h): a recorded value is dereferenced only while a
** kernel that has not started uses it, because the executor then still
** holds a reference for that use.
*/
#include "base/alloc.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "interp/debug.h"
#include "interp/workqueue.h"
#include "ops/optable.h"

typedef struct FrameRec FrameRec;
struct FrameRec {
    const void *frame;          /* the executor's identity for it */
    const Block *body;
    AsyncValue **regs;          /* body->nvalues, borrowed, NULL = not produced */
    unsigned char *started;     /* body->nops flags */
    FrameRec *parent;           /* frame of the kernel that invoked it, or NULL */
    const Op *call_op;          /* that kernel */
    int nchildren;              /* live records whose parent is this one */
    FrameRec *prev, *next;      /* live list, oldest first */
};

typedef struct Running { FrameRec *fr; const Op *op; } Running;

typedef struct Break {
    int id;
    char *opname;               /* NULL for a line breakpoint */
    char *file;                 /* NULL: any file */
    int line;
} Break;

struct Debugger {
    FILE *out;
    DebugHooks hooks;
    DbgStopFn stop; void *stop_ud;
    const char *top_prefix;
    volatile sig_atomic_t *intr;

    Break *breaks; int nbreaks, capbreaks, next_id;
    bool step, detached, trace, running, stopped;

    /* Live frame records: a list in creation order and an open-addressing
    ** table keyed by the frame pointer (frames can be many: recursion). */
    FrameRec *first, *last;
    FrameRec **table; size_t tcap, tcount;

    Running *stack; int nstack, capstack;   /* kernels currently running */

    FrameRec *stop_frame; const Op *stop_op;
    char *snapshot;             /* :pending after the run */
};


/* {==================================================================
** Frame table
** =================================================================== */

static size_t hashp(const void *p, size_t cap)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33;
    return (size_t)x & (cap - 1);
}

static FrameRec *lookup(const Debugger *d, const void *frame)
{
    if (!d->tcap) return NULL;
    for (size_t i = hashp(frame, d->tcap);; i = (i + 1) & (d->tcap - 1)) {
        FrameRec *r = d->table[i];
        if (!r) return NULL;
        if (r->frame == frame) return r;
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
        FrameRec **nt = calloc(ncap, sizeof *nt);
        if (!nt) tf_out_of_memory();
        for (size_t i = 0; i < d->tcap; i++)
            if (d->table[i]) tinsert(nt, ncap, d->table[i]);
        free(d->table);
        d->table = nt; d->tcap = ncap;
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
}

static void rec_free(Debugger *d, FrameRec *r)
{
    if (r->nchildren > 0)
        for (FrameRec *c = d->first; c; c = c->next)
            if (c->parent == r) { c->parent = NULL; c->call_op = NULL; }
    if (r->parent) r->parent->nchildren--;
    if (r->prev) r->prev->next = r->next; else d->first = r->next;
    if (r->next) r->next->prev = r->prev; else d->last = r->prev;
    table_del(d, r);
    for (int i = 0; i < d->nstack; i++)
        if (d->stack[i].fr == r) d->stack[i].fr = NULL;
    if (d->stop_frame == r) d->stop_frame = NULL;
    free(r->regs); free(r->started); free(r);
}

static void drop_all(Debugger *d)
{
    while (d->first) rec_free(d, d->first);
    d->nstack = 0;
}

/* }================================================================== */

/* {==================================================================
** Names and locations
** =================================================================== */

/* The file location of [op]: its own file loc, or the first file loc found
** inside a name / fused / call-site location. */
static const Loc *file_loc(const Loc *l)
{
    for (int depth = 0; l && depth < 16; depth++) {
        switch (l->kind) {
        case LOC_FILE: return l;
        case LOC_NAME: l = l->child; break;
        case LOC_CALLSITE: l = l->callee; break;
        case LOC_FUSED:
            for (int i = 0; i < l->nitems; i++) {
                const Loc *f = file_loc(l->items[i]);
                if (f) return f;
            }
            return NULL;
        default: return NULL;
        }
    }
    return NULL;
}

static void op_pos(const Op *op, const char **file, int *line, int *col)
{
    const Loc *l = file_loc(op->loc);
    if (l) { *file = l->file; *line = l->line; *col = l->col; return; }
    const Func *f = op->parent ? op->parent->func : NULL;
    const Loc *fl = f ? file_loc(f->loc) : NULL;
    *file = fl ? fl->file : NULL;
    *line = op->line; *col = op->col;
}

const char *dbg_op_where(const Op *op, char *buf, size_t cap)
{
    const char *file; int line, col;
    op_pos(op, &file, &line, &col);
    if (file) snprintf(buf, cap, "%s at %s:%d:%d", op->name, file, line, col);
    else snprintf(buf, cap, "%s at line %d:%d", op->name, line, col);
    return buf;
}

/* "@f", "top level", or "a region of tfrt.repeat.i32" (for a region body
** the function is still named: "region of tfrt.if in @f"). */
static void frame_name(const Debugger *d, const Block *body, char *buf, size_t cap)
{
    const Func *f = body->func;
    const char *fname = f ? f->name : "?";
    bool top = d->top_prefix && f && !strncmp(fname, d->top_prefix, strlen(d->top_prefix));
    char fn[256];
    if (top) snprintf(fn, sizeof fn, "top level");
    else snprintf(fn, sizeof fn, "@%s", fname);
    if (body->parent_op) snprintf(buf, cap, "region of %s in %s", body->parent_op->name, fn);
    else snprintf(buf, cap, "%s", fn);
}

static const char *value_name(const Value *v, char *buf, size_t cap)
{
    if (v->name && v->name[0] == '%') snprintf(buf, cap, "%s", v->name);
    else if (v->name) snprintf(buf, cap, "%%%s", v->name);
    else snprintf(buf, cap, "%%<%d>", v->index);
    return buf;
}

/* }================================================================== */

/* {==================================================================
** Hooks
** =================================================================== */

static void h_frame_enter(void *ud, const void *frame, const Block *body,
                          AsyncValue *const *args, int nargs)
{
    Debugger *d = ud;
    if (!d->running) return;
    FrameRec *r = calloc(1, sizeof *r);
    if (!r) tf_out_of_memory();
    r->frame = frame;
    r->body = body;
    r->regs = calloc((size_t)(body->nvalues > 0 ? body->nvalues : 1), sizeof *r->regs);
    r->started = calloc((size_t)(body->nops > 0 ? body->nops : 1), 1);
    if (!r->regs || !r->started) tf_out_of_memory();
    for (int i = 0; i < nargs && i < body->nargs; i++)
        r->regs[body->args[i]->index] = args[i];
    /* The invoking kernel is the innermost one running (tfrt.call and the
    ** control-flow kernels invoke synchronously). */
    for (int i = d->nstack - 1; i >= 0; i--) {
        if (d->stack[i].fr) {
            r->parent = d->stack[i].fr; r->call_op = d->stack[i].op;
            r->parent->nchildren++;
            break;
        }
    }
    /* A frame with the same identity that never exited (address reuse
    ** after a missed exit) is replaced. */
    FrameRec *old = lookup(d, frame);
    if (old) rec_free(d, old);
    r->prev = d->last;
    if (d->last) d->last->next = r; else d->first = r;
    d->last = r;
    table_add(d, r);
}

static void h_frame_exit(void *ud, const void *frame)
{
    Debugger *d = ud;
    FrameRec *r = lookup(d, frame);
    if (r) rec_free(d, r);
}

static bool break_matches(const Break *b, const Op *op)
{
    if (b->opname) return !strcmp(b->opname, op->name);
    const char *file; int line, col;
    op_pos(op, &file, &line, &col);
    if (line != b->line) return false;
    return !b->file || (file && !strcmp(file, b->file));
}

static void stop_before(Debugger *d, FrameRec *r, const Op *op, int hit);

static void h_before_kernel(void *ud, const ExecCtx *c, const void *frame, const Op *op)
{
    Debugger *d = ud;
    if (!d->running) return;
    FrameRec *r = lookup(d, frame);
    char where[512], fn[300];
    if (d->intr && *d->intr) {
        *d->intr = 0;
        if (c && c->rq) rq_cancel(c->rq);
        fprintf(d->out, "interrupted: run cancelled\n");
        fflush(d->out);
        d->step = false;
        d->detached = true;
    }
    if (d->trace) {
        frame_name(d, r ? r->body : op->parent, fn, sizeof fn);
        fprintf(d->out, "trace: %s in %s\n", dbg_op_where(op, where, sizeof where), fn);
        fflush(d->out);
    }
    int hit = 0;
    if (!d->detached && d->stop && !d->step)
        for (int i = 0; i < d->nbreaks && !hit; i++)
            if (break_matches(&d->breaks[i], op)) hit = d->breaks[i].id;
    if (!d->detached && d->stop && (d->step || hit)) stop_before(d, r, op, hit);
    /* From now on the kernel counts as started (running). */
    if (r && op->index >= 0 && op->index < r->body->nops) r->started[op->index] = 1;
    if (d->nstack == d->capstack) {
        d->capstack = d->capstack ? d->capstack * 2 : 16;
        d->stack = xrealloc(d->stack, (size_t)d->capstack * sizeof *d->stack);
    }
    d->stack[d->nstack++] = (Running){ r, op };
}

/* Stops before [op] of [r]: the user's command loop runs in d->stop. */
static void stop_before(Debugger *d, FrameRec *r, const Op *op, int hit)
{
    char where[512], fn[300];
    d->step = false;
    d->stopped = true;
    d->stop_frame = r;
    d->stop_op = op;
    frame_name(d, r ? r->body : op->parent, fn, sizeof fn);
    if (hit) fprintf(d->out, "stopped at breakpoint %d: %s in %s\n", hit,
                     dbg_op_where(op, where, sizeof where), fn);
    else fprintf(d->out, "stopped: %s in %s\n", dbg_op_where(op, where, sizeof where), fn);
    fflush(d->out);
    d->stop(d->stop_ud, d);
    d->stopped = false;
    d->stop_frame = NULL;
    d->stop_op = NULL;
}


static void h_after_kernel(void *ud, const void *frame, const Op *op,
                           AsyncValue *const *results, int nresults)
{
    Debugger *d = ud;
    if (!d->running) return;
    FrameRec *r = lookup(d, frame);
    if (r)
        for (int i = 0; i < nresults && i < op->nresults; i++)
            r->regs[op->results[i]->index] = results[i];
    /* Pop this kernel (and anything a misbehaving caller left above it). */
    for (int i = d->nstack - 1; i >= 0; i--) {
        if (d->stack[i].op == op && (!r || d->stack[i].fr == r)) { d->nstack = i; break; }
    }
}

/* }================================================================== */

Debugger *dbg_new(FILE *out)
{
    Debugger *d = calloc(1, sizeof *d);
    if (!d) tf_out_of_memory();
    d->out = out;
    d->next_id = 1;
    d->hooks = (DebugHooks){ .ud = d, .frame_enter = h_frame_enter, .frame_exit = h_frame_exit,
                             .before_kernel = h_before_kernel, .after_kernel = h_after_kernel };
    return d;
}

void dbg_free(Debugger *d)
{
    if (!d) return;
    drop_all(d);
    for (int i = 0; i < d->nbreaks; i++) { free(d->breaks[i].opname); free(d->breaks[i].file); }
    free(d->breaks); free(d->table); free(d->stack); free(d->snapshot);
    free(d);
}

const DebugHooks *dbg_hooks(Debugger *d) { return &d->hooks; }
void dbg_set_stop_handler(Debugger *d, DbgStopFn fn, void *ud) { d->stop = fn; d->stop_ud = ud; }
void dbg_set_toplevel_prefix(Debugger *d, const char *prefix) { d->top_prefix = prefix; }
void dbg_set_interrupt_flag(Debugger *d, volatile sig_atomic_t *flag) { d->intr = flag; }

static int add_break(Debugger *d, Break b)
{
    if (d->nbreaks == d->capbreaks) {
        d->capbreaks = d->capbreaks ? d->capbreaks * 2 : 8;
        d->breaks = xrealloc(d->breaks, (size_t)d->capbreaks * sizeof *d->breaks);
    }
    b.id = d->next_id++;
    d->breaks[d->nbreaks++] = b;
    return b.id;
}

int dbg_break_op(Debugger *d, const char *opname)
{
    return add_break(d, (Break){ 0, xstrdup(opname), NULL, 0 });
}

int dbg_break_line(Debugger *d, const char *file, int line)
{
    return add_break(d, (Break){ 0, NULL, file ? xstrdup(file) : NULL, line });
}

int dbg_nbreaks(const Debugger *d)
{
    return d->nbreaks;
}

bool dbg_delete(Debugger *d, int id)
{
    for (int i = 0; i < d->nbreaks; i++) {
        if (d->breaks[i].id != id) continue;
        free(d->breaks[i].opname); free(d->breaks[i].file);
        memmove(&d->breaks[i], &d->breaks[i + 1], (size_t)(d->nbreaks - i - 1) * sizeof *d->breaks);
        d->nbreaks--;
        return true;
    }
    return false;
}

void dbg_list_breaks(const Debugger *d, FILE *out)
{
    if (!d->nbreaks) fprintf(out, "no breakpoints\n");
    for (int i = 0; i < d->nbreaks; i++) {
        const Break *b = &d->breaks[i];
        if (b->opname) fprintf(out, "breakpoint %d: op %s\n", b->id, b->opname);
        else if (b->file) fprintf(out, "breakpoint %d: line %s:%d\n", b->id, b->file, b->line);
        else fprintf(out, "breakpoint %d: line %d\n", b->id, b->line);
    }
}

void dbg_run_begin(Debugger *d)
{
    drop_all(d);
    free(d->snapshot);
    d->snapshot = NULL;
    d->running = true;
    d->step = d->detached = d->stopped = false;
}

static int print_pending_live(Debugger *d, FILE *out);

int dbg_run_end(Debugger *d)
{
    char *buf = NULL; size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    int n = 0;
    if (mem) {
        n = print_pending_live(d, mem);
        fclose(mem);
    }
    free(d->snapshot);
    d->snapshot = n ? buf : NULL;
    if (!n) free(buf);
    drop_all(d);
    d->running = false;
    d->step = d->detached = d->stopped = false;
    return n;
}

bool dbg_running(const Debugger *d) { return d->running; }
void dbg_step(Debugger *d) { d->step = true; }
void dbg_continue(Debugger *d) { d->step = false; }
void dbg_detach(Debugger *d) { d->step = false; d->detached = true; }
bool dbg_stopped(const Debugger *d) { return d->stopped; }
const Op *dbg_stop_op(const Debugger *d) { return d->stopped ? d->stop_op : NULL; }
void dbg_set_trace(Debugger *d, bool on) { d->trace = on; }
bool dbg_trace(const Debugger *d) { return d->trace; }

/* {==================================================================
** Queries
** =================================================================== */

static bool is_return(const Op *op) { return op->info && (op->info->flags & OPF_TERMINATOR); }

/* The state of operand [i] of [op] in [r]: -1 not produced (register
** empty), else the AVState. Only called for ops that have not started. */
static int operand_state(const FrameRec *r, const Op *op, int i)
{
    AsyncValue *v = r->regs[op->operands[i]->index];
    if (!v) return -1;
    return (int)av_state(v);
}

static bool op_ready(const FrameRec *r, const Op *op)
{
    if (op->noperands == 0) return true;
    if (op->info && (op->info->flags & OPF_NONSTRICT)) return operand_state(r, op, 0) > 0;
    for (int i = 0; i < op->noperands; i++)
        if (operand_state(r, op, i) <= 0) return false;
    return true;
}

void dbg_print_ready(Debugger *d, FILE *out)
{
    if (!d->running) { fprintf(out, "not running\n"); return; }
    char where[512], fn[300];
    int n = 0;
    if (d->stopped && d->stop_op) {
        frame_name(d, d->stop_frame ? d->stop_frame->body : d->stop_op->parent, fn, sizeof fn);
        fprintf(out, "next: %s in %s\n", dbg_op_where(d->stop_op, where, sizeof where), fn);
        n++;
    }
    for (FrameRec *r = d->first; r; r = r->next) {
        for (int k = 0; k < r->body->nops; k++) {
            const Op *op = r->body->ops[k];
            if (r->started[k] || is_return(op) || !op_ready(r, op)) continue;
            if (d->stopped && op == d->stop_op && r == d->stop_frame) continue;
            frame_name(d, r->body, fn, sizeof fn);
            fprintf(out, "ready: %s in %s\n", dbg_op_where(op, where, sizeof where), fn);
            n++;
        }
    }
    if (!n) fprintf(out, "no kernel is ready\n");
}

/* What the producer [def] of a value not produced yet is doing. */
static const char *producer_state(const Debugger *d, const FrameRec *r, const Op *def)
{
    if (r->started[def->index]) return "is still running";
    if (d->stopped && def == d->stop_op && r == d->stop_frame) return "is about to run";
    return "has not run";
}

/* Describes why [op] of [r] waits: one line per unresolved operand. */
static void print_waits(const Debugger *d, const FrameRec *r, const Op *op, FILE *out)
{
    char vn[128], where[512];
    for (int i = 0; i < op->noperands; i++) {
        const Value *v = op->operands[i];
        /* An operand used twice is reported once. */
        bool dup = false;
        for (int j = 0; j < i; j++) if (op->operands[j] == v) dup = true;
        if (dup) continue;
        int st = operand_state(r, op, i);
        if (st > 0) continue;
        value_name(v, vn, sizeof vn);
        if (st < 0 && v->def) {
            const char *what = producer_state(d, r, v->def);
            fprintf(out, "    %s: not produced yet (its producer %s %s)\n", vn,
                    dbg_op_where(v->def, where, sizeof where), what);
        } else if (st < 0) {
            fprintf(out, "    %s: argument not passed\n", vn);
        } else {
            fprintf(out, "    %s: unavailable (produced by %s, not resolved yet)\n", vn,
                    v->def ? dbg_op_where(v->def, where, sizeof where) : "the caller");
        }
    }
}

static int print_pending_live(Debugger *d, FILE *out)
{
    char where[512], fn[300];
    int n = 0;
    for (FrameRec *r = d->first; r; r = r->next) {
        for (int k = 0; k < r->body->nops; k++) {
            const Op *op = r->body->ops[k];
            if (r->started[k]) continue;
            if (d->stopped && op == d->stop_op && r == d->stop_frame) continue;
            frame_name(d, r->body, fn, sizeof fn);
            if (is_return(op)) {
                /* Only results whose producer never ran: the return's own
                ** references may already be handed to the caller. */
                bool any = false;
                for (int i = 0; i < op->noperands; i++)
                    if (!r->regs[op->operands[i]->index] && op->operands[i]->def) any = true;
                if (!any) continue;
                fprintf(out, "%s in %s waits for:\n", dbg_op_where(op, where, sizeof where), fn);
                char vn[128];
                for (int i = 0; i < op->noperands; i++) {
                    const Value *v = op->operands[i];
                    if (r->regs[v->index] || !v->def) continue;
                    fprintf(out, "    %s: not produced yet (its producer %s %s)\n",
                            value_name(v, vn, sizeof vn), dbg_op_where(v->def, where, sizeof where),
                            producer_state(d, r, v->def));
                }
                n++;
                continue;
            }
            if (op_ready(r, op)) continue;
            fprintf(out, "%s in %s waits for:\n", dbg_op_where(op, where, sizeof where), fn);
            print_waits(d, r, op, out);
            n++;
        }
    }
    return n;
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

void dbg_print_where(Debugger *d, FILE *out)
{
    if (!d->running || !d->stopped) { fprintf(out, "not stopped\n"); return; }
    char where[512], fn[300];
    const FrameRec *r = d->stop_frame;
    const Op *op = d->stop_op;
    for (int depth = 0; op; depth++) {
        frame_name(d, r ? r->body : op->parent, fn, sizeof fn);
        fprintf(out, "#%d %s in %s\n", depth, dbg_op_where(op, where, sizeof where), fn);
        if (!r) break;
        op = r->call_op;
        r = r->parent;
    }
}

AsyncValue *dbg_frame_value(Debugger *d, const char *name, const Type **ty, const char **why)
{
    *why = "not stopped";
    if (!d->stopped || !d->stop_frame) return NULL;
    const FrameRec *r = d->stop_frame;
    const Block *b = r->body;
    if (name[0] == '%') name++;
    const Value *found = NULL;
    for (int i = 0; i < b->nargs && !found; i++)
        if (b->args[i]->name && !strcmp(b->args[i]->name + (b->args[i]->name[0] == '%'), name))
            found = b->args[i];
    for (int k = 0; k < b->nops && !found; k++)
        for (int j = 0; j < b->ops[k]->nresults; j++) {
            const Value *v = b->ops[k]->results[j];
            if (v->name && !strcmp(v->name + (v->name[0] == '%'), name)) { found = v; break; }
        }
    if (!found) { *why = "no value of that name in this frame"; return NULL; }
    *ty = found->type;
    AsyncValue *av = r->regs[found->index];
    if (!av) { *why = "not produced yet"; return NULL; }
    for (const Use *u = found->uses; u; u = u->next) {
        const Op *user = u->user;
        if (user == d->stop_op) return av;
        if (!is_return(user) && user->parent == b && !r->started[user->index]) return av;
    }
    *why = "no longer alive (every user has run)";
    return NULL;
}

/* }================================================================== */
