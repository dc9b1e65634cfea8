// RUN: tfrun opt -canonicalize %s -o %t.mlir 2> %t.err
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.err
// RUN: tfrun run --schedule=exact %s | FileCheck %s --check-prefix=BEFORE
// RUN: tfrun run --schedule=exact %t.mlir | FileCheck %s --check-prefix=AFTER
// RUN: tfrun opt --verify-diagnostics -canonicalize %s > /dev/null
// RUN: tfrun opt -inline -canonicalize %s 2>&1 > /dev/null | FileCheck %s --check-prefix=BOTH
// RUN: tfrun opt -inline -canonicalize %S/inline.mlir 2>&1 > /dev/null | FileCheck %s --check-prefix=INLINE
// RUN: tfrun opt -canonicalize %t.mlir 2>&1 > /dev/null | count 0
// RUN: tfrun lint --fix %s -o %t.fixed.mlir && tfrun opt -canonicalize %t.fixed.mlir 2>&1 > /dev/null | count 0
// -canonicalize and -inline keep every effect and every dependency, but
// they remove and move ops, and TFRT's stream analysis, which fixes the
// order the exact schedule gives to effects that nothing orders, sees every
// op: removing the dead adds between the prints below turns the exact
// schedule's `2 2 8` into `8 2 2`. So a pass that changed a program with
// an unordered pair says so, with a remark naming the first pair
// (docs/tools.md §1.3), naming the passes that changed it. Nothing is said when the pass changed nothing (the
// canonical form, run again) or when every effect is ordered (the program
// after `lint --fix`).
func.func @main() {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 2
  %b = tfrt.constant.i32 8
  %p1 = tfrt.print.i32 %a, %ch
  %d1 = tfrt.add.i32 %b, %b
  %d2 = tfrt.add.i32 %d1, %b
  %d3 = tfrt.add.i32 %d2, %b
  %d4 = tfrt.add.i32 %d3, %b
  // expected-remark@+1 {{-canonicalize may change the order in which the exact schedule runs effects that nothing orders}}
  %p2 = tfrt.print.i32 %b, %ch
  %p3 = tfrt.print.i32 %a, %ch
  tfrt.return
}
// REMARK: canonicalize_order.mlir:29:9: remark: -canonicalize may change the order in which the exact schedule runs effects that nothing orders: {{.*}}canonicalize_order.mlir:23:9: 'tfrt.print.i32' and {{.*}}canonicalize_order.mlir:29:9: 'tfrt.print.i32' both print to the output (and 1 more such pair)
// BOTH: remark: -canonicalize may change the order
// INLINE: inline.mlir:62:14: remark: -inline may change the order in which the exact schedule runs effects that nothing orders: {{.*}}inline.mlir:43:10: 'tfrt.print.i32' (reached through 'tfrt.call' at line 62) prints to the output, and no result of 'main' depends on it
// BEFORE: int32 = 2
// BEFORE-NEXT: int32 = 2
// BEFORE-NEXT: int32 = 8
// AFTER: int32 = 8
// AFTER-NEXT: int32 = 2
// AFTER-NEXT: int32 = 2
