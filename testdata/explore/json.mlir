// RUN: tfrun explore --json --function=chained %s | FileCheck %s
// RUN: tfrun explore --json --function=chained --model=executor %s | FileCheck %s --check-prefix=EXEC
// RUN: tfrun explore --json --functions=loose %s | FileCheck %s --check-prefix=LOOSE
// --json prints one object (docs/tools.md §4); an outcome's output is its lines
// joined with \n, as its witness printed them, and "returned_at" says
// where the 'returned' line came among the program's own lines: after how
// many of them, in how many schedules, and a witness for each place. The
// witness names the function (spec@chained:...), so `tfrun run
// --replay=WITNESS FILE` needs no --functions.
// @chained is fully chained (the print's chain is a result, so the
// 'returned' line comes after it): one schedule. Under the spec model its
// choice points are the update's read step, its write step, the read, the
// print and the result line (one step ready at each: witness
// spec@chained:0.0.0.0.0); under the executor model the update is one step
// (executor@chained:0.0.0.0).
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
// CHECK: {"functions": [{"name": "chained", "schedules": 1, "complete": true, "outcomes": [{"output": "int32 = 6\n'chained' returned 6,!tfrt.chain value", "schedules": 1, "witness": "spec@chained:0.0.0.0.0", "returned_at": [{"after_line": 1, "schedules": 1, "witness": "spec@chained:0.0.0.0.0"}]}]}]}
// EXEC: {"functions": [{"name": "chained", "schedules": 1, "complete": true, "outcomes": [{"output": "int32 = 6\n'chained' returned 6,!tfrt.chain value", "schedules": 1, "witness": "executor@chained:0.0.0.0", "returned_at": [{"after_line": 1, "schedules": 1, "witness": "executor@chained:0.0.0.0"}]}]}]}

// @loose returns 3 without waiting for its print: the 'returned' line may
// come before or after `int32 = 1`. That is one outcome (the program prints
// the same and returns the same) in two schedules: the first puts the
// print first (steps [print, result line]: index 0), the second the result
// line (index 1, then the print).
func.func @loose() -> i32 {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %ch1 = tfrt.print.i32 %one, %ch0
  %three = tfrt.constant.i32 3
  tfrt.return %three : i32
}
// LOOSE: {"functions": [{"name": "loose", "schedules": 2, "complete": true, "outcomes": [{"output": "int32 = 1\n'loose' returned 3", "schedules": 2, "witness": "spec@loose:0.0", "returned_at": [{"after_line": 1, "schedules": 1, "witness": "spec@loose:0.0"}, {"after_line": 0, "schedules": 1, "witness": "spec@loose:1.0"}]}]}]}
