/*
** stream.c — stream analysis (docs/execution.md §6.2).
**
** Forward pass: every op picks as its "parent" the defining op of its most
** expensive operand (cost from root, cfr); the parent relation is a tree
** rooted at R whose children lists are the "scheduled users". Backward pass:
** from the last op to the first, each op joins the stream of one of its
** children (the one containing the return, else the most expensive), and
** cheap sibling streams are grouped. Streams are kept in a union-find whose
** representative is the stream that keeps its number when merged into.
**
** Memory: a block of a million ops is analysed in 20 bytes per op, four
** arrays of nops + 1 entries (slot nops is R) that each serve twice:
**
**   W  int64  forward: cfr of op i. An op's cfr is dead once the backward
**             pass has processed it, and stream s is created while
**             processing op nops-1-t with s <= t, so the cost of stream s
**             lives in slot nops - s, always above the ops still to come.
**   P  int32  forward: the parent of op i (nops: R through a block
**             argument; nops + 1: R, op without operands). Once op i is
**             processed: the next child of its parent (-1 at the end).
**   M  int32  before op x is processed: the first of its children (-1: none);
**             afterwards: the stream op x joined. At the end: the stream
**             of op i after all merges, which is the output.
**   U  int32  union-find parent of stream s.
**
** Children lists are built in the backward pass: op x is pushed at the
** front of its parent's list when it is processed, and ops are processed
** in descending order, so every list is in op order, the order in which
** users were appended (docs/execution.md §6.2). Only the last group of the grouping step is
** ever looked at, so no group list is kept. The last op always makes
** stream 0 (nothing comes after it), so "contains the return" is "is in
** the set of stream 0".
*/
#include <stdlib.h>
#include "interp/bigmem.h"
#include "interp/stream.h"
#include "ops/optable.h"

typedef struct Work {
    int n;            /* ops; slot n is R */
    int64_t *W;
    int *P, *M, *U;
    int64_t T;
    bool from_root;
    int nstreams;
    size_t bytes;     /* of the W, P, U allocation */
    /* Only for stream_tree (NULL for the executor): op i's parent (n for R)
    ** before P[i] becomes a link, and the cost of every stream at the end. */
    int *parent_out;
    int64_t *cost_out;
} Work;

static int find(int *up, int x)
{
    while (up[x] != x) {
        up[x] = up[up[x]];
        x = up[x];
    }
    return x;
}

#define SCOST(w, s) ((w)->W[(w)->n - (s)])

/* Merges stream [from] into [to]; [to] keeps its number. */
static void merge(Work *w, int from, int to)
{
    from = find(w->U, from);
    to = find(w->U, to);
    if (from == to) return;
    w->U[from] = to;
    SCOST(w, to) += SCOST(w, from);
}

/* W, P and U, [n] + 1 entries each, in one allocation (aborts when out of
** memory, like the executor); the forward pass fills W, P and M. */
static bool work_init(Work *w, int n)
{
    size_t m = (size_t)n + 1;
    w->bytes = m * (sizeof(int64_t) + 2 * sizeof(int));
    char *mem = big_alloc(w->bytes, false);
    w->n = n;
    w->W = (int64_t *)mem;
    w->P = (int *)(mem + m * sizeof(int64_t));
    w->U = w->P + m;
    w->nstreams = 0;
    w->parent_out = NULL;
    w->cost_out = NULL;
    return true;
}

static void work_free(Work *w) { big_free(w->W, w->bytes); }

/* The backward pass over forward-pass results in [w] (W, P filled, M all
** -1), into w->M. */
static void backward(Work *w)
{
    int n = w->n, root = n;
    int64_t *W = w->W, T = w->T;
    int *P = w->P, *M = w->M, *U = w->U;
    bool from_root = w->from_root;
    for (int step = 0; step <= n; step++) {
        int x = step < n ? n - 1 - step : root;
        int64_t cfr_x, cost_x;
        int par;
        if (x == root) {
            cfr_x = cost_x = 1;
            par = -1;
        } else {
            cfr_x = W[x];
            par = P[x];
            cost_x = cfr_x - (par == root ? 1 : par > root ? 0 : W[par]);
            if (par > root) par = root;
            if (w->parent_out) w->parent_out[x] = par;
        }
        int c = M[x], chosen;
        if (c < 0) {
            chosen = w->nstreams++;
            U[chosen] = chosen;
            SCOST(w, chosen) = cost_x;
        } else {
            int maxid = -1, ret = -1, last = -1;
            int64_t maxcost = 0;
            int rep0 = find(U, 0);    /* the set holding the return; changes only by merging */
            for (; c >= 0; c = P[c]) {
                int s = find(U, M[c]);
                int64_t sc = SCOST(w, s);
                bool above_s = from_root ? cfr_x + sc >= T : sc >= T;
                if (above_s) {
                    if (sc > maxcost) {
                        maxcost = sc;
                        maxid = s;
                    }
                    if (s == rep0) ret = s;
                    continue;
                }
                int g = s;
                if (last >= 0) {
                    int lg = find(U, last);
                    bool above_lg = from_root ? cfr_x + SCOST(w, lg) + sc >= T : SCOST(w, lg) >= T;
                    if (!above_lg) {
                        merge(w, s, lg);
                        rep0 = find(U, 0);
                        g = lg;
                    }
                }
                last = g;
                if (SCOST(w, g) > maxcost) {
                    maxcost = SCOST(w, g);
                    maxid = g;
                }
                if (g == rep0) ret = g;
            }
            chosen = find(U, ret >= 0 ? ret : maxid);
            SCOST(w, chosen) += cost_x;
            if (!from_root && last >= 0) {
                int lg = find(U, last);
                if (!(SCOST(w, lg) >= T) && lg != chosen) merge(w, lg, chosen);
            }
        }
        M[x] = chosen;
        if (par >= 0) {
            /* Onto the front of the parent's list: x's P slot is now its link. */
            P[x] = M[par];
            M[par] = x;
        }
    }
    for (int i = 0; i <= n; i++) M[i] = find(U, M[i]);
    if (w->cost_out)
        for (int s = 0; s < w->nstreams; s++) w->cost_out[s] = SCOST(w, find(U, s));
}

/* After the forward pass: fixes T and the mode from the largest cfr. */
static void set_mode(Work *w, int64_t threshold, int64_t maxc)
{
    bool set = threshold > 0;
    w->from_root = !set;
    w->T = set ? threshold : maxc;
}

/* stream_compute, and for stream_tree the parents and stream costs too
** ([parent_out], [cost_out] may be NULL). */
static int graph_streams(const StreamGraph *g, int64_t threshold, int *streams, int *parent_out,
                         int64_t *cost_out)
{
    int n = g->nops, root = n;
    Work w;
    if (!work_init(&w, n)) return -1;
    w.M = streams;
    w.parent_out = parent_out;
    w.cost_out = cost_out;
    int64_t T = threshold > 0 ? threshold : 0;
    int64_t maxc = 1;
    for (int i = 0; i < n; i++) {
        int64_t cost = g->cost[i] > 0 ? g->cost[i] : (T > 0 ? T : 1);
        if (g->nopnds[i] == 0) {
            w.P[i] = root + 1;
            w.W[i] = cost;
        } else {
            int best = -2;
            int64_t bestc = -1;
            for (int j = 0; j < g->nopnds[i]; j++) {
                int d = g->defs[i][j] < 0 ? root : g->defs[i][j];
                int64_t c = d == root ? 1 : w.W[d];
                if (c > bestc) {
                    bestc = c;
                    best = d;
                }
            }
            w.P[i] = best;
            w.W[i] = cost + bestc;
        }
        if (w.W[i] > maxc) maxc = w.W[i];
        streams[i] = -1;
    }
    streams[root] = -1;
    set_mode(&w, threshold, maxc);
    backward(&w);
    work_free(&w);
    return w.nstreams;
}

int stream_compute(const StreamGraph *g, int64_t threshold, int *streams)
{
    return graph_streams(g, threshold, streams, NULL, NULL);
}

int64_t stream_threshold(const Module *m, const Block *b)
{
    const Attr *a = NULL;
    /* A function's attribute, whatever its value, is the one read: 0 there
    ** leaves T unset even under a module's threshold (TFRT's
    ** GetOptionAttribute; docs/execution.md §6.2). */
    if (!b->parent_op && b->func && (a = ir_func_attr(b->func, "tfrt.cost_threshold")))
        return a->kind == ATTR_INT && a->u.i > 0 ? a->u.i : 0;
    a = m ? ir_module_attr(m, "tfrt.cost_threshold") : NULL;
    if (a && a->kind == ATTR_INT && a->u.i > 0) return a->u.i;
    return 0;
}

/* The fixed cost of [op] (docs/execution.md §6.2), or 0 for the default. */
static int64_t op_cost(const Op *op)
{
    if (!op->info) return 0;           /* an unknown op has no row, so none of these */
    OpId id = op->info->id;
    if (id == OPID_tfrt_return || id == OPID_tfrt_merge_chains) return 1;
    if (id != OPID_tfrt_test_test_cost) return 0;
    const Attr *a = ir_op_attr(op, attr_tfrt_cost);
    if (a && a->kind == ATTR_INT && a->u.i > 0) return a->u.i;
    return 1;
}

/* How far ahead the forward pass prefetches ops: a large block's ops are
** far apart in memory and the walk would otherwise wait on each one. */
#define AHEAD 8

/* stream_ops, returning the number of streams (-1: out of memory); the
** extras as in graph_streams. */
static int block_streams(const Module *m, const Block *b, int *member, StreamVisit visit, void *ud,
                         int *parent_out, int64_t *cost_out)
{
    int n = b->nops, root = n;
    Work w;
    if (!work_init(&w, n)) return -1;
    w.M = member;
    w.parent_out = parent_out;
    w.cost_out = cost_out;
    int64_t threshold = stream_threshold(m, b);
    int64_t T = threshold > 0 ? threshold : 0;
    int64_t maxc = 1;
    Op *const *ops = b->ops;
    for (int i = 0; i < n; i++) {
        if (i + AHEAD < n) {
            __builtin_prefetch(&ops[i + AHEAD]->info);
            __builtin_prefetch(&ops[i + AHEAD]->index);
        }
        const Op *op = ops[i];
        if (visit) visit(ud, i, op);
        int64_t cost = op_cost(op);
        if (cost <= 0) cost = T > 0 ? T : 1;
        int nop = op->noperands;
        if (nop == 0) {
            w.P[i] = root + 1;
            w.W[i] = cost;
        } else {
            int best = -2;
            int64_t bestc = -1;
            for (int j = 0; j < nop; j++) {
                const Value *v = op->operands[j];
                const Op *d = v->def;
                int di = d && d->parent == b ? d->index : root;
                int64_t c = di == root ? 1 : w.W[di];
                if (c > bestc) {
                    bestc = c;
                    best = di;
                }
            }
            w.P[i] = best;
            w.W[i] = cost + bestc;
        }
        if (w.W[i] > maxc) maxc = w.W[i];
        member[i] = -1;
    }
    member[root] = -1;
    set_mode(&w, threshold, maxc);
    backward(&w);
    work_free(&w);
    return w.nstreams;
}

bool stream_ops(const Module *m, const Block *b, int *member, StreamVisit visit, void *ud)
{
    return block_streams(m, b, member, visit, ud, NULL, NULL) >= 0;
}

bool stream_block(const Module *m, const Block *b, int *out)
{
    int n = b->nops;
    int *st = malloc(sizeof(int) * (size_t)(n + 1));
    if (!st || !stream_ops(m, b, st, NULL, NULL)) {
        free(st);
        return false;
    }
    /* Kernel k = op k-1 for the non-return ops; kernel 0 = R. */
    bool last_is_ret = n > 0 && b->ops[n - 1]->info && b->ops[n - 1]->info->id == OPID_tfrt_return;
    int k = last_is_ret ? n - 1 : n;
    out[0] = st[n];
    for (int i = 0; i < k; i++) out[i + 1] = st[i];
    free(st);
    return true;
}

/* {=====================================================================
** The stream tree that TFRT's -tfrt-print-stream reports (docs/tools.md
** §1.4): who starts each stream, and which streams each op starts.
** ====================================================================== */

/* One allocation for every array of [t], sized for [n] ops (n + 1 streams
** at most: each op and R create at most one): 32 bytes per op on top of
** the analysis' own. */
static bool tree_alloc(StreamTree *t, int n)
{
    size_t m = (size_t)n + 1;
    char *mem = malloc(m * (sizeof(int64_t) + 6 * sizeof(int)));
    if (!mem) return false;
    t->nops = n;
    t->nstreams = 0;
    t->cost = (int64_t *)mem;
    t->stream = (int *)(mem + m * sizeof(int64_t));
    t->parent = t->stream + m;
    t->parent_op = t->parent + m;
    t->first_op = t->parent_op + m;
    t->first_child = t->first_op + m;
    t->next_child = t->first_child + m;
    return true;
}

/* From t->stream and t->parent: the op that starts each stream and the
** streams each op starts. A stream other than R's is entered only from
** outside through its heads, the ops whose parent is in another stream,
** and all heads of a stream share one parent: the op at which the stream
** stayed a child instead of being joined (streams merge only as children
** of one op, docs/execution.md §6.2). That op is TFRT's Stream::parent_op.
** TFRT lists the streams an op starts in the order their first ops come
** in the block; so do these lists. */
static void tree_link(StreamTree *t)
{
    int n = t->nops, root_stream = t->stream[n];
    for (int s = 0; s < t->nstreams; s++) {
        t->parent_op[s] = -1;
        t->first_op[s] = -1;
        t->next_child[s] = -1;
    }
    for (int x = 0; x <= n; x++) t->first_child[x] = -1;
    for (int i = 0; i < n; i++) {
        int s = t->stream[i];
        if (t->first_op[s] < 0) t->first_op[s] = i;
        int p = t->parent[i];
        if (t->stream[p] != s) t->parent_op[s] = p;
    }
    t->parent_op[root_stream] = -1;
    /* Backwards, pushing at the front: each list ends up in first-op order. */
    for (int i = n - 1; i >= 0; i--) {
        int s = t->stream[i];
        if (s == root_stream || t->first_op[s] != i) continue;
        int p = t->parent_op[s];
        t->next_child[s] = t->first_child[p];
        t->first_child[p] = s;
    }
}

int stream_tree_compute(const StreamGraph *g, int64_t threshold, StreamTree *t)
{
    if (!tree_alloc(t, g->nops)) return -1;
    t->nstreams = graph_streams(g, threshold, t->stream, t->parent, t->cost);
    if (t->nstreams < 0) {
        stream_tree_free(t);
        return -1;
    }
    tree_link(t);
    return t->nstreams;
}

bool stream_tree(const Module *m, const Block *b, StreamTree *t)
{
    if (!tree_alloc(t, b->nops)) return false;
    t->nstreams = block_streams(m, b, t->stream, NULL, NULL, t->parent, t->cost);
    if (t->nstreams < 0) {
        stream_tree_free(t);
        return false;
    }
    tree_link(t);
    return true;
}

int stream_parent(const StreamTree *t, int s)
{
    int p = t->parent_op[s];
    return p < 0 ? -1 : t->stream[p];
}

void stream_tree_free(StreamTree *t)
{
    free(t->cost);
    t->cost = NULL;
}
