/*
** test_exec.c — the executor (interp/exec.c): refcounts and destruction
** points (docs/execution.md §6.6), ready counts and non-strict readiness, deep recursion and
** long forwarding chains without stack overflow, and bounded memory for a
** 1 000 000-iteration repeat.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "interp/exec.h"
#include "interp/exec_int.h"
#include "interp/workqueue.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"
#include "tests/fib_src.h"

TestSuite(exec, .timeout = 60.0);

/* One loaded program with its own queue, allocator, sink and output. */
typedef struct Prog {
    Module *m;
    WorkQueue *q;
    HostAllocator *a;
    DiagSink *d;
    Host *h;
    char *out;
    size_t outlen;
    FILE *outf;
} Prog;

static void load_as(Prog *p, const char *text, const char *wq, ExecSchedule sched);

static void load(Prog *p, const char *text, const char *wq)
{
    load_as(p, text, wq, EXEC_EXACT);
}

static void load_as(Prog *p, const char *text, const char *wq, ExecSchedule sched)
{
    memset(p, 0, sizeof *p);
    p->outf = open_memstream(&p->out, &p->outlen);
    cr_assert(p->outf);
    p->d = diag_new(p->outf);
    diag_set_verify(p->d, DIAG_VERIFY_LAZY);
    p->m = parse_module("test.mlir", text, strlen(text), p->d);
    cr_assert(p->m, "parse failed");
    VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
    cr_assert_eq(verify_module(p->m, p->d, &vo), 0, "verify failed");
    char err[128];
    p->q = wq_create(wq, err, sizeof err);
    cr_assert(p->q, "%s", err);
    p->a = ha_create("malloc", stderr);
    p->h = host_new(p->m, p->q, p->a, p->d, p->outf);
    p->h->schedule = sched;
    cr_assert(exec_load(p->h));
}

/* Runs @name to completion; returns its results (+1 each) in res. */
static void run(Prog *p, const char *name, AsyncValue **res)
{
    const Func *f = ir_module_func(p->m, name);
    cr_assert(f, "no function %s", name);
    RequestContext *rq = rq_new(p->q);
    ExecCtx c = { .host = p->h, .rq = rq };
    exec_invoke_func(&c, f, NULL, 0, res);
    wq_await(p->q, res, f->nresults);
    wq_quiesce(p->q);
    rq_release(rq);
}

static const char *output(Prog *p)
{
    fflush(p->outf);
    return p->out;
}

static void unload(Prog *p)
{
    wq_destroy(p->q);
    host_free(p->h);
    ir_module_free(p->m);
    ha_destroy(p->a);
    diag_free(p->d);
    fclose(p->outf);
    free(p->out);
}

/* {=====================================================================
** Reference counts and destruction points
** ====================================================================== */

/* A returned value reaches the caller through the invocation's forwarding
** value, which holds the only reference to it once the frame is done. */
Test(exec, result_is_unique_forwarding_value)
{
    Prog p;
    load(&p, "func.func @f() -> i32 {\n"
             "  %a = tfrt.constant.i32 4\n"
             "  %b = tfrt.add.i32 %a, %a\n"
             "  tfrt.return %b : i32\n"
             "}\n", "s");
    int64_t before = av_live_count();
    AsyncValue *r[1];
    run(&p, "f", r);
    cr_assert(av_is_indirect(r[0]));
    cr_assert(av_is_available(r[0]));
    cr_assert_eq(av_get(r[0])->v.i, 8);
    cr_assert(av_is_unique(r[0]), "the frame must have dropped all its references");
    av_release(r[0]);
    cr_assert_eq(av_live_count(), before, "every value is gone after the result");
    cr_assert_eq(exec_live_frames(), 0);
    unload(&p);
}

/* A register returned twice hands out one forwarding value twice. */
Test(exec, register_returned_twice_shares_one_value)
{
    Prog p;
    load(&p, "func.func @f() -> (i32, i32) {\n"
             "  %a = tfrt.constant.i32 4\n"
             "  tfrt.return %a, %a : i32, i32\n"
             "}\n", "s");
    AsyncValue *r[2];
    run(&p, "f", r);
    cr_assert_eq(r[0], r[1]);
    cr_assert_eq(av_refcount(r[0]), 2);
    av_release(r[0]);
    av_release(r[1]);
    unload(&p);
}

/* vt.value: destroyed right after its last user, and an unused result right
** after its producer (docs/execution.md §6.6, docs/kernel-behaviour.md §6). */
Test(exec, vt_destroyed_after_last_use)
{
    Prog p;
    load(&p, "module attributes {tfrt.cost_threshold = 1 : i64} {\n"
             "func.func @f() {\n"
             "  %ch0 = tfrt.new.chain\n"
             "  %v = \"vt.constant\"() {value = 1 : i32} : () -> !vt.value\n"
             "  %ch1 = \"vt.print\"(%v, %ch0) : (!vt.value, !tfrt.chain) -> !tfrt.chain\n"
             "  %ch2 = \"vt.print\"(%v, %ch1) : (!vt.value, !tfrt.chain) -> !tfrt.chain\n"
             "  \"vt.constant\"(%ch2) {value = 2 : i32} : (!tfrt.chain) -> !vt.value\n"
             "  tfrt.return\n"
             "}\n"
             "}\n", "s");
    run(&p, "f", NULL);
    cr_assert_str_eq(output(&p),
                     "constructed vt.value(1)\n"
                     "move constructed vt.value(1)\n"
                     "print vt_value(1)\n"
                     "print vt_value(1)\n"
                     "destroyed vt.value(1)\n"
                     "constructed vt.value(2)\n"
                     "move constructed vt.value(2)\n"
                     "destroyed vt.value(2)\n");
    unload(&p);
}

/* {=====================================================================
** Readiness
** ====================================================================== */

/* A kernel using one value twice needs both occurrences (ready count =
** number of operands): the merge runs once, after its operand exists. */
Test(exec, operand_used_twice)
{
    Prog p;
    load(&p, "func.func @f() -> i32 {\n"
             "  %a = \"tfrt_test.async_constant.i32\"() {value = 3 : i32} : () -> i32\n"
             "  %b = tfrt.add.i32 %a, %a\n"
             "  tfrt.return %b : i32\n"
             "}\n", "s");
    AsyncValue *r[1];
    run(&p, "f", r);
    cr_assert_eq(av_get(r[0])->v.i, 6);
    av_release(r[0]);
    unload(&p);
}

/* Non-strict tfrt.call runs when its FIRST operand is available; the
** callee receives the other one as a forwarding value. The callee's print
** of the available operand happens before the asynchronous one resolves. */
Test(exec, nonstrict_call_runs_early)
{
    Prog p;
    load(&p, "func.func @g(%x: i32, %y: i32) -> i32 {\n"
             "  %ch = tfrt.new.chain\n"
             "  %ch1 = tfrt.print.i32 %x, %ch\n"
             "  %s = tfrt.add.i32 %x, %y\n"
             "  tfrt.return %s : i32\n"
             "}\n"
             "func.func @f() -> i32 {\n"
             "  %a = tfrt.constant.i32 1\n"
             "  %b = \"tfrt_test.async_constant.i32\"() {value = 2 : i32} : () -> i32\n"
             "  %r = tfrt.call @g(%a, %b) : (i32, i32) -> i32\n"
             "  tfrt.return %r : i32\n"
             "}\n", "s");
    const Func *f = ir_module_func(p.m, "f");
    RequestContext *rq = rq_new(p.q);
    ExecCtx c = { .host = p.h, .rq = rq };
    AsyncValue *r[1];
    exec_invoke_func(&c, f, NULL, 0, r);
    /* Nothing from the queue has run yet (single-threaded). */
    cr_assert(!av_is_resolved(r[0]));
    wq_await(p.q, r, 1);
    wq_quiesce(p.q);
    cr_assert_eq(av_get(r[0])->v.i, 3);
    cr_assert_str_eq(output(&p), "int32 = 1\n");
    av_release(r[0]);
    rq_release(rq);
    unload(&p);
}

/* {=====================================================================
** Depth: no recursion proportional to the program
** ====================================================================== */

static const char deep_prog[] =
    "func.func @down(%n: i32) -> i32 {\n"
    "  %zero = tfrt.constant.i32 0\n"
    "  %done = tfrt.equal.i32 %n, %zero\n"
    "  %r = tfrt.if %done, %n : (i32) -> (i32) {\n"
    "    %z = \"tfrt_test.async_constant.i32\"() {value = 7 : i32} : () -> i32\n"
    "    tfrt.return %z : i32\n"
    "  } else {\n"
    "    %one = tfrt.constant.i32 1\n"
    "    %m = \"tfrt.minus.i32\"(%n, %one) : (i32, i32) -> i32\n"
    "    %a = \"tfrt_test.async_copy.i32\"(%m) : (i32) -> i32\n"
    "    %r2 = tfrt.call @down(%a) : (i32) -> i32\n"
    "    tfrt.return %r2 : i32\n"
    "  }\n"
    "  tfrt.return %r : i32\n"
    "}\n"
    "func.func @down_sync(%n: i32) -> i32 {\n"
    "  %zero = tfrt.constant.i32 0\n"
    "  %done = tfrt.equal.i32 %n, %zero\n"
    "  %r = tfrt.if %done, %n : (i32) -> (i32) {\n"
    "    tfrt.return %n : i32\n"
    "  } else {\n"
    "    %one = tfrt.constant.i32 1\n"
    "    %m = \"tfrt.minus.i32\"(%n, %one) : (i32, i32) -> i32\n"
    "    %r2 = tfrt.call @down_sync(%m) : (i32) -> i32\n"
    "    tfrt.return %r2 : i32\n"
    "  }\n"
    "  tfrt.return %r : i32\n"
    "}\n"
    "func.func @deep() -> i32 {\n"
    "  %n = tfrt.constant.i32 20000\n"
    "  %r = tfrt.call @down(%n) : (i32) -> i32\n"
    "  tfrt.return %r : i32\n"
    "}\n"
    "func.func @deep_sync() -> i32 {\n"
    "  %n = tfrt.constant.i32 50000\n"
    "  %r = tfrt.call @down_sync(%n) : (i32) -> i32\n"
    "  tfrt.return %r : i32\n"
    "}\n"
    /* 20 000 forwards: each level returns its callee's result unchanged. */
    "func.func @fwd(%n: i32) -> i32 {\n"
    "  %zero = tfrt.constant.i32 0\n"
    "  %done = tfrt.equal.i32 %n, %zero\n"
    "  %r = tfrt.if %done, %n : (i32) -> (i32) {\n"
    "    %z = \"tfrt_test.async_constant.i32\"() {value = 5 : i32} : () -> i32\n"
    "    tfrt.return %z : i32\n"
    "  } else {\n"
    "    %one = tfrt.constant.i32 1\n"
    "    %m = \"tfrt.minus.i32\"(%n, %one) : (i32, i32) -> i32\n"
    "    %r2 = tfrt.call @fwd(%m) : (i32) -> i32\n"
    "    tfrt.return %r2 : i32\n"
    "  }\n"
    "  tfrt.return %r : i32\n"
    "}\n"
    /* Each level adds 1 to its callee's result: 20 000 continuations
    ** would nest when the bottom value resolves (docs/execution.md §6.5 limits them). */
    "func.func @sum(%n: i32) -> i32 {\n"
    "  %zero = tfrt.constant.i32 0\n"
    "  %done = tfrt.equal.i32 %n, %zero\n"
    "  %r = tfrt.if %done, %n : (i32) -> (i32) {\n"
    "    %z = \"tfrt_test.async_constant.i32\"() {value = 0 : i32} : () -> i32\n"
    "    tfrt.return %z : i32\n"
    "  } else {\n"
    "    %one = tfrt.constant.i32 1\n"
    "    %m = \"tfrt.minus.i32\"(%n, %one) : (i32, i32) -> i32\n"
    "    %s = tfrt.call @sum(%m) : (i32) -> i32\n"
    "    %s1 = tfrt.add.i32 %s, %one\n"
    "    tfrt.return %s1 : i32\n"
    "  }\n"
    "  tfrt.return %r : i32\n"
    "}\n"
    "func.func @sums() -> i32 {\n"
    "  %n = tfrt.constant.i32 20000\n"
    "  %r = tfrt.call @sum(%n) : (i32) -> i32\n"
    "  tfrt.return %r : i32\n"
    "}\n"
    "func.func @forwards() -> i32 {\n"
    "  %n = tfrt.constant.i32 20000\n"
    "  %r = tfrt.call @fwd(%n) : (i32) -> i32\n"
    "  tfrt.return %r : i32\n"
    "}\n";

static void deep_case(const char *wq, const char *fn, int64_t want)
{
    Prog p;
    load(&p, deep_prog, wq);
    int64_t before = av_live_count();
    AsyncValue *r[1];
    run(&p, fn, r);
    cr_assert(av_is_available(r[0]), "%s did not finish", fn);
    cr_assert_eq(av_get(r[0])->v.i, want);
    av_release(r[0]);
    cr_assert_eq(av_live_count(), before, "%s leaked async values", fn);
    cr_assert_eq(exec_live_frames(), 0);
    unload(&p);
}

Test(exec, recursion_20000_async_s) { deep_case("s", "deep", 7); }
Test(exec, recursion_20000_async_mstd) { deep_case("mstd:2", "deep", 7); }
Test(exec, recursion_50000_sync_s) { deep_case("s", "deep_sync", 0); }
Test(exec, recursion_50000_sync_mstd) { deep_case("mstd:2", "deep_sync", 0); }
Test(exec, forwarding_chain_20000) { deep_case("s", "forwards", 5); }
Test(exec, nested_continuations_20000_s) { deep_case("s", "sums", 20000); }
Test(exec, nested_continuations_20000_mstd) { deep_case("mstd:2", "sums", 20000); }

/* {=====================================================================
** Bounded memory
** ====================================================================== */

static const char repeat_prog[] =
    "func.func @loop(%n: i32) -> i32 {\n"
    "  %x = tfrt.constant.i32 0\n"
    "  %r = tfrt.repeat.i32 %n, %x : i32 {\n"
    "    %one = tfrt.constant.i32 1\n"
    "    %y = tfrt.add.i32 %x, %one\n"
    "    %z = \"tfrt_test.async_copy.i32\"(%y) : (i32) -> i32\n"
    "    tfrt.return %z : i32\n"
    "  }\n"
    "  tfrt.return %r : i32\n"
    "}\n"
    "func.func @sync_loop() -> i32 {\n"
    "  %n = tfrt.constant.i32 1000000\n"
    "  %x = tfrt.constant.i32 0\n"
    "  %r = tfrt.repeat.i32 %n, %x : i32 {\n"
    "    %one = tfrt.constant.i32 1\n"
    "    %y = tfrt.add.i32 %x, %one\n"
    "    tfrt.return %y : i32\n"
    "  }\n"
    "  tfrt.return %r : i32\n"
    "}\n";

/* Samples the live AsyncValue count from a task that runs while the loop
** is in progress: under `s` tasks run FIFO, so a sampling task enqueued
** between blocks sees the loop's working set. */
Test(exec, repeat_million_bounded)
{
    Prog p;
    load(&p, repeat_prog, "s");
    int64_t before = av_live_count();
    struct rusage ru0, ru1;
    getrusage(RUSAGE_SELF, &ru0);
    AsyncValue *r[1];
    run(&p, "sync_loop", r);
    getrusage(RUSAGE_SELF, &ru1);
    cr_assert_eq(av_get(r[0])->v.i, 1000000);
    av_release(r[0]);
    cr_assert_eq(av_live_count(), before);
    /* Peak RSS grows by far less than the 1M iterations would need if any
    ** per-iteration state were kept (~100 bytes each = 100 MB). */
    cr_assert_lt(ru1.ru_maxrss - ru0.ru_maxrss, 16 * 1024, "peak RSS grew by %ld KiB",
                 ru1.ru_maxrss - ru0.ru_maxrss);
    unload(&p);
}

static void emplace_chain(void *a, void *b)
{
    (void)b;
    av_emplace(a, any_chain());
}

/* An asynchronous body: at most one block of iterations is in flight, so the
** live value count while it runs stays small. */
Test(exec, repeat_async_live_values_bounded)
{
    Prog p;
    load(&p, repeat_prog, "s");
    const Func *f = ir_module_func(p.m, "loop");
    RequestContext *rq = rq_new(p.q);
    ExecCtx c = { .host = p.h, .rq = rq };
    int64_t before = av_live_count();
    AsyncValue *n = av_new_available(any_int(ANY_I32, 200000));
    AsyncValue *r[1];
    exec_invoke_func(&c, f, &n, 1, r);
    int64_t peak = 0;
    /* Run the queue a few tasks at a time, sampling the live count. */
    while (!av_is_resolved(r[0])) {
        AsyncValue *probe = av_new_unavailable();
        wq_add_task(p.q, emplace_chain, probe, NULL);
        wq_await(p.q, &probe, 1);
        av_release(probe);
        int64_t live = av_live_count() - before;
        if (live > peak) peak = live;
    }
    cr_assert_eq(av_get(r[0])->v.i, 200000);
    cr_assert_lt(peak, 2000, "peak live values %lld", (long long)peak);
    av_release(r[0]);
    av_release(n);
    wq_quiesce(p.q);
    rq_release(rq);
    unload(&p);
}

/* {=====================================================================
** The driver reading standard input (`-`, or no file): locations name
** `<stdin>` (docs/execution.md §1.1).
** ====================================================================== */
#include <criterion/redirect.h>
#include "cli/cli.h"

static void redirect_all(void)
{
    cr_redirect_stdout();
    cr_redirect_stderr();
}

Test(driver, reads_stdin, .init = redirect_all)
{
    FILE *in = cr_get_redirected_stdin();
    fputs("func.func @f() -> i32 {\n"
          "  %a = \"tfrt_test.fail\"() : () -> i32\n"
          "  tfrt.return %a : i32\n"
          "}\n", in);
    fclose(in);
    char *argv[] = { "run", "-", NULL };
    int st = cli_run(2, argv);
    fflush(stdout);
    fflush(stderr);
    cr_assert_eq(st, 1, "an unexpected diagnostic makes the status 1");
    cr_assert_stdout_eq_str("--- Running 'f':\n'f' returned <<error: something bad happened>>\n");
    cr_assert_stderr_eq_str("<stdin>:2:8: error: unexpected error: runtime error: something bad happened\n"
                            "  %a = \"tfrt_test.fail\"() : () -> i32\n"
                            "       ^\n");
}

/* {=====================================================================
** The cheaper exact engine under the mixed schedule
** ====================================================================== */

/* auto's exact parts (EXEC_MIXED) run on the cheaper exact engine
** (interp/xe.c, docs/engine.md "The exact engine") as --schedule=exact
** does, on the single-threaded queue only: the plans are built for it, and
** an exact request prints in TFRT's order (the 7 first: fib's call tree
** waits behind the constants' tasks, docs/execution.md §6.3). */
Test(exec, mixed_schedule_runs_exact_parts_on_cheaper_engine)
{
    static const char *text =
        TEST_FIB_FUNC
        "func.func @main() -> !tfrt.chain {\n"
        "  %c0 = tfrt.new.chain\n"
        "  %n = tfrt.constant.i32 10\n"
        "  %r = tfrt.call @fib(%n) : (i32) -> i32\n"
        "  %c1 = tfrt.print.i32 %r, %c0\n"
        "  %x = tfrt.constant.i32 7\n"
        "  %c2 = tfrt.print.i32 %x, %c0\n"
        "  %c = tfrt.merge.chains %c1, %c2 : !tfrt.chain, !tfrt.chain\n"
        "  tfrt.return %c : !tfrt.chain\n"
        "}\n";
    static const struct { ExecSchedule s; const char *wq; bool xe; } cases[] = {
        { EXEC_EXACT, "s", true }, { EXEC_MIXED, "s", true },
        { EXEC_MIXED, "mstd:2", false }, { EXEC_FAST, "s", false },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Prog p;
        load_as(&p, text, cases[i].wq, cases[i].s);
        const Func *f = ir_module_func(p.m, "fib");
        cr_assert_eq(xe_host_wants(p.h), cases[i].xe, "case %zu", i);
        cr_assert_eq(plan_of(p.h, f->body)->xp != NULL, cases[i].xe, "case %zu: the plan", i);
        if (cases[i].s != EXEC_FAST && !strcmp(cases[i].wq, "s")) {
            AsyncValue *r[1];
            run(&p, "main", r);
            av_release(r[0]);
            cr_assert_str_eq(output(&p), "int32 = 7\nint32 = 55\n", "case %zu", i);
            cr_assert_eq(exec_live_frames(), 0);
        }
        unload(&p);
    }
}
