// RUN: tfrun explore %s | FileCheck %s
// RUN: tfrun explore %s | FileCheck %s --check-prefix=NEVER
// Message passing: the producer writes the data (42) and then raises the
// flag, chained; the consumer reads the flag and, only when it is raised,
// reads the data and prints it; otherwise it prints -1. Since the data is
// written before the flag and read after it, a consumer that sees the flag
// raised always sees 42: the consumer prints -1 (flag not yet raised) or
// 42, never the data's initial 0.
func.func @message_passing() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %data, %c1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %flag, %c2 = "rv.create"(%zero, %c1) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %v42 = tfrt.constant.i32 42
  %one = tfrt.constant.i32 1
  // Producer.
  %p1 = "rv.assign"(%data, %v42, %c2) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %p2 = "rv.assign"(%flag, %one, %p1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  // Consumer.
  %f, %r1 = "rv.read"(%flag, %c2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %raised = tfrt.equal.i32 %f, %one
  // The branch starts once the flag's value is known: after the read.
  %done = tfrt.if %raised, %data : (!rv.var) -> (!tfrt.chain) {
    %c = tfrt.new.chain
    %d, %r2 = "rv.read"(%data, %c) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
    %r3 = tfrt.print.i32 %d, %r2
    tfrt.return %r3 : !tfrt.chain
  } else {
    %c = tfrt.new.chain
    %m = tfrt.constant.i32 -1
    %r4 = tfrt.print.i32 %m, %c
    tfrt.return %r4 : !tfrt.chain
  }
  %all = tfrt.merge.chains %done, %p2 : !tfrt.chain, !tfrt.chain
  tfrt.return %all : !tfrt.chain
}
// CHECK: --- Exploring 'message_passing': 2 outcomes in {{[0-9]+}} schedules
// CHECK-DAG: int32 = -1
// CHECK-DAG: int32 = 42
// NEVER-NOT: int32 = 0
