/*
** check.c — the pairs that meet in one block (docs/analysis.md §4
** "Checking a block", docs/execution.md §8).
**
** Two effects at different ops x < y of a block are ordered when a result
** of x that the first comes before reaches an operand of y that the second
** comes after, through the block's dependency graph (data and chain edges;
** through an op only from an operand its result comes after). Per
** resource, with the ops in block order (a topological order):
**   - the writes must form a chain: each op that writes is ordered after
**     the previous one, which by transitivity orders it after all earlier
**     ones;
**   - each op that reads must come after the last write before it and
**     before the first write after it.
** When a link fails, the search goes on past it so that every unordered
** pair is found (for tfrun lint), at most SEQ_MAX_PAIRS of them.
**
** One op can also conflict with itself: a loop's iterations, a parallel
** op's blocks, a benchmark's runs (checkself).
**
** Each question is a backward search from y's operands that never goes
** below x's index (values there cannot depend on x), with visited marks
** by epoch, so a chain of prints costs one step per link. Every step is
** paid from sa->budget; when it runs out the analysis gives up (not
** determinate).
*/
#include "base/alloc.h"
#include <stdlib.h>
#include <string.h>
#include "analysis/internal.h"

/* Pairs reported at most (a program with more is not determinate anyway;
** the list stops growing). */
#define SEQ_MAX_PAIRS 4096

/* {=====================================================================
** Reachability
** ====================================================================== */

static void scratch_reset(Scratch *sc, int nvalues)
{
    if (sc->cap < nvalues) {
        free(sc->stamp);
        sc->cap = nvalues + 64;
        sc->stamp = calloc(2 * (size_t)sc->cap, sizeof(int));
        if (!sc->stamp) tf_out_of_memory();
        sc->epoch = 0;
    }
    if (++sc->epoch == 0x7fffffff) {
        memset(sc->stamp, 0, 2 * sizeof(int) * (size_t)sc->cap);
        sc->epoch = 1;
    }
}

static void push(Item **st, int *sp, int *cap, const Value *v)
{
    if (*sp == *cap) {
        *cap = *cap ? 2 * *cap : 256;
        *st = realloc(*st, sizeof **st * (size_t)*cap);
        if (!*st) tf_out_of_memory();
    }
    (*st)[(*sp)++] = (Item){ v, NULL, -1 };
}

void sa_scratch_free(Scratch *sc)
{
    free(sc->stamp);
    free(sc->bstack);
    free(sc->fstack);
    sc->stamp = NULL;
    sc->bstack = sc->fstack = NULL;
    sc->cap = sc->bcap = sc->fcap = 0;
}

/* The state of one question: reach from op x (results [out]) to op y
** (operands [in]) of [ba]. */
typedef struct Search {
    Scratch *sc;
    const BlockAn *ba;
    const Block *b;
    int x, y;
    const Word *out, *in;
    int bsp, fsp;
} Search;

/* One step backward: look at one operand of the op that made the value
** on top. 1: reached x; -1: nothing left; 0: go on. */
static int back_step(Search *s)
{
    Scratch *sc = s->sc;
    if (s->bsp == 0) return -1;
    Item *t = &sc->bstack[s->bsp - 1];
    const Value *v = t->v;
    const Op *z = v->def;
    if (t->next < 0) {
        int *mark = &sc->stamp[v->index];
        if (*mark == sc->epoch) { s->bsp--; return 0; }
        *mark = sc->epoch;
        if (!z || z->parent != s->b || z->index < s->x) { s->bsp--; return 0; }
        if (z->index == s->x) {
            if (sa_has(s->out, v->result_index)) return 1;
            s->bsp--;
            return 0;
        }
        t->next = 0;
        return 0;
    }
    /* The operands, then the values z's regions use (Captures: z is an
    ** unknown op, whose results come after all of them). */
    const Captures *c = s->ba->caps ? &s->ba->caps[z->index] : NULL;
    int nin = z->noperands + (c ? c->n : 0);
    if (t->next >= nin) { s->bsp--; return 0; }
    int j = t->next++;
    if (j >= z->noperands) push(&sc->bstack, &s->bsp, &sc->bcap, c->v[j - z->noperands]);
    else if (sa_thru_has(s->ba, z, v->result_index, j)) push(&sc->bstack, &s->bsp, &sc->bcap, z->operands[j]);
    return 0;
}

/* The op of block [b] that [op] is, or whose region holds it, or NULL. */
static const Op *op_in_block(const Op *op, const Block *b)
{
    for (int guard = 0; op && guard < IR_MAX_NESTING + 8; guard++) {
        if (op->parent == b) return op;
        op = op->parent ? op->parent->parent_op : NULL;
    }
    return NULL;
}

/* One step forward: look at one result of the user of one use of the value
** on top (uses come in source order, which is block order). */
static int fwd_step(Search *s)
{
    Scratch *sc = s->sc;
    if (s->fsp == 0) return -1;
    Item *t = &sc->fstack[s->fsp - 1];
    const Value *v = t->v;
    if (t->next < 0) {
        int *mark = &sc->stamp[sc->cap + v->index];
        if (*mark == sc->epoch) { s->fsp--; return 0; }
        *mark = sc->epoch;
        t->use = v->uses;
        t->next = 0;
        return 0;
    }
    const Use *u = t->use;
    /* A use inside a region of an op of the block (an unknown op, which
    ** sees the values around it) is a use by that op (Captures). */
    const Op *z = u ? op_in_block(u->user, s->b) : NULL;
    if (!z || z->index > s->y) { s->fsp--; return 0; }
    bool inside = z != u->user;
    if (z->index == s->y) {
        if (!inside && sa_has(s->in, u->operand)) return 1;
        t->use = u->next;
        t->next = 0;
        return 0;
    }
    if (t->next >= z->nresults) {
        t->use = u->next;
        t->next = 0;
        return 0;
    }
    int k = t->next++;
    if (inside || sa_thru_has(s->ba, z, k, u->operand)) push(&sc->fstack, &s->fsp, &sc->fcap, z->results[k]);
    return 0;
}

/* Two searches, one step each in turn: backward from y's operands (never
** below x), forward from x's results (never past y). Whichever runs dry
** first without meeting the other end decides "no". Every step looks at
** one operand or one use, so a wide op costs its width only to a search
** that needs it: a chain link costs a step or two, a dead end too. */
bool sa_reach(Scratch *sc, const BlockAn *ba, int x, const Word *out, int y, const Word *in)
{
    if (x >= y || !out || !in || sc->exhausted) return false;
    const Block *b = ba->b;
    const Op *ox = b->ops[x], *oy = b->ops[y];
    scratch_reset(sc, b->nvalues);
    Search s = { sc, ba, b, x, y, out, in, 0, 0 };
    for (int j = 0; j < oy->noperands; j++)
        if (sa_has(in, j)) push(&sc->bstack, &s.bsp, &sc->bcap, oy->operands[j]);
    for (int k = 0; k < ox->nresults; k++)
        if (sa_has(out, k)) push(&sc->fstack, &s.fsp, &sc->fcap, ox->results[k]);
    for (;;) {
        if (sc->budget && --*sc->budget < 0) {
            sc->exhausted = true;
            return false;
        }
        int r = back_step(&s);
        if (r) return r > 0;
        r = fwd_step(&s);
        if (r) return r > 0;
    }
}

/* sa_reach for the checks: running out of budget gives up the analysis. */
static bool ordered(SeqAnalysis *sa, const BlockAn *ba, int x, const Word *out, int y, const Word *in)
{
    bool r = sa_reach(sa->scratch, ba, x, out, y, in);
    if (sa->scratch->exhausted) sa_give_up(sa, "the analysis gave up: too many dependencies to follow");
    return r;
}

/* {=====================================================================
** Reporting
** ====================================================================== */

typedef struct PairKey { const void *block; int x, y; } PairKey;
typedef struct PairSet { PairKey *keys; int cap, n; } PairSet;

/* Adds (block, x, y); false when it was there already. */
static bool seen_add(SeqAnalysis *sa, const void *block, int x, int y)
{
    PairSet *s = sa->seen;
    if (!s) {
        s = sa->seen = sa_alloc(sa, sizeof *s);
    }
    if (2 * (s->n + 1) > s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        PairKey *k = calloc((size_t)cap, sizeof *k);
        if (!k) tf_out_of_memory();
        for (int i = 0; i < s->cap; i++) {
            if (!s->keys[i].block) continue;
            uint64_t h = ((uint64_t)(uintptr_t)s->keys[i].block * 31 + (uint64_t)s->keys[i].x) * 0x9E3779B97F4A7C15ull + (uint64_t)s->keys[i].y;
            unsigned slot = (unsigned)(h ^ (h >> 31)) & (unsigned)(cap - 1);
            while (k[slot].block) slot = (slot + 1) & (unsigned)(cap - 1);
            k[slot] = s->keys[i];
        }
        free(s->keys);
        s->keys = k;
        s->cap = cap;
    }
    uint64_t h = ((uint64_t)(uintptr_t)block * 31 + (uint64_t)x) * 0x9E3779B97F4A7C15ull + (uint64_t)y;
    unsigned slot = (unsigned)(h ^ (h >> 31)) & (unsigned)(s->cap - 1);
    while (s->keys[slot].block) {
        if (s->keys[slot].block == block && s->keys[slot].x == x && s->keys[slot].y == y) return false;
        slot = (slot + 1) & (unsigned)(s->cap - 1);
    }
    s->keys[slot] = (PairKey){ block, x, y };
    s->n++;
    return true;
}

static SeqSite site(SeqAnalysis *sa, const Path *p)
{
    int n = 0;
    for (const Path *q = p; q; q = q->next) n++;
    const Op **ops = sa_alloc(sa, sizeof *ops * (size_t)(n ? n : 1));
    n = 0;
    for (const Path *q = p; q; q = q->next) ops[n++] = q->op;
    return (SeqSite){ ops, n };
}

static bool full(SeqAnalysis *sa)
{
    if (sa->npairs >= SEQ_MAX_PAIRS) {
        sa->pairs_truncated = true;
        return true;
    }
    return sa->gave_up != NULL;
}

static void add_pair(SeqAnalysis *sa, const SeqPair *p)
{
    if (full(sa)) return;
    if (sa->npairs == sa->cappairs) {
        int cap = sa->cappairs ? 2 * sa->cappairs : 16;
        SeqPair *np = sa_alloc(sa, sizeof *np * (size_t)cap);
        if (sa->npairs) memcpy(np, sa->pairs, sizeof *np * (size_t)sa->npairs);
        sa->pairs = np;
        sa->cappairs = cap;
    }
    sa->pairs[sa->npairs++] = *p;
}

/* The value naming object [node] of [ba] (for messages). */
static const Value *object_name(const BlockAn *ba, int node)
{
    if (node < 0 || !ba->nodes) return NULL;
    return ba->nodes[sa_find(ba->nodes, node)].name;
}

/* Reports that [e] (at op x) and [f] (at op y) of [ba] are unordered. */
static void report(SeqAnalysis *sa, const BlockAn *ba, const Atom *e, const Atom *f)
{
    if (full(sa) || !seen_add(sa, ba, e->op, f->op)) return;
    SeqPair p;
    memset(&p, 0, sizeof p);
    p.func = ba->run;
    p.first = site(sa, e->path);
    p.second = site(sa, f->path);
    p.kind = (SeqResKind)e->kind;
    p.first_access = e->access;
    p.second_access = f->access;
    p.object = e->kind == SEQ_RES_OPERAND ? object_name(ba, e->node) : NULL;
    add_pair(sa, &p);
}

/* {=====================================================================
** Resource keys: which atoms touch one resource
** ====================================================================== */

/* Every root of [ba]'s objects gets a key, equal for roots that may be one
** object: in a function body, roots holding arguments of compatible types
** (callers may pass one object twice); in a region body, roots holding
** arguments take the key of the operand they are bound to. */
static void block_keys(SeqAnalysis *sa, BlockAn *ba, bool function_body)
{
    if (ba->nnodes == 0) return;
    ba->key = sa_alloc(sa, sizeof(int) * (size_t)ba->nnodes);
    for (int i = 0; i < ba->nnodes; i++) ba->key[i] = -1;
    int comp[6], ckey[6];
    for (int c = 0; c < 6; c++) { comp[c] = c; ckey[c] = -1; }
    const OpAn *poa = !function_body && ba->parent ? sa_ctl_at(ba->parent, ba->parent_op->index) : NULL;
    if (function_body) {
        /* Classes that may hold one object join one component; TYC_ANY
        ** joins every class that occurs. */
        unsigned seen = 0;
        for (int i = 0; i < ba->nnodes; i++) {
            if (ba->nodes[i].parent != i || ba->nodes[i].arg < 0) continue;
            unsigned cls = ba->nodes[i].cls;
            seen |= cls;
            int first = -1;
            for (int c = 0; c < 6; c++) {
                if (!(cls >> c & 1)) continue;
                if (first < 0) { first = c; continue; }
                int a = first, b = c;
                while (comp[a] != a) a = comp[a];
                while (comp[b] != b) b = comp[b];
                comp[b] = a;
            }
        }
        if (seen & TYC_ANY) {
            int any = __builtin_ctz(TYC_ANY);
            for (int c = 0; c < 6; c++) {
                if (!(seen >> c & 1)) continue;
                int a = any, b = c;
                while (comp[a] != a) a = comp[a];
                while (comp[b] != b) b = comp[b];
                if (a != b) comp[b] = a;
            }
        }
    }
    for (int i = 0; i < ba->nnodes; i++) {
        if (ba->nodes[i].parent != i) continue;
        const Node *n = &ba->nodes[i];
        int key = -1;
        if (n->arg >= 0 && function_body && n->cls) {
            int c = __builtin_ctz(n->cls);
            while (comp[c] != c) c = comp[c];
            if (ckey[c] < 0) ckey[c] = sa->next_key++;
            key = ckey[c];
        } else if (n->arg >= 0 && poa) {
            int o = sa_argmap(poa, n->arg);
            const BlockAn *pb = ba->parent;
            const Value *v = o >= 0 && o < poa->op->noperands ? poa->op->operands[o] : NULL;
            int pn = v && pb->vnode ? pb->vnode[v->index] : -1;
            if (pn >= 0 && pb->key) key = pb->key[sa_find(pb->nodes, pn)];
        }
        ba->key[i] = key >= 0 ? key : sa->next_key++;
    }
}

/* The resource of [a]: the output 0, objects from 1, the diagnostics last
** (pairs are reported once per pair of ops, and a pair that prints or
** touches an object says more than one that may report errors). */
#define RES_DIAG 0x7fffffff
static int atom_res(const BlockAn *ba, const Atom *a)
{
    if (a->kind != SEQ_RES_OPERAND) return a->kind == SEQ_RES_OUTPUT ? 0 : RES_DIAG;
    return 1 + ba->key[sa_find(ba->nodes, a->node)];
}

typedef struct Ref { int res, idx; } Ref;

static int ref_cmp(const void *pa, const void *pb)
{
    const Ref *a = pa, *b = pb;
    if (a->res != b->res) return a->res < b->res ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* {=====================================================================
** The chain of one resource
** ====================================================================== */

/* One op's atoms on the resource: writes and reads, as atom indices. */
typedef struct Grp { int op; int *w; int nw; int *r; int nr; } Grp;

/* Are all of [as] (atom indices) ordered before all of [bs]? On failure
** *e and *f are the first pair found. */
static bool all_before(SeqAnalysis *sa, const BlockAn *ba, const int *as, int na, const int *bs, int nb,
                       const Atom **e, const Atom **f)
{
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            const Atom *x = &ba->atoms[as[i]], *y = &ba->atoms[bs[j]];
            /* Identical placements answer alike: skip repeats. */
            bool dup = false;
            for (int k = 0; k < i && !dup; k++)
                dup = ba->atoms[as[k]].out == x->out && ba->atoms[as[k]].op == x->op;
            if (dup) continue;
            if (!ordered(sa, ba, x->op, x->out, y->op, y->in)) {
                *e = x;
                *f = y;
                return false;
            }
        }
    return true;
}

/* Growable lists of group numbers, one per write group. */
typedef struct GList { int *v; int n, cap; } GList;

static void gpush(GList *l, int x)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 4;
        l->v = realloc(l->v, sizeof(int) * (size_t)l->cap);
        if (!l->v) tf_out_of_memory();
    }
    l->v[l->n++] = x;
}

/* Groups are checked only this many times over (each unordered pair of
** write groups is one entry): past it the list of pairs is cut short. */
#define SEQ_MAX_ENTRIES (16 * SEQ_MAX_PAIRS)

static void check_chain(SeqAnalysis *sa, const BlockAn *ba, const Ref *refs, int n)
{
    /* Group the atoms by op (they are in op order). */
    Grp *g = calloc((size_t)n, sizeof *g);
    int *idx = malloc(sizeof(int) * (size_t)(2 * n));
    if (!g || !idx) tf_out_of_memory();
    int ng = 0, used = 0;
    for (int i = 0; i < n; ) {
        int op = ba->atoms[refs[i].idx].op, j = i;
        while (j < n && ba->atoms[refs[j].idx].op == op) j++;
        Grp *gr = &g[ng++];
        gr->op = op;
        gr->w = idx + used;
        for (int k = i; k < j; k++)
            if (ba->atoms[refs[k].idx].access & SEQ_WRITE) gr->w[gr->nw++] = refs[k].idx;
        used += gr->nw;
        gr->r = idx + used;
        for (int k = i; k < j; k++)
            if (!(ba->atoms[refs[k].idx].access & SEQ_WRITE)) gr->r[gr->nr++] = refs[k].idx;
        used += gr->nr;
        i = j;
    }
    int *wg = malloc(sizeof(int) * (size_t)(ng + 1));
    if (!wg) tf_out_of_memory();
    int nwg = 0;
    for (int i = 0; i < ng; i++)
        if (g[i].nw) wg[nwg++] = i;
    /* before[b]: the earlier write groups NOT ordered before write group b
    ** (positions in wg); after[a]: the later ones not ordered after a. */
    GList *before = calloc((size_t)nwg + 1, sizeof *before), *after = calloc((size_t)nwg + 1, sizeof *after);
    if (!before || !after) tf_out_of_memory();
    long entries = 0;
    const Atom *e, *f;

    /* Writes: each after every earlier one. Walking back from b to the
    ** first write a ordered before it covers everything ordered before a
    ** (transitivity); what a itself is not ordered after is in before[a]. */
    for (int bi = 0; bi < nwg && !full(sa) && entries < SEQ_MAX_ENTRIES; bi++) {
        const Grp *b = &g[wg[bi]];
        int anchor = -1;
        for (int ai = bi - 1; ai >= 0; ai--) {
            const Grp *a = &g[wg[ai]];
            if (all_before(sa, ba, a->w, a->nw, b->w, b->nw, &e, &f)) { anchor = ai; break; }
            report(sa, ba, e, f);
            gpush(&before[bi], ai);
            entries++;
            if (full(sa)) break;
        }
        for (int k = 0; anchor >= 0 && k < before[anchor].n && !full(sa); k++) {
            const Grp *c = &g[wg[before[anchor].v[k]]];
            if (all_before(sa, ba, c->w, c->nw, b->w, b->nw, &e, &f)) continue;
            report(sa, ba, e, f);
            gpush(&before[bi], before[anchor].v[k]);
            entries++;
        }
    }
    for (int bi = 0; bi < nwg; bi++)
        for (int k = 0; k < before[bi].n; k++) gpush(&after[before[bi].v[k]], bi);

    /* Reads: after the writes before them, before the writes after them,
    ** by the same walk each way. */
    for (int yi = 0; yi < ng && !full(sa) && entries < SEQ_MAX_ENTRIES; yi++) {
        const Grp *y = &g[yi];
        if (!y->nr) continue;
        int pos = 0;
        while (pos < nwg && wg[pos] < yi) pos++;
        int anchor = -1;
        for (int ai = pos - 1; ai >= 0 && !full(sa); ai--) {
            const Grp *a = &g[wg[ai]];
            if (all_before(sa, ba, a->w, a->nw, y->r, y->nr, &e, &f)) { anchor = ai; break; }
            report(sa, ba, e, f);
            entries++;
        }
        for (int k = 0; anchor >= 0 && k < before[anchor].n && !full(sa); k++) {
            const Grp *c = &g[wg[before[anchor].v[k]]];
            if (all_before(sa, ba, c->w, c->nw, y->r, y->nr, &e, &f)) continue;
            report(sa, ba, e, f);
            entries++;
        }
        int from = pos < nwg && wg[pos] == yi ? pos + 1 : pos;
        anchor = -1;
        for (int ci = from; ci < nwg && !full(sa); ci++) {
            const Grp *c = &g[wg[ci]];
            if (all_before(sa, ba, y->r, y->nr, c->w, c->nw, &e, &f)) { anchor = ci; break; }
            report(sa, ba, e, f);
            entries++;
        }
        for (int k = 0; anchor >= 0 && k < after[anchor].n && !full(sa); k++) {
            const Grp *d = &g[wg[after[anchor].v[k]]];
            if (all_before(sa, ba, y->r, y->nr, d->w, d->nw, &e, &f)) continue;
            report(sa, ba, e, f);
            entries++;
        }
    }
    if (entries >= SEQ_MAX_ENTRIES) sa->pairs_truncated = true;
    for (int i = 0; i < nwg; i++) {
        free(before[i].v);
        free(after[i].v);
    }
    free(before);
    free(after);
    free(g);
    free(idx);
    free(wg);
}

/* {=====================================================================
** An op that conflicts with itself: loops, parallel blocks, benchmarks
** ====================================================================== */

/* The resource of summary atom [t] of a body of [oa] in [ba]: -1 when it
** is an object nothing outside one run of the body sees. */
static int satom_res(const BlockAn *ba, const OpAn *oa, const Summary *s, const SAtom *t)
{
    if (t->kind != SEQ_RES_OPERAND) return t->kind == SEQ_RES_OUTPUT ? 0 : RES_DIAG;
    const Op *op = oa->op;
    for (int j = 0; t->oargs && j < s->nargs; j++) {
        if (!sa_has(t->oargs, j)) continue;
        int o = sa_argmap(oa, j);
        const Value *v = o >= 0 && o < op->noperands ? op->operands[o] : NULL;
        int n = v && ba->vnode ? ba->vnode[v->index] : -1;
        if (n >= 0) return 1 + ba->key[sa_find(ba->nodes, n)];
    }
    for (int k = 0; t->orets && k < s->nres && k < op->nresults; k++) {
        if (!sa_has(t->orets, k)) continue;
        int n = ba->vnode ? ba->vnode[op->results[k]->index] : -1;
        if (n >= 0) return 1 + ba->key[sa_find(ba->nodes, n)];
    }
    return -1;
}

/* Does the op at the end of [p] report one fixed message wherever it fails
** (a division: "Divide by zero", FX_NZ)? Then two runs of it that both fail
** print the same diagnostic twice, in either order: no conflict. */
static bool fixed_message(const Path *p)
{
    while (p && p->next) p = p->next;
    return p && p->op->info && FX_NZ_BITS(p->op->info->effects) != 0;
}

/* Is [s] in one iteration (run) of [oa]'s body ordered before [t] in the
** next one? */
static bool next_ordered(const OpAn *oa, const Summary *b, const SAtom *s, const SAtom *t)
{
    switch (oa->ctl) {
    case CTL_BENCH:
        /* A run starts once the previous run's result is available. */
        return sa_has(s->out, 0);
    case CTL_WHILE:
        /* The next iteration starts once the condition is available. */
        if (b->nres > 0 && sa_has(s->out, b->nres - 1)) return true;
        /* fallthrough */
    case CTL_REPEAT:
        /* Through a loop-carried value: s before result k, t after argument k. */
        for (int k = 0; k < b->nres && k < b->nargs; k++)
            if (sa_has(s->out, k) && sa_has(t->in, k)) return true;
        return false;
    default:
        return false;    /* parallel blocks: nothing orders them */
    }
}

static void report_self(SeqAnalysis *sa, const BlockAn *ba, const Op *op, const SAtom *s, const SAtom *t,
                        const Value *object)
{
    if (full(sa) || !seen_add(sa, ba, op->index, op->index)) return;
    SeqPair p;
    memset(&p, 0, sizeof p);
    p.func = ba->run;
    Path ps = { op, s->path }, pt = { op, t->path };
    p.first = site(sa, &ps);
    p.second = site(sa, &pt);
    p.kind = (SeqResKind)s->kind;
    p.first_access = s->access;
    p.second_access = t->access;
    p.object = object;
    add_pair(sa, &p);
}

static void check_self(SeqAnalysis *sa, const BlockAn *ba, const OpAn *oa)
{
    if (oa->ctl != CTL_REPEAT && oa->ctl != CTL_WHILE && oa->ctl != CTL_PARALLEL && oa->ctl != CTL_BENCH) return;
    const Summary *b = oa->nbodies ? oa->bodies[0] : NULL;
    if (!b || b->natoms == 0) return;
    int *res = malloc(sizeof(int) * (size_t)b->natoms);
    if (!res) tf_out_of_memory();
    for (int i = 0; i < b->natoms; i++) res[i] = satom_res(ba, oa, b, &b->atoms[i]);
    /* The diagnostics last (see atom_res). */
    for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < b->natoms && !full(sa); i++) {
        const SAtom *s = &b->atoms[i];
        if (res[i] < 0 || (res[i] == RES_DIAG) != (pass == 1)) continue;
        for (int j = i; j < b->natoms; j++) {
            const SAtom *t = &b->atoms[j];
            if (res[j] != res[i] || !((s->access | t->access) & SEQ_WRITE)) continue;
            if (j == i && res[i] == RES_DIAG && fixed_message(s->path)) continue;
            if (next_ordered(oa, b, s, t) && next_ordered(oa, b, t, s)) continue;
            const Value *obj = NULL;
            if (s->kind == SEQ_RES_OPERAND) {
                /* Name it by the operand or result the object comes through. */
                for (int k = 0; k < b->nargs && !obj; k++)
                    if (sa_has(s->oargs, k)) {
                        int o = sa_argmap(oa, k);
                        if (o >= 0 && o < oa->op->noperands) obj = oa->op->operands[o];
                    }
                for (int k = 0; k < b->nres && k < oa->op->nresults && !obj; k++)
                    if (sa_has(s->orets, k)) obj = oa->op->results[k];
            }
            report_self(sa, ba, oa->op, s, t, obj);
            break;
        }
    }
    /* The benchmark's report comes after the runs whose result it waited for. */
    if (oa->ctl == CTL_BENCH && (oa->op->info->effects & FX_OUT))
        for (int i = 0; i < b->natoms && !full(sa); i++) {
            const SAtom *s = &b->atoms[i];
            if (s->kind != SEQ_RES_OUTPUT || sa_has(s->out, 0)) continue;
            SAtom report_atom = { SEQ_RES_OUTPUT, SEQ_WRITE, NULL, NULL, NULL, NULL, NULL };
            report_self(sa, ba, oa->op, s, &report_atom, NULL);
            break;
        }
    free(res);
}

/* {=====================================================================
** Entry points
** ====================================================================== */

void sa_check_block(SeqAnalysis *sa, BlockAn *ba, bool function_body)
{
    if (sa->gave_up) return;
    block_keys(sa, ba, function_body);
    if (!ba->sync && ba->natoms > 1) {
        Ref *refs = malloc(sizeof *refs * (size_t)ba->natoms);
        if (!refs) tf_out_of_memory();
        for (int i = 0; i < ba->natoms; i++) refs[i] = (Ref){ atom_res(ba, &ba->atoms[i]), i };
        qsort(refs, (size_t)ba->natoms, sizeof *refs, ref_cmp);
        for (int i = 0; i < ba->natoms && !full(sa); ) {
            int j = i;
            while (j < ba->natoms && refs[j].res == refs[i].res) j++;
            if (j - i > 1) check_chain(sa, ba, refs + i, j - i);
            i = j;
        }
        free(refs);
    }
    for (int i = 0; i < ba->nctl && !full(sa); i++) {
        const OpAn *oa = ba->ctl[i];
        if (!ba->sync) check_self(sa, ba, oa);
        for (int r = 0; oa->regions && r < oa->nbodies; r++)
            if (oa->regions[r]) sa_check_block(sa, oa->regions[r], false);
    }
}

/* The driver prints `'NAME' returned ...` once every result is available
** (docs/execution.md §1.5): an output effect of the run that no result depends on
** may come after it. */
void sa_check_result_line(SeqAnalysis *sa, BlockAn *ba, const Func *run)
{
    if (run->nresults == 0 || ba->sync) return;
    for (int i = 0; i < ba->natoms && !full(sa); i++) {
        const Atom *a = &ba->atoms[i];
        if (a->kind != SEQ_RES_OUTPUT || a->bout) continue;
        if (!seen_add(sa, ba, a->op, -1)) continue;
        SeqPair p;
        memset(&p, 0, sizeof p);
        p.func = run;
        p.first = site(sa, a->path);
        p.second = (SeqSite){ NULL, 0 };
        p.kind = SEQ_RES_OUTPUT;
        p.first_access = p.second_access = SEQ_WRITE;
        p.second_is_result_line = true;
        add_pair(sa, &p);
    }
}

void sa_check_done(SeqAnalysis *sa)
{
    sa_scratch_free(sa->scratch);
    if (sa->seen) {
        free(sa->seen->keys);
        sa->seen->keys = NULL;
        sa->seen->cap = sa->seen->n = 0;
    }
}
