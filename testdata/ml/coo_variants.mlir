// Every dtype and rank of the coo.* kernels (docs/kernel-behaviour.md §13):
// a tensor of shape [2, ..., 2] (a scalar for rank 0) whose only non-zero
// element is the last, converted to COO (its index is (1, ..., 1) in TFRT's
// numbering, which for equal dimensions is the coordinates), compared with
// itself, and converted back.

// CHECK-LABEL: --- Running 'coo_f32_0':
// CHECK-NEXT: CooHostTensor dtype = f32, shape = [], indices = [], values = [7.500000e+00]
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [], values = [7.500000e+00]
func.func @coo_f32_0() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.f32.0 []
  %c1 = tfrt_dht.set_tensor_with_constant_values.f32 %t, %ch0 [7.5 : f32]
  %s, %c2 = coo.convert_dht_to_coo.f32.0 %t, %c1
  %c3 = tfrt_dht.print_tensor %s, %c2
  %eq, %c4 = coo.tensor_equal.f32.0 %s, %s, %c3
  %c5 = tfrt.print.i1 %eq, %c4
  %d, %c6 = coo.convert_coo_to_dht.f32.0 %s, %c5
  %c7 = tfrt_dht.print_tensor %d, %c6
  tfrt.return %c7 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'coo_f32_1':
// CHECK-NEXT: CooHostTensor dtype = f32, shape = [2], indices = [1], values = [7.500000e+00]
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2], values = [0.000000e+00, 7.500000e+00]
func.func @coo_f32_1() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.f32 %t, %ch0 [0.0 : f32, 7.5 : f32]
  %s, %c2 = coo.convert_dht_to_coo.f32.1 %t, %c1
  %c3 = tfrt_dht.print_tensor %s, %c2
  %eq, %c4 = coo.tensor_equal.f32.1 %s, %s, %c3
  %c5 = tfrt.print.i1 %eq, %c4
  %d, %c6 = coo.convert_coo_to_dht.f32.1 %s, %c5
  %c7 = tfrt_dht.print_tensor %d, %c6
  tfrt.return %c7 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'coo_f32_2':
// CHECK-NEXT: CooHostTensor dtype = f32, shape = [2, 2], indices = [1, 1], values = [7.500000e+00]
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [0.000000e+00, 0.000000e+00, 0.000000e+00, 7.500000e+00]
func.func @coo_f32_2() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.f32 %t, %ch0 [0.0 : f32, 0.0 : f32, 0.0 : f32, 7.5 : f32]
  %s, %c2 = coo.convert_dht_to_coo.f32.2 %t, %c1
  %c3 = tfrt_dht.print_tensor %s, %c2
  %eq, %c4 = coo.tensor_equal.f32.2 %s, %s, %c3
  %c5 = tfrt.print.i1 %eq, %c4
  %d, %c6 = coo.convert_coo_to_dht.f32.2 %s, %c5
  %c7 = tfrt_dht.print_tensor %d, %c6
  tfrt.return %c7 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'coo_f32_3':
// CHECK-NEXT: CooHostTensor dtype = f32, shape = [2, 2, 2], indices = [1, 1, 1], values = [7.500000e+00]
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2, 2], values = [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 7.500000e+00]
func.func @coo_f32_3() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.f32.3 [2 : i64, 2 : i64, 2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.f32 %t, %ch0 [0.0 : f32, 0.0 : f32, 0.0 : f32, 0.0 : f32, 0.0 : f32, 0.0 : f32, 0.0 : f32, 7.5 : f32]
  %s, %c2 = coo.convert_dht_to_coo.f32.3 %t, %c1
  %c3 = tfrt_dht.print_tensor %s, %c2
  %eq, %c4 = coo.tensor_equal.f32.3 %s, %s, %c3
  %c5 = tfrt.print.i1 %eq, %c4
  %d, %c6 = coo.convert_coo_to_dht.f32.3 %s, %c5
  %c7 = tfrt_dht.print_tensor %d, %c6
  tfrt.return %c7 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'coo_i32_0':
// CHECK-NEXT: CooHostTensor dtype = i32, shape = [], indices = [], values = [7]
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [], values = [7]
func.func @coo_i32_0() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.0 []
  %c1 = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch0 [7 : i32]
  %s, %c2 = coo.convert_dht_to_coo.i32.0 %t, %c1
  %c3 = tfrt_dht.print_tensor %s, %c2
  %eq, %c4 = coo.tensor_equal.i32.0 %s, %s, %c3
  %c5 = tfrt.print.i1 %eq, %c4
  %d, %c6 = coo.convert_coo_to_dht.i32.0 %s, %c5
  %c7 = tfrt_dht.print_tensor %d, %c6
  tfrt.return %c7 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'coo_i32_1':
// CHECK-NEXT: CooHostTensor dtype = i32, shape = [2], indices = [1], values = [7]
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [0, 7]
func.func @coo_i32_1() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch0 [0 : i32, 7 : i32]
  %s, %c2 = coo.convert_dht_to_coo.i32.1 %t, %c1
  %c3 = tfrt_dht.print_tensor %s, %c2
  %eq, %c4 = coo.tensor_equal.i32.1 %s, %s, %c3
  %c5 = tfrt.print.i1 %eq, %c4
  %d, %c6 = coo.convert_coo_to_dht.i32.1 %s, %c5
  %c7 = tfrt_dht.print_tensor %d, %c6
  tfrt.return %c7 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'coo_i32_2':
// CHECK-NEXT: CooHostTensor dtype = i32, shape = [2, 2], indices = [1, 1], values = [7]
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [0, 0, 0, 7]
func.func @coo_i32_2() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch0 [0 : i32, 0 : i32, 0 : i32, 7 : i32]
  %s, %c2 = coo.convert_dht_to_coo.i32.2 %t, %c1
  %c3 = tfrt_dht.print_tensor %s, %c2
  %eq, %c4 = coo.tensor_equal.i32.2 %s, %s, %c3
  %c5 = tfrt.print.i1 %eq, %c4
  %d, %c6 = coo.convert_coo_to_dht.i32.2 %s, %c5
  %c7 = tfrt_dht.print_tensor %d, %c6
  tfrt.return %c7 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'coo_i32_3':
// CHECK-NEXT: CooHostTensor dtype = i32, shape = [2, 2, 2], indices = [1, 1, 1], values = [7]
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2, 2], values = [0, 0, 0, 0, 0, 0, 0, 7]
func.func @coo_i32_3() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.3 [2 : i64, 2 : i64, 2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch0 [0 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 0 : i32, 7 : i32]
  %s, %c2 = coo.convert_dht_to_coo.i32.3 %t, %c1
  %c3 = tfrt_dht.print_tensor %s, %c2
  %eq, %c4 = coo.tensor_equal.i32.3 %s, %s, %c3
  %c5 = tfrt.print.i1 %eq, %c4
  %d, %c6 = coo.convert_coo_to_dht.i32.3 %s, %c5
  %c7 = tfrt_dht.print_tensor %d, %c6
  tfrt.return %c7 : !tfrt.chain
}
