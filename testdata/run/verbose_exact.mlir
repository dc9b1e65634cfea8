// Two prints that take the same chain: nothing orders them, so auto runs
// the function exact until both have run (docs/analysis.md §8.1), and
// --verbose names both (docs/execution.md §7, §8), the earlier first, then says
// when the run went on fast. The output is exact's: both prints become
// ready together when the chain does, and the executor runs the last one
// readied first (inline LIFO, docs/execution.md §6), so 2 comes before 1, and
// the run goes on fast once the print of 1 has run too.
// ARGS: --verbose --work-queue=s

// CHECK:      Choosing single-threaded work queue.
// CHECK-NEXT: Choosing the schedule per function: auto:
// CHECK-NEXT:   'f': exact until the ops of its unordered pairs are done, then fast: {{.*}}verbose_exact.mlir:23:9: 'tfrt.print.i32' and {{.*}}verbose_exact.mlir:24:9: 'tfrt.print.i32' both print to the output.
// CHECK-NEXT: --- Running 'f':
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: int32 = 1
// CHECK-NEXT: 'f' went on fast once {{.*}}verbose_exact.mlir:23:9: 'tfrt.print.i32' was done.
// CHECK-NOT: {{.}}
func.func @f() {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 2
  // The analysis reports the pair at the later op.
  %c1 = tfrt.print.i32 %a, %ch
  %c2 = tfrt.print.i32 %b, %ch
  tfrt.return
}
