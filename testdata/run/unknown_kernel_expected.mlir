// The first unknown name is found in post-order (nested region ops before
// the op that holds them), and the diagnostic is located at its first use in
// function-list order, where region bodies come before the enclosing
// function's body. Here 'foo.k' is first in op order at the top of @f, but
// its first use in function-list order is inside the region. The expected
// diagnostic makes the exit status 0; nothing runs and nothing is printed.

// CHECK-NOT: {{.}}
func.func @f() {
  "foo.k"() : () -> ()
  %c = tfrt.constant.i1 1
  tfrt.if %c : () -> () {
    // expected-error @+1 {{unknown kernel name 'foo.k'}}
    "foo.k"() : () -> ()
    "foo.other"() : () -> ()
    tfrt.return
  }
  tfrt.return
}
