// RUN: tfrun opt -inline %s | FileCheck %s
// RUN: tfrun opt -inline %s -o %t.mlir && tfrun run %s > %t.before && tfrun run %t.mlir > %t.after
// RUN: grep -v 'Not running' %t.before > %t.b && grep -v 'Not running' %t.after > %t.a && diff %t.b %t.a
// RUN: tfrun run %t.mlir | FileCheck %s --check-prefix=OUT
// -inline (docs/language.md §4): a tfrt.call of a private function that no other
// op names becomes a copy of the callee's body (arguments replaced by the
// call's operands, results by the return's operands, regions copied too),
// and the callee goes. @shared is called twice and stays; the program
// prints the same before and after. The values of a region are numbered
// after those of the block around it, as mlir-opt numbers them.

// CHECK-LABEL: module {
// CHECK-NEXT:  func.func private @shared(%arg0: i32) -> i32 {
// CHECK-NEXT:    tfrt.return %arg0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @main() -> i32 {
// CHECK-NEXT:    %0 = tfrt.new.chain
// CHECK-NEXT:    %1 = tfrt.constant.i32 41
// CHECK-NEXT:    %2 = tfrt.constant.i32 1
// CHECK-NEXT:    %3 = tfrt.add.i32 %1, %2
// CHECK-NEXT:    %4 = tfrt.print.i32 %3, %0
// CHECK-NEXT:    %5 = tfrt.constant.i1 true
// CHECK-NEXT:    %6 = tfrt.if %5, %3 : (i32) -> (i32) {
// CHECK-NEXT:      %10 = tfrt.add.i32 %3, %3
// CHECK-NEXT:      tfrt.return %10 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      tfrt.return %3 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %7 = tfrt.call @shared(%6) : (i32) -> i32
// CHECK-NEXT:    %8 = tfrt.call @shared(%7) : (i32) -> i32
// CHECK-NEXT:    %9 = tfrt.print.i32 %8, %4
// CHECK-NEXT:    tfrt.return %8 : i32
// CHECK-NEXT:  }
// CHECK-NEXT: }

// OUT: --- Running 'main':
// OUT-NEXT: int32 = 42
// OUT-NEXT: int32 = 84
// OUT-NEXT: 'main' returned 84
func.func private @add1(%ch: !tfrt.chain, %x: i32) -> (!tfrt.chain, i32) {
  %one = tfrt.constant.i32 1
  %y = tfrt.add.i32 %x, %one
  %ch2 = tfrt.print.i32 %y, %ch
  tfrt.return %ch2, %y : !tfrt.chain, i32
}
func.func private @twice(%x: i32) -> i32 {
  %c = tfrt.constant.i1 true
  %r = tfrt.if %c, %x : (i32) -> (i32) {
    %d = tfrt.add.i32 %x, %x
    tfrt.return %d : i32
  } else {
    tfrt.return %x : i32
  }
  tfrt.return %r : i32
}
func.func private @shared(%x: i32) -> i32 {
  tfrt.return %x : i32
}
func.func @main() -> i32 {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 41
  %ch1, %b = tfrt.call @add1(%ch, %a) : (!tfrt.chain, i32) -> (!tfrt.chain, i32)
  %c = tfrt.call @twice(%b) : (i32) -> i32
  %s1 = tfrt.call @shared(%c) : (i32) -> i32
  %s2 = tfrt.call @shared(%s1) : (i32) -> i32
  %ch2 = tfrt.print.i32 %s2, %ch1
  tfrt.return %s2 : i32
}
