// -print_error_code adds the absl code name (docs/execution.md §1.5); cancellation has code
// CANCELLED, kernel errors INTERNAL.
// ARGS: -print_error_code

// CHECK:      --- Running 'f':
// CHECK-NEXT: 'f' returned <<error: something bad happened, code: INTERNAL>>
func.func @f() -> i32 {
  // expected-error @+1 {{something bad happened}}
  %a = "tfrt_test.fail"() : () -> i32
  tfrt.return %a : i32
}
// CHECK-NEXT: --- Running 'g':
// CHECK-NEXT: 'g' returned <<error: Cancelled, code: CANCELLED>>
func.func @g() -> i32 {
  %ch0 = tfrt.new.chain
  %x, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}
// CHECK-NOT: {{.}}
