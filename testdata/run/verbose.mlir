// --verbose prints the two start-up lines of docs/execution.md §1.2 to stderr, then the
// schedule and why (docs/execution.md §7: nothing here prints, so auto runs fast);
// without it
// there is no banner (docs/execution.md §1.2).
// ARGS: --verbose --work-queue=s

// CHECK:      Choosing memory leak check allocator.
// CHECK-NEXT: Choosing single-threaded work queue.
// CHECK-NEXT: Choosing fast schedule: auto: every conflicting pair of effects is ordered.
// CHECK-NEXT: --- Running 'f':
func.func @f() {
  tfrt.return
}
