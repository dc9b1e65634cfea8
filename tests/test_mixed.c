/*
** test_mixed.c — the schedule per function (analysis/mixed.h,
** docs/analysis.md §8): which functions run fast, exact, or exact until
** their unordered pairs are decided, and what the run then watches
** (ExecSwitch). The runs themselves are checked by testdata/run/
** verbose_per_function.mlir and tests/engine_agree.sh.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/mixed.h"
#include "analysis/seq.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"

TestSuite(mixed, .timeout = 60.0);

typedef struct Prog {
    DiagSink *d;
    Module *m;
    SeqAnalysis *a;
    MixPlan *p;
} Prog;

static void load(Prog *p, const char *text)
{
    p->d = diag_new(stderr);
    p->m = parse_module("t.mlir", text, strlen(text), p->d);
    cr_assert(p->m, "parse failed");
    VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
    cr_assert_eq(verify_module(p->m, p->d, &vo), 0, "verify failed");
    SeqOptions o = { NULL, 0, 0 };
    p->a = seq_analyze(p->m, &o);
    p->p = mix_plan(p->a);
    /* The plan borrows the module only. */
    seq_free(p->a);
    p->a = NULL;
}

static void unload(Prog *p)
{
    mix_plan_free(p->p);
    ir_module_free(p->m);
    diag_free(p->d);
}

static const MixChoice *choice(const Prog *p, const char *name)
{
    const Func *f = ir_module_func(p->m, name);
    cr_assert(f, "no @%s", name);
    const MixChoice *c = mix_choice(p->p, f);
    cr_assert(c, "@%s is not in the run", name);
    return c;
}

static const char *FIB =
    "func.func @fib(%n: i32) -> i32 {\n"
    "  %one = tfrt.constant.i32 1\n"
    "  %small = \"tfrt.lessequal.i32\"(%n, %one) : (i32, i32) -> i1\n"
    "  %r = tfrt.if %small, %n, %one : (i32, i32) -> (i32) {\n"
    "    tfrt.return %n : i32\n"
    "  } else {\n"
    "    %m1 = \"tfrt.minus.i32\"(%n, %one) : (i32, i32) -> i32\n"
    "    %a = tfrt.call @fib(%m1) : (i32) -> i32\n"
    "    tfrt.return %a : i32\n"
    "  }\n"
    "  tfrt.return %r : i32\n"
    "}\n";

static char *with_fib(const char *rest)
{
    size_t n = strlen(FIB) + strlen(rest) + 1;
    char *s = malloc(n);
    cr_assert(s);
    snprintf(s, n, "%s%s", FIB, rest);
    return s;
}

/* One kind of each, as testdata/run/verbose_per_function.mlir runs them. */
Test(mixed, kinds)
{
    char *s = with_fib(
        "func.func @ordered() -> !tfrt.chain {\n"
        "  %c0 = tfrt.new.chain\n"
        "  %n = tfrt.constant.i32 10\n"
        "  %r = tfrt.call @fib(%n) : (i32) -> i32\n"
        "  %c1 = tfrt.print.i32 %r, %c0\n"
        "  tfrt.return %c1 : !tfrt.chain\n"
        "}\n"
        "func.func @twice(%x: i32, %c: !tfrt.chain) -> !tfrt.chain {\n"
        "  %a = tfrt.print.i32 %x, %c\n"
        "  %b = tfrt.print.i32 %x, %c\n"
        "  %m = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain\n"
        "  tfrt.return %m : !tfrt.chain\n"
        "}\n"
        "func.func @in_callee() -> !tfrt.chain {\n"
        "  %c0 = tfrt.new.chain\n"
        "  %x = tfrt.constant.i32 3\n"
        "  %c = tfrt.call @twice(%x, %c0) : (i32, !tfrt.chain) -> !tfrt.chain\n"
        "  tfrt.return %c : !tfrt.chain\n"
        "}\n"
        "func.func @top() -> (i32, !tfrt.chain) {\n"
        "  %c0 = tfrt.new.chain\n"
        "  %x = tfrt.constant.i32 6\n"
        "  %a = tfrt.print.i32 %x, %c0\n"
        "  %b = tfrt.print.i32 %x, %c0\n"
        "  %m = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain\n"
        "  %n = tfrt.constant.i32 15\n"
        "  %r = tfrt.call @fib(%n) : (i32) -> i32\n"
        "  tfrt.return %r, %m : i32, !tfrt.chain\n"
        "}\n");
    Prog p;
    load(&p, s);
    free(s);
    cr_expect_eq(p.p->n, 3);
    cr_expect_eq(choice(&p, "ordered")->kind, MIX_FAST);
    cr_expect_null(choice(&p, "ordered")->why);
    const MixChoice *c = choice(&p, "in_callee");
    cr_expect_eq(c->kind, MIX_EXACT);
    cr_expect_null(c->sw);
    cr_expect(c->why && strstr(c->why, "both print to the output"), "%s", c->why);
    c = choice(&p, "top");
    cr_assert_eq(c->kind, MIX_SWITCH);
    const ExecSwitch *sw = c->sw;
    cr_assert(sw);
    cr_expect_eq(sw->body, ir_module_func(p.m, "top")->body);
    /* One pair, of the two prints: a unit each, each done once its print's
    ** chain is available, and the switch waits for both (a "pair" per
    ** unit, docs/analysis.md §8.1). */
    cr_assert_eq(sw->nunits, 2);
    cr_assert_eq(sw->npairs, 2);
    for (int i = 0; i < sw->npairs; i++) cr_expect_eq(sw->pa[i], sw->pb[i]);
    for (int u = 0; u < 2; u++) {
        const Op *x = sw->unit_op[u];
        cr_assert(x && !strcmp(x->name, "tfrt.print.i32"));
        cr_assert_eq(sw->ustart[u + 1] - sw->ustart[u], 1, "one effect, one condition");
        int cnd = sw->uconds[sw->ustart[u]];
        cr_assert_eq(sw->cstart[cnd + 1] - sw->cstart[cnd], 1);
        cr_expect_eq(sw->cregs[sw->cstart[cnd]], x->results[0]->index);
    }
    cr_expect_eq(p.p->nfast, 1);
    cr_expect_eq(p.p->nexact, 1);
    cr_expect_eq(p.p->nswitch, 1);
    unload(&p);
}

/* A print unordered with the `returned` line: the line is never done
** early, so the switch waits for the print alone. */
Test(mixed, result_line)
{
    Prog p;
    load(&p, "func.func @line() -> i32 {\n"
             "  %c0 = tfrt.new.chain\n"
             "  %x = tfrt.constant.i32 8\n"
             "  %a = tfrt.print.i32 %x, %c0\n"
             "  tfrt.return %x : i32\n"
             "}\n");
    const MixChoice *c = choice(&p, "line");
    cr_assert_eq(c->kind, MIX_SWITCH);
    const ExecSwitch *sw = c->sw;
    cr_assert_eq(sw->nunits, 1);
    cr_assert_eq(sw->npairs, 1);
    cr_assert(sw->unit_op[0] && !strcmp(sw->unit_op[0]->name, "tfrt.print.i32"));
    cr_expect_eq(sw->ustart[1] - sw->ustart[0], 1);
    unload(&p);
}

/* An effect before no result (a print whose chain nothing uses, inside a
** call that returns another chain) is never done: its condition has no
** register. */
Test(mixed, effect_before_no_result)
{
    Prog p;
    load(&p, "func.func @lose(%x: i32, %c: !tfrt.chain) -> !tfrt.chain {\n"
             "  %a = tfrt.print.i32 %x, %c\n"
             "  %n = tfrt.new.chain\n"
             "  tfrt.return %n : !tfrt.chain\n"
             "}\n"
             "func.func @main() -> !tfrt.chain {\n"
             "  %c0 = tfrt.new.chain\n"
             "  %x = tfrt.constant.i32 8\n"
             "  %b = tfrt.call @lose(%x, %c0) : (i32, !tfrt.chain) -> !tfrt.chain\n"
             "  %d = tfrt.print.i32 %x, %c0\n"
             "  %m = tfrt.merge.chains %b, %d : !tfrt.chain, !tfrt.chain\n"
             "  tfrt.return %m : !tfrt.chain\n"
             "}\n");
    const MixChoice *c = choice(&p, "main");
    cr_assert_eq(c->kind, MIX_SWITCH, "%s", c->why);
    const ExecSwitch *sw = c->sw;
    bool none = false;
    for (int u = 0; u < sw->nunits; u++) {
        const Op *x = sw->unit_op[u];
        if (!x || strcmp(x->name, "tfrt.call")) continue;
        for (int i = sw->ustart[u]; i < sw->ustart[u + 1]; i++) {
            int cnd = sw->uconds[i];
            if (sw->cstart[cnd + 1] == sw->cstart[cnd]) none = true;
        }
    }
    cr_expect(none, "the call's print comes before none of its results");
    unload(&p);
}

/* A function that may call itself keeps the exact schedule: its body
** would not run once. */
Test(mixed, calls_itself)
{
    Prog p;
    load(&p, "func.func @itself() -> !tfrt.chain {\n"
             "  %c0 = tfrt.new.chain\n"
             "  %x = tfrt.constant.i32 4\n"
             "  %a = tfrt.print.i32 %x, %c0\n"
             "  %b = tfrt.print.i32 %x, %c0\n"
             "  %no = tfrt.constant.i1 0\n"
             "  %m = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain\n"
             "  %r = tfrt.if %no, %m : (!tfrt.chain) -> (!tfrt.chain) {\n"
             "    %again = tfrt.call @itself() : () -> !tfrt.chain\n"
             "    tfrt.return %again : !tfrt.chain\n"
             "  } else {\n"
             "    tfrt.return %m : !tfrt.chain\n"
             "  }\n"
             "  tfrt.return %r : !tfrt.chain\n"
             "}\n");
    cr_expect_eq(choice(&p, "itself")->kind, MIX_EXACT);
    unload(&p);
}

/* An op the analysis does not model concerns every run that reaches it;
** other runs keep their own choice. */
Test(mixed, unmodelled_op)
{
    Prog p;
    load(&p, "func.func @tid() -> i32 {\n"
             "  %c = tfrt.new.chain\n"
             "  %t = \"tfrt_test.get_thread_id\"(%c) : (!tfrt.chain) -> i32\n"
             "  tfrt.return %t : i32\n"
             "}\n"
             "func.func @uses() -> i32 {\n"
             "  %t = tfrt.call @tid() : () -> i32\n"
             "  tfrt.return %t : i32\n"
             "}\n"
             "func.func @clean() -> i32 {\n"
             "  %x = tfrt.constant.i32 1\n"
             "  tfrt.return %x : i32\n"
             "}\n");
    cr_expect_eq(choice(&p, "tid")->kind, MIX_EXACT);
    cr_expect_eq(choice(&p, "uses")->kind, MIX_EXACT);
    cr_expect(strstr(choice(&p, "uses")->why, "get_thread_id"), "%s", choice(&p, "uses")->why);
    cr_expect_eq(choice(&p, "clean")->kind, MIX_FAST);
    unload(&p);
}

/* More pairs than the analysis reports (its cap is 4096; 5000 prints off
** one chain are more, whether it lists every unordered pair or only the
** links between neighbours): every function runs exact, the clean one
** too, since a pair left out could concern it. */
Test(mixed, capped_pairs)
{
    size_t cap = 1 << 18, n = 0;
    char *s = malloc(cap);
    cr_assert(s);
    n += (size_t)snprintf(s + n, cap - n, "func.func @many() {\n  %%c = tfrt.new.chain\n"
                                          "  %%x = tfrt.constant.i32 1\n");
    for (int i = 0; i < 5000; i++) n += (size_t)snprintf(s + n, cap - n, "  %%p%d = tfrt.print.i32 %%x, %%c\n", i);
    n += (size_t)snprintf(s + n, cap - n, "  tfrt.return\n}\n"
                                          "func.func @clean() -> i32 {\n  %%x = tfrt.constant.i32 1\n"
                                          "  tfrt.return %%x : i32\n}\n");
    Prog p;
    load(&p, s);
    free(s);
    cr_expect_eq(choice(&p, "many")->kind, MIX_EXACT);
    cr_expect_eq(choice(&p, "clean")->kind, MIX_EXACT);
    unload(&p);
}
