/*
** test_explore.c — the schedule explorer (analysis/explore.h,
** docs/explore.md, docs/tools.md §4): on small programs the reduced
** search (sleep sets + state cache) and sleep sets alone must find exactly
** the outcomes that a brute-force enumeration of every interleaving of the
** steps finds, while running no more complete schedules (strictly fewer
** where steps commute); sleep sets alone must run exactly one schedule per
** equivalence class of conflict orders (counted by hand); witnesses must
** replay to their outcome.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/explore.h"
#include "interp/exec.h"
#include "interp/workqueue.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"

TestSuite(explore, .timeout = 120.0);

typedef struct Prog {
    Module *m;
    WorkQueue *q;
    HostAllocator *a;
    DiagSink *d;
    Host *h;
} Prog;

static void load(Prog *p, const char *text, ExploreModel model)
{
    memset(p, 0, sizeof *p);
    p->d = diag_new(stderr);
    p->m = parse_module("test.mlir", text, strlen(text), p->d);
    cr_assert(p->m, "parse failed");
    VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
    cr_assert_eq(verify_module(p->m, p->d, &vo), 0, "verify failed");
    char err[128];
    p->q = wq_create("s", err, sizeof err);
    cr_assert(p->q, "%s", err);
    p->a = ha_create("malloc", stderr);
    p->h = host_new(p->m, p->q, p->a, p->d, stdout);
    p->h->schedule = EXEC_EXPLORE;
    p->h->split_updates = model == EXPLORE_SPEC;
    cr_assert(exec_load(p->h));
}

static void unload(Prog *p)
{
    wq_destroy(p->q);
    host_free(p->h);
    ir_module_free(p->m);
    ha_destroy(p->a);
    diag_free(p->d);
}

/* The result line, for i32 results (the programs here return those or
** chains). */
static void result_line(void *ud, FILE *out, const Func *fn, AsyncValue **res)
{
    (void)ud;
    fprintf(out, "'%s' returned ", fn->name);
    for (int i = 0; i < fn->nresults; i++) {
        if (i) fputc(',', out);
        if (av_is_available(res[i]) && av_get(res[i])->type == ANY_I32) fprintf(out, "%d", (int)av_get(res[i])->v.i);
        else fputs("value", out);
    }
    fputc('\n', out);
}

static ExploreResult explore_with(Prog *p, const char *fn, ExploreModel model, ExploreSearch search,
                                   long max_runs, long max_states)
{
    const Func *f = ir_module_func(p->m, fn);
    cr_assert(f, "no function %s", fn);
    ExploreOptions o = { model, search, max_runs, 60, result_line, NULL, max_states };
    ExploreResult r;
    explore_function(p->h, f, &o, &r);
    return r;
}

static ExploreResult explore(Prog *p, const char *fn, ExploreModel model, ExploreSearch search)
{
    ExploreResult r = explore_with(p, fn, model, search, 10000000, 0);
    cr_assert(r.complete, "%s: search not complete: %s", fn, r.note ? r.note : "");
    return r;
}

static bool has_outcome(const ExploreResult *r, const char *out)
{
    for (int i = 0; i < r->noutcomes; i++)
        if (!strcmp(r->outcomes[i].output, out)) return true;
    return false;
}

/* The outcome of [r] that prints what [oc] prints and returns what it
** returns (where the `returned` line fell aside), or NULL. */
static const ExploreOutcome *same_group(const ExploreResult *r, const ExploreOutcome *oc)
{
    for (int i = 0; i < r->noutcomes; i++) {
        const ExploreOutcome *o = &r->outcomes[i];
        if (strcmp(o->lines, oc->lines)) continue;
        if ((o->result == NULL) != (oc->result == NULL)) continue;
        if (o->result && strcmp(o->result, oc->result)) continue;
        return o;
    }
    return NULL;
}

static bool has_place(const ExploreOutcome *o, int after)
{
    for (int i = 0; i < o->nreturned; i++)
        if (o->returned[i].after == after) return true;
    return false;
}

/* [a] has every outcome of [b], and each with every place of its
** `returned` line. */
static void same_outcomes(const ExploreResult *a, const ExploreResult *b, const char *fn)
{
    cr_expect_eq(a->noutcomes, b->noutcomes, "%s: %d outcomes against %d", fn, a->noutcomes, b->noutcomes);
    for (int i = 0; i < b->noutcomes; i++) {
        const ExploreOutcome *o = same_group(a, &b->outcomes[i]);
        cr_expect(o, "%s: missing outcome\n%s", fn, b->outcomes[i].output);
        if (!o) continue;
        cr_expect_eq(o->nreturned, b->outcomes[i].nreturned, "%s: %d places of the returned line against %d\n%s",
                     fn, o->nreturned, b->outcomes[i].nreturned, o->output);
        for (int j = 0; j < b->outcomes[i].nreturned; j++)
            cr_expect(has_place(o, b->outcomes[i].returned[j].after), "%s: returned line after %d missing\n%s", fn,
                      b->outcomes[i].returned[j].after, o->output);
    }
}

/* Runs [witness] of @fn and returns what it printed (malloc'ed). */
static char *replayed(Prog *p, const char *fn, const char *witness)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    FILE *saved = p->h->out;
    p->h->out = mem;
    char *err = NULL;
    bool ok = explore_replay(p->h, ir_module_func(p->m, fn), witness, result_line, NULL, &err);
    p->h->out = saved;
    fclose(mem);
    cr_expect(ok, "%s: witness %s: %s", fn, witness, err ? err : "");
    free(err);
    return buf;
}

static long sleep_schedules;    /* of the last compare() */
static long dpor_schedules, dpor_runs, sleep_runs;

/* Compares the searches on @fn of [text] under [model]; returns the
** complete schedules of (reduced, brute) through the pointers, and those of
** sleep sets alone in sleep_schedules. */
static void compare(const char *text, const char *fn, ExploreModel model, long *reduced, long *brute)
{
    Prog p;
    load(&p, text, model);
    ExploreResult a = explore(&p, fn, model, EXPLORE_REDUCED);
    ExploreResult b = explore(&p, fn, model, EXPLORE_BRUTE);
    ExploreResult z = explore(&p, fn, model, EXPLORE_SLEEP);
    ExploreResult d = explore(&p, fn, model, EXPLORE_DPOR);
    same_outcomes(&z, &b, fn);
    same_outcomes(&b, &z, fn);
    same_outcomes(&d, &b, fn);
    same_outcomes(&b, &d, fn);
    same_outcomes(&a, &b, fn);
    same_outcomes(&b, &a, fn);
    /* A cache that holds two states finds the same (issue 25: the cache
    ** is bounded; a state it cannot hold is explored again). */
    ExploreResult t = explore_with(&p, fn, model, EXPLORE_REDUCED, 10000000, 2);
    cr_expect(t.complete, "%s: tiny cache: %s", fn, t.note ? t.note : "");
    same_outcomes(&t, &b, fn);
    same_outcomes(&b, &t, fn);
    cr_expect_leq(t.states, 2);
    explore_result_free(&t);
    cr_expect_leq(z.schedules, b.schedules);
    cr_expect_leq(a.schedules, z.schedules);
    /* DPOR runs the same classes as sleep sets (one complete schedule per
    ** conflict order), in no more runs. */
    cr_expect_eq(d.schedules, z.schedules, "%s: DPOR %ld schedules, sleep sets %ld", fn, d.schedules, z.schedules);
    cr_expect_leq(d.executions, z.executions);
    cr_log_info("%s (%s): DPOR %ld schedules in %ld runs, sleep sets %ld in %ld runs", fn,
                model == EXPLORE_SPEC ? "spec" : "executor", d.schedules, d.executions, z.schedules,
                z.executions);
    for (int i = 0; i < d.noutcomes; i++) {
        char *buf = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&buf, &len);
        FILE *saved = p.h->out;
        p.h->out = mem;
        char *err = NULL;
        bool ok = explore_replay(p.h, ir_module_func(p.m, fn), d.outcomes[i].witness, result_line, NULL, &err);
        p.h->out = saved;
        fclose(mem);
        cr_expect(ok && !strcmp(buf, d.outcomes[i].output), "%s: DPOR witness %s", fn, d.outcomes[i].witness);
        free(err);
        free(buf);
    }
    sleep_schedules = z.schedules;
    sleep_runs = z.executions;
    dpor_schedules = d.schedules;
    dpor_runs = d.executions;
    explore_result_free(&z);
    explore_result_free(&d);
    long total = 0;
    for (int i = 0; i < b.noutcomes; i++) total += b.outcomes[i].schedules;
    cr_expect_eq(total, b.schedules);
    cr_expect_leq(a.schedules, b.schedules, "%s: reduced %ld > brute %ld", fn, a.schedules, b.schedules);
    cr_expect_leq(a.executions, b.executions);
    /* Every witness replays to its outcome, the witness of each place of
    ** the `returned` line to that place. */
    for (int i = 0; i < a.noutcomes; i++) {
        char *buf = replayed(&p, fn, a.outcomes[i].witness);
        cr_expect_str_eq(buf, a.outcomes[i].output, "%s: witness %s", fn, a.outcomes[i].witness);
        free(buf);
        for (int j = 0; j < a.outcomes[i].nreturned; j++) {
            buf = replayed(&p, fn, a.outcomes[i].returned[j].witness);
            int after = 0;
            const char *r = strstr(buf, a.outcomes[i].result);
            for (const char *q = buf; r && q < r; q++) after += *q == '\n';
            cr_expect(r && after == a.outcomes[i].returned[j].after, "%s: witness %s puts the returned line "
                      "after %d lines, not %d:\n%s", fn, a.outcomes[i].returned[j].witness, after,
                      a.outcomes[i].returned[j].after, buf);
            free(buf);
        }
    }
    cr_log_info("%s (%s): reduced %ld schedules in %ld runs, sleep sets %ld, brute force %ld schedules", fn,
                model == EXPLORE_SPEC ? "spec" : "executor", a.schedules, a.executions, sleep_schedules,
                b.schedules);
    *reduced = a.schedules;
    *brute = b.schedules;
    explore_result_free(&a);
    explore_result_free(&b);
    unload(&p);
}

/* {=====================================================================
** Programs
** ====================================================================== */

#define CREATE(v, init, ch_in, ch_out) \
    "  %" v ", %" ch_out " = \"rv.create\"(%" init ", %" ch_in ") : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)\n"
#define ADD(res, v, d, ch) \
    "  %" res " = \"rv.assign_add\"(%" v ", %" d ", %" ch ") : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain\n"

static const char increments3[] =
    "func.func @f() -> i32 {\n"
    "  %ch0 = tfrt.new.chain\n"
    "  %zero = tfrt.constant.i32 0\n"
    CREATE("v", "zero", "ch0", "ch1")
    "  %one = tfrt.constant.i32 1\n"
    ADD("a", "v", "one", "ch1") ADD("b", "v", "one", "ch1") ADD("c", "v", "one", "ch1")
    "  %all = tfrt.merge.chains %a, %b, %c : !tfrt.chain, !tfrt.chain, !tfrt.chain\n"
    "  %x, %ch2 = \"rv.read\"(%v, %all) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
    "  tfrt.return %x : i32\n"
    "}\n";

/* Two variables, each updated twice, unordered: the updates of one
** variable are independent of those of the other. */
static const char two_vars[] =
    "func.func @f() -> (i32, i32) {\n"
    "  %ch0 = tfrt.new.chain\n"
    "  %zero = tfrt.constant.i32 0\n"
    CREATE("v", "zero", "ch0", "ch1")
    CREATE("w", "zero", "ch1", "ch2")
    "  %one = tfrt.constant.i32 1\n"
    ADD("a", "v", "one", "ch2") ADD("b", "v", "one", "ch2")
    ADD("c", "w", "one", "ch2") ADD("d", "w", "one", "ch2")
    "  %all = tfrt.merge.chains %a, %b, %c, %d : !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain\n"
    "  %x, %ch3 = \"rv.read\"(%v, %all) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
    "  %y, %ch4 = \"rv.read\"(%w, %all) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
    "  tfrt.return %x, %y : i32, i32\n"
    "}\n";

static const char store_buffer[] =
    "func.func @f() -> (i32, i32) {\n"
    "  %ch0 = tfrt.new.chain\n"
    "  %zero = tfrt.constant.i32 0\n"
    CREATE("x", "zero", "ch0", "chx")
    CREATE("y", "zero", "chx", "chy")
    "  %one = tfrt.constant.i32 1\n"
    "  %two = tfrt.constant.i32 2\n"
    "  %w1 = \"rv.assign\"(%x, %one, %chy) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain\n"
    "  %w2 = \"rv.assign\"(%y, %two, %w1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain\n"
    "  %r0, %c1 = \"rv.read\"(%y, %chy) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
    "  %r1, %c2 = \"rv.read\"(%x, %c1) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
    "  tfrt.return %r0, %r1 : i32, i32\n"
    "}\n";

/* Three prints off one chain, and reads of one variable that commute. */
static const char prints_and_reads[] =
    "func.func @f() -> i32 {\n"
    "  %ch0 = tfrt.new.chain\n"
    "  %seven = tfrt.constant.i32 7\n"
    CREATE("v", "seven", "ch0", "ch1")
    "  %a, %c1 = \"rv.read\"(%v, %ch1) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
    "  %b, %c2 = \"rv.read\"(%v, %ch1) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
    "  %c, %c3 = \"rv.read\"(%v, %ch1) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
    "  %one = tfrt.constant.i32 1\n"
    "  %two = tfrt.constant.i32 2\n"
    "  %p1 = tfrt.print.i32 %one, %c1\n"
    "  %p2 = tfrt.print.i32 %two, %c2\n"
    "  %all = tfrt.merge.chains %p1, %p2, %c3 : !tfrt.chain, !tfrt.chain, !tfrt.chain\n"
    "  %s = tfrt.add.i32 %a, %b\n"
    "  tfrt.return %s : i32\n"
    "}\n";

static const char critical[] =
    "func.func @bump(%v: !rv.var, %ch: !tfrt.chain) -> !tfrt.chain {\n"
    "  %x, %ch1 = \"rv.read\"(%v, %ch) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
    "  %one = tfrt.constant.i32 1\n"
    "  %y = tfrt.add.i32 %x, %one\n"
    "  %ch2 = \"rv.assign\"(%v, %y, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain\n"
    "  tfrt.return %ch2 : !tfrt.chain\n"
    "}\n"
    "func.func @inside() -> i32 {\n"
    "  %ch0 = tfrt.new.chain\n"
    "  %zero = tfrt.constant.i32 0\n"
    CREATE("v", "zero", "ch0", "ch1")
    "  %cs = \"rv.critical_section\"() : () -> !rv.cs\n"
    "  %a = rv.critical %cs @bump(%v, %ch1) : (!rv.var, !tfrt.chain) -> !tfrt.chain\n"
    "  %b = rv.critical %cs @bump(%v, %ch1) : (!rv.var, !tfrt.chain) -> !tfrt.chain\n"
    "  %ch2 = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain\n"
    "  %r, %ch3 = \"rv.read\"(%v, %ch2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
    "  tfrt.return %r : i32\n"
    "}\n"
    "func.func @outside() -> i32 {\n"
    "  %ch0 = tfrt.new.chain\n"
    "  %zero = tfrt.constant.i32 0\n"
    CREATE("v", "zero", "ch0", "ch1")
    "  %a = tfrt.call @bump(%v, %ch1) : (!rv.var, !tfrt.chain) -> !tfrt.chain\n"
    "  %b = tfrt.call @bump(%v, %ch1) : (!rv.var, !tfrt.chain) -> !tfrt.chain\n"
    "  %ch2 = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain\n"
    "  %r, %ch3 = \"rv.read\"(%v, %ch2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
    "  tfrt.return %r : i32\n"
    "}\n";

/* }===================================================================== */

Test(explore, increments_spec)
{
    long r, b;
    compare(increments3, "f", EXPLORE_SPEC, &r, &b);
    cr_expect_lt(r, b, "three spec increments: reduced %ld, brute %ld", r, b);
    /* 6!/2^3 = 90 interleavings of three read-then-write pairs; conflict
    ** orders: the 3! orders of the writes times, for each read, the write
    ** it follows (1 x 2 x 3). */
    cr_expect_eq(b, 90);
    cr_expect_eq(sleep_schedules, 36);
    cr_expect_eq(dpor_schedules, 36, "DPOR: one schedule per conflict order, fewer than brute force's 90");
}

Test(explore, increments_executor)
{
    long r, b;
    compare(increments3, "f", EXPLORE_EXECUTOR, &r, &b);
    cr_expect_eq(b, 6, "3! orders of three atomic updates");
    cr_expect_eq(sleep_schedules, 6);
    cr_expect_lt(r, b);
}

Test(explore, independent_variables)
{
    long r, b;
    compare(two_vars, "f", EXPLORE_EXECUTOR, &r, &b);
    cr_expect_lt(r, b, "updates of two variables commute: reduced %ld, brute %ld", r, b);
    cr_expect_eq(sleep_schedules, 4, "2 orders per variable");
    compare(two_vars, "f", EXPLORE_SPEC, &r, &b);
    cr_expect_lt(r, b);
    cr_expect_eq(sleep_schedules, 16, "4 conflict orders per variable");
}

Test(explore, store_buffer)
{
    long r, b;
    compare(store_buffer, "f", EXPLORE_SPEC, &r, &b);
    /* The three conflict orders, one schedule each: (0,0), (0,1), (2,1). */
    cr_expect_eq(r, 3);
    cr_expect_eq(sleep_schedules, 3);
    /* DPOR reverses only the races it sees: no run wasted, where sleep sets
    ** alone start runs that end with every ready step asleep. */
    cr_expect_eq(dpor_runs, 3);
    cr_expect_lt(dpor_runs, sleep_runs);
    cr_expect_leq(r, b);
}

Test(explore, prints_and_reads)
{
    long r, b;
    compare(prints_and_reads, "f", EXPLORE_SPEC, &r, &b);
    cr_expect_lt(r, b, "reads commute: reduced %ld, brute %ld", r, b);
    /* The reads commute; the two prints and the result line all write the
    ** output: 3! orders. */
    cr_expect_eq(sleep_schedules, 6);
}

Test(explore, critical_sections)
{
    long r, b;
    compare(critical, "inside", EXPLORE_SPEC, &r, &b);
    cr_expect_leq(r, b);
    cr_expect_eq(sleep_schedules, 2, "which invocation enters first");
    compare(critical, "outside", EXPLORE_SPEC, &r, &b);
    cr_expect_leq(r, b);
    cr_expect_eq(sleep_schedules, 4, "as two unordered read-then-write updates");
}

/* Outcomes are what the program prints and returns; where the `returned`
** line falls among the prints is counted within them (issue 20). */
Test(explore, returned_line_places)
{
    Prog p;
    load(&p, prints_and_reads, EXPLORE_SPEC);
    ExploreResult r = explore(&p, "f", EXPLORE_SPEC, EXPLORE_REDUCED);
    cr_expect_eq(r.noutcomes, 2, "the two orders of the prints");
    for (int i = 0; i < r.noutcomes; i++) {
        const ExploreOutcome *o = &r.outcomes[i];
        cr_expect_str_eq(o->result, "'f' returned 14\n");
        cr_expect_eq(o->nreturned, 3, "first, between the prints, last");
        for (int k = 0; k < 3; k++) cr_expect(has_place(o, k), "returned line after %d prints", k);
        long sum = 0;
        for (int k = 0; k < o->nreturned; k++) sum += o->returned[k].schedules;
        cr_expect_eq(sum, o->schedules);
        cr_expect_eq(strncmp(o->witness, "spec@f:", 7), 0, "the witness names its function: %s", o->witness);
    }
    explore_result_free(&r);
    unload(&p);
}

/* --max-schedules counts every run, those a reduction cut short too. */
Test(explore, the_budget_counts_runs)
{
    Prog p;
    load(&p, increments3, EXPLORE_SPEC);
    ExploreResult full = explore(&p, "f", EXPLORE_SPEC, EXPLORE_REDUCED);
    cr_assert_gt(full.executions, full.schedules + 3, "runs cut short: %ld runs, %ld complete", full.executions,
                 full.schedules);
    long cut = full.executions - 2;
    ExploreResult r = explore_with(&p, "f", EXPLORE_SPEC, EXPLORE_REDUCED, cut, 0);
    cr_expect_not(r.complete);
    cr_expect_eq(r.executions, cut);
    cr_expect(r.note && strstr(r.note, "(--max-schedules)"), "%s", r.note ? r.note : "");
    explore_result_free(&r);
    explore_result_free(&full);
    unload(&p);
}

/* A witness of one function does not replay another; an old witness
** without a function fits any. */
Test(explore, witness_names_its_function)
{
    Prog p;
    load(&p, critical, EXPLORE_SPEC);
    char *err = NULL;
    cr_expect_not(explore_replay(p.h, ir_module_func(p.m, "outside"), "spec@inside:0.0", result_line, NULL, &err));
    cr_expect_str_eq(err, "the witness is a schedule of 'inside'");
    free(err);
    char *f = explore_witness_function("executor@in:side:0.1");
    cr_expect_str_eq(f, "in:side");
    free(f);
    cr_expect_null(explore_witness_function("spec:0.1"));
    ExploreModel m;
    cr_expect(explore_witness_model("executor@x:0", &m) && m == EXPLORE_EXECUTOR);
    cr_expect(explore_witness_model("spec:0", &m) && m == EXPLORE_SPEC);
    cr_expect_not(explore_witness_model("0.1", &m));
    cr_expect_not(explore_witness_model("specs@x:0", &m));
    unload(&p);
}

Test(explore, outcome_sets)
{
    Prog p;
    load(&p, critical, EXPLORE_SPEC);
    ExploreResult in = explore(&p, "inside", EXPLORE_SPEC, EXPLORE_REDUCED);
    ExploreResult out = explore(&p, "outside", EXPLORE_SPEC, EXPLORE_REDUCED);
    cr_expect_eq(in.noutcomes, 1);
    cr_expect(has_outcome(&in, "'inside' returned 2\n"));
    cr_expect_eq(out.noutcomes, 2);
    cr_expect(has_outcome(&out, "'outside' returned 1\n"));
    cr_expect(has_outcome(&out, "'outside' returned 2\n"));
    explore_result_free(&in);
    explore_result_free(&out);
    unload(&p);
}
