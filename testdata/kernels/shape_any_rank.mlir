// create_uninitialized_tensor.DT.R takes its shape from the whole `shape`
// array, whatever rank R its name says, as TFRT's kernel does (its op
// definition checks no length, and TFRT's MNIST example writes
// `create_uninitialized_tensor.f32.2 [3 : i64]`): docs/kernel-behaviour.md §8.

// CHECK-LABEL: --- Running 'rank_one_from_two':
func.func @rank_one_from_two() {
  %c = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.f32.2 [3 : i64]
  %c1 = tfrt_dht.fill_tensor_with_constant.f32 %t, %c 1.0 : f32
  %c2 = tfrt_dht.print_tensor %t, %c1
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [1.000000e+00, 1.000000e+00, 1.000000e+00]

// CHECK-LABEL: --- Running 'rank_three_from_zero':
func.func @rank_three_from_zero() {
  %c = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.0 [1 : i64, 2 : i64, 1 : i64]
  %c1 = "tfrt_dht.print_tensor_shape"(%t, %c) : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
// CHECK-NEXT: [1, 2, 1]
