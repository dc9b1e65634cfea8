// RUN: tfrun explore --json %s | FileCheck %s
// RUN: tfrun explore --json --model=executor %s | FileCheck %s --check-prefix=EXEC
// --json prints one object (docs/tools.md §4); an outcome's output is its lines
// joined with \n. The program is fully chained (the print's chain is a
// result, so the 'returned' line comes after it), so it has one schedule:
// under the spec model its choice points are the update's read step, its
// write step, the read, the print and the result line (one step ready at
// each: witness spec:0.0.0.0.0); under the executor model the update is one
// step (executor:0.0.0.0).
func.func @chained() -> (i32, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %five = tfrt.constant.i32 5
  %v, %ch1 = "rv.create"(%five, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %one = tfrt.constant.i32 1
  %ch2 = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %x, %ch3 = "rv.read"(%v, %ch2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %ch4 = tfrt.print.i32 %x, %ch3
  tfrt.return %x, %ch4 : i32, !tfrt.chain
}
// CHECK: {"functions": [{"name": "chained", "schedules": 1, "complete": true, "outcomes": [{"output": "int32 = 6\n'chained' returned 6,!tfrt.chain value", "schedules": 1, "witness": "spec:0.0.0.0.0"}]}]}
// EXEC: {"functions": [{"name": "chained", "schedules": 1, "complete": true, "outcomes": [{"output": "int32 = 6\n'chained' returned 6,!tfrt.chain value", "schedules": 1, "witness": "executor:0.0.0.0"}]}]}
