/*
** test_seq.c — the sequencing analysis (analysis/seq.h, docs/analysis.md,
** docs/execution.md §8): one small program per rule, each checked for its
** verdict and for the pair it reports (which ops, which resource, which
** object), then seq_ordered, seq_describe, seq_op_effects, and the whole
** golden corpus.
*/
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "analysis/seq.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"

TestSuite(seq, .timeout = 60.0);

/* {=====================================================================
** Helpers
** ====================================================================== */

typedef struct Prog {
    DiagSink *d;
    Module *m;
    SeqAnalysis *a;
} Prog;

/* Parses and verifies [text] (as `tfrun run` does) and analyses the run
** `tfrun run` would make, with [flags]. */
static void load_flags(Prog *p, const char *text, unsigned flags)
{
    p->d = diag_new(stderr);
    p->m = parse_module("t.mlir", text, strlen(text), p->d);
    cr_assert(p->m, "parse failed");
    VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
    cr_assert_eq(verify_module(p->m, p->d, &vo), 0, "verify failed");
    SeqOptions o = { NULL, 0, flags };
    p->a = seq_analyze(p->m, &o);
    cr_assert(p->a);
}

static void load(Prog *p, const char *text) { load_flags(p, text, 0); }

static void unload(Prog *p)
{
    seq_free(p->a);
    ir_module_free(p->m);
    diag_free(p->d);
}

/* The [nth] op named [name] in @func (nested regions included, in source
** order), or NULL. */
static const Op *find_in(const Block *b, const char *name, int *nth)
{
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        if (!strcmp(op->name, name) && (*nth)-- == 0) return op;
        for (int r = 0; r < op->nregions; r++) {
            const Op *x = find_in(op->regions[r], name, nth);
            if (x) return x;
        }
    }
    return NULL;
}

static const Op *op_at(const Prog *p, const char *func, const char *name, int nth)
{
    const Func *f = ir_module_func(p->m, func);
    cr_assert(f && f->body, "no function @%s", func);
    const Op *op = find_in(f->body, name, &nth);
    cr_assert(op, "no op %s in @%s", name, func);
    return op;
}

/* The op whose own effect site [s] is. */
static const Op *leaf(const SeqSite *s) { return s->n ? s->path[s->n - 1] : NULL; }

static void expect_determinate(const char *text)
{
    Prog p;
    load(&p, text);
    char *why = seq_describe(p.a);
    cr_expect(seq_determinate(p.a), "expected determinate: %s", why);
    cr_expect_eq(seq_npairs(p.a), 0);
    cr_expect_eq(seq_nopaque(p.a), 0);
    cr_expect_str_eq(why, "every conflicting pair is ordered");
    free(why);
    unload(&p);
}

/* {=====================================================================
** One case per effect kind
** ====================================================================== */

/* docs/execution.md §8: two prints off one chain both write the output. */
Test(seq, output_pair)
{
    Prog p;
    load(&p, "func.func @main() {\n"
             "  %ch = tfrt.new.chain\n"
             "  %x = tfrt.constant.i32 1\n"
             "  %a = tfrt.print.i32 %x, %ch\n"
             "  %b = tfrt.print.i32 %x, %ch\n"
             "  tfrt.return\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    cr_assert_eq(seq_npairs(p.a), 1);
    const SeqPair *q = seq_pair(p.a, 0);
    cr_assert_eq(q->kind, SEQ_RES_OUTPUT);
    cr_assert_eq(leaf(&q->first), op_at(&p, "main", "tfrt.print.i32", 0));
    cr_assert_eq(leaf(&q->second), op_at(&p, "main", "tfrt.print.i32", 1));
    cr_assert_eq(q->first.n, 1);
    cr_assert_not(q->second_is_result_line);
    cr_assert_eq(q->func, ir_module_func(p.m, "main"));
    char *s = seq_describe(p.a);
    cr_assert_str_eq(s, "t.mlir:4:8: 'tfrt.print.i32' and t.mlir:5:8: 'tfrt.print.i32' both print to the output");
    free(s);
    unload(&p);
}

Test(seq, chained_output_is_determinate)
{
    expect_determinate("func.func @main() -> !tfrt.chain {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 1\n"
                       "  %a = tfrt.print.i32 %x, %ch\n"
                       "  %y = tfrt.add.i32 %x, %x\n"
                       "  %b = tfrt.print.i32 %y, %a\n"
                       "  %c = \"tfrt_test.print_hello\"(%b) : (!tfrt.chain) -> !tfrt.chain\n"
                       "  tfrt.return %c : !tfrt.chain\n"
                       "}\n");
}

/* Two kernels that may fail, unordered: their diagnostics could come out
** either way round. */
Test(seq, diagnostics_pair)
{
    Prog p;
    load(&p, "func.func @main() -> (i32, i32) {\n"
             "  %a = tfrt.constant.i32 7\n"
             "  %b = \"tfrt_test.async_constant.i32\"() {value = 0 : i32} : () -> i32\n"
             "  %q, %r = tfrt.div.i32 %a, %b\n"
             "  %s, %t = tfrt.div.i32 %b, %a\n"
             "  %u, %v = tfrt.div.i32 %q, %b\n"
             "  %w, %x = tfrt.div.i32 %a, %b\n"
             "  tfrt.return %r, %x : i32, i32\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    /* The second division's divisor is a constant; the third depends on
    ** the first: only the fourth is unordered with the first and the
    ** third, and ordering it after the third (the nearest earlier writer
    ** of the diagnostics) orders it after the first too: one pair. */
    cr_assert_eq(seq_npairs(p.a), 1);
    const SeqPair *q = seq_pair(p.a, 0);
    cr_assert_eq(q->kind, SEQ_RES_DIAG);
    cr_assert_eq(leaf(&q->first), op_at(&p, "main", "tfrt.div.i32", 2));
    cr_assert_eq(leaf(&q->second), op_at(&p, "main", "tfrt.div.i32", 3));
    /* A division gives no chain, so no edge orders them, though the
    ** later one would take a trailing chain (operand 2). */
    cr_assert_null(q->first_chain);
    cr_assert_eq(q->second_chain, 2);
    unload(&p);
}

/* Dividing by a constant that is not zero cannot fail. */
Test(seq, division_by_constant_cannot_fail)
{
    expect_determinate("func.func @main() -> (i32, i64, f32) {\n"
                       "  %a = tfrt.constant.i32 7\n"
                       "  %b = tfrt.constant.i32 2\n"
                       "  %q, %r = tfrt.div.i32 %a, %b\n"
                       "  %s, %t = tfrt.div.i32 %b, %b\n"
                       "  %c = tfrt.constant.i64 3\n"
                       "  %u, %v = tfrt.div.i64 %c, %c\n"
                       "  %f = tfrt.constant.f32 0.5\n"
                       "  %g = \"tfrt.div.f32\"(%f, %f) : (f32, f32) -> f32\n"
                       "  %h = \"tfrt.div.f32\"(%f, %f) : (f32, f32) -> f32\n"
                       "  tfrt.return %q, %u, %g : i32, i64, f32\n"
                       "}\n");
    /* ...while a zero constant can. */
    Prog p;
    load(&p, "func.func @main() -> (i32, i32) {\n"
             "  %a = tfrt.constant.i32 7\n"
             "  %z = tfrt.constant.i32 0\n"
             "  %q, %r = tfrt.div.i32 %a, %z\n"
             "  %s, %t = tfrt.div.i32 %a, %z\n"
             "  tfrt.return %q, %s : i32, i32\n"
             "}\n");
    cr_assert_eq(seq_npairs(p.a), 1);
    cr_assert_eq(seq_pair(p.a, 0)->kind, SEQ_RES_DIAG);
    unload(&p);
}

/* A repeat fails only on a negative trip count: a non-negative constant,
** also one that reaches the loop as an async body's argument, cannot fail
** (bench/async2.mlir's shape), while a negative one or an unknown count
** can, and two such loops that nothing orders are a diagnostics pair. */
Test(seq, repeat_with_constant_count_cannot_fail)
{
    /* The count's definition goes between head and tail. */
    const char *head = "func.func @main() -> (i32, i32) {\n  %n = ";
    const char *tail =
        "\n"
        "  %x = tfrt.constant.i32 1\n"
        "  %ra = tfrt_test.do.async %n, %x : (i32, i32) -> (i32) {\n"
        "    %r = tfrt.repeat.i32 %n, %x : i32 {\n"
        "      %y = tfrt.add.i32 %x, %x\n"
        "      tfrt.return %y : i32\n"
        "    }\n"
        "    tfrt.return %r : i32\n"
        "  }\n"
        "  %rb = tfrt.repeat.i32 %n, %x : i32 {\n"
        "    %y = tfrt.mul.i32 %x, %x\n"
        "    tfrt.return %y : i32\n"
        "  }\n"
        "  tfrt.return %ra, %rb : i32, i32\n"
        "}\n";
    char text[1024];
    snprintf(text, sizeof text, "%s%s%s", head, "tfrt.constant.i32 0", tail);
    expect_determinate(text);
    snprintf(text, sizeof text, "%s%s%s", head, "tfrt.constant.i32 1000", tail);
    expect_determinate(text);
    const char *bad[] = { "tfrt.constant.i32 -1",
                          "\"tfrt_test.async_constant.i32\"() {value = 3 : i32} : () -> i32" };
    for (int i = 0; i < 2; i++) {
        snprintf(text, sizeof text, "%s%s%s", head, bad[i], tail);
        Prog p;
        load(&p, text);
        cr_expect_not(seq_determinate(p.a), "count %s", bad[i]);
        cr_assert_eq(seq_npairs(p.a), 1, "count %s", bad[i]);
        const SeqPair *q = seq_pair(p.a, 0);
        cr_expect_eq(q->kind, SEQ_RES_DIAG);
        cr_expect_eq(leaf(&q->first), op_at(&p, "main", "tfrt.repeat.i32", 0));
        cr_expect_eq(leaf(&q->second), op_at(&p, "main", "tfrt.repeat.i32", 1));
        unload(&p);
    }
}

/* What every caller passes reaches the callee (analysis/known.c): a
** divisor that each tfrt.call passes as a non-zero constant, directly or
** through a region argument, cannot be zero, and a trip count that each
** passes as a non-negative one cannot be negative (TFRT's fizzbuzz
** benchmark). One call site with a zero, or a recursive call that passes
** something else, takes the fact away. */
Test(seq, constant_arguments_reach_the_callee)
{
    const char *callee =
        "func.func @d(%a: i32, %b: i32) -> i32 {\n"
        "  %q, %r = tfrt.div.i32 %a, %b\n"
        "  %s = tfrt.repeat.i32 %b, %a : i32 {\n"
        "    %t = tfrt.add.i32 %a, %a\n"
        "    tfrt.return %t : i32\n"
        "  }\n"
        "  tfrt.return %s : i32\n"
        "}\n";
    char text[2048];
    snprintf(text, sizeof text, "%s%s", callee,
             "func.func @main() -> (i32, i32) {\n"
             "  %seven = tfrt.constant.i32 7\n"
             "  %two = tfrt.constant.i32 2\n"
             "  %x = tfrt.call @d(%seven, %two) : (i32, i32) -> i32\n"
             "  %y = tfrt_test.do.async %two, %seven : (i32, i32) -> (i32) {\n"
             "    %z = tfrt.call @d(%seven, %two) : (i32, i32) -> i32\n"
             "    tfrt.return %z : i32\n"
             "  }\n"
             "  tfrt.return %x, %y : i32, i32\n"
             "}\n");
    expect_determinate(text);

    /* A third call passes zero: both the division and the repeat may fail
    ** in each of the two unordered calls. */
    snprintf(text, sizeof text, "%s%s", callee,
             "func.func @main() -> (i32, i32) {\n"
             "  %seven = tfrt.constant.i32 7\n"
             "  %two = tfrt.constant.i32 2\n"
             "  %zero = tfrt.constant.i32 0\n"
             "  %x = tfrt.call @d(%seven, %two) : (i32, i32) -> i32\n"
             "  %y = tfrt.call @d(%seven, %zero) : (i32, i32) -> i32\n"
             "  tfrt.return %x, %y : i32, i32\n"
             "}\n");
    Prog p;
    load(&p, text);
    cr_expect_not(seq_determinate(p.a));
    cr_assert_eq(seq_npairs(p.a), 1);
    cr_expect_eq(seq_pair(p.a, 0)->kind, SEQ_RES_DIAG);
    cr_expect_eq(leaf(&seq_pair(p.a, 0)->first), op_at(&p, "d", "tfrt.div.i32", 0));
    unload(&p);

    /* Recursion that counts down: the count is not a constant in the
    ** recursive call, so the repeat may fail (the division too). */
    load(&p, "func.func @r(%n: i32) -> i32 {\n"
             "  %one = tfrt.constant.i32 1\n"
             "  %m = \"tfrt.minus.i32\"(%n, %one) : (i32, i32) -> i32\n"
             "  %s = tfrt.repeat.i32 %n, %one : i32 {\n"
             "    tfrt.return %one : i32\n"
             "  }\n"
             "  %x = tfrt.call @r(%m) : (i32) -> i32\n"
             "  %y = tfrt.call @r(%m) : (i32) -> i32\n"
             "  tfrt.return %s : i32\n"
             "}\n"
             "func.func @main() -> i32 {\n"
             "  %five = tfrt.constant.i32 5\n"
             "  %x = tfrt.call @r(%five) : (i32) -> i32\n"
             "  tfrt.return %x : i32\n"
             "}\n");
    cr_expect_not(seq_determinate(p.a));
    cr_expect_geq(seq_npairs(p.a), 1);
    unload(&p);
}

/* TFRT's chains document: a tensor filled and printed off the same chain
** is not determinate (docs/execution.md §8's lint message names both). */
Test(seq, fill_and_print_off_one_chain)
{
    Prog p;
    load(&p, "func.func @main() {\n"
             "  %ch0 = tfrt.new.chain\n"
             "  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
             "  %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 0 : i32\n"
             "  %ch2 = tfrt_dht.print_tensor %t, %ch0\n"
             "  tfrt.return\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    cr_assert_eq(seq_npairs(p.a), 1);
    const SeqPair *q = seq_pair(p.a, 0);
    cr_assert_eq(q->kind, SEQ_RES_OPERAND);
    cr_assert(q->object && q->object->name && !strcmp(q->object->name, "%t"));
    cr_assert_eq(q->first_access & SEQ_WRITE, SEQ_WRITE);
    cr_assert_eq(q->second_access, SEQ_READ);
    cr_assert_eq(leaf(&q->first), op_at(&p, "main", "tfrt_dht.fill_tensor_with_constant.i32", 0));
    cr_assert_eq(leaf(&q->second), op_at(&p, "main", "tfrt_dht.print_tensor", 0));
    char *s = seq_pair_describe(p.a, 0);
    cr_assert_str_eq(s, "t.mlir:4:10: 'tfrt_dht.fill_tensor_with_constant.i32' writes %t that "
                        "t.mlir:5:10: 'tfrt_dht.print_tensor' reads");
    free(s);
    unload(&p);
}

/* Printed off the fill's chain instead: ordered. */
Test(seq, fill_then_print_is_determinate)
{
    expect_determinate("func.func @main() -> !tfrt.chain {\n"
                       "  %ch0 = tfrt.new.chain\n"
                       "  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
                       "  %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 0 : i32\n"
                       "  %ch2 = tfrt_dht.print_tensor %t, %ch1\n"
                       "  tfrt.return %ch2 : !tfrt.chain\n"
                       "}\n");
}

/* Reads commute; writes to different objects do not conflict. */
Test(seq, reads_commute_and_objects_are_distinct)
{
    expect_determinate("func.func @main() -> (i1, i1, !tfrt.chain) {\n"
                       "  %ch0 = tfrt.new.chain\n"
                       "  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
                       "  %u = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
                       "  %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 0 : i32\n"
                       "  %ch2 = tfrt_dht.fill_tensor_with_constant.i32 %u, %ch0 1 : i32\n"
                       "  %ch3 = tfrt.merge.chains %ch1, %ch2 : !tfrt.chain, !tfrt.chain\n"
                       "  %e1, %c4 = tfrt_dht.tensor_equal.i32 %t, %u, %ch3\n"
                       "  %e2, %c5 = tfrt_dht.tensor_equal.i32 %u, %t, %ch3\n"
                       "  %s = tfrt_dht.get_tensor_shape %t\n"
                       "  tfrt.return %e1, %e2, %c5 : i1, i1, !tfrt.chain\n"
                       "}\n");
}

/* A view of a tensor's buffer is the same object: writing the view
** conflicts with reading the tensor. */
Test(seq, views_alias_their_tensor)
{
    Prog p;
    load(&p, "func.func @main() {\n"
             "  %ch0 = tfrt.new.chain\n"
             "  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
             "  %buf, %ch1 = tfrt_dht.get_buffer %t, %ch0\n"
             "  %shape = ts.build_shape [2 : i64]\n"
             "  %v, %ch2 = tfrt_dht.make_tensor.i32 %buf, %shape, %ch1\n"
             "  %ch3 = tfrt_dht.fill_tensor_with_constant.i32 %v, %ch2 7 : i32\n"
             "  %e, %ch4 = tfrt_dht.tensor_equal.i32 %t, %t, %ch2\n"
             "  tfrt.return\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    cr_assert_eq(seq_npairs(p.a), 1);
    const SeqPair *q = seq_pair(p.a, 0);
    cr_assert_eq(q->kind, SEQ_RES_OPERAND);
    cr_assert_str_eq(q->object->name, "%t", "the object is named by the value that first holds it");
    cr_assert_eq(leaf(&q->first), op_at(&p, "main", "tfrt_dht.fill_tensor_with_constant.i32", 0));
    unload(&p);
}

/* list.append stores the tensor in the list: printing the list reads the
** tensor. */
Test(seq, stored_objects_join_their_container)
{
    Prog p;
    load(&p, "func.func @main() {\n"
             "  %ch0 = tfrt.new.chain\n"
             "  %l = \"list.new\"() : () -> !tfrt.list\n"
             "  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
             "  %ch1 = \"list.append\"(%l, %t, %ch0) : (!tfrt.list, !t.tensor, !tfrt.chain) -> !tfrt.chain\n"
             "  %ch2 = \"any.print\"(%l, %ch1) : (!tfrt.list, !tfrt.chain) -> !tfrt.chain\n"
             "  %ch3 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch1 0 : i32\n"
             "  tfrt.return\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    bool found = false;
    for (int i = 0; i < seq_npairs(p.a); i++) {
        const SeqPair *q = seq_pair(p.a, i);
        if (q->kind == SEQ_RES_OPERAND && leaf(&q->first) == op_at(&p, "main", "any.print", 0) &&
            leaf(&q->second) == op_at(&p, "main", "tfrt_dht.fill_tensor_with_constant.i32", 0))
            found = true;
    }
    cr_assert(found, "the print of the list and the fill of its element conflict");
    unload(&p);
}

/* Pure code has no effects at all: arithmetic, constants, calls, ifs,
** loops, async kernels. */
Test(seq, pure_code)
{
    expect_determinate("func.func @sq(%x: i32) -> i32 {\n"
                       "  %y = tfrt.mul.i32 %x, %x\n"
                       "  tfrt.return %y : i32\n"
                       "}\n"
                       "func.func @main() -> (i32, i32) {\n"
                       "  %a = tfrt.constant.i32 3\n"
                       "  %b = tfrt.call @sq(%a) : (i32) -> i32\n"
                       "  %c = \"tfrt_test.async_add.i32\"(%a, %b) : (i32, i32) -> i32\n"
                       "  %t = tfrt.constant.i1 1\n"
                       "  %d = tfrt.if %t, %c : (i32) -> (i32) {\n"
                       "    %e = tfrt.add.i32 %c, %c\n"
                       "    tfrt.return %e : i32\n"
                       "  } else {\n"
                       "    tfrt.return %c : i32\n"
                       "  }\n"
                       "  %n = tfrt.constant.i32 10\n"
                       "  %r = tfrt.repeat.i32 %n, %d : i32 {\n"
                       "    %f = tfrt.call @sq(%d) : (i32) -> i32\n"
                       "    tfrt.return %f : i32\n"
                       "  }\n"
                       "  tfrt.return %r, %b : i32, i32\n"
                       "}\n");
}

/* {=====================================================================
** Calls, aliasing, non-strictness
** ====================================================================== */

/* Objects that reach a function through arguments of one type may be one
** object: inside @w the fill of %a and the print of %b meet. */
Test(seq, arguments_may_alias)
{
    Prog p;
    load(&p, "func.func @w(%a: !t.tensor, %b: !t.tensor, %ch: !tfrt.chain) -> !tfrt.chain {\n"
             "  %c1 = tfrt_dht.fill_tensor_with_constant.i32 %a, %ch 0 : i32\n"
             "  %c2 = tfrt_dht.print_tensor %b, %ch\n"
             "  %c3 = tfrt.merge.chains %c1, %c2 : !tfrt.chain, !tfrt.chain\n"
             "  tfrt.return %c3 : !tfrt.chain\n"
             "}\n"
             "func.func @main() -> !tfrt.chain {\n"
             "  %ch = tfrt.new.chain\n"
             "  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
             "  %u = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
             "  %r = tfrt.call @w(%t, %u, %ch) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain\n"
             "  tfrt.return %r : !tfrt.chain\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    cr_assert_eq(seq_npairs(p.a), 1);
    const SeqPair *q = seq_pair(p.a, 0);
    cr_assert_eq(q->kind, SEQ_RES_OPERAND);
    cr_assert_eq(q->first.path[0]->parent, ir_module_func(p.m, "w")->body, "they meet inside @w");
    cr_assert_eq(q->func, ir_module_func(p.m, "main"), "reached by the run of @main");
    unload(&p);
}

/* Arguments of unrelated types never alias. */
Test(seq, arguments_of_other_types_do_not_alias)
{
    expect_determinate("func.func @w(%a: !t.tensor, %l: !tfrt.list, %ch: !tfrt.chain) -> !tfrt.chain {\n"
                       "  %c1 = tfrt_dht.fill_tensor_with_constant.i32 %a, %ch 0 : i32\n"
                       "  %n = \"list.size\"(%l) : (!tfrt.list) -> i64\n"
                       "  tfrt.return %c1 : !tfrt.chain\n"
                       "}\n"
                       "func.func @main() -> !tfrt.chain {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
                       "  %l = \"list.new\"() : () -> !tfrt.list\n"
                       "  %r = tfrt.call @w(%t, %l, %ch) : (!t.tensor, !tfrt.list, !tfrt.chain) -> !tfrt.chain\n"
                       "  tfrt.return %r : !tfrt.chain\n"
                       "}\n");
}

/* The callee's write to its argument is the caller's object: a print in
** the caller ordered after the call's result is fine, one off the
** caller's chain is not. */
Test(seq, callee_effects_on_caller_objects)
{
    static const char *callee =
        "func.func @fill(%a: !t.tensor, %ch: !tfrt.chain) -> !tfrt.chain {\n"
        "  %c1 = tfrt_dht.fill_tensor_with_constant.i32 %a, %ch 0 : i32\n"
        "  tfrt.return %c1 : !tfrt.chain\n"
        "}\n";
    char text[2048];
    snprintf(text, sizeof text, "%s"
             "func.func @main() -> !tfrt.chain {\n"
             "  %%ch = tfrt.new.chain\n"
             "  %%t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
             "  %%r = tfrt.call @fill(%%t, %%ch) : (!t.tensor, !tfrt.chain) -> !tfrt.chain\n"
             "  %%p = tfrt_dht.print_tensor %%t, %%r\n"
             "  tfrt.return %%p : !tfrt.chain\n"
             "}\n", callee);
    expect_determinate(text);

    snprintf(text, sizeof text, "%s"
             "func.func @main() -> !tfrt.chain {\n"
             "  %%ch = tfrt.new.chain\n"
             "  %%t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
             "  %%r = tfrt.call @fill(%%t, %%ch) : (!t.tensor, !tfrt.chain) -> !tfrt.chain\n"
             "  %%p = tfrt_dht.print_tensor %%t, %%ch\n"
             "  %%m = tfrt.merge.chains %%r, %%p : !tfrt.chain, !tfrt.chain\n"
             "  tfrt.return %%m : !tfrt.chain\n"
             "}\n", callee);
    Prog p;
    load(&p, text);
    cr_assert_eq(seq_npairs(p.a), 1);
    const SeqPair *q = seq_pair(p.a, 0);
    cr_assert_eq(q->first.n, 2, "the fill is reached through the call");
    cr_assert_eq(q->first.path[0], op_at(&p, "main", "tfrt.call", 0));
    cr_assert_eq(leaf(&q->first), op_at(&p, "fill", "tfrt_dht.fill_tensor_with_constant.i32", 0));
    cr_assert_str_eq(q->object->name, "%t");
    unload(&p);
}

/* tfrt.call is non-strict (docs/execution.md §4): it starts when its first
** operand is available. With one operand that is the operand itself, so
** everything the callee does comes after it. */
Test(seq, non_strict_call_with_one_operand_waits_for_it)
{
    expect_determinate("func.func @g(%ch: !tfrt.chain) -> !tfrt.chain {\n"
                       "  %c = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 2\n"
                       "  %p = tfrt.print.i32 %x, %c\n"
                       "  tfrt.return %p : !tfrt.chain\n"
                       "}\n"
                       "func.func @main() -> !tfrt.chain {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 1\n"
                       "  %a = tfrt.print.i32 %x, %ch\n"
                       "  %r = tfrt.call @g(%a) : (!tfrt.chain) -> !tfrt.chain\n"
                       "  tfrt.return %r : !tfrt.chain\n"
                       "}\n");
}

/* With two operands a print in the callee that does not use the chain
** argument is not after the caller's print, although the chain is an
** operand of the call. tfrt_test.do.async is strict: the same body waits
** for every operand. */
Test(seq, non_strict_call_with_two_operands)
{
    Prog p;
    load(&p, "func.func @g(%ch: !tfrt.chain, %y: i32) -> !tfrt.chain {\n"
             "  %c = tfrt.new.chain\n"
             "  %p = tfrt.print.i32 %y, %c\n"
             "  tfrt.return %p : !tfrt.chain\n"
             "}\n"
             "func.func @main() -> !tfrt.chain {\n"
             "  %ch = tfrt.new.chain\n"
             "  %x = tfrt.constant.i32 1\n"
             "  %a = tfrt.print.i32 %x, %ch\n"
             "  %r = tfrt.call @g(%a, %x) : (!tfrt.chain, i32) -> !tfrt.chain\n"
             "  tfrt.return %r : !tfrt.chain\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    /* The caller's print against the callee's, and against the result
    ** line (the call's result does not wait for its chain operand). */
    cr_assert_eq(seq_npairs(p.a), 2);
    const SeqPair *q = seq_pair(p.a, 0);
    cr_assert_eq(leaf(&q->first), op_at(&p, "main", "tfrt.print.i32", 0));
    cr_assert_eq(q->second.path[0], op_at(&p, "main", "tfrt.call", 0));
    cr_assert_eq(leaf(&q->second), op_at(&p, "g", "tfrt.print.i32", 0));
    cr_assert(seq_pair(p.a, 1)->second_is_result_line);
    /* Strict do.async: the body runs after every operand. */
    expect_determinate("func.func @main() -> !tfrt.chain {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 1\n"
                       "  %a = tfrt.print.i32 %x, %ch\n"
                       "  %r = tfrt_test.do.async %a, %x : (!tfrt.chain, i32) -> (!tfrt.chain) {\n"
                       "    %c = tfrt.new.chain\n"
                       "    %p = tfrt.print.i32 %x, %c\n"
                       "    tfrt.return %p : !tfrt.chain\n"
                       "  }\n"
                       "  tfrt.return %r : !tfrt.chain\n"
                       "}\n");
    unload(&p);
}

/* A chain threaded through the callee orders the caller's prints around
** the call. */
Test(seq, chain_through_callee)
{
    expect_determinate("func.func @g(%ch: !tfrt.chain, %y: i32) -> !tfrt.chain {\n"
                       "  %p = tfrt.print.i32 %y, %ch\n"
                       "  tfrt.return %p : !tfrt.chain\n"
                       "}\n"
                       "func.func @main() -> !tfrt.chain {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 1\n"
                       "  %a = tfrt.print.i32 %x, %ch\n"
                       "  %r = tfrt.call @g(%a, %x) : (!tfrt.chain, i32) -> !tfrt.chain\n"
                       "  %b = tfrt.print.i32 %x, %r\n"
                       "  tfrt.return %b : !tfrt.chain\n"
                       "}\n");
}

/* A recursive function that prints along its chain is ordered; one that
** prints off a new chain is not (the pair meets in @count's else branch,
** between its print and the recursive call's). */
Test(seq, recursion)
{
    expect_determinate(
        "func.func @count(%n: i32, %ch: !tfrt.chain) -> !tfrt.chain {\n"
        "  %zero = tfrt.constant.i32 0\n"
        "  %done = tfrt.equal.i32 %n, %zero\n"
        "  %r = tfrt.if %done, %n, %ch : (i32, !tfrt.chain) -> (!tfrt.chain) {\n"
        "    tfrt.return %ch : !tfrt.chain\n"
        "  } else {\n"
        "    %p = tfrt.print.i32 %n, %ch\n"
        "    %one = tfrt.constant.i32 1\n"
        "    %m = \"tfrt.minus.i32\"(%n, %one) : (i32, i32) -> i32\n"
        "    %q = tfrt.call @count(%m, %p) : (i32, !tfrt.chain) -> !tfrt.chain\n"
        "    tfrt.return %q : !tfrt.chain\n"
        "  }\n"
        "  tfrt.return %r : !tfrt.chain\n"
        "}\n"
        "func.func @main() -> !tfrt.chain {\n"
        "  %ch = tfrt.new.chain\n"
        "  %n = tfrt.constant.i32 5\n"
        "  %r = tfrt.call @count(%n, %ch) : (i32, !tfrt.chain) -> !tfrt.chain\n"
        "  %x = tfrt.constant.i32 0\n"
        "  %p = tfrt.print.i32 %x, %r\n"
        "  tfrt.return %p : !tfrt.chain\n"
        "}\n");
    Prog p;
    load(&p, "func.func @count(%n: i32, %ch: !tfrt.chain) -> !tfrt.chain {\n"
             "  %zero = tfrt.constant.i32 0\n"
             "  %done = tfrt.equal.i32 %n, %zero\n"
             "  %r = tfrt.if %done, %n, %ch : (i32, !tfrt.chain) -> (!tfrt.chain) {\n"
             "    tfrt.return %ch : !tfrt.chain\n"
             "  } else {\n"
             "    %c = tfrt.new.chain\n"
             "    %p = tfrt.print.i32 %n, %c\n"
             "    %one = tfrt.constant.i32 1\n"
             "    %m = \"tfrt.minus.i32\"(%n, %one) : (i32, i32) -> i32\n"
             "    %q = tfrt.call @count(%m, %ch) : (i32, !tfrt.chain) -> !tfrt.chain\n"
             "    tfrt.return %q : !tfrt.chain\n"
             "  }\n"
             "  tfrt.return %r : !tfrt.chain\n"
             "}\n"
             "func.func @main() -> !tfrt.chain {\n"
             "  %ch = tfrt.new.chain\n"
             "  %n = tfrt.constant.i32 5\n"
             "  %r = tfrt.call @count(%n, %ch) : (i32, !tfrt.chain) -> !tfrt.chain\n"
             "  tfrt.return %r : !tfrt.chain\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    bool inner = false;
    for (int i = 0; i < seq_npairs(p.a); i++) {
        const SeqPair *q = seq_pair(p.a, i);
        if (q->kind == SEQ_RES_OUTPUT && !q->second_is_result_line &&
            q->first.path[0] == op_at(&p, "count", "tfrt.print.i32", 0) &&
            q->second.path[0] == op_at(&p, "count", "tfrt.call", 0))
            inner = true;
    }
    cr_assert(inner, "the print and the recursive call's print meet in the else branch");
    unload(&p);
}

/* {=====================================================================
** Regions and loops
** ====================================================================== */

/* Either branch may run: a print in each branch, both chained into the
** if's result, and a print after it. */
Test(seq, if_branches)
{
    expect_determinate("func.func @main() -> !tfrt.chain {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %c = tfrt.constant.i1 1\n"
                       "  %x = tfrt.constant.i32 1\n"
                       "  %r = tfrt.if %c, %x, %ch : (i32, !tfrt.chain) -> (!tfrt.chain) {\n"
                       "    %p = tfrt.print.i32 %x, %ch\n"
                       "    tfrt.return %p : !tfrt.chain\n"
                       "  } else {\n"
                       "    %q = \"tfrt_test.print_hello\"(%ch) : (!tfrt.chain) -> !tfrt.chain\n"
                       "    tfrt.return %q : !tfrt.chain\n"
                       "  }\n"
                       "  %z = tfrt.print.i32 %x, %r\n"
                       "  tfrt.return %z : !tfrt.chain\n"
                       "}\n");
    /* The else branch returns its chain argument untouched, and prints off
    ** a new chain: whichever branch runs, the last print must come after
    ** it, and for the else branch nothing says so. */
    Prog p;
    load(&p, "func.func @main() -> !tfrt.chain {\n"
             "  %ch = tfrt.new.chain\n"
             "  %c = tfrt.constant.i1 1\n"
             "  %x = tfrt.constant.i32 1\n"
             "  %r = tfrt.if %c, %x, %ch : (i32, !tfrt.chain) -> (!tfrt.chain) {\n"
             "    %p = tfrt.print.i32 %x, %ch\n"
             "    tfrt.return %p : !tfrt.chain\n"
             "  } else {\n"
             "    %n = tfrt.new.chain\n"
             "    %q = \"tfrt_test.print_hello\"(%n) : (!tfrt.chain) -> !tfrt.chain\n"
             "    tfrt.return %ch : !tfrt.chain\n"
             "  }\n"
             "  %z = tfrt.print.i32 %x, %r\n"
             "  tfrt.return %z : !tfrt.chain\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    const SeqPair *q = seq_pair(p.a, 0);
    cr_assert_eq(q->first.path[0], op_at(&p, "main", "tfrt.if", 0));
    cr_assert_eq(leaf(&q->first), op_at(&p, "main", "tfrt_test.print_hello", 0));
    cr_assert_eq(leaf(&q->second), op_at(&p, "main", "tfrt.print.i32", 1));
    unload(&p);
}

/* A print in a repeat body chained through a loop-carried chain is
** determinate; one off a new chain in every iteration is not. */
Test(seq, repeat_carried_chain)
{
    expect_determinate("func.func @main() -> !tfrt.chain {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %n = tfrt.constant.i32 5\n"
                       "  %x = tfrt.constant.i32 0\n"
                       "  %r:2 = tfrt.repeat.i32 %n, %ch, %x : !tfrt.chain, i32 {\n"
                       "    %c2 = tfrt.print.i32 %x, %ch\n"
                       "    %one = tfrt.constant.i32 1\n"
                       "    %y = tfrt.add.i32 %x, %one\n"
                       "    tfrt.return %c2, %y : !tfrt.chain, i32\n"
                       "  }\n"
                       "  %p = tfrt.print.i32 %r#1, %r#0\n"
                       "  tfrt.return %p : !tfrt.chain\n"
                       "}\n");
    Prog p;
    load(&p, "func.func @main() {\n"
             "  %ch = tfrt.new.chain\n"
             "  %n = tfrt.constant.i32 5\n"
             "  %x = tfrt.constant.i32 0\n"
             "  %r:2 = tfrt.repeat.i32 %n, %ch, %x : !tfrt.chain, i32 {\n"
             "    %c0 = tfrt.new.chain\n"
             "    %c2 = tfrt.print.i32 %x, %c0\n"
             "    tfrt.return %c2, %x : !tfrt.chain, i32\n"
             "  }\n"
             "  tfrt.return\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    cr_assert_eq(seq_npairs(p.a), 1);
    const SeqPair *q = seq_pair(p.a, 0);
    const Op *loop = op_at(&p, "main", "tfrt.repeat.i32", 0);
    cr_assert_eq(q->first.path[0], loop, "the loop conflicts with itself");
    cr_assert_eq(q->second.path[0], loop);
    cr_assert_eq(leaf(&q->first), op_at(&p, "main", "tfrt.print.i32", 0));
    cr_assert_eq(leaf(&q->second), leaf(&q->first));
    char *s = seq_describe(p.a);
    cr_assert(strstr(s, "two iterations of t.mlir:5:10: 'tfrt.repeat.i32'"), "%s", s);
    free(s);
    unload(&p);
}

/* The loop's chain result does not wait for an iteration's print that the
** carried chain does not pass through (the result line pair). */
Test(seq, repeat_result_after_body_only_through_carried_values)
{
    Prog p;
    load(&p, "func.func @main() -> !tfrt.chain {\n"
             "  %ch = tfrt.new.chain\n"
             "  %n = tfrt.constant.i32 5\n"
             "  %x = tfrt.constant.i32 0\n"
             "  %r:2 = tfrt.repeat.i32 %n, %ch, %x : !tfrt.chain, i32 {\n"
             "    %c2 = tfrt.print.i32 %x, %ch\n"
             "    %c3 = tfrt.new.chain\n"
             "    tfrt.return %c3, %x : !tfrt.chain, i32\n"
             "  }\n"
             "  tfrt.return %r#0 : !tfrt.chain\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    bool self = false, line = false;
    for (int i = 0; i < seq_npairs(p.a); i++) {
        const SeqPair *q = seq_pair(p.a, i);
        self |= !q->second_is_result_line && q->first.path[0] == q->second.path[0];
        line |= q->second_is_result_line;
    }
    cr_assert(self && line, "two iterations' prints, and the last one against the result line");
    unload(&p);
}

/* tfrt.while: the next iteration starts once the condition is available,
** so an effect the condition depends on is ordered across iterations. */
Test(seq, while_condition_orders_iterations)
{
    expect_determinate("func.func @body(%i: i32, %ch: !tfrt.chain) -> (i32, !tfrt.chain, i1) {\n"
                       "  %c = tfrt.new.chain\n"
                       "  %p = tfrt.print.i32 %i, %c\n"
                       "  %one = tfrt.constant.i32 1\n"
                       "  %j = tfrt.add.i32 %i, %one\n"
                       "  %five = tfrt.constant.i32 5\n"
                       "  %le = \"tfrt.lessequal.i32\"(%j, %five, %p) : (i32, i32, !tfrt.chain) -> i1\n"
                       "  tfrt.return %j, %p, %le : i32, !tfrt.chain, i1\n"
                       "}\n"
                       "func.func @main() -> (i32, !tfrt.chain) {\n"
                       "  %c = tfrt.constant.i1 1\n"
                       "  %i = tfrt.constant.i32 1\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %r:2 = tfrt.while %c @body(%i, %ch) parallel_iterations(1) : (i32, !tfrt.chain) -> (i32, !tfrt.chain)\n"
                       "  tfrt.return %r#0, %r#1 : i32, !tfrt.chain\n"
                       "}\n");
    Prog p;
    load(&p, "func.func @body(%i: i32, %ch: !tfrt.chain) -> (i32, !tfrt.chain, i1) {\n"
             "  %c = tfrt.new.chain\n"
             "  %p = tfrt.print.i32 %i, %c\n"
             "  %one = tfrt.constant.i32 1\n"
             "  %j = tfrt.add.i32 %i, %one\n"
             "  %five = tfrt.constant.i32 5\n"
             "  %le = \"tfrt.lessequal.i32\"(%j, %five) : (i32, i32) -> i1\n"
             "  tfrt.return %j, %ch, %le : i32, !tfrt.chain, i1\n"
             "}\n"
             "func.func @main() -> (i32, !tfrt.chain) {\n"
             "  %c = tfrt.constant.i1 1\n"
             "  %i = tfrt.constant.i32 1\n"
             "  %ch = tfrt.new.chain\n"
             "  %r:2 = tfrt.while %c @body(%i, %ch) parallel_iterations(1) : (i32, !tfrt.chain) -> (i32, !tfrt.chain)\n"
             "  tfrt.return %r#0, %r#1 : i32, !tfrt.chain\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    cr_assert_eq(seq_pair(p.a, 0)->first.path[0], op_at(&p, "main", "tfrt.while", 0));
    unload(&p);
}

/* parallel_for blocks run concurrently: a print in the body conflicts with
** itself whatever orders it inside. */
Test(seq, parallel_for_blocks_are_unordered)
{
    Prog p;
    load(&p, "func.func @main() -> !tfrt.chain {\n"
             "  %ch0 = tfrt.new.chain\n"
             "  %s = tfrt.constant.i32 0\n"
             "  %e = tfrt.constant.i32 4\n"
             "  %bs = tfrt.constant.i32 1\n"
             "  %done = tfrt.parallel_for.i32 %s to %e fixed %bs, %ch0 : !tfrt.chain {\n"
             "    %p = tfrt.print.i32 %s, %ch0\n"
             "    tfrt.return %p : !tfrt.chain\n"
             "  }\n"
             "  tfrt.return %done : !tfrt.chain\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    cr_assert_eq(seq_npairs(p.a), 1);
    const SeqPair *q = seq_pair(p.a, 0);
    cr_assert_eq(q->first.path[0], op_at(&p, "main", "tfrt.parallel_for.i32", 0));
    cr_assert_eq(q->second.path[0], q->first.path[0]);
    char *s = seq_describe(p.a);
    cr_assert(strstr(s, "two blocks of"), "%s", s);
    free(s);
    unload(&p);
    /* Blocks that write different objects, or only read, are fine. */
    expect_determinate("func.func @main() -> !tfrt.chain {\n"
                       "  %ch0 = tfrt.new.chain\n"
                       "  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
                       "  %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 1 : i32\n"
                       "  %s = tfrt.constant.i32 0\n"
                       "  %e = tfrt.constant.i32 4\n"
                       "  %bs = tfrt.constant.i32 1\n"
                       "  %done = tfrt.parallel_for.i32 %s to %e fixed %bs, %t, %ch1 : !t.tensor, !tfrt.chain {\n"
                       "    %u = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
                       "    %c1 = tfrt_dht.fill_tensor_with_constant.i32 %u, %ch1 2 : i32\n"
                       "    %eq, %c2 = tfrt_dht.tensor_equal.i32 %t, %u, %c1\n"
                       "    tfrt.return %c2 : !tfrt.chain\n"
                       "  }\n"
                       "  %ch2 = tfrt_dht.print_tensor %t, %done\n"
                       "  tfrt.return %ch2 : !tfrt.chain\n"
                       "}\n");
}

/* tfrt_test.do.async: the body is placed like a call's. */
Test(seq, do_async_body)
{
    expect_determinate("func.func @main() -> !tfrt.chain {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 1\n"
                       "  %r = tfrt_test.do.async %x, %ch : (i32, !tfrt.chain) -> (!tfrt.chain) {\n"
                       "    %p = tfrt.print.i32 %x, %ch\n"
                       "    tfrt.return %p : !tfrt.chain\n"
                       "  }\n"
                       "  %q = tfrt.print.i32 %x, %r\n"
                       "  tfrt.return %q : !tfrt.chain\n"
                       "}\n");
    Prog p;
    load(&p, "func.func @main() -> !tfrt.chain {\n"
             "  %ch = tfrt.new.chain\n"
             "  %x = tfrt.constant.i32 1\n"
             "  %r = tfrt_test.do.async %x, %ch : (i32, !tfrt.chain) -> (!tfrt.chain) {\n"
             "    %p = tfrt.print.i32 %x, %ch\n"
             "    tfrt.return %ch : !tfrt.chain\n"
             "  }\n"
             "  %q = tfrt.print.i32 %x, %r\n"
             "  tfrt.return %q : !tfrt.chain\n"
             "}\n");
    /* The body's print against the print after, and against the result line. */
    cr_assert_eq(seq_npairs(p.a), 2);
    cr_assert_eq(seq_pair(p.a, 0)->first.path[0], op_at(&p, "main", "tfrt_test.do.async", 0));
    cr_assert_eq(leaf(&seq_pair(p.a, 0)->second), op_at(&p, "main", "tfrt.print.i32", 1));
    cr_assert(seq_pair(p.a, 1)->second_is_result_line);
    unload(&p);
}

/* TFRT's fizzbuzz shape: constants passed through a repeat and nested ifs,
** divided by. None of the divisions can fail, so the loop is determinate. */
Test(seq, division_by_constants_through_repeat_and_if)
{
    expect_determinate(
        "func.func @fizz() -> i32 {\n"
        "  %n = tfrt.constant.i32 100\n"
        "  %i = tfrt.constant.i32 1\n"
        "  %c3 = tfrt.constant.i32 3\n"
        "  %c5 = tfrt.constant.i32 5\n"
        "  %c15 = tfrt.constant.i32 15\n"
        "  %zero = tfrt.constant.i32 0\n"
        "  %one = tfrt.constant.i32 1\n"
        "  %r:6 = tfrt.repeat.i32 %n, %i, %c3, %c5, %c15, %zero, %one : i32, i32, i32, i32, i32, i32 {\n"
        "    %q15, %m15 = tfrt.div.i32 %i, %c15\n"
        "    %is15 = tfrt.equal.i32 %m15, %zero\n"
        "    %v = tfrt.if %is15, %i, %c3, %c5, %zero : (i32, i32, i32, i32) -> (i32) {\n"
        "      tfrt.return %i : i32\n"
        "    } else {\n"
        "      %q5, %m5 = tfrt.div.i32 %i, %c5\n"
        "      %is5 = tfrt.equal.i32 %m5, %zero\n"
        "      %w = tfrt.if %is5, %i, %c3 : (i32, i32) -> (i32) {\n"
        "        tfrt.return %i : i32\n"
        "      } else {\n"
        "        %q3, %m3 = tfrt.div.i32 %i, %c3\n"
        "        tfrt.return %m3 : i32\n"
        "      }\n"
        "      tfrt.return %w : i32\n"
        "    }\n"
        "    %i2 = tfrt.add.i32 %i, %one\n"
        "    tfrt.return %i2, %c3, %c5, %c15, %zero, %one : i32, i32, i32, i32, i32, i32\n"
        "  }\n"
        "  tfrt.return %r#0 : i32\n"
        "}\n");
    /* A divisor the body changes is not known, however it starts: two
    ** divisions by it (whose diagnostics differ in location) may both
    ** fail. (One division in two iterations alone would not conflict: it
    ** prints the same "Divide by zero" at the same place either way.) */
    Prog p;
    load(&p, "func.func @main() -> i32 {\n"
             "  %n = tfrt.constant.i32 100\n"
             "  %i = tfrt.constant.i32 1\n"
             "  %c3 = tfrt.constant.i32 3\n"
             "  %r:2 = tfrt.repeat.i32 %n, %i, %c3 : i32, i32 {\n"
             "    %q, %m = tfrt.div.i32 %i, %c3\n"
             "    %q2, %m2 = tfrt.div.i32 %c3, %c3\n"
             "    %one = tfrt.constant.i32 1\n"
             "    %c4 = \"tfrt.minus.i32\"(%c3, %one) : (i32, i32) -> i32\n"
             "    %i2 = tfrt.add.i32 %i, %one\n"
             "    tfrt.return %i2, %c4 : i32, i32\n"
             "  }\n"
             "  tfrt.return %r#0 : i32\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    cr_assert_eq(seq_pair(p.a, 0)->kind, SEQ_RES_DIAG);
    unload(&p);
    expect_determinate("func.func @main() -> i32 {\n"
                       "  %n = tfrt.constant.i32 100\n"
                       "  %i = tfrt.constant.i32 1\n"
                       "  %c3 = tfrt.constant.i32 3\n"
                       "  %r:2 = tfrt.repeat.i32 %n, %i, %c3 : i32, i32 {\n"
                       "    %q, %m = tfrt.div.i32 %i, %c3\n"
                       "    %one = tfrt.constant.i32 1\n"
                       "    %c4 = \"tfrt.minus.i32\"(%c3, %one) : (i32, i32) -> i32\n"
                       "    %i2 = tfrt.add.i32 %i, %one\n"
                       "    tfrt.return %i2, %c4 : i32, i32\n"
                       "  }\n"
                       "  tfrt.return %r#0 : i32\n"
                       "}\n");
}

/* Benchmark runs are sequential: a run starts once the previous run's
** result is available, and the report comes after the last one. */
Test(seq, benchmark_runs)
{
    expect_determinate("func.func @main() -> !tfrt.chain {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 1\n"
                       "  %d = tfrt_test.benchmark \"b\"(%x : i32, %ch : !tfrt.chain) duration_secs = 1, max_count = 3, num_warmup_runs = 0 {\n"
                       "    %p = tfrt.print.i32 %x, %ch\n"
                       "    tfrt.return %p : !tfrt.chain\n"
                       "  }\n"
                       "  tfrt.return %d : !tfrt.chain\n"
                       "}\n");
    Prog p;
    load(&p, "func.func @main() -> !tfrt.chain {\n"
             "  %ch = tfrt.new.chain\n"
             "  %x = tfrt.constant.i32 1\n"
             "  %d = tfrt_test.benchmark \"b\"(%x : i32, %ch : !tfrt.chain) duration_secs = 1, max_count = 3, num_warmup_runs = 0 {\n"
             "    %n = tfrt.new.chain\n"
             "    %p = tfrt.print.i32 %x, %n\n"
             "    tfrt.return %ch : !tfrt.chain\n"
             "  }\n"
             "  tfrt.return %d : !tfrt.chain\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    const Op *bench = op_at(&p, "main", "tfrt_test.benchmark", 0);
    int self = 0;
    for (int i = 0; i < seq_npairs(p.a); i++) {
        const SeqPair *q = seq_pair(p.a, i);
        if (q->first.path[0] == bench && q->second.n > 0 && q->second.path[0] == bench) self++;
    }
    cr_assert_eq(self, 1, "two runs' prints (one pair for the op against itself)");
    unload(&p);
}

/* An object carried through a loop: appends to it must be chained from
** one iteration to the next. */
Test(seq, loop_carried_object)
{
    static const char *fmt =
        "func.func @main() -> !tfrt.chain {\n"
        "  %%ch = tfrt.new.chain\n"
        "  %%l = \"list.new\"() : () -> !tfrt.list\n"
        "  %%n = tfrt.constant.i32 4\n"
        "  %%r:2 = tfrt.repeat.i32 %%n, %%l, %%ch : !tfrt.list, !tfrt.chain {\n"
        "    %%x = tfrt.constant.i32 1\n"
        "    %%c = \"list.append\"(%%l, %%x, %%ch) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain\n"
        "    tfrt.return %%l, %s : !tfrt.list, !tfrt.chain\n"
        "  }\n"
        "  %%p = \"any.print\"(%%r#0, %%r#1) : (!tfrt.list, !tfrt.chain) -> !tfrt.chain\n"
        "  tfrt.return %%p : !tfrt.chain\n"
        "}\n";
    char text[2048];
    snprintf(text, sizeof text, fmt, "%c");
    expect_determinate(text);
    snprintf(text, sizeof text, fmt, "%ch");
    Prog p;
    load(&p, text);
    cr_assert_not(seq_determinate(p.a));
    bool self = false, print = false;
    for (int i = 0; i < seq_npairs(p.a); i++) {
        const SeqPair *q = seq_pair(p.a, i);
        /* (One pair per pair of ops: the loop against itself may be
        ** reported for the diagnostics, list.append being fallible.) */
        self |= q->first.path[0] == q->second.path[0];
        if (q->kind != SEQ_RES_OPERAND) continue;
        print |= q->second.path[0] == op_at(&p, "main", "any.print", 0);
        cr_assert_str_eq(q->object->name, "%l");
    }
    cr_assert(self, "two iterations' appends");
    cr_assert(print, "the last append against the print");
    unload(&p);
}

/* {=====================================================================
** The driver
** ====================================================================== */

/* `'F' returned ...` comes once every result is available: a print no
** result depends on may come after it. */
Test(seq, result_line)
{
    Prog p;
    load(&p, "func.func @main() -> i32 {\n"
             "  %ch = tfrt.new.chain\n"
             "  %x = tfrt.constant.i32 1\n"
             "  %a = tfrt.print.i32 %x, %ch\n"
             "  tfrt.return %x : i32\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    cr_assert_eq(seq_npairs(p.a), 1);
    const SeqPair *q = seq_pair(p.a, 0);
    cr_assert(q->second_is_result_line);
    cr_assert_eq(q->second.n, 0);
    cr_assert_eq(q->kind, SEQ_RES_OUTPUT);
    cr_assert_eq(leaf(&q->first), op_at(&p, "main", "tfrt.print.i32", 0));
    char *s = seq_describe(p.a);
    cr_assert_str_eq(s, "t.mlir:4:8: 'tfrt.print.i32' prints to the output, and no result of 'main' depends "
                        "on it, so it may come after the line 'main' returned ...");
    free(s);
    unload(&p);
    /* The same print returned: ordered. No results: no line. */
    expect_determinate("func.func @main() -> !tfrt.chain {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 1\n"
                       "  %a = tfrt.print.i32 %x, %ch\n"
                       "  tfrt.return %a : !tfrt.chain\n"
                       "}\n");
    expect_determinate("func.func @main() {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 1\n"
                       "  %a = tfrt.print.i32 %x, %ch\n"
                       "  tfrt.return\n"
                       "}\n");
}

/* Functions run one after another: effects of different runs never
** conflict; a function with arguments does not run. */
Test(seq, runs_are_ordered)
{
    expect_determinate("func.func @first() {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 1\n"
                       "  %a = tfrt.print.i32 %x, %ch\n"
                       "  tfrt.return\n"
                       "}\n"
                       "func.func @second() {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 2\n"
                       "  %a = tfrt.print.i32 %x, %ch\n"
                       "  tfrt.return\n"
                       "}\n"
                       "func.func @not_run(%ch: !tfrt.chain) {\n"
                       "  %x = tfrt.constant.i32 2\n"
                       "  %a = tfrt.print.i32 %x, %ch\n"
                       "  %b = tfrt.print.i32 %x, %ch\n"
                       "  %c, %d = \"tfrt_test.cancel\"(%ch) : (!tfrt.chain) -> (i32, !tfrt.chain)\n"
                       "  tfrt.return\n"
                       "}\n");
}

/* SeqOptions.funcs picks the run: a function left out is not analysed. */
Test(seq, options_pick_the_run)
{
    Prog p;
    p.d = diag_new(stderr);
    const char *text = "func.func @good() {\n"
                       "  tfrt.return\n"
                       "}\n"
                       "func.func @bad() {\n"
                       "  %ch = tfrt.new.chain\n"
                       "  %x = tfrt.constant.i32 1\n"
                       "  %a = tfrt.print.i32 %x, %ch\n"
                       "  %b = tfrt.print.i32 %x, %ch\n"
                       "  tfrt.return\n"
                       "}\n";
    p.m = parse_module("t.mlir", text, strlen(text), p.d);
    cr_assert(p.m);
    const Func *good = ir_module_func(p.m, "good");
    SeqOptions o = { &good, 1, 0 };
    p.a = seq_analyze(p.m, &o);
    cr_assert(seq_determinate(p.a));
    seq_free(p.a);
    p.a = seq_analyze(p.m, NULL);
    cr_assert_not(seq_determinate(p.a));
    unload(&p);
}

/* {=====================================================================
** What the analysis does not model
** ====================================================================== */

Test(seq, opaque_ops)
{
    Prog p;
    load(&p, "func.func @helper(%ch: !tfrt.chain) -> !tfrt.chain {\n"
             "  %x, %c = \"tfrt_test.cancel\"(%ch) : (!tfrt.chain) -> (i32, !tfrt.chain)\n"
             "  tfrt.return %c : !tfrt.chain\n"
             "}\n"
             "func.func @main() -> !tfrt.chain {\n"
             "  %ch = tfrt.new.chain\n"
             "  %r = tfrt.call @helper(%ch) : (!tfrt.chain) -> !tfrt.chain\n"
             "  %id = \"tfrt_test.get_thread_id\"(%r) : (!tfrt.chain) -> i32\n"
             "  tfrt.return %r : !tfrt.chain\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    cr_assert_eq(seq_npairs(p.a), 0);
    cr_assert_eq(seq_nopaque(p.a), 2);
    const char *why;
    cr_assert_eq(seq_opaque(p.a, 0, &why), op_at(&p, "helper", "tfrt_test.cancel", 0), "in source order");
    cr_assert(strstr(why, "cancels the request"));
    cr_assert_eq(seq_opaque(p.a, 1, &why), op_at(&p, "main", "tfrt_test.get_thread_id", 0));
    char *s = seq_describe(p.a);
    cr_assert(!strncmp(s, "t.mlir:2:12: 'tfrt_test.cancel' cancels the request", 51), "%s", s);
    free(s);
    unload(&p);
}

/* A pass-through op that changes a value's type makes every kernel after
** it a possible failure; the analysis does not follow it. Boxing into
** !tfrt.any is fine. */
Test(seq, retyping_is_opaque)
{
    Prog p;
    load(&p, "func.func @main() -> i32 {\n"
             "  %ch = tfrt.new.chain\n"
             "  %x = tfrt.constant.i32 1\n"
             "  %t = \"tfrt_test.identity\"(%ch, %x) : (!tfrt.chain, i32) -> !t.tensor\n"
             "  %y = \"tfrt_test.identity\"(%ch, %x) : (!tfrt.chain, i32) -> i32\n"
             "  %b = \"tfrt.alias.value\"(%ch, %x) : (!tfrt.chain, i32) -> !tfrt.any\n"
             "  tfrt.return %y : i32\n"
             "}\n");
    cr_assert_eq(seq_nopaque(p.a), 1);
    cr_assert_eq(seq_opaque(p.a, 0, NULL), op_at(&p, "main", "tfrt_test.identity", 0));
    unload(&p);
}

/* With an allocator that reports allocations, allocating is an effect the
** schedule changes (when frees happen, what is alive at once). */
Test(seq, reporting_allocator)
{
    const char *text = "func.func @main() {\n"
                       "  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
                       "  %u = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
                       "  tfrt.return\n"
                       "}\n";
    expect_determinate(text);
    Prog p;
    load_flags(&p, text, SEQ_ALLOC_REPORTS);
    cr_assert_eq(seq_nopaque(p.a), 2);
    unload(&p);
    /* A shape past the size limit can fail on any allocator. */
    load(&p, "func.func @main() {\n"
             "  %t = tfrt_dht.create_uninitialized_tensor.i32.2 [100000 : i64, 100000 : i64]\n"
             "  %u = tfrt_dht.create_uninitialized_tensor.i32.1 [-1 : i64]\n"
             "  tfrt.return\n"
             "}\n");
    cr_assert_eq(seq_npairs(p.a), 1);
    cr_assert_eq(seq_pair(p.a, 0)->kind, SEQ_RES_DIAG);
    unload(&p);
}

/* bef.nonstrict: the merge starts with its first operand, so it orders
** nothing after its other one (testdata/run/bef_nonstrict.mlir). */
Test(seq, bef_nonstrict_orders_nothing)
{
    Prog p;
    load(&p, "func.func @main() {\n"
             "  %ch0 = tfrt.new.chain\n"
             "  %us = tfrt.constant.i32 1\n"
             "  %slow = \"tfrt_test.blocking.usleep\"(%us) : (i32) -> !tfrt.chain\n"
             "  %m = tfrt.merge.chains %ch0, %slow {bef.nonstrict} : !tfrt.chain, !tfrt.chain\n"
             "  %h = \"tfrt_test.print_hello\"(%m) : (!tfrt.chain) -> !tfrt.chain\n"
             "  tfrt.return\n"
             "}\n");
    cr_assert_eq(seq_npairs(p.a), 1);
    cr_assert_not(seq_ordered(p.a, op_at(&p, "main", "tfrt_test.blocking.usleep", 0),
                              op_at(&p, "main", "tfrt_test.print_hello", 0)));
    unload(&p);
    expect_determinate("func.func @main() {\n"
                       "  %ch0 = tfrt.new.chain\n"
                       "  %us = tfrt.constant.i32 1\n"
                       "  %slow = \"tfrt_test.blocking.usleep\"(%us) : (i32) -> !tfrt.chain\n"
                       "  %m = tfrt.merge.chains %ch0, %slow : !tfrt.chain, !tfrt.chain\n"
                       "  %h = \"tfrt_test.print_hello\"(%m) : (!tfrt.chain) -> !tfrt.chain\n"
                       "  tfrt.return\n"
                       "}\n");
}

/* tfrt.sync functions run in block order; invoke_sync_function has the
** callee's effects at itself. */
Test(seq, sync_functions)
{
    static const char *callee =
        "func.func @say(%a: i32, %b: i32) -> i32 attributes {tfrt.sync} {\n"
        "  %t = tfrt_dht_sync.create_uninitialized_tensor.i32.1 [1 : i64]\n"
        "  tfrt_dht_sync.print_tensor %t\n"
        "  tfrt_dht_sync.print_tensor %t\n"
        "  %c = tfrt.add_s.i32 %a, %b\n"
        "  tfrt.return %c : i32\n"
        "}\n";
    char text[2048];
    snprintf(text, sizeof text, "%s"
             "func.func @main() -> i32 {\n"
             "  %%a = tfrt.constant.i32 3\n"
             "  %%c = \"tfrt_test.invoke_sync_function.i32_i32.i32\"(%%a, %%a) {fn = @say} : (i32, i32) -> i32\n"
             "  %%d = \"tfrt_test.invoke_sync_function.i32_i32.i32\"(%%c, %%a) {fn = @say} : (i32, i32) -> i32\n"
             "  tfrt.return %%d : i32\n"
             "}\n", callee);
    expect_determinate(text);
    snprintf(text, sizeof text, "%s"
             "func.func @main() -> (i32, i32) {\n"
             "  %%a = tfrt.constant.i32 3\n"
             "  %%c = \"tfrt_test.invoke_sync_function.i32_i32.i32\"(%%a, %%a) {fn = @say} : (i32, i32) -> i32\n"
             "  %%d = \"tfrt_test.invoke_sync_function.i32_i32.i32\"(%%a, %%a) {fn = @say} : (i32, i32) -> i32\n"
             "  tfrt.return %%c, %%d : i32, i32\n"
             "}\n", callee);
    Prog p;
    load(&p, text);
    bool output = false;
    for (int i = 0; i < seq_npairs(p.a); i++) {
        const SeqPair *q = seq_pair(p.a, i);
        if (q->kind != SEQ_RES_OUTPUT) continue;
        output = true;
        cr_assert_eq(q->first.n, 2);
        cr_assert_eq(leaf(&q->first), op_at(&p, "say", "tfrt_dht_sync.print_tensor", 0));
    }
    cr_assert(output, "the two invocations both print");
    cr_assert(seq_ordered(p.a, op_at(&p, "say", "tfrt_dht_sync.print_tensor", 0),
                          op_at(&p, "say", "tfrt.add_s.i32", 0)), "block order in a sync function");
    unload(&p);
}

/* tfrt.once from two places: the one run may belong to either. */
Test(seq, once)
{
    Prog p;
    load(&p, "func.func @init(%x: i32) -> i32 {\n"
             "  %ch = \"tfrt_test.print_hello\"() : () -> !tfrt.chain\n"
             "  tfrt.return %x : i32\n"
             "}\n"
             "func.func @main() -> (i32, i32) {\n"
             "  %x = tfrt.constant.i32 42\n"
             "  %a = tfrt.once @init(%x) : (i32) -> (i32)\n"
             "  %b = tfrt.once @init(%x) : (i32) -> (i32)\n"
             "  tfrt.return %a, %b : i32, i32\n"
             "}\n");
    cr_assert_not(seq_determinate(p.a));
    const SeqPair *q = seq_pair(p.a, 0);
    cr_assert_eq(q->first.path[0], op_at(&p, "main", "tfrt.once", 0));
    cr_assert_eq(q->second.path[0], op_at(&p, "main", "tfrt.once", 1));
    unload(&p);
}

/* {=====================================================================
** seq_ordered and seq_op_effects
** ====================================================================== */

Test(seq, ordered)
{
    Prog p;
    load(&p, "func.func @pass(%ch: !tfrt.chain, %x: i32) -> !tfrt.chain {\n"
             "  tfrt.return %ch : !tfrt.chain\n"
             "}\n"
             "func.func @fresh(%ch: !tfrt.chain, %x: i32) -> !tfrt.chain {\n"
             "  %c = tfrt.new.chain\n"
             "  tfrt.return %c : !tfrt.chain\n"
             "}\n"
             "func.func @main() -> !tfrt.chain {\n"
             "  %ch = tfrt.new.chain\n"
             "  %x = tfrt.constant.i32 1\n"
             "  %a = tfrt.print.i32 %x, %ch\n"
             "  %b = tfrt.print.i32 %x, %a\n"
             "  %c = tfrt.print.i32 %x, %ch\n"
             "  %r = tfrt.call @pass(%b, %x) : (!tfrt.chain, i32) -> !tfrt.chain\n"
             "  %d = tfrt.print.i32 %x, %r\n"
             "  %s = tfrt.call @fresh(%d, %x) : (!tfrt.chain, i32) -> !tfrt.chain\n"
             "  %e = tfrt.print.i32 %x, %s\n"
             "  %m = tfrt.merge.chains %c, %e : !tfrt.chain, !tfrt.chain\n"
             "  tfrt.return %m : !tfrt.chain\n"
             "}\n");
    const Op *a = op_at(&p, "main", "tfrt.print.i32", 0), *b = op_at(&p, "main", "tfrt.print.i32", 1),
             *c = op_at(&p, "main", "tfrt.print.i32", 2), *d = op_at(&p, "main", "tfrt.print.i32", 3),
             *e = op_at(&p, "main", "tfrt.print.i32", 4);
    cr_assert(seq_ordered(p.a, a, b));
    cr_assert_not(seq_ordered(p.a, b, a), "not backwards");
    cr_assert_not(seq_ordered(p.a, a, c), "siblings off one chain");
    cr_assert_not(seq_ordered(p.a, a, a));
    cr_assert(seq_ordered(p.a, a, d), "through a callee that passes the chain on");
    cr_assert_not(seq_ordered(p.a, d, e), "through a callee that makes a new chain");
    cr_assert_not(seq_ordered(p.a, a, op_at(&p, "fresh", "tfrt.new.chain", 0)), "different blocks");
    unload(&p);
}

Test(seq, op_effects)
{
    Prog p;
    load(&p, "func.func @main() -> i32 {\n"
             "  %ch = tfrt.new.chain\n"
             "  %x = tfrt.constant.i32 6\n"
             "  %z = \"tfrt_test.async_constant.i32\"() {value = 2 : i32} : () -> i32\n"
             "  %p = tfrt.print.i32 %x, %ch\n"
             "  %q1, %r1 = tfrt.div.i32 %x, %x\n"
             "  %q2, %r2 = tfrt.div.i32 %x, %z\n"
             "  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
             "  %f = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch 0 : i32\n"
             "  %b, %c1 = tfrt_dht.get_buffer %t, %f\n"
             "  %e, %c2 = tfrt_dht.tensor_equal.i32 %t, %t, %f\n"
             "  %y, %c3 = \"tfrt_test.cancel\"(%ch) : (!tfrt.chain) -> (i32, !tfrt.chain)\n"
             "  tfrt.return %q2 : i32\n"
             "}\n");
    SeqEffect fx[8];
    const char *why = "unset";
    cr_assert_eq(seq_op_effects(op_at(&p, "main", "tfrt.constant.i32", 0), fx, 8, &why), 0);
    cr_assert_null(why);
    cr_assert_eq(seq_op_effects(op_at(&p, "main", "tfrt.print.i32", 0), fx, 8, NULL), 1);
    cr_assert_eq(fx[0].kind, SEQ_RES_OUTPUT);
    cr_assert_eq(fx[0].access, SEQ_WRITE);
    cr_assert_eq(fx[0].operand, -1);
    cr_assert_eq(seq_op_effects(op_at(&p, "main", "tfrt.div.i32", 0), fx, 8, NULL), 0, "a constant divisor");
    cr_assert_eq(seq_op_effects(op_at(&p, "main", "tfrt.div.i32", 1), fx, 8, NULL), 1);
    cr_assert_eq(fx[0].kind, SEQ_RES_DIAG);
    cr_assert_eq(seq_op_effects(op_at(&p, "main", "tfrt_dht.fill_tensor_with_constant.i32", 0), fx, 8, NULL), 1);
    cr_assert_eq(fx[0].kind, SEQ_RES_OPERAND);
    cr_assert_eq(fx[0].operand, 0);
    cr_assert_eq(fx[0].access & SEQ_WRITE, SEQ_WRITE);
    cr_assert_eq(seq_op_effects(op_at(&p, "main", "tfrt_dht.get_buffer", 0), fx, 8, NULL), 0, "FX_NOREAD");
    cr_assert_eq(seq_op_effects(op_at(&p, "main", "tfrt_dht.tensor_equal.i32", 0), fx, 8, NULL), 2);
    cr_assert_eq(fx[0].operand, 0);
    cr_assert_eq(fx[1].operand, 1);
    cr_assert_eq(fx[0].access, SEQ_READ);
    cr_assert_eq(seq_op_effects(op_at(&p, "main", "tfrt_test.cancel", 0), fx, 8, &why), -1);
    cr_assert(why && strstr(why, "cancels"));
    /* More effects than room: the count, and only [max] stored. */
    fx[0].kind = (SeqResKind)99;
    cr_assert_eq(seq_op_effects(op_at(&p, "main", "tfrt_dht.tensor_equal.i32", 0), fx, 0, NULL), 2);
    cr_assert_eq((int)fx[0].kind, 99);
    unload(&p);
}

/* A chain of [n] prints; print [broken] (if > 1) takes the chain of the
** one two before it, leaving the one before it a dead end. */
static char *chain_text(int n, int broken)
{
    size_t cap = (size_t)n * 48 + 256;
    char *text = malloc(cap);
    cr_assert(text);
    size_t len = (size_t)snprintf(text, cap, "func.func @main() -> !tfrt.chain {\n  %%c0 = tfrt.new.chain\n"
                                             "  %%x = tfrt.constant.i32 1\n");
    for (int i = 1; i <= n; i++)
        len += (size_t)snprintf(text + len, cap - len, "  %%c%d = tfrt.print.i32 %%x, %%c%d\n", i,
                                i == broken ? i - 2 : i - 1);
    snprintf(text + len, cap - len, "  tfrt.return %%c%d : !tfrt.chain\n}\n", n);
    return text;
}

/* A long chain is cheap (one step per link) and determinate; with one
** link broken, the dead end is unordered with the print after it (the
** one link that fails: the prints after that follow it) and with the
** result line. */
Test(seq, long_chain_of_prints)
{
    char *text = chain_text(20000, 0);
    expect_determinate(text);
    free(text);
    text = chain_text(20000, 10000);
    Prog p;
    load(&p, text);
    cr_assert_not(seq_determinate(p.a));
    cr_assert_eq(seq_npairs(p.a), 2);
    const SeqPair *q = seq_pair(p.a, 0);
    /* Ops 0 and 1 are the chain and the constant: print i is op i + 1. */
    const Block *b = ir_module_func(p.m, "main")->body;
    cr_assert_eq(leaf(&q->first), b->ops[9999 + 1]);
    cr_assert_eq(leaf(&q->second), b->ops[10000 + 1]);
    cr_assert_eq(q->first_chain, b->ops[9999 + 1]->results[0]);
    cr_assert_eq(q->second_chain, 1);
    cr_assert(seq_pair(p.a, 1)->second_is_result_line);
    cr_assert_null(seq_limit(p.a));
    unload(&p);
    free(text);
}

/* Prints off one chain: n - 1 links, each print against the one before
** it, past the cap of 4096 the analysis says it stopped listing. */
Test(seq, prints_off_one_chain_are_links)
{
    for (int n = 4; n <= 5000; n += 4996) {
        size_t cap = (size_t)n * 48 + 256;
        char *text = malloc(cap);
        cr_assert(text);
        size_t len = (size_t)snprintf(text, cap, "func.func @main() {\n  %%c0 = tfrt.new.chain\n"
                                                 "  %%x = tfrt.constant.i32 1\n");
        for (int i = 1; i <= n; i++)
            len += (size_t)snprintf(text + len, cap - len, "  %%c%d = tfrt.print.i32 %%x, %%c0\n", i);
        snprintf(text + len, cap - len, "  tfrt.return\n}\n");
        Prog p;
        load(&p, text);
        const Block *b = ir_module_func(p.m, "main")->body;
        if (n == 4) {
            cr_assert_eq(seq_npairs(p.a), 3);
            for (int i = 0; i < 3; i++) {
                const SeqPair *q = seq_pair(p.a, i);
                cr_assert_eq(leaf(&q->first), b->ops[i + 2]);
                cr_assert_eq(leaf(&q->second), b->ops[i + 3]);
            }
            cr_assert_null(seq_limit(p.a));
        } else {
            cr_assert_eq(seq_npairs(p.a), 4096);
            cr_assert(seq_limit(p.a));
            cr_assert(strstr(seq_limit(p.a), "4096"));
        }
        unload(&p);
        free(text);
    }
}

/* {=====================================================================
** Precision: an FX_FAIL stays only where the failure can happen
** (tfrun.md §8.1, docs/analysis.md §1)
** ====================================================================== */

/* The number of unordered pairs of [text] (which must parse and verify). */
static int npairs_of(const char *text)
{
    Prog p;
    load(&p, text);
    int n = seq_npairs(p.a);
    unload(&p);
    return n;
}

/* Two variables, each created, assigned and read off its own chain with
** the type it holds: none of their kernels can fail, so the two chains
** need no order (issue: "linted as racy and runs exact"). */
Test(seq, two_independent_variables)
{
    expect_determinate("func.func @main() -> (i32, f32) {\n"
                       "  %c0 = tfrt.new.chain\n"
                       "  %zero = tfrt.constant.i32 0\n"
                       "  %one = tfrt.constant.i32 1\n"
                       "  %v, %c1 = \"rv.create\"(%zero, %c0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)\n"
                       "  %c2 = \"rv.assign\"(%v, %one, %c1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain\n"
                       "  %x, %c3 = \"rv.read\"(%v, %c2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
                       "  %fz = tfrt.constant.f32 0.0\n"
                       "  %fo = tfrt.constant.f32 1.5\n"
                       "  %w, %d1 = \"rv.create\"(%fz, %c0) : (f32, !tfrt.chain) -> (!rv.var, !tfrt.chain)\n"
                       "  %d2 = \"rv.assign_add\"(%w, %fo, %d1) : (!rv.var, f32, !tfrt.chain) -> !tfrt.chain\n"
                       "  %b, %d3 = \"rv.read\"(%w, %d2) : (!rv.var, !tfrt.chain) -> (!tfrt.any, !tfrt.chain)\n"
                       "  %y = \"any.unbox.f32\"(%b) : (!tfrt.any) -> f32\n"
                       "  tfrt.return %x, %y : i32, f32\n"
                       "}\n");
}

/* What can really fail still does: an assign of another type, an add of
** a type without one (i1), a read into another type. Each is unordered
** with the other variable's kernels, one pair each. */
Test(seq, variable_type_errors_stay)
{
    const char *head = "func.func @main() {\n"
                       "  %c0 = tfrt.new.chain\n"
                       "  %zero = tfrt.constant.i32 0\n"
                       "  %t = tfrt.constant.i1 1\n"
                       "  %f = tfrt.constant.f32 1.0\n"
                       "  %v, %c1 = \"rv.create\"(%zero, %c0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)\n"
                       "  %w, %d1 = \"rv.create\"(%t, %c0) : (i1, !tfrt.chain) -> (!rv.var, !tfrt.chain)\n";
    const char *tails[] = {
        "  %c2 = \"rv.assign\"(%v, %f, %c1) : (!rv.var, f32, !tfrt.chain) -> !tfrt.chain\n"
        "  %d2 = \"rv.assign\"(%w, %t, %d1) : (!rv.var, i1, !tfrt.chain) -> !tfrt.chain\n",
        "  %c2 = \"rv.assign\"(%v, %zero, %c1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain\n"
        "  %d2 = \"rv.assign_add\"(%w, %t, %d1) : (!rv.var, i1, !tfrt.chain) -> !tfrt.chain\n",
        "  %x, %c2 = \"rv.read\"(%v, %c1) : (!rv.var, !tfrt.chain) -> (i64, !tfrt.chain)\n"
        "  %d2 = \"rv.assign\"(%w, %t, %d1) : (!rv.var, i1, !tfrt.chain) -> !tfrt.chain\n",
    };
    for (int i = 0; i < 3; i++) {
        char text[2048];
        snprintf(text, sizeof text, "%s%s  tfrt.return\n}\n", head, tails[i]);
        cr_expect_eq(npairs_of(text), 0, "case %d: one may fail, but alone", i);
        /* A second fallible kernel off the other chain: now a pair. */
        snprintf(text, sizeof text, "%s%s  %%q, %%r = \"rv.read\"(%%w, %%d1) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)\n"
                 "  tfrt.return\n}\n", head, tails[i]);
        cr_expect_geq(npairs_of(text), 1, "case %d", i);
    }
}

/* A variable passed to a callee: the callee knows what it holds when
** every caller's does; a caller passing another type takes that away. */
Test(seq, variable_through_calls)
{
    const char *callee = "func.func @set(%v: !rv.var, %c: !tfrt.chain) -> !tfrt.chain {\n"
                         "  %one = tfrt.constant.i32 1\n"
                         "  %d = \"rv.assign\"(%v, %one, %c) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain\n"
                         "  tfrt.return %d : !tfrt.chain\n"
                         "}\n";
    char text[4096];
    snprintf(text, sizeof text, "%s"
             "func.func @main() {\n"
             "  %%c0 = tfrt.new.chain\n"
             "  %%z = tfrt.constant.i32 0\n"
             "  %%v, %%c1 = \"rv.create\"(%%z, %%c0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)\n"
             "  %%w, %%d1 = \"rv.create\"(%%z, %%c0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)\n"
             "  %%c2 = tfrt.call @set(%%v, %%c1) : (!rv.var, !tfrt.chain) -> !tfrt.chain\n"
             "  %%d2 = tfrt.call @set(%%w, %%d1) : (!rv.var, !tfrt.chain) -> !tfrt.chain\n"
             "  tfrt.return\n}\n", callee);
    cr_expect_eq(npairs_of(text), 0);
    snprintf(text, sizeof text, "%s"
             "func.func @main() {\n"
             "  %%c0 = tfrt.new.chain\n"
             "  %%z = tfrt.constant.i32 0\n"
             "  %%f = tfrt.constant.f32 0.0\n"
             "  %%v, %%c1 = \"rv.create\"(%%z, %%c0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)\n"
             "  %%w, %%d1 = \"rv.create\"(%%f, %%c0) : (f32, !tfrt.chain) -> (!rv.var, !tfrt.chain)\n"
             "  %%c2 = tfrt.call @set(%%v, %%c1) : (!rv.var, !tfrt.chain) -> !tfrt.chain\n"
             "  %%d2 = tfrt.call @set(%%w, %%d1) : (!rv.var, !tfrt.chain) -> !tfrt.chain\n"
             "  tfrt.return\n}\n", callee);
    cr_expect_eq(npairs_of(text), 1, "the assign may fail for the f32 variable, in either call");
}

/* Boxes: a value boxed as it is passed, and a list's elements. list.get
** may always fail (its index); any.unbox.i32 only when the list may hold
** something else. */
Test(seq, unbox_knows_what_boxes_hold)
{
    /* Boxed as it is passed (the operand is declared !tfrt.any). */
    expect_determinate("func.func @main() -> (i32, i32) {\n"
                       "  %one = tfrt.constant.i32 1\n"
                       "  %x = \"any.unbox.i32\"(%one) : (!tfrt.any) -> i32\n"
                       "  %y = \"any.unbox.i32\"(%one) : (!tfrt.any) -> i32\n"
                       "  tfrt.return %x, %y : i32, i32\n"
                       "}\n");
    cr_expect_eq(npairs_of("func.func @main() -> (i32, i32) {\n"
                           "  %one = tfrt.constant.i32 1\n"
                           "  %f = tfrt.constant.f32 1.0\n"
                           "  %x = \"any.unbox.i32\"(%one) : (!tfrt.any) -> i32\n"
                           "  %y = \"any.unbox.i32\"(%f) : (!tfrt.any) -> i32\n"
                           "  %z = \"any.unbox.i32\"(%f) : (!tfrt.any) -> i32\n"
                           "  tfrt.return %x, %y : i32, i32\n"
                           "}\n"), 1);
    const char *fmt = "func.func @main() -> (i32, i32) {\n"
                      "  %%c0 = tfrt.new.chain\n"
                      "  %%l = \"list.new\"() : () -> !tfrt.list\n"
                      "  %%one = tfrt.constant.i32 1\n"
                      "  %%other = tfrt.constant.%s 2\n"
                      "  %%c1 = \"list.append\"(%%l, %%one, %%c0) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain\n"
                      "  %%c2 = \"list.append\"(%%l, %%other, %%c1) : (!tfrt.list, %s, !tfrt.chain) -> !tfrt.chain\n"
                      "  %%i0 = tfrt.constant.i64 0\n"
                      "  %%i1 = tfrt.constant.i64 1\n"
                      "  %%a = \"list.get\"(%%l, %%i0, %%c2) : (!tfrt.list, i64, !tfrt.chain) -> !tfrt.any\n"
                      "  %%b = \"list.get\"(%%l, %%i1, %%c2) : (!tfrt.list, i64, !tfrt.chain) -> !tfrt.any\n"
                      "  %%x = \"any.unbox.i32\"(%%a) : (!tfrt.any) -> i32\n"
                      "  %%y = \"any.unbox.i32\"(%%b) : (!tfrt.any) -> i32\n"
                      "  tfrt.return %%x, %%y : i32, i32\n"
                      "}\n";
    char text[2048];
    /* Only i32s: the two gets are the one pair. */
    snprintf(text, sizeof text, fmt, "i32", "i32");
    cr_expect_eq(npairs_of(text), 1);
    /* An i64 too: each unbox may fail, unordered with the other get and
    ** the other unbox. */
    snprintf(text, sizeof text, fmt, "i64", "i64");
    cr_expect_eq(npairs_of(text), 3);
}

/* Constants through calls, both ways: an argument every call passes as a
** non-zero constant, a result every return gives as one; and UTF-8
** strings from a string attribute, concatenated. */
Test(seq, constants_through_calls)
{
    expect_determinate("func.func @two() -> i32 {\n"
                       "  %t = tfrt.constant.i32 2\n"
                       "  tfrt.return %t : i32\n"
                       "}\n"
                       "func.func @main() -> (i32, i32) {\n"
                       "  %a = tfrt.constant.i32 7\n"
                       "  %d = tfrt.call @two() : () -> i32\n"
                       "  %q, %r = tfrt.div.i32 %a, %d\n"
                       "  %s, %t = tfrt.div.i32 %d, %d\n"
                       "  tfrt.return %q, %s : i32, i32\n"
                       "}\n");
    expect_determinate("func.func @main() -> (i64, i64) {\n"
                       "  %s = tfrt_test.get_string {value = \"h\\C3\\A9llo\"}\n"
                       "  %t = tfrt_test.get_string {value = \" \\E2\\82\\AC\"}\n"
                       "  %u = \"str.concat\"(%s, %t) : (!tfrt.string, !tfrt.string) -> !tfrt.string\n"
                       "  %n = \"str.len\"(%s) : (!tfrt.string) -> i64\n"
                       "  %m = \"str.len\"(%u) : (!tfrt.string) -> i64\n"
                       "  tfrt.return %n, %m : i64, i64\n"
                       "}\n");
    /* An invalid byte: both may fail. */
    cr_expect_eq(npairs_of("func.func @main() -> (i64, i64) {\n"
                           "  %s = tfrt_test.get_string {value = \"h\\FFllo\"}\n"
                           "  %t = tfrt_test.get_string {value = \"ok\"}\n"
                           "  %u = \"str.concat\"(%s, %t) : (!tfrt.string, !tfrt.string) -> !tfrt.string\n"
                           "  %n = \"str.len\"(%s) : (!tfrt.string) -> i64\n"
                           "  %m = \"str.len\"(%u) : (!tfrt.string) -> i64\n"
                           "  tfrt.return %n, %m : i64, i64\n"
                           "}\n"), 1);
}

/* A loop carries what is known through its iterations (an induction): a
** string doubled 19 times from "ab" is valid UTF-8, inside the body and
** as the repeat's result; a body that concatenates a bad byte is not. */
Test(seq, loops_carry_what_is_known)
{
    const char *fmt = "func.func @main() -> (i64, i64) {\n"
                      "  %%s0 = tfrt_test.get_string {value = \"ab\"}\n"
                      "  %%x = tfrt_test.get_string {value = \"%s\"}\n"
                      "  %%n = tfrt.constant.i32 19\n"
                      "  %%s:2 = tfrt.repeat.i32 %%n, %%s0, %%x : !tfrt.string, !tfrt.string {\n"
                      "    %%t = \"str.concat\"(%%s0, %%x) : (!tfrt.string, !tfrt.string) -> !tfrt.string\n"
                      "    %%k = \"str.len\"(%%t) : (!tfrt.string) -> i64\n"
                      "    tfrt.return %%t, %%x : !tfrt.string, !tfrt.string\n"
                      "  }\n"
                      "  %%len = \"str.len\"(%%s#0) : (!tfrt.string) -> i64\n"
                      "  %%m = \"str.len\"(%%s#0) : (!tfrt.string) -> i64\n"
                      "  tfrt.return %%len, %%m : i64, i64\n"
                      "}\n";
    char text[2048];
    snprintf(text, sizeof text, fmt, "cd");
    expect_determinate(text);
    snprintf(text, sizeof text, fmt, "c\\FF");
    /* The two outside, and the one inside against itself (iterations):
    ** each one's message names its own place, so two may print in either
    ** order. */
    cr_expect_geq(npairs_of(text), 2);
}

/* Kernels whose failure the program's text rules out: an identity with
** an operand for every result, the device "CPU:0". */
Test(seq, text_rules_out_failures)
{
    expect_determinate("func.func @main() -> (i32, i32, !tfrt.device, !tfrt.device) {\n"
                       "  %c = tfrt.new.chain\n"
                       "  %a = tfrt.constant.i32 1\n"
                       "  %x = \"tfrt_test.identity\"(%c, %a) : (!tfrt.chain, i32) -> i32\n"
                       "  %y = \"tfrt_test.identity\"(%c, %a) : (!tfrt.chain, i32) -> i32\n"
                       "  %d = \"tfrt.get_device\"(%c) {device_name = \"CPU:0\"} : (!tfrt.chain) -> !tfrt.device\n"
                       "  %e = \"tfrt.get_device\"(%c) {device_name = \"CPU:0\"} : (!tfrt.chain) -> !tfrt.device\n"
                       "  tfrt.return %x, %y, %d, %e : i32, i32, !tfrt.device, !tfrt.device\n"
                       "}\n");
    cr_expect_eq(npairs_of("func.func @main() -> (!tfrt.device, !tfrt.device) {\n"
                           "  %c = tfrt.new.chain\n"
                           "  %d = \"tfrt.get_device\"(%c) {device_name = \"GPU:0\"} : (!tfrt.chain) -> !tfrt.device\n"
                           "  %e = \"tfrt.get_device\"(%c) {device_name = \"GPU:1\"} : (!tfrt.chain) -> !tfrt.device\n"
                           "  tfrt.return %d, %e : !tfrt.device, !tfrt.device\n"
                           "}\n"), 1);
}

/* {=====================================================================
** The corpus: every golden program and example
** ====================================================================== */

typedef struct Corpus {
    int files, analysed, determinate;
} Corpus;

/* Analyses one file (parse and verification errors aside) every way the
** interface allows, so that a crash anywhere shows here. */
static void analyse_file(Corpus *c, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    cr_assert(text);
    size_t got = fread(text, 1, (size_t)n, f);
    fclose(f);
    text[got] = '\0';
    c->files++;
    Module *m = parse_module(path, text, got, NULL);
    VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
    if (m && verify_module(m, NULL, &vo) == 0) {
        c->analysed++;
        for (int pass = 0; pass < 2; pass++) {
            SeqOptions o = { NULL, 0, pass ? SEQ_ALLOC_REPORTS : 0 };
            SeqAnalysis *a = seq_analyze(m, &o);
            char *s = seq_describe(a);
            cr_assert(s && s[0]);
            cr_assert_eq(seq_determinate(a), !strcmp(s, "every conflicting pair is ordered"), "%s: %s", path, s);
            free(s);
            if (pass == 0) c->determinate += seq_determinate(a);
            for (int i = 0; i < seq_npairs(a); i++) {
                const SeqPair *q = seq_pair(a, i);
                cr_assert(q->first.n >= 1 && (q->second.n >= 1 || q->second_is_result_line));
                char *d = seq_pair_describe(a, i);
                cr_assert(d && d[0]);
                free(d);
            }
            for (int i = 0; i < seq_nopaque(a); i++) {
                const char *why = NULL;
                cr_assert(seq_opaque(a, i, &why) && why);
            }
            /* seq_ordered over neighbouring ops of every body. */
            for (int fi = 0; fi < m->nfuncs; fi++) {
                const Block *b = m->funcs[fi]->body;
                for (int k = 0; b && k + 1 < b->nops && k < 64; k++) {
                    (void)seq_ordered(a, b->ops[k], b->ops[k + 1]);
                    cr_assert_not(seq_ordered(a, b->ops[k + 1], b->ops[k]));
                }
            }
            seq_free(a);
        }
    }
    ir_module_free(m);
    free(text);
}

static void walk(Corpus *c, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0) continue;
        size_t len = strlen(e->d_name);
        if (S_ISDIR(st.st_mode)) walk(c, path);
        else if (len > 5 && !strcmp(e->d_name + len - 5, ".mlir")) analyse_file(c, path);
    }
    closedir(d);
}

Test(seq, corpus_never_crashes)
{
    Corpus c = { 0, 0, 0 };
    walk(&c, "testdata");
    walk(&c, "examples");
    walk(&c, "bench");
    cr_assert_gt(c.files, 100, "run from the top of the tree");
    cr_assert_gt(c.analysed, 100);
    cr_assert_gt(c.determinate, 30);
    cr_assert_lt(c.determinate, c.analysed, "and not everything is determinate");
}

/* A few answers known by reading the programs. */
static SeqAnalysis *analyse_path(const char *path, Module **mp)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "%s", path);
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    *mp = parse_module(path, text, n, NULL);
    cr_assert(*mp, "%s", path);
    VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
    cr_assert_eq(verify_module(*mp, NULL, &vo), 0, "%s", path);
    return seq_analyze(*mp, NULL);
}

Test(seq, corpus_known_answers)
{
    static const struct { const char *path; int det; const char *words; } known[] = {
        { "examples/hello.mlir", 1, NULL },
        { "examples/matmul.mlir", 1, NULL },
        { "bench/fib.mlir", 1, NULL },
        { "bench/fizzbuzz.mlir", 1, NULL },
        { "testdata/run/repeat_million.mlir", 1, NULL },
        { "testdata/run/deep_recursion.mlir", 1, NULL },
        { "examples/counter.mlir", 0, "two blocks of" },
        { "testdata/runner/dag_any_order.mlir", 0, "both print to the output" },
        { "testdata/run/vt_linear.mlir", 0, "!vt.value" },
        { "testdata/kernels/thread_id.mlir", 0, "observes which thread" },
        { "testdata/run/bef_nonstrict.mlir", 0, "'tfrt_test.blocking.usleep'" },
        { "testdata/ext/critical.mlir", 0, "'rv.critical'" },
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        Module *m;
        SeqAnalysis *a = analyse_path(known[i].path, &m);
        char *s = seq_describe(a);
        cr_expect_eq(seq_determinate(a), known[i].det, "%s: %s", known[i].path, s);
        if (known[i].words) cr_expect(strstr(s, known[i].words), "%s: %s", known[i].path, s);
        free(s);
        seq_free(a);
        ir_module_free(m);
    }
}
