// RUN: tfrun lint --verify-diagnostics %s
// RUN: tfrun lint --fix %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: tfrun lint %t.mlir && tfrun opt %t.mlir > /dev/null
// RUN: tfrun run %t.mlir | FileCheck %s --check-prefix=OUT
// --fix applies every fix it names, the optional trailing chain included:
// in the generic form with its type, in the custom form after the last
// operand.
func.func @list() -> i64 {
  %ch0 = tfrt.new.chain
  %l = "list.new"() : () -> !tfrt.list
  %one = tfrt.constant.i32 1
  // expected-note @+1 {{the other op, 'list.append', is here}}
  %ch1 = "list.append"(%l, %one, %ch0) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
  // expected-warning @+2 {{'list.append' writes %l that 'list.size' reads, and nothing orders them}}
  // expected-note @+1 {{'list.size' takes an optional trailing chain: pass %ch1 as its last operand to order them as written}}
  %n = "list.size"(%l) : (!tfrt.list) -> i64
  tfrt.return %n : i64
}
// CHECK: %n = "list.size"(%l, %ch1) : (!tfrt.list, !tfrt.chain) -> i64
// OUT: 'list' returned 1

// A tensor set from a list of values of the wrong length reports an
// error; so does a division by a value not known to be non-zero: the
// division takes the set's chain so that the two are ordered.
func.func @division() -> i32 {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]
  // expected-note @+1 {{the other op, 'tfrt_dht.set_tensor_with_constant_values.i32', is here}}
  %ch1 = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch0 [1 : i32, 2 : i32]
  %a = tfrt.constant.i32 7
  %b = "tfrt_test.async_constant.i32"() {value = 2 : i32} : () -> i32
  // expected-warning @+2 {{'tfrt_dht.set_tensor_with_constant_values.i32' and 'tfrt.div.i32' may both report a runtime error, and nothing orders them}}
  // expected-note @+1 {{'tfrt.div.i32' takes an optional trailing chain: pass %ch1 as its last operand to order them as written}}
  %q, %r = tfrt.div.i32 %a, %b
  tfrt.return %q : i32
}
// CHECK: %q, %r = tfrt.div.i32 %a, %b, %ch1
// OUT: 'division' returned 3
