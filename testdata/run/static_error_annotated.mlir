// EXIT: 1
// A program that does not verify cannot run. Its errors print as `tfrun
// opt` prints them — no `unexpected error:` prefix, and an `expected-error`
// annotation does not hide one — so the run never fails in silence
// (docs/language.md §4; annotations claim only runtime diagnostics in `run`).
// CHECK:      static_error_annotated.mlir:[[# @LINE + 6]]:21: error: use of undeclared SSA value name '%a'
// CHECK-NEXT:   %x = tfrt.add.i32 %a, %a
// CHECK-NEXT:                     ^
// CHECK-NOT: {{.}}
func.func @f() {
  // expected-error @+1 {{use of undeclared}}
  %x = tfrt.add.i32 %a, %a
  tfrt.return
}
