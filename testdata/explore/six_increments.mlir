// RUN: tfrun explore --timeout=60 %s | FileCheck %s --check-prefix=SPEC
// RUN: tfrun explore --timeout=60 --model=executor %s | FileCheck %s --check-prefix=EXEC
// Six unordered rv.assign_add of 1 on one variable holding 0 (docs/tools.md
// §4: seconds, not 6! x 2^6 raw orders). Under the spec model every
// update reads and later writes: an update that reads k and writes k + 1
// over later writes loses them, and any final value from 1 (all six read
// 0 before any writes) to 6 (no two overlap) can come out. Under the
// executor model every update is atomic: always 6.
func.func @six() -> i32 {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %one = tfrt.constant.i32 1
  %a1 = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %a2 = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %a3 = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %a4 = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %a5 = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %a6 = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %ch2 = tfrt.merge.chains %a1, %a2, %a3, %a4, %a5, %a6 : !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain
  %x, %ch3 = "rv.read"(%v, %ch2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %x : i32
}
// SPEC: --- Exploring 'six': 6 outcomes in {{[0-9]+}} schedules
// SPEC-DAG: 'six' returned 1
// SPEC-DAG: 'six' returned 2
// SPEC-DAG: 'six' returned 3
// SPEC-DAG: 'six' returned 4
// SPEC-DAG: 'six' returned 5
// SPEC-DAG: 'six' returned 6
// EXEC: --- Exploring 'six': 1 outcome in {{[0-9]+}} schedule
// EXEC-NEXT: 'six' returned 6
