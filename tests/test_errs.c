/*
** test_errs.c — errors that overtake (analysis/errs.c, docs/analysis.md §3
** "Errors overtake"; issue 23): a tfrt.if, cond, case or repeat.i32 whose
** selector may be an error value (or whose trip count may be negative)
** completes its results at once, so they come after the selector only.
** Each case is a small program and the analysis' verdict; the programs of
** testdata/engine/error_overtakes.mlir check the schedules themselves.
*/
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/seq.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"

TestSuite(errs, .timeout = 60.0);

typedef struct Prog {
    DiagSink *d;
    Module *m;
    SeqAnalysis *a;
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
}

static void unload(Prog *p)
{
    seq_free(p->a);
    ir_module_free(p->m);
    diag_free(p->d);
}

/* The verdict on [text], and when it is "not determinate", that a print
** of @main's run is unordered with the result line. */
static void expect(const char *text, bool det)
{
    Prog p;
    load(&p, text);
    char *why = seq_describe(p.a);
    cr_expect_eq(seq_determinate(p.a), det, "%s", why);
    if (!det) {
        bool line = false;
        for (int i = 0; i < seq_npairs(p.a); i++) {
            const SeqPair *q = seq_pair(p.a, i);
            if (q->second_is_result_line && !strcmp(q->func->name, "main")) line = true;
        }
        cr_expect(line, "no pair with the result line: %s", why);
    }
    free(why);
    unload(&p);
}

/* @f passes its chain through a tfrt.if on its argument. */
static const char *F =
    "func.func @f(%x: i32, %c: !tfrt.chain) -> !tfrt.chain {\n"
    "  %one = tfrt.constant.i32 1\n"
    "  %t = \"tfrt.lessequal.i32\"(%x, %one) : (i32, i32) -> i1\n"
    "  %r = tfrt.if %t, %c : (!tfrt.chain) -> (!tfrt.chain) {\n"
    "    tfrt.return %c : !tfrt.chain\n"
    "  } else {\n"
    "    tfrt.return %c : !tfrt.chain\n"
    "  }\n"
    "  tfrt.return %r : !tfrt.chain\n"
    "}\n";

static char *with_f(const char *main)
{
    size_t n = strlen(F) + strlen(main) + 1;
    char *s = malloc(n);
    cr_assert(s);
    snprintf(s, n, "%s%s", F, main);
    return s;
}

/* The program: a division by zero reaches @f's condition. */
Test(errs, error_condition_through_a_call)
{
    char *s = with_f("func.func @main() -> !tfrt.chain {\n"
                     "  %c0 = tfrt.new.chain\n"
                     "  %z = tfrt.constant.i32 0\n"
                     "  %q, %rem = tfrt.div.i32 %z, %z\n"
                     "  %x = tfrt.constant.i32 5\n"
                     "  %c1 = tfrt.print.i32 %x, %c0\n"
                     "  %r = tfrt.call @f(%q, %c1) : (i32, !tfrt.chain) -> !tfrt.chain\n"
                     "  tfrt.return %r : !tfrt.chain\n"
                     "}\n");
    expect(s, false);
    free(s);
}

/* Every caller passes a value that cannot be an error: the result waits
** for the chain, and the print is before the result line. */
Test(errs, arguments_that_cannot_be_errors)
{
    char *s = with_f("func.func @main() -> !tfrt.chain {\n"
                     "  %c0 = tfrt.new.chain\n"
                     "  %two = tfrt.constant.i32 2\n"
                     "  %x = tfrt.constant.i32 5\n"
                     "  %q, %rem = tfrt.div.i32 %x, %two\n"
                     "  %c1 = tfrt.print.i32 %x, %c0\n"
                     "  %r = tfrt.call @f(%q, %c1) : (i32, !tfrt.chain) -> !tfrt.chain\n"
                     "  tfrt.return %r : !tfrt.chain\n"
                     "}\n");
    expect(s, true);
    free(s);
}

/* One caller of @f may pass an error: that decides for every caller. */
Test(errs, one_caller_may_pass_an_error)
{
    char *s = with_f("func.func @other(%d: i32) -> !tfrt.chain {\n"
                     "  %c0 = tfrt.new.chain\n"
                     "  %q, %rem = tfrt.div.i32 %d, %d\n"
                     "  %r = tfrt.call @f(%q, %c0) : (i32, !tfrt.chain) -> !tfrt.chain\n"
                     "  tfrt.return %r : !tfrt.chain\n"
                     "}\n"
                     "func.func @main() -> !tfrt.chain {\n"
                     "  %c0 = tfrt.new.chain\n"
                     "  %x = tfrt.constant.i32 5\n"
                     "  %c1 = tfrt.print.i32 %x, %c0\n"
                     "  %r = tfrt.call @f(%x, %c1) : (i32, !tfrt.chain) -> !tfrt.chain\n"
                     "  %z = tfrt.constant.i32 0\n"
                     "  %s = tfrt.call @other(%z) : (i32) -> !tfrt.chain\n"
                     "  %m = tfrt.merge.chains %r, %s : !tfrt.chain, !tfrt.chain\n"
                     "  tfrt.return %m : !tfrt.chain\n"
                     "}\n");
    expect(s, false);
    free(s);
}

/* Recursion: fib's argument is a constant or fib's own argument minus a
** constant, so its condition is never an error (a least fixpoint). */
Test(errs, recursion_keeps_arguments_clean)
{
    expect("func.func @fib(%n: i32, %c: !tfrt.chain) -> !tfrt.chain {\n"
           "  %one = tfrt.constant.i32 1\n"
           "  %t = \"tfrt.lessequal.i32\"(%n, %one) : (i32, i32) -> i1\n"
           "  %r = tfrt.if %t, %n, %c : (i32, !tfrt.chain) -> (!tfrt.chain) {\n"
           "    tfrt.return %c : !tfrt.chain\n"
           "  } else {\n"
           "    %one1 = tfrt.constant.i32 1\n"
           "    %m = \"tfrt.minus.i32\"(%n, %one1) : (i32, i32) -> i32\n"
           "    %d = tfrt.call @fib(%m, %c) : (i32, !tfrt.chain) -> !tfrt.chain\n"
           "    tfrt.return %d : !tfrt.chain\n"
           "  }\n"
           "  tfrt.return %r : !tfrt.chain\n"
           "}\n"
           "func.func @main() -> !tfrt.chain {\n"
           "  %c0 = tfrt.new.chain\n"
           "  %x = tfrt.constant.i32 5\n"
           "  %c1 = tfrt.print.i32 %x, %c0\n"
           "  %r = tfrt.call @fib(%x, %c1) : (i32, !tfrt.chain) -> !tfrt.chain\n"
           "  tfrt.return %r : !tfrt.chain\n"
           "}\n",
           true);
}

/* The same recursion where one level may divide by zero: the error can
** reach the next level's condition. */
Test(errs, recursion_with_a_division)
{
    expect("func.func @fib(%n: i32, %c: !tfrt.chain) -> !tfrt.chain {\n"
           "  %one = tfrt.constant.i32 1\n"
           "  %t = \"tfrt.lessequal.i32\"(%n, %one) : (i32, i32) -> i1\n"
           "  %r = tfrt.if %t, %n, %c : (i32, !tfrt.chain) -> (!tfrt.chain) {\n"
           "    tfrt.return %c : !tfrt.chain\n"
           "  } else {\n"
           "    %one1 = tfrt.constant.i32 1\n"
           "    %m = \"tfrt.minus.i32\"(%n, %one1) : (i32, i32) -> i32\n"
           "    %q, %rem = tfrt.div.i32 %n, %m\n"
           "    %d = tfrt.call @fib(%q, %c) : (i32, !tfrt.chain) -> !tfrt.chain\n"
           "    tfrt.return %d : !tfrt.chain\n"
           "  }\n"
           "  tfrt.return %r : !tfrt.chain\n"
           "}\n"
           "func.func @main() -> !tfrt.chain {\n"
           "  %c0 = tfrt.new.chain\n"
           "  %x = tfrt.constant.i32 5\n"
           "  %c1 = tfrt.print.i32 %x, %c0\n"
           "  %r = tfrt.call @fib(%x, %c1) : (i32, !tfrt.chain) -> !tfrt.chain\n"
           "  tfrt.return %r : !tfrt.chain\n"
           "}\n",
           false);
}

/* tfrt.repeat.i32: an error trip count, a negative one, a good one. */
static char *repeat_prog(const char *count)
{
    static const char *head =
        "func.func @main() -> !tfrt.chain {\n"
        "  %c0 = tfrt.new.chain\n"
        "  %z = tfrt.constant.i32 0\n"
        "  %x = tfrt.constant.i32 4\n"
        "  %c1 = tfrt.print.i32 %x, %c0\n";
    static const char *tail =
        "  %r = tfrt.repeat.i32 %n, %c1 : !tfrt.chain {\n"
        "    tfrt.return %c1 : !tfrt.chain\n"
        "  }\n"
        "  tfrt.return %r : !tfrt.chain\n"
        "}\n";
    size_t len = strlen(head) + strlen(count) + strlen(tail) + 1;
    char *s = malloc(len);
    cr_assert(s);
    snprintf(s, len, "%s%s%s", head, count, tail);
    return s;
}

Test(errs, repeat_trip_counts)
{
    char *s = repeat_prog("  %n, %rem = tfrt.div.i32 %x, %z\n");
    expect(s, false);
    free(s);
    s = repeat_prog("  %n = tfrt.constant.i32 -1\n");
    expect(s, false);
    free(s);
    s = repeat_prog("  %n = tfrt.constant.i32 3\n");
    expect(s, true);
    free(s);
    /* A count that is not a constant but cannot be an error: the repeat
    ** may still fail on a negative count. */
    s = repeat_prog("  %n = tfrt.add.i32 %x, %x\n");
    expect(s, false);
    free(s);
}

/* tfrt.case on an error index, tfrt.cond on an error condition. */
Test(errs, case_and_cond)
{
    static const char *then = "func.func @then(%c: !tfrt.chain) -> !tfrt.chain {\n"
                              "  tfrt.return %c : !tfrt.chain\n"
                              "}\n";
    char buf[2048];
    snprintf(buf, sizeof buf,
             "%sfunc.func @main() -> !tfrt.chain {\n"
             "  %%c0 = tfrt.new.chain\n"
             "  %%z = tfrt.constant.i32 0\n"
             "  %%x = tfrt.constant.i32 3\n"
             "  %%c1 = tfrt.print.i32 %%x, %%c0\n"
             "  %%q, %%rem = tfrt.div.i32 %%z, %%z\n"
             "  %%r = tfrt.case %%q [@then, @then] (%%c1) : (!tfrt.chain) -> (!tfrt.chain)\n"
             "  tfrt.return %%r : !tfrt.chain\n"
             "}\n",
             then);
    expect(buf, false);
    snprintf(buf, sizeof buf,
             "%sfunc.func @main() -> !tfrt.chain {\n"
             "  %%c0 = tfrt.new.chain\n"
             "  %%x = tfrt.constant.i32 3\n"
             "  %%c1 = tfrt.print.i32 %%x, %%c0\n"
             "  %%r = tfrt.case %%x [@then, @then] (%%c1) : (!tfrt.chain) -> (!tfrt.chain)\n"
             "  tfrt.return %%r : !tfrt.chain\n"
             "}\n",
             then);
    expect(buf, true);
    snprintf(buf, sizeof buf,
             "%sfunc.func @main() -> !tfrt.chain {\n"
             "  %%c0 = tfrt.new.chain\n"
             "  %%z = tfrt.constant.i32 0\n"
             "  %%x = tfrt.constant.i32 3\n"
             "  %%c1 = tfrt.print.i32 %%x, %%c0\n"
             "  %%q, %%rem = tfrt.div.i32 %%z, %%z\n"
             "  %%t = tfrt.equal.i32 %%q, %%z\n"
             "  %%r = tfrt.cond %%t @then @then (%%c1) : (!tfrt.chain) -> (!tfrt.chain)\n"
             "  tfrt.return %%r : !tfrt.chain\n"
             "}\n",
             then);
    expect(buf, false);
}

/* A loop-carried value the body may turn into an error: from the second
** iteration on the if's condition may be one. */
Test(errs, carried_value_becomes_an_error)
{
    static const char *fmt =
        "func.func @main() -> !tfrt.chain {\n"
        "  %%c0 = tfrt.new.chain\n"
        "  %%n = tfrt.constant.i32 3\n"
        "  %%x = tfrt.constant.i32 4\n"
        "  %%r:2 = tfrt.repeat.i32 %%n, %%x, %%c0 : i32, !tfrt.chain {\n"
        "    %%c1 = tfrt.print.i32 %%x, %%c0\n"
        "    %%one = tfrt.constant.i32 1\n"
        "    %%t = \"tfrt.lessequal.i32\"(%%x, %%one) : (i32, i32) -> i1\n"
        "    %%d = tfrt.if %%t, %%c1 : (!tfrt.chain) -> (!tfrt.chain) {\n"
        "      tfrt.return %%c1 : !tfrt.chain\n"
        "    } else {\n"
        "      tfrt.return %%c1 : !tfrt.chain\n"
        "    }\n"
        "    %%y = %s\n"
        "    tfrt.return %%y, %%d : i32, !tfrt.chain\n"
        "  }\n"
        "  tfrt.return %%r#1 : !tfrt.chain\n"
        "}\n";
    char buf[2048];
    snprintf(buf, sizeof buf, fmt, "\"tfrt.minus.i32\"(%x, %one) : (i32, i32) -> i32");
    expect(buf, true);
    /* Now the next value is a quotient by the carried value minus one,
    ** which may be zero: the condition of a later iteration may be an
    ** error, that iteration's chain result overtakes its print, and so
    ** does the last one's, the function's result. */
    static const char *fmt2 =
        "func.func @main() -> !tfrt.chain {\n"
        "  %c0 = tfrt.new.chain\n"
        "  %n = tfrt.constant.i32 3\n"
        "  %x = tfrt.constant.i32 4\n"
        "  %r:2 = tfrt.repeat.i32 %n, %x, %c0 : i32, !tfrt.chain {\n"
        "    %c1 = tfrt.print.i32 %x, %c0\n"
        "    %one = tfrt.constant.i32 1\n"
        "    %t = \"tfrt.lessequal.i32\"(%x, %one) : (i32, i32) -> i1\n"
        "    %d = tfrt.if %t, %c1 : (!tfrt.chain) -> (!tfrt.chain) {\n"
        "      tfrt.return %c1 : !tfrt.chain\n"
        "    } else {\n"
        "      tfrt.return %c1 : !tfrt.chain\n"
        "    }\n"
        "    %m = \"tfrt.minus.i32\"(%x, %one) : (i32, i32) -> i32\n"
        "    %y, %rem = tfrt.div.i32 %one, %m\n"
        "    tfrt.return %y, %d : i32, !tfrt.chain\n"
        "  }\n"
        "  tfrt.return %r#1 : !tfrt.chain\n"
        "}\n";
    expect(fmt2, false);
}
