// RUN: tfrun opt -canonicalize %s | FileCheck %s
// RUN: tfrun opt -canonicalize %s -o %t.mlir && tfrun opt -canonicalize %t.mlir | diff - %t.mlir
// RUN: tfrun run %s > %t.before && tfrun run %t.mlir > %t.after && diff %t.before %t.after
// RUN: tfrun run %t.mlir | FileCheck %s --check-prefix=OUT
// -canonicalize (docs/language.md §4): a merge of one chain is that chain, an
// operand merged twice counts once, and ops nobody uses that have no
// effect go. What may fail (tfrt.div.i32 by zero), print, or allocate
// stays even when unused. The result is a fixed point of the pass and
// prints what the input prints.

// CHECK-LABEL: func.func @f(%arg0: !tfrt.chain, %arg1: i32) -> (!tfrt.chain, i32) {
// CHECK-NEXT:    %0:2 = tfrt.div.i32 %arg1, %arg1
// CHECK-NEXT:    %1 = tfrt.merge.chains %arg0, %arg1 : !tfrt.chain, i32
// CHECK-NEXT:    %2 = tfrt.print.i32 %arg1, %1
// CHECK-NEXT:    tfrt.return %2, %arg1 : !tfrt.chain, i32
// CHECK-NEXT:  }
func.func @f(%ch: !tfrt.chain, %x: i32) -> (!tfrt.chain, i32) {
  %one = tfrt.merge.chains %ch : !tfrt.chain
  %dead = tfrt.add.i32 %x, %x
  %dead2 = tfrt.add.i32 %dead, %x
  %q, %r = tfrt.div.i32 %x, %x
  %two = tfrt.merge.chains %one, %ch, %x, %one : !tfrt.chain, !tfrt.chain, i32, !tfrt.chain
  %p = tfrt.print.i32 %x, %two
  %c = tfrt.constant.i32 5
  tfrt.return %p, %x : !tfrt.chain, i32
}

// Inside regions too; the unused result of an op with a region stays.
// CHECK-LABEL: func.func @main() -> i32 {
// CHECK-NEXT:    %0 = tfrt.new.chain
// CHECK-NEXT:    %1 = tfrt.constant.i32 7
// CHECK-NEXT:    %2:2 = tfrt.call @f(%0, %1) : (!tfrt.chain, i32) -> (!tfrt.chain, i32)
// CHECK-NEXT:    %3 = tfrt.constant.i1 true
// CHECK-NEXT:    %4 = tfrt.if %3, %2#1 : (i32) -> (i32) {
// CHECK-NEXT:      tfrt.return %2#1 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      tfrt.return %2#1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    tfrt.return %4 : i32
// CHECK-NEXT:  }
func.func @main() -> i32 {
  %ch = tfrt.new.chain
  %seven = tfrt.constant.i32 7
  %out:2 = tfrt.call @f(%ch, %seven) : (!tfrt.chain, i32) -> (!tfrt.chain, i32)
  %t = tfrt.constant.i1 true
  %r = tfrt.if %t, %out#1 : (i32) -> (i32) {
    %unused = tfrt.mul.i32 %out#1, %out#1
    %c = tfrt.new.chain
    %m = tfrt.merge.chains %c : !tfrt.chain
    tfrt.return %out#1 : i32
  } else {
    tfrt.return %out#1 : i32
  }
  tfrt.return %r : i32
}
// OUT: --- Running 'main':
// OUT-NEXT: int32 = 7
// OUT-NEXT: 'main' returned 7
