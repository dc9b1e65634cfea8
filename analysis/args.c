/*
** args.c — what every caller passes a function (docs/analysis.md,
** "Refinements"): for each argument of each function, whether every
** tfrt.call of it passes a non-zero or a non-negative integer constant
** (directly, or through an argument that is known so itself). The block
** analysis starts a function body with these facts as it starts a region
** body with region_nz's, so a division by, or a repeat over, a constant
** that reaches the callee as an argument cannot fail (TFRT's fizzbuzz
** benchmark calls fizzbuzz_compute(%n) with %n = 1000 from every run).
**
** A greatest fixpoint: every function that is only ever called by
** tfrt.call starts with every fact and loses those a call site does not
** provide, until nothing changes. A function that is also run (the REPL's
** :run passes it anything), referenced any other way (a branch, a loop
** body, tfrt.once, a sync call), or never called has no facts.
*/
#include "base/alloc.h"
#include <stdlib.h>
#include <string.h>
#include "analysis/internal.h"

typedef struct Facts {
    SeqAnalysis *sa;
    Word **f;          /* [nfuncs]: 2 * nargs bits each, or NULL (none) */
    bool *other;       /* [nfuncs]: referenced by something but tfrt.call */
    bool changed;
} Facts;

/* The operand of [op] that binds argument [j] of its region (sa_argmap by
** the op's kind), or -1. */
static int region_operand(const Op *op, int j)
{
    switch (sa_ctl_kind(op)) {
    case CTL_BRANCH: case CTL_REPEAT: case CTL_WHILE: case CTL_CRITICAL: return j + 1;
    case CTL_PARALLEL: return j < 2 ? -1 : j + 1;
    case CTL_ASYNC: case CTL_BENCH: return j;
    default: return -1;
    }
}

/* Is [v] known non-zero ([bit] 0) or non-negative ([bit] 1) on every run? */
static bool known(const Facts *fx, const Value *v, int bit, int depth)
{
    if (bit == 0 ? sa_const_nonzero(v) : sa_const_nonneg(v)) return true;
    if (v->def || depth > 64) return false;
    const Block *b = v->block;
    int j = v->result_index;
    if (!b->parent_op) {
        const Word *w = b->func ? fx->f[b->func->index] : NULL;
        return w && sa_has(w, bit * b->nargs + j);
    }
    const Op *x = b->parent_op;
    int o = region_operand(x, j);
    if (o < 0 || o >= x->noperands) return false;
    if (sa_ctl_kind(x) == CTL_REPEAT) {
        /* Loop-carried: only a value the body passes on unchanged. */
        const Op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
        if (!ret || j >= ret->noperands || ret->operands[j] != b->args[j]) return false;
    }
    return known(fx, x->operands[o], bit, depth + 1);
}

typedef void (*OpFn)(Facts *fx, const Op *op);

static void each_op(Facts *fx, const Block *b, OpFn fn)
{
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        fn(fx, op);
        for (int r = 0; r < op->nregions; r++) each_op(fx, op->regions[r], fn);
    }
}

static void each_body(Facts *fx, OpFn fn)
{
    const Module *m = fx->sa->m;
    for (int i = 0; i < m->nfuncs; i++)
        if (m->funcs[i]->body) each_op(fx, m->funcs[i]->body, fn);
}

/* First pass: which functions tfrt.call reaches, and which others do. */
static void mark(Facts *fx, const Op *op)
{
    int n = 0;
    const Func **fs = sa_callees(fx->sa, op, &n);
    bool call = sa_ctl_kind(op) == CTL_CALL;
    for (int k = 0; k < n; k++) {
        int g = fs[k]->index;
        if (!call) {
            fx->other[g] = true;
        } else if (!fx->f[g] && fs[k]->nargs > 0) {
            fx->f[g] = calloc((size_t)sa_words(2 * fs[k]->nargs), sizeof(Word));
            if (!fx->f[g]) tf_out_of_memory();
            for (int i = 0; i < 2 * fs[k]->nargs; i++) sa_set(fx->f[g], i);
        }
    }
}

/* Fixpoint step: a call site takes away what it does not pass. */
static void narrow(Facts *fx, const Op *op)
{
    if (sa_ctl_kind(op) != CTL_CALL) return;
    int n = 0;
    const Func **fs = sa_callees(fx->sa, op, &n);
    for (int k = 0; k < n; k++) {
        const Func *g = fs[k];
        Word *w = fx->f[g->index];
        if (!w) continue;
        for (int j = 0; j < g->nargs; j++)
            for (int bit = 0; bit < 2; bit++) {
                int i = bit * g->nargs + j;
                if (!sa_has(w, i)) continue;
                if (j < op->noperands && known(fx, op->operands[j], bit, 0)) continue;
                w[i >> 6] &= ~((Word)1 << (i & 63));
                fx->changed = true;
            }
    }
}

void sa_arg_facts(SeqAnalysis *sa)
{
    int n = sa->m->nfuncs;
    Facts fx = { sa, calloc((size_t)n + 1, sizeof(Word *)), calloc((size_t)n + 1, 1), false };
    if (!fx.f || !fx.other) tf_out_of_memory();
    each_body(&fx, mark);
    for (int i = 0; i < n; i++) {
        if (!fx.other[i]) continue;
        free(fx.f[i]);
        fx.f[i] = NULL;
    }
    for (int r = 0; r < sa->nruns; r++) {
        int i = sa->runs[r]->index;
        free(fx.f[i]);
        fx.f[i] = NULL;
    }
    do {
        fx.changed = false;
        each_body(&fx, narrow);
    } while (fx.changed);
    free(fx.other);
    sa->argfacts = fx.f;
}

void sa_arg_facts_free(SeqAnalysis *sa)
{
    if (!sa->argfacts) return;
    for (int i = 0; i < sa->m->nfuncs; i++) free(sa->argfacts[i]);
    free(sa->argfacts);
    sa->argfacts = NULL;
}
