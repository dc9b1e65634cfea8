// Once a diagnostic arrives for this file, every annotation in it is
// checked; one that matched nothing is reported at the end (docs/execution.md §1.7), exit 1.
// EXIT: 1

// CHECK: --- Running 'f':
// CHECK-NEXT: 'f' returned <<error: something bad happened>>
func.func @f() -> i32 {
  // expected-error @+1 {{something bad happened}}
  %a = "tfrt_test.fail"() : () -> i32
  tfrt.return %a : i32
}
// CHECK-NEXT: --- Running 'g':
// CHECK-NEXT: 'g' returned 1
func.func @g() -> i32 {
  // expected-error @+1 {{this never happens}}
  %a = tfrt.constant.i32 1
  tfrt.return %a : i32
}
// CHECK-NEXT: expected_not_produced.mlir:[[@LINE-4]]:{{[0-9]+}}: error: expected error "this never happens" was not produced
