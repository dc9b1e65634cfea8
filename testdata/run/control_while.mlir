// tfrt.while (docs/kernel-behaviour.md §3): the body returns the next arguments plus an i1
// "continue" flag. Sequenced by data only: same result under both queues.
// ARGS: --work-queue=mstd:2

// Counts %i up to 5 while summing it.
func.func @body(%i: i32, %sum: i32) -> (i32, i32, i1) {
  %one = tfrt.constant.i32 1
  %five = tfrt.constant.i32 5
  %s = tfrt.add.i32 %sum, %i
  %j = tfrt.add.i32 %i, %one
  %more = "tfrt.lessequal.i32"(%j, %five) : (i32, i32) -> i1
  tfrt.return %j, %s, %more : i32, i32, i1
}

// CHECK: --- Not running 'body' because it has arguments.
// CHECK-NEXT: --- Running 'while_inline':
// CHECK-NEXT: 'while_inline' returned 6,15
func.func @while_inline() -> (i32, i32) {
  %c = tfrt.constant.i1 1
  %i = tfrt.constant.i32 1
  %s = tfrt.constant.i32 0
  %r:2 = tfrt.while %c @body(%i, %s) parallel_iterations(1) : (i32, i32) -> (i32, i32)
  tfrt.return %r#0, %r#1 : i32, i32
}

// CHECK-NEXT: --- Running 'while_parallel':
// CHECK-NEXT: 'while_parallel' returned 6,15
func.func @while_parallel() -> (i32, i32) {
  %c = tfrt.constant.i1 1
  %i = tfrt.constant.i32 1
  %s = tfrt.constant.i32 0
  %r:2 = tfrt.while %c @body(%i, %s) parallel_iterations(4) : (i32, i32) -> (i32, i32)
  tfrt.return %r#0, %r#1 : i32, i32
}

// A false initial condition: the results are the arguments.
// CHECK-NEXT: --- Running 'while_false':
// CHECK-NEXT: 'while_false' returned 1,0
func.func @while_false() -> (i32, i32) {
  %c = tfrt.constant.i1 0
  %i = tfrt.constant.i32 1
  %s = tfrt.constant.i32 0
  %r:2 = tfrt.while %c @body(%i, %s) parallel_iterations(1) : (i32, i32) -> (i32, i32)
  tfrt.return %r#0, %r#1 : i32, i32
}

// The condition computed asynchronously: the loop resumes from a task.
func.func @async_body(%i: i32) -> (i32, i1) {
  %one = tfrt.constant.i32 1
  %ten = tfrt.constant.i32 10
  %j = tfrt.add.i32 %i, %one
  %k = "tfrt_test.async_copy.i32"(%j) : (i32) -> i32
  %more = "tfrt.lessequal.i32"(%k, %ten) : (i32, i32) -> i1
  tfrt.return %k, %more : i32, i1
}
// CHECK-NEXT: --- Not running 'async_body' because it has arguments.
// CHECK-NEXT: --- Running 'while_async':
// CHECK-NEXT: 'while_async' returned 11
func.func @while_async() -> i32 {
  %c = tfrt.constant.i1 1
  %i = tfrt.constant.i32 0
  %r = tfrt.while %c @async_body(%i) parallel_iterations(1) : (i32) -> (i32)
  tfrt.return %r : i32
}

// The condition becomes an error: once the current arguments are resolved,
// every result is that error.
func.func @fail_body(%i: i32) -> (i32, i1) {
  %one = tfrt.constant.i32 1
  %j = tfrt.add.i32 %i, %one
  // expected-error @+1 {{something bad happened}}
  %c = "tfrt_test.fail"() : () -> i1
  tfrt.return %j, %c : i32, i1
}
// CHECK-NEXT: --- Not running 'fail_body' because it has arguments.
// CHECK-NEXT: --- Running 'while_error':
// CHECK-NEXT: 'while_error' returned <<error: something bad happened>>
func.func @while_error() -> i32 {
  %c = tfrt.constant.i1 1
  %i = tfrt.constant.i32 0
  %r = tfrt.while %c @fail_body(%i) parallel_iterations(1) : (i32) -> (i32)
  tfrt.return %r : i32
}
