/*
** errs.c — which values of a run may be error values (docs/analysis.md §3
** "Errors overtake"): a non-strict op whose selector is an error (tfrt.if,
** cond, case with an error condition or index; tfrt.repeat.i32 with an
** error or a negative trip count) sets every result to that error at once,
** before its other operands are available (kernels/control.c's branch_now
** and repeat_start), so its results come after its selector only. block.c
** asks sa_may_error() about the selector of each such op; everything else
** the analysis orders is unchanged.
**
** A value may be an error when it is the result of
**   - a kernel that may report one (its FX_FAIL stands: sa_direct_effects
**     writes the diagnostics), an op whose effects are not modelled, an op
**     tfrun does not know, a native function (native_error), a callee that
**     cannot run there (a declaration, a tfrt.sync function);
**   - a strict kernel with an operand that may be one (it is skipped with
**     it, docs/execution.md §4);
**   - a control op whose selector may be one, or whose body may return one
**     at that position: a region's arguments take their operands' facts, a
**     function's arguments the union over every site that runs it (and all
**     of them for a function the driver runs with arguments, and for a body
**     run by tfrt.once, parallel ops, benchmarks, critical sections);
**   - a loop-carried value the body may return as one.
** A least fixpoint over the whole module: every pass recomputes every
** block forward (regions inside their op), with the facts of the previous
** pass for function arguments, function results and loop-carried values;
** facts only grow, and the passes stop when one adds nothing. Past
** ERR_MAX_PASSES the analysis stops and every value may be an error
** (sound: that only takes orders away).
**
** Not modelled, as for the rest of the analysis (docs/analysis.md §6):
** cancellation (tfrt_test.cancel is opaque; --timeout, and a call beyond
** --max-call-depth, stop the request, after which calls and loops end with
** errors at once).
**
** Computed on first demand: a program without a selector that is not a
** constant pays nothing. The facts are malloc'ed (they survive the
** analysis restarting from scratch, which frees its arena) and freed by
** sa_errs_free.
*/
#include "base/alloc.h"
#include <stdlib.h>
#include <string.h>
#include "analysis/internal.h"

/* Passes before giving up (each is linear in the module). */
#define ERR_MAX_PASSES 64

/* One block's facts: bit i of [me] says value i may be an error. */
typedef struct EBlock {
    const Block *b;
    Word *me;
} EBlock;

struct ErrFacts {
    EBlock **tab; int cap, n;      /* open addressing on the Block pointer */
    Word **argme, **resme;         /* per function: nargs / nresults bits */
    bool changed;
    bool gave_up;                  /* every value may be an error */
};

static unsigned eb_home(const Block *b, int cap)
{
    uintptr_t x = (uintptr_t)b >> 4;
    return (unsigned)((x * 0x9E3779B97F4A7C15ull) >> 32) & (unsigned)(cap - 1);
}

static EBlock *eb_find(const ErrFacts *E, const Block *b)
{
    if (!E->cap) return NULL;
    for (unsigned i = eb_home(b, E->cap);; i = (i + 1) & (unsigned)(E->cap - 1)) {
        if (!E->tab[i]) return NULL;
        if (E->tab[i]->b == b) return E->tab[i];
    }
}

static EBlock *eb_get(ErrFacts *E, const Block *b)
{
    EBlock *e = eb_find(E, b);
    if (e) return e;
    if (2 * (E->n + 1) > E->cap) {
        int cap = E->cap ? 2 * E->cap : 64;
        EBlock **t = xcalloc((size_t)cap, sizeof *t);
        for (int i = 0; i < E->cap; i++) {
            if (!E->tab[i]) continue;
            unsigned j = eb_home(E->tab[i]->b, cap);
            while (t[j]) j = (j + 1) & (unsigned)(cap - 1);
            t[j] = E->tab[i];
        }
        free(E->tab);
        E->tab = t;
        E->cap = cap;
    }
    unsigned i = eb_home(b, E->cap);
    while (E->tab[i]) i = (i + 1) & (unsigned)(E->cap - 1);
    e = xcalloc(1, sizeof *e);
    e->b = b;
    e->me = xcalloc((size_t)sa_words(b->nvalues) + 1, sizeof(Word));
    E->tab[i] = e;
    E->n++;
    return e;
}

/* Sets bit [i] of [s], noting a change. */
static void grow(ErrFacts *E, Word *s, int i)
{
    if (sa_has(s, i)) return;
    sa_set(s, i);
    E->changed = true;
}

static bool me_of(const EBlock *e, const Value *v)
{
    return sa_has(e->me, v->index);
}

/* Does [op] itself report errors (its FX_FAIL stands), or is it not
** modelled? Only the op's own operands are consulted (a division by a
** non-zero constant cannot fail), not what a block's arguments are known
** to hold: that knowledge has its own format in the block analysis, and a
** value known there but not here only costs an order, never soundness. */
static bool may_fail(SeqAnalysis *sa, const Op *op)
{
    if (!op->info) return true;
    SeqEffect eff[16];
    const char *why;
    int n = sa_direct_effects(sa, op, NULL, false, eff, 16, &why);
    if (n < 0) return true;
    if (n > 16) n = 16;
    for (int i = 0; i < n; i++)
        if (eff[i].kind == SEQ_RES_DIAG) return true;
    return false;
}

/* The operand of [op] bound to argument [j] of its region or callee, or
** -1 (sa_argmap by the op's kind). */
static int bound_operand(const Op *op, CtlKind ctl, int j)
{
    switch (ctl) {
    case CTL_BRANCH: case CTL_REPEAT: case CTL_WHILE: case CTL_CRITICAL: return j + 1;
    case CTL_PARALLEL: return j < 2 ? -1 : j + 1;
    default: return j < op->noperands ? j : -1;
    }
}

static void block_pass(SeqAnalysis *sa, ErrFacts *E, const Block *b, int depth);

/* The return operand [k] of region [r] may be an error. */
static bool ret_me(ErrFacts *E, const Block *r, int k)
{
    const Op *ret = r->nops ? r->ops[r->nops - 1] : NULL;
    if (!ret || !(ret->info && (ret->info->flags & OPF_TERMINATOR)) || k >= ret->noperands) return true;
    const EBlock *e = eb_find(E, r);
    return !e || me_of(e, ret->operands[k]);
}

/* Region [r] of control op [op] (in block [pe]), with argument j taking
** operand bound_operand(j)'s fact, or every fact when [all]. Loops also
** take the body's own result j from the previous pass. */
static void region(SeqAnalysis *sa, ErrFacts *E, EBlock *pe, const Op *op, CtlKind ctl,
                   const Block *r, bool all, int depth)
{
    EBlock *re = eb_get(E, r);
    for (int j = 0; j < r->nargs; j++) {
        int o = bound_operand(op, ctl, j);
        bool m = all || o < 0 || o >= op->noperands || me_of(pe, op->operands[o]);
        if (ctl == CTL_REPEAT && ret_me(E, r, j)) m = true;
        if (m) grow(E, re->me, r->args[j]->index);
    }
    block_pass(sa, E, r, depth + 1);
}

/* Function [g] run by [op] (block [pe]): its arguments take the facts of
** the operands bound to them (every fact when [all]). False when [g]
** cannot run there (its results are then errors at once). */
static bool callee_args(ErrFacts *E, const EBlock *pe, const Op *op, CtlKind ctl, const Func *g, bool all)
{
    if (g->is_native || !g->body || g->is_sync) return false;
    Word *a = E->argme[g->index];
    for (int j = 0; j < g->nargs; j++) {
        int o = bound_operand(op, ctl, j);
        bool m = all || o < 0 || o >= op->noperands || me_of(pe, op->operands[o]);
        if (ctl == CTL_WHILE && sa_has(E->resme[g->index], j)) m = true;   /* carried */
        if (m) grow(E, a, j);
    }
    return true;
}

/* The facts of [op]'s results in block [e]. */
static void op_pass(SeqAnalysis *sa, ErrFacts *E, EBlock *e, const Op *op, int depth)
{
    bool in = false;
    for (int j = 0; j < op->noperands && !in; j++) in = me_of(e, op->operands[j]);
    CtlKind ctl = sa_ctl_kind(op);
    bool all = false;                  /* every result */
    Word *some = NULL;                 /* or these (over the results) */
    if (!op->info || (op->info->effects & FX_OPAQUE) || (ctl == CTL_NONE && op->nregions > 0)) {
        all = true;
    } else if (ctl == CTL_NONE) {
        all = in || may_fail(sa, op);
    } else if (ctl == CTL_CALL || ctl == CTL_BRANCH) {
        bool sel = ctl == CTL_BRANCH && op->noperands > 0 && me_of(e, op->operands[0]);
        all = sel;
        some = xcalloc((size_t)sa_words(op->nresults) + 1, sizeof(Word));
        if (ctl == CTL_BRANCH && op->nregions > 0) {
            for (int r = 0; r < 2; r++) {
                if (r >= op->nregions) { all = true; continue; }    /* nothing to take */
                region(sa, E, e, op, ctl, op->regions[r], false, depth);
                for (int k = 0; k < op->nresults; k++)
                    if (ret_me(E, op->regions[r], k)) sa_set(some, k);
            }
        } else {
            int n;
            const Func **fs = sa_callees(sa, op, &n);
            if (n == 0) all = true;
            for (int i = 0; i < n; i++) {
                if (!callee_args(E, e, op, ctl, fs[i], false)) { all = true; continue; }
                for (int k = 0; k < op->nresults; k++)
                    if (k >= fs[i]->nresults || sa_has(E->resme[fs[i]->index], k)) sa_set(some, k);
            }
        }
    } else if (ctl == CTL_REPEAT) {
        all = (op->noperands > 0 && me_of(e, op->operands[0])) || may_fail(sa, op) || op->nregions < 1;
        some = xcalloc((size_t)sa_words(op->nresults) + 1, sizeof(Word));
        if (op->nregions > 0) {
            region(sa, E, e, op, ctl, op->regions[0], false, depth);
            for (int k = 0; k < op->nresults; k++)
                if ((k + 1 < op->noperands && me_of(e, op->operands[k + 1])) || ret_me(E, op->regions[0], k))
                    sa_set(some, k);
        }
    } else if (ctl == CTL_ASYNC) {
        /* Strict: an error operand skips it. */
        all = in || op->nregions < 1;
        some = xcalloc((size_t)sa_words(op->nresults) + 1, sizeof(Word));
        if (op->nregions > 0) {
            region(sa, E, e, op, ctl, op->regions[0], false, depth);
            for (int k = 0; k < op->nresults; k++)
                if (ret_me(E, op->regions[0], k)) sa_set(some, k);
        }
    } else if (ctl == CTL_WHILE) {
        /* Strict; the results are the last carried values or the error of
        ** a condition. */
        all = in;
        int n;
        const Func **fs = sa_callees(sa, op, &n);
        if (n == 0) all = true;
        for (int i = 0; i < n; i++) {
            if (!callee_args(E, e, op, ctl, fs[i], false)) { all = true; continue; }
            for (int k = 0; k < fs[i]->nresults; k++)
                if (sa_has(E->resme[fs[i]->index], k)) all = true;
        }
    } else {
        /* tfrt.once, parallel ops, benchmarks, critical sections, sync
        ** calls: their bodies may get anything; their results may be
        ** errors. */
        all = true;
        for (int r = 0; r < op->nregions; r++) region(sa, E, e, op, ctl, op->regions[r], true, depth);
        int n;
        const Func **fs = sa_callees(sa, op, &n);
        for (int i = 0; i < n; i++) callee_args(E, e, op, ctl, fs[i], true);
    }
    for (int k = 0; k < op->nresults; k++)
        if (all || (some && sa_has(some, k))) grow(E, e->me, op->results[k]->index);
    free(some);
}

static void block_pass(SeqAnalysis *sa, ErrFacts *E, const Block *b, int depth)
{
    if (depth > IR_MAX_NESTING + 2) {
        E->gave_up = true;
        return;
    }
    EBlock *e = eb_get(E, b);
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        if (op->info && (op->info->flags & OPF_TERMINATOR)) continue;
        op_pass(sa, E, e, op, depth);
    }
}

static void compute(SeqAnalysis *sa)
{
    const Module *m = sa->m;
    ErrFacts *E = xcalloc(1, sizeof *E);
    sa->errs = E;
    int n = m->nfuncs;
    E->argme = xcalloc((size_t)n + 1, sizeof *E->argme);
    E->resme = xcalloc((size_t)n + 1, sizeof *E->resme);
    for (int i = 0; i < n; i++) {
        E->argme[i] = xcalloc((size_t)sa_words(m->funcs[i]->nargs) + 1, sizeof(Word));
        E->resme[i] = xcalloc((size_t)sa_words(m->funcs[i]->nresults) + 1, sizeof(Word));
    }
    /* The REPL's :run passes a run function's arguments itself. */
    for (int r = 0; r < sa->nruns; r++) {
        const Func *f = sa->runs[r];
        for (int j = 0; j < f->nargs; j++) sa_set(E->argme[f->index], j);
    }
    int pass = 0;
    do {
        E->changed = false;
        for (int i = 0; i < n && !E->gave_up; i++) {
            const Func *f = m->funcs[i];
            if (!f->body || f->is_sync) continue;
            EBlock *e = eb_get(E, f->body);
            for (int j = 0; j < f->nargs; j++)
                if (sa_has(E->argme[i], j)) grow(E, e->me, f->body->args[j]->index);
            block_pass(sa, E, f->body, 0);
            const Op *ret = f->body->nops ? f->body->ops[f->body->nops - 1] : NULL;
            bool isret = ret && ret->info && (ret->info->flags & OPF_TERMINATOR);
            for (int k = 0; k < f->nresults; k++)
                if (!isret || k >= ret->noperands || me_of(e, ret->operands[k])) grow(E, E->resme[i], k);
        }
    } while (E->changed && !E->gave_up && ++pass < ERR_MAX_PASSES);
    if (E->changed) E->gave_up = true;
}

bool sa_may_error(SeqAnalysis *sa, const Value *v)
{
    if (!v) return true;
    const Op *d = v->def;
    if (d && d->info && d->info->family == SYN_CONSTANT) return false;
    if (!sa->errs) compute(sa);
    const ErrFacts *E = sa->errs;
    if (E->gave_up) return true;
    const EBlock *e = eb_find(E, v->block);
    return !e || me_of(e, v);
}

void sa_errs_free(SeqAnalysis *sa)
{
    ErrFacts *E = sa->errs;
    if (!E) return;
    for (int i = 0; i < E->cap; i++) {
        if (!E->tab[i]) continue;
        free(E->tab[i]->me);
        free(E->tab[i]);
    }
    free(E->tab);
    for (int i = 0; i < sa->m->nfuncs; i++) {
        free(E->argme[i]);
        free(E->resme[i]);
    }
    free(E->argme);
    free(E->resme);
    free(E);
    sa->errs = NULL;
}
