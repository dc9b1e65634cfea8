// RUN: tfrun opt -mlir-print-op-generic %s -o %t.generic.mlir
// RUN: tfrun opt %t.generic.mlir | FileCheck %s
// RUN: tfrun run %s > %t.a && tfrun run %t.generic.mlir > %t.b && diff %t.a %t.b
// RUN: tfrun opt -mlir-print-op-generic %t.generic.mlir | diff - %t.generic.mlir
// tfrun reads the generic form it prints ("builtin.module"() ({...}),
// "func.func"() ({ ^bb0(...): ... }) {function_type, sym_name,
// sym_visibility}), so -mlir-print-op-generic's output runs, prints back in
// custom form, and is a fixed point. (An empty region is a declaration:
// tests/oracle/basic.mlir's @ext, read back by tests/mlir_oracle.sh.)

// CHECK-LABEL: module @m attributes {tfrt.cost_threshold = 1 : i64} {
// CHECK-NEXT:  func.func @add(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    %0 = tfrt.add.i32 %arg0, %arg1
// CHECK-NEXT:    tfrt.return %0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @main() -> i32 {
// CHECK-NEXT:    %0 = tfrt.new.chain
// CHECK-NEXT:    %1 = tfrt.constant.i32 40
// CHECK-NEXT:    %2 = tfrt.constant.i32 2
// CHECK-NEXT:    %3 = tfrt.call @add(%1, %2) : (i32, i32) -> i32
// CHECK-NEXT:    %4 = tfrt.print.i32 %3, %0
// CHECK-NEXT:    tfrt.return %3 : i32
// CHECK-NEXT:  }
// CHECK-NEXT: }
module @m attributes {tfrt.cost_threshold = 1 : i64} {
  func.func @add(%a: i32, %b: i32) -> i32 {
    %s = tfrt.add.i32 %a, %b
    tfrt.return %s : i32
  }
  func.func @main() -> i32 {
    %ch = tfrt.new.chain
    %x = tfrt.constant.i32 40
    %y = tfrt.constant.i32 2
    %r = tfrt.call @add(%x, %y) : (i32, i32) -> i32
    %p = tfrt.print.i32 %r, %ch
    tfrt.return %r : i32
  }
}
