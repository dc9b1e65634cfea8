/*
** stream.c — stream analysis (spec/dialect.md §8.2).
**
** Forward pass: every op picks as its "parent" the defining op of its most
** expensive operand (cost from root, cfr); the parent relation is a tree
** rooted at R whose children lists are the "scheduled users". Backward pass:
** from the last op to the first, each op joins the stream of one of its
** children (the one containing the return, else the most expensive), and
** cheap sibling streams are grouped. Streams are kept in a union-find whose
** representative is the stream that keeps its number when merged into.
*/
#include <stdlib.h>
#include <string.h>
#include "interp/stream.h"
#include "kernels/optable.h"

typedef struct Streams {
    int *up;          /* union-find parent; up[s] == s for a representative */
    int64_t *cost;    /* valid at representatives */
    bool *has_ret;
    int n;
} Streams;

static int find(Streams *s, int x)
{
    while (s->up[x] != x) {
        s->up[x] = s->up[s->up[x]];
        x = s->up[x];
    }
    return x;
}

static int new_stream(Streams *s, int64_t cost, bool ret)
{
    int id = s->n++;
    s->up[id] = id;
    s->cost[id] = cost;
    s->has_ret[id] = ret;
    return id;
}

/* Merges stream [from] into [to]; [to] keeps its number. */
static void merge(Streams *s, int from, int to)
{
    from = find(s, from);
    to = find(s, to);
    if (from == to) return;
    s->up[from] = to;
    s->cost[to] += s->cost[from];
    s->has_ret[to] = s->has_ret[to] || s->has_ret[from];
}

int stream_compute(const StreamGraph *g, int64_t threshold, int *streams)
{
    int n = g->nops, root = n;
    int64_t T = threshold > 0 ? threshold : 0;
    bool set = T > 0;
    int64_t *cost = malloc(sizeof(int64_t) * (size_t)(n + 1));
    int64_t *cfr = malloc(sizeof(int64_t) * (size_t)(n + 1));
    int *parent = malloc(sizeof(int) * (size_t)(n + 1));
    int *cstart = calloc((size_t)(n + 2), sizeof(int));
    int *child = malloc(sizeof(int) * (size_t)(n + 1));
    int *member = malloc(sizeof(int) * (size_t)(n + 1));   /* stream of op (raw id) */
    int *groups = malloc(sizeof(int) * (size_t)(n + 1));
    Streams s = {
        .up = malloc(sizeof(int) * (size_t)(n + 1)),
        .cost = malloc(sizeof(int64_t) * (size_t)(n + 1)),
        .has_ret = malloc(sizeof(bool) * (size_t)(n + 1)),
        .n = 0,
    };
    int result = -1;
    if (!cost || !cfr || !parent || !cstart || !child || !member || !groups || !s.up ||
        !s.cost || !s.has_ret)
        goto done;

    /* Forward pass. */
    cost[root] = 1;
    cfr[root] = 1;
    parent[root] = -1;
    int64_t maxc = 1;
    for (int i = 0; i < n; i++) {
        cost[i] = g->cost[i] > 0 ? g->cost[i] : (set ? T : 1);
        if (g->nopnds[i] == 0) {
            parent[i] = root;
            cfr[i] = cost[i];
        } else {
            int best = -2;
            int64_t bestc = -1;
            for (int j = 0; j < g->nopnds[i]; j++) {
                int d = g->defs[i][j] < 0 ? root : g->defs[i][j];
                if (cfr[d] > bestc) {
                    bestc = cfr[d];
                    best = d;
                }
            }
            parent[i] = best;
            cfr[i] = cost[i] + cfr[best];
        }
        if (cfr[i] > maxc) maxc = cfr[i];
    }
    bool from_root = !set;
    if (!set) T = maxc;

    /* Children lists (CSR), each in op order = the order users were appended. */
    for (int i = 0; i < n; i++) cstart[parent[i] + 1]++;
    for (int i = 0; i <= n; i++) cstart[i + 1] += cstart[i];
    {
        int *fill = malloc(sizeof(int) * (size_t)(n + 1));
        if (!fill) goto done;
        memcpy(fill, cstart, sizeof(int) * (size_t)(n + 1));
        for (int i = 0; i < n; i++) child[fill[parent[i]]++] = i;
        free(fill);
    }

    /* Backward pass: on, ..., o1, then R. */
    for (int step = 0; step <= n; step++) {
        int x = step < n ? n - 1 - step : root;
        bool is_ret = x == n - 1;
        int nchild = cstart[x + 1] - cstart[x];
        if (nchild == 0) {
            member[x] = new_stream(&s, cost[x], is_ret);
            continue;
        }
        int maxid = -1, ret = -1, ng = 0;
        int64_t maxcost = 0;
        for (int k = cstart[x]; k < cstart[x + 1]; k++) {
            int c = find(&s, member[child[k]]);
            bool above_c = from_root ? cfr[x] + s.cost[c] >= T : s.cost[c] >= T;
            if (above_c) {
                if (s.cost[c] > maxcost) {
                    maxcost = s.cost[c];
                    maxid = c;
                }
                if (s.has_ret[c]) ret = c;
                continue;
            }
            if (ng == 0) {
                groups[ng++] = c;
            } else {
                int last = find(&s, groups[ng - 1]);
                bool above_lc = from_root ? cfr[x] + s.cost[last] + s.cost[c] >= T
                                          : s.cost[last] >= T;
                if (above_lc) groups[ng++] = c;
                else merge(&s, c, last);
            }
            int gs = find(&s, groups[ng - 1]);
            if (s.cost[gs] > maxcost) {
                maxcost = s.cost[gs];
                maxid = gs;
            }
            if (s.has_ret[gs]) ret = gs;
        }
        int chosen = find(&s, ret >= 0 ? ret : maxid);
        member[x] = chosen;
        s.cost[chosen] += cost[x];
        if (is_ret) s.has_ret[chosen] = true;
        if (!from_root && ng > 0) {
            int last = find(&s, groups[ng - 1]);
            if (!(s.cost[last] >= T) && last != chosen) merge(&s, last, chosen);
        }
    }
    for (int i = 0; i <= n; i++) streams[i] = find(&s, member[i]);
    result = s.n;
done:
    free(cost); free(cfr); free(parent); free(cstart); free(child); free(member);
    free(groups); free(s.up); free(s.cost); free(s.has_ret);
    return result;
}

int64_t stream_threshold(const Module *m, const Block *b)
{
    const Attr *a = NULL;
    if (!b->parent_op && b->func) {
        a = ir_func_attr(b->func, "tfrt.cost_threshold");
        if (a && a->kind == ATTR_INT && a->u.i > 0) return a->u.i;
    }
    a = m ? ir_module_attr(m, "tfrt.cost_threshold") : NULL;
    if (a && a->kind == ATTR_INT && a->u.i > 0) return a->u.i;
    return 0;
}

static int64_t op_cost(const Op *op)
{
    if (!strcmp(op->name, "tfrt.return") || !strcmp(op->name, "tfrt.merge.chains")) return 1;
    if (!strcmp(op->name, "tfrt_test.test_cost")) {
        const Attr *a = ir_op_attr(op, "_tfrt_cost");
        if (a && a->kind == ATTR_INT && a->u.i > 0) return a->u.i;
        return 1;
    }
    return 0;
}

bool stream_block(const Module *m, const Block *b, int *out)
{
    int n = b->nops;
    int *nop = malloc(sizeof(int) * (size_t)(n + 1));
    const int **defs = malloc(sizeof(int *) * (size_t)(n + 1));
    int64_t *cost = malloc(sizeof(int64_t) * (size_t)(n + 1));
    int *st = malloc(sizeof(int) * (size_t)(n + 2));
    int total = 0;
    for (int i = 0; i < n; i++) total += b->ops[i]->noperands;
    int *pool = malloc(sizeof(int) * (size_t)(total + 1));
    bool ok = false;
    if (!nop || !defs || !cost || !st || !pool) goto done;
    int at = 0;
    for (int i = 0; i < n; i++) {
        const Op *op = b->ops[i];
        nop[i] = op->noperands;
        defs[i] = pool + at;
        for (int j = 0; j < op->noperands; j++) {
            const Value *v = op->operands[j];
            pool[at++] = v->def && v->def->parent == b ? v->def->index : -1;
        }
        cost[i] = op_cost(op);
    }
    StreamGraph g = { n, nop, defs, cost };
    if (stream_compute(&g, stream_threshold(m, b), st) < 0) goto done;
    /* Kernel k = op k-1 for the non-return ops; kernel 0 = R. */
    bool last_is_ret = n > 0 && !strcmp(b->ops[n - 1]->name, "tfrt.return");
    int k = last_is_ret ? n - 1 : n;
    out[0] = st[n];
    for (int i = 0; i < k; i++) out[i + 1] = st[i];
    ok = true;
done:
    free(nop); free(defs); free(cost); free(st); free(pool);
    return ok;
}
