// RUN: tfrun explore %s | FileCheck %s
// RUN: tfrun run --replay=spec@replayed:0.0.0.0.0.0 %s | FileCheck %s --check-prefix=LOST
// RUN: tfrun run --replay=spec@replayed:0.1.0.0.0.0 %s | FileCheck %s --check-prefix=BOTH
// RUN: tfrun run --replay=executor@replayed:0.0.0.0 %s | FileCheck %s --check-prefix=BOTH
// RUN: tfrun run --replay=spec:0.1.0.0.0.0 --functions=replayed %s | FileCheck %s --check-prefix=BOTH
// RUN: tfrun run --replay=spec@replayed:0.1.0.0.0.0 --function=other,replayed %s | FileCheck %s --check-prefix=OTHERS
// RUN: not tfrun run --replay=spec@replayed:0.5 %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not tfrun run --replay=0.1 %s 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not tfrun run --replay=spec@replayed:0 --function=other %s 2>&1 | FileCheck %s --check-prefix=WRONG
// A witness names its function and a schedule of it: the step taken at
// each choice point, among the steps ready there (queue order, the
// 'returned' line last). `tfrun run --replay=WITNESS FILE` runs that
// function only, in that schedule, in a file with other functions too; with
// --functions (or --function) the others named run in queue order. A
// witness without its function (spec:0.1...) fits whichever function runs.
// Spec model, two unordered updates %a and %b: the ready steps are first
// [read of %a, read of %b]. spec@replayed:0.0.... takes %a's read, then
// %b's read (the queue is [read of %b, write of %a]): both read 0, and
// after both writes (0, 0), the final read (0) and the result line (0) the
// update is lost: 1. spec@replayed:0.1.... takes %a's read and then %a's
// write (index 1): %b reads 1 and writes 2. Under the executor model an
// update is one step.
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
func.func @other() -> i32 {
  %five = tfrt.constant.i32 5
  tfrt.return %five : i32
}
// CHECK: 'replayed' returned 1
// CHECK-NEXT: (1 schedule)
// CHECK-NEXT: witness: spec@replayed:0.0.0.0.0.0
// CHECK: --- Exploring 'other': 1 outcome in 1 schedule
// CHECK-NEXT: 'other' returned 5
// CHECK-NEXT: (1 schedule)
// CHECK-NEXT: witness: spec@other:0
// LOST: --- Running 'replayed':
// LOST-NEXT: 'replayed' returned 1
// LOST-NOT: other
// BOTH: --- Running 'replayed':
// BOTH-NEXT: 'replayed' returned 2
// BOTH-NOT: other
// OTHERS: --- Running 'other':
// OTHERS-NEXT: 'other' returned 5
// OTHERS-NEXT: --- Running 'replayed':
// OTHERS-NEXT: 'replayed' returned 2
// BAD: tfrun: --replay: 'replayed': choice 2 of the witness is not an index below 2
// USAGE: tfrun: invalid witness '0.1' (want spec@NAME:I.J... or executor@NAME:I.J..., as tfrun explore prints it)
// WRONG: tfrun: the witness is a schedule of 'replayed', which --functions does not name
