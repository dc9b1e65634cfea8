// ARGS: --init-function=register_op_handlers
// corert.mlir — CoreRT, TFRT's eager runtime (docs/kernel-behaviour.md §14):
// op handlers registered by name, ops dispatched by name with attributes,
// TensorHandles whose metadata comes before their tensor.

func.func @register_op_handlers() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

// One dense layer: relu(x w + b), and the index of each row's largest output.
func.func @layer() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %x = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 3], values = [1.0 : f32, 2.0 : f32, 3.0 : f32, -1.0 : f32, 0.0 : f32, 1.0 : f32] } : 1
  %w = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [3, 2], values = [1.0 : f32, -1.0 : f32, 0.5 : f32, 0.5 : f32, 0.0 : f32, 1.0 : f32] } : 1
  %b = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2], values = [-1.0 : f32, 0.5 : f32] } : 1
  %xw = corert.executeop(%cpu) "tfrt_test.matmul"(%x, %w) { transpose_a = false, transpose_b = false } : 1
  %bb = corert.executeop(%cpu) "tfrt_test.broadcast"(%b) { shape = [2, 2] } : 1
  %z = corert.executeop(%cpu) "tfrt_test.add"(%xw, %bb) : 1
  %y = corert.executeop(%cpu) "tfrt_test.relu"(%z) : 1
  %i = corert.executeop(%cpu) "tfrt_test.argmax"(%y) { axis = 1 : i32 } : 1
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%y) : 0
  %ch2 = "corert.print_tensorhandle"(%i, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch2 : !tfrt.chain
}

// A TensorHandle is two async values, metadata and tensor. async.noop
// gives its copy in a task that runs after this synchronous function, but
// its metadata function runs at dispatch: the handle is printed while only
// the metadata is there.
func.func @metadata_first() attributes {tfrt.sync} {
  %cpu = corert_sync.get_op_handler "cpu"
  %a = corert_sync.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 2], values = [7 : i64] } : 1
  %later = corert_sync.executeop(%cpu) "tfrt_test.async.noop"(%a) : 1
  "corert_sync.print_tensorhandle"(%later) : (!corert.tensorhandle) -> ()
  tfrt.return
}

// An op the handler does not have.
func.func @unknown_op() -> !corert.tensorhandle {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %r = corert.executeop(%cpu) "tf.Tanh"() : 1 // expected-error {{tf.Tanh was not supported by NullOpHandler.}}
  tfrt.return %r : !corert.tensorhandle
}
