// RUN: tfrun lint --fix %s | FileCheck %s --check-prefix=FIX
// RUN: tfrun lint --fix %s -o %t.mlir && tfrun lint %t.mlir && tfrun opt %t.mlir > /dev/null
// RUN: tfrun run %t.mlir | FileCheck %s --check-prefix=OUT
// A region of tfrt.if names its argument after the operand, so when --fix
// passes another chain to the op it renames the uses inside the regions
// too (else the fixed program would not verify): here %ch becomes %p1 in
// the operand list and in both branches, nested regions included.
func.func @main() {
  %ch = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %p1 = tfrt.print.i32 %one, %ch
  %t = tfrt.constant.i1 true
  %r = tfrt.if %t, %ch : (!tfrt.chain) -> (!tfrt.chain) {
    %two = tfrt.constant.i32 2
    %p2 = tfrt.print.i32 %two, %ch
    %f = tfrt.constant.i1 false
    %q = tfrt.if %f, %ch : (!tfrt.chain) -> (!tfrt.chain) {
      tfrt.return %ch : !tfrt.chain
    } else {
      tfrt.return %ch : !tfrt.chain
    }
    tfrt.return %p2 : !tfrt.chain
  } else {
    tfrt.return %ch : !tfrt.chain
  }
  tfrt.return
}
// FIX:      %r = tfrt.if %t, %p1 : (!tfrt.chain) -> (!tfrt.chain) {
// FIX-NEXT:   %two = tfrt.constant.i32 2
// FIX-NEXT:   %p2 = tfrt.print.i32 %two, %p1
// FIX-NEXT:   %f = tfrt.constant.i1 false
// FIX-NEXT:   %q = tfrt.if %f, %p1 : (!tfrt.chain) -> (!tfrt.chain) {
// FIX-NEXT:     tfrt.return %p1 : !tfrt.chain
// FIX-NEXT:   } else {
// FIX-NEXT:     tfrt.return %p1 : !tfrt.chain
// FIX-NEXT:   }
// FIX-NEXT:   tfrt.return %p2 : !tfrt.chain
// FIX-NEXT: } else {
// FIX-NEXT:   tfrt.return %p1 : !tfrt.chain
// FIX-NEXT: }
// OUT:      --- Running 'main':
// OUT-NEXT: int32 = 1
// OUT-NEXT: int32 = 2
