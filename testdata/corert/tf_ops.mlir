// ARGS: --init-function=register_op_handlers_cpu
// VARIANTS: --work-queue=mstd:2
// The TensorFlow ops of the cpu op handler (docs/kernel-behaviour.md §14):
// constants, element-wise arithmetic with NumPy broadcasting (a scalar host
// tensor with another gives a dense result; two give a scalar one), MatMul, Relu.

func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

// CHECK-LABEL: --- Running 'const_and_broadcast':
func.func @const_and_broadcast() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %m = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>, dtype = f32} : 1
  %row = corert.executeop(%cpu) "tf.Const"() {value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : 1
  %col = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1.0], [2.0]]> : tensor<2x1xf32>} : 1
  // [2, 3] + [3] -> [2, 3]; [2, 1] - [3] -> [2, 3]; [2, 1] * [2, 3]; [2, 3] / [2, 1]
  %add = corert.executeop(%cpu) "tf.AddV2"(%m, %row) : 1
  %sub = corert.executeop(%cpu) "tf.Sub"(%col, %row) : 1
  %mul = corert.executeop(%cpu) "tf.Mul"(%col, %m) : 1
  %div = corert.executeop(%cpu) "tf.RealDiv"(%m, %col) : 1
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 3], values = [1.100000e+01, 2.200000e+01, 3.300000e+01, 1.400000e+01, 2.500000e+01, 3.600000e+01]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 3], values = [-9.000000e+00, -1.900000e+01, -2.900000e+01, -8.000000e+00, -1.800000e+01, -2.800000e+01]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 3], values = [1.000000e+00, 2.000000e+00, 3.000000e+00, 8.000000e+00, 1.000000e+01, 1.200000e+01]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 3], values = [1.000000e+00, 2.000000e+00, 3.000000e+00, 2.000000e+00, 2.500000e+00, 3.000000e+00]
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%add) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%sub) : 0
  %ch3 = corert.executeop.seq(%cpu, %ch2) "tfrt_test.print"(%mul) : 0
  %ch4 = corert.executeop.seq(%cpu, %ch3) "tfrt_test.print"(%div) : 0
  tfrt.return %ch4 : !tfrt.chain
}
// CHECK-NEXT: 'const_and_broadcast' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'scalars_and_integers':
func.func @scalars_and_integers() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %s = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() {shape = [2], value = 7 : i32} : 1
  %t = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() {shape = [2], value = -2 : i32} : 1
  %d = corert.executeop(%cpu) "tf.Const"() {value = dense<[2147483647, 9]> : tensor<2xi32>} : 1
  // Two scalar tensors: a scalar one. Integer division rounds toward zero;
  // addition wraps.
  %ss = corert.executeop(%cpu) "tf.RealDiv"(%s, %t) : 1
  %sd = corert.executeop(%cpu) "tf.AddV2"(%s, %d) : 1
  %dd = corert.executeop(%cpu) "tf.Mul"(%d, %t) : 1
  // CHECK-NEXT: ScalarHostTensor dtype = i32, shape = [2], value = -3
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [-2147483642, 16]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [2, -18]
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%ss) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%sd) : 0
  %ch3 = corert.executeop.seq(%cpu, %ch2) "tfrt_test.print"(%dd) : 0
  tfrt.return %ch3 : !tfrt.chain
}
// CHECK-NEXT: 'scalars_and_integers' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'matmul_relu':
func.func @matmul_relu() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1.0, -2.0], [3.0, 4.0]]> : tensor<2x2xf64>} : 1
  %b = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1.0, 0.0], [1.0, 1.0]]> : tensor<2x2xf64>} : 1
  // a x b = [[-1, -2], [7, 4]]; a^T x b = [[4, 3], [2, 4]]
  %ab = corert.executeop(%cpu) "tf.MatMul"(%a, %b) {transpose_a = false, transpose_b = false} : 1
  %atb = corert.executeop(%cpu) "tf.MatMul"(%a, %b) {transpose_a = true, transpose_b = false} : 1
  %r = corert.executeop(%cpu) "tf.Relu"(%ab) : 1
  // CHECK-NEXT: DenseHostTensor dtype = f64, shape = [2, 2], values = [-1.000000e+00, -2.000000e+00, 7.000000e+00, 4.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f64, shape = [2, 2], values = [4.000000e+00, 3.000000e+00, 2.000000e+00, 4.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f64, shape = [2, 2], values = [0.000000e+00, 0.000000e+00, 7.000000e+00, 4.000000e+00]
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%ab) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%atb) : 0
  %ch3 = corert.executeop.seq(%cpu, %ch2) "tfrt_test.print"(%r) : 0
  tfrt.return %ch3 : !tfrt.chain
}
// CHECK-NEXT: 'matmul_relu' returned !tfrt.chain value
