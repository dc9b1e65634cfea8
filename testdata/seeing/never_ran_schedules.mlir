// RUN: tfrun --schedule=exact %s > %t 2>&1; test $? -eq 1 && FileCheck %s < %t
// RUN: tfrun --schedule=fast %s > %t 2>&1; test $? -eq 1 && FileCheck %s < %t
// RUN: tfrun --schedule=auto %s > %t 2>&1; test $? -eq 1 && FileCheck %s < %t
// RUN: tfrun --schedule=exact --work-queue=mstd:2 %s > %t 2>&1; test $? -eq 1 && FileCheck %s < %t
// RUN: tfrun --schedule=fast --work-queue=mstd:2 %s > %t 2>&1; test $? -eq 1 && FileCheck %s < %t
// RUN: tfrun --schedule=exact --work-queue=mstd:1,1 %s > %t 2>&1; test $? -eq 1 && FileCheck %s < %t
// RUN: tfrun --init-function=stuck --functions=other %s > %t 2>&1; test $? -eq 1 && FileCheck %s --check-prefix=INIT < %t
// RUN: tfrun --init-function=stuck --functions=other --schedule=fast --work-queue=mstd:2 %s > %t 2>&1; test $? -eq 1 && FileCheck %s --check-prefix=INIT < %t
// RUN: tfrun --trace=%t.json --profile %s > %t 2>&1; test $? -eq 1 && FileCheck %s < %t
// RUN: tfrun --replay=spec:0.0 --functions=stuck %s > %t 2>&1; test $? -eq 1 && FileCheck %s --check-prefix=INIT < %t
// A print waiting for a chain that is never produced is reported, with exit
// status 1, under both schedules, every work queue, as the init function,
// replaying an explored schedule, and with the hooks attached
// (docs/tools.md §5.4; issue 25's lost print).
// The function has no results, so nothing else would say it.

// CHECK-LABEL: --- Running 'stuck':
// CHECK: never_ran_schedules.mlir:[[@LINE+22]]:11: error: 'tfrt.print.i32' never ran: it waits for %c, which is never produced
// CHECK: never_ran_schedules.mlir:[[@LINE+19]]:8: note: %c is a result of 'rv.critical', whose invocation of @inner never returns it
// CHECK: never_ran_schedules.mlir:[[@LINE+13]]:8: note: 'rv.critical' waits for the critical section %cs, which the invocation of @inner it runs in holds: it waits for itself
// CHECK: never_ran_schedules.mlir:[[@LINE+17]]:8: note: that invocation of @inner took the critical section here
// CHECK: --- Running 'other':
// CHECK-NEXT: int32 = 7

// INIT: --- Running 'stuck':
// INIT: error: 'tfrt.print.i32' never ran
// INIT: note: that invocation of @inner took the critical section here
func.func @leaf() -> !tfrt.chain {
  %c = tfrt.new.chain
  tfrt.return %c : !tfrt.chain
}
func.func @inner(%cs: !rv.cs) -> !tfrt.chain {
  %c = rv.critical %cs @leaf() : () -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}
func.func @stuck() {
  %cs = "rv.critical_section"() : () -> !rv.cs
  %c = rv.critical %cs @inner(%cs) : (!rv.cs) -> !tfrt.chain
  %one = tfrt.constant.i32 1
  %done = tfrt.print.i32 %one, %c
  tfrt.return
}
func.func @other() {
  %ch = tfrt.new.chain
  %seven = tfrt.constant.i32 7
  %done = tfrt.print.i32 %seven, %ch
  tfrt.return
}
