// MODE: opt
// ARGS: --verify-diagnostics
// EXIT: 1
// An error nobody expected is printed as "unexpected error", an annotation
// nobody produced is reported at the annotation (docs/execution.md §1.7).

func.func @f() -> i32 {
  %a = tfrt.constant.i64 1
  // expected-error@+1 {{this text is not in the message}}
  tfrt.return %a : i64
}
// CHECK: unexpected.mlir:10:3: error: unexpected error: type of return operand 0 ('i64') doesn't match function result type ('i32')
// CHECK-NEXT: {{^}}  tfrt.return %a : i64
// CHECK-NEXT: {{^}}  ^
// CHECK: unexpected.mlir:9:6: error: expected error "this text is not in the message" was not produced
