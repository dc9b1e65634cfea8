// Two prints that take the same chain: nothing orders them, so auto keeps
// the exact schedule and --verbose names both (docs/execution.md §7, §8), the earlier
// first. The output is exact's: both prints become ready together when the
// chain does, and the executor runs the last one readied first (inline LIFO,
// docs/execution.md §6), so 2 comes before 1.
// ARGS: --verbose --work-queue=s

// CHECK:      Choosing single-threaded work queue.
// CHECK-NEXT: Choosing exact schedule: auto: {{.*}}verbose_exact.mlir:19:9: 'tfrt.print.i32' and {{.*}}verbose_exact.mlir:20:9: 'tfrt.print.i32' both print to the output.
// CHECK-NEXT: --- Running 'f':
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: int32 = 1
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
