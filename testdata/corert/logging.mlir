// ARGS: --init-function=register_op_handlers
// The logging op handler (docs/kernel-behaviour.md §14) prints every op it
// forwards, its attributes and inputs, and with sync_log_results its
// outputs, on standard error (as TFRT's does; tfrun test reads both
// streams), then runs the op on the handler it wraps.

func.func @register_op_handlers() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  %log = "corert.create_logging_op_handler"(%cpu) {sync_log_results = true} : (!corert.ophandler) -> !corert.ophandler
  %quiet = "corert.create_logging_op_handler"(%cpu) : (!corert.ophandler) -> !corert.ophandler
  %c1 = corert.register_op_handler %log "log"
  %c2 = corert.register_op_handler %quiet "quiet"
  tfrt.return
}

// CHECK-LABEL: --- Running 'logged':
func.func @logged() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %log = corert.get_op_handler %ch0 "log"
  // CHECK-NEXT: [0] dispatch 'tfrt_test.create_dense_tensor' 0 arguments, 1 result, OpAttrs contains 2 entries:
  // CHECK-NEXT:   'shape' type=I64 value=[3]
  // CHECK-NEXT:   'values' type=I32 value=[4, 5, 6]
  // CHECK-EMPTY:
  // CHECK-NEXT: Inputs for [0]: 'tfrt_test.create_dense_tensor':
  // CHECK-EMPTY:
  // CHECK-NEXT: Outputs for [0]: 'tfrt_test.create_dense_tensor':
  // CHECK-NEXT:   Output for [0] tensor 0: DenseHostTensor dtype = i32, shape = [3], values = [4, 5, 6]
  // CHECK-EMPTY:
  %a = corert.executeop(%log) "tfrt_test.create_dense_tensor"() { shape = [3], values = [4 : i32, 5 : i32, 6 : i32] } : 1
  // A scalar input is logged as the dense tensor it stands for.
  // CHECK-NEXT: [1] dispatch 'tfrt_test.create_from_scalar' 0 arguments, 1 result, OpAttrs contains 2 entries:
  // CHECK:      Output for [1] tensor 0: DenseHostTensor dtype = i32, shape = [3], values = [1, 1, 1]
  %b = corert.executeop(%log) "tfrt_test.create_from_scalar"() { shape = [3], value = 1 : i32 } : 1
  // CHECK:      [2] dispatch 'tfrt_test.add' 2 arguments, 1 result, no attributes
  // CHECK-NEXT: Inputs for [2]: 'tfrt_test.add':
  // CHECK-NEXT:   Input for [2] tensor 0: DenseHostTensor dtype = i32, shape = [3], values = [4, 5, 6]
  // CHECK-NEXT:   Input for [2] tensor 1: DenseHostTensor dtype = i32, shape = [3], values = [1, 1, 1]
  // CHECK-EMPTY:
  // CHECK-NEXT: Outputs for [2]: 'tfrt_test.add':
  // CHECK-NEXT:   Output for [2] tensor 0: DenseHostTensor dtype = i32, shape = [3], values = [5, 6, 7]
  // CHECK-EMPTY:
  %c = corert.executeop(%log) "tfrt_test.add"(%a, %b) : 1
  // The op runs on the wrapped handler; its print comes after the log.
  // CHECK-NEXT: [3] dispatch 'tfrt_test.print' 1 argument, 0 results, no attributes
  // CHECK-NEXT: Inputs for [3]: 'tfrt_test.print':
  // CHECK-NEXT:   Input for [3] tensor 0: DenseHostTensor dtype = i32, shape = [3], values = [5, 6, 7]
  // CHECK-EMPTY:
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [3], values = [5, 6, 7]
  %ch1 = corert.executeop.seq(%log, %ch0) "tfrt_test.print"(%c) : 0
  tfrt.return %ch1 : !tfrt.chain
}
// CHECK-NEXT: 'logged' returned !tfrt.chain value

// Without sync_log_results: no outputs. Each logging handler counts its own ops.
// An op the wrapped handlers do not run is an error before anything is logged.
// CHECK-LABEL: --- Running 'quiet':
func.func @quiet() -> (!corert.tensorhandle, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %q = corert.get_op_handler %ch0 "quiet"
  // CHECK-NEXT: [0] dispatch 'tfrt_test.create_dense_tensor' 0 arguments, 1 result, OpAttrs contains 2 entries:
  // CHECK-NEXT:   'shape' type=I64 value=[]
  // CHECK-NEXT:   'values' type=F32 value=[2.500000e+00]
  // CHECK-EMPTY:
  // CHECK-NEXT: Inputs for [0]: 'tfrt_test.create_dense_tensor':
  // CHECK-EMPTY:
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [], values = [2.500000e+00]
  %a = corert.executeop(%q) "tfrt_test.create_dense_tensor"() { shape = [], values = [2.5 : f32] } : 1
  %ch1 = "corert.print_tensorhandle"(%a, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %x = corert.executeop(%q) "tf.Missing"() : 1 // expected-error {{runtime error: tf.Missing was not supported by NullOpHandler.}}
  tfrt.return %x, %ch1 : !corert.tensorhandle, !tfrt.chain
}
// CHECK-NEXT: 'quiet' returned <<error: tf.Missing was not supported by NullOpHandler.>>,!tfrt.chain value
