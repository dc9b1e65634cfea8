/*
** test_trace.c — the executor's event stream (interp/hooks.h) and what
** consumes it without a debugger: the profile's counts (interp/trace.h)
** under both engines, the compiled engine's events, hooks_pair, and the
** report of work that never ran (interp/stuck.h).
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "interp/exec.h"
#include "interp/hooks.h"
#include "interp/stuck.h"
#include "interp/trace.h"
#include "interp/workqueue.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"
#include "tests/fib_src.h"

TestSuite(trace, .timeout = 60.0);

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

/* Loads [text] on queue [wq] under [sched], with [hooks] attached before
** the load (NULL: none). */
static void load(Prog *p, const char *text, const char *wq, ExecSchedule sched, const DebugHooks *hooks)
{
    memset(p, 0, sizeof *p);
    p->outf = open_memstream(&p->out, &p->outlen);
    cr_assert(p->outf);
    p->d = diag_new(p->outf);
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
    p->h->debug = hooks;
    cr_assert(exec_load(p->h));
}

/* Runs @name; returns the number of errors the never-ran report made. */
static int run(Prog *p, const char *name)
{
    const Func *f = ir_module_func(p->m, name);
    cr_assert(f, "no function %s", name);
    AsyncValue *res[4] = { NULL };
    RequestContext *rq = rq_new(p->q);
    ExecCtx c = { .host = p->h, .rq = rq };
    exec_invoke_func(&c, f, NULL, 0, res);
    wq_await(p->q, res, f->nresults);
    wq_quiesce(p->q);
    int errors = stuck_report(p->h, rq, f, res, f->nresults, NULL);
    for (int i = 0; i < f->nresults; i++) av_release(res[i]);
    rq_release(rq);
    return errors;
}

static const char *output(Prog *p)
{
    fflush(p->outf);
    return p->out ? p->out : "";
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

static const char fib_src[] =
    TEST_FIB_FUNC
    "func.func @main() -> i32 {\n"
    "  %n = tfrt.constant.i32 10\n"
    "  %r = tfrt.call @fib(%n) : (i32) -> i32\n"
    "  tfrt.return %r : i32\n"
    "}\n";

/* fib(10) by hand: C(10) = 177 invocations (C(n) = 1 + C(n-1) + C(n-2)),
** 89 leaves and 88 inner ones. */
static void check_fib_counts(Trace *t)
{
    cr_expect_eq(trace_func_count(t, "fib"), 177);
    cr_expect_eq(trace_func_count(t, "main"), 1);
    cr_expect_eq(trace_op_count(t, "tfrt.call"), 2 * 88 + 1);
    cr_expect_eq(trace_op_count(t, "tfrt.constant.i32"), 2 * 177 + 1);
    cr_expect_eq(trace_op_count(t, "tfrt.lessequal.i32"), 177);
    cr_expect_eq(trace_op_count(t, "tfrt.if"), 177);
    cr_expect_eq(trace_op_count(t, "tfrt.minus.i32"), 2 * 88);
    cr_expect_eq(trace_op_count(t, "tfrt.add.i32"), 88);
}

Test(trace, profile_counts_agree_between_engines)
{
    const ExecSchedule scheds[] = { EXEC_EXACT, EXEC_FAST };
    const char *queues[] = { "s", "mstd:2" };
    for (int s = 0; s < 2; s++) {
        for (int q = 0; q < 2; q++) {
            Trace *t = trace_new(TRACE_EVENTS | TRACE_PROFILE);
            Prog p;
            load(&p, fib_src, queues[q], scheds[s], trace_hooks(t));
            cr_assert_eq(run(&p, "main"), 0);
            check_fib_counts(t);
            unload(&p);
            trace_free(t);
        }
    }
}

/* A consumer that counts what it is told. */
typedef struct Count {
    int enter, exit, before, after, invoke, run_begin, run_end, wait, wake;
    int odd_frames;        /* frame identities of compiled frames */
    int with_site;         /* invocations that named the op that started them */
} Count;

static void c_enter(void *ud, const void *frame, const Block *b, AsyncValue *const *a, int n)
{
    (void)b; (void)a; (void)n;
    Count *c = ud;
    c->enter++;
    if ((uintptr_t)frame & 1u) c->odd_frames++;
}
static void c_exit(void *ud, const void *frame) { (void)frame; ((Count *)ud)->exit++; }
static void c_before(void *ud, const ExecCtx *x, const void *frame, const Op *op)
{
    (void)x; (void)frame; (void)op;
    ((Count *)ud)->before++;
}
static void c_after(void *ud, const void *frame, const Op *op, AsyncValue *const *r, int n)
{
    (void)frame; (void)op; (void)r; (void)n;
    ((Count *)ud)->after++;
}
static void c_invoke(void *ud, const void *frame, const Block *b, const Op *site, const ExecCtx *x)
{
    (void)frame; (void)b; (void)x;
    Count *c = ud;
    c->invoke++;
    if (site) c->with_site++;
}
static void c_rb(void *ud, const void *frame) { (void)frame; ((Count *)ud)->run_begin++; }
static void c_re(void *ud, const void *frame) { (void)frame; ((Count *)ud)->run_end++; }
static void c_wait(void *ud, const void *frame, const Value *v) { (void)frame; (void)v; ((Count *)ud)->wait++; }
static void c_wake(void *ud, const void *frame, const Value *v) { (void)frame; (void)v; ((Count *)ud)->wake++; }

static DebugHooks counting(Count *c, unsigned flags)
{
    return (DebugHooks){ .ud = c, .frame_enter = c_enter, .frame_exit = c_exit, .before_kernel = c_before,
                         .after_kernel = c_after, .flags = flags, .invoke = c_invoke,
                         .run_begin = c_rb, .run_end = c_re, .value_wait = c_wait, .value_wake = c_wake };
}

Test(trace, compiled_engine_reports_only_with_HOOKS_COMPILED)
{
    /* With HOOKS_COMPILED the fast schedule's compiled frames report
    ** (odd identities); without it no compiled code runs: every frame is
    ** the dataflow engine's. Both report every kernel and invocation. */
    for (int k = 0; k < 2; k++) {
        Count c = { 0 };
        DebugHooks h = counting(&c, k ? HOOKS_COMPILED : 0);
        Prog p;
        load(&p, fib_src, "s", EXEC_FAST, &h);
        cr_assert_eq(run(&p, "main"), 0);
        cr_expect_eq(c.before, c.after);
        cr_expect_eq(c.enter, c.exit);
        cr_expect_eq(c.enter, c.invoke);
        cr_expect_eq(c.run_begin, c.run_end);
        /* 177 + 1 function invocations; the dataflow engine adds one region
        ** invocation per tfrt.if. */
        cr_expect_eq(c.enter, k ? 178 : 178 + 177);
        cr_expect_eq(c.odd_frames, k ? 178 : 0);
        cr_expect_eq(c.with_site, c.enter - 1, "only the driver's call has no site");
        cr_expect_eq(c.before, 2 * 88 + 1 + 2 * 177 + 1 + 177 + 177 + 2 * 88 + 88);
        unload(&p);
    }
}

Test(trace, hooks_pair_calls_both)
{
    Count a = { 0 }, b = { 0 };
    DebugHooks ha = counting(&a, HOOKS_THREADS | HOOKS_COMPILED), hb = counting(&b, HOOKS_COMPILED);
    DebugHooks *pair = hooks_pair(&ha, &hb);
    cr_expect_eq(pair->flags, HOOKS_COMPILED, "the flags both have");
    Prog p;
    load(&p, fib_src, "s", EXEC_EXACT, pair);
    cr_assert_eq(run(&p, "main"), 0);
    cr_expect_gt(a.before, 0);
    cr_expect_eq(memcmp(&a, &b, sizeof a), 0, "both consumers saw the same events");
    unload(&p);
    hooks_pair_free(pair);
}

static const char async_src[] =
    "func.func @main() -> i32 {\n"
    "  %one = tfrt.constant.i32 1\n"
    "  %x = \"tfrt_test.async_copy.i32\"(%one) : (i32) -> i32\n"
    "  %y = tfrt.add.i32 %x, %one\n"
    "  tfrt.return %y : i32\n"
    "}\n";

Test(trace, wait_and_wake)
{
    /* An async value that a kernel waits for: one wait where it was made
    ** unavailable, one wake where it resolved, and the waiting kernel's
    ** stretch starts after the wake. */
    Count c = { 0 };
    DebugHooks h = counting(&c, 0);
    Prog p;
    load(&p, async_src, "s", EXEC_EXACT, &h);
    cr_assert_eq(run(&p, "main"), 0);
    cr_expect_eq(c.wait, 1);
    cr_expect_eq(c.wake, 1);
    cr_expect_eq(c.run_begin, 2, "the invocation's start and the continuation");
    unload(&p);
}

static const char stuck_src[] =
    "func.func @leaf() -> !tfrt.chain {\n"
    "  %c = tfrt.new.chain\n"
    "  tfrt.return %c : !tfrt.chain\n"
    "}\n"
    "func.func @inner(%cs: !rv.cs) -> !tfrt.chain {\n"
    "  %c = rv.critical %cs @leaf() : () -> !tfrt.chain\n"
    "  tfrt.return %c : !tfrt.chain\n"
    "}\n"
    "func.func @stuck() {\n"
    "  %cs = \"rv.critical_section\"() : () -> !rv.cs\n"
    "  %c = rv.critical %cs @inner(%cs) : (!rv.cs) -> !tfrt.chain\n"
    "  %one = tfrt.constant.i32 1\n"
    "  %done = tfrt.print.i32 %one, %c\n"
    "  tfrt.return\n"
    "}\n"
    "func.func @fine() {\n"
    "  %ch = tfrt.new.chain\n"
    "  %one = tfrt.constant.i32 1\n"
    "  %done = tfrt.print.i32 %one, %ch\n"
    "  tfrt.return\n"
    "}\n";

Test(trace, never_ran_report)
{
    const char *queues[] = { "s", "mstd:2" };
    const ExecSchedule scheds[] = { EXEC_EXACT, EXEC_FAST };
    for (int q = 0; q < 2; q++) {
        for (int s = 0; s < 2; s++) {
            Prog p;
            load(&p, stuck_src, queues[q], scheds[s], NULL);
            cr_expect_eq(run(&p, "fine"), 0);
            cr_expect_eq(run(&p, "stuck"), 1, "one print never ran");
            const char *o = output(&p);
            cr_expect(strstr(o, "test.mlir:13:11: error: 'tfrt.print.i32' never ran: it waits for %c, "
                                "which is never produced"), "%s", o);
            cr_expect(strstr(o, "test.mlir:6:8: note: 'rv.critical' waits for the critical section %cs, "
                                "which the invocation of @inner it runs in holds: it waits for itself"), "%s", o);
            cr_expect(strstr(o, "test.mlir:11:8: note: that invocation of @inner took the critical section here"),
                      "%s", o);
            cr_expect_eq(stuck_nframes(p.h, NULL), 1, "the waiting frame of @stuck");
            /* What the REPL shows for the value %c: the same chain. */
            const Op *crit = ir_module_func(p.m, "stuck")->body->ops[1];
            cr_expect_gt(stuck_explain(p.h, NULL, crit, 0, NULL), 0);
            unload(&p);
        }
    }
}
