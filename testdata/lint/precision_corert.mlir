// RUN: tfrun lint --verify-diagnostics %s
// RUN: tfrun run --verbose --functions=constants %s 2>&1 | FileCheck %s
// CoreRT's tensors made from attributes fail only when the attributes do
// not make the tensor (docs/analysis.md §1, ops/effects.def
// FAILK_DENSE_ATTR, FAILK_SHAPE_NUMBERS, FAILK_SHAPE_STRINGS): a dense
// attribute of a dtype tfrun stores with one value or one per element; a
// shape of non-negative dimensions and exactly one number per element; one
// string or one per element; at most 2^26 elements (and TFRT's test
// kernel tfrt_test.const_dense_attr as the first). Such tensors made on
// unordered paths need no order, and auto runs `constants` fast.
// CHECK: Choosing fast schedule: auto: every conflicting pair of effects is ordered.
func.func @constants() -> (!corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle,
                           !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle) {
  %a = corert.const_dense_tensor dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<2x3xf32>
  %b = corert.const_dense_tensor dense<7> : tensor<2x2xi32>
  %c = corert.create_dense_tensor.i64 {shape = [2, 1], value = [1 : i64, 2 : i64]}
  %d = corert.create_dense_tensor.f32 {shape = [0], value = []}
  %e = corert.const_string_tensor {shape = [2], value = ["x"]}
  %f = corert.const_string_tensor {shape = [1, 2], value = ["x", "y"]}
  %g = "tfrt_test.const_dense_attr"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> !t.tensor
  %h = "tfrt_test.const_dense_attr"() {value = dense<0.5> : tensor<3xf64>} : () -> !t.tensor
  tfrt.return %a, %b, %c, %d, %e, %f : !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle,
                                       !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle
}
// CHECK: --- Running 'constants':
// CHECK-NEXT: 'constants' returned

// What can fail still warns: a count that does not fill the shape, a
// string among numbers, a negative dimension, a tensor of 2^40 elements
// (over tfrun's 4 GiB limit: an error at once, nothing allocated).
func.func @wrong_counts() {
  // expected-note @+1 {{the other op, 'corert.create_dense_tensor.i32', is here}}
  %a = corert.create_dense_tensor.i32 {shape = [2], value = [1 : i32]}
  // expected-warning @+2 {{'corert.create_dense_tensor.i32' and 'corert.create_dense_tensor.f32' may both report a runtime error, and nothing orders them}}
  // expected-note @+1 {{no chain edge can order them: 'corert.create_dense_tensor.i32' gives no chain}}
  %b = corert.create_dense_tensor.f32 {shape = [1], value = ["s"]}
  tfrt.return
}

func.func @wrong_shapes() {
  // expected-note @+1 {{the other op, 'corert.const_string_tensor', is here}}
  %a = corert.const_string_tensor {shape = [-1], value = ["x"]}
  // expected-warning @+2 {{'corert.const_string_tensor' and 'corert.const_dense_tensor' may both report a runtime error, and nothing orders them}}
  // expected-note @+1 {{no chain edge can order them: 'corert.const_string_tensor' gives no chain}}
  %b = corert.const_dense_tensor dense<7> : tensor<1099511627776xi8>
  tfrt.return
}
