/*
** test_stream.c — the stream analysis of docs/execution.md §6.2 on the worked
** examples of docs/execution.md §6.7 and on threshold / _tfrt_cost variants computed by hand.
*/
#include <criterion/criterion.h>
#include "interp/stream.h"

#define MAXOPS 16

/* A graph written as rows: number of operands, then defining op indices
** (-1 = block argument), and a fixed cost (0 = default). */
typedef struct Row { int n; int d[4]; int64_t cost; } Row;

/* The graph of [rows] in the caller's arrays [nop], [defs], [cost]. */
static StreamGraph graph(const Row *rows, int n, int *nop, const int **defs, int64_t *cost)
{
    for (int i = 0; i < n; i++) {
        nop[i] = rows[i].n;
        defs[i] = rows[i].d;
        cost[i] = rows[i].cost;
    }
    return (StreamGraph){ n, nop, defs, cost };
}

static void run(const Row *rows, int n, int64_t threshold, const int *want, int want_count)
{
    int nop[MAXOPS];
    const int *defs[MAXOPS];
    int64_t cost[MAXOPS];
    StreamGraph g = graph(rows, n, nop, defs, cost);
    int got[MAXOPS + 1];
    int count = stream_compute(&g, threshold, got);
    cr_assert_eq(count, want_count, "streams created: got %d, want %d", count, want_count);
    for (int i = 0; i <= n; i++)
        cr_expect_eq(got[i], want[i], "op %d%s: stream %d, want %d", i, i == n ? " (R)" : "",
                     got[i], want[i]);
}

/* docs/execution.md §6.7, TFRT's value-lifetime test test_linear, threshold 1:
** ret->0, k7->1, k6->2, k5->3, k4 and k2 join 3, k3->4, k1->5; R joins 0. */
Test(stream, worked_example_linear_threshold_1)
{
    Row r[] = {
        {0, {0}, 0},        /* k1 %ch0 = tfrt.new.chain */
        {0, {0}, 0},        /* k2 %v1 = vt.constant */
        {0, {0}, 0},        /* k3 %v2 = vt.constant */
        {2, {1, 2}, 0},     /* k4 %r = vt.add %v1, %v2 */
        {2, {3, 0}, 0},     /* k5 vt.print %r, %ch0 */
        {0, {0}, 0},        /* k6 vt.constant */
        {0, {0}, 0},        /* k7 vt.constant */
        {0, {0}, 1},        /* tfrt.return */
    };
    int want[] = {5, 3, 4, 3, 3, 2, 1, 0, 0};
    run(r, 8, 1, want, 6);
}

/* docs/execution.md §6.7 second example: three zero-operand kernels, operand-less return,
** default options: return->0, k3->1, k2->2, k1->3, R joins 0. */
Test(stream, worked_example_fixed_size_allocator_default)
{
    Row r[] = { {0, {0}, 0}, {0, {0}, 0}, {0, {0}, 0}, {0, {0}, 1} };
    int want[] = {3, 2, 1, 0, 0};
    run(r, 4, 0, want, 4);
}

/* docs/execution.md §6.7 third example, async_add, default options (T = max cfr = 4, from
** root): {k2,k4,k6,k7} = 1, {k5} = 2, {k1,k3} = 4 (k3's stream 3 merged
** into k1's), root stream 0 holds the return. */
static const Row async_add[] = {
    {0, {0}, 0},            /* k1 %ch0 = new.chain */
    {0, {0}, 0},            /* k2 %x = 42 */
    {0, {0}, 0},            /* k3 %c1 = 1 */
    {2, {1, 0}, 0},         /* k4 %ch1 = print %x, %ch0 */
    {2, {1, 2}, 0},         /* k5 %y = do.async %x, %c1 */
    {2, {1, 3}, 0},         /* k6 %ch2 = print %x, %ch1 */
    {2, {4, 5}, 0},         /* k7 %ch3 = print %y, %ch2 */
    {0, {0}, 1},            /* tfrt.return */
};

Test(stream, worked_example_async_add_default)
{
    int want[] = {4, 1, 4, 1, 2, 1, 1, 0, 0};
    run(async_add, 8, 0, want, 5);
}

/* The same body with threshold 1 (plain mode): nothing merges; each op joins
** the child stream holding the return, else its first most expensive one. */
Test(stream, async_add_threshold_1)
{
    int want[] = {4, 1, 3, 1, 2, 1, 1, 0, 0};
    run(async_add, 8, 1, want, 5);
}

/* A negative or zero threshold counts as unset (docs/execution.md §6.2). */
Test(stream, nonpositive_threshold_is_unset)
{
    int want[] = {4, 1, 4, 1, 2, 1, 1, 0, 0};
    run(async_add, 8, -3, want, 5);
}

/* _tfrt_cost in plain mode (T = 5): a = cost 10, b = cost 1, c(a, b) cost 1,
** operand-less return. c -> 1, b -> 2, a joins 1 (its only child, not above,
** is the chosen stream so step 3 does nothing). At R: a's stream is above;
** b's stream starts the groups and the return's stream merges into it, so
** the return and R end in stream 2. */
Test(stream, tfrt_cost_plain_mode)
{
    Row r[] = {
        {0, {0}, 10},       /* a */
        {0, {0}, 1},        /* b */
        {2, {0, 1}, 1},     /* c */
        {0, {0}, 1},        /* return */
    };
    int want[] = {1, 2, 1, 2, 2};
    run(r, 4, 5, want, 3);
}

/* Plain-mode step 3: x has an expensive user u1 (above) and a cheap user u2
** (not above); x joins u1's stream and the cheap group is merged into it. */
Test(stream, plain_mode_merges_cheap_group_into_chosen)
{
    Row r[] = {
        {0, {0}, 1},        /* x */
        {1, {0}, 10},       /* u1(x) */
        {1, {0}, 1},        /* u2(x) */
        {0, {0}, 1},        /* return */
    };
    int want[] = {2, 2, 2, 0, 0};
    run(r, 4, 5, want, 3);
}

/* Block arguments are defined by R: an op using only arguments is one of R's
** scheduled users with cfr = cost + 1. Body: %r = add %a, %b; return %r. The
** return (cfr 3) is the only user of the add, so everything is stream 0. */
Test(stream, block_arguments_belong_to_root)
{
    Row r[] = {
        {2, {-1, -1}, 0},
        {1, {0}, 1},
    };
    int want[] = {0, 0, 0};
    run(r, 2, 0, want, 1);
}

/* {=====================================================================
** stream_block on parsed IR: kernel numbering (pseudo kernel 0, ops 1..K),
** block arguments as R, thresholds from the function and the module.
** ====================================================================== */
#include <string.h>
#include "parser/parser.h"

static Module *parse(const char *text)
{
    Module *m = parse_module("t.mlir", text, strlen(text), NULL);
    cr_assert(m, "parse failed");
    return m;
}

Test(stream, block_async_add_parsed)
{
    Module *m = parse("func.func @async_add() {\n"
                      "  %ch0 = tfrt.new.chain\n"
                      "  %x = tfrt.constant.i32 42\n"
                      "  %c1 = tfrt.constant.i32 1\n"
                      "  %ch1 = tfrt.print.i32 %x, %ch0\n"
                      "  %y = tfrt_test.do.async %x, %c1 : (i32, i32) -> (i32) {\n"
                      "    %y_res = tfrt.add.i32 %x, %c1\n"
                      "    tfrt.return %y_res : i32\n"
                      "  }\n"
                      "  %ch2 = tfrt.print.i32 %x, %ch1\n"
                      "  %ch3 = tfrt.print.i32 %y, %ch2\n"
                      "  tfrt.return\n"
                      "}\n");
    int out[16];
    cr_assert(stream_block(m, m->funcs[0]->body, out));
    int want[] = {0, 4, 1, 4, 1, 2, 1, 1};   /* pseudo, k1..k7 */
    for (int k = 0; k < 8; k++) cr_expect_eq(out[k], want[k], "kernel %d: %d, want %d", k, out[k], want[k]);
    ir_module_free(m);
}

/* The function's tfrt.cost_threshold wins over the module's for its body;
** a region body uses the module's. */
Test(stream, threshold_sources)
{
    Module *m = parse("module attributes {tfrt.cost_threshold = 7 : i64} {\n"
                      "func.func @f() attributes {tfrt.cost_threshold = 3 : i64} {\n"
                      "  %n = tfrt.constant.i32 1\n"
                      "  tfrt.repeat.i32 %n {\n"
                      "    tfrt.return\n"
                      "  }\n"
                      "  tfrt.return\n"
                      "}\n"
                      "func.func @g() {\n"
                      "  tfrt.return\n"
                      "}\n"
                      "}\n");
    const Block *fb = m->funcs[0]->body;
    cr_expect_eq(stream_threshold(m, fb), 3);
    cr_expect_eq(stream_threshold(m, fb->ops[1]->regions[0]), 7);
    cr_expect_eq(stream_threshold(m, m->funcs[1]->body), 7);
    ir_module_free(m);
}

/* A function's tfrt.cost_threshold of 0 (or of another kind) leaves T unset
** for its body, the module's threshold notwithstanding, as TFRT reads it
** (the function's attribute is taken whenever it is there). */
Test(stream, function_threshold_zero_is_unset)
{
    Module *m = parse("module attributes {tfrt.cost_threshold = 10 : i64} {\n"
                      "func.func @f() attributes {tfrt.cost_threshold = 0} {\n"
                      "  tfrt.return\n"
                      "}\n"
                      "func.func @g() attributes {tfrt.cost_threshold = \"x\"} {\n"
                      "  tfrt.return\n"
                      "}\n"
                      "func.func @h() attributes {tfrt.cost_threshold = -3 : i64} {\n"
                      "  tfrt.return\n"
                      "}\n"
                      "}\n");
    cr_expect_eq(stream_threshold(m, m->funcs[0]->body), 0);
    cr_expect_eq(stream_threshold(m, m->funcs[1]->body), 0);
    cr_expect_eq(stream_threshold(m, m->funcs[2]->body), 0);
    ir_module_free(m);
}

/* {=====================================================================
** stream_tree: costs, parent streams and the streams each op starts, what
** `tfrun opt -tfrt-print-stream` prints (docs/tools.md §1.4).
** ====================================================================== */

/* async_add with default options (worked out above): streams {ret, R} = 0
** cost 2, {k2,k4,k6,k7} = 1 cost 4, {k5} = 2 cost 1, {k1,k3} = 4 cost 2
** (3 merged into 4). R starts 4 (first op k1) and 1 (first op k2), in that
** order; k2 starts 2. */
Test(stream_tree, async_add_default)
{
    int nop[8];
    const int *defs[8];
    int64_t cost[8];
    StreamGraph g = graph(async_add, 8, nop, defs, cost);
    StreamTree t;
    cr_assert_eq(stream_tree_compute(&g, 0, &t), 5);
    int64_t want_cost[] = {2, 4, 1, 0, 2};
    int want_parent[] = {-1, 0, 1, 0, 0};   /* stream 3 is empty: only 0, 1, 2, 4 are read */
    for (int s = 0; s < 5; s++) {
        if (s == 3) continue;
        cr_expect_eq(t.cost[s], want_cost[s], "stream %d: cost %lld", s, (long long)t.cost[s]);
        cr_expect_eq(stream_parent(&t, s), want_parent[s], "stream %d: parent %d", s, stream_parent(&t, s));
    }
    cr_expect_eq(t.parent_op[1], 8);        /* R */
    cr_expect_eq(t.parent_op[2], 1);        /* k2 */
    cr_expect_eq(t.parent_op[4], 8);
    cr_expect_eq(t.first_child[8], 4);
    cr_expect_eq(t.next_child[4], 1);
    cr_expect_eq(t.next_child[1], -1);
    cr_expect_eq(t.first_child[1], 2);
    cr_expect_eq(t.next_child[2], -1);
    for (int x = 0; x < 8; x++)
        if (x != 1) cr_expect_eq(t.first_child[x], -1, "op %d starts stream %d", x, t.first_child[x]);
    stream_tree_free(&t);
}

/* The return's stream can be merged away: plain mode, T = 5, x with users
** y (6), z (7), w (1) and the return. The cheap w starts the groups and
** the return's stream 0 merges into it, so R's stream is 1; x starts y's
** stream 3 and z's stream 2, listed by first op: [3, 2]. */
Test(stream_tree, return_stream_merged_away)
{
    Row r[] = {
        {1, {-1}, 2},       /* x = test_cost %a */
        {1, {0}, 6},        /* y(x) */
        {1, {0}, 7},        /* z(x) */
        {1, {0}, 1},        /* w(x) */
        {1, {0}, 1},        /* return x */
    };
    int nop[5];
    const int *defs[5];
    int64_t cost[5];
    StreamGraph g = graph(r, 5, nop, defs, cost);
    StreamTree t;
    cr_assert_eq(stream_tree_compute(&g, 5, &t), 4);
    int want[] = {1, 3, 2, 1, 1, 1};
    for (int i = 0; i <= 5; i++) cr_expect_eq(t.stream[i], want[i], "op %d: stream %d", i, t.stream[i]);
    cr_expect_eq(t.cost[1], 5);
    cr_expect_eq(t.cost[2], 7);
    cr_expect_eq(t.cost[3], 6);
    cr_expect_eq(stream_parent(&t, 1), -1);
    cr_expect_eq(stream_parent(&t, 2), 1);
    cr_expect_eq(stream_parent(&t, 3), 1);
    cr_expect_eq(t.first_child[0], 3);
    cr_expect_eq(t.next_child[3], 2);
    cr_expect_eq(t.next_child[2], -1);
    cr_expect_eq(t.first_child[5], -1);
    stream_tree_free(&t);
}

/* Random blocks, both modes: the tree agrees with stream_compute, every
** stream's cost is the sum of its ops' costs, every head of a stream (an
** op whose parent is in another stream) has the same parent, and each
** stream but R's is listed once, under that parent, in first-op order. */
Test(stream_tree, random_blocks_invariants)
{
    unsigned seed = 12345;
#define RND(k) ((seed = seed * 1103515245u + 12345u), (int)((seed >> 16) % (unsigned)(k)))
    for (int round = 0; round < 2000; round++) {
        int n = 1 + RND(MAXOPS);
        Row r[MAXOPS];
        for (int i = 0; i < n; i++) {
            r[i].n = i == n - 1 ? RND(3) : RND(4);
            for (int j = 0; j < r[i].n; j++) r[i].d[j] = RND(i + 1) - 1;   /* -1: an argument */
            r[i].cost = i == n - 1 ? 1 : (RND(3) == 0 ? 0 : 1 + RND(8));
        }
        int64_t threshold = RND(3) == 0 ? 0 : 1 + RND(12);
        int nop[MAXOPS];
        const int *defs[MAXOPS];
        int64_t cost[MAXOPS];
        StreamGraph g = graph(r, n, nop, defs, cost);
        int plain[MAXOPS + 1];
        int count = stream_compute(&g, threshold, plain);
        StreamTree t;
        cr_assert_eq(stream_tree_compute(&g, threshold, &t), count);
        int64_t sum[MAXOPS + 1] = {0};
        sum[t.stream[n]] += 1;                              /* R */
        for (int i = 0; i < n; i++)
            sum[t.stream[i]] += cost[i] > 0 ? cost[i] : threshold > 0 ? threshold : 1;
        for (int i = 0; i <= n; i++) cr_assert_eq(t.stream[i], plain[i], "round %d op %d", round, i);
        int root = t.stream[n], listed[MAXOPS + 1] = {0};
        for (int s = 0; s < count; s++) {
            if (t.first_op[s] < 0 && s != root) continue;     /* merged away */
            cr_assert_eq(t.cost[s], sum[s], "round %d stream %d: cost %lld, ops sum to %lld", round, s,
                         (long long)t.cost[s], (long long)sum[s]);
        }
        for (int i = 0; i < n; i++) {
            int s = t.stream[i], p = t.parent[i];
            if (t.stream[p] != s)
                cr_assert_eq(t.parent_op[s], p, "round %d: stream %d has heads with parents %d and %d", round, s,
                             t.parent_op[s], p);
        }
        for (int x = 0; x <= n; x++) {
            int last_first = -1;
            for (int c = t.first_child[x]; c >= 0; c = t.next_child[c]) {
                cr_assert_eq(t.parent_op[c], x);
                cr_assert_gt(t.first_op[c], last_first, "round %d: op %d lists streams out of order", round, x);
                last_first = t.first_op[c];
                listed[c]++;
            }
        }
        for (int s = 0; s < count; s++)
            cr_assert_eq(listed[s], s == root || t.first_op[s] < 0 ? 0 : 1, "round %d stream %d listed %d times",
                         round, s, listed[s]);
        stream_tree_free(&t);
    }
#undef RND
}
