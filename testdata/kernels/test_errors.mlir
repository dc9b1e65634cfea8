// VARIANTS: --work-queue=mstd:2
// tfrt_test error kernels (docs/kernel-behaviour.md §5): synchronous failures, asynchronous
// failures (diagnostic when the task runs), cancellation.

// CHECK-LABEL: --- Running 'fail':
func.func @fail() -> i32 {
  %x = "tfrt_test.fail"() : () -> i32 // expected-error {{runtime error: something bad happened}}
  tfrt.return %x : i32
}
// CHECK-NEXT: 'fail' returned <<error: something bad happened>>

// CHECK-LABEL: --- Running 'partial_fail':
func.func @partial_fail() -> (i32, i32) {
  %a, %b = "tfrt_test.partial_fail"() : () -> (i32, i32) // expected-error {{something bad happened}}
  tfrt.return %a, %b : i32, i32
}
// CHECK-NEXT: 'partial_fail' returned 1,<<error: something bad happened>>

// CHECK-LABEL: --- Running 'error_chain':
func.func @error_chain() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %ch1 = "tfrt_test.error_chain"(%ch0) : (!tfrt.chain) -> !tfrt.chain // expected-error {{error chain}}
  %ch2 = "tfrt_test.print_hello"(%ch1) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %ch2 : !tfrt.chain
}
// CHECK-NOT: hello
// CHECK-NEXT: 'error_chain' returned <<error: error chain>>

// CHECK-LABEL: --- Running 'report_error_async':
func.func @report_error_async() -> i32 {
  %x = "tfrt_test.report_error_async"() : () -> i32 // expected-error {{something bad happened asynchronously}}
  tfrt.return %x : i32
}
// CHECK-NEXT: 'report_error_async' returned <<error: something bad happened asynchronously>>

// CHECK-LABEL: --- Running 'report_error_concrete_async':
func.func @report_error_concrete_async() -> (i32, i32) {
  %zero = tfrt.constant.i32 0
  %one = tfrt.constant.i32 1
  %ok = "tfrt_test.report_error_concrete_async"(%zero) : (i32) -> i32
  %bad = "tfrt_test.report_error_concrete_async"(%one) : (i32) -> i32 // expected-error {{something bad happened asynchronously}}
  tfrt.return %ok, %bad : i32, i32
}
// CHECK-NEXT: 'report_error_concrete_async' returned 0,<<error: something bad happened asynchronously>>

// CHECK-LABEL: --- Running 'report_error_indirect_async':
func.func @report_error_indirect_async() -> (i32, i32) {
  %zero = tfrt.constant.i32 0
  %one = tfrt.constant.i32 1
  %ok = "tfrt_test.report_error_indirect_async"(%zero) : (i32) -> i32
  %bad = "tfrt_test.report_error_indirect_async"(%one) : (i32) -> i32 // expected-error {{something bad happened asynchronously}}
  tfrt.return %ok, %bad : i32, i32
}
// CHECK-NEXT: 'report_error_indirect_async' returned 0,<<error: something bad happened asynchronously>>

// Cancellation: the cancel kernel's own results are normal; every kernel
// that runs afterwards in the same request yields `Cancelled`.
// CHECK-LABEL: --- Running 'cancel':
func.func @cancel() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %x, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
  %y = tfrt.add.i32 %x, %x
  tfrt.return %x, %y : i32, i32
}
// CHECK-NEXT: 'cancel' returned 0,<<error: Cancelled>>

// The next top-level run starts uncancelled.
// CHECK-LABEL: --- Running 'after_cancel':
func.func @after_cancel() -> i32 {
  %a = tfrt.constant.i32 2
  %b = tfrt.add.i32 %a, %a
  tfrt.return %b : i32
}
// CHECK-NEXT: 'after_cancel' returned 4
