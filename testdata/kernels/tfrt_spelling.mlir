// ARGS: -work_queue_type=mstd:2 --host_allocator_type=leak_check_allocator
// Older TFRT spellings reach the same kernels: `func` instead of
// `func.func`, `!t.tensor`, an explicit module, TFRT's option spelling.

module {
// CHECK-LABEL: --- Running 'old_style':
func @old_style() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.2 [3 : i64, 2 : i64]
  %c1 = tfrt_dht.fill_tensor_with_constant.i32 %a, %c0 0 : i32
  %c2 = tfrt_dht.print_tensor %a, %c1
  %c3 = tfrt_dht.set_tensor_with_constant_values.i32 %a, %c2
    [1 : i32, -1 : i32, 1 : i32, -1 : i32, 1 : i32, -1 : i32]
  %c4 = tfrt_dht.print_tensor %a, %c3
  %s = tfrt_dht.get_tensor_shape %a
  %c5 = ts.print_shape %s, %c4
  %x = tfrt.constant.i32 42
  %c6 = tfrt.print.i32 %x, %c5
  tfrt.return %c6 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [3, 2], values = [0, 0, 0, 0, 0, 0]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [3, 2], values = [1, -1, 1, -1, 1, -1]
// CHECK-NEXT: shape = [3, 2]
// CHECK-NEXT: int32 = 42
// CHECK-NEXT: 'old_style' returned !tfrt.chain value
}
