// matmul.mlir — tensor compute kernels (docs/kernel-behaviour.md §12). add and matmul write
// into an output tensor the program allocated, so like every other
// mutation of a tensor they take a chain and return one.

func.func @main() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %ch1 = tfrt_dht.set_tensor_with_constant_values.f32 %a, %ch0 [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32, 5.0 : f32, 6.0 : f32]
  %b = tfrt_dht.create_uninitialized_tensor.f32.2 [3 : i64, 2 : i64]
  %ch2 = tfrt_dht.fill_tensor_with_constant.f32 %b, %ch1 0.5 : f32
  %c = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  %ch3 = "tfrt_dht.matmul.f32"(%a, %b, %c, %ch2) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch4 = "tfrt_dht.add.f32"(%c, %c, %c, %ch3) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch5 = tfrt_dht.print_tensor %c, %ch4
  tfrt.return %ch5 : !tfrt.chain
}

func.func @mismatch() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 3 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.i32.2 [3 : i64, 2 : i64]
  %ch1 = "tfrt_dht.add.i32"(%a, %b, %a, %ch0) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{shape mismatch: [2, 3] vs [3, 2]}}
  tfrt.return %ch1 : !tfrt.chain
}
