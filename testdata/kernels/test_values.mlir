// VARIANTS: --work-queue=mstd:2
// tfrt_test.* value kernels (docs/kernel-behaviour.md §5): identity, sharing, counting,
// sums, strings, flat attributes.

// CHECK-LABEL: --- Running 'count3':
func.func @count3() -> (i32, i32, i32, i64, i64, i64) {
  %x = tfrt.constant.i32 10
  %a, %b, %c = tfrt_test.count3.i32 %x
  %y = tfrt.constant.i64 -2
  %d, %e, %f = tfrt_test.count3.i64 %y
  tfrt.return %a, %b, %c, %d, %e, %f : i32, i32, i32, i64, i64, i64
}
// CHECK-NEXT: 'count3' returned 11,12,13,-1,0,1

// CHECK-LABEL: --- Running 'identity':
func.func @identity() -> (i32, f32, i32, i32, i32, i32) {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.f32 2.5
  %x, %y = "tfrt_test.identity"(%ch, %a, %b) : (!tfrt.chain, i32, f32) -> (i32, f32)
  %m, %n = "tfrt_test.multi_arg_result"(%a, %a) : (i32, i32) -> (i32, i32)
  %s, %t = "tfrt_test.share_to_two"(%a) : (i32) -> (i32, i32)
  tfrt.return %x, %y, %m, %n, %s, %t : i32, f32, i32, i32, i32, i32
}
// CHECK-NEXT: 'identity' returned 1,2.500000e+00,1,1,1,1

// CHECK-LABEL: --- Running 'sum':
func.func @sum() -> (i32, i32, i32) {
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 20
  %c = tfrt.constant.i32 300
  %s = "tfrt_test.sum"(%a, %b, %c) : (i32, i32, i32) -> i32
  %one = "tfrt_test.sum"(%a) : (i32) -> i32
  %none = "tfrt_test.sum"() : () -> i32
  tfrt.return %s, %one, %none : i32, i32, i32
}
// CHECK-NEXT: 'sum' returned 321,1,0

// CHECK-LABEL: --- Running 'strings':
func.func @strings() -> (i1, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %a = tfrt_test.get_string {value = "hello"}
  %b = tfrt_test.get_string {value = ", a string longer than seven bytes"}
  %c = "tfrt_test.append_string"(%a, %b) : (!tfrt.string, !tfrt.string) -> !tfrt.string
  %ch1 = "tfrt_test.print_string"(%c, %ch0) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %ch2 = "tfrt_test.print_string"(%a, %ch1) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %fmt = tfrt_test.get_string {value = "x=%d, hex=%04x, 100%%"}
  %n = tfrt.constant.i32 42
  %f = "tfrt_test.format_string"(%fmt, %n) : (!tfrt.string, i32) -> !tfrt.string
  %ch3 = "tfrt_test.print_string"(%f, %ch2) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %a2 = tfrt_test.get_string {value = "hello"}
  %eq = "tfrt_test.string_equal"(%a, %a2) : (!tfrt.string, !tfrt.string) -> i1
  %ne = "tfrt_test.string_equal"(%a, %c) : (!tfrt.string, !tfrt.string) -> i1
  %ch4 = tfrt.print.i1 %ne, %ch3
  tfrt.return %eq, %ch4 : i1, !tfrt.chain
}
// CHECK-NEXT: string = hello, a string longer than seven bytes
// CHECK-NEXT: string = hello
// CHECK-NEXT: string = x=42, hex=002a, 100%
// CHECK-NEXT: int1 = 0
// CHECK-NEXT: 'strings' returned 1,!tfrt.chain value

// CHECK-LABEL: --- Running 'flat':
func.func @flat() {
  %ch0 = tfrt.new.chain
  %s, %a, %b, %f = "tfrt_test.flat"() {value = [["flat string", [1 : i32, 2 : i32]], [3.5 : f32]]} : () -> (!tfrt.string, i32, i32, f32)
  %ch1 = "tfrt_test.print_string"(%s, %ch0) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %ch2 = tfrt.print.i32 %a, %ch1
  %ch3 = tfrt.print.i32 %b, %ch2
  %ch4 = tfrt.print.f32 %f, %ch3
  tfrt.return
}
// CHECK-NEXT: string = flat string
// CHECK-NEXT: int32 = 1
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: f32 = 3.500000

// CHECK-LABEL: --- Running 'fixed_strings':
func.func @fixed_strings() {
  %ch0 = tfrt.new.chain
  %g = "tfrt_test.async_value_get"() : () -> !tfrt.string
  %r = "tfrt_test.async_value_ref"() : () -> !tfrt.string
  %ch1 = "tfrt_test.print_string"(%g, %ch0) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %ch2 = "tfrt_test.print_string"(%r, %ch1) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %s, %ch3 = "tfrt_test.use_sample_shared_context"(%ch2) : (!tfrt.chain) -> (!tfrt.string, !tfrt.chain)
  %ch4 = "tfrt_test.print_string"(%s, %ch3) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %s2, %ch5 = "tfrt_test.use_sample_shared_context"(%ch4) : (!tfrt.chain) -> (!tfrt.string, !tfrt.chain)
  %ch6 = "tfrt_test.print_string"(%s2, %ch5) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
// CHECK-NEXT: string = base1:base2:final_class:3
// CHECK-NEXT: string = available:2;unavailable;(3);available:3;unavailable;available:4
// CHECK-NEXT: string = sample_shared_context0
// CHECK-NEXT: string = sample_shared_context0

// CHECK-LABEL: --- Running 'printing':
func.func @printing() {
  %ch0 = tfrt.new.chain
  %ch1 = "tfrt_test.print_hello"(%ch0) : (!tfrt.chain) -> !tfrt.chain
  %t = tfrt.constant.i1 1
  %ch2 = "tfrt_test.print_bool"(%ch1, %t) : (!tfrt.chain, i1) -> !tfrt.chain
  %ch3 = "tfrt_test.print_hello"() : () -> !tfrt.chain
  %a = tfrt.constant.i32 1
  %c = tfrt_test.test_cost %a {id = 7 : i64, _tfrt_cost = 3 : i64} : i32
  tfrt.return
}
// CHECK-DAG: hello host executor!
// CHECK-DAG: true
// CHECK-DAG: hello host executor!
// CHECK-DAG: id: 7

// CHECK-LABEL: --- Running 'typed_attr':
func.func @typed_attr() {
  %ch0 = tfrt.new.chain
  %ch1 = tfrt_test.print_typed_attr %ch0 {a = 1 : i64, b = 5.000000e-01 : f32, c = true, d = "s", e = 2 : i32}
  tfrt.return
}
// Alphabetical order of the attribute names.
// CHECK-NEXT: I64: 1
// CHECK-NEXT: F32: 5.000000e-01
// CHECK-NEXT: I1: 1
// CHECK-NEXT: unknown attr
// CHECK-NEXT: unknown attr
