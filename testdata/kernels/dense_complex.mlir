// Complex elements of dense attributes (docs/syntax.md) reach the
// tensors made from them: they were once read as zeros. A list may nest as
// the tensor's shape does; one value fills the tensor.

// CHECK-LABEL: --- Running 'complex_dense':
func.func @complex_dense() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = "tfrt_test.const_dense_attr"() {value = dense<[(1.5, -2.0), (0.0, 4.0)]> : tensor<2xcomplex<f64>>} : () -> !t.tensor
  %b = "tfrt_test.const_dense_attr"() {value = dense<[[(1.0, 2.0), (3.0, 4.0)], [(-1.0, 0.5), (0.0, 0.0)]]> : tensor<2x2xcomplex<f32>>} : () -> !t.tensor
  %c = "tfrt_test.const_dense_attr"() {value = dense<(2.0, 1.0)> : tensor<3xcomplex<f32>>} : () -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %a, %ch0
  %ch2 = tfrt_dht.print_tensor %b, %ch1
  %ch3 = tfrt_dht.print_tensor %c, %ch2
  tfrt.return %ch3 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = complex128, shape = [2], values = [(1.500000e+00,-2.000000e+00), (0.000000e+00,4.000000e+00)]
// CHECK-NEXT: DenseHostTensor dtype = complex64, shape = [2, 2], values = [(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00), (-1.000000e+00,5.000000e-01), (0.000000e+00,0.000000e+00)]
// CHECK-NEXT: DenseHostTensor dtype = complex64, shape = [3], values = [(2.000000e+00,1.000000e+00), (2.000000e+00,1.000000e+00), (2.000000e+00,1.000000e+00)]
// CHECK-NEXT: 'complex_dense' returned !tfrt.chain value
