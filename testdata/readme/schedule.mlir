// ARGS: --verbose
// Two functions for the README's section on schedules: @chained orders its
// prints with a chain, @unordered gives both prints the same chain. auto
// chooses per function (docs/analysis.md §8): @chained runs fast;
// @unordered runs exact until both prints have run (the print of 1 comes
// last: inline LIFO), and --verbose names the pair.
// CHECK:      Choosing the schedule per function: auto:
// CHECK-NEXT:   'chained': fast: every conflicting pair of effects it reaches is ordered.
// CHECK-NEXT:   'unordered': exact until the ops of its unordered pairs are done, then fast: {{.*}}schedule.mlir:30:8: 'tfrt.print.i32' and {{.*}}schedule.mlir:31:8: 'tfrt.print.i32' both print to the output.
// CHECK-NEXT: --- Running 'chained':
// CHECK-NEXT: int32 = 1
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: --- Running 'unordered':
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: int32 = 1
// CHECK-NEXT: 'unordered' went on fast once {{.*}}schedule.mlir:30:8: 'tfrt.print.i32' was done.
func.func @chained() {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %ch1 = tfrt.print.i32 %one, %ch0
  %ch2 = tfrt.print.i32 %two, %ch1
  tfrt.return
}

func.func @unordered() {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %a = tfrt.print.i32 %one, %ch0
  %b = tfrt.print.i32 %two, %ch0
  tfrt.return
}
