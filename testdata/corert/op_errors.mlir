// ARGS: --init-function=register_op_handlers_cpu
// VARIANTS: --work-queue=mstd:2
// Bad input to CoreRT ops (docs/kernel-behaviour.md §14): each is a located
// diagnostic at the executeop and an error value for what depends on it,
// never a crash or a silent zero. Metadata functions report TFRT's messages
// before the op runs.

func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

// CHECK-LABEL: --- Running 'shapes_and_dtypes':
func.func @shapes_and_dtypes() -> (!corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 3], values = [1.0 : f32] } : 1
  %b = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 3], values = [1 : i32] } : 1
  %c = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [3, 2], values = [1.0 : f32] } : 1
  %m = corert.executeop(%cpu) "tfrt_test.matmul"(%a, %a) {transpose_a = false, transpose_b = false} : 1 // expected-error {{runtime error: matmul arguments have incompatible shapes}}
  %t = corert.executeop(%cpu) "tfrt_test.add"(%a, %b) : 1 // expected-error {{incompatible dtypes for test.add}}
  %s = corert.executeop(%cpu) "tfrt_test.add"(%a, %c) : 1 // expected-error {{arguments of test.add must have same shape}}
  %e = corert.executeop(%cpu) "tf.AddV2"(%a, %c) : 1 // expected-error {{Dimensions must be equal, but are 2 and 3}}
  tfrt.return %m, %t, %s, %e : !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'shapes_and_dtypes' returned <<error: matmul arguments have incompatible shapes>>,<<error: incompatible dtypes for test.add>>,<<error: arguments of test.add must have same shape>>,<<error: Dimensions must be equal, but are 2 and 3>>

// Attributes missing or of the wrong kind.
// CHECK-LABEL: --- Running 'attributes':
func.func @attributes() -> (!corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 2], values = [1.0 : f32] } : 1
  %v = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() { shape = [2] } : 1 // expected-error {{tfrt_test.create_from_scalar must have 'value' attribute}}
  // A shape of i32 is not TFRT's Index (i64) array.
  %w = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() { shape = [2 : i32], value = 1 : i32 } : 1 // expected-error {{tfrt_test.create_from_scalar must have 'shape' attribute}}
  %x = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [3], values = [1 : i32, 2 : i32] } : 1 // expected-error {{size of 'values' must either be 1 or match num of elements.}}
  %y = corert.executeop(%cpu) "tfrt_test.matmul"(%a, %a) {transpose_a = 0 : i32, transpose_b = false} : 1 // expected-error {{tfrt_test.matmul needs the bool attribute 'transpose_a'}}
  %z = corert.executeop(%cpu) "tfrt_test.cast"(%a) { type = "i64" } : 1 // expected-error {{only casting to f32/f16 is supported}}
  tfrt.return %v, %w, %x, %y, %z : !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'attributes' returned <<error: tfrt_test.create_from_scalar must have 'value' attribute>>,<<error: tfrt_test.create_from_scalar must have 'shape' attribute>>,<<error: size of 'values' must either be 1 or match num of elements.>>,<<error: tfrt_test.matmul needs the bool attribute 'transpose_a'>>,<<error: only casting to f32/f16 is supported>>

// Ops the handler does not have, the wrong number of operands or results,
// an op with side effects without a chain.
// CHECK-LABEL: --- Running 'dispatch':
func.func @dispatch() -> (!corert.tensorhandle, !corert.tensorhandle, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2], values = [1 : i32] } : 1
  %u = corert.executeop(%cpu) "tf.NoSuchOp"(%a) : 1 // expected-error {{runtime error: tf.NoSuchOp was not supported by NullOpHandler.}}
  %n = corert.executeop(%cpu) "tfrt_test.relu"(%a, %a) : 1 // expected-error {{'tfrt_test.relu' takes 1 argument, corert.executeop gives it 2}}
  corert.executeop(%cpu) "tfrt_test.relu"(%a) // expected-error {{'tfrt_test.relu' has 1 result, but corert.executeop asks for 0}}
  corert.executeop(%cpu) "tfrt_test.print"(%a) // expected-error {{'tfrt_test.print' has side effects: run it with corert.executeop.seq, which orders it by a chain}}
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tf.Gone"() // expected-error {{tf.Gone was not supported by NullOpHandler.}}
  tfrt.return %u, %n, %ch1 : !corert.tensorhandle, !corert.tensorhandle, !tfrt.chain
}
// CHECK-NEXT: 'dispatch' returned <<error: tf.NoSuchOp was not supported by NullOpHandler.>>,<<error: 'tfrt_test.relu' takes 1 argument, corert.executeop gives it 2>>,<<error: tf.Gone was not supported by NullOpHandler.>>

// Tensors an op cannot take: a string tensor where a dense one is wanted,
// data the op's implementation rejects.
// CHECK-LABEL: --- Running 'operands':
func.func @operands() -> (!corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %s = corert.const_string_tensor {shape = [1], value = ["x"]}
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 2], values = [1 : i32] } : 1
  %i = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1, 2], values = [0 : i64, 5 : i64] } : 1
  %v = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1], values = [1 : i32] } : 1
  %r = corert.executeop(%cpu) "tfrt_test.identity_dense_only"(%s) : 1 // expected-error {{Cannot implictly convert StringHost to DenseHost}}
  %o = corert.executeop(%cpu) "tfrt_test.odd_collector"(%a) : 1 // expected-error {{expected a 1D tensor input}}
  %c = corert.executeop(%cpu) "tfrt_test.create_coo_tensor"(%i, %v) { shape = [2, 2] } : 1 // expected-error {{tfrt_test.create_coo_tensor index 5 is out of range for dimension 1}}
  %z = corert.executeop(%cpu) "tf.RealDiv"(%v, %v) : 1
  %zero = corert.executeop(%cpu) "tf.Sub"(%v, %v) : 1
  %q = corert.executeop(%cpu) "tf.RealDiv"(%z, %zero) : 1 // expected-error {{tf.RealDiv: integer division by zero}}
  tfrt.return %r, %o, %c, %q : !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'operands' returned <<error: Cannot implictly convert StringHost to DenseHost>>,<<error: expected a 1D tensor input>>,<<error: tfrt_test.create_coo_tensor index 5 is out of range for dimension 1>>,<<error: tf.RealDiv: integer division by zero>>

// Handlers: a name nobody registered; a handler that runs nothing.
// CHECK-LABEL: --- Running 'handlers':
func.func @handlers() -> (!corert.ophandler, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %x = corert.get_op_handler %ch0 "tpu" // expected-error {{runtime error: op_handler not found: tpu}}
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %r = corert.executeop(%null) "tfrt_test.create_dense_tensor"() { shape = [1], values = [1 : i32] } : 1 // expected-error {{tfrt_test.create_dense_tensor was not supported by NullOpHandler.}}
  tfrt.return %x, %r : !corert.ophandler, !corert.tensorhandle
}
// CHECK-NEXT: 'handlers' returned <<error: op_handler not found: tpu>>,<<error: tfrt_test.create_dense_tensor was not supported by NullOpHandler.>>
