// RUN: tfrun opt -allow-unregistered-dialect %s | FileCheck %s
// RUN: tfrun opt -allow-unregistered-dialect %s -o %t.mlir && tfrun opt -allow-unregistered-dialect %t.mlir | diff - %t.mlir
// RUN: tfrun opt -allow-unregistered-dialect -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// Inside an array attribute i64 and f64 are the default element types, and
// MLIR's printer leaves them out there, in the custom form as in the
// generic one (docs/syntax.md, Attributes). Everywhere else the type is
// written. The printed form reads back to itself.

// CHECK-LABEL: func.func @shapes() {
// CHECK-NEXT:    %0 = ts.build_shape [4, 8]
// CHECK-NEXT:    "x.op"() {flat = [7, -2.500000e-01, 3 : i32, 1.000000e+00 : f32, true], nested = [{k = 9 : i64}, [0]], one = 5 : i64, two = 7.500000e-01 : f64} : () -> ()
// GEN: "x.op"() {flat = [7, -2.500000e-01, 3 : i32, 1.000000e+00 : f32, true], nested = [{k = 9 : i64}, [0]], one = 5 : i64, two = 7.500000e-01 : f64} : () -> ()
func.func @shapes() {
  %s = ts.build_shape [4 : i64, 8 : i64]
  "x.op"() {flat = [7 : i64, -0.25 : f64, 3 : i32, 1.0 : f32, true], nested = [{k = 9 : i64}, [0 : i64]], one = 5 : i64, two = 0.75 : f64} : () -> ()
  tfrt.return
}
