/*
** test_vm.c — the compiled engine (interp/vm.h, docs/engine.md): which
** bodies compile, the shape of the code (fused tests, invariants, hoisted
** constants), agreement with the exact engine on values and errors, no C
** stack for deep recursion, flat memory for long loops, objects and error
** values released, compiled bodies on worker threads, and the call chain
** of kernels compiled code runs, when something keeps or extends it.
*/
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "interp/exec.h"
#include "interp/vm.h"
#include "interp/workqueue.h"
#include "ops/optable.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"
#include "tests/fib_src.h"

TestSuite(vm, .timeout = 60.0);

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

/* Loads [text] on queue [wq] under schedule [s]; [patch] (or NULL) may
** change the module after verification, before the host loads it. */
static void load_patched(Prog *p, const char *text, const char *wq, ExecSchedule s,
                         void (*patch)(Module *m))
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
    if (patch) patch(p->m);
    char err[128];
    p->q = wq_create(wq, err, sizeof err);
    cr_assert(p->q, "%s", err);
    p->a = ha_create("malloc", stderr);
    p->h = host_new(p->m, p->q, p->a, p->d, p->outf);
    p->h->schedule = s;
    cr_assert(exec_load(p->h));
}

static void load(Prog *p, const char *text, const char *wq, ExecSchedule s)
{
    load_patched(p, text, wq, s, NULL);
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

/* Runs @name with no arguments; its results (+1 each) in res. */
static void run(Prog *p, const char *name, AsyncValue **res)
{
    const Func *f = ir_module_func(p->m, name);
    cr_assert(f, "no function %s", name);
    RequestContext *rq = rq_new(p->q);
    ExecCtx c = { p->h, rq, 0, NULL, NULL, NULL };
    exec_invoke_func(&c, f, NULL, 0, res);
    wq_await(p->q, res, f->nresults);
    wq_quiesce(p->q);
    rq_release(rq);
}

/* A result as text: "42", "<<error: MSG>>", "2.500000e+00", "TYPE". */
static void show(char *buf, size_t n, AsyncValue *v)
{
    if (av_is_error(v)) { snprintf(buf, n, "<<error: %s>>", av_error(v)->msg); return; }
    if (!av_is_available(v)) { snprintf(buf, n, "<<unavailable>>"); return; }
    const Any *a = av_get(v);
    if (any_is_int(*a)) snprintf(buf, n, "%lld", (long long)a->v.i);
    else if (a->type == ANY_F64) snprintf(buf, n, "%.6e", a->v.f64);
    else if (a->type == ANY_F32) snprintf(buf, n, "%.6e", (double)a->v.f32);
    else snprintf(buf, n, "%s", any_type_name(*a));
}

/* Runs every zero-argument function of [text] under [s] (the module
** changed by [patch] when not NULL; --max-call-depth [max_depth] when not
** 0): their results and the output and diagnostics, as one string (caller
** frees). */
static char *run_all_with(const char *text, ExecSchedule s, void (*patch)(Module *m), int max_depth)
{
    Prog p;
    load_patched(&p, text, "s", s, patch);
    if (max_depth) p.h->max_call_depth = max_depth;
    char *log = NULL;
    size_t loglen = 0;
    FILE *lf = open_memstream(&log, &loglen);
    for (int i = 0; i < p.m->nfuncs; i++) {
        const Func *f = p.m->funcs[i];
        if (f->nargs) continue;
        AsyncValue *res[8];
        cr_assert_leq(f->nresults, 8);
        run(&p, f->name, res);
        fprintf(lf, "%s:", f->name);
        for (int j = 0; j < f->nresults; j++) {
            char buf[256];
            show(buf, sizeof buf, res[j]);
            fprintf(lf, " %s", buf);
            av_release(res[j]);
        }
        fputc('\n', lf);
    }
    fflush(p.outf);
    fprintf(lf, "--- output:\n%.*s", (int)p.outlen, p.out);
    fclose(lf);
    unload(&p);
    return log;
}

static char *run_all(const char *text, ExecSchedule s)
{
    return run_all_with(text, s, NULL, 0);
}

/* {=====================================================================
** Which bodies compile
** ====================================================================== */

typedef struct Seen { const Block *b[64]; const VmProto *p[64]; int n; } Seen;

static void record(void *ud, const Block *b, const VmProto *p)
{
    Seen *s = ud;
    cr_assert_lt(s->n, 64);
    s->b[s->n] = b;
    s->p[s->n] = p;
    s->n++;
}

static const VmProto *proto_of(const Seen *s, const Block *b)
{
    for (int i = 0; i < s->n; i++)
        if (s->b[i] == b) return s->p[i];
    return NULL;
}

static const char which_prog[] =
    TEST_FIB_FUNC
    "func.func @async(%x: i32) -> i32 {\n"
    "  %y = \"tfrt_test.async_copy.i32\"(%x) : (i32) -> i32\n"
    "  tfrt.return %y : i32\n"
    "}\n"
    "func.func @calls_async(%x: i32) -> i32 {\n"
    "  %y = tfrt.call @async(%x) : (i32) -> i32\n"
    "  tfrt.return %y : i32\n"
    "}\n"
    "func.func @main() -> i32 {\n"
    "  %n = tfrt.constant.i32 3\n"
    "  %d = tfrt_test.do.async %n : (i32) -> (i32) {\n"
    "    %r = tfrt.call @fib(%n) : (i32) -> i32\n"
    "    tfrt.return %r : i32\n"
    "  }\n"
    "  tfrt.return %d : i32\n"
    "}\n";

Test(vm, compiles_synchronous_bodies_only)
{
    Prog p;
    load(&p, which_prog, "s", EXEC_EXACT);
    Seen s = { .n = 0 };
    VmProgram *vp = vm_build(p.m, p.h, record, &s);
    const Func *fib = ir_module_func(p.m, "fib"), *async = ir_module_func(p.m, "async");
    const Func *calls = ir_module_func(p.m, "calls_async"), *main_ = ir_module_func(p.m, "main");
    cr_assert(proto_of(&s, fib->body), "fib (recursive, if, call) compiles");
    cr_assert_eq(vm_nargs(proto_of(&s, fib->body)), 1);
    cr_assert_null(proto_of(&s, async->body), "an async kernel keeps a body on the dataflow engine");
    cr_assert_null(proto_of(&s, calls->body), "so does calling such a body");
    cr_assert_null(proto_of(&s, main_->body), "do.async is not compiled");
    const Block *region = main_->body->ops[1]->regions[0];
    cr_assert(proto_of(&s, region), "the do.async region compiles on its own");
    /* fib's if regions are inline in fib, and have protos of their own too. */
    cr_assert(proto_of(&s, fib->body->ops[3]->regions[1]));
    vm_free(vp);
    unload(&p);
}

/* A body longer than the compiler's limit (4096 ops) runs once on the
** dataflow engine instead; its loop region still compiles, a caller of it
** does not, and the results agree with exact. */
Test(vm, long_bodies_stay_on_the_dataflow_engine)
{
    size_t cap = 400000, n = 0;
    char *text = malloc(cap);
    cr_assert(text);
    n += (size_t)snprintf(text + n, cap - n,
                          "func.func @long(%%a: i32) -> i32 {\n  %%v0 = tfrt.add.i32 %%a, %%a\n");
    for (int i = 1; i < 5000; i++)
        n += (size_t)snprintf(text + n, cap - n, "  %%v%d = tfrt.add.i32 %%v%d, %%a\n", i, i - 1);
    n += (size_t)snprintf(text + n, cap - n,
                          "  %%r:2 = tfrt.repeat.i32 %%a, %%v4999, %%a : i32, i32 {\n"
                          "    %%s = tfrt.add.i32 %%v4999, %%a\n"
                          "    tfrt.return %%s, %%a : i32, i32\n"
                          "  }\n"
                          "  tfrt.return %%r#0 : i32\n}\n"
                          "func.func @caller(%%x: i32) -> i32 {\n"
                          "  %%y = tfrt.call @long(%%x) : (i32) -> i32\n"
                          "  tfrt.return %%y : i32\n}\n"
                          "func.func @main() -> i32 {\n"
                          "  %%three = tfrt.constant.i32 3\n"
                          "  %%y = tfrt.call @caller(%%three) : (i32) -> i32\n"
                          "  tfrt.return %%y : i32\n}\n");
    cr_assert_lt(n, cap);
    Prog p;
    load(&p, text, "s", EXEC_EXACT);
    Seen s = { .n = 0 };
    VmProgram *vp = vm_build(p.m, p.h, record, &s);
    const Func *lng = ir_module_func(p.m, "long"), *caller = ir_module_func(p.m, "caller");
    cr_assert_null(proto_of(&s, lng->body), "5001 ops: not compiled");
    cr_assert(proto_of(&s, lng->body->ops[5000]->regions[0]), "its repeat body compiles");
    cr_assert_null(proto_of(&s, caller->body), "a caller of it does not");
    vm_free(vp);
    unload(&p);
    /* v_i = 3 * (i + 2), so v4999 = 15003; the loop adds 3 three times. */
    char *ex = run_all(text, EXEC_EXACT), *fa = run_all(text, EXEC_FAST);
    cr_expect_str_eq(ex, "main: 15012\n--- output:\n");
    cr_expect_str_eq(fa, ex);
    free(ex);
    free(fa);
    free(text);
}

/* {=====================================================================
** The shape of the code
** ====================================================================== */

static char *dump_of(const char *text, const char *fn)
{
    Prog p;
    load(&p, text, "s", EXEC_EXACT);
    Seen s = { .n = 0 };
    VmProgram *vp = vm_build(p.m, p.h, record, &s);
    const VmProto *pr = proto_of(&s, ir_module_func(p.m, fn)->body);
    cr_assert(pr, "%s did not compile", fn);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    vm_dump(pr, f);
    fclose(f);
    vm_free(vp);
    unload(&p);
    return buf;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

Test(vm, fib_code_shape)
{
    char *d = dump_of(which_prog, "fib");
    /* lessequal with a constant, fused with the if; constants in the
    ** instructions, none loaded into registers. */
    cr_assert_eq(count(d, "TLEK_I32"), 1, "%s", d);
    cr_assert_eq(count(d, " IF "), 1, "%s", d);
    cr_assert_eq(count(d, "SUBK_I32"), 2, "%s", d);
    cr_assert_eq(count(d, "CALL"), 2, "%s", d);
    cr_assert_eq(count(d, "INLINE"), 0, "%s", d);
    cr_assert_eq(count(d, "LOADK"), 0, "%s", d);
    /* The else branch's add is made in the if's result register: the only
    ** move is the then branch's %n. */
    cr_assert_eq(count(d, "MOV"), 1, "%s", d);
    free(d);
}

static const char loop_prog[] =
    "func.func @loop() -> (i32, i32, i32) {\n"
    "  %n = tfrt.constant.i32 10\n"
    "  %i = tfrt.constant.i32 0\n"
    "  %k = tfrt.constant.i32 7\n"
    "  %acc = tfrt.constant.i32 0\n"
    "  %r:3 = tfrt.repeat.i32 %n, %i, %k, %acc : i32, i32, i32 {\n"
    "    %one = tfrt.constant.i32 1\n"
    "    %i2 = tfrt.add.i32 %i, %one\n"
    "    %acc2 = tfrt.add.i32 %acc, %k\n"
    "    tfrt.return %i2, %k, %acc2 : i32, i32, i32\n"
    "  }\n"
    "  tfrt.return %r#0, %r#1, %r#2 : i32, i32, i32\n"
    "}\n";

Test(vm, loop_code_shape)
{
    char *d = dump_of(loop_prog, "loop");
    /* %k is invariant: the body reads the constant in the instruction; %i2
    ** and %acc2 are computed in place of their loop registers: no moves. */
    cr_assert_eq(count(d, "ADDK_I32"), 2, "%s", d);
    cr_assert_eq(count(d, "MOV"), 0, "%s", d);
    cr_assert_eq(count(d, "RPT_INIT"), 1, "%s", d);
    cr_assert_eq(count(d, "RPT_NEXT"), 1, "%s", d);
    free(d);
    char *r = run_all(loop_prog, EXEC_FAST);
    cr_assert_str_eq(r, "loop: 10 7 70\n--- output:\n");
    free(r);
}

/* A loop whose body returns an if's results and a counter that other ops
** read after it is made: all are made in place of the loop's registers
** (the if's branches write them; tfrt_fizzbuzz's shape). The then branch
** swaps two of them (a cycle of moves through one temporary), the else
** branch makes one in place with an add that reads it. */
static const char if_loop_prog[] =
    "func.func @loop() -> (i32, i32, i32) {\n"
    "  %n = tfrt.constant.i32 4\n"
    "  %a = tfrt.constant.i32 1\n"
    "  %b = tfrt.constant.i32 10\n"
    "  %i = tfrt.constant.i32 0\n"
    "  %r:3 = tfrt.repeat.i32 %n, %a, %b, %i : i32, i32, i32 {\n"
    "    %one = tfrt.constant.i32 1\n"
    "    %two = tfrt.constant.i32 2\n"
    "    %zero = tfrt.constant.i32 0\n"
    "    %i1 = tfrt.add.i32 %i, %one\n"
    "    %q, %m = tfrt.div.i32 %i1, %two\n"
    "    %even = tfrt.equal.i32 %m, %zero\n"
    "    %t:2 = tfrt.if %even, %a, %b : (i32, i32) -> (i32, i32) {\n"
    "      tfrt.return %b, %a : i32, i32\n"
    "    } else {\n"
    "      %s = tfrt.add.i32 %a, %b\n"
    "      tfrt.return %s, %b : i32, i32\n"
    "    }\n"
    "    tfrt.return %t#0, %t#1, %i1 : i32, i32, i32\n"
    "  }\n"
    "  tfrt.return %r#0, %r#1, %r#2 : i32, i32, i32\n"
    "}\n";

Test(vm, if_results_in_place_code_shape)
{
    char *d = dump_of(if_loop_prog, "loop");
    /* The swap's three moves (a cycle through a temporary) are the only
    ** ones: no move of %i1 nor of the if's results on the back edge. */
    cr_assert_eq(count(d, "MOV"), 3, "%s", d);
    /* The back edge, and its copy at the end of the then branch (whose
    ** jump to it it replaces: thread_jumps). */
    cr_assert_eq(count(d, "RPT_NEXT"), 2, "%s", d);
    cr_assert_eq(count(d, "JMP"), 0, "%s", d);
    free(d);
    /* Odd steps (a + b, b), even steps (b, a): (11,10) (10,11) (21,11) (11,21). */
    char *r = run_all(if_loop_prog, EXEC_FAST);
    cr_assert_str_eq(r, "loop: 11 21 4\n--- output:\n");
    free(r);
    char *e = run_all(if_loop_prog, EXEC_EXACT);
    cr_assert_str_eq(e, "loop: 11 21 4\n--- output:\n");
    free(e);
}

/* Divisibility tests (x % K == C over an if): fused into TREMK when the
** quotient has no use, the remainder no other, and K is neither 0 nor -1;
** every other case keeps its division. */
static const char rem_prog[] =
    "func.func @rem() -> (i32, i32, i64, i32, i32, i32, i32) {\n"
    "  %x = tfrt.constant.i32 -7\n"
    "  %y = tfrt.constant.i64 -7\n"
    "  %c3 = tfrt.constant.i32 3\n"
    "  %m1 = tfrt.constant.i32 -1\n"
    "  %z = tfrt.constant.i32 0\n"
    "  %k3 = tfrt.constant.i64 3\n"
    "  %km1 = tfrt.constant.i64 -1\n"
    /* fused: -7 % 3 == -1 (truncating) */
    "  %q1, %r1 = tfrt.div.i32 %x, %c3\n"
    "  %t1 = tfrt.equal.i32 %r1, %m1\n"
    "  %a = tfrt.if %t1, %c3, %z : (i32, i32) -> (i32) {\n"
    "    tfrt.return %c3 : i32\n"
    "  } else {\n"
    "    tfrt.return %z : i32\n"
    "  }\n"
    /* fused, the constant on the left of the compare: -7 % 3 == 0 is false */
    "  %q2, %r2 = tfrt.div.i32 %x, %c3\n"
    "  %t2 = tfrt.equal.i32 %z, %r2\n"
    "  %b = tfrt.if %t2, %c3, %z : (i32, i32) -> (i32) {\n"
    "    tfrt.return %c3 : i32\n"
    "  } else {\n"
    "    tfrt.return %z : i32\n"
    "  }\n"
    /* fused, i64: -7 % 3 == -1 */
    "  %q3, %r3 = tfrt.div.i64 %y, %k3\n"
    "  %t3 = tfrt.equal.i64 %r3, %km1\n"
    "  %c = tfrt.if %t3, %y, %k3 : (i64, i64) -> (i64) {\n"
    "    tfrt.return %y : i64\n"
    "  } else {\n"
    "    tfrt.return %k3 : i64\n"
    "  }\n"
    /* not fused: the quotient is used (-2) */
    "  %q4, %r4 = tfrt.div.i32 %x, %c3\n"
    "  %t4 = tfrt.equal.i32 %r4, %m1\n"
    "  %d = tfrt.if %t4, %q4, %z : (i32, i32) -> (i32) {\n"
    "    tfrt.return %q4 : i32\n"
    "  } else {\n"
    "    tfrt.return %z : i32\n"
    "  }\n"
    /* not fused: the remainder has another use (-1) */
    "  %q5, %r5 = tfrt.div.i32 %x, %c3\n"
    "  %t5 = tfrt.equal.i32 %r5, %m1\n"
    "  %e = tfrt.if %t5, %r5, %z : (i32, i32) -> (i32) {\n"
    "    tfrt.return %r5 : i32\n"
    "  } else {\n"
    "    tfrt.return %z : i32\n"
    "  }\n"
    /* not fused: by -1 (-7 % -1 == 0 holds: 3) */
    "  %q6, %r6 = tfrt.div.i32 %x, %m1\n"
    "  %t6 = tfrt.equal.i32 %r6, %z\n"
    "  %f = tfrt.if %t6, %c3, %z : (i32, i32) -> (i32) {\n"
    "    tfrt.return %c3 : i32\n"
    "  } else {\n"
    "    tfrt.return %z : i32\n"
    "  }\n"
    /* not fused: by zero (the kernel's error, which the if forwards) */
    "  %q7, %r7 = tfrt.div.i32 %x, %z\n"
    "  %t7 = tfrt.equal.i32 %r7, %z\n"
    "  %g = tfrt.if %t7, %c3, %z : (i32, i32) -> (i32) {\n"
    "    tfrt.return %c3 : i32\n"
    "  } else {\n"
    "    tfrt.return %z : i32\n"
    "  }\n"
    "  tfrt.return %a, %b, %c, %d, %e, %f, %g : i32, i32, i64, i32, i32, i32, i32\n"
    "}\n";

/* bench/fizzbuzz.mlir over 1..20: 15 scores 15; 5, 10 and 20 score 5;
** 3, 6, 9, 12 and 18 score 3; the other 11 score 1: 15 + 15 + 15 + 11 =
** 56. */
static const char rem_loop_prog[] =
    "func.func @fizzbuzz() -> i32 {\n"
    "  %n = tfrt.constant.i32 20\n"
    "  %i = tfrt.constant.i32 1\n"
    "  %acc = tfrt.constant.i32 0\n"
    "  %res:2 = tfrt.repeat.i32 %n, %i, %acc : i32, i32 {\n"
    "    %c15 = tfrt.constant.i32 15\n"
    "    %c0 = tfrt.constant.i32 0\n"
    "    %q15, %m15 = tfrt.div.i32 %i, %c15\n"
    "    %is15 = tfrt.equal.i32 %m15, %c0\n"
    "    %add = tfrt.if %is15, %i : (i32) -> (i32) {\n"
    "      %v = tfrt.constant.i32 15\n"
    "      tfrt.return %v : i32\n"
    "    } else {\n"
    "      %c5 = tfrt.constant.i32 5\n"
    "      %z5 = tfrt.constant.i32 0\n"
    "      %q5, %m5 = tfrt.div.i32 %i, %c5\n"
    "      %is5 = tfrt.equal.i32 %m5, %z5\n"
    "      %a = tfrt.if %is5, %i : (i32) -> (i32) {\n"
    "        %v = tfrt.constant.i32 5\n"
    "        tfrt.return %v : i32\n"
    "      } else {\n"
    "        %c3 = tfrt.constant.i32 3\n"
    "        %z3 = tfrt.constant.i32 0\n"
    "        %q3, %m3 = tfrt.div.i32 %i, %c3\n"
    "        %is3 = tfrt.equal.i32 %m3, %z3\n"
    "        %b = tfrt.if %is3 : () -> (i32) {\n"
    "          %v = tfrt.constant.i32 3\n"
    "          tfrt.return %v : i32\n"
    "        } else {\n"
    "          %v = tfrt.constant.i32 1\n"
    "          tfrt.return %v : i32\n"
    "        }\n"
    "        tfrt.return %b : i32\n"
    "      }\n"
    "      tfrt.return %a : i32\n"
    "    }\n"
    "    %acc2 = tfrt.add.i32 %acc, %add\n"
    "    %one = tfrt.constant.i32 1\n"
    "    %i2 = tfrt.add.i32 %i, %one\n"
    "    tfrt.return %i2, %acc2 : i32, i32\n"
    "  }\n"
    "  tfrt.return %res#1 : i32\n"
    "}\n";

Test(vm, rem_test_code_shape)
{
    char *d = dump_of(rem_prog, "rem");
    cr_assert_eq(count(d, "TREMK_I32"), 2, "%s", d);
    cr_assert_eq(count(d, "TREMK_I64"), 1, "%s", d);
    cr_assert_eq(count(d, "DIVK_I32"), 4, "%s", d);
    cr_assert_eq(count(d, "DIVK_I64"), 0, "%s", d);
    /* Each fused test keeps its compare and if (its slow path runs them). */
    cr_assert_eq(count(d, "TEQK_I32"), 6, "%s", d);
    cr_assert_eq(count(d, "TEQK_I64"), 1, "%s", d);
    free(d);
    char *f = run_all(rem_prog, EXEC_FAST);
    cr_assert(strstr(f, "rem: 3 0 -7 -2 -1 3 <<error: Divide by zero>>\n") == f, "%s", f);
    char *e = run_all(rem_prog, EXEC_EXACT);
    cr_assert_str_eq(f, e);
    free(f);
    free(e);
}

/* Proven types (vm_compile.c, use_proven_types): the Leibniz loop of
** bench/series.mlir, whose sign and denominator only ever hold f64s (their
** in-place updates need no test, nor the division their quotient), while
** the sum adds that quotient, which may be a division's error (it stays
** tested). In @from_arg the same loop
** starts from an argument, which may be an error: nothing is proven. */
static const char proven_prog[] =
    "func.func @series() -> f64 {\n"
    "  %n = tfrt.constant.i32 1000\n"
    "  %sum = tfrt.constant.f64 0.0\n"
    "  %sign = tfrt.constant.f64 1.0\n"
    "  %den = tfrt.constant.f64 1.0\n"
    "  %m1 = tfrt.constant.f64 -1.0\n"
    "  %two = tfrt.constant.f64 2.0\n"
    "  %r:5 = tfrt.repeat.i32 %n, %sum, %sign, %den, %m1, %two : f64, f64, f64, f64, f64 {\n"
    "    %term = \"tfrt.div.f64\"(%sign, %den) : (f64, f64) -> f64\n"
    "    %sum1 = tfrt.add.f64 %sum, %term\n"
    "    %sign1 = \"tfrt.multiply.f64\"(%sign, %m1) : (f64, f64) -> f64\n"
    "    %den1 = tfrt.add.f64 %den, %two\n"
    "    tfrt.return %sum1, %sign1, %den1, %m1, %two : f64, f64, f64, f64, f64\n"
    "  }\n"
    "  tfrt.return %r#0 : f64\n"
    "}\n"
    "func.func @from_arg(%sign: f64) -> f64 {\n"
    "  %n = tfrt.constant.i32 3\n"
    "  %r = tfrt.repeat.i32 %n, %sign : f64 {\n"
    "    %m1 = tfrt.constant.f64 -1.0\n"
    "    %sign1 = \"tfrt.multiply.f64\"(%sign, %m1) : (f64, f64) -> f64\n"
    "    tfrt.return %sign1 : f64\n"
    "  }\n"
    "  tfrt.return %r : f64\n"
    "}\n";

Test(vm, proven_types_code_shape)
{
    char *d = dump_of(proven_prog, "series");
    cr_assert_eq(count(d, "MULK_F64_IN"), 1, "%s", d);
    cr_assert_eq(count(d, "ADDK_F64_IN"), 1, "%s", d);
    cr_assert_eq(count(d, "ADD_F64 "), 1, "%s", d);
    /* The division's operands are proven too: only its zero test stays. */
    cr_assert_eq(count(d, "DIV_F64_P"), 1, "%s", d);
    free(d);
    d = dump_of(proven_prog, "from_arg");
    cr_assert_eq(count(d, "_IN "), 0, "%s", d);   /* (not RPT_INIT) */
    cr_assert_eq(count(d, "MULK_F64 "), 1, "%s", d);
    free(d);
    /* fizzbuzz: the counter and the tally are proven i32s, and so is the
    ** dividend of every fused test. */
    d = dump_of(rem_loop_prog, "fizzbuzz");
    cr_assert_eq(count(d, "TREMK_I32_P"), 3, "%s", d);
    cr_assert_eq(count(d, "ADD_I32_IN"), 1, "%s", d);
    cr_assert_eq(count(d, "ADDK_I32_IN"), 1, "%s", d);
    free(d);
    char *f = run_all(rem_loop_prog, EXEC_FAST);
    cr_assert_str_eq(f, "fizzbuzz: 56\n--- output:\n");
    char *e = run_all(rem_loop_prog, EXEC_EXACT);
    cr_assert_str_eq(f, e);
    free(f);
    free(e);
}

static const char inline_prog[] =
    "func.func @inc(%x: i32) -> i32 {\n"
    "  %one = tfrt.constant.i32 1\n"
    "  %y = tfrt.add.i32 %x, %one\n"
    "  tfrt.return %y : i32\n"
    "}\n"
    "func.func @step(%i: i32) -> (i32, i1) {\n"
    "  %one = tfrt.constant.i32 1\n"
    "  %j = tfrt.add.i32 %i, %one\n"
    "  %more = \"tfrt.lessequal.i32\"(%j, %one) : (i32, i32) -> i1\n"
    "  tfrt.return %j, %more : i32, i1\n"
    "}\n"
    "func.func @twice(%x: i32) -> i32 {\n"
    "  %a = tfrt.call @inc(%x) : (i32) -> i32\n"
    "  %b = tfrt.call @inc(%a) : (i32) -> i32\n"
    "  tfrt.return %b : i32\n"
    "}\n"
    "func.func @loop(%x: i32) -> i32 {\n"
    "  %t = tfrt.constant.i1 1\n"
    "  %r = tfrt.while %t @step(%x) parallel_iterations(1) : (i32) -> (i32)\n"
    "  tfrt.return %r : i32\n"
    "}\n";

Test(vm, inline_call_code_shape)
{
    /* Each call compiled inline starts with its INLINE (the call's depth
    ** and stop test); no CALL. */
    char *d = dump_of(inline_prog, "twice");
    cr_assert_eq(count(d, "INLINE"), 2, "%s", d);
    cr_assert_eq(count(d, "CALL"), 0, "%s", d);
    cr_assert_eq(count(d, "ADDK_I32"), 2, "%s", d);
    free(d);
    /* A while body inline: the loop's test makes that test, once per run. */
    d = dump_of(inline_prog, "loop");
    cr_assert_eq(count(d, "INLINE"), 0, "%s", d);
    cr_assert_eq(count(d, "CALL"), 0, "%s", d);
    cr_assert_eq(count(d, "WHILE_TEST"), 1, "%s", d);
    free(d);
}

/* {=====================================================================
** Agreement with the exact engine
** ====================================================================== */

/* Programs whose values do not depend on the schedule: each runs under both
** engines, and the results, output and diagnostics must be the same. */
static const char *const agree_progs[] = {
    which_prog,
    loop_prog,
    /* Errors: diagnostics from the real kernel, propagation, error
    ** selectors, an error trip count. */
    "func.func @errs() -> (i32, i32, i32, i32) {\n"
    "  %a = tfrt.constant.i32 6\n"
    "  %z = tfrt.constant.i32 0\n"
    "  %q, %r = tfrt.div.i32 %a, %z\n"
    "  %s = tfrt.add.i32 %q, %a\n"
    "  %c = tfrt.equal.i32 %s, %a\n"
    "  %x = tfrt.if %c, %a : (i32) -> (i32) {\n"
    "    tfrt.return %a : i32\n"
    "  } else {\n"
    "    tfrt.return %a : i32\n"
    "  }\n"
    "  %y = tfrt.repeat.i32 %q, %a : i32 {\n"
    "    tfrt.return %a : i32\n"
    "  }\n"
    "  tfrt.return %s, %x, %y, %r : i32, i32, i32, i32\n"
    "}\n",
    /* i64 and floats, with and without constant operands. */
    "func.func @nums() -> (i64, i64, i1, f64, f32, f64) {\n"
    "  %a = tfrt.constant.i64 -7\n"
    "  %b = tfrt.constant.i64 2\n"
    "  %q, %r = tfrt.div.i64 %a, %b\n"
    "  %m = tfrt.mul.i64 %q, %r\n"
    "  %le = \"tfrt.lessequal.i64\"(%m, %a) : (i64, i64) -> i1\n"
    "  %f = tfrt.constant.f64 0.5\n"
    "  %g = tfrt.add.f64 %f, %f\n"
    "  %h = \"tfrt.div.f64\"(%g, %f) : (f64, f64) -> f64\n"
    "  %c = \"tfrt.cast.i64_to_f32\"(%a) : (i64) -> f32\n"
    "  %d = \"tfrt.cast.i64_to_f64\"(%q) : (i64) -> f64\n"
    "  %z = tfrt.constant.f64 0.0\n"
    "  %e = \"tfrt.div.f64\"(%d, %z) : (f64, f64) -> f64\n"
    "  tfrt.return %r, %m, %le, %h, %c, %e : i64, i64, i1, f64, f32, f64\n"
    "}\n",
    /* A trailing chain operand: no fast path, the kernel itself. */
    "func.func @chained() -> i1 {\n"
    "  %ch = tfrt.new.chain\n"
    "  %a = tfrt.constant.i32 1\n"
    "  %le = \"tfrt.lessequal.i32\"(%a, %a, %ch) : (i32, i32, !tfrt.chain) -> i1\n"
    "  tfrt.return %le : i1\n"
    "}\n",
};

Test(vm, agrees_with_exact)
{
    for (size_t i = 0; i < sizeof agree_progs / sizeof agree_progs[0]; i++) {
        char *e = run_all(agree_progs[i], EXEC_EXACT);
        char *f = run_all(agree_progs[i], EXEC_FAST);
        cr_expect_str_eq(f, e, "program %zu:\nfast:\n%s\nexact:\n%s", i, f, e);
        free(e);
        free(f);
    }
}

/* {=====================================================================
** The call chain of kernels run by compiled code
** ====================================================================== */

/* A compiled kernel's context carries the compiled calls (ExecCtx.vm) only
** while the kernel runs; a copy that outlives it, and a call or invocation
** it makes, hold them as CallSite links. No kernel that compiled code runs
** does either today, so these tests give @leaf's op a kernel that does.
** @leaf is compiled inline into @b, whose frame @a's frame called. */
static const char chain_prog[] =
    /* @boom runs on the dataflow engine: its division waits for a task,
    ** so it reports after the call (and the compiled frames) returned. */
    "func.func @boom(%x: i32) -> i32 {\n"
    "  %d = \"tfrt_test.async_copy.i32\"(%x) : (i32) -> i32\n"
    "  %z = tfrt.constant.i32 0\n"
    "  %q, %r = tfrt.div.i32 %d, %z\n"                             /* line 4 */
    "  tfrt.return %x : i32\n"
    "}\n"
    "func.func @leaf(%x: i32) -> i32 {\n"
    "  %k = \"tfrt_test.fail\"() : () -> i32\n"                   /* line 8: patched */
    "  tfrt.return %k : i32\n"
    "}\n"
    "func.func @b(%x: i32) -> i32 {\n"
    "  %r = tfrt.call @leaf(%x) : (i32) -> i32\n"                 /* line 12 */
    "  tfrt.return %r : i32\n"
    "}\n"
    "func.func @a(%x: i32) -> i32 {\n"
    "  %r = tfrt.call @b(%x) : (i32) -> i32\n"                    /* line 16 */
    "  tfrt.return %r : i32\n"
    "}\n"
    "func.func @main() -> i32 {\n"
    "  %c = tfrt.constant.i32 7\n"
    "  %r = tfrt.call @a(%c) : (i32) -> i32\n"                    /* line 21 */
    "  tfrt.return %r : i32\n"
    "}\n";

/* Reports from a task, on its copy of the kernel's context. */
static void report_task(void *a, void *b)
{
    ExecCtx *c = a;
    exec_diag(c, b, "reported later");
    exec_ctx_free(c);
}

static void k_report_later(KernelFrame *f)
{
    exec_enqueue(f->ctx, report_task, exec_ctx_dup(f->ctx), (void *)f->op);
    kf_set(f, 0, any_int(ANY_I32, 1));
}

/* Calls @boom (exec_call_func: one link deeper), or invokes its body
** (exec_invoke_block: no link). */
static void boom(KernelFrame *f, bool call)
{
    const Func *fn = ir_module_func(host_module(f->ctx->host), "boom");
    AsyncValue *arg = av_new_available(any_int(ANY_I32, 1));
    if (call) exec_call_func(f->ctx, f->op, fn, &arg, 1, f->results);
    else exec_invoke_block(f->ctx, fn->body, &arg, 1, f->results);
    av_release(arg);
}

static void k_call_boom(KernelFrame *f) { boom(f, true); }
static void k_invoke_boom(KernelFrame *f) { boom(f, false); }

/* The kernel the next patch puts in place of @leaf's (a test process runs
** one test). */
static KernelFn chain_kernel;
static OpInfo chain_info;

static void patch_leaf(Module *m)
{
    Op *op = ir_module_func(m, "leaf")->body->ops[0];
    chain_info = *op->info;
    chain_info.fn = chain_kernel;
    op->info = &chain_info;
}

/* The lines of [log] that start with "test.mlir:", joined by '|'. */
static char *locations(const char *log)
{
    char *out = calloc(1, strlen(log) + 1);
    cr_assert(out);
    for (const char *l = log; l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        if (strncmp(l, "test.mlir:", 10)) continue;
        size_t n = strcspn(l, "\n");
        if (*out) strcat(out, "|");
        strncat(out, l, n);
    }
    return out;
}

/* Runs chain_prog with [k] in place of @leaf's kernel (--max-call-depth
** [max_depth] unless 0) under both engines: they must print the same, and
** its diagnostics' location lines must be [want]. */
static void expect_chain(KernelFn k, int max_depth, const char *want)
{
    chain_kernel = k;
    char *e = run_all_with(chain_prog, EXEC_EXACT, patch_leaf, max_depth);
    char *f = run_all_with(chain_prog, EXEC_FAST, patch_leaf, max_depth);
    cr_expect_str_eq(f, e, "fast:\n%s\nexact:\n%s", f, e);
    char *loc = locations(f);
    cr_expect_str_eq(loc, want, "%s", f);
    free(loc);
    free(e);
    free(f);
}

/* @leaf's callers: @b's call, @a's, @main's. */
#define LEAF_CHAIN "test.mlir:12:8: note: called from|test.mlir:16:8: note: called from|" \
                   "test.mlir:21:8: note: called from"

Test(vm, chain_kept_by_a_context_copy)
{
    expect_chain(k_report_later, 0,
                 "test.mlir:8:8: error: unexpected error: runtime error: reported later|" LEAF_CHAIN);
}

Test(vm, chain_of_a_call_made_by_a_compiled_kernel)
{
    expect_chain(k_call_boom, 0,
                 "test.mlir:4:12: error: unexpected error: runtime error: Divide by zero|"
                 "test.mlir:8:8: note: called from|" LEAF_CHAIN);
    /* The compiled calls count toward the depth limit: @main's call is at
    ** depth 1, @leaf's at 3, the kernel's at 4. */
    expect_chain(k_call_boom, 3, "test.mlir:8:8: error: unexpected error: call depth exceeds 3|" LEAF_CHAIN);
}

Test(vm, chain_of_an_invocation_made_by_a_compiled_kernel)
{
    expect_chain(k_invoke_boom, 0,
                 "test.mlir:4:12: error: unexpected error: runtime error: Divide by zero|" LEAF_CHAIN);
}

/* {=====================================================================
** Depth and memory
** ====================================================================== */

static const char deep_prog[] =
    "func.func @down(%n: i32) -> i32 {\n"
    "  %zero = tfrt.constant.i32 0\n"
    "  %done = tfrt.equal.i32 %n, %zero\n"
    "  %r = tfrt.if %done, %n : (i32) -> (i32) {\n"
    "    tfrt.return %n : i32\n"
    "  } else {\n"
    "    %one = tfrt.constant.i32 1\n"
    "    %m = \"tfrt.minus.i32\"(%n, %one) : (i32, i32) -> i32\n"
    "    %r2 = tfrt.call @down(%m) : (i32) -> i32\n"
    "    %r3 = tfrt.add.i32 %r2, %one\n"
    "    tfrt.return %r3 : i32\n"
    "  }\n"
    "  tfrt.return %r : i32\n"
    "}\n"
    "func.func @deep() -> i32 {\n"
    "  %n = tfrt.constant.i32 20000\n"
    "  %r = tfrt.call @down(%n) : (i32) -> i32\n"
    "  tfrt.return %r : i32\n"
    "}\n";

static void *deep_thread(void *arg)
{
    int64_t *out = arg;
    Prog p;
    load(&p, deep_prog, "s", EXEC_FAST);
    AsyncValue *r[1];
    run(&p, "deep", r);
    *out = av_is_available(r[0]) ? av_get(r[0])->v.i : -1;
    av_release(r[0]);
    unload(&p);
    return NULL;
}

/* 20 000 nested calls on a thread with a 256 KiB stack: the frames are on
** the engine's own stack. */
Test(vm, recursion_20000_small_c_stack)
{
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, 256 * 1024);
    pthread_t t;
    int64_t got = 0;
    cr_assert_eq(pthread_create(&t, &at, deep_thread, &got), 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&at);
    cr_assert_eq(got, 20000);
}

static const char million_prog[] =
    "func.func @million() -> (i32, !tfrt.string, i32) {\n"
    "  %n = tfrt.constant.i32 1000000\n"
    "  %x = tfrt.constant.i32 0\n"
    "  %s = \"tfrt_test.get_string\"() {value = \"a long string, on the heap\"} : () -> !tfrt.string\n"
    "  %one = tfrt.constant.i32 1\n"
    "  %q, %m = tfrt.div.i32 %one, %x\n"                     /* one diagnostic, one error */
    "  %r:4 = tfrt.repeat.i32 %n, %x, %s, %q, %one : i32, !tfrt.string, i32, i32 {\n"
    "    %y = tfrt.add.i32 %x, %one\n"
    "    %e = tfrt.add.i32 %q, %one\n"                        /* an error value per iteration */
    "    %t = \"tfrt_test.append_string\"(%s, %s) : (!tfrt.string, !tfrt.string) -> !tfrt.string\n"
    "    tfrt.return %y, %s, %e, %one : i32, !tfrt.string, i32, i32\n"
    "  }\n"
    "  tfrt.return %r#0, %r#1, %r#2 : i32, !tfrt.string, i32\n"
    "}\n";

/* A million iterations that each make a new string and carry an error
** value: peak RSS stays flat and every object is freed. */
Test(vm, million_iterations_flat_and_freed)
{
    Prog p;
    load(&p, million_prog, "s", EXEC_FAST);
    int64_t objs = obj_live_count(), avs = av_live_count();
    struct rusage ru0, ru1;
    getrusage(RUSAGE_SELF, &ru0);
    AsyncValue *r[3];
    run(&p, "million", r);
    getrusage(RUSAGE_SELF, &ru1);
    cr_assert_eq(av_get(r[0])->v.i, 1000000);
    cr_assert(av_is_error(r[2]));
    cr_assert_str_eq(av_error(r[2])->msg, "Divide by zero");
    for (int i = 0; i < 3; i++) av_release(r[i]);
    cr_assert_eq(obj_live_count(), objs, "objects leaked");
    cr_assert_eq(av_live_count(), avs, "async values leaked");
#ifndef __SANITIZE_ADDRESS__
    /* (AddressSanitizer keeps freed memory in quarantine: RSS grows there.) */
    cr_assert_lt(ru1.ru_maxrss - ru0.ru_maxrss, 8 * 1024, "peak RSS grew by %ld KiB",
                 ru1.ru_maxrss - ru0.ru_maxrss);
#else
    (void)ru0;
    (void)ru1;
#endif
    unload(&p);
}

/* {=====================================================================
** Threads
** ====================================================================== */

Test(vm, compiled_bodies_on_workers)
{
    static const char prog[] =
        "func.func @count(%n: i32) -> i32 {\n"
        "  %z = tfrt.constant.i32 0\n"
        "  %r:2 = tfrt.repeat.i32 %n, %z, %n : i32, i32 {\n"
        "    %one = tfrt.constant.i32 1\n"
        "    %y = tfrt.add.i32 %z, %one\n"
        "    tfrt.return %y, %n : i32, i32\n"
        "  }\n"
        "  tfrt.return %r#0 : i32\n"
        "}\n"
        "func.func @two() -> (i32, i32) {\n"
        "  %n = tfrt.constant.i32 200000\n"
        "  %m = tfrt.constant.i32 300000\n"
        "  %x = tfrt_test.do.async %n : (i32) -> (i32) {\n"
        "    %r = tfrt.call @count(%n) : (i32) -> i32\n"
        "    tfrt.return %r : i32\n"
        "  }\n"
        "  %y = tfrt_test.do.async %m : (i32) -> (i32) {\n"
        "    %r = tfrt.call @count(%m) : (i32) -> i32\n"
        "    tfrt.return %r : i32\n"
        "  }\n"
        "  tfrt.return %x, %y : i32, i32\n"
        "}\n";
    for (int round = 0; round < 20; round++) {
        Prog p;
        load(&p, prog, "mstd:2", EXEC_FAST);
        AsyncValue *r[2];
        run(&p, "two", r);
        cr_assert_eq(av_get(r[0])->v.i, 200000);
        cr_assert_eq(av_get(r[1])->v.i, 300000);
        av_release(r[0]);
        av_release(r[1]);
        unload(&p);
    }
}
