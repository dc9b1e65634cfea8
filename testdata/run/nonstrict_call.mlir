// Non-strict tfrt.call (docs/execution.md §4): the call is ready when its first
// operand is available, receives a not-yet-produced operand as a forwarding
// value, and runs even with an error operand.

// %slow is produced by a blocking task; the call runs as soon as %chB is
// available, so the callee prints before the sleep task runs. (Streams: the
// merges put %chB on the critical path; the sleep is a separate stream that
// runs as a task.)
// CHECK: --- Not running 'callee' because it has arguments.
func.func @callee(%slow: !tfrt.chain, %ch: !tfrt.chain) -> !tfrt.chain {
  %ch1 = "tfrt_test.print_hello"(%ch) : (!tfrt.chain) -> !tfrt.chain
  %ch2 = tfrt.merge.chains %ch1, %slow : !tfrt.chain, !tfrt.chain
  tfrt.return %ch2 : !tfrt.chain
}

// CHECK-NEXT: --- Running 'unavailable_arg':
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: Slept for 1 microseconds
// CHECK-NEXT: 'unavailable_arg' returned !tfrt.chain value
func.func @unavailable_arg() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %chA = tfrt.merge.chains %ch0, %ch0 : !tfrt.chain, !tfrt.chain
  %chB = tfrt.merge.chains %chA : !tfrt.chain
  %us = tfrt.constant.i32 1
  %slow = "tfrt_test.blocking.usleep"(%us) : (i32) -> !tfrt.chain
  %r = tfrt.call @callee(%slow, %chB) : (!tfrt.chain, !tfrt.chain) -> !tfrt.chain
  tfrt.return %r : !tfrt.chain
}

// An error operand flows into the callee: kernels that do not use it run,
// strict kernels that use it propagate it. The call runs as soon as %e is
// available (an error), before %ch0's kernel, which is another stream's
// task; the callee's add propagates the error at once, so the result line
// comes first and the callee's print follows during the quiesce.
// CHECK-NEXT: --- Not running 'callee2' because it has arguments.
func.func @callee2(%x: i32, %ch: !tfrt.chain) -> i32 {
  %ch1 = "tfrt_test.print_hello"(%ch) : (!tfrt.chain) -> !tfrt.chain
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}

// CHECK-NEXT: --- Running 'error_arg':
// CHECK-NEXT: 'error_arg' returned <<error: something bad happened>>
// CHECK-NEXT: hello host executor!
func.func @error_arg() -> i32 {
  %ch0 = tfrt.new.chain
  // expected-error @+1 {{something bad happened}}
  %e = "tfrt_test.fail"() : () -> i32
  %r = tfrt.call @callee2(%e, %ch0) : (i32, !tfrt.chain) -> i32
  tfrt.return %r : i32
}

// A strict kernel with an error operand is skipped: no side effect.
// CHECK-NEXT: --- Running 'strict_skip':
// CHECK-NEXT: 'strict_skip' returned <<error: something bad happened>>
func.func @strict_skip() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  // expected-error @+1 {{something bad happened}}
  %e = "tfrt_test.fail"() : () -> i32
  %ch1 = tfrt.print.i32 %e, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// tfrt.if is non-strict too: an error condition makes every result that
// error without running a branch.
// CHECK-NEXT: --- Running 'if_error_cond':
// CHECK-NEXT: 'if_error_cond' returned <<error: something bad happened>>,<<error: something bad happened>>
func.func @if_error_cond() -> (i32, i32) {
  %x = tfrt.constant.i32 1
  // expected-error @+1 {{something bad happened}}
  %c = "tfrt_test.fail"() : () -> i1
  %r:2 = tfrt.if %c, %x : (i32) -> (i32, i32) {
    %ch = tfrt.new.chain
    %p = tfrt.print.i32 %x, %ch
    tfrt.return %x, %x : i32, i32
  } else {
    tfrt.return %x, %x : i32, i32
  }
  tfrt.return %r#0, %r#1 : i32, i32
}
// CHECK-NOT: {{.}}
