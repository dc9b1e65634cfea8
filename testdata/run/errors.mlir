// Error values and the skip rule of docs/execution.md §4: the LAST erroneous operand wins;
// matched expected-error diagnostics print nothing (docs/execution.md §1.7); a function that
// returns an error value still exits 0.
// ARGS: --print-error-code

// CHECK: --- Running 'last_error_wins':
// CHECK-NEXT: 'last_error_wins' returned <<error: Divide by zero, code: INTERNAL>>,<<error: something bad happened, code: INTERNAL>>
func.func @last_error_wins() -> (i32, i32) {
  %zero = tfrt.constant.i32 0
  %one = tfrt.constant.i32 1
  // expected-error @+1 {{something bad happened}}
  %a = "tfrt_test.fail"() : () -> i32
  // expected-error @+1 {{Divide by zero}}
  %q, %r = tfrt.div.i32 %one, %zero
  %x = tfrt.add.i32 %a, %q
  %y = tfrt.add.i32 %q, %a
  tfrt.return %x, %y : i32, i32
}

// One kernel reports one diagnostic; both of its results carry the error.
// CHECK-NEXT: --- Running 'partial':
// CHECK-NEXT: 'partial' returned 1,<<error: something bad happened, code: INTERNAL>>
func.func @partial() -> (i32, i32) {
  // expected-error @+1 {{something bad happened}}
  %a, %b = "tfrt_test.partial_fail"() : () -> (i32, i32)
  tfrt.return %a, %b : i32, i32
}

// Errors travel in chains like in any value.
// CHECK-NEXT: --- Running 'error_chain':
// CHECK-NEXT: 'error_chain' returned <<error: error chain, code: INTERNAL>>
func.func @error_chain() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  // expected-error @+1 {{error chain}}
  %ch1 = "tfrt_test.error_chain"(%ch0) : (!tfrt.chain) -> !tfrt.chain
  %ch2 = "tfrt_test.print_hello"(%ch1) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %ch2 : !tfrt.chain
}

// An asynchronous error reports its diagnostic when the task runs.
// CHECK-NEXT: --- Running 'async_error':
// CHECK-NEXT: 'async_error' returned <<error: something bad happened asynchronously, code: INTERNAL>>
func.func @async_error() -> i32 {
  // expected-error @+1 {{something bad happened asynchronously}}
  %x = "tfrt_test.report_error_async"() : () -> i32
  tfrt.return %x : i32
}
// CHECK-NOT: {{.}}
