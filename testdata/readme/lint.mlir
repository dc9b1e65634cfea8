// RUN: not tfrun lint %s 2>&1 | FileCheck %s
// RUN: tfrun lint --fix %s | tfrun run | FileCheck %s --check-prefix=FIXED
// The README's lint example, TFRT's chains document's: the print may run
// before the fill.
// CHECK: warning: 'tfrt_dht.fill_tensor_with_constant.i32' writes %t that 'tfrt_dht.print_tensor' reads
// FIXED: values = [1, 1, 1]
func.func @main() {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [3 : i64]
  %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 1 : i32
  %ch2 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return
}
