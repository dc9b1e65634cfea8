// RUN: not tfrun explore --max-schedules=1 %s 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// RUN: not tfrun explore --json --max-schedules=1 --function=two %s 2>/dev/null | FileCheck %s --check-prefix=JSON
// RUN: not tfrun explore --function=opaque %s 2>&1 | FileCheck %s --check-prefix=OPAQUE
// RUN: not tfrun explore --model=both %s 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not tfrun explore --function=nothere %s 2>&1 | FileCheck %s --check-prefix=MISSING
// Limits (docs/tools.md §4): --max-schedules cuts the search after that many
// runs, complete or cut short by a reduction (complete: false, exit
// status 1, a note saying why; budget.mlir shows the runs cut short); an op whose effects the explorer
// cannot model is named, and the search is not complete.
// @two has two unordered updates: under the spec model four conflict
// orders, so one schedule is not all of them.
func.func @two() -> i32 {
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
// CHECK: --- Exploring 'two': 1 outcome in 1 schedule
// CHECK-NEXT: incomplete: stopped after 1 run (1 complete) (--max-schedules)
// ERR: tfrun explore: 'two': incomplete: stopped after 1 run (1 complete) (--max-schedules)
// JSON: {"functions": [{"name": "two", "schedules": 1, "complete": false, "outcomes": [{"output":

// tfrt_test.get_thread_id observes which thread runs it: not modelled.
func.func @opaque() -> i32 {
  %ch0 = tfrt.new.chain
  %t = "tfrt_test.get_thread_id"(%ch0) : (!tfrt.chain) -> i32
  %ch1 = tfrt.print.i32 %t, %ch0
  tfrt.return %t : i32
}
// OPAQUE: incomplete: 'tfrt_test.get_thread_id' at line {{[0-9]+}}: the explorer cannot model its effects (observes which thread runs it)
// USAGE: tfrun explore: invalid model 'both' (want spec or executor)
// MISSING: tfrun explore: couldn't find function nothere
