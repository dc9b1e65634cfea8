// RUN: tfrun lint --verify-diagnostics %s
// RUN: not tfrun lint %s > /dev/null 2>&1
// TFRT's chains document: a tensor filled and printed off the same chain.
// TFRT's executor may print it before it is filled (values = [0, 0, 0]);
// the lint warns at the print and says which chain to pass.
func.func @fill_and_print() {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [3 : i64]
  // expected-note @+1 {{the other op, 'tfrt_dht.fill_tensor_with_constant.i32', is here}}
  %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 1 : i32
  // expected-warning @+2 {{'tfrt_dht.fill_tensor_with_constant.i32' writes %t that 'tfrt_dht.print_tensor' reads, and nothing orders them}}
  // expected-note @+1 {{pass %ch1 instead of %ch0 to order them as written}}
  %ch2 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return
}
