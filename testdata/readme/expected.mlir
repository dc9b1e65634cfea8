// An expected-error annotation on the kernel's line (or @+N / @-N lines
// away) claims the diagnostic: it is not printed and the run succeeds.
func.func @divide() -> i32 {
  %a = tfrt.constant.i32 7
  %zero = tfrt.constant.i32 0
  // expected-error @+1 {{Divide by zero}}
  %q, %r = tfrt.div.i32 %a, %zero
  tfrt.return %q : i32
}
// CHECK: --- Running 'divide':
// CHECK-NEXT: 'divide' returned <<error: Divide by zero>>
