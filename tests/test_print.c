/*
** test_print.c — the MLIR printer (ir/print.c): canonical form, every
** custom-syntax family, and the fixed point print -> parse -> print.
**
** Expected texts follow docs/tools.md §1 (values %0.. per function, %N:K
** and %N#i, %argN, %e floats, func.func) and docs/language.md §2.8 (the
** custom syntax of each op).
*/
#include <criterion/criterion.h>
#include <ftw.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/diag.h"
#include "ir/ir.h"
#include "ir/print.h"
#include "ir/verify.h"
#include "ops/optable.h"
#include "parser/parser.h"

/* Parses [src] (errors go to stderr, failing the test), verifies it and
** returns the printed module (malloc'ed). */
static char *print_src(const char *src, bool verify)
{
    DiagSink *d = diag_new(stderr);
    diag_set_color(d, false);
    Module *m = parse_module("p.mlir", src, strlen(src), d);
    cr_assert(m, "parse failed for:\n%s", src);
    if (verify) {
        VerifyOptions vo = { .allow_unregistered_dialect = true };
        cr_assert_eq(verify_module(m, d, &vo), 0, "verify failed for:\n%s", src);
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ir_print_module(f, m);
    fclose(f);
    ir_module_free(m);
    diag_free(d);
    return buf;
}

/* Prints [src]; checks it against [expected] (when not NULL) and that
** printing the printed text again gives the same text. */
static void roundtrip(const char *src, const char *expected)
{
    char *p1 = print_src(src, true);
    if (expected) cr_assert_str_eq(p1, expected);
    char *p2 = print_src(p1, true);
    cr_assert_str_eq(p2, p1, "not a fixed point:\n%s\nthen:\n%s", p1, p2);
    free(p1);
    free(p2);
}

Test(print, renumbering_and_simple_families)
{
    roundtrip(
        "func.func @basic() -> i32 {\n"
        "  %ch = tfrt.new.chain\n"
        "  %a = tfrt.constant.i32 1\n"
        "  %b = tfrt.constant.i32 -2\n"
        "  %c = tfrt.add.i32 %a, %b\n"
        "  %ch2 = tfrt.print.i32 %c, %ch\n"
        "  tfrt.return %c : i32\n"
        "}\n",
        "module {\n"
        "  func.func @basic() -> i32 {\n"
        "    %0 = tfrt.new.chain\n"
        "    %1 = tfrt.constant.i32 1\n"
        "    %2 = tfrt.constant.i32 -2\n"
        "    %3 = tfrt.add.i32 %1, %2\n"
        "    %4 = tfrt.print.i32 %3, %0\n"
        "    tfrt.return %3 : i32\n"
        "  }\n"
        "}\n");
}

Test(print, multi_result_groups_and_arguments)
{
    roundtrip(
        "func @divide(%x: i32, %y: i32) -> (i32, i32) {\n"
        "  %q, %r = tfrt.div.i32 %x, %y\n"
        "  %a, %b, %c = tfrt_test.count3.i32 %q\n"
        "  tfrt.return %r, %c : i32, i32\n"
        "}\n",
        "module {\n"
        "  func.func @divide(%arg0: i32, %arg1: i32) -> (i32, i32) {\n"
        "    %0:2 = tfrt.div.i32 %arg0, %arg1\n"
        "    %1:3 = tfrt_test.count3.i32 %0#0\n"
        "    tfrt.return %0#1, %1#2 : i32, i32\n"
        "  }\n"
        "}\n");
}

Test(print, floats_in_e_form)
{
    roundtrip(
        "func.func @f() {\n"
        "  %a = tfrt.constant.f32 0.1\n"
        "  %b = tfrt.constant.f64 312.27137\n"
        "  %c = tfrt.constant.f64 -1.0\n"
        "  %d = tfrt.constant.f32 1.5e10\n"
        "  tfrt.return\n"
        "}\n",
        "module {\n"
        "  func.func @f() {\n"
        "    %0 = tfrt.constant.f32 1.000000e-01\n"
        "    %1 = tfrt.constant.f64 3.1227137e+02\n"
        "    %2 = tfrt.constant.f64 -1.000000e+00\n"
        "    %3 = tfrt.constant.f32 1.500000e+10\n"
        "    tfrt.return\n"
        "  }\n"
        "}\n");
}

Test(print, format_float_keeps_values)
{
    char buf[64];
    ir_format_float(buf, sizeof buf, 0.1, NULL);
    cr_assert_str_eq(buf, "1.000000e-01");
    ir_format_float(buf, sizeof buf, 1.0 / 3.0, NULL);
    cr_assert_str_eq(buf, "3.333333333333333e-01");
    cr_assert_eq(strtod(buf, NULL), 1.0 / 3.0);
    ir_format_float(buf, sizeof buf, 0.0, NULL);
    cr_assert_str_eq(buf, "0.000000e+00");
    ir_format_float(buf, sizeof buf, -0.0, NULL);
    cr_assert_str_eq(buf, "-0.000000e+00");
    ir_format_float(buf, sizeof buf, 1e300 * 1e10, NULL);
    cr_assert_str_eq(buf, "0x7FF0000000000000");
}

Test(print, constants_of_every_kind)
{
    roundtrip(
        "func.func @c() {\n"
        "  %a = tfrt.constant.i1 true\n"
        "  %b = tfrt.constant.i64 9223372036854775807\n"
        "  %c = tfrt.constant.ui64 4294967296\n"
        "  %d = tfrt.constant.ui32 7\n"
        "  %e = tfrt.constant.complex64 1.0, 2.0\n"
        "  %f = tfrt.constant.complex128 -1.5, 0.25\n"
        "  %s = tfrt_test.get_string {value = \"a\\\"b\\n\"}\n"
        "  tfrt.return\n"
        "}\n",
        NULL);
}

Test(print, call_and_symbol_ops)
{
    roundtrip(
        "func.func @callee(%x: i32) -> i32 {\n"
        "  tfrt.return %x : i32\n"
        "}\n"
        "func.func @two(%x: i32) -> (i32, i32) {\n"
        "  tfrt.return %x, %x : i32, i32\n"
        "}\n"
        "func.func @none() {\n"
        "  tfrt.return\n"
        "}\n"
        "func.func @caller() -> i32 {\n"
        "  %one = tfrt.constant.i32 1\n"
        "  %r = tfrt.call @callee(%one) : (i32) -> i32\n"
        "  %p:2 = tfrt.call @two(%r) : (i32) -> (i32, i32)\n"
        "  tfrt.call @none() : () -> ()\n"
        "  %c = tfrt.constant.i1 false\n"
        "  %x = tfrt.cond %c @callee @callee (%one) : (i32) -> (i32)\n"
        "  %y = tfrt.case %one [@callee, @callee] (%x) : (i32) -> (i32)\n"
        "  %z = tfrt.once @callee(%y) : (i32) -> (i32)\n"
        "  %cs = \"rv.critical_section\"() : () -> !rv.cs\n"
        "  %w = rv.critical %cs @callee(%z) : (i32) -> i32\n"
        "  tfrt_test.sync_benchmark @callee(%w : i32) duration_secs = 1, max_count = 2\n"
        "  tfrt.return %w : i32\n"
        "}\n",
        "module {\n"
        "  func.func @callee(%arg0: i32) -> i32 {\n"
        "    tfrt.return %arg0 : i32\n"
        "  }\n"
        "  func.func @two(%arg0: i32) -> (i32, i32) {\n"
        "    tfrt.return %arg0, %arg0 : i32, i32\n"
        "  }\n"
        "  func.func @none() {\n"
        "    tfrt.return\n"
        "  }\n"
        "  func.func @caller() -> i32 {\n"
        "    %0 = tfrt.constant.i32 1\n"
        "    %1 = tfrt.call @callee(%0) : (i32) -> i32\n"
        "    %2:2 = tfrt.call @two(%1) : (i32) -> (i32, i32)\n"
        "    tfrt.call @none() : () -> ()\n"
        "    %3 = tfrt.constant.i1 false\n"
        "    %4 = tfrt.cond %3 @callee @callee (%0) : (i32) -> (i32)\n"
        "    %5 = tfrt.case %0 [@callee, @callee] (%4) : (i32) -> (i32)\n"
        "    %6 = tfrt.once @callee(%5) : (i32) -> (i32)\n"
        "    %7 = \"rv.critical_section\"() : () -> !rv.cs\n"
        "    %8 = rv.critical %7 @callee(%6) : (i32) -> i32\n"
        "    tfrt_test.sync_benchmark @callee(%8 : i32) duration_secs = 1, max_count = 2\n"
        "    tfrt.return %8 : i32\n"
        "  }\n"
        "}\n");
}

Test(print, while_loop)
{
    roundtrip(
        "func.func @body(%x: i32) -> (i32, i1) {\n"
        "  %f = tfrt.constant.i1 false\n"
        "  tfrt.return %x, %f : i32, i1\n"
        "}\n"
        "func.func @w() -> i32 {\n"
        "  %c = tfrt.constant.i1 true\n"
        "  %x = tfrt.constant.i32 0\n"
        "  %r = tfrt.while %c @body(%x) parallel_iterations(2) : (i32) -> (i32)\n"
        "  tfrt.return %r : i32\n"
        "}\n",
        NULL);
}

Test(print, regions_bind_outer_names)
{
    /* Inside a region the block arguments carry the names of the bound
    ** operands (docs/language.md §2.7), renamed along with them; a
    ** region's values are numbered after its block's, each region from the
    ** same number, as mlir-opt numbers them. */
    roundtrip(
        "func.func @r(%n: i32, %v: i32) -> i32 {\n"
        "  %c = tfrt.constant.i1 true\n"
        "  %a = tfrt.if %c, %v : (i32) -> (i32) {\n"
        "    %w = tfrt.add.i32 %v, %v\n"
        "    tfrt.return %w : i32\n"
        "  } else {\n"
        "    tfrt.return %v : i32\n"
        "  }\n"
        "  %b = tfrt.repeat.i32 %n, %a : i32 {\n"
        "    %one = tfrt.constant.i32 1\n"
        "    %a2 = tfrt.add.i32 %a, %one\n"
        "    tfrt.return %a2 : i32\n"
        "  }\n"
        "  tfrt.return %b : i32\n"
        "}\n",
        "module {\n"
        "  func.func @r(%arg0: i32, %arg1: i32) -> i32 {\n"
        "    %0 = tfrt.constant.i1 true\n"
        "    %1 = tfrt.if %0, %arg1 : (i32) -> (i32) {\n"
        "      %3 = tfrt.add.i32 %arg1, %arg1\n"
        "      tfrt.return %3 : i32\n"
        "    } else {\n"
        "      tfrt.return %arg1 : i32\n"
        "    }\n"
        "    %2 = tfrt.repeat.i32 %arg0, %1 : i32 {\n"
        "      %3 = tfrt.constant.i32 1\n"
        "      %4 = tfrt.add.i32 %1, %3\n"
        "      tfrt.return %4 : i32\n"
        "    }\n"
        "    tfrt.return %2 : i32\n"
        "  }\n"
        "}\n");
}

Test(print, if_without_else_and_repeat_without_values)
{
    roundtrip(
        "func.func @g(%c: i1, %n: i32) {\n"
        "  tfrt.if %c : () -> () {\n"
        "    tfrt.return\n"
        "  }\n"
        "  tfrt.repeat.i32 %n {\n"
        "    tfrt.return\n"
        "  }\n"
        "  tfrt.return\n"
        "}\n",
        "module {\n"
        "  func.func @g(%arg0: i1, %arg1: i32) {\n"
        "    tfrt.if %arg0 : () -> () {\n"
        "      tfrt.return\n"
        "    }\n"
        "    tfrt.repeat.i32 %arg1 {\n"
        "      tfrt.return\n"
        "    }\n"
        "    tfrt.return\n"
        "  }\n"
        "}\n");
}

Test(print, parallel_ops_do_async_benchmark)
{
    roundtrip(
        "func.func @blk(%s: i32, %e: i32, %x: i32) -> !tfrt.chain {\n"
        "  %ch = tfrt.new.chain\n"
        "  tfrt.return %ch : !tfrt.chain\n"
        "}\n"
        "func.func @p() -> i32 {\n"
        "  %s = tfrt.constant.i32 0\n"
        "  %e = tfrt.constant.i32 10\n"
        "  %bs = tfrt.constant.i32 2\n"
        "  %x = tfrt.constant.i32 5\n"
        "  %d = tfrt.parallel_for.i32 %s to %e fixed %bs, %x : i32 {\n"
        "    %ch = tfrt.new.chain\n"
        "    tfrt.return %ch : !tfrt.chain\n"
        "  }\n"
        "  %d2 = tfrt.parallel_call.i32 %s to %e fixed %bs @blk(%x) : i32\n"
        "  %r = tfrt_test.do.async %x : (i32) -> (i32) {\n"
        "    tfrt.return %x : i32\n"
        "  }\n"
        "  %bm = tfrt_test.benchmark \"add\"(%x : i32, %r : i32) duration_secs = 1, max_count = 10, num_warmup_runs = 2 {\n"
        "    %y = tfrt.add.i32 %x, %r\n"
        "    tfrt.return %y : i32\n"
        "  }\n"
        "  tfrt.return %r : i32\n"
        "}\n",
        "module {\n"
        "  func.func @blk(%arg0: i32, %arg1: i32, %arg2: i32) -> !tfrt.chain {\n"
        "    %0 = tfrt.new.chain\n"
        "    tfrt.return %0 : !tfrt.chain\n"
        "  }\n"
        "  func.func @p() -> i32 {\n"
        "    %0 = tfrt.constant.i32 0\n"
        "    %1 = tfrt.constant.i32 10\n"
        "    %2 = tfrt.constant.i32 2\n"
        "    %3 = tfrt.constant.i32 5\n"
        "    %4 = tfrt.parallel_for.i32 %0 to %1 fixed %2, %3 : i32 {\n"
        "      %8 = tfrt.new.chain\n"
        "      tfrt.return %8 : !tfrt.chain\n"
        "    }\n"
        "    %5 = tfrt.parallel_call.i32 %0 to %1 fixed %2 @blk(%3) : i32\n"
        "    %6 = tfrt_test.do.async %3 : (i32) -> (i32) {\n"
        "      tfrt.return %3 : i32\n"
        "    }\n"
        "    %7 = tfrt_test.benchmark \"add\"(%3 : i32, %6 : i32) duration_secs = 1, max_count = 10, num_warmup_runs = 2 {\n"
        "      %8 = tfrt.add.i32 %3, %6\n"
        "      tfrt.return %8 : i32\n"
        "    }\n"
        "    tfrt.return %6 : i32\n"
        "  }\n"
        "}\n");
}

Test(print, typed_operands_shapes_tensors)
{
    roundtrip(
        "func.func @t() {\n"
        "  %ch = tfrt.new.chain\n"
        "  %one = tfrt.constant.i32 1\n"
        "  %m = tfrt.merge.chains %ch, %one : !tfrt.chain, i32\n"
        "  %cost = tfrt_test.test_cost %one {id = 1 : i64, _tfrt_cost = 5 : i64} : i32\n"
        "  %s = ts.build_shape [1 : i64, 57 : i64]\n"
        "  %t = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]\n"
        "  %c1 = tfrt_dht.fill_tensor_with_constant.f32 %t, %ch 1.0 : f32\n"
        "  %c2 = tfrt_dht.set_tensor_with_constant_values.f32 %t, %c1 [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32, 5.0 : f32, 6.0 : f32]\n"
        "  %c3 = tfrt_dht.print_tensor %t, %c2\n"
        "  %u = ts.build_unranked_partial_shape\n"
        "  tfrt.return\n"
        "}\n",
        "module {\n"
        "  func.func @t() {\n"
        "    %0 = tfrt.new.chain\n"
        "    %1 = tfrt.constant.i32 1\n"
        "    %2 = tfrt.merge.chains %0, %1 : !tfrt.chain, i32\n"
        "    %3 = tfrt_test.test_cost %1 {_tfrt_cost = 5 : i64, id = 1 : i64} : i32\n"
        "    %4 = ts.build_shape [1, 57]\n"
        "    %5 = tfrt_dht.create_uninitialized_tensor.f32.2 [2, 3]\n"
        "    %6 = tfrt_dht.fill_tensor_with_constant.f32 %5, %0 1.000000e+00 : f32\n"
        "    %7 = tfrt_dht.set_tensor_with_constant_values.f32 %5, %6 [1.000000e+00 : f32, 2.000000e+00 : f32, 3.000000e+00 : f32, 4.000000e+00 : f32, 5.000000e+00 : f32, 6.000000e+00 : f32]\n"
        "    %8 = tfrt_dht.print_tensor %5, %7\n"
        "    %9 = ts.build_unranked_partial_shape\n"
        "    tfrt.return\n"
        "  }\n"
        "}\n");
}

Test(print, generic_form_and_attributes)
{
    roundtrip(
        "func.func @g() {\n"
        "  %ch = tfrt.new.chain\n"
        "  %a, %b, %c, %d = \"tfrt_test.flat\"() {value = [[\"s\", [1 : i32, 0 : i32]], [1.0 : f32]]} : () -> (!tfrt.string, i32, i32, f32)\n"
        "  %t = \"tfrt_test.const_dense_attr\"() {value = dense<[[1, 1], [2, 2]]> : tensor<2x2xi32>} : () -> !t.tensor\n"
        "  %u = \"tfrt_test.const_dense_attr\"() {value = dense<1.5> : tensor<4xf32>} : () -> !t.tensor\n"
        "  %x = \"tfrt.minus.i32\"(%b, %c) : (i32, i32) -> i32\n"
        "  %y = \"tfrt.lessequal.i32\"(%x, %b, %ch) : (i32, i32, !tfrt.chain) -> i1\n"
        "  %z = \"tfrt_test.sync_sum_attributes\"() {a = 1 : i32, b = 2 : i64, c, d = true, e = @g, f = \"s\", g = i32, h = {x = 1 : i64}, i = -3 : i8, j = 200 : ui8} : () -> i32\n"
        "  tfrt.return\n"
        "}\n",
        "module {\n"
        "  func.func @g() {\n"
        "    %0 = tfrt.new.chain\n"
        "    %1:4 = \"tfrt_test.flat\"() {value = [[\"s\", [1 : i32, 0 : i32]], [1.000000e+00 : f32]]} : () -> (!tfrt.string, i32, i32, f32)\n"
        "    %2 = \"tfrt_test.const_dense_attr\"() {value = dense<[[1, 1], [2, 2]]> : tensor<2x2xi32>} : () -> !t.tensor\n"
        "    %3 = \"tfrt_test.const_dense_attr\"() {value = dense<1.500000e+00> : tensor<4xf32>} : () -> !t.tensor\n"
        "    %4 = \"tfrt.minus.i32\"(%1#1, %1#2) : (i32, i32) -> i32\n"
        "    %5 = \"tfrt.lessequal.i32\"(%4, %1#1, %0) : (i32, i32, !tfrt.chain) -> i1\n"
        "    %6 = \"tfrt_test.sync_sum_attributes\"() {a = 1 : i32, b = 2 : i64, c, d = true, e = @g, f = \"s\", g = i32, h = {x = 1 : i64}, i = -3 : i8, j = 200 : ui8} : () -> i32\n"
        "    tfrt.return\n"
        "  }\n"
        "}\n");
}

Test(print, unknown_ops_with_regions)
{
    roundtrip(
        "func.func @u(%x: i32) -> i32 {\n"
        "  %r = \"my.op\"(%x) ({\n"
        "  ^bb0(%a: i32):\n"
        "    tfrt.return %a : i32\n"
        "  }) {k = 1 : i64} : (i32) -> i32\n"
        "  tfrt.return %r : i32\n"
        "}\n",
        "module {\n"
        "  func.func @u(%arg0: i32) -> i32 {\n"
        "    %0 = \"my.op\"(%arg0) ({\n"
        "    ^bb0(%arg1: i32):\n"
        "      tfrt.return %arg1 : i32\n"
        "    }) {k = 1 : i64} : (i32) -> i32\n"
        "    tfrt.return %0 : i32\n"
        "  }\n"
        "}\n");
}

Test(print, module_and_function_attributes)
{
    roundtrip(
        "module attributes {tfrt.cost_threshold = 3 : i64} {\n"
        "  func.func private @native_add(%a: i32, %b: i32) -> i32 attributes {tfrt.native}\n"
        "  func.func @s(%a: i32) -> i32 attributes {tfrt.sync} {\n"
        "    %b = tfrt.add_s.i32 %a, %a\n"
        "    tfrt.return %b : i32\n"
        "  }\n"
        "  func.func private @p() {\n"
        "    tfrt.return\n"
        "  }\n"
        "}\n",
        "module attributes {tfrt.cost_threshold = 3 : i64} {\n"
        "  func.func private @native_add(i32, i32) -> i32 attributes {tfrt.native}\n"
        "  func.func @s(%arg0: i32) -> i32 attributes {tfrt.sync} {\n"
        "    %0 = tfrt.add_s.i32 %arg0, %arg0\n"
        "    tfrt.return %0 : i32\n"
        "  }\n"
        "  func.func private @p() {\n"
        "    tfrt.return\n"
        "  }\n"
        "}\n");
}

Test(print, named_module_and_function_locations)
{
    roundtrip(
        "module @m {\n"
        "  func.func @f() {\n"
        "    tfrt.return\n"
        "  } loc(\"fn\")\n"
        "  func.func private @d(i32) attributes {tfrt.native} loc(\"other.py\":1:2)\n"
        "}\n",
        "module @m {\n"
        "  func.func @f() {\n"
        "    tfrt.return\n"
        "  } loc(\"fn\")\n"
        "  func.func private @d(i32) attributes {tfrt.native} loc(\"other.py\":1:2)\n"
        "}\n");
}

Test(print, meaningful_locations_are_kept)
{
    roundtrip(
        "func.func @l() {\n"
        "  %a = \"tfrt_test.print_debug_info\"() : () -> !tfrt.chain loc(\"name\")\n"
        "  %b = \"tfrt_test.print_debug_info\"() : () -> !tfrt.chain loc(fused[\"x\", \"y\"])\n"
        "  %c = \"tfrt_test.print_debug_info\"() : () -> !tfrt.chain loc(callsite(\"callee\" at \"f.py\":1:2))\n"
        "  %d = \"tfrt_test.print_debug_info\"() : () -> !tfrt.chain loc(#al)\n"
        "  %e = tfrt.new.chain\n"
        "  tfrt.return\n"
        "}\n"
        "#al = loc(\"aliased\"(\"a.py\":3:4))\n",
        NULL);
}

/* CoreRT's forms (SYN_CORERT): each reads to TFRT's generic form and
** prints back as written; generic forms the custom syntax cannot say
** exactly (an op_attrs key twice, no op_func_attrs) stay generic. */
Test(print, corert_forms)
{
    static const char *const src =
        "module {\n"
        "  func.func @t(%arg0: !tfrt.chain, %arg1: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle) {\n"
        "    tfrt.return %arg0, %arg1 : !tfrt.chain, !corert.tensorhandle\n"
        "  }\n"
        "  func.func @c(%arg0: !tfrt.chain, %arg1: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle) {\n"
        "    tfrt.return %arg0, %arg1 : !tfrt.chain, !corert.tensorhandle\n"
        "  }\n"
        "  func.func @f(%arg0: !corert.tensorhandle) -> !corert.tensorhandle {\n"
        "    %0 = tfrt.new.chain\n"
        "    %1 = corert.get_op_handler %0 \"cpu\"\n"
        "    %2 = corert.register_op_handler %1 \"other\" {note = 1 : i32}\n"
        "    %3 = corert.executeop(%1) \"some.op\"(%arg0) {shape = [1, 2], \"a b\", t = false} : 1\n"
        "    corert.executeop(%1) \"some.op\"(%arg0, %3)\n"
        "    %4, %5:2 = corert.executeop.seq(%1, %0) \"some.op\"() : 2\n"
        "    %6 = corert.executeop.seq(%1, %4) \"other.op\"(%5#1)\n"
        "    %7 = corert.executeop(%1) \"some.op\"() {} {f = \"g\"} : 1\n"
        "    %8 = corert.const_dense_tensor dense<[0, 1, 2]> : tensor<3xi32>\n"
        "    %9:2 = corert.cond %8 @t @c (%0, %3) {note = 2 : i32} : (!corert.tensorhandle) -> (!corert.tensorhandle)\n"
        "    %10:2 = corert.while @c @t (%6, %9#1) : (!corert.tensorhandle) -> (!corert.tensorhandle)\n"
        "    %11 = \"corert.executeop\"(%1) {op_attrs = [[\"k\", 1 : i32], [\"k\", 2 : i32]], op_func_attrs = [], op_name = \"x\"} : (!corert.ophandler) -> !corert.tensorhandle\n"
        "    %12 = \"corert.executeop\"(%1) {op_attrs = [], op_name = \"x\"} : (!corert.ophandler) -> !corert.tensorhandle\n"
        "    tfrt.return %7 : !corert.tensorhandle\n"
        "  }\n"
        "  func.func @s() attributes {tfrt.sync} {\n"
        "    %0 = corert_sync.get_op_handler \"cpu\"\n"
        "    %1 = corert_sync.executeop(%0) \"tfrt_test.create_dense_tensor\"() {shape = [1], values = [1 : i32]} : 1\n"
        "    tfrt.return\n"
        "  }\n"
        "}\n";
    /* The last two executeops print generic. */
    roundtrip(src, src);
    char *g = print_src(src, true);
    cr_assert(strstr(g, "\"corert.executeop\"(%1) {op_attrs = [[\"k\", 1 : i32], [\"k\", 2 : i32]]"), "%s", g);
    free(g);
    /* The generic form of each op. */
    DiagSink *d = diag_new(stderr);
    Module *m = parse_module("p.mlir", src, strlen(src), d);
    cr_assert(m);
    char *buf = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&buf, &len);
    IrPrintOptions po = { .generic = true };
    ir_print_module_with(o, m, &po);
    fclose(o);
    static const char *const want[] = {
        "\"corert.get_op_handler\"(%0) {op_handler_name = \"cpu\"} : (!tfrt.chain) -> !corert.ophandler",
        "\"corert.register_op_handler\"(%1) {note = 1 : i32, op_handler_name = \"other\"} : (!corert.ophandler) -> !tfrt.chain",
        "\"corert.executeop\"(%1, %arg0) {op_attrs = [[\"shape\", [1, 2]], [\"a b\", unit], [\"t\", false]], "
        "op_func_attrs = [], op_name = \"some.op\"} : (!corert.ophandler, !corert.tensorhandle) -> !corert.tensorhandle",
        "\"corert.executeop\"(%1, %arg0, %3) {op_attrs = [], op_func_attrs = [], op_name = \"some.op\"} : "
        "(!corert.ophandler, !corert.tensorhandle, !corert.tensorhandle) -> ()",
        "%4:3 = \"corert.executeop.seq\"(%1, %0) {op_attrs = [], op_func_attrs = [], op_name = \"some.op\"} : "
        "(!corert.ophandler, !tfrt.chain) -> (!tfrt.chain, !corert.tensorhandle, !corert.tensorhandle)",
        "\"corert.executeop\"(%1) {op_attrs = [], op_func_attrs = [[\"f\", \"g\"]], op_name = \"some.op\"}",
        "\"corert.const_dense_tensor\"() {value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> !corert.tensorhandle",
        "\"corert.cond\"(%7, %0, %3) {a_true_fn = @t, b_false_fn = @c, note = 2 : i32} : "
        "(!corert.tensorhandle, !tfrt.chain, !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle)",
        "\"corert.while\"(%5, %8#1) {a_cond_fn = @c, b_body_fn = @t} : (!tfrt.chain, !corert.tensorhandle) -> "
        "(!tfrt.chain, !corert.tensorhandle)",
        "\"corert_sync.get_op_handler\"() {device_name = \"cpu\"} : () -> !corert.ophandler",
        "\"corert_sync.executeop\"(%0) {op_attrs = [[\"shape\", [1]], [\"values\", [1 : i32]]], op_name = "
        "\"tfrt_test.create_dense_tensor\"} : (!corert.ophandler) -> !corert.tensorhandle",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_expect(strstr(buf, want[i]), "generic form lacks\n%s\nin:\n%s", want[i], buf);
    free(buf);
    ir_module_free(m);
    diag_free(d);
}

Test(print, every_family_is_exercised)
{
    /* A guard: each SyntaxFamily appears in at least one test above. Count
    ** the families of the op table so that a new family fails here until
    ** it gets a test. */
    size_t n;
    const OpInfo *t = optable_all(&n);
    bool seen[SYN__COUNT] = { false };
    for (size_t i = 0; i < n; i++) seen[t[i].family] = true;
    int fams = 0;
    for (int i = 0; i < SYN__COUNT; i++) fams += seen[i];
    cr_assert_eq(fams, SYN__COUNT, "a syntax family has no op");
    cr_assert_eq(SYN__COUNT, 24, "new syntax family: add a printer test");
}

/* ---------------------------------------------------------------- corpus */


/* Every golden program of the repository that parses and verifies must
** print to a fixed point. (Programs with expected parse errors do not
** parse and are skipped; so are --split-input-file files.) */
static int corpus_files, corpus_checked;

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) { free(buf); buf = NULL; }
    fclose(f);
    if (buf) { buf[n] = '\0'; *len = (size_t)n; }
    return buf;
}

static char *print_module_text(Module *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ir_print_module(f, m);
    fclose(f);
    return buf;
}

static int corpus_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st; (void)ftw;
    size_t n = strlen(path);
    if (flag != FTW_F || n < 5 || strcmp(path + n - 5, ".mlir")) return 0;
    corpus_files++;
    size_t len;
    char *src = read_file(path, &len);
    cr_assert(src, "cannot read %s", path);
    if (strstr(src, "--split-input-file")) { free(src); return 0; }
    Module *m = parse_module(path, src, len, NULL);
    VerifyOptions vo = { .allow_unregistered_dialect = true, .allow_unknown_ops = true };
    if (!m || verify_module(m, NULL, &vo) > 0) {
        if (m) ir_module_free(m);
        free(src);
        return 0;
    }
    char *p1 = print_module_text(m);
    ir_module_free(m);
    Module *m2 = parse_module("printed.mlir", p1, strlen(p1), NULL);
    cr_assert(m2, "printed form of %s does not parse:\n%s", path, p1);
    cr_assert_eq(verify_module(m2, NULL, &vo), 0, "printed form of %s does not verify", path);
    char *p2 = print_module_text(m2);
    cr_assert_str_eq(p2, p1, "%s: printing is not a fixed point", path);
    ir_module_free(m2);
    free(p1);
    free(p2);
    free(src);
    corpus_checked++;
    return 0;
}

Test(print, corpus_round_trip)
{
    struct stat st;
    if (stat("testdata", &st) != 0) cr_skip_test("no testdata directory here");
    nftw("testdata", corpus_one, 16, FTW_PHYS);
    cr_assert_gt(corpus_checked, 0, "no program of testdata/ was checked");
    cr_log_info("%d of %d programs round-tripped", corpus_checked, corpus_files);
}

/* Prefixes of a few programs: each one that still parses is verified and
** printed without crashing, and its printed form parses again. */
Test(print, truncated_programs, .timeout = 120)
{
    static const char *const files[] = {
        "testdata/opt/regions.mlir", "testdata/opt/generic.mlir", "testdata/opt/canonical.mlir",
    };
    struct stat st;
    if (stat("testdata/opt", &st) != 0) cr_skip_test("no testdata/opt directory here");
    int parsed = 0;
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
        size_t len;
        char *src = read_file(files[k], &len);
        cr_assert(src, "cannot read %s", files[k]);
        for (size_t cut = 0; cut <= len; cut++) {
            /* Prefixes that parse end at line ends; other cuts are sampled
            ** (the parser's own suite cuts at every byte). */
            if (cut < len && src[cut] != '\n' && cut % 13 != 0) continue;
            char *pre = malloc(cut + 1);
            memcpy(pre, src, cut);
            pre[cut] = '\0';
            Module *m = parse_module("cut.mlir", pre, cut, NULL);
            if (m) {
                parsed++;
                VerifyOptions vo = { .allow_unregistered_dialect = true };
                int errs = verify_module(m, NULL, &vo);
                char *p1 = print_module_text(m);
                if (errs == 0) {
                    Module *m2 = parse_module("again.mlir", p1, strlen(p1), NULL);
                    cr_assert(m2, "%s cut at %zu: printed form does not parse:\n%s", files[k], cut, p1);
                    ir_module_free(m2);
                }
                free(p1);
                ir_module_free(m);
            }
            free(pre);
        }
        free(src);
    }
    cr_assert_gt(parsed, 10);
}

Test(print, single_function_and_brief_op)
{
    static const char src[] =
        "func.func @f(%x: i32) -> i32 {\n"
        "  %q, %r = tfrt.div.i32 %x, %x\n"
        "  %y = tfrt.add.i32 %q, %r {bef.nonstrict}\n"
        "  %z:3 = tfrt_test.count3.i32 %y\n"
        "  tfrt.return %z#2 : i32\n"
        "}\n";
    Module *m = parse_module("p.mlir", src, strlen(src), NULL);
    cr_assert(m);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ir_print_func(f, m->funcs[0], false);
    fputs("--\n", f);
    ir_print_op_brief(f, m->funcs[0]->body->ops[0]);
    fputc('\n', f);
    ir_print_op_brief(f, m->funcs[0]->body->ops[1]);
    fputc('\n', f);
    ir_print_op_brief(f, m->funcs[0]->body->ops[2]);
    fputc('\n', f);
    fclose(f);
    cr_assert_str_eq(buf,
        "func.func @f(%arg0: i32) -> i32 {\n"
        "  %0:2 = tfrt.div.i32 %arg0, %arg0\n"
        "  %1 = tfrt.add.i32 %0#0, %0#1 {bef.nonstrict}\n"
        "  %2:3 = tfrt_test.count3.i32 %1\n"
        "  tfrt.return %2#2 : i32\n"
        "}\n"
        "--\n"
        "%q, %r = tfrt.div.i32 %x, %x\n"
        "%y = tfrt.add.i32 %q, %r {bef.nonstrict}\n"
        "%z#0, %z#1, %z#2 = tfrt_test.count3.i32 %y\n");
    free(buf);
    ir_module_free(m);
}

/* Every op of the table with a signature, written in generic form with the
** types of its signature (and the attributes its custom syntax carries),
** prints to text that parses and prints again identically: the printer's
** choice of custom syntax agrees with the parser for every single op. */
Test(print, every_op_of_the_table_round_trips)
{
    size_t n;
    const OpInfo *t = optable_all(&n);
    int checked = 0, custom = 0;
    for (size_t i = 0; i < n; i++) {
        IrSigText s;
        if (!ir_sig_split(t[i].signature, &s)) continue;
        char args[2048] = "", uses[1024] = "", intypes[1024] = "", outtypes[1024] = "", res[64] = "";
        size_t a = 0, u = 0, it = 0, ot = 0;
        for (int k = 0; k < s.nin; k++) {
            int len = s.in[k].len;
            const char *p = s.in[k].p;
            if (len == 3 && !memcmp(p, "any", 3)) { p = "i32"; len = 3; }
            a += (size_t)snprintf(args + a, sizeof args - a, "%s%%a%d: %.*s", k ? ", " : "", k, len, p);
            u += (size_t)snprintf(uses + u, sizeof uses - u, "%s%%a%d", k ? ", " : "", k);
            it += (size_t)snprintf(intypes + it, sizeof intypes - it, "%s%.*s", k ? ", " : "", len, p);
        }
        for (int k = 0; k < s.nout; k++) {
            int len = s.out[k].len;
            const char *p = s.out[k].p;
            if (len == 3 && !memcmp(p, "any", 3)) { p = "i32"; len = 3; }
            ot += (size_t)snprintf(outtypes + ot, sizeof outtypes - ot, "%s%.*s", k ? ", " : "", len, p);
        }
        if (s.nout == 1) snprintf(res, sizeof res, "%%r = ");
        else if (s.nout > 1) snprintf(res, sizeof res, "%%r:%d = ", s.nout);
        /* The attribute its custom syntax carries, typed like the result. */
        char attrs[1200] = "";   /* room for the %s of a 1023-byte type list */
        const char *rt = s.nout ? outtypes : "i32";
        switch (t[i].family) {
        case SYN_CONSTANT:
            if (!strcmp(rt, "i1")) snprintf(attrs, sizeof attrs, " {value = true}");
            else if (rt[0] == 'f' || rt[0] == 'b') snprintf(attrs, sizeof attrs, " {value = 2.5 : %s}", rt);
            else snprintf(attrs, sizeof attrs, " {value = 7 : %s}", rt);
            break;
        case SYN_CONSTANT_COMPLEX: {
            const char *et = strstr(rt, "f32") ? "f32" : "f64";
            snprintf(attrs, sizeof attrs, " {imaginary = 2.0 : %s, real = 1.0 : %s}", et, et);
            break;
        }
        case SYN_SHAPE_ATTR:
            snprintf(attrs, sizeof attrs, " {%s = [2 : i64, 3 : i64]}", t[i].name[0] == 't' && t[i].name[1] == 's' ? "value" : "shape");
            break;
        case SYN_OPERANDS_VALUE: snprintf(attrs, sizeof attrs, " {value = 0 : i32}"); break;
        case SYN_OPERANDS_ARRAY: snprintf(attrs, sizeof attrs, " {values = [1 : i32]}"); break;
        case SYN_NULLARY:
            if (strstr(t[i].name, "get_string")) snprintf(attrs, sizeof attrs, " {value = \"s\"}");
            break;
        case SYN_CORERT:
            switch (optable_corert_form(&t[i])) {
            case CRF_NAMED_OPERAND: snprintf(attrs, sizeof attrs, " {op_handler_name = \"cpu\"}"); break;
            case CRF_NAMED: snprintf(attrs, sizeof attrs, " {device_name = \"cpu\"}"); break;
            case CRF_DENSE: snprintf(attrs, sizeof attrs, " {value = dense<[1, 2]> : tensor<2xi32>}"); break;
            default: break;
            }
            break;
        default: break;
        }
        char src[8192];
        snprintf(src, sizeof src,
                 "func.func @f(%s) {\n  %s\"%s\"(%s)%s : (%s) -> (%s)\n  tfrt.return\n}\n",
                 args, res, t[i].name, uses, attrs, intypes, outtypes);
        Module *m = parse_module("e.mlir", src, strlen(src), NULL);
        cr_assert(m, "generic form of %s does not parse:\n%s", t[i].name, src);
        char *p1 = print_module_text(m);
        ir_module_free(m);
        Module *m2 = parse_module("e2.mlir", p1, strlen(p1), NULL);
        cr_assert(m2, "printed form of %s does not parse:\n%s\nfrom:\n%s", t[i].name, p1, src);
        char *p2 = print_module_text(m2);
        cr_assert_str_eq(p2, p1, "%s: not a fixed point", t[i].name);
        char quoted[256];
        snprintf(quoted, sizeof quoted, "\"%s\"(", t[i].name);
        if (!strstr(p1, quoted)) custom++;
        else cr_expect(t[i].family == SYN_GENERIC || s.in_var || s.out_var,
                       "%s has custom syntax but printed generic:\n%s", t[i].name, p1);
        ir_module_free(m2);
        free(p1);
        free(p2);
        checked++;
    }
    cr_assert_gt(checked, 100);
    cr_assert_gt(custom, 50);
    cr_log_info("%d ops round-tripped, %d in custom syntax", checked, custom);
}
