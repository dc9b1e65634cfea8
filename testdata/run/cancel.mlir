// Cancellation (docs/execution.md §4, §6.11): the check happens when a kernel is about to
// run, not when it became ready; the cancel kernel's own results are normal
// values; an erroneous operand wins over cancellation; the next top-level
// function starts uncancelled.
// ARGS: --work-queue=s

// %x's constant runs during the invocation (before the cancel). In the task
// that runs %ch0's kernel, the print becomes ready BEFORE the cancel runs
// (it is dispatched to its own stream's task) and is skipped when it is
// about to run, after the cancel.
// CHECK:      --- Running 'about_to_run':
// CHECK-NEXT: 'about_to_run' returned 1,<<error: Cancelled>>,0
func.func @about_to_run() -> (i32, !tfrt.chain, i32) {
  %ch0 = tfrt.new.chain
  %x = tfrt.constant.i32 1
  %c, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
  %p = tfrt.print.i32 %x, %ch0
  tfrt.return %x, %p, %c : i32, !tfrt.chain, i32
}

// The fail runs before the cancel (both users of %ch0; LIFO runs the one
// written first); the add runs after it and propagates the error operand.
// CHECK-NEXT: --- Running 'error_wins':
// CHECK-NEXT: 'error_wins' returned <<error: something bad happened>>
func.func @error_wins() -> i32 {
  %ch0 = tfrt.new.chain
  // expected-error @+1 {{something bad happened}}
  %e = "tfrt_test.fail"(%ch0) : (!tfrt.chain) -> i32
  %c, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
  %s = tfrt.add.i32 %e, %c
  tfrt.return %s : i32
}

// Non-strict kernels run after cancellation; their bodies' strict kernels
// are skipped.
func.func @callee(%x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}
// CHECK-NEXT: --- Not running 'callee' because it has arguments.
// CHECK-NEXT: --- Running 'call_after_cancel':
// CHECK-NEXT: 'call_after_cancel' returned <<error: Cancelled>>,0
func.func @call_after_cancel() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %c, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
  %r = tfrt.call @callee(%c) : (i32) -> i32
  tfrt.return %r, %c : i32, i32
}

// CHECK-NEXT: --- Running 'fresh':
// CHECK-NEXT: 'fresh' returned 2
func.func @fresh() -> i32 {
  %x = tfrt.constant.i32 1
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}
// CHECK-NOT: {{.}}
