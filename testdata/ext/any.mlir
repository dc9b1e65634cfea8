// ARGS: --work-queue=s
// VARIANTS: --work-queue=mstd:2
// Boxed values (docs/kernel-behaviour.md §11). Every runtime value already is an Any,
// so an operand of type !tfrt.any accepts a value of any type (automatic
// boxing costs nothing) and any.unbox.T checks the type on the way back.
// any.print formats: integers and floats as tfrt.print.* does, strings
// quoted, lists as [e1, e2, ...], tensors as tfrt_dht.print_tensor does.
// (any.mstd.mlir: the same on mstd:2.)

// CHECK-LABEL: --- Running 'print_formats':
func.func @print_formats() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %b = tfrt.constant.i1 1
  %ch1 = "any.print"(%b, %ch0) : (i1, !tfrt.chain) -> !tfrt.chain
  %i = tfrt.constant.i32 -42
  %ch2 = "any.print"(%i, %ch1) : (i32, !tfrt.chain) -> !tfrt.chain
  %j = tfrt.constant.i64 1234567890123
  %ch3 = "any.print"(%j, %ch2) : (i64, !tfrt.chain) -> !tfrt.chain
  %u = tfrt.constant.ui32 4000000000
  %ch4 = "any.print"(%u, %ch3) : (ui32, !tfrt.chain) -> !tfrt.chain
  %f = tfrt.constant.f32 1.5
  %ch5 = "any.print"(%f, %ch4) : (f32, !tfrt.chain) -> !tfrt.chain
  %d = tfrt.constant.f64 -312.27137
  %ch6 = "any.print"(%d, %ch5) : (f64, !tfrt.chain) -> !tfrt.chain
  %s = tfrt_test.get_string {value = "hi"}
  %ch7 = "any.print"(%s, %ch6) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %ch8 = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch7 [1 : i32, 2 : i32, 3 : i32, 4 : i32]
  %ch9 = "any.print"(%t, %ch8) : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  %l = "list.new"() : () -> !tfrt.list
  %ch10 = "list.append"(%l, %s, %ch9) : (!tfrt.list, !tfrt.string, !tfrt.chain) -> !tfrt.chain
  %ch11 = "list.append"(%l, %t, %ch10) : (!tfrt.list, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch12 = "any.print"(%l, %ch11) : (!tfrt.list, !tfrt.chain) -> !tfrt.chain
  // Values without a printed form show their type, as result lines do.
  %ch13 = "any.print"(%ch12, %ch12) : (!tfrt.chain, !tfrt.chain) -> !tfrt.chain
  // complex64 as tfrt.print.complex64 (R+Ii), f16 as tfrt.print.f16 (its bits).
  %c = tfrt.constant.complex64 1.5, -2.0
  %ch14 = "any.print"(%c, %ch13) : (complex<f32>, !tfrt.chain) -> !tfrt.chain
  %h = tfrt.constant.f16 1.0
  %ch15 = "any.print"(%h, %ch14) : (f16, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch15 : !tfrt.chain
}
// CHECK-NEXT: any = 1
// CHECK-NEXT: any = -42
// CHECK-NEXT: any = 1234567890123
// CHECK-NEXT: any = 4000000000
// CHECK-NEXT: any = 1.500000
// CHECK-NEXT: any = -312.271370
// CHECK-NEXT: any = "hi"
// CHECK-NEXT: any = DenseHostTensor dtype = i32, shape = [2, 2], values = [1, 2, 3, 4]
// CHECK-NEXT: any = ["hi", DenseHostTensor dtype = i32, shape = [2, 2], values = [1, 2, 3, 4]]
// CHECK-NEXT: any = !tfrt.chain value
// CHECK-NEXT: any = 1.500000+-2.000000i
// CHECK-NEXT: any = 15360
// CHECK-NEXT: 'print_formats' returned !tfrt.chain value

// Automatic boxing: the operand of any.unbox.T is declared !tfrt.any and
// receives an i32 / f64 / string directly.
// CHECK-LABEL: --- Running 'unbox':
func.func @unbox() -> (i1, i32, i64, f32, f64, !tfrt.string) {
  %b = tfrt.constant.i1 1
  %i = tfrt.constant.i32 7
  %j = tfrt.constant.i64 8
  %f = tfrt.constant.f32 0.5
  %d = tfrt.constant.f64 0.25
  %s = tfrt_test.get_string {value = "boxed"}
  %b2 = "any.unbox.i1"(%b) : (!tfrt.any) -> i1
  %i2 = "any.unbox.i32"(%i) : (!tfrt.any) -> i32
  %j2 = "any.unbox.i64"(%j) : (!tfrt.any) -> i64
  %f2 = "any.unbox.f32"(%f) : (!tfrt.any) -> f32
  %d2 = "any.unbox.f64"(%d) : (!tfrt.any) -> f64
  %s2 = "any.unbox.string"(%s) : (!tfrt.any) -> !tfrt.string
  tfrt.return %b2, %i2, %j2, %f2, %d2, %s2 : i1, i32, i64, f32, f64, !tfrt.string
}
// CHECK-NEXT: 'unbox' returned 1,7,8,5.000000e-01,2.500000e-01,!tfrt.string value

// CHECK-LABEL: --- Running 'unbox_errors':
func.func @unbox_errors() -> (i64, i32, f32, i1, !tfrt.string, f64) {
  %i = tfrt.constant.i32 7
  %d = tfrt.constant.f64 0.25
  %l = "list.new"() : () -> !tfrt.list
  %s = tfrt_test.get_string {value = "x"}
  %a = "any.unbox.i64"(%i) : (!tfrt.any) -> i64 // expected-error {{cannot unbox i32 as i64}}
  %b = "any.unbox.i32"(%s) : (!tfrt.any) -> i32 // expected-error {{cannot unbox !tfrt.string as i32}}
  %c = "any.unbox.f32"(%d) : (!tfrt.any) -> f32 // expected-error {{cannot unbox f64 as f32}}
  %e = "any.unbox.i1"(%i) : (!tfrt.any) -> i1 // expected-error {{cannot unbox i32 as i1}}
  %g = "any.unbox.string"(%l) : (!tfrt.any) -> !tfrt.string // expected-error {{cannot unbox !tfrt.list as !tfrt.string}}
  %h = "any.unbox.f64"(%l) : (!tfrt.any) -> f64 // expected-error {{cannot unbox !tfrt.list as f64}}
  tfrt.return %a, %b, %c, %e, %g, %h : i64, i32, f32, i1, !tfrt.string, f64
}
// CHECK-NEXT: 'unbox_errors' returned <<error: cannot unbox i32 as i64>>,<<error: cannot unbox !tfrt.string as i32>>,<<error: cannot unbox f64 as f32>>,<<error: cannot unbox i32 as i1>>,<<error: cannot unbox !tfrt.list as !tfrt.string>>,<<error: cannot unbox !tfrt.list as f64>>
