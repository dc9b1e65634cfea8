// RUN: tfrun explore %s | FileCheck %s --check-prefix=SPEC
// RUN: tfrun explore --model=executor %s | FileCheck %s --check-prefix=EXEC
// Two unordered increments of one variable (0 + 1 + 1). Under the RFC's
// specified semantics (--model=spec) rv.assign_add reads, adds and writes
// in two steps: when both read 0 before either writes, one update is lost
// and the result is 1; otherwise 2. The executor holds the variable for
// the whole update (--model=executor): always 2.
func.func @increments() -> i32 {
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
// SPEC: --- Exploring 'increments': 2 outcomes in {{[0-9]+}} schedules
// SPEC-DAG: 'increments' returned 1
// SPEC-DAG: 'increments' returned 2
// EXEC: --- Exploring 'increments': 1 outcome in {{[0-9]+}} schedule
// EXEC-NEXT: 'increments' returned 2
// EXEC-NOT: returned 1
