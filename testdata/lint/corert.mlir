// RUN: tfrun lint --verify-diagnostics %s
// RUN: not tfrun lint %s > /dev/null 2>&1
// CoreRT programs with a chain missing (docs/kernel-behaviour.md §14): the
// prints of corert.print_tensorhandle and of an executeop.seq op both write
// the output; a tensor that corert.ht_to_tensorhandle wraps shares storage
// with the handle, so filling it races with printing the handle.
func.func @two_prints() {
  %ch = tfrt.new.chain
  %cpu = corert.get_op_handler %ch "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2], values = [1 : i32] } : 1
  %b = corert.executeop(%cpu) "tfrt_test.add"(%a, %a) : 1
  // expected-note @+1 {{the other op, 'corert.print_tensorhandle', is here}}
  %c1 = "corert.print_tensorhandle"(%a, %ch) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  // expected-warning @+2 {{'corert.print_tensorhandle' and 'corert.executeop.seq' both print to the output, and nothing orders them}}
  // expected-note @+1 {{pass %c1 instead of %ch to order them as written}}
  %c2 = corert.executeop.seq(%cpu, %ch) "tfrt_test.print"(%b) : 0
  tfrt.return
}

// The same prints in order: nothing to say.
func.func @two_prints_ordered() {
  %ch = tfrt.new.chain
  %cpu = corert.get_op_handler %ch "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2], values = [1 : i32] } : 1
  %b = corert.executeop(%cpu) "tfrt_test.add"(%a, %a) : 1
  %c1 = "corert.print_tensorhandle"(%a, %ch) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %c2 = corert.executeop.seq(%cpu, %c1) "tfrt_test.print"(%b) : 0
  tfrt.return
}

func.func @fill_under_handle() {
  %ch = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]
  %th = "corert.ht_to_tensorhandle"(%t, %ch) : (!t.tensor, !tfrt.chain) -> !corert.tensorhandle
  // expected-note @+1 {{the other op, 'tfrt_dht.fill_tensor_with_constant.i32', is here}}
  %c1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch 0 : i32
  // expected-warning @+2 {{'tfrt_dht.fill_tensor_with_constant.i32' writes %t that 'corert.print_tensorhandle' reads, and nothing orders them}}
  // expected-note @+1 {{pass %c1 instead of %ch to order them as written}}
  %c2 = "corert.print_tensorhandle"(%th, %ch) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
