// VARIANTS: --work-queue=mstd:2
// Legacy kernels of docs/kernel-behaviour.md §9: tfrt_test.slice_inplace.i32.3.

// input[x][y][z] = 12x + 4y + z; the 2x2x2 slice at (0, 1, 1) holds
// 5, 6, 9, 10, 17, 18, 21, 22.
// CHECK-LABEL: --- Running 'slice_inplace':
func.func @slice_inplace() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %input = tfrt_dht.create_uninitialized_tensor.i32.3 [2 : i64, 3 : i64, 4 : i64]
  %ch1 = tfrt_dht.set_tensor_with_constant_values.i32 %input, %ch0 [0 : i32, 1 : i32, 2 : i32, 3 : i32, 4 : i32, 5 : i32, 6 : i32, 7 : i32, 8 : i32, 9 : i32, 10 : i32, 11 : i32, 12 : i32, 13 : i32, 14 : i32, 15 : i32, 16 : i32, 17 : i32, 18 : i32, 19 : i32, 20 : i32, 21 : i32, 22 : i32, 23 : i32]
  %begin = tfrt_dht.create_uninitialized_tensor.i64.1 [3 : i64]
  %ch2 = tfrt_dht.set_tensor_with_constant_values.i64 %begin, %ch1 [0 : i64, 1 : i64, 1 : i64]
  %output = tfrt_dht.create_uninitialized_tensor.i32.3 [2 : i64, 2 : i64, 2 : i64]
  %ch3 = "tfrt_test.slice_inplace.i32.3"(%input, %begin, %ch2, %output) : (!t.tensor, !t.tensor, !tfrt.chain, !t.tensor) -> !tfrt.chain
  %ch4 = tfrt_dht.print_tensor %output, %ch3
  tfrt.return %ch4 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2, 2], values = [5, 6, 9, 10, 17, 18, 21, 22]
// CHECK-NEXT: 'slice_inplace' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'slice_bad_begin':
func.func @slice_bad_begin() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %input = tfrt_dht.create_uninitialized_tensor.i32.3 [2 : i64, 3 : i64, 4 : i64]
  %begin = tfrt_dht.create_uninitialized_tensor.i64.1 [2 : i64]
  %output = tfrt_dht.create_uninitialized_tensor.i32.3 [1 : i64, 1 : i64, 1 : i64]
  %ch1 = "tfrt_test.slice_inplace.i32.3"(%input, %begin, %ch0, %output) : (!t.tensor, !t.tensor, !tfrt.chain, !t.tensor) -> !tfrt.chain // expected-error {{the size of 'begin_index' should match the input tensor rank}}
  tfrt.return %ch1 : !tfrt.chain
}
// CHECK-NEXT: 'slice_bad_begin' returned <<error: the size of 'begin_index' should match the input tensor rank>>
