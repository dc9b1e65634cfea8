// MODE: opt
// The canonical form of docs/tools.md §1: a module around the functions,
// func.func, values renumbered per function, %N:K / %N#i for multi-result
// ops, %argN for arguments, custom syntax, floats in %e form.

// CHECK-LABEL: module {
// CHECK-NEXT:  func.func @basic(%arg0: i32, %arg1: f32) -> (i32, i32) {
// CHECK-NEXT:    %0 = tfrt.new.chain
// CHECK-NEXT:    %1 = tfrt.constant.i32 -7
// CHECK-NEXT:    %2 = tfrt.constant.f32 1.000000e-01
// CHECK-NEXT:    %3 = tfrt.constant.f64 3.1227137e+02
// CHECK-NEXT:    %4 = tfrt.constant.i1 true
// CHECK-NEXT:    %5:2 = tfrt.div.i32 %arg0, %1
// CHECK-NEXT:    %6 = tfrt.add.i32 %5#0, %5#1
// CHECK-NEXT:    %7 = tfrt.print.i32 %6, %0
// CHECK-NEXT:    %8 = tfrt.add.f32 %arg1, %2
// CHECK-NEXT:    %9 = tfrt.merge.chains %7, %8 : !tfrt.chain, f32
// CHECK-NEXT:    tfrt.return %6, %5#1 : i32, i32
// CHECK-NEXT:  }
func @basic(%x: i32, %y: f32) -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %c = tfrt.constant.i32 -7
  %f = tfrt.constant.f32 0.1
  %d = tfrt.constant.f64 312.27137
  %t = tfrt.constant.i1 1
  %q, %r = tfrt.div.i32 %x, %c
  %sum = tfrt.add.i32 %q, %r
  %ch1 = tfrt.print.i32 %sum, %ch0
  %g = tfrt.add.f32 %y, %f
  %m = tfrt.merge.chains %ch1, %g : !tfrt.chain, f32
  tfrt.return %sum, %r : i32, i32
}

// Numbering restarts in every function.
// CHECK-LABEL: func.func @calls() -> i32 {
// CHECK-NEXT:    %0 = tfrt.constant.i32 2
// CHECK-NEXT:    %1 = tfrt.constant.f32 5.000000e-01
// CHECK-NEXT:    %2:2 = tfrt.call @basic(%0, %1) : (i32, f32) -> (i32, i32)
// CHECK-NEXT:    tfrt.return %2#1 : i32
// CHECK-NEXT:  }
// CHECK-NEXT: }
// CHECK-EMPTY:
func.func @calls() -> i32 {
  %two = tfrt.constant.i32 2
  %half = tfrt.constant.f32 0.5
  %res:2 = tfrt.call @basic(%two, %half) : (i32, f32) -> (i32, i32)
  tfrt.return %res#1 : i32
}
