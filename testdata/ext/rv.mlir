// ARGS: --work-queue=s
// VARIANTS: --work-queue=mstd:2
// Resource variables (docs/kernel-behaviour.md §10): a mutable cell holding a scalar,
// a string or a dense host tensor. Every access takes and returns a chain;
// reads return snapshots, writes replace the whole value, and neither the
// type nor a tensor's shape may change. (rv.mstd.mlir: the same on mstd:2.)

// CHECK-LABEL: --- Running 'scalar':
func.func @scalar() -> (i32, !rv.var, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %init = tfrt.constant.i32 40
  %v, %ch1 = "rv.create"(%init, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %x, %ch2 = "rv.read"(%v, %ch1) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %ch3 = tfrt.print.i32 %x, %ch2
  %two = tfrt.constant.i32 2
  %ch4 = "rv.assign_add"(%v, %two, %ch3) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %y, %ch5 = "rv.read"(%v, %ch4) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %ch6 = tfrt.print.i32 %y, %ch5
  %seven = tfrt.constant.i32 7
  %ch7 = "rv.assign"(%v, %seven, %ch6) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %z, %ch8 = "rv.read"(%v, %ch7) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %ch9 = tfrt.print.i32 %z, %ch8
  // The earlier read is a value of its own: the writes did not change it.
  %ch10 = tfrt.print.i32 %x, %ch9
  tfrt.return %z, %v, %ch10 : i32, !rv.var, !tfrt.chain
}
// CHECK-NEXT: int32 = 40
// CHECK-NEXT: int32 = 42
// CHECK-NEXT: int32 = 7
// CHECK-NEXT: int32 = 40
// CHECK-NEXT: 'scalar' returned 7,!rv.var value,!tfrt.chain value

// assign_add on floats, wrapping integers, and strings held by a variable.
// CHECK-LABEL: --- Running 'kinds':
func.func @kinds() -> (f64, i32, !tfrt.string, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %f = tfrt.constant.f64 1.25
  %fv, %ch1 = "rv.create"(%f, %ch0) : (f64, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %ch2 = "rv.assign_add"(%fv, %f, %ch1) : (!rv.var, f64, !tfrt.chain) -> !tfrt.chain
  %fr, %ch3 = "rv.read"(%fv, %ch2) : (!rv.var, !tfrt.chain) -> (f64, !tfrt.chain)
  %max = tfrt.constant.i32 2147483647
  %iv, %ch4 = "rv.create"(%max, %ch3) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %one = tfrt.constant.i32 1
  %ch5 = "rv.assign_add"(%iv, %one, %ch4) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %ir, %ch6 = "rv.read"(%iv, %ch5) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %s = tfrt_test.get_string {value = "first"}
  %sv, %ch7 = "rv.create"(%s, %ch6) : (!tfrt.string, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %t = tfrt_test.get_string {value = "a second, longer value"}
  %ch8 = "rv.assign"(%sv, %t, %ch7) : (!rv.var, !tfrt.string, !tfrt.chain) -> !tfrt.chain
  %sr, %ch9 = "rv.read"(%sv, %ch8) : (!rv.var, !tfrt.chain) -> (!tfrt.string, !tfrt.chain)
  %ch10 = "any.print"(%sr, %ch9) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  // A read declared !tfrt.any accepts whatever the variable holds.
  %ar, %ch11 = "rv.read"(%iv, %ch10) : (!rv.var, !tfrt.chain) -> (!tfrt.any, !tfrt.chain)
  %ch12 = "any.print"(%ar, %ch11) : (!tfrt.any, !tfrt.chain) -> !tfrt.chain
  tfrt.return %fr, %ir, %sr, %ch12 : f64, i32, !tfrt.string, !tfrt.chain
}
// CHECK-NEXT: any = "a second, longer value"
// CHECK-NEXT: any = -2147483648
// CHECK-NEXT: 'kinds' returned 2.500000e+00,-2147483648,!tfrt.string value,!tfrt.chain value

// A tensor in a variable is private to it: create and assign copy the
// tensor in, read copies it out (a snapshot), assign_add adds element-wise.
// CHECK-LABEL: --- Running 'tensor':
func.func @tensor() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %ch1 = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch0 [1 : i32, 2 : i32, 3 : i32, 4 : i32]
  %v, %ch2 = "rv.create"(%t, %ch1) : (!t.tensor, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  // Changing %t afterwards does not change the variable.
  %ch3 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch2 0 : i32
  %ch4 = "rv.assign_add"(%v, %t, %ch3) : (!rv.var, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %r, %ch5 = "rv.read"(%v, %ch4) : (!rv.var, !tfrt.chain) -> (!t.tensor, !tfrt.chain)
  %ch6 = tfrt_dht.print_tensor %r, %ch5
  %ch7 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch6 10 : i32
  %ch8 = "rv.assign_add"(%v, %t, %ch7) : (!rv.var, !t.tensor, !tfrt.chain) -> !tfrt.chain
  // %r is a snapshot: still the old values.
  %ch9 = tfrt_dht.print_tensor %r, %ch8
  %r2, %ch10 = "rv.read"(%v, %ch9) : (!rv.var, !tfrt.chain) -> (!t.tensor, !tfrt.chain)
  %ch11 = tfrt_dht.print_tensor %r2, %ch10
  // Writing into a snapshot does not write the variable.
  %ch12 = tfrt_dht.fill_tensor_with_constant.i32 %r2, %ch11 -1 : i32
  %r3, %ch13 = "rv.read"(%v, %ch12) : (!rv.var, !tfrt.chain) -> (!tfrt_tensor.tensor, !tfrt.chain)
  %ch14 = tfrt_dht.print_tensor %r3, %ch13
  %ch15 = "rv.assign"(%v, %t, %ch14) : (!rv.var, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %r4, %ch16 = "rv.read"(%v, %ch15) : (!rv.var, !tfrt.chain) -> (!t.tensor, !tfrt.chain)
  %ch17 = tfrt_dht.print_tensor %r4, %ch16
  tfrt.return %ch17 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [1, 2, 3, 4]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [1, 2, 3, 4]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [11, 12, 13, 14]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [11, 12, 13, 14]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [10, 10, 10, 10]
// CHECK-NEXT: 'tensor' returned !tfrt.chain value

// Type checks. A read names the type it expects; a write may change
// neither the type nor a tensor's shape (the tensor's full type is shown).
// CHECK-LABEL: --- Running 'errors':
func.func @errors() -> (f32, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, i32, !tfrt.chain, !rv.var, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %i = tfrt.constant.i32 1
  %v, %ch1 = "rv.create"(%i, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %a, %ca = "rv.read"(%v, %ch1) : (!rv.var, !tfrt.chain) -> (f32, !tfrt.chain) // expected-error {{rv.read: variable holds i32, not f32}}
  %j = tfrt.constant.i64 1
  %cb = "rv.assign"(%v, %j, %ch1) : (!rv.var, i64, !tfrt.chain) -> !tfrt.chain // expected-error {{rv.assign: variable holds i32, not i64}}
  %cc = "rv.assign_add"(%v, %j, %ch1) : (!rv.var, i64, !tfrt.chain) -> !tfrt.chain // expected-error {{rv.assign_add: variable holds i32, not i64}}
  %t = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 3 : i64]
  %u = tfrt_dht.create_uninitialized_tensor.i32.2 [3 : i64, 2 : i64]
  %tv, %ch2 = "rv.create"(%t, %ch1) : (!t.tensor, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %cd = "rv.assign"(%tv, %u, %ch2) : (!rv.var, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{rv.assign: variable holds tensor<2x3xi32>, not tensor<3x2xi32>}}
  %b = tfrt.constant.i1 1
  %bv, %ch3 = "rv.create"(%b, %ch2) : (i1, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %ce = "rv.assign_add"(%bv, %b, %ch3) : (!rv.var, i1, !tfrt.chain) -> !tfrt.chain // expected-error {{rv.assign_add: cannot add i1}}
  %c, %cf = "rv.read"(%tv, %ch2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain) // expected-error {{rv.read: variable holds tensor<2x3xi32>, not i32}}
  %l = "list.new"() : () -> !tfrt.list
  %lv, %cg = "rv.create"(%l, %ch0) : (!tfrt.list, !tfrt.chain) -> (!rv.var, !tfrt.chain) // expected-error {{rv.create: a variable holds a scalar, a string or a dense host tensor, not !tfrt.list}}
  %s = tfrt_test.get_string {value = "s"}
  %sv, %ch4 = "rv.create"(%s, %ch0) : (!tfrt.string, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %ch = "rv.assign_add"(%sv, %s, %ch4) : (!rv.var, !tfrt.string, !tfrt.chain) -> !tfrt.chain // expected-error {{rv.assign_add: cannot add !tfrt.string}}
  tfrt.return %a, %cb, %cc, %cd, %ce, %c, %cg, %lv, %ch : f32, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, i32, !tfrt.chain, !rv.var, !tfrt.chain
}
// CHECK-NEXT: 'errors' returned <<error: rv.read: variable holds i32, not f32>>,<<error: rv.assign: variable holds i32, not i64>>,<<error: rv.assign_add: variable holds i32, not i64>>,<<error: rv.assign: variable holds tensor<2x3xi32>, not tensor<3x2xi32>>>,<<error: rv.assign_add: cannot add i1>>,<<error: rv.read: variable holds tensor<2x3xi32>, not i32>>,<<error: rv.create: a variable holds a scalar, a string or a dense host tensor, not !tfrt.list>>,<<error: rv.create: a variable holds a scalar, a string or a dense host tensor, not !tfrt.list>>,<<error: rv.assign_add: cannot add !tfrt.string>>
