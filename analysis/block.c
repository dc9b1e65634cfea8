/*
** block.c — one block of the run (docs/execution.md §8; docs/analysis.md §2
** "Objects" and §3 "The order"): the effects of its ops as atoms, the
** objects its mutable values hold, and the block's summary for the op that
** runs it.
**
** One forward pass over the ops: a kernel's atoms come from fx.c (after
** every operand when it is strict, before every result); a control op's
** come from the summaries of its bodies, lifted: an effect inside is after
** the operands whose arguments it depends on inside and before the results
** that depend on it inside (non-strictness, docs/execution.md §4), plus whatever a
** strict op or a selector orders. Then, when a caller needs it, a forward
** pass of argument sets and a backward pass of result sets over the block's
** dependency graph turn the atoms into the summary.
**
** Costs: the forward pass is O(ops + operands); the dataflow passes are
** O(values x words) and run only for blocks with arguments or results that
** matter. A block of pure kernels allocates nothing per op.
*/
#include "base/alloc.h"
#include <stdlib.h>
#include <string.h>
#include "analysis/internal.h"
#include "ir/module.h"

/* {=====================================================================
** Memory and small helpers
** ====================================================================== */

void *sa_alloc(SeqAnalysis *sa, size_t n)
{
    void *p = arena_alloc(sa->arena, n ? n : 1);
    if (!p) tf_out_of_memory();
    return p;
}


static Word *new_set(SeqAnalysis *sa, int n) { return sa_alloc(sa, sizeof(Word) * (size_t)sa_words(n)); }

static bool set_empty(const Word *s, int n)
{
    if (!s) return true;
    if (s == SA_ALL) return n == 0;
    for (int i = 0; i < sa_words(n); i++)
        if (s[i]) return false;
    return true;
}

/* An arena copy of the [n]-bit set [s], or NULL when it is empty. */
static const Word *keep_set(SeqAnalysis *sa, const Word *s, int n)
{
    if (set_empty(s, n)) return NULL;
    Word *c = new_set(sa, n);
    if (s == SA_ALL) {
        for (int i = 0; i < n; i++) sa_set(c, i);
    } else {
        memcpy(c, s, sizeof(Word) * (size_t)sa_words(n));
    }
    return c;
}

static const Path *cons(SeqAnalysis *sa, const Op *op, const Path *next)
{
    Path *p = sa_alloc(sa, sizeof *p);
    p->op = op;
    p->next = next;
    return p;
}

void sa_give_up(SeqAnalysis *sa, const char *why)
{
    if (!sa->gave_up) sa->gave_up = why;
}

void sa_opaque(SeqAnalysis *sa, const Op *op, const char *why)
{
    for (int i = sa->nopaque - 1; i >= 0 && i >= sa->nopaque - 8; i--)
        if (sa->opaque[i].op == op) return;
    if (sa->nopaque == sa->capopaque) {
        int cap = sa->capopaque ? 2 * sa->capopaque : 16;
        Opaque *o = sa_alloc(sa, sizeof *o * (size_t)cap);
        if (sa->nopaque) memcpy(o, sa->opaque, sizeof *o * (size_t)sa->nopaque);
        sa->opaque = o;
        sa->capopaque = cap;
    }
    sa->opaque[sa->nopaque].op = op;
    sa->opaque[sa->nopaque].why = why;
    sa->nopaque++;
}

/* {=====================================================================
** Objects: a union-find over the block's mutable values
** ====================================================================== */

int sa_find(Node *nodes, int i)
{
    while (nodes[i].parent != i) {
        nodes[i].parent = nodes[nodes[i].parent].parent;
        i = nodes[i].parent;
    }
    return i;
}

/* The state of the forward pass over one block. */
typedef struct Walk {
    SeqAnalysis *sa;
    BlockAn *ba;
    Atom *atoms; int natoms, capatoms;
    OpAn **ctl; int nctl, capctl;
    Node *nodes; int nnodes, capnodes;
} Walk;

static int new_node(Walk *w, const Value *v, int arg, unsigned cls)
{
    if (w->nnodes == w->capnodes) {
        w->capnodes = w->capnodes ? 2 * w->capnodes : 16;
        w->nodes = realloc(w->nodes, sizeof *w->nodes * (size_t)w->capnodes);
        if (!w->nodes) tf_out_of_memory();
    }
    int i = w->nnodes++;
    w->nodes[i] = (Node){ i, arg, arg >= 0 ? cls : 0u, v };
    return i;
}

static void unite(Walk *w, int a, int b)
{
    if (a < 0 || b < 0) return;
    a = sa_find(w->nodes, a);
    b = sa_find(w->nodes, b);
    if (a == b) return;
    Node *na = &w->nodes[a], *nb = &w->nodes[b];
    /* The root keeps the earliest name: an argument, else the first value. */
    bool keep_a = na->arg >= 0 ? (nb->arg < 0 || na->arg <= nb->arg)
                               : (nb->arg < 0 && na->name && nb->name && na->name->index <= nb->name->index);
    if (!keep_a) { Node *t = na; na = nb; nb = t; int x = a; a = b; b = x; }
    nb->parent = a;
    if (na->arg < 0) na->arg = nb->arg;
    na->cls |= nb->cls;
    if (!na->name) na->name = nb->name;
}

/* The node of value [v] of this block, or -1 when its type is immutable. */
static int node_of(Walk *w, const Value *v)
{
    int *vn = w->ba->vnode;
    return vn && v->block == w->ba->b ? vn[v->index] : -1;
}

/* Gives [v] a node if its type is mutable. */
static int value_node(Walk *w, const Value *v, int arg)
{
    TypeClass c = sa_type_class(w->sa, v->type);
    if (c == TYC_NONE) return -1;
    BlockAn *ba = w->ba;
    if (!ba->vnode) {
        ba->vnode = sa_alloc(w->sa, sizeof(int) * (size_t)(ba->b->nvalues + 1));
        memset(ba->vnode, 0xff, sizeof(int) * (size_t)(ba->b->nvalues + 1));
    }
    int n = new_node(w, v, arg, (unsigned)c);
    ba->vnode[v->index] = n;
    return n;
}

/* {=====================================================================
** Atoms
** ====================================================================== */

static void add_atom(Walk *w, int op, SeqResKind kind, unsigned access, int node,
                     const Word *in, const Word *out, const Path *path)
{
    if (w->natoms == w->capatoms) {
        w->capatoms = w->capatoms ? 2 * w->capatoms : 16;
        w->atoms = realloc(w->atoms, sizeof *w->atoms * (size_t)w->capatoms);
        if (!w->atoms) tf_out_of_memory();
    }
    w->atoms[w->natoms++] = (Atom){ op, (uint8_t)kind, (uint8_t)access, node, in, out, NULL, NULL, path };
}

/* The operands that come before everything [op] does: all of them when it
** is strict; else the selector, or its only operand (docs/execution.md §4: a
** non-strict op is ready when its first operand is). */
static const Word *pre_set(SeqAnalysis *sa, const Op *op)
{
    if (!sa_nonstrict(op)) return SA_ALL;
    int sel = sa_selector(op);
    if (sel < 0 && op->noperands == 1) sel = 0;
    if (sel < 0) return NULL;
    Word *s = new_set(sa, op->noperands);
    sa_set(s, sel);
    return s;
}

/* A kernel: its own effects, and the objects of its results. */
static void plain_op(Walk *w, const Op *op)
{
    SeqAnalysis *sa = w->sa;
    BlockAn *ba = w->ba;
    const OpInfo *info = op->info;
    unsigned fx = info ? info->effects : 0;
    const Path *path = NULL;
    const Word *in = pre_set(sa, op);
    if (info && !(fx & FX_OPAQUE)) {
        SeqEffect eff[16];
        const char *why;
        int n = sa_direct_effects(sa, op, ba->nzargs, ba->sync, eff, 16, &why);
        if (n > 16) n = 16;    /* (no kernel has more than a handful) */
        for (int i = 0; i < n; i++) {
            if (!path) path = cons(sa, op, NULL);
            int node = -1;
            if (eff[i].kind == SEQ_RES_OPERAND) {
                node = node_of(w, op->operands[eff[i].operand]);
                if (node < 0) continue;
            }
            add_atom(w, op->index, eff[i].kind, eff[i].access, node, in, SA_ALL, path);
        }
        if ((fx & FX_ALLOC) && (sa->flags & SEQ_ALLOC_REPORTS))
            sa_opaque(sa, op, "allocates through a host allocator that reports its allocations and frees");
    }
    /* FX_S: the stored operand joins the object written. */
    unsigned s = FX_S_BITS(fx), wb = FX_W_BITS(fx);
    if (s && wb) {
        int wi = __builtin_ctz(wb);
        for (int i = 0; i < 4; i++)
            if ((s >> i & 1) && i < op->noperands && wi < op->noperands)
                unite(w, node_of(w, op->operands[i]), node_of(w, op->operands[wi]));
    }
    for (int k = 0; k < op->nresults; k++) {
        int n = value_node(w, op->results[k], -1);
        if (n < 0 || !(FX_A_BITS(fx))) continue;
        int src = sa_alias_source(op, k);
        if (src >= 0) unite(w, n, node_of(w, op->operands[src]));
    }
}

/* {=====================================================================
** Control ops: lifting the summaries of their bodies
** ====================================================================== */

/* The operand bound to argument [j] of a body of [oa], or -1. */
int sa_argmap(const OpAn *oa, int j)
{
    switch (oa->ctl) {
    case CTL_BRANCH: case CTL_REPEAT: case CTL_WHILE: case CTL_CRITICAL: return j + 1;
    case CTL_PARALLEL: return j < 2 ? -1 : j + 1;
    default: return j;
    }
}

/* Loops: does result [k] of the body come after its own argument [k], so
** that what reaches it in one iteration reaches it in every later one? */
static bool self_carried(const Summary *s, int k)
{
    return s && k < s->nres && k < s->nargs && sa_has(s->thru[k], k);
}

/* What the arguments of region [r] of [op] in the walk's block are known
** to be (bit fact * nargs + j, SA_NZ, SA_NN, SA_UTF8): what the operand
** bound to them is known to be. For a repeat's carried argument, that and
** what the body returns at its position, known when the arguments are
** (an induction over the iterations: a greatest fixpoint, so the body may
** pass it on unchanged, or concatenate it with itself). */
static const Word *region_nz(Walk *w, const OpAn *oa, const Block *r)
{
    const Op *op = oa->op;
    Word *nz = NULL;
    const Op *ret = r->nops ? r->ops[r->nops - 1] : NULL;
    for (int j = 0; j < r->nargs; j++) {
        int o = sa_argmap(oa, j);
        if (o < 0 || o >= op->noperands) continue;
        const Value *v = op->operands[o];
        if (v->block != w->ba->b) continue;
        for (int fact = 0; fact < SA_NFACTS; fact++) {
            if (!sa_known(w->sa, v, fact, w->ba->nzargs)) continue;
            if (!nz) nz = new_set(w->sa, SA_NFACTS * r->nargs);
            sa_set(nz, fact * r->nargs + j);
        }
    }
    if (nz && oa->ctl == CTL_REPEAT) {
        bool changed = true;
        while (changed) {
            changed = false;
            for (int j = 0; j < r->nargs; j++)
                for (int fact = 0; fact < SA_NFACTS; fact++) {
                    int bit = fact * r->nargs + j;
                    if (!sa_has(nz, bit)) continue;
                    const Value *back = ret && j < ret->noperands ? ret->operands[j] : NULL;
                    if (back && back->block == r && sa_known(w->sa, back, fact, nz)) continue;
                    nz[bit >> 6] &= ~((Word)1 << (bit & 63));
                    changed = true;
                }
        }
    }
    return nz;
}

/* The bodies of a control op: its regions (analysed now) or its callees'
** summaries. A callee that cannot run in that position (a tfrt.sync
** function invoked asynchronously, a declaration) does nothing: the op's
** results are errors at once. */
static void bodies(Walk *w, OpAn *oa)
{
    SeqAnalysis *sa = w->sa;
    const Op *op = oa->op;
    bool regions = oa->ctl == CTL_BRANCH ? op->nregions > 0
                 : (oa->ctl == CTL_REPEAT || oa->ctl == CTL_ASYNC || oa->ctl == CTL_BENCH ||
                    (oa->ctl == CTL_PARALLEL && op->nregions > 0));
    if (regions) {
        int n = oa->ctl == CTL_BRANCH ? 2 : 1;
        oa->nbodies = n;
        oa->bodies = sa_alloc(sa, sizeof *oa->bodies * (size_t)n);
        oa->regions = sa_alloc(sa, sizeof *oa->regions * (size_t)n);
        for (int r = 0; r < n && r < op->nregions; r++) {
            const Block *rb = op->regions[r];
            BlockAn *child = sa_block(sa, rb, w->ba, op, region_nz(w, oa, rb), w->ba->run);
            oa->regions[r] = child;
            oa->bodies[r] = child->sum;
        }
        return;
    }
    int n;
    const Func **fs = sa_callees(sa, op, &n);
    oa->nbodies = n;
    oa->bodies = sa_alloc(sa, sizeof *oa->bodies * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        const Func *f = fs[i];
        if (f->is_native) oa->bodies[i] = sa_native_summary(sa, f);
        else if (!f->body) oa->bodies[i] = NULL;
        else if (f->is_sync) oa->bodies[i] = oa->ctl == CTL_SYNCCALL ? sa_sync_summary(sa, f, w->ba->run) : NULL;
        else oa->bodies[i] = oa->ctl == CTL_SYNCCALL ? NULL : sa_func_summary(sa, f);
    }
    if (n == 0 && oa->ctl == CTL_BRANCH) {
        /* No branch found: nothing runs. */
        oa->nbodies = 1;
        oa->bodies[0] = NULL;
    }
}

/* Maps a set over a body's arguments to the op's operands; for a loop,
** only the self-carried arguments. */
static Word *map_in(Walk *w, const OpAn *oa, const Summary *s, const Word *in)
{
    const Op *op = oa->op;
    Word *r = NULL;
    if (!in) return NULL;
    bool loop = oa->ctl == CTL_REPEAT || oa->ctl == CTL_WHILE;
    for (int j = 0; j < s->nargs; j++) {
        if (!sa_has(in, j)) continue;
        if (loop && !self_carried(s, j)) continue;
        int o = sa_argmap(oa, j);
        if (o < 0 || o >= op->noperands) continue;
        if (!r) r = new_set(w->sa, op->noperands);
        sa_set(r, o);
    }
    return r;
}

/* Adds [pre] to operand set [s] (either may be NULL or SA_ALL). */
static const Word *with_pre(Walk *w, const Op *op, const Word *s, const Word *pre)
{
    if (pre == SA_ALL || s == SA_ALL) return SA_ALL;
    if (!pre) return s;
    if (!s) return pre;
    Word *r = new_set(w->sa, op->noperands);
    for (int i = 0; i < sa_words(op->noperands); i++) r[i] = s[i] | pre[i];
    return r;
}

/* The results of [oa] that an effect before body results [out] comes
** before. */
static const Word *map_out(Walk *w, const OpAn *oa, const Summary *s, const Word *out)
{
    const Op *op = oa->op;
    if (oa->ctl == CTL_SYNCCALL) return SA_ALL;   /* it runs to completion inside */
    if (!out) return NULL;
    switch (oa->ctl) {
    case CTL_PARALLEL:
        return s->ret_chain && sa_has(out, 0) ? SA_ALL : NULL;
    case CTL_BENCH:
        return sa_has(out, 0) ? SA_ALL : NULL;
    case CTL_WHILE:
        if (s->nres > 0 && sa_has(out, s->nres - 1)) return SA_ALL;   /* the condition */
        break;
    default:
        break;
    }
    bool loop = oa->ctl == CTL_REPEAT || oa->ctl == CTL_WHILE;
    Word *r = NULL;
    for (int k = 0; k < s->nres && k < op->nresults; k++) {
        if (!sa_has(out, k)) continue;
        if (loop && !self_carried(s, k)) continue;
        if (!r) r = new_set(w->sa, op->nresults);
        sa_set(r, k);
    }
    return r;
}

/* The node of a summary object [oargs]/[orets] at [oa]: the objects of the
** operands and results it may be, merged; -1 when it is the body's own. */
static int lift_object(Walk *w, const OpAn *oa, const Summary *s, const Word *oargs, const Word *orets)
{
    const Op *op = oa->op;
    int node = -1;
    for (int j = 0; oargs && j < s->nargs; j++) {
        if (!sa_has(oargs, j)) continue;
        int o = sa_argmap(oa, j);
        int n = o >= 0 && o < op->noperands ? node_of(w, op->operands[o]) : -1;
        if (n < 0) continue;
        if (node < 0) node = n; else unite(w, node, n);
    }
    for (int k = 0; orets && k < s->nres && k < op->nresults; k++) {
        if (!sa_has(orets, k)) continue;
        int n = node_of(w, op->results[k]);
        if (n < 0) continue;
        if (node < 0) node = n; else unite(w, node, n);
    }
    return node;
}

/* Does [oa] (a branch or a repeat) complete its results with an error as
** soon as its selector is there, before its other operands: may the
** selector be an error, or the trip count negative (docs/analysis.md §3,
** "Errors overtake"; kernels/control.c branch_now, repeat_start)? */
static bool selector_may_fail(Walk *w, const OpAn *oa)
{
    const Op *op = oa->op;
    if (oa->ctl != CTL_BRANCH && oa->ctl != CTL_REPEAT) return false;
    if (op->noperands < 1) return true;
    if (oa->ctl == CTL_REPEAT && (op->info->effects & FX_FAIL) && !sa_fail_excluded(w->sa, op, w->ba->nzargs))
        return true;
    return sa_may_error(w->sa, op->operands[0]);
}

/* Per result of [oa], the operands it always comes after (NULL entries:
** none; oa->thru NULL: all of them, a strict op). */
static void op_thru(Walk *w, OpAn *oa)
{
    const Op *op = oa->op;
    if (!sa_nonstrict(op)) {
        oa->thru = NULL;
        return;
    }
    SeqAnalysis *sa = w->sa;
    const Word **t = sa_alloc(sa, sizeof *t * (size_t)(op->nresults + 1));
    bool early = selector_may_fail(w, oa);
    for (int k = 0; k < op->nresults; k++) {
        Word *r = NULL;
        bool first = true;
        if (early) {
            /* An error selector completes every result at once. */
        } else if (oa->ctl == CTL_CALL || oa->ctl == CTL_BRANCH) {
            /* Every branch must order it (whichever runs). */
            for (int b = 0; b < oa->nbodies; b++) {
                const Summary *s = oa->bodies[b];
                const Word *bt = s && k < s->nres ? s->thru[k] : NULL;
                Word *m = bt ? map_in(w, oa, s, bt) : NULL;
                if (first) { r = m; first = false; }
                else if (!r || !m) r = NULL;
                else for (int i = 0; i < sa_words(op->noperands); i++) r[i] &= m[i];
            }
        } else if (oa->ctl == CTL_REPEAT || oa->ctl == CTL_WHILE) {
            const Summary *s = oa->nbodies ? oa->bodies[0] : NULL;
            int o = sa_argmap(oa, k);
            if (self_carried(s, k) && o < op->noperands) {
                r = new_set(sa, op->noperands);
                sa_set(r, o);
            }
        }
        t[k] = with_pre(w, op, r, oa->pre);
    }
    oa->thru = t;
}

static void add_ctl(Walk *w, OpAn *oa)
{
    if (w->nctl == w->capctl) {
        w->capctl = w->capctl ? 2 * w->capctl : 8;
        w->ctl = realloc(w->ctl, sizeof *w->ctl * (size_t)w->capctl);
        if (!w->ctl) tf_out_of_memory();
    }
    w->ctl[w->nctl++] = oa;
}

/* Does any body of [oa] touch or return an object of its arguments? */
static bool bodies_take_objects(const OpAn *oa)
{
    for (int b = 0; b < oa->nbodies; b++) {
        const Summary *s = oa->bodies[b];
        if (!s) continue;
        for (int k = 0; k < s->nres; k++)
            if (s->ret_oargs[k]) return true;
        for (int i = 0; i < s->natoms; i++)
            if (s->atoms[i].oargs) return true;
    }
    return false;
}

static void control_op(Walk *w, const Op *op, CtlKind ctl)
{
    SeqAnalysis *sa = w->sa;
    OpAn *oa = sa_alloc(sa, sizeof *oa);
    oa->op = op;
    oa->ctl = ctl;
    oa->pre = pre_set(sa, op);
    bodies(w, oa);
    op_thru(w, oa);
    add_ctl(w, oa);

    if (ctl == CTL_ONCE && sa->depth_first) sa->restart = true;   /* needs every site counted */
    if (ctl == CTL_ONCE && oa->nbodies == 1 && oa->bodies[0]) {
        /* The one invocation may belong to any tfrt.once of the callee in
        ** the run, with that op's operands. */
        int n;
        const Func **fs = sa_callees(sa, op, &n);
        if (n == 1 && sa->fa[fs[0]->index].nonce > 1 && bodies_take_objects(oa))
            sa_opaque(sa, op, "shares one run of its callee with other tfrt.once ops, whose objects it may use");
    }

    /* The objects of the results: fresh, or an argument's (and for a loop,
    ** what the previous iteration returned, or the initial value). */
    bool loop = ctl == CTL_REPEAT || ctl == CTL_WHILE;
    for (int k = 0; k < op->nresults; k++) value_node(w, op->results[k], -1);
    for (int k = 0; k < op->nresults; k++) {
        int rn = node_of(w, op->results[k]);
        if (rn < 0) continue;
        for (int b = 0; b < oa->nbodies; b++) {
            const Summary *s = oa->bodies[b];
            if (!s || k >= s->nres || !s->ret_oargs[k]) continue;
            for (int j = 0; j < s->nargs; j++) {
                if (!sa_has(s->ret_oargs[k], j)) continue;
                int o = sa_argmap(oa, j);
                if (o >= 0 && o < op->noperands) unite(w, rn, node_of(w, op->operands[o]));
                if (loop && j < op->nresults) unite(w, rn, node_of(w, op->results[j]));
            }
        }
        if (loop) {
            int o = sa_argmap(oa, k);
            if (o < op->noperands) unite(w, rn, node_of(w, op->operands[o]));
        }
    }

    /* The op's own effects: a failing trip count or block size, the
    ** benchmark's report. */
    const OpInfo *info = op->info;
    if ((info->effects & FX_FAIL) && !w->ba->sync && !sa_fail_excluded(sa, op, w->ba->nzargs))
        add_atom(w, op->index, SEQ_RES_DIAG, SEQ_WRITE, -1, oa->pre, SA_ALL, cons(sa, op, NULL));
    if (info->effects & FX_OUT)
        add_atom(w, op->index, SEQ_RES_OUTPUT, SEQ_WRITE, -1, oa->pre, SA_ALL, cons(sa, op, NULL));

    /* The bodies' effects. */
    for (int b = 0; b < oa->nbodies; b++) {
        const Summary *s = oa->bodies[b];
        if (!s) continue;
        for (int i = 0; i < s->natoms; i++) {
            const SAtom *t = &s->atoms[i];
            int node = -1;
            if (t->kind == SEQ_RES_OPERAND) {
                node = lift_object(w, oa, s, t->oargs, t->orets);
                if (node < 0) continue;
            }
            const Word *in;
            if (ctl == CTL_SYNCCALL) in = SA_ALL;
            else if (ctl == CTL_ONCE) in = NULL;
            else in = with_pre(w, op, map_in(w, oa, s, t->in), oa->pre);
            add_atom(w, op->index, t->kind, t->access, node, in, map_out(w, oa, s, t->out), cons(sa, op, t->path));
        }
    }
}

/* {=====================================================================
** A tfrt.sync body: its kernels run one after another, so only what it
** does matters, never in which order.
** ====================================================================== */

static void sync_op(Walk *w, const Op *op)
{
    if (sa_ctl_kind(op) != CTL_NONE || op->nregions > 0) {
        sa_opaque(w->sa, op, "runs control flow inside a tfrt.sync function");
        return;
    }
    plain_op(w, op);
}

/* {=====================================================================
** Captures: values of the block that regions of its ops use
** ====================================================================== */

typedef struct ValVec { const Value **v; int n, cap; } ValVec;

/* Appends to [out] every operand of the ops of [r], at any depth, that is
** a value of [b]. */
static void collect_uses(const Block *b, const Block *r, ValVec *out, int depth)
{
    if (!r || depth > IR_MAX_NESTING + 1) return;
    for (int i = 0; i < r->nops; i++) {
        const Op *op = r->ops[i];
        for (int j = 0; j < op->noperands; j++) {
            const Value *v = op->operands[j];
            if (!v || v->block != b) continue;
            if (out->n == out->cap) {
                out->cap = out->cap ? 2 * out->cap : 16;
                out->v = realloc(out->v, sizeof *out->v * (size_t)out->cap);
                if (!out->v) tf_out_of_memory();
            }
            out->v[out->n++] = v;
        }
        for (int k = 0; k < op->nregions; k++) collect_uses(b, op->regions[k], out, depth + 1);
    }
}

static int ptr_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)*(const Value *const *)a, y = (uintptr_t)*(const Value *const *)b;
    return x < y ? -1 : x > y;
}

/* ba->caps: for each op of the block whose regions see the block (not
** isolated from above), the distinct values of the block they use. */
static void find_captures(SeqAnalysis *sa, BlockAn *ba)
{
    const Block *b = ba->b;
    ValVec vv = { NULL, 0, 0 };
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        if (!op->nregions || ir_op_isolated(op)) continue;
        vv.n = 0;
        for (int k = 0; k < op->nregions; k++) collect_uses(b, op->regions[k], &vv, 0);
        if (!vv.n) continue;
        qsort(vv.v, (size_t)vv.n, sizeof *vv.v, ptr_cmp);
        int n = 0;
        for (int j = 0; j < vv.n; j++)
            if (!n || vv.v[j] != vv.v[n - 1]) vv.v[n++] = vv.v[j];
        if (!ba->caps) {
            ba->caps = sa_alloc(sa, sizeof *ba->caps * (size_t)b->nops);
            memset(ba->caps, 0, sizeof *ba->caps * (size_t)b->nops);
        }
        Captures *c = &ba->caps[i];
        c->v = sa_alloc(sa, sizeof *c->v * (size_t)n);
        memcpy(c->v, vv.v, sizeof *c->v * (size_t)n);
        c->n = n;
    }
    free(vv.v);
}

/* The captures of op [i] of [ba]'s block, or an empty set. */
static Captures caps_of(const BlockAn *ba, int i)
{
    Captures none = { NULL, 0 };
    return ba->caps ? ba->caps[i] : none;
}

/* {=====================================================================
** The dataflow: argument sets forward, result sets backward
** ====================================================================== */

OpAn *sa_ctl_at(const BlockAn *ba, int index)
{
    int lo = 0, hi = ba->nctl;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        int at = ba->ctl[mid]->op->index;
        if (at == index) return ba->ctl[mid];
        if (at < index) lo = mid + 1; else hi = mid;
    }
    return NULL;
}

/* Does result [result] of [op] always come after its operand [operand]?
** A strict kernel's results come after all its operands; a non-strict
** kernel's (bef.nonstrict) only after its selector or its only operand; a
** control op's as its bodies say (OpAn.thru). */
bool sa_thru_has(const BlockAn *ba, const Op *op, int result, int operand)
{
    if (sa_ctl_kind(op) != CTL_NONE) {
        const OpAn *oa = sa_ctl_at(ba, op->index);
        if (!oa) return false;        /* (an opaque control op) */
        return !oa->thru || sa_has(oa->thru[result], operand);
    }
    if (!op->info || !sa_nonstrict(op)) return true;
    int sel = sa_selector(op);
    if (sel < 0 && op->noperands == 1) sel = 0;
    return operand == sel;
}

/* The most words the dataflow sets of one block may take (64 MB): values
** times arguments (or results) over 64. */
#define SEQ_MAX_SET_WORDS ((size_t)1 << 23)

/* Fills in the summary of [ba] from its atoms. */
static void summarise(SeqAnalysis *sa, BlockAn *ba)
{
    const Block *b = ba->b;
    const Op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
    if (ret && !(ret->info && (ret->info->flags & OPF_TERMINATOR))) ret = NULL;
    int nargs = b->nargs, nres = ret ? ret->noperands : 0;
    Summary *s = sa_alloc(sa, sizeof *s);
    s->nargs = nargs;
    s->nres = nres;
    s->thru = sa_alloc(sa, sizeof *s->thru * (size_t)(nres + 1));
    s->ret_oargs = sa_alloc(sa, sizeof *s->ret_oargs * (size_t)(nres + 1));
    s->ret_chain = nres == 1 && ret->operands[0]->type && ret->operands[0]->type->is_chain;
    ba->sum = s;
    int nv = b->nvalues, W = sa_words(nargs), R = sa_words(nres);
    int nops = ret ? b->nops - 1 : b->nops;

    /* Forward: which arguments each value comes after. A block too big for
    ** the sets orders nothing after its arguments: sound, and only slower. */
    bool fits = (size_t)nv * (size_t)(W > R ? W : R) <= SEQ_MAX_SET_WORDS;
    if (nargs > 0 && (ba->natoms > 0 || nres > 0) && fits) {
        Word *as = xcalloc((size_t)nv * (size_t)W, sizeof(Word));
        for (int j = 0; j < nargs; j++) sa_set(as + (size_t)b->args[j]->index * W, j);
        Word *acc = xcalloc((size_t)W, sizeof(Word));
        for (int i = 0; i < nops; i++) {
            const Op *op = b->ops[i];
            if (op->nresults == 0) continue;
            bool simple = sa_ctl_kind(op) == CTL_NONE && (!op->info || !sa_nonstrict(op));
            if (simple) {
                memset(acc, 0, sizeof(Word) * (size_t)W);
                for (int j = 0; j < op->noperands; j++) {
                    const Word *src = as + (size_t)op->operands[j]->index * W;
                    for (int x = 0; x < W; x++) acc[x] |= src[x];
                }
                Captures c = caps_of(ba, i);
                for (int j = 0; j < c.n; j++) {
                    const Word *src = as + (size_t)c.v[j]->index * W;
                    for (int x = 0; x < W; x++) acc[x] |= src[x];
                }
                for (int k = 0; k < op->nresults; k++)
                    memcpy(as + (size_t)op->results[k]->index * W, acc, sizeof(Word) * (size_t)W);
                continue;
            }
            for (int k = 0; k < op->nresults; k++) {
                Word *dst = as + (size_t)op->results[k]->index * W;
                for (int j = 0; j < op->noperands; j++) {
                    if (!sa_thru_has(ba, op, k, j)) continue;
                    const Word *src = as + (size_t)op->operands[j]->index * W;
                    for (int x = 0; x < W; x++) dst[x] |= src[x];
                }
            }
        }
        for (int k = 0; k < nres; k++)
            s->thru[k] = keep_set(sa, as + (size_t)ret->operands[k]->index * W, nargs);
        for (int a = 0; a < ba->natoms; a++) {
            Atom *at = &ba->atoms[a];
            const Op *op = b->ops[at->op];
            memset(acc, 0, sizeof(Word) * (size_t)W);
            for (int j = 0; j < op->noperands; j++) {
                if (!sa_has(at->in, j)) continue;
                const Word *src = as + (size_t)op->operands[j]->index * W;
                for (int x = 0; x < W; x++) acc[x] |= src[x];
            }
            at->bin = keep_set(sa, acc, nargs);
        }
        free(acc);
        free(as);
    }

    /* Backward: which results each value comes before. */
    if (nres > 0 && ba->natoms > 0 && fits) {
        Word *rs = xcalloc((size_t)nv * (size_t)R, sizeof(Word));
        for (int k = 0; k < nres; k++) sa_set(rs + (size_t)ret->operands[k]->index * R, k);
        Word *acc = xcalloc((size_t)R, sizeof(Word));
        for (int i = nops - 1; i >= 0; i--) {
            const Op *op = b->ops[i];
            if (op->nresults == 0) continue;
            bool simple = sa_ctl_kind(op) == CTL_NONE && (!op->info || !sa_nonstrict(op));
            if (simple) {
                memset(acc, 0, sizeof(Word) * (size_t)R);
                for (int k = 0; k < op->nresults; k++) {
                    const Word *src = rs + (size_t)op->results[k]->index * R;
                    for (int x = 0; x < R; x++) acc[x] |= src[x];
                }
                for (int j = 0; j < op->noperands; j++) {
                    Word *dst = rs + (size_t)op->operands[j]->index * R;
                    for (int x = 0; x < R; x++) dst[x] |= acc[x];
                }
                Captures c = caps_of(ba, i);
                for (int j = 0; j < c.n; j++) {
                    Word *dst = rs + (size_t)c.v[j]->index * R;
                    for (int x = 0; x < R; x++) dst[x] |= acc[x];
                }
                continue;
            }
            for (int j = 0; j < op->noperands; j++) {
                Word *dst = rs + (size_t)op->operands[j]->index * R;
                for (int k = 0; k < op->nresults; k++) {
                    if (!sa_thru_has(ba, op, k, j)) continue;
                    const Word *src = rs + (size_t)op->results[k]->index * R;
                    for (int x = 0; x < R; x++) dst[x] |= src[x];
                }
            }
        }
        for (int a = 0; a < ba->natoms; a++) {
            Atom *at = &ba->atoms[a];
            const Op *op = b->ops[at->op];
            memset(acc, 0, sizeof(Word) * (size_t)R);
            for (int k = 0; k < op->nresults; k++) {
                if (!sa_has(at->out, k)) continue;
                const Word *src = rs + (size_t)op->results[k]->index * R;
                for (int x = 0; x < R; x++) acc[x] |= src[x];
            }
            at->bout = keep_set(sa, acc, nres);
        }
        free(acc);
        free(rs);
    }

    /* Objects: per root, which arguments it holds and which results hold it. */
    const Word **argmask = NULL, **retmask = NULL;
    if (ba->nnodes > 0) {
        argmask = xcalloc((size_t)ba->nnodes, sizeof *argmask);
        retmask = xcalloc((size_t)ba->nnodes, sizeof *retmask);
        for (int j = 0; j < nargs; j++) {
            int n = ba->vnode ? ba->vnode[b->args[j]->index] : -1;
            if (n < 0) continue;
            int r = sa_find(ba->nodes, n);
            if (!argmask[r]) argmask[r] = new_set(sa, nargs);
            sa_set((Word *)argmask[r], j);
        }
        for (int k = 0; k < nres; k++) {
            const Value *v = ret->operands[k];
            int n = ba->vnode && v->block == b ? ba->vnode[v->index] : -1;
            if (n < 0) continue;
            int r = sa_find(ba->nodes, n);
            if (!retmask[r]) retmask[r] = new_set(sa, nres);
            sa_set((Word *)retmask[r], k);
            s->ret_oargs[k] = argmask[r];
        }
    }

    /* The effects, each distinct one once. */
    s->atoms = sa_alloc(sa, sizeof *s->atoms * (size_t)(ba->natoms + 1));
    int cap = 16;
    while (cap < 2 * ba->natoms) cap *= 2;
    int *tab = xcalloc((size_t)cap, sizeof(int));
    for (int a = 0; a < ba->natoms; a++) {
        const Atom *at = &ba->atoms[a];
        SAtom t = { at->kind, at->access, at->bin, at->bout, NULL, NULL, at->path };
        if (at->kind == SEQ_RES_OPERAND) {
            int r = sa_find(ba->nodes, at->node);
            t.oargs = argmask[r];
            t.orets = retmask[r];
            if (!t.oargs && !t.orets) continue;    /* the body's own object */
        }
        uint64_t h = (uint64_t)t.kind * 31 + t.access;
        const Word *sets[4] = { t.in, t.out, t.oargs, t.orets };
        int widths[4] = { W, R, W, R };
        for (int q = 0; q < 4; q++) {
            h = h * 0x9E3779B97F4A7C15ull + (sets[q] != NULL);
            for (int x = 0; sets[q] && x < widths[q]; x++) h = (h ^ sets[q][x]) * 0x100000001B3ull;
        }
        unsigned slot = (unsigned)(h ^ (h >> 29)) & (unsigned)(cap - 1);
        bool dup = false;
        while (tab[slot]) {
            const SAtom *o = &s->atoms[tab[slot] - 1];
            bool same = o->kind == t.kind && o->access == t.access;
            const Word *osets[4] = { o->in, o->out, o->oargs, o->orets };
            for (int q = 0; same && q < 4; q++) {
                if (!osets[q] != !sets[q]) same = false;
                else if (sets[q]) same = !memcmp(osets[q], sets[q], sizeof(Word) * (size_t)widths[q]);
            }
            if (same) { dup = true; break; }
            slot = (slot + 1) & (unsigned)(cap - 1);
        }
        if (dup) continue;
        s->atoms[s->natoms] = t;
        tab[slot] = ++s->natoms;
    }
    free(tab);
    free(argmask);
    free(retmask);
}

/* {=====================================================================
** Entry points
** ====================================================================== */

/* Facts that make a kernel more than a function of its operands. */
#define FX_IMPURE (FX_OUT | FX_FAIL | FX_OPAQUE | FX_ALLOC | FX_SYNCCALL | (0x3fu << 8) | (0x3fu << 14) | (0xfu << 20))

/* The common case, decided without allocating: a strict kernel with no
** effect and no mutable operand or result (tfrt.add.i32, constants). It
** adds nothing to the block's analysis. */
static bool pure_kernel(SeqAnalysis *sa, const BlockAn *ba, const Op *op)
{
    const OpInfo *info = op->info;
    if (!info || (info->effects & FX_IMPURE) || op->nregions || op->callee) return false;
    if (op->nattrs && sa_nonstrict(op)) return false;
    /* The operands are earlier values of the block: mutable ones have
    ** nodes, and with no node yet there is none. */
    if (ba->vnode)
        for (int j = 0; j < op->noperands; j++)
            if (ba->vnode[op->operands[j]->index] >= 0) return false;
    for (int k = 0; k < op->nresults; k++)
        if (sa_type_class(sa, op->results[k]->type) != TYC_NONE) return false;
    return true;
}

BlockAn *sa_block(SeqAnalysis *sa, const Block *b, BlockAn *parent, const Op *parent_op,
                  const Word *nzargs, const Func *run)
{
    BlockAn *ba = sa_alloc(sa, sizeof *ba);
    ba->b = b;
    ba->run = run;
    ba->parent = parent;
    ba->parent_op = parent_op;
    ba->sync = !parent_op && b->func && b->func->is_sync;
    ba->nzargs = nzargs;
    sa->ops += b->nops;
    Walk w = { sa, ba, NULL, 0, 0, NULL, 0, 0, NULL, 0, 0 };
    for (int j = 0; j < b->nargs; j++) value_node(&w, b->args[j], j);
    find_captures(sa, ba);
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        if (op->info && (op->info->flags & OPF_TERMINATOR)) continue;
        if (!ba->sync && pure_kernel(sa, ba, op)) continue;
        if (sa->restart) break;      /* the depth-first pass is over: its work is dropped */
        const char *why = sa_opaque_why(sa, op);
        if (why) sa_opaque(sa, op, why);
        if (ba->sync) { sync_op(&w, op); continue; }
        CtlKind ctl = sa_ctl_kind(op);
        if (ctl != CTL_NONE && !(op->info->effects & FX_OPAQUE)) control_op(&w, op, ctl);
        else plain_op(&w, op);
    }
    ba->atoms = w.natoms ? sa_alloc(sa, sizeof *w.atoms * (size_t)w.natoms) : NULL;
    if (w.natoms) memcpy(ba->atoms, w.atoms, sizeof *w.atoms * (size_t)w.natoms);
    ba->natoms = w.natoms;
    ba->ctl = w.nctl ? sa_alloc(sa, sizeof *w.ctl * (size_t)w.nctl) : NULL;
    if (w.nctl) memcpy(ba->ctl, w.ctl, sizeof *w.ctl * (size_t)w.nctl);
    ba->nctl = w.nctl;
    ba->nodes = w.nnodes ? sa_alloc(sa, sizeof *w.nodes * (size_t)w.nnodes) : NULL;
    if (w.nnodes) memcpy(ba->nodes, w.nodes, sizeof *w.nodes * (size_t)w.nnodes);
    ba->nnodes = w.nnodes;
    free(w.atoms);
    free(w.ctl);
    free(w.nodes);
    summarise(sa, ba);
    return ba;
}

/* A native function (docs/execution.md §6.10): no effects; it runs once all its
** arguments are available, so every result comes after every argument. */
Summary *sa_native_summary(SeqAnalysis *sa, const Func *f)
{
    Summary *s = sa_alloc(sa, sizeof *s);
    s->nargs = f->nargs;
    s->nres = f->nresults;
    s->thru = sa_alloc(sa, sizeof *s->thru * (size_t)(f->nresults + 1));
    s->ret_oargs = sa_alloc(sa, sizeof *s->ret_oargs * (size_t)(f->nresults + 1));
    for (int k = 0; k < f->nresults; k++) s->thru[k] = keep_set(sa, SA_ALL, f->nargs);
    return s;
}

/* A tfrt.sync function run by an FX_SYNCCALL kernel: its kernels run in
** block order, to completion, inside that kernel (docs/execution.md §6.9), so its
** effects are the kernel's: one output effect if any of them prints.
** Errors inside emit no diagnostic. */
Summary *sa_sync_summary(SeqAnalysis *sa, const Func *f, const Func *run)
{
    if (sa->depth_first) sa_ensure(sa, f->index);
    BlockAn *ba = sa->fa[f->index].body;
    if (!ba) {
        ba = sa_block(sa, f->body, NULL, NULL, sa->argfacts ? sa->argfacts[f->index] : NULL, run);
        sa->fa[f->index].body = ba;
    }
    Summary *s = sa_alloc(sa, sizeof *s);
    *s = *ba->sum;
    s->atoms = NULL;
    s->natoms = 0;
    for (int a = 0; a < ba->natoms; a++) {
        if (ba->atoms[a].kind != SEQ_RES_OUTPUT) continue;
        SAtom *t = sa_alloc(sa, sizeof *t);
        *t = (SAtom){ SEQ_RES_OUTPUT, SEQ_WRITE, NULL, NULL, NULL, NULL, ba->atoms[a].path };
        s->atoms = t;
        s->natoms = 1;
        break;
    }
    return s;
}

const Summary *sa_func_summary(SeqAnalysis *sa, const Func *f)
{
    if (sa->depth_first) sa_ensure(sa, f->index);
    return sa->fa[f->index].sum;
}
