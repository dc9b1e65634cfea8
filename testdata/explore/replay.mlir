// RUN: tfrun explore %s | FileCheck %s
// RUN: tfrun run --replay=spec:0.0.0.0.0.0 %s | FileCheck %s --check-prefix=LOST
// RUN: tfrun run --replay=spec:0.1.0.0.0.0 %s | FileCheck %s --check-prefix=BOTH
// RUN: tfrun run --replay=executor:0.0.0.0 %s | FileCheck %s --check-prefix=BOTH
// RUN: not tfrun run --replay=spec:0.5 %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not tfrun run --replay=0.1 %s 2>&1 | FileCheck %s --check-prefix=USAGE
// A witness names a schedule by the step taken at each choice point, among
// the steps ready there (queue order, the 'returned' line last).
// Spec model, two unordered updates %a and %b: the ready steps are first
// [read of %a, read of %b]. spec:0.0.... takes %a's read, then %b's read
// (the queue is [read of %b, write of %a]): both read 0, and after both
// writes (0, 0), the final read (0) and the result line (0) the update is
// lost: 1. spec:0.1.... takes %a's read and then %a's write (index 1): %b
// reads 1 and writes 2. Under the executor model an update is one step.
func.func @replayed() -> i32 {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %one = tfrt.constant.i32 1
  %a = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %b = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %ch2 = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain
  %x, %ch3 = "rv.read"(%v, %ch2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %x : i32
}
// CHECK: 'replayed' returned 1
// CHECK-NEXT: (1 schedules)
// CHECK-NEXT: witness: spec:0.0.0.0.0.0
// LOST: --- Running 'replayed':
// LOST-NEXT: 'replayed' returned 1
// BOTH: --- Running 'replayed':
// BOTH-NEXT: 'replayed' returned 2
// BAD: tfrun: --replay: 'replayed': choice 2 of the witness is not an index below 2
// USAGE: tfrun: invalid witness '0.1' (want spec:I.J... or executor:I.J..., as tfrun explore prints it)
