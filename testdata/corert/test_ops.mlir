// ARGS: --init-function=register_op_handlers_cpu
// VARIANTS: --work-queue=mstd:2
// The cpu handler's test ops beyond arithmetic (docs/kernel-behaviour.md §14):
// printing every kind of host tensor, sharing, ops whose tensors come later,
// COO tensors and their conversion, an op that fails.

func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

// tfrt_test.print has side effects: executeop.seq orders the prints.
// CHECK-LABEL: --- Running 'print_kinds':
func.func @print_kinds() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %d = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2], values = [1 : ui8, 255 : ui8] } : 1
  %s = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() { shape = [3], value = 1.0 : f32 } : 1
  %str = corert.const_string_tensor {shape = [3], value = ["a", "", "b c"]}
  %ix = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 2], values = [0 : i64, 1 : i64, 1 : i64, 0 : i64] } : 1
  %vals = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2], values = [5 : i32, 6 : i32] } : 1
  %coo = corert.executeop(%cpu) "tfrt_test.create_coo_tensor"(%ix, %vals) { shape = [2, 2] } : 1
  // CHECK-NEXT: DenseHostTensor dtype = u8, shape = [2], values = [1, 255]
  // CHECK-NEXT: ScalarHostTensor dtype = f32, shape = [3], value = 1.000000e+00
  // CHECK-NEXT: StringHostTensor shape = [3], values = ["a", "", "b c"]
  // CHECK-NEXT: CooHostTensor dtype = i32, shape = [2, 2], indices = [0, 1, 1, 0], values = [5, 6]
  // COO prints its own line end, as TFRT's CooHostTensor::Print does:
  // CHECK-EMPTY:
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%d) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%s) : 0
  %ch3 = corert.executeop.seq(%cpu, %ch2) "tfrt_test.print"(%str) : 0
  %ch4 = corert.executeop.seq(%cpu, %ch3) "tfrt_test.print"(%coo) : 0
  // An op that takes dense tensors only gets the COO one made dense:
  // [[0, 5], [6, 0]] doubled.
  %dd = corert.executeop(%cpu) "tfrt_test.add"(%coo, %coo) : 1
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [0, 10, 12, 0]
  %ch5 = "corert.print_tensorhandle"(%dd, %ch4) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch5 : !tfrt.chain
}
// CHECK-NEXT: 'print_kinds' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'collect_and_share':
func.func @collect_and_share() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [6], values = [1 : i32, 2 : i32, 3 : i32, -5 : i32, 0 : i32, 7 : i32] } : 1
  // odd_collector: a result whose shape depends on the data (no metadata function).
  %odd = corert.executeop(%cpu) "tfrt_test.odd_collector"(%a) : 1
  %shape = "corert.tensorhandle_to_shape"(%odd, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !ts.shape
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [4], values = [1, 3, -5, 7]
  // CHECK-NEXT: shape = [4]
  %ch1 = "corert.print_tensorhandle"(%odd, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch2 = ts.print_shape %shape, %ch1
  // identity gives the same dense tensor: a write through one shows in the
  // other (ordered after the reads above by their chain).
  %same = corert.executeop(%cpu) "tfrt_test.identity"(%a) : 1
  %t = "corert.tensorhandle_to_ht"(%same, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !t.tensor
  %ch3 = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch2 [9 : i32, 8 : i32, 7 : i32, 6 : i32, 5 : i32, 4 : i32]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [6], values = [9, 8, 7, 6, 5, 4]
  %ch4 = "corert.print_tensorhandle"(%a, %ch3) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch4 : !tfrt.chain
}
// CHECK-NEXT: 'collect_and_share' returned !tfrt.chain value

// async.noop copies its tensor in a task; the ops after it run when the
// copy is there. The prints are ordered by their chains, not by when the
// tensors came.
// CHECK-LABEL: --- Running 'later':
func.func @later() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() { shape = [2], value = 1 : i32 } : 1
  %b = corert.executeop(%cpu) "tfrt_test.async.noop"(%a) : 1
  %c = corert.executeop(%cpu) "tfrt_test.async.noop_no_md"(%b) : 1
  %d = corert.executeop(%cpu) "tfrt_test.add"(%c, %b) : 1
  %shape = "corert.tensorhandle_to_shape"(%c, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !ts.shape
  // CHECK-NEXT: ScalarHostTensor dtype = i32, shape = [2], value = 2
  // CHECK-NEXT: ScalarHostTensor dtype = i32, shape = [2], value = 1
  // CHECK-NEXT: shape = [2]
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%d) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%c) : 0
  %ch3 = ts.print_shape %shape, %ch2
  tfrt.return %ch3 : !tfrt.chain
}
// CHECK-NEXT: 'later' returned !tfrt.chain value

// An op's error is reported at the executeop and flows to what uses its
// result; the ops after it do not run.
// CHECK-LABEL: --- Running 'failing_op':
func.func @failing_op() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() { shape = [1], value = 1 : i32 } : 1
  %b = corert.executeop(%cpu) "tfrt_test.error.tensor"(%a) : 1 // expected-error {{runtime error: error from test.error.tensor implementation}}
  %c = corert.executeop(%cpu) "tfrt_test.add"(%b, %a) : 1
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%c) : 0
  tfrt.return %ch1 : !tfrt.chain
}
// CHECK-NEXT: 'failing_op' returned <<error: error from test.error.tensor implementation>>
