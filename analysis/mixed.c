/*
** mixed.c — the schedule of each function of a run (docs/analysis.md §8),
** from one analysis of the whole run:
**
**   which functions each run function reaches (its callees, transitively,
**   through regions); a pair concerns every run that reaches the function
**   holding the block where it meets (and a `returned` line pair its own
**   run); an unmodelled op every run that reaches its function;
**   nothing concerns a run: fast;
**   every pair that concerns it meets in its own body, which runs once (the
**   function reaches no call of itself): exact, then fast, with an
**   ExecSwitch saying when (§8.1): a unit per op of the body that a pair
**   names, done when, for each of the op's effects (atoms of the body), one
**   of the op's results that the effect comes before is available; the
**   switch waits for every unit (the `returned` line, never done early, has
**   none);
**   otherwise: exact.
** When the analysis gave up or reached its cap on pairs (more may exist),
** every function runs exact.
**
** Callees are read from the IR here (op->callee and symbol attributes, as
** fx.c's sa_callees) so that a finished analysis is only read. The pairs
** and unmodelled ops come through seq.h's queries; of the analysis' inside
** only the run, the atoms of each run function's body, and whether it gave
** up or stopped listing pairs are read.
*/
#include "base/alloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/internal.h"
#include "analysis/mixed.h"
#include "ir/module.h"

typedef struct IntVec { int *v; int n, cap; } IntVec;


static void push(IntVec *a, int x)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 8;
        a->v = realloc(a->v, sizeof(int) * (size_t)a->cap);
        if (!a->v) tf_out_of_memory();
    }
    a->v[a->n++] = x;
}

/* {=====================================================================
** The call graph
** ====================================================================== */

static void callee_syms(const Module *m, const Attr *a, IntVec *out, int depth)
{
    if (!a || depth > 8) return;
    if (a->kind == ATTR_SYMBOL) {
        const Func *f = ir_module_func(m, a->u.str.s);
        if (f) push(out, f->index);
    } else if (a->kind == ATTR_ARRAY) {
        for (int i = 0; i < a->u.arr.n; i++) callee_syms(m, a->u.arr.elems[i], out, depth + 1);
    }
}

/* The functions the ops of [b] (and of its regions) name. */
static void block_callees(const Module *m, const Block *b, IntVec *out, int depth)
{
    if (depth > IR_MAX_NESTING + 2) return;
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        if (op->callee) {
            const Func *f = ir_module_func(m, op->callee);
            if (f) push(out, f->index);
        }
        for (int k = 0; k < op->nattrs; k++) callee_syms(m, op->attrs[k].value, out, 0);
        for (int r = 0; r < op->nregions; r++) block_callees(m, op->regions[r], out, depth + 1);
    }
}

/* reach[f] (nfuncs bytes): the functions [f]'s body reaches through calls,
** [f] itself only when it calls itself. */
static void reach_from(const Module *m, IntVec *adj, int f, uint8_t *reach)
{
    memset(reach, 0, (size_t)m->nfuncs);
    IntVec stack = { 0 };
    for (int i = 0; i < adj[f].n; i++) push(&stack, adj[f].v[i]);
    while (stack.n) {
        int g = stack.v[--stack.n];
        if (reach[g]) continue;
        reach[g] = 1;
        for (int i = 0; i < adj[g].n; i++)
            if (!reach[adj[g].v[i]]) push(&stack, adj[g].v[i]);
    }
    free(stack.v);
}

/* {=====================================================================
** The switch of one run function
** ====================================================================== */

static ExecSwitch *build_switch(const SeqAnalysis *a, const Func *f, const int *pairs, int npairs)
{
    const BlockAn *ba = a->fa[f->index].body;
    if (!ba) return NULL;
    int nops = f->body->nops;
    int *unit_of_op = xmalloc(sizeof(int) * (size_t)(nops + 1));
    for (int i = 0; i < nops; i++) unit_of_op[i] = -1;
    const Op **unit_op = xmalloc(sizeof *unit_op * (size_t)(2 * npairs + 1));
    int nunits = 0;
    /* The units: an op of the body per site of a pair (the result line is
    ** never done early and needs no unit). */
    for (int i = 0; i < npairs; i++) {
        const SeqPair *p = seq_pair(a, pairs[i]);
        const Op *x[2] = { p->first.path[0], p->second_is_result_line ? NULL : p->second.path[0] };
        for (int k = 0; k < 2; k++) {
            if (!x[k] || unit_of_op[x[k]->index] >= 0) continue;
            unit_of_op[x[k]->index] = nunits;
            unit_op[nunits++] = x[k];
        }
    }
    /* The switch waits for every unit (docs/analysis.md §8.1): a "pair" per
    ** unit, decided when it is done. */
    int *pa = xmalloc(sizeof(int) * (size_t)(nunits + 1)), *pb = xmalloc(sizeof(int) * (size_t)(nunits + 1));
    for (int u = 0; u < nunits; u++) pa[u] = pb[u] = u;
    npairs = nunits;
    /* The conds: one per atom of a unit's op, in unit order (a counting
    ** sort of the atoms by unit). */
    int *ustart = xcalloc((size_t)nunits + 2, sizeof(int));
    for (int i = 0; i < ba->natoms; i++) {
        int u = ba->atoms[i].op < nops ? unit_of_op[ba->atoms[i].op] : -1;
        if (u >= 0) ustart[u + 1]++;
    }
    for (int u = 0; u < nunits; u++) ustart[u + 1] += ustart[u];
    int nconds = ustart[nunits];
    int *uconds = xmalloc(sizeof(int) * (size_t)(nconds + 1));
    int *cstart = xcalloc((size_t)nconds + 2, sizeof(int));
    int *fill = xcalloc((size_t)nunits + 1, sizeof(int));
    const Atom **catom = xmalloc(sizeof *catom * (size_t)(nconds + 1));
    for (int i = 0; i < ba->natoms; i++) {
        int u = ba->atoms[i].op < nops ? unit_of_op[ba->atoms[i].op] : -1;
        if (u < 0) continue;
        int c = ustart[u] + fill[u]++;
        uconds[c] = c;
        catom[c] = &ba->atoms[i];
    }
    /* A cond's registers: the results of its op that its effect comes
    ** before. */
    for (int c = 0; c < nconds; c++) {
        const Op *x = f->body->ops[catom[c]->op];
        int n = 0;
        for (int k = 0; k < x->nresults; k++) n += sa_has(catom[c]->out, k);
        cstart[c + 1] = cstart[c] + n;
    }
    int *cregs = xmalloc(sizeof(int) * (size_t)(cstart[nconds] + 1));
    for (int c = 0; c < nconds; c++) {
        const Op *x = f->body->ops[catom[c]->op];
        int j = cstart[c];
        for (int k = 0; k < x->nresults; k++)
            if (sa_has(catom[c]->out, k)) cregs[j++] = x->results[k]->index;
    }
    free(fill);
    free(catom);
    free(unit_of_op);
    ExecSwitch *sw = xcalloc(1, sizeof *sw);
    sw->body = f->body;
    sw->nconds = nconds;
    sw->nunits = nunits;
    sw->npairs = npairs;
    sw->cstart = cstart;
    sw->cregs = cregs;
    sw->ustart = ustart;
    sw->uconds = uconds;
    sw->pa = pa;
    sw->pb = pb;
    sw->unit_op = unit_op;
    return sw;
}

static void switch_free(ExecSwitch *sw)
{
    if (!sw) return;
    free((void *)sw->cstart);
    free((void *)sw->cregs);
    free((void *)sw->ustart);
    free((void *)sw->uconds);
    free((void *)sw->pa);
    free((void *)sw->pb);
    free((void *)sw->unit_op);
    free(sw);
}

/* {=====================================================================
** The plan
** ====================================================================== */

static char *opaque_why(const SeqAnalysis *a, int i)
{
    const char *w;
    const Op *op = seq_opaque(a, i, &w);
    char *s = NULL;
    size_t n = 0;
    FILE *o = open_memstream(&s, &n);
    if (!o) tf_out_of_memory();
    fprintf(o, "%s:%d:%d: '%s' %s", a->m->filename ? a->m->filename : "<unknown>", op->line, op->col,
            op->name ? op->name : "?", w ? w : "");
    fclose(o);
    return s;
}

/* The function an op is in (NULL at module level). */
static const Func *func_of(const Op *op)
{
    return op && op->parent ? op->parent->func : NULL;
}

MixPlan *mix_plan(const SeqAnalysis *a)
{
    const Module *m = a->m;
    MixPlan *p = xcalloc(1, sizeof *p);
    p->n = a->nruns;
    p->c = xcalloc((size_t)p->n + 1, sizeof *p->c);
    bool all_exact = a->gave_up || a->pairs_truncated;
    IntVec *adj = xcalloc((size_t)m->nfuncs + 1, sizeof *adj);
    for (int i = 0; i < m->nfuncs && !all_exact; i++)
        if (m->funcs[i]->body) block_callees(m, m->funcs[i]->body, &adj[i], 0);
    uint8_t *reach = xcalloc((size_t)m->nfuncs + 1, 1);
    int *mine = xmalloc(sizeof(int) * (size_t)(seq_npairs(a) + 1));
    for (int r = 0; r < a->nruns; r++) {
        const Func *f = a->runs[r];
        MixChoice *c = &p->c[r];
        c->func = f;
        if (all_exact) {
            c->kind = MIX_EXACT;
            c->why = a->gave_up ? strdup(a->gave_up) : seq_describe(a);
            if (!c->why) tf_out_of_memory();
            continue;
        }
        reach_from(m, adj, f->index, reach);
        bool recursive = reach[f->index];
        reach[f->index] = 1;
        /* Unmodelled ops it reaches: exact. */
        int op_i = -1;
        for (int i = 0; i < seq_nopaque(a) && op_i < 0; i++) {
            const Func *g = func_of(seq_opaque(a, i, NULL));
            if (g && reach[g->index]) op_i = i;
        }
        if (op_i >= 0) {
            c->kind = MIX_EXACT;
            c->why = opaque_why(a, op_i);
            continue;
        }
        int n = 0;
        bool below = false;
        for (int i = 0; i < seq_npairs(a); i++) {
            const SeqPair *q = seq_pair(a, i);
            const Block *meet = q->first.n > 0 ? q->first.path[0]->parent : NULL;
            bool concerns = q->second_is_result_line ? q->func == f
                          : meet && meet->func && reach[meet->func->index];
            if (!concerns) continue;
            mine[n++] = i;
            if (meet != f->body) below = true;
        }
        if (n == 0) {
            c->kind = MIX_FAST;
            continue;
        }
        c->why = seq_pair_describe(a, mine[0]);
        c->sw = !below && !recursive && f->body && !f->is_sync ? build_switch(a, f, mine, n) : NULL;
        c->kind = c->sw ? MIX_SWITCH : MIX_EXACT;
    }
    for (int r = 0; r < p->n; r++) {
        switch (p->c[r].kind) {
        case MIX_FAST: p->nfast++; break;
        case MIX_EXACT: p->nexact++; break;
        case MIX_SWITCH: p->nswitch++; break;
        }
    }
    for (int i = 0; i < m->nfuncs; i++) free(adj[i].v);
    free(adj);
    free(reach);
    free(mine);
    return p;
}

void mix_plan_free(MixPlan *p)
{
    if (!p) return;
    for (int i = 0; i < p->n; i++) {
        free(p->c[i].why);
        switch_free(p->c[i].sw);
    }
    free(p->c);
    free(p);
}

const MixChoice *mix_choice(const MixPlan *p, const Func *f)
{
    for (int i = 0; p && i < p->n; i++)
        if (p->c[i].func == f) return &p->c[i];
    return NULL;
}
