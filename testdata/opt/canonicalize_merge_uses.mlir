// RUN: tfrun opt -canonicalize %s | FileCheck %s
// RUN: tfrun opt -canonicalize %s -o %t.mlir && tfrun lint %t.mlir
// RUN: tfrun run %t.mlir | FileCheck %s --check-prefix=OUT
// -canonicalize folds a tfrt.merge.chains of one chain whatever else uses
// that chain, and never drops a merge operand that is not a duplicate
// (docs/tools.md §1.3, docs/language.md §4). TFRT's own pattern differs on both:
// it keeps a merge whose operands have no other use, and it drops the
// operands that do have other uses (all but the first when every operand
// has one), which in @ordered would leave print 3 unordered against
// print 2.

// The merge is the chain's only use: folded all the same.
// CHECK-LABEL: func.func @only_use(%arg0: !tfrt.chain) -> !tfrt.chain {
// CHECK-NEXT:    tfrt.return %arg0 : !tfrt.chain
// CHECK-NEXT:  }
func.func @only_use(%c: !tfrt.chain) -> !tfrt.chain {
  %m = tfrt.merge.chains %c : !tfrt.chain
  tfrt.return %m : !tfrt.chain
}

// Both merged chains are also returned: the merge keeps both.
// CHECK-LABEL: func.func @ordered() -> (!tfrt.chain, !tfrt.chain, !tfrt.chain) {
// CHECK:         %[[A:.*]] = tfrt.print.i32
// CHECK:         %[[B:.*]] = tfrt.print.i32 %{{.*}}, %[[A]]
// CHECK-NEXT:    %[[M:.*]] = tfrt.merge.chains %[[A]], %[[B]] : !tfrt.chain, !tfrt.chain
// CHECK:         %[[D:.*]] = tfrt.print.i32 %{{.*}}, %[[M]]
// CHECK-NEXT:    tfrt.return %[[D]], %[[A]], %[[B]]
func.func @ordered() -> (!tfrt.chain, !tfrt.chain, !tfrt.chain) {
  %c0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %a = tfrt.print.i32 %one, %c0
  %two = tfrt.constant.i32 2
  %b = tfrt.print.i32 %two, %a
  %m = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain
  %three = tfrt.constant.i32 3
  %d = tfrt.print.i32 %three, %m
  tfrt.return %d, %a, %b : !tfrt.chain, !tfrt.chain, !tfrt.chain
}
// OUT:      --- Running 'ordered':
// OUT-NEXT: int32 = 1
// OUT-NEXT: int32 = 2
// OUT-NEXT: int32 = 3
