/*
** check.c — the pairs that meet in one block (docs/analysis.md §4
** "Checking a block", docs/execution.md §8), and the searches tfrun lint
** --fix plans its edges with.
**
** Two effects at different ops x < y of a block are ordered when a result
** of x that the first comes before reaches an operand of y that the second
** comes after, through the block's dependency graph (data and chain edges;
** through an op only from an operand its result comes after). Per
** resource, with the ops in block order (a topological order), the links
** of a chain are checked:
**   - each op that writes, against the nearest earlier op that writes;
**   - each op that reads, against the nearest writers before and after it.
** If every link holds, every conflicting pair is ordered (transitivity);
** each link that fails is reported, and those are the pairs that, once
** ordered, order all the others: the fewest a fix needs. So the list is
** linear in the program, at most SEQ_MAX_PAIRS long.
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

typedef struct PairKey { const void *block; int x, y; int pair; } PairKey;
typedef struct PairSet { PairKey *keys; int cap, n; } PairSet;

static unsigned key_slot(const void *block, int x, int y, int cap)
{
    uint64_t h = ((uint64_t)(uintptr_t)block * 31 + (uint64_t)x) * 0x9E3779B97F4A7C15ull + (uint64_t)y;
    return (unsigned)(h ^ (h >> 31)) & (unsigned)(cap - 1);
}

/* The pair of ops (block, x, y) reported already: its index, or -1 after
** adding it with index [pair]. */
static int seen_add(SeqAnalysis *sa, const void *block, int x, int y, int pair)
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
            unsigned slot = key_slot(s->keys[i].block, s->keys[i].x, s->keys[i].y, cap);
            while (k[slot].block) slot = (slot + 1) & (unsigned)(cap - 1);
            k[slot] = s->keys[i];
        }
        free(s->keys);
        s->keys = k;
        s->cap = cap;
    }
    unsigned slot = key_slot(block, x, y, s->cap);
    while (s->keys[slot].block) {
        if (s->keys[slot].block == block && s->keys[slot].x == x && s->keys[slot].y == y) return s->keys[slot].pair;
        slot = (slot + 1) & (unsigned)(s->cap - 1);
    }
    s->keys[slot] = (PairKey){ block, x, y, pair };
    s->n++;
    return -1;
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

/* Has the list room for one more pair? When it has not, the pair is lost,
** and the analysis says so (seq_limit). */
static bool room(SeqAnalysis *sa)
{
    if (sa->gave_up) return false;
    if (sa->npairs < SEQ_MAX_PAIRS) return true;
    sa->pairs_truncated = true;
    return false;
}

static PairRec *add_pair(SeqAnalysis *sa)
{
    if (sa->npairs == sa->cappairs) {
        int cap = sa->cappairs ? 2 * sa->cappairs : 16;
        PairRec *np = sa_alloc(sa, sizeof *np * (size_t)cap);
        if (sa->npairs) memcpy(np, sa->pairs, sizeof *np * (size_t)sa->npairs);
        sa->pairs = np;
        sa->cappairs = cap;
    }
    PairRec *r = &sa->pairs[sa->npairs++];
    memset(r, 0, sizeof *r);
    r->p.second_chain = -1;
    return r;
}

/* The value naming object [node] of [ba] (for messages). */
static const Value *object_name(const BlockAn *ba, int node)
{
    if (node < 0 || !ba->nodes) return NULL;
    return ba->nodes[sa_find(ba->nodes, node)].name;
}

/* The intersection of [s] (NULL, SA_ALL or [n] bits) and [t]. */
static const Word *inter(SeqAnalysis *sa, const Word *s, const Word *t, int n)
{
    if (!s || !t) return NULL;
    if (s == SA_ALL) return t;
    if (t == SA_ALL) return s;
    Word *r = sa_alloc(sa, sizeof(Word) * (size_t)sa_words(n));
    bool any = false;
    for (int i = 0; i < sa_words(n); i++) any |= (r[i] = s[i] & t[i]) != 0;
    return any ? r : NULL;
}

/* Reports that the atoms [as] at op x and [bs] at op y of [ba] are not all
** ordered ([e], [f]: the first two found unordered). A second report for
** the same two ops (another resource) only narrows what an edge between
** them must connect. */
static void report(SeqAnalysis *sa, const BlockAn *ba, const int *as, int na, const int *bs, int nb,
                   const Atom *e, const Atom *f)
{
    const Op *ox = ba->b->ops[e->op], *oy = ba->b->ops[f->op];
    if (sa->gave_up) return;
    int old = seen_add(sa, ba, e->op, f->op, sa->npairs);
    PairRec *r;
    if (old >= sa->npairs) return;        /* dropped: the list was full */
    if (old >= 0) {
        r = &sa->pairs[old];
    } else {
        if (!room(sa)) return;
        r = add_pair(sa);
        r->p.func = ba->run;
        r->p.first = site(sa, e->path);
        r->p.second = site(sa, f->path);
        r->p.kind = (SeqResKind)e->kind;
        r->p.first_access = e->access;
        r->p.second_access = f->access;
        r->p.object = e->kind == SEQ_RES_OPERAND ? object_name(ba, e->node) : NULL;
        r->ba = ba;
        r->x = e->op;
        r->y = f->op;
        r->out = SA_ALL;
        r->in = SA_ALL;
    }
    for (int i = 0; i < na; i++) r->out = inter(sa, r->out, ba->atoms[as[i]].out, ox->nresults);
    for (int j = 0; j < nb; j++) r->in = inter(sa, r->in, ba->atoms[bs[j]].in, oy->noperands);
}

/* The chain edge of each pair of two different ops (SeqPair.first_chain,
** second_chain). */
void sa_pair_chains(SeqAnalysis *sa)
{
    for (int i = 0; i < sa->npairs; i++) {
        PairRec *r = &sa->pairs[i];
        if (!r->ba) continue;
        const Op *x = r->ba->b->ops[r->x], *y = r->ba->b->ops[r->y];
        for (int k = 0; k < x->nresults && !r->p.first_chain; k++)
            if (sa_has(r->out, k) && x->results[k]->type && x->results[k]->type->is_chain)
                r->p.first_chain = x->results[k];
        bool has_chain = false;
        for (int j = 0; j < y->noperands; j++) {
            bool ch = y->operands[j]->type && y->operands[j]->type->is_chain;
            has_chain |= ch;
            if (ch && sa_has(r->in, j)) {
                r->p.second_chain = j;
                break;
            }
        }
        if (!has_chain && r->in == SA_ALL && sa_ctl_kind(y) == CTL_NONE && y->info &&
            (y->info->flags & OPF_TRAILING_CHAIN) && !sa_nonstrict(y))
            r->p.second_chain = y->noperands;
    }
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

/* Checks one link: [as] at one op before [bs] at a later one. */
static void link(SeqAnalysis *sa, const BlockAn *ba, const int *as, int na, const int *bs, int nb)
{
    const Atom *e, *f;
    if (!all_before(sa, ba, as, na, bs, nb, &e, &f)) report(sa, ba, as, na, bs, nb, e, f);
}

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
    /* Writes: each after the nearest earlier write. */
    int prev = -1;
    for (int i = 0; i < ng && !sa->gave_up; i++) {
        if (!g[i].nw) continue;
        if (prev >= 0) link(sa, ba, g[prev].w, g[prev].nw, g[i].w, g[i].nw);
        prev = i;
    }
    /* Reads: after the nearest write before them, before the nearest one
    ** after them. */
    prev = -1;
    int next = 0;
    for (int i = 0; i < ng && !sa->gave_up; i++) {
        if (g[i].nr) {
            if (prev >= 0) link(sa, ba, g[prev].w, g[prev].nw, g[i].r, g[i].nr);
            if (next <= i) for (next = i + 1; next < ng && !g[next].nw; next++) {}
            if (next < ng) link(sa, ba, g[i].r, g[i].nr, g[next].w, g[next].nw);
        }
        if (g[i].nw) prev = i;
    }
    free(g);
    free(idx);
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
    if (sa->gave_up || seen_add(sa, ba, op->index, op->index, sa->npairs) >= 0 || !room(sa)) return;
    PairRec *r = add_pair(sa);
    SeqPair *p = &r->p;
    p->func = ba->run;
    Path ps = { op, s->path }, pt = { op, t->path };
    p->first = site(sa, &ps);
    p->second = site(sa, &pt);
    p->kind = (SeqResKind)s->kind;
    p->first_access = s->access;
    p->second_access = t->access;
    p->object = object;
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
    for (int i = 0; i < b->natoms && !sa->gave_up; i++) {
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
        for (int i = 0; i < b->natoms && !sa->gave_up; i++) {
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
        for (int i = 0; i < ba->natoms && !sa->gave_up; ) {
            int j = i;
            while (j < ba->natoms && refs[j].res == refs[i].res) j++;
            if (j - i > 1) check_chain(sa, ba, refs + i, j - i);
            i = j;
        }
        free(refs);
    }
    for (int i = 0; i < ba->nctl && !sa->gave_up; i++) {
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
    for (int i = 0; i < ba->natoms && !sa->gave_up; i++) {
        const Atom *a = &ba->atoms[i];
        if (a->kind != SEQ_RES_OUTPUT || a->bout) continue;
        if (seen_add(sa, ba, a->op, -1, sa->npairs) >= 0 || !room(sa)) continue;
        SeqPair *p = &add_pair(sa)->p;
        p->func = run;
        p->first = site(sa, a->path);
        p->second = (SeqSite){ NULL, 0 };
        p->kind = SEQ_RES_OUTPUT;
        p->first_access = p->second_access = SEQ_WRITE;
        p->second_is_result_line = true;
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

/* {=====================================================================
** Chain edges a fix would add (tfrun lint --fix)
** ====================================================================== */

typedef struct EdgeRec { const Value *chain; const Op *op; int operand; int next; } EdgeRec;

struct SeqEdges {
    EdgeRec *e; int n, cap;
    int *head; int hcap;          /* by target op: first edge index + 1 */
    const Op **hkey;
    Scratch sc;
    long budget;
};

SeqEdges *seq_edges_new(const SeqAnalysis *a)
{
    SeqEdges *e = xcalloc(1, sizeof *e);
    e->budget = 64 * a->ops + 4000000;
    e->sc.budget = &e->budget;
    return e;
}

void seq_edges_free(SeqEdges *e)
{
    if (!e) return;
    free(e->e);
    free(e->head);
    free(e->hkey);
    sa_scratch_free(&e->sc);
    free(e);
}

static unsigned op_slot(const Op *op, int cap)
{
    uintptr_t k = (uintptr_t)op;
    return (unsigned)((k >> 4) ^ (k >> 17)) & (unsigned)(cap - 1);
}

/* The slot of [op] in the table by target op (its key, or an empty one). */
static unsigned edge_slot(const SeqEdges *e, const Op *op)
{
    unsigned s = op_slot(op, e->hcap);
    while (e->hkey[s] && e->hkey[s] != op) s = (s + 1) & (unsigned)(e->hcap - 1);
    return s;
}

void seq_edges_add(SeqEdges *e, const Value *chain, const Op *op, int operand)
{
    if (e->n == e->cap) {
        e->cap = e->cap ? 2 * e->cap : 16;
        e->e = xrealloc(e->e, sizeof *e->e * (size_t)e->cap);
    }
    if (2 * (e->n + 1) > e->hcap) {
        int cap = e->hcap ? 2 * e->hcap : 32;
        int *head = e->head;
        const Op **key = e->hkey;
        int old = e->hcap;
        e->head = xcalloc((size_t)cap, sizeof *e->head);
        e->hkey = xcalloc((size_t)cap, sizeof *e->hkey);
        e->hcap = cap;
        for (int i = 0; i < old; i++) {
            if (!key[i]) continue;
            unsigned s = edge_slot(e, key[i]);
            e->hkey[s] = key[i];
            e->head[s] = head[i];
        }
        free(head);
        free(key);
    }
    unsigned s = edge_slot(e, op);
    e->e[e->n] = (EdgeRec){ chain, op, operand, e->hkey[s] ? e->head[s] - 1 : -1 };
    e->hkey[s] = op;
    e->head[s] = ++e->n;
}

/* The first edge into [op], or -1. */
static int edges_into(const SeqEdges *e, const Op *op)
{
    if (!e || !e->hcap) return -1;
    unsigned s = edge_slot(e, op);
    return e->hkey[s] ? e->head[s] - 1 : -1;
}

/* Does result [result] of [z] come after its (new, when operand ==
** z->noperands) operand [operand]? */
static bool thru_edge(const BlockAn *ba, const Op *z, int result, int operand)
{
    if (operand < z->noperands) return sa_thru_has(ba, z, result, operand);
    return sa_ctl_kind(z) == CTL_NONE && !sa_nonstrict(z);    /* a strict kernel's trailing chain */
}

/* A search backward from the values on sc->bstack[0, *sp) through [ba]'s
** graph and the edges of [e], never below op index [lo]: true when it
** reaches [target] (a value), or a result of op [x] in [out]. */
static bool back_search(SeqEdges *e, const BlockAn *ba, int sp, int lo, const Value *target, int x,
                        const Word *out)
{
    Scratch *sc = &e->sc;
    const Block *b = ba->b;
    while (sp > 0) {
        if (--e->budget < 0) return false;
        const Value *v = sc->bstack[--sp].v;
        if (sc->stamp[v->index] == sc->epoch) continue;
        sc->stamp[v->index] = sc->epoch;
        if (v == target) return true;
        const Op *z = v->def;
        if (!z || z->parent != b || z->index < lo) continue;
        if (z->index == x) {
            if (sa_has(out, v->result_index)) return true;
            continue;
        }
        for (int j = 0; j < z->noperands; j++)
            if (sa_thru_has(ba, z, v->result_index, j)) push(&sc->bstack, &sp, &sc->bcap, z->operands[j]);
        const Captures *c = ba->caps ? &ba->caps[z->index] : NULL;
        for (int j = 0; c && j < c->n; j++) push(&sc->bstack, &sp, &sc->bcap, c->v[j]);
        for (int k = edges_into(e, z); k >= 0; k = e->e[k].next)
            if (thru_edge(ba, z, v->result_index, e->e[k].operand))
                push(&sc->bstack, &sp, &sc->bcap, e->e[k].chain);
    }
    return false;
}

bool seq_pair_ordered_with(const SeqAnalysis *a, int i, SeqEdges *e)
{
    if (i < 0 || i >= a->npairs || !e || e->budget < 0) return false;
    const PairRec *r = &a->pairs[i];
    if (!r->ba || !r->out || !r->in) return false;
    const BlockAn *ba = r->ba;
    const Op *y = ba->b->ops[r->y];
    scratch_reset(&e->sc, ba->b->nvalues);
    int sp = 0;
    for (int j = 0; j < y->noperands; j++)
        if (sa_has(r->in, j)) push(&e->sc.bstack, &sp, &e->sc.bcap, y->operands[j]);
    for (int k = edges_into(e, y); k >= 0; k = e->e[k].next) {
        int o = e->e[k].operand;
        if (o < y->noperands ? sa_has(r->in, o) : r->in == SA_ALL) push(&e->sc.bstack, &sp, &e->sc.bcap, e->e[k].chain);
    }
    return back_search(e, ba, sp, r->x, NULL, r->x, r->out);
}

bool seq_value_after(const SeqAnalysis *a, const Value *earlier, const Value *later, SeqEdges *e)
{
    if (!earlier || !later || !e || e->budget < 0 || earlier->block != later->block) return false;
    if (earlier == later) return true;
    const BlockAn *ba = sa_find_block(a, later->block);
    if (!ba) return false;
    scratch_reset(&e->sc, ba->b->nvalues);
    int sp = 0;
    push(&e->sc.bstack, &sp, &e->sc.bcap, later);
    return back_search(e, ba, sp, earlier->def ? earlier->def->index : 0, earlier, -1, NULL);
}
