// VARIANTS: --work-queue=mstd:2
// Dense host tensors (docs/kernel-behaviour.md §8): creation, fill, set, print formats,
// equality. Every mutation is ordered by chains.

// CHECK-LABEL: --- Running 'set_and_print':
func.func @set_and_print() {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 3 : i64]
  %ch1 = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch0 [1 : i32, 2 : i32, 3 : i32, 4 : i32, 5 : i32, -6 : i32]
  %ch2 = tfrt_dht.print_tensor %t, %ch1
  %ch3 = "tfrt_dht.print_tensor_shape"(%t, %ch2) : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 3], values = [1, 2, 3, 4, 5, -6]
// CHECK-NEXT: [2, 3]

// CHECK-LABEL: --- Running 'fill_dtypes':
func.func @fill_dtypes() {
  %ch0 = tfrt.new.chain
  %f = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %ch1 = tfrt_dht.fill_tensor_with_constant.f32 %f, %ch0 1.0 : f32
  %ch2 = tfrt_dht.print_tensor %f, %ch1
  %d = tfrt_dht.create_uninitialized_tensor.f64.1 [2 : i64]
  %ch3 = tfrt_dht.fill_tensor_with_constant.f64 %d, %ch2 -2.5 : f64
  %ch4 = tfrt_dht.print_tensor %d, %ch3
  %b = tfrt_dht.create_uninitialized_tensor.bool.1 [2 : i64]
  %ch5 = tfrt_dht.fill_tensor_with_constant.bool %b, %ch4 1 : i1
  %ch6 = tfrt_dht.print_tensor %b, %ch5
  %u = tfrt_dht.create_uninitialized_tensor.ui8.1 [2 : i64]
  %ch7 = tfrt_dht.fill_tensor_with_constant.ui8 %u, %ch6 255 : ui8
  %ch8 = tfrt_dht.print_tensor %u, %ch7
  %s = tfrt_dht.create_uninitialized_tensor.i8.1 [1 : i64]
  %ch9 = tfrt_dht.fill_tensor_with_constant.i8 %s, %ch8 -3 : i8
  %ch10 = tfrt_dht.print_tensor %s, %ch9
  %l = tfrt_dht.create_uninitialized_tensor.i64.0 []
  %ch11 = tfrt_dht.fill_tensor_with_constant.i64 %l, %ch10 5 : i64
  %ch12 = tfrt_dht.print_tensor %l, %ch11
  %w = tfrt_dht.create_uninitialized_tensor.ui64.1 [1 : i64]
  %ch13 = tfrt_dht.fill_tensor_with_constant.ui64 %w, %ch12 7 : ui64
  %ch14 = tfrt_dht.print_tensor %w, %ch13
  %x = tfrt_dht.create_uninitialized_tensor.ui32.1 [1 : i64]
  %ch15 = tfrt_dht.fill_tensor_with_constant.ui32 %x, %ch14 9 : ui32
  %ch16 = tfrt_dht.print_tensor %x, %ch15
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [1.000000e+00, 1.000000e+00, 1.000000e+00]
// CHECK-NEXT: DenseHostTensor dtype = f64, shape = [2], values = [-2.500000e+00, -2.500000e+00]
// CHECK-NEXT: DenseHostTensor dtype = i1, shape = [2], values = [1, 1]
// CHECK-NEXT: DenseHostTensor dtype = u8, shape = [2], values = [255, 255]
// CHECK-NEXT: DenseHostTensor dtype = i8, shape = [1], values = [-3]
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [], values = [5]
// CHECK-NEXT: DenseHostTensor dtype = u64, shape = [1], values = [7]
// CHECK-NEXT: DenseHostTensor dtype = u32, shape = [1], values = [9]

// At most 16 values are printed, then `, ... `.
// CHECK-LABEL: --- Running 'print_limit':
func.func @print_limit() {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [17 : i64]
  %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 7 : i32
  %ch2 = tfrt_dht.print_tensor %t, %ch1
  %u = tfrt_dht.create_uninitialized_tensor.i32.2 [4 : i64, 4 : i64]
  %ch3 = tfrt_dht.fill_tensor_with_constant.i32 %u, %ch2 1 : i32
  %ch4 = tfrt_dht.print_tensor %u, %ch3
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [17], values = [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, ... ]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [4, 4], values = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]

// CHECK-LABEL: --- Running 'complex':
func.func @complex() {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.complex64.1 [2 : i64]
  %ch1 = tfrt_dht.set_tensor_with_constant_values.complex64 %t, %ch0 [1.0 : f32, 2.0 : f32, -0.5 : f32, 0.0 : f32]
  %ch2 = tfrt_dht.print_tensor %t, %ch1
  %u = tfrt_dht.create_uninitialized_tensor.complex128.0 []
  %ch3 = tfrt_dht.set_tensor_with_constant_values.complex128 %u, %ch2 [3.0 : f64, 4.0 : f64]
  %ch4 = tfrt_dht.print_tensor %u, %ch3
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = complex64, shape = [2], values = [(1.000000e+00,2.000000e+00), (-5.000000e-01,0.000000e+00)]
// CHECK-NEXT: DenseHostTensor dtype = complex128, shape = [], values = [(3.000000e+00,4.000000e+00)]

// CHECK-LABEL: --- Running 'set_with_values':
func.func @set_with_values() {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %a = tfrt.constant.f32 0.5
  %b = tfrt.constant.f32 -1.0
  %ch1 = "tfrt_dht.set_tensor_with_values.f32"(%t, %ch0, %a, %b) : (!t.tensor, !tfrt.chain, f32, f32) -> !tfrt.chain
  %ch2 = tfrt_dht.print_tensor %t, %ch1
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2], values = [5.000000e-01, -1.000000e+00]

// CHECK-LABEL: --- Running 'equal':
func.func @equal() -> (i1, i1, i1, i1) {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.1 [3 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.i32.1 [3 : i64]
  %c = tfrt_dht.create_uninitialized_tensor.i32.2 [1 : i64, 3 : i64]
  %ch1 = tfrt_dht.set_tensor_with_constant_values.i32 %a, %ch0 [1 : i32, 2 : i32, 3 : i32]
  %ch2 = tfrt_dht.set_tensor_with_constant_values.i32 %b, %ch1 [1 : i32, 2 : i32, 3 : i32]
  %ch3 = tfrt_dht.set_tensor_with_constant_values.i32 %c, %ch2 [1 : i32, 2 : i32, 3 : i32]
  %eq1, %ch4 = tfrt_dht.tensor_equal.i32 %a, %b, %ch3
  %eq2, %ch5 = tfrt_dht.tensor_equal.i32 %a, %c, %ch4
  %ch6 = tfrt_dht.fill_tensor_with_constant.i32 %b, %ch5 1 : i32
  %eq3, %ch7 = tfrt_dht.tensor_equal.i32 %a, %b, %ch6
  %f = tfrt_dht.create_uninitialized_tensor.f32.1 [1 : i64]
  %g = tfrt_dht.create_uninitialized_tensor.f32.1 [1 : i64]
  %ch8 = tfrt_dht.set_tensor_with_constant_values.f32 %f, %ch7 [1.0 : f32]
  %ch9 = tfrt_dht.set_tensor_with_constant_values.f32 %g, %ch8 [1.0000001 : f32]
  %close, %ch10 = "tfrt_dht.tensor_allclose.f32"(%f, %g, %ch9) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  tfrt.return %eq1, %eq2, %eq3, %close : i1, i1, i1, i1
}
// Same elements but a different shape are not equal; 1.0000001f is one ulp
// above 1.0f, within the default tolerance of 2 ulps.
// CHECK-NEXT: 'equal' returned 1,0,0,1

// CHECK-LABEL: --- Running 'set_errors':
func.func @set_errors() -> (!tfrt.chain, !tfrt.chain, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]
  %ch1 = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch0 [1 : i32, 2 : i32, 3 : i32] // expected-error {{Incorrect number of values for the tensor: 3, but expected 2}}
  %c = tfrt_dht.create_uninitialized_tensor.complex64.1 [2 : i64]
  %ch2 = tfrt_dht.set_tensor_with_constant_values.complex64 %c, %ch0 [1.0 : f32, 2.0 : f32] // expected-error {{Incorrect number of real and imaginary values for the complex tensor: 2, but expected 4}}
  %a = tfrt.constant.i32 1
  %ch3 = "tfrt_dht.set_tensor_with_values.i32"(%t, %ch0, %a) : (!t.tensor, !tfrt.chain, i32) -> !tfrt.chain // expected-error {{Incorrect number of values for the tensor: 1, but expected 2}}
  tfrt.return %ch1, %ch2, %ch3 : !tfrt.chain, !tfrt.chain, !tfrt.chain
}
// CHECK-NEXT: 'set_errors' returned <<error: Incorrect number of values for the tensor: 3, but expected 2>>,<<error: Incorrect number of real and imaginary values for the complex tensor: 2, but expected 4>>,<<error: Incorrect number of values for the tensor: 1, but expected 2>>

// CHECK-LABEL: --- Running 'shape_of_tensor':
func.func @shape_of_tensor() {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.f64.3 [2 : i64, 1 : i64, 4 : i64]
  %s = tfrt_dht.get_tensor_shape %t
  %ch1 = ts.print_shape %s, %ch0
  %ch2 = "tfrt_dht.no_op_ht"(%t) : (!t.tensor) -> !tfrt.chain
  %ch3 = tfrt.merge.chains %ch1, %ch2 : !tfrt.chain, !tfrt.chain
  %ch4 = "tfrt_test.print_hello"(%ch3) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return
}
// CHECK-NEXT: shape = [2, 1, 4]
// CHECK-NEXT: hello host executor!
