// 20 products of two 768x768 f32 matrices (tfrt_dht.matmul.f32 on OpenBLAS,
// kernels/gemm.h), each into the same output, as one tfrt.repeat.i32
// carrying the tensors and the chain. Every element of the product is
// 768 * 0.5 * 0.25 = 96. Peer: bench/matmul.py (numpy on the same OpenBLAS).
func.func @main() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.f32.2 [768 : i64, 768 : i64]
  %c1 = tfrt_dht.fill_tensor_with_constant.f32 %a, %ch0 0.5 : f32
  %b = tfrt_dht.create_uninitialized_tensor.f32.2 [768 : i64, 768 : i64]
  %c2 = tfrt_dht.fill_tensor_with_constant.f32 %b, %c1 0.25 : f32
  %c = tfrt_dht.create_uninitialized_tensor.f32.2 [768 : i64, 768 : i64]
  %n = tfrt.constant.i32 20
  %r:4 = tfrt.repeat.i32 %n, %a, %b, %c, %c2 : !t.tensor, !t.tensor, !t.tensor, !tfrt.chain {
    %next = "tfrt_dht.matmul.f32"(%a, %b, %c, %c2) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
    tfrt.return %a, %b, %c, %next : !t.tensor, !t.tensor, !t.tensor, !tfrt.chain
  }
  %done = tfrt_dht.print_tensor %c, %r#3
  tfrt.return %done : !tfrt.chain
}
