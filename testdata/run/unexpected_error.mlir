// A runtime diagnostic matching no annotation is printed to stderr with its
// location, source line and caret, and makes the exit status 1; the run
// goes on (docs/execution.md §1.7).
// EXIT: 1

// CHECK: --- Running 'f':
// CHECK-NEXT: unexpected_error.mlir:[[@LINE+2]]:{{[0-9]+}}: error: unexpected error: runtime error: something bad happened
func.func @f() -> i32 {
  %a = "tfrt_test.fail"() : () -> i32
  tfrt.return %a : i32
}
// CHECK: 'f' returned <<error: something bad happened>>
// CHECK-NEXT: --- Running 'g':
// CHECK-NEXT: 'g' returned 2
func.func @g() -> i32 {
  %a = tfrt.constant.i32 2
  tfrt.return %a : i32
}
