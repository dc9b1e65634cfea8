// RUN: not tfrun lint %s 2>&1 | FileCheck %s
// RUN: not tfrun lint --fix %s | cmp - %s
// The README's second lint example: @say prints, but returns the chain it
// was given, so no chain of the call comes after its print and no edge in
// @main can order it: the warning says so, and --fix leaves it.
// CHECK: warning: 'tfrt.print.i32' and 'tfrt.print.i32' both print to the output
// CHECK: note: no chain edge can order them
func.func @say(%x: i32, %c: !tfrt.chain) -> !tfrt.chain {
  %p = tfrt.print.i32 %x, %c
  tfrt.return %c : !tfrt.chain
}

func.func @main() {
  %c0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %c1 = tfrt.call @say(%one, %c0) : (i32, !tfrt.chain) -> !tfrt.chain
  %c2 = tfrt.print.i32 %one, %c1
  tfrt.return
}
