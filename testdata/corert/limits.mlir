// ARGS: --init-function=register_op_handlers_cpu
// Shapes too large to count: an op whose result would have more elements
// than an int64 holds fails with an error value, and nothing overflows on
// the way (the ASan/UBSan sweep runs this file). No test here asks for an
// allocation that could succeed.

func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

// CHECK-LABEL: --- Running 'too_many_elements':
func.func @too_many_elements() -> (!corert.tensorhandle, !t.tensor, !corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  // 2^62 x 4 elements: more than an int64 counts.
  %s = corert.const_string_tensor {shape = [4611686018427387904, 4], value = ["a"]} // expected-error {{Cannot allocate tensor}}
  %h = "tfrt_sht.create_tensor"() {shape = [4611686018427387904, 4], values = ["a"]} : () -> !t.tensor // expected-error {{Shape mismatch}}
  // Tiling 2 elements 2^62 times: 2^63.
  %a = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : 1
  %m = corert.executeop(%cpu) "tf.Const"() {value = dense<[4611686018427387904]> : tensor<1xi64>} : 1
  %t = corert.executeop(%cpu) "tf.Tile"(%a, %m) : 1 // expected-error {{runtime error: out of memory allocating result}}
  // tf.Pad's metadata guesses [1, 8, 8, 1] for an NHWC [1, 2, 2, 1]; the
  // paddings ask for 2 + 2 * (2^31 - 1) rows and 2 + 2^31 - 1 + 1 columns.
  %img = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<1x2x2x1xf32>} : 1
  %p = corert.executeop(%cpu) "tf.Const"() {value = dense<[0, 0, 2147483647, 2147483647, 2147483647, 1, 0, 0]> : tensor<4x2xi32>} : 1
  %pd = corert.executeop(%cpu) "tf.Pad"(%img, %p) : 1 // expected-error {{runtime error: ZeroPadding output shape [1, 8, 8, 1] does not match the expected output shape [1, 4294967296, 2147483650, 1]}}
  tfrt.return %s, %h, %t, %pd : !corert.tensorhandle, !t.tensor, !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'too_many_elements' returned <<error: Cannot allocate tensor>>,<<error: Shape mismatch>>,<<error: out of memory allocating result>>,<<error: ZeroPadding output shape [1, 8, 8, 1] does not match the expected output shape [1, 4294967296, 2147483650, 1]>>

// Window sizes from strides and dilations near 2^63 (TFRT computes them in
// int64 and overflows): an error, not a wrapped size.
// CHECK-LABEL: --- Running 'window_overflow':
func.func @window_overflow() -> (!corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %img = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<1x2x2x1xf32>} : 1
  %f = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<2x1x1x1xf32>} : 1
  %a = corert.executeop(%cpu) "tf.Conv2D"(%img, %f) {padding = "SAME", strides = [1, 9223372036854775807, 1, 1]} : 1 // expected-error {{runtime error: tf.Conv2D: the output size overflows (strides, dilations or paddings too large)}}
  %b = corert.executeop(%cpu) "tf.Conv2D"(%img, %f) {padding = "VALID", strides = [1, 1, 1, 1], dilations = [1, 9223372036854775807, 1, 1]} : 1 // expected-error {{runtime error: tf.Conv2D: the output size overflows (strides, dilations or paddings too large)}}
  %c = corert.executeop(%cpu) "tf.MaxPool"(%img) {ksize = [1, 1, 1, 1], padding = "VALID", strides = [1, 9223372036854775807, 1, 1]} : 1 // expected-error {{runtime error: tf.MaxPool: the output size overflows (strides, dilations or paddings too large)}}
  tfrt.return %a, %b, %c : !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'window_overflow' returned <<error: tf.Conv2D: the output size overflows (strides, dilations or paddings too large)>>,<<error: tf.Conv2D: the output size overflows (strides, dilations or paddings too large)>>,<<error: tf.MaxPool: the output size overflows (strides, dilations or paddings too large)>>

// tf.ConcatV2 of string tensors without elements whose joined dimension
// passes 2^63 (2^62 + 2^62): an error, not a wrapped size; along the other
// axis the result, [2^62, 0], has no elements and nothing is copied.
// CHECK-LABEL: --- Running 'concat_overflow':
func.func @concat_overflow() -> (!corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %s = corert.const_string_tensor {shape = [4611686018427387904, 0], value = []}
  %ax0 = corert.executeop(%cpu) "tf.Const"() {value = dense<0> : tensor<i32>} : 1
  %ax1 = corert.executeop(%cpu) "tf.Const"() {value = dense<1> : tensor<i32>} : 1
  %c = corert.executeop(%cpu) "tf.ConcatV2"(%s, %s, %ax0) : 1 // expected-error {{runtime error: tf.ConcatV2: the result's dimension 0 overflows}}
  %d = corert.executeop(%cpu) "tf.ConcatV2"(%s, %s, %ax1) : 1
  %ch1 = "corert.print_tensorhandle"(%d, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %c, %d : !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: StringHostTensor shape = [4611686018427387904, 0], values = []
// CHECK-NEXT: 'concat_overflow' returned <<error: tf.ConcatV2: the result's dimension 0 overflows>>,!corert.tensorhandle value
