// ARGS: --work-queue=mstd:2
// Stress (issue 4): a recursive tfrt.call chain 20 000 deep whose values
// resolve through asynchronous kernels, and the same recursion resolving
// synchronously (invocations nested deeper than the executor's limit start
// from tasks). Results travel back through 20 000 forwarding values. No
// stack overflow.

func.func @down(%n: i32) -> i32 {
  %zero = tfrt.constant.i32 0
  %done = tfrt.equal.i32 %n, %zero
  %r = tfrt.if %done, %n : (i32) -> (i32) {
    %z = "tfrt_test.async_constant.i32"() {value = 7 : i32} : () -> i32
    tfrt.return %z : i32
  } else {
    %one = tfrt.constant.i32 1
    %m = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %a = "tfrt_test.async_copy.i32"(%m) : (i32) -> i32
    %r2 = tfrt.call @down(%a) : (i32) -> i32
    tfrt.return %r2 : i32
  }
  tfrt.return %r : i32
}

func.func @down_sync(%n: i32) -> i32 {
  %zero = tfrt.constant.i32 0
  %done = tfrt.equal.i32 %n, %zero
  %r = tfrt.if %done, %n : (i32) -> (i32) {
    %z = tfrt.constant.i32 8
    tfrt.return %z : i32
  } else {
    %one = tfrt.constant.i32 1
    %m = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %r2 = tfrt.call @down_sync(%m) : (i32) -> i32
    tfrt.return %r2 : i32
  }
  tfrt.return %r : i32
}

// CHECK: --- Running 'deep_async':
// CHECK-NEXT: 'deep_async' returned 7
func.func @deep_async() -> i32 {
  %n = tfrt.constant.i32 20000
  %r = tfrt.call @down(%n) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-NEXT: --- Running 'deep_sync':
// CHECK-NEXT: 'deep_sync' returned 8
func.func @deep_sync() -> i32 {
  %n = tfrt.constant.i32 20000
  %r = tfrt.call @down_sync(%n) : (i32) -> i32
  tfrt.return %r : i32
}

// Each level uses its callee's result in an add, so when the bottom value
// resolves, 20 000 continuations would nest; past 100 they continue from
// tasks (docs/execution.md §6.5).
func.func @sum(%n: i32) -> i32 {
  %zero = tfrt.constant.i32 0
  %done = tfrt.equal.i32 %n, %zero
  %r = tfrt.if %done, %n : (i32) -> (i32) {
    %z = "tfrt_test.async_constant.i32"() {value = 0 : i32} : () -> i32
    tfrt.return %z : i32
  } else {
    %one = tfrt.constant.i32 1
    %m = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %s = tfrt.call @sum(%m) : (i32) -> i32
    %s1 = tfrt.add.i32 %s, %one
    tfrt.return %s1 : i32
  }
  tfrt.return %r : i32
}

// CHECK-NEXT: --- Not running 'sum' because it has arguments.
// CHECK-NEXT: --- Running 'deep_continuations':
// CHECK-NEXT: 'deep_continuations' returned 20000
func.func @deep_continuations() -> i32 {
  %n = tfrt.constant.i32 20000
  %r = tfrt.call @sum(%n) : (i32) -> i32
  tfrt.return %r : i32
}
