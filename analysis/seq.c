/*
** seq.c — the analysis of a run (docs/execution.md §7-§8, docs/analysis.md §3
** "The driver" and §5 "Recursion and the call graph"):
** the functions the run may execute, their summaries bottom-up over the
** call graph (a recursive group to a fixpoint), then the checks top-down,
** and the queries of analysis/seq.h.
**
** Recursion: a group of functions that call one another is summarised
** twice over. First the orders through it ("result k comes after argument
** j"): these start from "always" and are recomputed until they stop
** shrinking (a greatest fixpoint: every finite run of the recursion bottoms
** out in a case that establishes them). Then, with those orders fixed, the
** effects: they start from none and are recomputed until the set stops
** growing. Both are bounded (SEQ_MAX_ROUNDS); past that the analysis gives
** up, which only ever means "not determinate".
*/
#include "base/alloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/internal.h"

/* Rounds of a recursion fixpoint before giving up (each round analyses the
** whole recursive group again; real programs settle in two or three). */
#define SEQ_MAX_ROUNDS 64

/* {=====================================================================
** The functions a run may execute
** ====================================================================== */

typedef struct Graph {
    int *edges;       /* callee indices, by function: [start[f], start[f+1]) */
    int *start;
    int *order;       /* reachable functions in the order they were reached */
    int norder;
    long ops;         /* ops in reachable bodies */
} Graph;

typedef struct IntVec { int *v; int n, cap; } IntVec;

static void ipush(IntVec *v, int x)
{
    if (v->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 64;
        v->v = realloc(v->v, sizeof(int) * (size_t)v->cap);
        if (!v->v) tf_out_of_memory();
    }
    v->v[v->n++] = x;
}

/* Appends the callees of every op of [b] (nested regions included) to
** [out], and counts tfrt.once sites. */
static void scan_block(SeqAnalysis *sa, const Block *b, IntVec *out, long *ops)
{
    *ops += b->nops;
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        /* Only ops that run bodies name functions; most ops have neither a
        ** callee, nor attributes, nor regions. */
        if (!op->callee && !op->nregions &&
            (!op->nattrs || !op->info || !(op->info->effects & (FX_DEFER | FX_SYNCCALL | FX_OPAQUE))))
            continue;
        int n;
        const Func **fs = sa_callees(sa, op, &n);
        for (int k = 0; k < n; k++) {
            ipush(out, fs[k]->index);
            if (sa_ctl_kind(op) == CTL_ONCE) sa->fa[fs[k]->index].nonce++;
        }
        for (int r = 0; r < op->nregions; r++) scan_block(sa, op->regions[r], out, ops);
    }
}

static void build_graph(SeqAnalysis *sa, Graph *g)
{
    int nf = sa->m->nfuncs;
    IntVec *adj = calloc((size_t)nf + 1, sizeof *adj);
    bool *seen = calloc((size_t)nf + 1, sizeof(bool));
    g->order = malloc(sizeof(int) * (size_t)(nf + 1));
    if (!adj || !seen || !g->order) tf_out_of_memory();
    g->norder = 0;
    g->ops = 0;
    int *queue = malloc(sizeof(int) * (size_t)(nf + 1));
    if (!queue) tf_out_of_memory();
    for (int r = 0; r < sa->nruns; r++) {
        const Func *run = sa->runs[r];
        if (seen[run->index]) continue;
        int qh = 0, qt = 0;
        queue[qt++] = run->index;
        seen[run->index] = true;
        while (qh < qt) {
            int f = queue[qh++];
            g->order[g->norder++] = f;
            sa->fa[f].run = run;
            const Func *fn = sa->m->funcs[f];
            if (!fn->body) continue;
            scan_block(sa, fn->body, &adj[f], &g->ops);
            for (int k = 0; k < adj[f].n; k++) {
                int c = adj[f].v[k];
                if (!seen[c]) {
                    seen[c] = true;
                    queue[qt++] = c;
                }
            }
        }
    }
    g->start = malloc(sizeof(int) * (size_t)(nf + 1));
    if (!g->start) tf_out_of_memory();
    int total = 0;
    for (int f = 0; f < nf; f++) {
        g->start[f] = total;
        total += adj[f].n;
    }
    g->start[nf] = total;
    g->edges = malloc(sizeof(int) * (size_t)(total + 1));
    if (!g->edges) tf_out_of_memory();
    for (int f = 0; f < nf; f++) {
        if (adj[f].n) memcpy(g->edges + g->start[f], adj[f].v, sizeof(int) * (size_t)adj[f].n);
        free(adj[f].v);
    }
    free(adj);
    free(seen);
    free(queue);
}

/* {=====================================================================
** Summaries, bottom-up
** ====================================================================== */

static void analyse_func(SeqAnalysis *sa, int f)
{
    const Func *fn = sa->m->funcs[f];
    FuncAn *fa = &sa->fa[f];
    if (!fn->body) return;                 /* natives: sa_native_summary */
    fa->body = sa_block(sa, fn->body, NULL, NULL, sa->argfacts ? sa->argfacts[f] : NULL, fa->run);
    fa->sum = fn->is_sync ? NULL : fa->body->sum;
}

static bool same_set(const Word *a, const Word *b, int n)
{
    if (!a || !b) return a == b;
    return !memcmp(a, b, sizeof(Word) * (size_t)sa_words(n));
}

/* "Every result comes after every argument, no effects": where the orders
** of a recursive group start. */
static Summary *top_summary(SeqAnalysis *sa, const Func *fn)
{
    Summary *s = sa_native_summary(sa, fn);
    s->ret_chain = fn->nresults == 1 && fn->result_types[0]->is_chain;
    return s;
}

static void analyse_group(SeqAnalysis *sa, const int *members, int n)
{
    for (int i = 0; i < n; i++) {
        const Func *fn = sa->m->funcs[members[i]];
        if (fn->body && !fn->is_sync) sa->fa[members[i]].sum = top_summary(sa, fn);
    }
    /* The orders: down from "always". */
    bool changed = true;
    int round = 0;
    for (; changed && round < SEQ_MAX_ROUNDS; round++) {
        changed = false;
        for (int i = 0; i < n; i++) {
            FuncAn *fa = &sa->fa[members[i]];
            Summary *old = fa->sum;
            analyse_func(sa, members[i]);
            if (!old || !fa->sum) continue;
            for (int k = 0; k < old->nres; k++)
                if (!same_set(old->thru[k], fa->sum->thru[k], old->nargs)) changed = true;
        }
    }
    if (changed) {
        sa_give_up(sa, "the analysis gave up: a recursion's orders did not settle");
        return;
    }
    /* The effects: up from none, with the orders fixed. */
    for (int i = 0; i < n; i++) {
        FuncAn *fa = &sa->fa[members[i]];
        if (!fa->sum) continue;
        Summary *s = sa_alloc(sa, sizeof *s);
        *s = *fa->sum;
        s->atoms = NULL;
        s->natoms = 0;
        s->ret_oargs = sa_alloc(sa, sizeof *s->ret_oargs * (size_t)(s->nres + 1));
        fa->sum = s;
    }
    changed = true;
    for (round = 0; changed && round < SEQ_MAX_ROUNDS; round++) {
        changed = false;
        for (int i = 0; i < n; i++) {
            FuncAn *fa = &sa->fa[members[i]];
            Summary *old = fa->sum;
            analyse_func(sa, members[i]);
            if (!old || !fa->sum) continue;
            if (old->natoms != fa->sum->natoms) changed = true;
            for (int k = 0; k < old->nres; k++)
                if (!same_set(old->ret_oargs[k], fa->sum->ret_oargs[k], old->nargs)) changed = true;
        }
    }
    if (changed) sa_give_up(sa, "the analysis gave up: a recursion's effects did not settle");
}

/* Tarjan's strongly connected components, iteratively (a long chain of
** calls must not exhaust the C stack). Groups come out callees first. */
static void summarise_all(SeqAnalysis *sa, const Graph *g)
{
    int nf = sa->m->nfuncs;
    int *index = malloc(sizeof(int) * (size_t)(nf + 1)), *low = malloc(sizeof(int) * (size_t)(nf + 1));
    bool *on = calloc((size_t)nf + 1, sizeof(bool));
    int *stack = malloc(sizeof(int) * (size_t)(nf + 1)), *cs = malloc(sizeof(int) * (size_t)(nf + 1));
    int *ce = malloc(sizeof(int) * (size_t)(nf + 1));
    if (!index || !low || !on || !stack || !cs || !ce) tf_out_of_memory();
    for (int i = 0; i < nf; i++) index[i] = -1;
    int next = 0, sp = 0;
    for (int oi = 0; oi < g->norder && !sa->gave_up; oi++) {
        int root = g->order[oi];
        if (index[root] >= 0) continue;
        int csp = 0;
        cs[csp] = root;
        ce[csp++] = g->start[root];
        index[root] = low[root] = next++;
        stack[sp++] = root;
        on[root] = true;
        while (csp > 0) {
            int v = cs[csp - 1];
            if (ce[csp - 1] < g->start[v + 1]) {
                int w = g->edges[ce[csp - 1]++];
                if (index[w] < 0) {
                    index[w] = low[w] = next++;
                    stack[sp++] = w;
                    on[w] = true;
                    cs[csp] = w;
                    ce[csp++] = g->start[w];
                } else if (on[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            csp--;
            if (csp > 0) {
                int u = cs[csp - 1];
                if (low[v] < low[u]) low[u] = low[v];
            }
            if (low[v] != index[v]) continue;
            /* v roots a group: pop it. */
            int top = sp;
            do { on[stack[--sp]] = false; } while (stack[sp] != v);
            int n = top - sp;
            bool self = false;
            for (int e = g->start[v]; e < g->start[v + 1]; e++) self |= g->edges[e] == v;
            if (n == 1 && !self) analyse_func(sa, v);
            else analyse_group(sa, stack + sp, n);
        }
    }
    free(index);
    free(low);
    free(on);
    free(stack);
    free(cs);
    free(ce);
}

/* {=====================================================================
** Sorting the results
** ====================================================================== */

static int op_cmp(const Op *a, const Op *b)
{
    if (a == b) return 0;
    if (!a || !b) return a ? -1 : 1;
    if (a->line != b->line) return a->line < b->line ? -1 : 1;
    if (a->col != b->col) return a->col < b->col ? -1 : 1;
    return a < b ? -1 : 1;
}

/* The op standing for the later end of a pair: the second site's op, or
** for the result line the function's tfrt.return. */
static const Op *later(const SeqPair *p)
{
    if (p->second.n > 0) return p->second.path[0];
    const Block *b = p->func ? p->func->body : NULL;
    return b && b->nops ? b->ops[b->nops - 1] : NULL;
}

static int pair_cmp(const void *pa, const void *pb)
{
    const SeqPair *a = &((const PairRec *)pa)->p, *b = &((const PairRec *)pb)->p;
    int c = op_cmp(later(a), later(b));
    if (c) return c;
    c = op_cmp(a->first.path[0], b->first.path[0]);
    if (c) return c;
    c = op_cmp(a->first.path[a->first.n - 1], b->first.path[b->first.n - 1]);
    if (c) return c;
    if (a->second.n && b->second.n) return op_cmp(a->second.path[a->second.n - 1], b->second.path[b->second.n - 1]);
    return 0;
}

static int opaque_cmp(const void *pa, const void *pb)
{
    const Opaque *a = pa, *b = pb;
    return op_cmp(a->op, b->op);
}

/* {=====================================================================
** seq_analyze
** ====================================================================== */

/* Calls deeper than this in the depth-first pass go to the call-graph
** path instead (its own loops need no C stack). */
#define SEQ_MAX_DEPTH 200

void sa_ensure(SeqAnalysis *sa, int f)
{
    FuncAn *fa = &sa->fa[f];
    if (fa->state == 2 || sa->restart) return;
    if (fa->state == 1 || sa->depth >= SEQ_MAX_DEPTH) {
        sa->restart = true;
        return;
    }
    fa->state = 1;
    if (!fa->run) fa->run = sa->cur_run;
    sa->order[sa->norder++] = f;
    sa->depth++;
    analyse_func(sa, f);
    sa->depth--;
    fa->state = 2;
}

/* A fresh arena and per-function state; the module, options and run stay. */
static void start(SeqAnalysis *sa)
{
    if (sa->arena) arena_free(sa->arena);
    sa->arena = arena_new();
    if (!sa->arena) tf_out_of_memory();
    sa->typecap = 256;
    sa->typecache = sa_alloc(sa, sizeof(uint64_t) * 2 * (size_t)sa->typecap);
    sa->last_type = NULL;
    sa->scratch = sa_alloc(sa, sizeof *sa->scratch);
    sa->scratch->budget = &sa->budget;
    sa->nfa = sa->m->nfuncs;
    sa->fa = sa_alloc(sa, sizeof *sa->fa * (size_t)(sa->m->nfuncs + 1));
    for (int i = 0; i < sa->m->nfuncs; i++) sa->fa[i].f = sa->m->funcs[i];
    sa->opaque = NULL;
    sa->nopaque = sa->capopaque = 0;
    sa->order = sa_alloc(sa, sizeof(int) * (size_t)(sa->m->nfuncs + 1));
    sa->norder = 0;
    sa->ops = 0;
    sa->depth = 0;
    sa->restart = false;
}

SeqAnalysis *seq_analyze(const Module *m, const SeqOptions *o)
{
    SeqAnalysis *sa = calloc(1, sizeof *sa);
    if (!sa) tf_out_of_memory();
    sa->m = m;
    sa->flags = o ? o->flags : 0;

    /* The run: given, or what `tfrun run` runs (docs/execution.md §1.3). */
    int cap = (o && o->funcs ? o->nfuncs : m->nfuncs) + 1;
    const Func **runs = malloc(sizeof *runs * (size_t)cap);
    if (!runs) tf_out_of_memory();
    int nruns = 0;
    if (o && o->funcs) {
        for (int i = 0; i < o->nfuncs; i++)
            if (o->funcs[i] && o->funcs[i]->body) runs[nruns++] = o->funcs[i];
    } else {
        for (int i = 0; i < m->nfuncs; i++)
            if (m->funcs[i]->body && m->funcs[i]->nargs == 0) runs[nruns++] = m->funcs[i];
    }
    sa->runs = runs;
    sa->nruns = nruns;

    /* Summaries. First depth-first, each callee when a call first needs
    ** it: one pass over the program. A recursion, a tfrt.once (whose sites
    ** must all be counted first) or a very deep chain of calls sends the
    ** analysis down the call-graph path instead, from scratch. */
    start(sa);
    sa_arg_facts(sa);
    sa->depth_first = true;
    for (int r = 0; r < nruns && !sa->restart; r++) {
        sa->cur_run = runs[r];
        sa_ensure(sa, runs[r]->index);
    }
    sa->depth_first = false;
    Graph g = { NULL, NULL, NULL, 0, 0 };
    if (sa->restart) {
        start(sa);
        build_graph(sa, &g);
        summarise_all(sa, &g);
        sa->order = g.order;
        sa->norder = g.norder;
    }

    /* The checks, top-down: each reachable body once. Enough budget for
    ** every search of a sane program many times over; a pathological one
    ** stops here instead of going quadratic. */
    sa->budget = 64 * sa->ops + 4000000;
    for (int i = 0; i < sa->norder && !sa->gave_up; i++) {
        FuncAn *fa = &sa->fa[sa->order[i]];
        if (!fa->body || fa->f->is_sync || fa->checked) continue;
        fa->checked = true;
        sa_check_block(sa, fa->body, true);
    }
    for (int r = 0; r < nruns && !sa->gave_up; r++) {
        FuncAn *fa = &sa->fa[runs[r]->index];
        if (fa->body && !fa->f->is_sync) sa_check_result_line(sa, fa->body, runs[r]);
    }
    free(g.edges);
    free(g.start);
    free(g.order);
    sa->order = NULL;
    sa_check_done(sa);

    sa_pair_chains(sa);
    if (sa->npairs > 1) qsort(sa->pairs, (size_t)sa->npairs, sizeof *sa->pairs, pair_cmp);
    if (sa->nopaque > 1) {
        qsort(sa->opaque, (size_t)sa->nopaque, sizeof *sa->opaque, opaque_cmp);
        int k = 0;
        for (int i = 0; i < sa->nopaque; i++)
            if (k == 0 || sa->opaque[k - 1].op != sa->opaque[i].op) sa->opaque[k++] = sa->opaque[i];
        sa->nopaque = k;
    }
    return sa;
}

void seq_free(SeqAnalysis *a)
{
    if (!a) return;
    arena_free(a->arena);
    sa_arg_facts_free(a);
    sa_errs_free(a);
    free(a->runs);
    free(a);
}

/* {=====================================================================
** Queries
** ====================================================================== */

bool seq_determinate(const SeqAnalysis *a)
{
    return a->nopaque == 0 && a->npairs == 0 && !a->gave_up;
}

int seq_npairs(const SeqAnalysis *a) { return a->npairs; }

const SeqPair *seq_pair(const SeqAnalysis *a, int i)
{
    return i >= 0 && i < a->npairs ? &a->pairs[i].p : NULL;
}

const char *seq_limit(const SeqAnalysis *a)
{
    if (a->gave_up) return a->gave_up;
    if (a->pairs_truncated)
        return "the analysis stopped listing unordered pairs at 4096: there are more";
    return NULL;
}

int seq_nopaque(const SeqAnalysis *a) { return a->nopaque; }

const Op *seq_opaque(const SeqAnalysis *a, int i, const char **why)
{
    if (i < 0 || i >= a->nopaque) return NULL;
    if (why) *why = a->opaque[i].why;
    return a->opaque[i].op;
}

/* The analysis of block [b], if the run reaches it. */
const BlockAn *sa_find_block(const SeqAnalysis *a, const Block *b)
{
    if (!b) return NULL;
    if (!b->parent_op) return b->func && b->func->index < a->nfa ? a->fa[b->func->index].body : NULL;
    const BlockAn *pb = sa_find_block(a, b->parent_op->parent);
    const OpAn *oa = pb ? sa_ctl_at(pb, b->parent_op->index) : NULL;
    if (!oa || !oa->regions) return NULL;
    for (int r = 0; r < oa->nbodies; r++)
        if (oa->regions[r] && oa->regions[r]->b == b) return oa->regions[r];
    return NULL;
}

bool seq_ordered(const SeqAnalysis *a, const Op *x, const Op *y)
{
    if (!x || !y || x == y || x->parent != y->parent || x->index >= y->index) return false;
    const Block *b = x->parent;
    if (!b->parent_op && b->func && b->func->is_sync) return true;    /* block order */
    const BlockAn *ba = sa_find_block(a, b);
    if (!ba) return false;
    /* The operands y waits for before it starts. */
    Word pre[1] = { 0 };
    const Word *in = SA_ALL;
    if (sa_nonstrict(y)) {
        int sel = sa_selector(y);
        if (sel < 0 && y->noperands == 1) sel = 0;
        if (sel < 0) return false;
        pre[0] = 1;
        in = pre;
    }
    Scratch sc;
    memset(&sc, 0, sizeof sc);
    bool r = sa_reach(&sc, ba, x->index, SA_ALL, y->index, in);
    sa_scratch_free(&sc);
    return r;
}

/* {=====================================================================
** Sentences
** ====================================================================== */

static void put_loc(FILE *o, const SeqAnalysis *a, const Op *op)
{
    fprintf(o, "%s:%d:%d: '%s'", a->m->filename ? a->m->filename : "<unknown>", op->line, op->col,
            op->name ? op->name : "?");
}

/* "FILE:L:C: 'op'", and the op it is reached through when it is inside a
** callee or a region. */
static void put_site(FILE *o, const SeqAnalysis *a, const SeqSite *s)
{
    put_loc(o, a, s->path[s->n - 1]);
    if (s->n > 1) fprintf(o, " (reached through '%s' at line %d)", s->path[0]->name, s->path[0]->line);
}

static const char *object_words(const SeqPair *p, char *buf, size_t cap)
{
    const char *n = p->object && p->object->name ? p->object->name : NULL;
    if (n) snprintf(buf, cap, "%s%s", n[0] == '%' ? "" : "%", n);
    else snprintf(buf, cap, "an object");
    return buf;
}

static void put_pair(FILE *o, const SeqAnalysis *a, const SeqPair *p)
{
    char obj[128];
    if (p->second_is_result_line) {
        put_site(o, a, &p->first);
        fprintf(o, " prints to the output, and no result of '%s' depends on it, so it may come after "
                "the line '%s' returned ...", p->func ? p->func->name : "?", p->func ? p->func->name : "?");
        return;
    }
    bool self = p->first.n > 0 && p->second.n > 0 && p->first.path[0] == p->second.path[0];
    if (self) {
        const Op *op = p->first.path[0];
        CtlKind k = sa_ctl_kind(op);
        const char *where = k == CTL_PARALLEL ? "two blocks" : k == CTL_BENCH ? "two runs" : "two iterations";
        if (p->second.n == 1) {
            put_site(o, a, &p->first);
            fprintf(o, " prints to the output, and nothing orders it before the report of ");
            put_loc(o, a, op);
            return;
        }
        put_loc(o, a, p->first.path[p->first.n - 1]);
        if (p->second.path[p->second.n - 1] != p->first.path[p->first.n - 1]) {
            fprintf(o, " and ");
            put_loc(o, a, p->second.path[p->second.n - 1]);
        }
        fprintf(o, " in %s of ", where);
        put_loc(o, a, op);
        switch (p->kind) {
        case SEQ_RES_OUTPUT: fprintf(o, " print to the output, and nothing orders one before the other"); break;
        case SEQ_RES_DIAG: fprintf(o, " may report runtime errors, and nothing orders one before the other"); break;
        default:
            fprintf(o, " %s %s, and nothing orders one before the other",
                    (p->first_access | p->second_access) & SEQ_READ && !((p->first_access & p->second_access) & SEQ_WRITE)
                        ? "read and write" : "write", object_words(p, obj, sizeof obj));
        }
        return;
    }
    put_site(o, a, &p->first);
    switch (p->kind) {
    case SEQ_RES_OUTPUT:
        fprintf(o, " and ");
        put_site(o, a, &p->second);
        fprintf(o, " both print to the output");
        break;
    case SEQ_RES_DIAG:
        fprintf(o, " and ");
        put_site(o, a, &p->second);
        fprintf(o, " may both report a runtime error");
        break;
    default:
        object_words(p, obj, sizeof obj);
        if ((p->first_access & SEQ_WRITE) && (p->second_access & SEQ_WRITE)) {
            fprintf(o, " and ");
            put_site(o, a, &p->second);
            fprintf(o, " both write %s", obj);
        } else if (p->first_access & SEQ_WRITE) {
            fprintf(o, " writes %s that ", obj);
            put_site(o, a, &p->second);
            fprintf(o, " reads");
        } else {
            fprintf(o, " reads %s that ", obj);
            put_site(o, a, &p->second);
            fprintf(o, " writes");
        }
        break;
    }
}

/* Closes the memory stream [o], whose buffer is *s, and returns the text. */
static char *finish(FILE *o, char **s)
{
    fclose(o);
    return *s;
}

char *seq_pair_describe(const SeqAnalysis *a, int i)
{
    char *s = NULL;
    size_t n = 0;
    FILE *o = open_memstream(&s, &n);
    if (!o) tf_out_of_memory();
    if (i >= 0 && i < a->npairs) put_pair(o, a, &a->pairs[i].p);
    return finish(o, &s);
}

char *seq_describe(const SeqAnalysis *a)
{
    char *s = NULL;
    size_t n = 0;
    FILE *o = open_memstream(&s, &n);
    if (!o) tf_out_of_memory();
    if (a->nopaque > 0) {
        put_loc(o, a, a->opaque[0].op);
        fprintf(o, " %s", a->opaque[0].why);
    } else if (a->npairs > 0) {
        put_pair(o, a, &a->pairs[0].p);
    } else if (a->gave_up) {
        fprintf(o, "%s", a->gave_up);
    } else {
        fprintf(o, "every conflicting pair is ordered");
    }
    return finish(o, &s);
}
