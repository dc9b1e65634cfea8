// ARGS: --init-function=register_op_handlers_cpu
// corert_sync (docs/kernel-behaviour.md §14): in a tfrt.sync function the
// results of corert_sync.executeop are the TensorHandles themselves, at
// once. A handle whose op has a metadata function knows its dtype and shape
// before its tensor is computed, as TFRT's AsyncValue document describes
// TensorHandle; print shows what is known so far.

func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

// CHECK-LABEL: --- Running 'sync_ops':
func.func @sync_ops() attributes {tfrt.sync} {
  %cpu = corert_sync.get_op_handler "cpu"
  %a = corert_sync.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 2], values = [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32] } : 1
  %b = corert_sync.executeop(%cpu) "tfrt_test.matmul"(%a, %a) {transpose_a = false, transpose_b = false} : 1
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [7.000000e+00, 1.000000e+01, 1.500000e+01, 2.200000e+01]
  "corert_sync.print_tensorhandle"(%b) : (!corert.tensorhandle) -> ()
  // The copy of async.noop comes in a task after this function: its
  // metadata is known now (it has a metadata function), its tensor is not.
  %c = corert_sync.executeop(%cpu) "tfrt_test.async.noop"(%a) : 1
  %d = corert_sync.executeop(%cpu) "tfrt_test.async.noop_no_md"(%a) : 1
  // CHECK-NEXT: future TensorHandle with metadata f32 [2, 2]
  // CHECK-NEXT: fully future TensorHandle with unresolved metadata
  "corert_sync.print_tensorhandle"(%c) : (!corert.tensorhandle) -> ()
  "corert_sync.print_tensorhandle"(%d) : (!corert.tensorhandle) -> ()
  tfrt.return
}
// CHECK-NEXT: --- Running 'after':

// Back in an ordinary function, an op on such a handle waits for its tensor.
func.func @after() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() { shape = [3], value = 4 : i64 } : 1
  %b = corert.executeop(%cpu) "tfrt_test.async.noop"(%a) : 1
  %c = corert.executeop(%cpu) "tfrt_test.add"(%b, %b) : 1
  // CHECK-NEXT: ScalarHostTensor dtype = i64, shape = [3], value = 8
  %ch1 = "corert.print_tensorhandle"(%c, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch1 : !tfrt.chain
}
// CHECK-NEXT: 'after' returned !tfrt.chain value
