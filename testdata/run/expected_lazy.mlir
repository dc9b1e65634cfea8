// Annotations of a file that never receives a diagnostic are not checked
// (TFRT's lazy verification, docs/execution.md §1.7): exit 0.

// CHECK: --- Running 'f':
// CHECK-NEXT: 'f' returned 1
// CHECK-NOT: {{.}}
func.func @f() -> i32 {
  // expected-error @+1 {{never produced, never checked}}
  %a = tfrt.constant.i32 1
  tfrt.return %a : i32
}
