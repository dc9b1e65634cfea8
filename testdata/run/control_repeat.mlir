// tfrt.repeat.i32 (docs/kernel-behaviour.md §3): loop-carried values, zero iterations, blocks of
// 32, asynchronous bodies, and a loop without loop-carried values.
// ARGS: --work-queue=s

// In the body the add runs synchronously while the print, another stream,
// becomes a task: the loop's value result is available when the repeat
// kernel returns, so the result line comes first and the prints (sequenced
// by the chain) follow during the quiesce.
// CHECK: --- Running 'repeat_print':
// CHECK-NEXT: 'repeat_print' returned 3
// CHECK-NEXT: int32 = 0
// CHECK-NEXT: int32 = 1
// CHECK-NEXT: int32 = 2
func.func @repeat_print() -> i32 {
  %n = tfrt.constant.i32 3
  %x = tfrt.constant.i32 0
  %ch0 = tfrt.new.chain
  %r:2 = tfrt.repeat.i32 %n, %x, %ch0 : i32, !tfrt.chain {
    %ch1 = tfrt.print.i32 %x, %ch0
    %one = tfrt.constant.i32 1
    %y = tfrt.add.i32 %x, %one
    tfrt.return %y, %ch1 : i32, !tfrt.chain
  }
  tfrt.return %r#0 : i32
}

// Zero iterations: the results are the operands themselves.
// CHECK-NEXT: --- Running 'repeat_zero':
// CHECK-NEXT: 'repeat_zero' returned 7,!tfrt.chain value
func.func @repeat_zero() -> (i32, !tfrt.chain) {
  %n = tfrt.constant.i32 0
  %x = tfrt.constant.i32 7
  %ch0 = tfrt.new.chain
  %r:2 = tfrt.repeat.i32 %n, %x, %ch0 : i32, !tfrt.chain {
    %ch1 = tfrt.print.i32 %x, %ch0
    tfrt.return %x, %ch1 : i32, !tfrt.chain
  }
  tfrt.return %r#0, %r#1 : i32, !tfrt.chain
}

// 100 iterations through an asynchronous copy: several blocks of 32, each
// started when the first loop-carried value is available.
// CHECK-NEXT: --- Running 'repeat_async':
// CHECK-NEXT: 'repeat_async' returned 100
func.func @repeat_async() -> i32 {
  %n = tfrt.constant.i32 100
  %x = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %x : i32 {
    %one = tfrt.constant.i32 1
    %y = tfrt.add.i32 %x, %one
    %z = "tfrt_test.async_copy.i32"(%y) : (i32) -> i32
    tfrt.return %z : i32
  }
  tfrt.return %r : i32
}

// An atomic counter and a chain as loop-carried values: 50 increments,
// sequenced by the chain.
// CHECK-NEXT: --- Running 'repeat_atomic':
// CHECK-NEXT: 'repeat_atomic' returned 50
func.func @repeat_atomic() -> i32 {
  %n = tfrt.constant.i32 50
  %c = "tfrt_test.atomic.create.i32"() : () -> !test.atomic.i32
  %ch0 = tfrt.new.chain
  %r:2 = tfrt.repeat.i32 %n, %c, %ch0 : !test.atomic.i32, !tfrt.chain {
    %ch = "tfrt_test.atomic.inc.i32"(%c, %ch0) : (!test.atomic.i32, !tfrt.chain) -> !tfrt.chain
    tfrt.return %c, %ch : !test.atomic.i32, !tfrt.chain
  }
  %v, %ch2 = "tfrt_test.atomic.get.i32"(%r#0, %r#1) : (!test.atomic.i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %v : i32
}

// No loop-carried values: the whole loop is one block; the body runs n
// times (its output comes before the next `---` line).
// CHECK-NEXT: --- Running 'repeat_no_values':
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: hello host executor!
func.func @repeat_no_values() {
  %n = tfrt.constant.i32 3
  tfrt.repeat.i32 %n {
    %ch = "tfrt_test.print_hello"() : () -> !tfrt.chain
    tfrt.return
  }
  tfrt.return
}

// The trip count is an error: every result is that error.
// CHECK-NEXT: --- Running 'repeat_error_count':
// CHECK-NEXT: 'repeat_error_count' returned <<error: something bad happened>>
func.func @repeat_error_count() -> i32 {
  // expected-error @+1 {{something bad happened}}
  %n = "tfrt_test.fail"() : () -> i32
  %x = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %x : i32 {
    tfrt.return %x : i32
  }
  tfrt.return %r : i32
}

// A negative trip count is undefined in TFRT; tfrun reports an error.
// CHECK-NEXT: --- Running 'repeat_negative':
// CHECK-NEXT: 'repeat_negative' returned <<error: tfrt.repeat.i32: negative trip count -1>>
func.func @repeat_negative() -> i32 {
  %n = tfrt.constant.i32 -1
  %x = tfrt.constant.i32 0
  // expected-error @+1 {{negative trip count}}
  %r = tfrt.repeat.i32 %n, %x : i32 {
    tfrt.return %x : i32
  }
  tfrt.return %r : i32
}

// Cancellation inside the body stops the loop before the next iteration.
// CHECK-NEXT: --- Running 'repeat_cancel':
// CHECK-NEXT: int32 = 0
// CHECK-NEXT: 'repeat_cancel' returned <<error: Cancelled>>
func.func @repeat_cancel() -> i32 {
  %n = tfrt.constant.i32 5
  %x = tfrt.constant.i32 0
  %ch0 = tfrt.new.chain
  %r:2 = tfrt.repeat.i32 %n, %x, %ch0 : i32, !tfrt.chain {
    %ch1 = tfrt.print.i32 %x, %ch0
    %c, %ch2 = "tfrt_test.cancel"(%ch1) : (!tfrt.chain) -> (i32, !tfrt.chain)
    %y = tfrt.add.i32 %x, %c
    tfrt.return %y, %ch2 : i32, !tfrt.chain
  }
  tfrt.return %r#0 : i32
}

// A new top-level function starts uncancelled. (%x is available when the
// invocation returns; the print waits for %ch0, a task, so it follows the
// result line.)
// CHECK-NEXT: --- Running 'after_cancel':
// CHECK-NEXT: 'after_cancel' returned 9
// CHECK-NEXT: int32 = 9
func.func @after_cancel() -> i32 {
  %ch0 = tfrt.new.chain
  %x = tfrt.constant.i32 9
  %ch1 = tfrt.print.i32 %x, %ch0
  tfrt.return %x : i32
}
// CHECK-NOT: {{.}}
