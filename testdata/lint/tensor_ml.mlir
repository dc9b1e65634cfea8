// RUN: tfrun lint --verify-diagnostics %s
// RUN: not tfrun lint %s > /dev/null 2>&1
// RUN: tfrun lint --fix %s | tfrun lint
// The host ML kernels write their output tensor in place (FX_W in
// ops/ops.def), so a layer of a network that forgets a chain is a race the
// lint sees: the relu takes the chain the product started from, not the
// product's, so it may run on the output before the product writes it.
func.func @layer() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.f32 1.0
  %zero = tfrt.constant.f32 0.0
  %x = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %c1 = tfrt_dht.fill_tensor_with_constant.f32 %x, %ch0 1.0 : f32
  %w = tfrt_dht.create_uninitialized_tensor.f32.2 [3 : i64, 4 : i64]
  %c2 = tfrt_dht.fill_tensor_with_constant.f32 %w, %c1 -1.0 : f32
  %out = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 4 : i64]
  // expected-note @+1 {{the other op, 'eigen.matmul.f32', is here}}
  %c3 = "eigen.matmul.f32"(%one, %x, %w, %zero, %out, %c2) : (f32, !t.tensor, !t.tensor, f32, !t.tensor, !tfrt.chain) -> !tfrt.chain
  // expected-warning @+2 {{'eigen.matmul.f32' and 'tfrt_test.relu_inplace.f32' both write %out, and nothing orders them}}
  // expected-note @+1 {{pass %c3 instead of %c2 to order them as written}}
  %c4 = "tfrt_test.relu_inplace.f32"(%out, %c2) : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  tfrt.return %c4 : !tfrt.chain
}
