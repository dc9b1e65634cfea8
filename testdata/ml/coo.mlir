// TFRT's sparse COO host tensors (docs/kernel-behaviour.md §13): the
// non-zero elements of a dense tensor with their indices, printed by
// tfrt_dht.print_tensor, compared, and converted back.

// CHECK-LABEL: --- Running 'non_square':
func.func @non_square() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  // [[0, 5], [0, 0], [7, -1]]: non-zero at positions 1, 4, 5 of 6. TFRT
  // numbers them in the radix of its dimensions taken from the first:
  // position 1 -> (0, 1), 4 -> (1, 1) (4 = 1 + 1 * 3), 5 -> (1, 2).
  %a = tfrt_dht.create_uninitialized_tensor.i32.2 [3 : i64, 2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.i32 %a, %ch0 [0 : i32, 5 : i32, 0 : i32, 0 : i32, 7 : i32, -1 : i32]
  %s, %c2 = coo.convert_dht_to_coo.i32.2 %a, %c1
  %c3 = tfrt_dht.print_tensor %s, %c2
  // and back, exactly
  %d, %c4 = coo.convert_coo_to_dht.i32.2 %s, %c3
  %c5 = tfrt_dht.print_tensor %d, %c4
  %eq, %c6 = tfrt_dht.tensor_equal.i32 %a, %d, %c5
  %c7 = tfrt.print.i1 %eq, %c6
  tfrt.return %c7 : !tfrt.chain
}
// CHECK-NEXT: CooHostTensor dtype = i32, shape = [3, 2], indices = [0, 1, 1, 1, 1, 2], values = [5, 7, -1]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [3, 2], values = [0, 5, 0, 0, 7, -1]
// CHECK-NEXT: int1 = 1

// CHECK-LABEL: --- Running 'f32_ranks':
func.func @f32_ranks() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  // -0.0 is zero; a scalar has no index columns.
  %v = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.f32 %v, %ch0 [-0.0 : f32, 2.5 : f32, 0.0 : f32]
  %s, %c2 = coo.convert_dht_to_coo.f32.1 %v, %c1
  %c3 = tfrt_dht.print_tensor %s, %c2
  %z = tfrt_dht.create_uninitialized_tensor.f32.0 []
  %c4 = tfrt_dht.fill_tensor_with_constant.f32 %z, %c3 3.0 : f32
  %zs, %c5 = coo.convert_dht_to_coo.f32.0 %z, %c4
  %c6 = tfrt_dht.print_tensor %zs, %c5
  // equal to itself, not to the vector's (values and indices differ)
  %e1, %c7 = coo.tensor_equal.f32.1 %s, %s, %c6
  %c8 = tfrt.print.i1 %e1, %c7
  %w = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %c9 = tfrt_dht.set_tensor_with_constant_values.f32 %w, %c8 [0.0 : f32, 0.0 : f32, 2.5 : f32]
  %t, %c10 = coo.convert_dht_to_coo.f32.1 %w, %c9
  %e2, %c11 = coo.tensor_equal.f32.1 %s, %t, %c10
  %c12 = tfrt.print.i1 %e2, %c11
  tfrt.return %c12 : !tfrt.chain
}
// CHECK-NEXT: CooHostTensor dtype = f32, shape = [3], indices = [1], values = [2.500000e+00]
// CHECK-NEXT: CooHostTensor dtype = f32, shape = [], indices = [], values = [3.000000e+00]
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: int1 = 0
