// RUN: not tfrun explore --max-schedules=1000 %s 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// RUN: not tfrun explore --json --max-schedules=1000 %s 2> /dev/null | FileCheck %s --check-prefix=JSON
// RUN: not tfrun explore --max-states=10 --max-schedules=20000 --verbose %s 2>&1 > /dev/null | FileCheck %s --check-prefix=STATES
// RUN: not tfrun explore --max-states=0 %s 2>&1 | FileCheck %s --check-prefix=USAGE
// The budget counts work, not results (docs/tools.md §4, docs/explore.md):
// --max-schedules=N stops after N runs, those a reduction cut short (a
// state visited before, every step asleep) included, so it bounds the time
// even where almost every run is cut short. Eight unordered spec-model
// updates need about 2.5 million runs of which 8 are complete schedules;
// before, --max-schedules=1000 (counting complete schedules only) ran for
// minutes and grew past 900 MB. The cache of visited states is bounded
// too (--max-states, default 2^20): once full it stops growing, and a state
// it cannot hold is explored again, which is sound but slower.
func.func @eight() -> i32 {
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
  %a7 = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %a8 = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %ch2 = tfrt.merge.chains %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8 : !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain
  %x, %ch3 = "rv.read"(%v, %ch2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %x : i32
}
// CHECK: --- Exploring 'eight': {{[0-9]+}} outcome
// CHECK-NEXT: incomplete: stopped after 1000 runs ({{[0-9]+}} complete) (--max-schedules)
// ERR: tfrun explore: 'eight': incomplete: stopped after 1000 runs ({{[0-9]+}} complete) (--max-schedules)
// JSON: {"functions": [{"name": "eight", "schedules": {{[0-9]+}}, "complete": false,
// STATES: explore: 'eight' (spec model): {{[0-9]+}} complete schedules, 20000 runs, {{[0-9]+}} cache hits, 10 states cached (full)
// USAGE: tfrun explore: invalid --max-states '0' (want a positive integer)
