// Bodies that run no kernel and return only their arguments (a tfrt.if
// branch `tfrt.return %v`, fib's base case): with every returned argument
// resolved, the exact schedule's engine hands the arguments back without
// a frame (interp/xe.c, invoke_passthrough), one reference per return
// use, as the invocation would have (docs/execution.md §6.1, §6.4, §6.6).
// The destruction points below show the references: one too few and the
// value dies before its print, one too many and it never dies. Orders
// derived by hand; tests/engine_agree.sh also runs this file on
// interp/exec.c.
// ARGS: --schedule=exact

// tfrt_test.identity hands out %t and %v together once its operands (two
// of them tasks of another stream) are there: %t makes the if ready, %v is
// stored, and the if runs with both. The branch hands %v back; the if drops
// its operand slot (§6.4 step 3), leaving %w's reference, which vt.print's
// operand slot drops before it produces the chain print_hello waits for.
// CHECK-LABEL: --- Running 'object_through_branch':
// CHECK-NEXT: constructed vt.value(5)
// CHECK-NEXT: move constructed vt.value(5)
// CHECK-NEXT: print vt_value(5)
// CHECK-NEXT: destroyed vt.value(5)
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: 'object_through_branch' returned !tfrt.chain value
func.func @object_through_branch() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %t0 = tfrt.constant.i1 1
  %v0 = "vt.constant"() {value = 5 : i32} : () -> !vt.value
  %t, %v = "tfrt_test.identity"(%c0, %t0, %v0) : (!tfrt.chain, i1, !vt.value) -> (i1, !vt.value)
  %w = tfrt.if %t, %v : (!vt.value) -> (!vt.value) {
    tfrt.return %v : !vt.value
  } else {
    tfrt.return %v : !vt.value
  }
  %c = "vt.print"(%w) : (!vt.value) -> !tfrt.chain
  %c2 = "tfrt_test.print_hello"(%c) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %c2 : !tfrt.chain
}

// Returned twice: one reference per result. The first vt.print drops one,
// the second the last, before the hello.
// CHECK-LABEL: --- Running 'object_returned_twice':
// CHECK-NEXT: constructed vt.value(6)
// CHECK-NEXT: move constructed vt.value(6)
// CHECK-NEXT: print vt_value(6)
// CHECK-NEXT: print vt_value(6)
// CHECK-NEXT: destroyed vt.value(6)
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: 'object_returned_twice' returned !tfrt.chain value
func.func @object_returned_twice() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %t0 = tfrt.constant.i1 0
  %v0 = "vt.constant"() {value = 6 : i32} : () -> !vt.value
  %t, %v = "tfrt_test.identity"(%c0, %t0, %v0) : (!tfrt.chain, i1, !vt.value) -> (i1, !vt.value)
  %a, %b = tfrt.if %t, %v : (!vt.value) -> (!vt.value, !vt.value) {
    tfrt.return %v, %v : !vt.value, !vt.value
  } else {
    tfrt.return %v, %v : !vt.value, !vt.value
  }
  %c1 = "vt.print"(%a) : (!vt.value) -> !tfrt.chain
  %c2 = "vt.print"(%b, %c1) : (!vt.value, !tfrt.chain) -> !tfrt.chain
  %c3 = "tfrt_test.print_hello"(%c2) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %c3 : !tfrt.chain
}

// A scalar: 10 passes through the else branch.
// CHECK-LABEL: --- Running 'scalar_through_branch':
// CHECK-NEXT: 'scalar_through_branch' returned 10
func.func @scalar_through_branch() -> i32 {
  %f = tfrt.constant.i1 0
  %x = tfrt.constant.i32 10
  %y = tfrt.constant.i32 20
  %w = tfrt.if %f, %y, %x : (i32, i32) -> (i32) {
    tfrt.return %y : i32
  } else {
    tfrt.return %x : i32
  }
  tfrt.return %w : i32
}
