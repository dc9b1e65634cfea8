// ARGS: --print_error_code
// VARIANTS: --work-queue=mstd:2
// Error codes (docs/execution.md §1.5): kernel errors are INTERNAL, cancellation is
// CANCELLED.

// CHECK-LABEL: --- Running 'internal':
func.func @internal() -> i32 {
  %x = "tfrt_test.fail"() : () -> i32 // expected-error {{something bad happened}}
  tfrt.return %x : i32
}
// CHECK-NEXT: 'internal' returned <<error: something bad happened, code: INTERNAL>>

// CHECK-LABEL: --- Running 'cancelled':
func.func @cancelled() -> i32 {
  %ch0 = tfrt.new.chain
  %c, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
  %y = tfrt.add.i32 %c, %c
  tfrt.return %y : i32
}
// CHECK-NEXT: 'cancelled' returned <<error: Cancelled, code: CANCELLED>>
