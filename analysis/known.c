/*
** known.c — what the analysis knows of values before it looks at any order
** (docs/analysis.md §1 "Refinements"), so that a kernel's FX_FAIL stays
** only where the failure can happen:
**
** 1. Constants through calls. For each argument of each function, whether
**    every tfrt.call of it passes a non-zero or a non-negative integer
**    constant, or a valid UTF-8 string (directly, or through an argument
**    or a call's result that is known so itself); for each result, whether
**    every return of it does. The block analysis starts a function body
**    with these facts as it starts a region body with region_nz's, so a
**    division by, or a repeat over, a constant that reaches the callee as
**    an argument cannot fail (TFRT's fizzbuzz benchmark calls
**    fizzbuzz_compute(%n) with %n = 1000 from every run). A greatest
**    fixpoint: every function that is only ever called by tfrt.call starts
**    with every fact and loses those a call site does not provide, until
**    nothing changes. A function that is also run (the REPL's :run passes
**    it anything), referenced any other way (a branch, a loop body,
**    tfrt.once, a sync call), or never called has no facts.
**
** 2. What objects hold. The values of the module that may hold a variable
**    (!rv.var), a list (!tfrt.list) or a box (!tfrt.any) are put in classes
**    (a union-find over every edge a value flows along: an FX_A kernel's
**    result and its operand, a body's arguments and the operands bound to
**    them, an op's results and its bodies' returned values, a loop's
**    carried values), and each class gets three facts, each a type or
**    "unknown": what its variables hold (the type rv.create gave them; no
**    kernel changes it: rv.assign fails instead), what its lists' elements
**    are (what list.append stores), what its boxes hold (the values boxed
**    as they are passed, the elements list.get takes out, what rv.read
**    reads into a box). A least fixpoint over those contributions; a class
**    that something unknown may fill (an argument of a function that is
**    run, a result of a kernel that makes objects the analysis does not
**    model) knows nothing. So rv.assign of an i32 into a variable created
**    with an i32 cannot fail, nor can any.unbox.i32 of a box that only ever
**    holds i32s.
**
** Costs: one pass over the module's ops, and work in proportion to its
** values of those three types; a module without FX_FAIL kernels of kinds
** that ask (ops/effects.def) skips the second part.
*/
#include "base/alloc.h"
#include <stdlib.h>
#include <string.h>
#include "analysis/internal.h"

typedef struct Facts {
    SeqAnalysis *sa;
    Word **f;          /* [nfuncs]: SA_NFACTS * nargs bits each, or NULL (none) */
    Word **res;        /* [nfuncs]: SA_NFACTS * nresults bits each, or NULL */
    bool *other;       /* [nfuncs]: referenced by something but tfrt.call */
    bool changed;
} Facts;

/* The operand of [op] that binds argument [j] of its bodies (sa_argmap by
** the op's kind), or -1. */
static int region_operand(const Op *op, int j)
{
    switch (sa_ctl_kind(op)) {
    case CTL_BRANCH: case CTL_REPEAT: case CTL_WHILE: case CTL_CRITICAL: return j + 1;
    case CTL_PARALLEL: return j < 2 ? -1 : j + 1;
    case CTL_CALL: case CTL_ASYNC: case CTL_BENCH: case CTL_ONCE: case CTL_SYNCCALL: return j;
    default: return -1;
    }
}

/* {=====================================================================
** 1. Constants through calls
** ====================================================================== */

/* Is [v] known [fact] on every run? */
static bool known(const Facts *fx, const Value *v, int fact, int depth)
{
    if (depth > 64) return false;
    if (v->def) {
        const Op *d = v->def;
        if (sa_ctl_kind(d) == CTL_CALL) {
            /* What every callee returns. */
            int n;
            const Func **fs = sa_callees(fx->sa, d, &n);
            bool all = n > 0;
            for (int k = 0; k < n && all; k++) {
                const Word *w = fx->res[fs[k]->index];
                all = w && sa_has(w, fact * fs[k]->nresults + v->result_index);
            }
            if (all) return true;
        }
        /* A concatenation of values known to be UTF-8. */
        if (fact == SA_UTF8 && sa_string_of(d) == STR_CONCAT) {
            for (int i = 0; i < d->noperands; i++)
                if (!known(fx, d->operands[i], fact, depth + 1)) return false;
            return d->noperands == 2;
        }
        return sa_known(NULL, v, fact, NULL);
    }
    const Block *b = v->block;
    int j = v->result_index;
    if (!b->parent_op) {
        const Word *w = b->func ? fx->f[b->func->index] : NULL;
        return w && sa_has(w, fact * b->nargs + j);
    }
    const Op *x = b->parent_op;
    int o = region_operand(x, j);
    CtlKind k = sa_ctl_kind(x);
    if (o < 0 || o >= x->noperands || k == CTL_CALL || k == CTL_ONCE || k == CTL_SYNCCALL) return false;
    if (k == CTL_REPEAT || k == CTL_WHILE) {
        /* Loop-carried: only a value the body passes on unchanged. */
        const Op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
        if (!ret || j >= ret->noperands || ret->operands[j] != b->args[j]) return false;
    }
    return known(fx, x->operands[o], fact, depth + 1);
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
            int bits = SA_NFACTS * fs[k]->nargs;
            fx->f[g] = calloc((size_t)sa_words(bits), sizeof(Word));
            if (!fx->f[g]) tf_out_of_memory();
            for (int i = 0; i < bits; i++) sa_set(fx->f[g], i);
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
            for (int fact = 0; fact < SA_NFACTS; fact++) {
                int i = fact * g->nargs + j;
                if (!sa_has(w, i)) continue;
                if (j < op->noperands && known(fx, op->operands[j], fact, 0)) continue;
                w[i >> 6] &= ~((Word)1 << (i & 63));
                fx->changed = true;
            }
    }
}

/* }===================================================================== */

/* {=====================================================================
** 2. What objects hold
** ====================================================================== */

/* A fact is a type, NULL (nothing yet: the least fixpoint starts there) or
** TOP (unknown). */
static const Type top_type;
#define TOP (&top_type)

enum { F_HELD, F_ELEM, F_BOXED, F_N };

/* What a class's fact [fact] takes in: a type, what a value holds (its
** type, or its class's boxes), a class's elements, a class's variables'
** type, or everything (unknown). */
typedef enum CKind { C_TYPE, C_CONTENT, C_ELEM, C_HELD, C_TOP } CKind;
typedef struct Contrib { CKind kind; int fact; int node; const Type *t; int from; } Contrib;

typedef struct ObjFacts {
    const Value **key; int *node; int cap;     /* value -> node */
    int *parent; const Value **val; int nnodes, capnodes;
    const Type *(*fact)[F_N];                  /* per node (roots matter) */
    Contrib *c; int nc, capc;
    bool off;                                  /* it gave up: nothing is known */
} ObjFacts;

static bool objtype(SeqAnalysis *sa, const Type *t)
{
    TypeClass c = sa_type_class(sa, t);
    return c == TYC_VAR || c == TYC_LIST || c == TYC_ANY;
}

static unsigned vslot(const ObjFacts *of, const Value *v)
{
    uintptr_t k = (uintptr_t)v;
    unsigned s = (unsigned)((k >> 4) ^ (k >> 20)) & (unsigned)(of->cap - 1);
    while (of->key[s] && of->key[s] != v) s = (s + 1) & (unsigned)(of->cap - 1);
    return s;
}

/* The node of [v], or -1 when its type holds no object of those kinds. */
static int node_of(const ObjFacts *of, const Value *v)
{
    if (!of || !of->cap || !v) return -1;
    unsigned s = vslot(of, v);
    return of->key[s] ? of->node[s] : -1;
}

static int find(const ObjFacts *of, int n)
{
    while (of->parent[n] != n) {
        of->parent[n] = of->parent[of->parent[n]];
        n = of->parent[n];
    }
    return n;
}

static void add_node(SeqAnalysis *sa, ObjFacts *of, const Value *v)
{
    if (!objtype(sa, v->type)) return;
    if (2 * (of->nnodes + 1) > of->cap) {
        ObjFacts old = *of;
        of->cap = old.cap ? 2 * old.cap : 64;
        of->key = xcalloc((size_t)of->cap, sizeof *of->key);
        of->node = xcalloc((size_t)of->cap, sizeof *of->node);
        for (int i = 0; i < old.cap; i++) {
            if (!old.key[i]) continue;
            unsigned s = vslot(of, old.key[i]);
            of->key[s] = old.key[i];
            of->node[s] = old.node[i];
        }
        free(old.key);
        free(old.node);
    }
    if (of->nnodes == of->capnodes) {
        of->capnodes = of->capnodes ? 2 * of->capnodes : 64;
        of->parent = xrealloc(of->parent, sizeof *of->parent * (size_t)of->capnodes);
        of->val = xrealloc(of->val, sizeof *of->val * (size_t)of->capnodes);
    }
    unsigned s = vslot(of, v);
    if (of->key[s]) return;
    of->key[s] = v;
    of->node[s] = of->nnodes;
    of->parent[of->nnodes] = of->nnodes;
    of->val[of->nnodes] = v;
    of->nnodes++;
}

static void contrib(ObjFacts *of, CKind kind, int fact, int node, const Type *t, int from)
{
    if (node < 0) return;
    if (of->nc == of->capc) {
        of->capc = of->capc ? 2 * of->capc : 64;
        of->c = xrealloc(of->c, sizeof *of->c * (size_t)of->capc);
    }
    of->c[of->nc++] = (Contrib){ kind, fact, node, t, from };
}

static void unite(ObjFacts *of, int a, int b)
{
    if (a < 0 || b < 0) return;
    a = find(of, a);
    b = find(of, b);
    if (a != b) of->parent[b] = a;
}

/* [src] may reach [dst] as it is: one class, or (a value of another type
** boxed as it is passed) a box of src's type. */
static void flow(SeqAnalysis *sa, ObjFacts *of, const Value *src, const Value *dst)
{
    int d = node_of(of, dst), s = node_of(of, src);
    if (d < 0) return;
    if (s >= 0) unite(of, s, d);
    else contrib(of, C_TYPE, F_BOXED, d, src->type, -1);
    (void)sa;
}

static void unknown_results(ObjFacts *of, const Op *op)
{
    for (int k = 0; k < op->nresults; k++) contrib(of, C_TOP, 0, node_of(of, op->results[k]), NULL, -1);
}

/* The nodes of a block, its ops' and its regions'. */
static void nodes_of(SeqAnalysis *sa, ObjFacts *of, const Block *b)
{
    for (int j = 0; j < b->nargs; j++) add_node(sa, of, b->args[j]);
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        for (int k = 0; k < op->nresults; k++) add_node(sa, of, op->results[k]);
        for (int r = 0; r < op->nregions; r++) nodes_of(sa, of, op->regions[r]);
    }
}

/* A body [b] run by control op [op]: its arguments take the operands bound
** to them, the op's results its returned values, and in a loop, its
** arguments take its returned values too, and the results the initial
** values. */
static void body_flows(SeqAnalysis *sa, ObjFacts *of, const Op *op, const Block *b)
{
    CtlKind k = sa_ctl_kind(op);
    bool loop = k == CTL_REPEAT || k == CTL_WHILE;
    for (int j = 0; j < b->nargs; j++) {
        int o = region_operand(op, j);
        if (o >= 0 && o < op->noperands) flow(sa, of, op->operands[o], b->args[j]);
    }
    const Op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
    if (!ret || !ret->info || !(ret->info->flags & OPF_TERMINATOR)) {
        unknown_results(of, op);
        return;
    }
    for (int r = 0; r < op->nresults && r < ret->noperands; r++) flow(sa, of, ret->operands[r], op->results[r]);
    if (loop) {
        for (int j = 0; j < b->nargs && j < ret->noperands; j++) flow(sa, of, ret->operands[j], b->args[j]);
        for (int r = 0; r < op->nresults; r++) {
            int o = region_operand(op, r);
            if (o >= 0 && o < op->noperands) flow(sa, of, op->operands[o], op->results[r]);
        }
    }
}

static void op_flows(SeqAnalysis *sa, ObjFacts *of, const Op *op, bool *bound)
{
    const OpInfo *info = op->info;
    if (info && (info->flags & OPF_TERMINATOR)) return;
    CtlKind ctl = sa_ctl_kind(op);
    int n = 0;
    const Func **fs = op->callee || op->nattrs ? sa_callees(sa, op, &n) : NULL;
    if (!info || (info->effects & FX_OPAQUE)) {
        unknown_results(of, op);
        for (int k = 0; k < n; k++) bound[fs[k]->index] = false;
        for (int r = 0; r < op->nregions; r++)
            for (int j = 0; j < op->regions[r]->nargs; j++)
                contrib(of, C_TOP, 0, node_of(of, op->regions[r]->args[j]), NULL, -1);
        return;
    }
    if (ctl != CTL_NONE) {
        for (int r = 0; r < op->nregions; r++) body_flows(sa, of, op, op->regions[r]);
        for (int k = 0; k < n; k++) {
            if (fs[k]->body) body_flows(sa, of, op, fs[k]->body);
            else unknown_results(of, op);
        }
        if (!op->nregions && !n) unknown_results(of, op);
        return;
    }
    /* A kernel naming functions (not as a control op) passes them anything. */
    for (int k = 0; k < n; k++) bound[fs[k]->index] = false;
    unsigned fx = info->effects;
    const FailWhen *w = (fx & FX_FAIL) ? sa_fail_when(info, NULL) : NULL;
    FailKind kind = w ? w->kind : FAILK_DATA;
    /* Stored: list.append's operand into the list it writes. A list
    ** written any other way holds what the analysis does not know. */
    unsigned sb = FX_S_BITS(fx), wb = FX_W_BITS(fx);
    for (int i = 0; i < FX_MAXOP && i < op->noperands; i++)
        if ((wb >> i & 1) && !sb && sa_type_class(sa, op->operands[i]->type) == TYC_LIST)
            contrib(of, C_TOP, 0, node_of(of, op->operands[i]), NULL, -1);
    if (sb && wb) {
        int wi = __builtin_ctz(wb);
        for (int i = 0; i < 4; i++)
            if ((sb >> i & 1) && i < op->noperands && wi < op->noperands) {
                int l = node_of(of, op->operands[wi]);
                int e = node_of(of, op->operands[i]);
                if (e >= 0) contrib(of, C_CONTENT, F_ELEM, l, NULL, e);
                else contrib(of, C_TYPE, F_ELEM, l, op->operands[i]->type, -1);
            }
    }
    for (int k = 0; k < op->nresults; k++) {
        int r = node_of(of, op->results[k]);
        if (r < 0) continue;
        if (FX_A_BITS(fx)) {
            int src = sa_alias_source(op, k);
            const Value *sv = src >= 0 ? op->operands[src] : NULL;
            int s = sv ? node_of(of, sv) : -1;
            if (sv && !sa_sig_result_any(info->signature, k) && sa_type_class(sa, op->results[k]->type) == TYC_ANY &&
                sa_type_class(sa, sv->type) == TYC_LIST) {
                contrib(of, C_ELEM, F_BOXED, r, NULL, s);         /* list.get: an element */
            } else if (sv) {
                flow(sa, of, sv, op->results[k]);
            } else {
                contrib(of, C_TOP, 0, r, NULL, -1);
            }
            continue;
        }
        if (kind == FAILK_HOLD && k == 0 && op->noperands >= 1) {
            int s = node_of(of, op->operands[0]);
            if (s >= 0) contrib(of, C_CONTENT, F_HELD, r, NULL, s);
            else contrib(of, C_TYPE, F_HELD, r, op->operands[0]->type, -1);
            continue;
        }
        if (kind == FAILK_HELD_READ && k == 0 && op->noperands >= 1) {
            contrib(of, C_HELD, F_BOXED, r, NULL, node_of(of, op->operands[0]));
            continue;
        }
        if ((fx & FX_NEW) && op->noperands == 0) continue;        /* list.new: empty */
        contrib(of, C_TOP, 0, r, NULL, -1);
    }
}

static void each_flow(SeqAnalysis *sa, ObjFacts *of, const Block *b, bool *bound)
{
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        op_flows(sa, of, op, bound);
        for (int r = 0; r < op->nregions; r++) each_flow(sa, of, op->regions[r], bound);
    }
}

static const Type *join(const Type *a, const Type *b)
{
    if (!a) return b;
    if (!b || a == b) return a;
    return TOP;
}

/* What [node]'s value holds: its type, or for a box, its class's boxes. */
static const Type *content_of(SeqAnalysis *sa, const ObjFacts *of, int node)
{
    const Value *v = of->val[node];
    if (sa_type_class(sa, v->type) != TYC_ANY) return v->type;
    return of->fact[find(of, node)][F_BOXED];
}

/* Does any FX_FAIL kernel of [b] have a kind that asks what objects hold? */
static bool asks(const Block *b)
{
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        if (op->info && (op->info->effects & FX_FAIL)) {
            const FailWhen *w = sa_fail_when(op->info, NULL);
            if (w && (w->kind == FAILK_HOLD || w->kind == FAILK_HELD || w->kind == FAILK_HELD_ADD ||
                      w->kind == FAILK_HELD_READ || w->kind == FAILK_UNBOX || w->kind == FAILK_NO_LIST))
                return true;
        }
        for (int r = 0; r < op->nregions; r++)
            if (asks(op->regions[r])) return true;
    }
    return false;
}

/* Rounds of the fixpoint before it gives up (each fact of each class can
** only go up twice: nothing, a type, unknown). */
#define OBJ_MAX_ROUNDS 16

static ObjFacts *obj_facts(SeqAnalysis *sa)
{
    const Module *m = sa->m;
    bool any = false;
    for (int i = 0; i < m->nfuncs && !any; i++)
        if (m->funcs[i]->body) any = asks(m->funcs[i]->body);
    if (!any) return NULL;
    ObjFacts *of = xcalloc(1, sizeof *of);
    for (int i = 0; i < m->nfuncs; i++)
        if (m->funcs[i]->body) nodes_of(sa, of, m->funcs[i]->body);
    if (!of->nnodes) return of;
    /* Functions only control ops call get their arguments from them. */
    bool *bound = xcalloc((size_t)m->nfuncs + 1, sizeof *bound);
    for (int i = 0; i < m->nfuncs; i++) bound[i] = true;
    for (int r = 0; r < sa->nruns; r++) bound[sa->runs[r]->index] = false;
    for (int i = 0; i < m->nfuncs; i++)
        if (m->funcs[i]->body) each_flow(sa, of, m->funcs[i]->body, bound);
    for (int i = 0; i < m->nfuncs; i++) {
        const Func *f = m->funcs[i];
        if (bound[i] || !f->body) continue;
        for (int j = 0; j < f->body->nargs; j++) contrib(of, C_TOP, 0, node_of(of, f->body->args[j]), NULL, -1);
    }
    free(bound);
    /* A value that is not a box is in its class's boxes as what it is
    ** (a list passed as a !tfrt.any). */
    for (int n = 0; n < of->nnodes; n++)
        if (sa_type_class(sa, of->val[n]->type) != TYC_ANY) contrib(of, C_TYPE, F_BOXED, n, of->val[n]->type, -1);
    of->fact = xcalloc((size_t)of->nnodes, sizeof *of->fact);
    bool changed = true;
    int round = 0;
    for (; changed && round < OBJ_MAX_ROUNDS; round++) {
        changed = false;
        for (int i = 0; i < of->nc; i++) {
            const Contrib *c = &of->c[i];
            int r = find(of, c->node);
            const Type *t;
            switch (c->kind) {
            case C_TYPE: t = c->t; break;
            case C_CONTENT: t = content_of(sa, of, c->from); break;
            case C_ELEM: t = c->from >= 0 ? of->fact[find(of, c->from)][F_ELEM] : TOP; break;
            case C_HELD: t = c->from >= 0 ? of->fact[find(of, c->from)][F_HELD] : TOP; break;
            default: t = TOP; break;
            }
            if (!t) continue;
            for (int f = 0; f < F_N; f++) {
                if (c->kind != C_TOP && f != c->fact) continue;
                const Type *j = join(of->fact[r][f], t);
                if (j != of->fact[r][f]) {
                    of->fact[r][f] = j;
                    changed = true;
                }
            }
        }
    }
    if (changed) of->off = true;
    return of;
}

static void obj_facts_free(ObjFacts *of)
{
    if (!of) return;
    free(of->key);
    free(of->node);
    free(of->parent);
    free(of->val);
    free(of->fact);
    free(of->c);
    free(of);
}

/* A known fact of [v]'s class, or NULL. */
static const Type *class_fact(SeqAnalysis *sa, const Value *v, int f)
{
    const ObjFacts *of = sa ? sa->objfacts : NULL;
    int n = node_of(of, v);
    if (n < 0 || of->off || !of->fact) return NULL;
    const Type *t = of->fact[find(of, n)][f];
    return t == TOP ? NULL : t;
}

const Type *sa_content(SeqAnalysis *sa, const Value *v)
{
    if (!v || !v->type) return NULL;
    TypeClass c = sa ? sa_type_class(sa, v->type) : optable_type_class(v->type->spelling);
    if (c != TYC_ANY) return v->type;
    return class_fact(sa, v, F_BOXED);
}

const Type *sa_held(SeqAnalysis *sa, const Value *v)
{
    return class_fact(sa, v, F_HELD);
}

/* }===================================================================== */

/* Fixpoint step: a function's return takes away what it does not return. */
static void narrow_results(Facts *fx)
{
    const Module *m = fx->sa->m;
    for (int g = 0; g < m->nfuncs; g++) {
        Word *w = fx->res[g];
        const Block *b = m->funcs[g]->body;
        if (!w || !b) continue;
        const Op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
        int nres = m->funcs[g]->nresults;
        for (int k = 0; k < nres; k++)
            for (int fact = 0; fact < SA_NFACTS; fact++) {
                int i = fact * nres + k;
                if (!sa_has(w, i)) continue;
                if (ret && k < ret->noperands && known(fx, ret->operands[k], fact, 0)) continue;
                w[i >> 6] &= ~((Word)1 << (i & 63));
                fx->changed = true;
            }
    }
}

void sa_arg_facts(SeqAnalysis *sa)
{
    int n = sa->m->nfuncs;
    Facts fx = { sa, calloc((size_t)n + 1, sizeof(Word *)), calloc((size_t)n + 1, sizeof(Word *)),
                 calloc((size_t)n + 1, 1), false };
    if (!fx.f || !fx.res || !fx.other) tf_out_of_memory();
    for (int g = 0; g < n; g++) {
        const Func *f = sa->m->funcs[g];
        if (!f->body || f->nresults == 0 || f->is_sync) continue;
        int bits = SA_NFACTS * f->nresults;
        fx.res[g] = xcalloc((size_t)sa_words(bits), sizeof(Word));
        for (int i = 0; i < bits; i++) sa_set(fx.res[g], i);
    }
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
        narrow_results(&fx);
    } while (fx.changed);
    free(fx.other);
    sa->argfacts = fx.f;
    sa->resfacts = fx.res;
    sa->objfacts = obj_facts(sa);
}

void sa_arg_facts_free(SeqAnalysis *sa)
{
    obj_facts_free(sa->objfacts);
    sa->objfacts = NULL;
    for (int i = 0; sa->resfacts && i < sa->m->nfuncs; i++) free(sa->resfacts[i]);
    free(sa->resfacts);
    sa->resfacts = NULL;
    if (!sa->argfacts) return;
    for (int i = 0; i < sa->m->nfuncs; i++) free(sa->argfacts[i]);
    free(sa->argfacts);
    sa->argfacts = NULL;
}
