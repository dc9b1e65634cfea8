// RUN: tfrun lint --verify-diagnostics %s
// RUN: tfrun run --verbose --functions=variables,boxes,strings %s 2>&1 | FileCheck %s
// An FX_FAIL stays only where the failure can happen (docs/analysis.md §1).
// Two variables, each used with the type its rv.create gave it; a box that
// holds what was boxed; strings from string attributes: nothing here can
// fail, so the unordered chains need no order, and auto runs it fast.
// CHECK: Choosing fast schedule: auto: every conflicting pair of effects is ordered.
func.func @variables() -> (i32, f32) {
  %c0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %one = tfrt.constant.i32 1
  %v, %c1 = "rv.create"(%zero, %c0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %c2 = "rv.assign"(%v, %one, %c1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %x, %c3 = "rv.read"(%v, %c2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %fz = tfrt.constant.f32 0.0
  %fo = tfrt.constant.f32 1.5
  %w, %d1 = "rv.create"(%fz, %c0) : (f32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %d2 = "rv.assign_add"(%w, %fo, %d1) : (!rv.var, f32, !tfrt.chain) -> !tfrt.chain
  %y, %d3 = "rv.read"(%w, %d2) : (!rv.var, !tfrt.chain) -> (f32, !tfrt.chain)
  tfrt.return %x, %y : i32, f32
}
// CHECK: 'variables' returned 1,1.500000e+00

func.func @boxes() -> (i32, i32) {
  %one = tfrt.constant.i32 1
  %x = "any.unbox.i32"(%one) : (!tfrt.any) -> i32
  %y = "any.unbox.i32"(%one) : (!tfrt.any) -> i32
  tfrt.return %x, %y : i32, i32
}
// CHECK: 'boxes' returned 1,1

func.func @strings() -> (i64, i64) {
  %s = tfrt_test.get_string {value = "h\C3\A9llo"}
  %t = "str.concat"(%s, %s) : (!tfrt.string, !tfrt.string) -> !tfrt.string
  %n = "str.len"(%s) : (!tfrt.string) -> i64
  %m = "str.len"(%t) : (!tfrt.string) -> i64
  tfrt.return %n, %m : i64, i64
}
// CHECK: 'strings' returned 5,10

// What can fail still warns: an i64 read from a variable created with an
// i32, unordered with an assign of an f32 into another one.
func.func @wrong_types() {
  %c0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %f = tfrt.constant.f32 1.0
  %v, %c1 = "rv.create"(%zero, %c0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %w, %d1 = "rv.create"(%zero, %c0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  // expected-note @+1 {{the other op, 'rv.read', is here}}
  %x, %c2 = "rv.read"(%v, %c1) : (!rv.var, !tfrt.chain) -> (i64, !tfrt.chain)
  // expected-warning @+2 {{'rv.read' and 'rv.assign' may both report a runtime error, and nothing orders them}}
  // expected-note @+1 {{pass tfrt.merge.chains %d1, %c2 instead of %d1 to order them as written}}
  %d2 = "rv.assign"(%w, %f, %d1) : (!rv.var, f32, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
