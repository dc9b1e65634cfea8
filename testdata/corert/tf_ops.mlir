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

// CHECK-LABEL: --- Running 'less_zeroslike_shape_expanddims':
func.func @less_zeroslike_shape_expanddims() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1, 5], [3, 2]]> : tensor<2x2xi32>} : 1
  %b = corert.executeop(%cpu) "tf.Const"() {value = dense<[2, 4]> : tensor<2xi32>} : 1
  %s = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() {shape = [3], value = 1.5 : f32} : 1
  %t = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() {shape = [3], value = 2.5 : f32} : 1
  %ax = corert.executeop(%cpu) "tf.Const"() {value = dense<-3> : tensor<i64>} : 1
  // [[1<2, 5<4], [3<2, 2<4]]; two scalar tensors give a scalar one.
  %lt = corert.executeop(%cpu) "tf.Less"(%a, %b) : 1
  %ls = corert.executeop(%cpu) "tf.Less"(%s, %t) : 1
  %z = corert.executeop(%cpu) "tf.ZerosLike"(%a) {T = i32} : 1
  %sh = corert.executeop(%cpu) "tf.Shape"(%a) {out_type = i64} : 1
  // axis -3 of a rank-2 tensor is -3 + 2 + 1 = 0.
  %e = corert.executeop(%cpu) "tf.ExpandDims"(%a, %ax) : 1
  // CHECK-NEXT: DenseHostTensor dtype = i1, shape = [2, 2], values = [1, 0, 0, 1]
  // CHECK-NEXT: ScalarHostTensor dtype = i1, shape = [3], value = 1
  // CHECK-NEXT: ScalarHostTensor dtype = i32, shape = [2, 2], value = 0
  // CHECK-NEXT: DenseHostTensor dtype = i64, shape = [2], values = [2, 2]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [1, 2, 2], values = [1, 5, 3, 2]
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%lt) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%ls) : 0
  %ch3 = corert.executeop.seq(%cpu, %ch2) "tfrt_test.print"(%z) : 0
  %ch4 = corert.executeop.seq(%cpu, %ch3) "tfrt_test.print"(%sh) : 0
  %ch5 = corert.executeop.seq(%cpu, %ch4) "tfrt_test.print"(%e) : 0
  tfrt.return %ch5 : !tfrt.chain
}
// CHECK-NEXT: 'less_zeroslike_shape_expanddims' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'less_zeroslike_shape_expanddims_errors':
func.func @less_zeroslike_shape_expanddims_errors() -> (!corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1, 5], [3, 2]]> : tensor<2x2xi32>} : 1
  %f = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : 1
  %three = corert.executeop(%cpu) "tf.Const"() {value = dense<3> : tensor<i32>} : 1
  %two = corert.executeop(%cpu) "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : 1
  %l = corert.executeop(%cpu) "tf.Less"(%a, %f) : 1 // expected-error {{runtime error: incompatible dtypes for binary operation}}
  %z = corert.executeop(%cpu) "tf.ZerosLike"(%a) {T = i1} : 1 // expected-error {{runtime error: unsupported dtype}}
  %s = corert.executeop(%cpu) "tf.Shape"(%a) {out_type = f32} : 1 // expected-error {{runtime error: Unsupported `out_type` value: f32}}
  %e = corert.executeop(%cpu) "tf.ExpandDims"(%a, %three) : 1 // expected-error {{runtime error: Failed to expand axis 3 for tensor of rank 2}}
  %v = corert.executeop(%cpu) "tf.ExpandDims"(%a, %two) : 1 // expected-error {{runtime error: Axis must be a scalar tensor}}
  tfrt.return %l, %z, %s, %e, %v : !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'less_zeroslike_shape_expanddims_errors' returned <<error: incompatible dtypes for binary operation>>,<<error: unsupported dtype>>,<<error: Unsupported `out_type` value: f32>>,<<error: Failed to expand axis 3 for tensor of rank 2>>,<<error: Axis must be a scalar tensor>>

// CHECK-LABEL: --- Running 'unary_and_softmax':
func.func @unary_and_softmax() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.0, 4.0]> : tensor<2xf64>} : 1
  %b = corert.executeop(%cpu) "tf.Const"() {value = dense<[0.0, 2.0]> : tensor<2xf32>} : 1
  %c = corert.executeop(%cpu) "tf.Const"() {value = dense<[4.0, 0.25]> : tensor<2xf32>} : 1
  // log 1 = 0, log 4 = 1.3862944; log1p 0 = 0, log1p 2 = log 3 = 1.0986123;
  // 1/sqrt(4) = 0.5, 1/sqrt(0.25) = 2; 1/(1+e^0) = 0.5, 1/(1+e^-2) =
  // 1/1.1353353 = 0.8807971.
  %log = corert.executeop(%cpu) "tf.Log"(%a) : 1
  %log1p = corert.executeop(%cpu) "tf.Log1p"(%b) : 1
  %rsqrt = corert.executeop(%cpu) "tf.Rsqrt"(%c) : 1
  %sig = corert.executeop(%cpu) "tf.Sigmoid"(%b) : 1
  // Rows [0, ln 3] and [2, 2]: softmax [1, 3]/4 and [1, 1]/2; log-softmax of
  // [2, 2] is -ln 2 = -0.6931472, of [0, ln 3] ln(1/4) = -1.3862944 and
  // ln(3/4) = -0.2876821.
  %l = corert.executeop(%cpu) "tf.Const"() {value = dense<[[0.0, 1.0986122886681098], [2.0, 2.0]]> : tensor<2x2xf64>} : 1
  %sm = corert.executeop(%cpu) "tf.Softmax"(%l) : 1
  %lsm = corert.executeop(%cpu) "tf.LogSoftmax"(%l) : 1
  // CHECK-NEXT: DenseHostTensor dtype = f64, shape = [2], values = [0.000000e+00, 1.386294e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2], values = [0.000000e+00, 1.098612e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2], values = [5.000000e-01, 2.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2], values = [5.000000e-01, 8.807971e-01]
  // CHECK-NEXT: DenseHostTensor dtype = f64, shape = [2, 2], values = [2.500000e-01, 7.500000e-01, 5.000000e-01, 5.000000e-01]
  // CHECK-NEXT: DenseHostTensor dtype = f64, shape = [2, 2], values = [-1.386294e+00, -2.876821e-01, -6.931472e-01, -6.931472e-01]
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%log) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%log1p) : 0
  %ch3 = corert.executeop.seq(%cpu, %ch2) "tfrt_test.print"(%rsqrt) : 0
  %ch4 = corert.executeop.seq(%cpu, %ch3) "tfrt_test.print"(%sig) : 0
  %ch5 = corert.executeop.seq(%cpu, %ch4) "tfrt_test.print"(%sm) : 0
  %ch6 = corert.executeop.seq(%cpu, %ch5) "tfrt_test.print"(%lsm) : 0
  tfrt.return %ch6 : !tfrt.chain
}
// CHECK-NEXT: 'unary_and_softmax' returned !tfrt.chain value

// Only f32 and f64 (TFRT's DTYPE_FLOAT).
// CHECK-LABEL: --- Running 'unary_and_softmax_errors':
func.func @unary_and_softmax_errors() -> (!corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %i = corert.executeop(%cpu) "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : 1
  %h = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.0, 2.0]> : tensor<2xf16>} : 1
  %l = corert.executeop(%cpu) "tf.Log"(%i) : 1 // expected-error {{runtime error: unsupported dtype}}
  %s = corert.executeop(%cpu) "tf.Softmax"(%h) : 1 // expected-error {{runtime error: unsupported dtype}}
  tfrt.return %l, %s : !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'unary_and_softmax_errors' returned <<error: unsupported dtype>>,<<error: unsupported dtype>>

// CHECK-LABEL: --- Running 'biasadd_mean_tile':
func.func @biasadd_mean_tile() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : 1
  %bias = corert.executeop(%cpu) "tf.Const"() {value = dense<[10, 20, 30]> : tensor<3xi32>} : 1
  %ba = corert.executeop(%cpu) "tf.BiasAdd"(%a, %bias) {data_format = "NHWC"} : 1
  %f = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : 1
  %r0 = corert.executeop(%cpu) "tf.Const"() {value = dense<[0]> : tensor<1xi32>} : 1
  %rl = corert.executeop(%cpu) "tf.Const"() {value = dense<[-1]> : tensor<1xi32>} : 1
  %rall = corert.executeop(%cpu) "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : 1
  // Columns: (1+4)/2, (2+5)/2, (3+6)/2; rows kept: (1+2+3)/3, (4+5+6)/3;
  // i32 over all: 21 / 6 = 3.5, rounded toward zero.
  %m0 = corert.executeop(%cpu) "tf.Mean"(%f, %r0) : 1
  %ml = corert.executeop(%cpu) "tf.Mean"(%f, %rl) {keep_dims = true} : 1
  %mi = corert.executeop(%cpu) "tf.Mean"(%a, %rall) : 1
  %row = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1, 2]]> : tensor<1x2xi32>} : 1
  %mul = corert.executeop(%cpu) "tf.Const"() {value = dense<[2, 2]> : tensor<2xi64>} : 1
  %tile = corert.executeop(%cpu) "tf.Tile"(%row, %mul) : 1
  %str = corert.const_string_tensor {shape = [2], value = ["a", "b"]}
  %m2 = corert.executeop(%cpu) "tf.Const"() {value = dense<[2]> : tensor<1xi32>} : 1
  %stile = corert.executeop(%cpu) "tf.Tile"(%str, %m2) : 1
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 3], values = [11, 22, 33, 14, 25, 36]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [2.500000e+00, 3.500000e+00, 4.500000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 1], values = [2.000000e+00, 5.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [], values = [3]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 4], values = [1, 2, 1, 2, 1, 2, 1, 2]
  // CHECK-NEXT: StringHostTensor shape = [4], values = ["a", "b", "a", "b"]
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%ba) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%m0) : 0
  %ch3 = corert.executeop.seq(%cpu, %ch2) "tfrt_test.print"(%ml) : 0
  %ch4 = corert.executeop.seq(%cpu, %ch3) "tfrt_test.print"(%mi) : 0
  %ch5 = corert.executeop.seq(%cpu, %ch4) "tfrt_test.print"(%tile) : 0
  %ch6 = corert.executeop.seq(%cpu, %ch5) "tfrt_test.print"(%stile) : 0
  tfrt.return %ch6 : !tfrt.chain
}
// CHECK-NEXT: 'biasadd_mean_tile' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'biasadd_mean_tile_errors':
func.func @biasadd_mean_tile_errors() -> (!corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : 1
  %b2 = corert.executeop(%cpu) "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : 1
  %bm = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1, 2, 3]]> : tensor<1x3xi32>} : 1
  %b3 = corert.executeop(%cpu) "tf.Const"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : 1
  %bf = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : 1
  %e1 = corert.executeop(%cpu) "tf.BiasAdd"(%a, %b2) : 1 // expected-error {{runtime error: bias must has the size of the last dimension of value}}
  %e2 = corert.executeop(%cpu) "tf.BiasAdd"(%a, %bm) : 1 // expected-error {{runtime error: bias must be 1-D}}
  %e3 = corert.executeop(%cpu) "tf.BiasAdd"(%a, %b3) {data_format = "NCHW"} : 1 // expected-error {{runtime error: invalid data format. Currently only support NHWC}}
  %e4 = corert.executeop(%cpu) "tf.BiasAdd"(%a, %bf) : 1 // expected-error {{runtime error: incompatible dtypes for tf.BiasAdd}}
  %r2 = corert.executeop(%cpu) "tf.Const"() {value = dense<[2]> : tensor<1xi32>} : 1
  %rd = corert.executeop(%cpu) "tf.Const"() {value = dense<[0, -2]> : tensor<2xi32>} : 1
  %e5 = corert.executeop(%cpu) "tf.Mean"(%a, %r2) : 1 // expected-error {{runtime error: tf.Mean reduction index must be in [-input_rank, input_rank) range}}
  %e6 = corert.executeop(%cpu) "tf.Mean"(%a, %rd) : 1 // expected-error {{runtime error: tf.Mean reduction indices must be unique}}
  %m1 = corert.executeop(%cpu) "tf.Const"() {value = dense<[2]> : tensor<1xi32>} : 1
  %mf = corert.executeop(%cpu) "tf.Const"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : 1
  %e7 = corert.executeop(%cpu) "tf.Tile"(%a, %m1) : 1 // expected-error {{runtime error: Tile multiples must have the same size as input rank}}
  %e8 = corert.executeop(%cpu) "tf.Tile"(%a, %mf) : 1 // expected-error {{runtime error: Unsupported multiples data type}}
  tfrt.return %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8 : !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'biasadd_mean_tile_errors' returned <<error: bias must has the size of the last dimension of value>>,<<error: bias must be 1-D>>,<<error: invalid data format. Currently only support NHWC>>,<<error: incompatible dtypes for tf.BiasAdd>>,<<error: tf.Mean reduction index must be in [-input_rank, input_rank) range>>,<<error: tf.Mean reduction indices must be unique>>,<<error: Tile multiples must have the same size as input rank>>,<<error: Unsupported multiples data type>>

// TFRT's dense Tile kernel exists for ranks 1 to 5: rank 6 and rank 0 give
// the error value "Unsupported tensor rank" (internal), with no diagnostic
// (its Eigen evaluator makes the error; nothing emits it). Rank 5 tiles:
// 7 twice along the last dimension. String tensors tile at rank 6 too.
// CHECK-LABEL: --- Running 'tile_ranks':
func.func @tile_ranks() -> (!corert.tensorhandle, !corert.tensorhandle, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a6 = corert.executeop(%cpu) "tf.Const"() {value = dense<7> : tensor<1x1x1x1x1x1xi32>} : 1
  %m6 = corert.executeop(%cpu) "tf.Const"() {value = dense<[1, 1, 1, 1, 1, 2]> : tensor<6xi32>} : 1
  %t6 = corert.executeop(%cpu) "tf.Tile"(%a6, %m6) : 1
  %a0 = corert.executeop(%cpu) "tf.Const"() {value = dense<7> : tensor<i32>} : 1
  %m0 = corert.executeop(%cpu) "tf.Const"() {value = dense<[]> : tensor<0xi32>} : 1
  %t0 = corert.executeop(%cpu) "tf.Tile"(%a0, %m0) : 1
  %a5 = corert.executeop(%cpu) "tf.Const"() {value = dense<7> : tensor<1x1x1x1x1xi32>} : 1
  %m5 = corert.executeop(%cpu) "tf.Const"() {value = dense<[1, 1, 1, 1, 2]> : tensor<5xi32>} : 1
  %t5 = corert.executeop(%cpu) "tf.Tile"(%a5, %m5) : 1
  %s6 = corert.const_string_tensor {shape = [1, 1, 1, 1, 1, 1], value = ["x"]}
  %ts = corert.executeop(%cpu) "tf.Tile"(%s6, %m6) : 1
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%t5) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%ts) : 0
  tfrt.return %t6, %t0, %ch2 : !corert.tensorhandle, !corert.tensorhandle, !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [1, 1, 1, 1, 2], values = [7, 7]
// CHECK-NEXT: StringHostTensor shape = [1, 1, 1, 1, 1, 2], values = ["x", "x"]
// CHECK-NEXT: 'tile_ranks' returned <<error: Unsupported tensor rank>>,<<error: Unsupported tensor rank>>,!tfrt.chain value

// tf.Pad's metadata ignores the paddings (3 on each side of the guessed
// spatial dimensions); the op pads rows 1 and 2 of the paddings.
// CHECK-LABEL: --- Running 'pad_and_concat':
func.func @pad_and_concat() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  // [1, 1, 1, 2]: dims 1 and 2 equal, NHWC: [1, 7, 7, 2].
  %a = corert.executeop(%cpu) "tf.Const"() {value = dense<[[[[5.0, 6.0]]]]> : tensor<1x1x1x2xf32>} : 1
  %p = corert.executeop(%cpu) "tf.Const"() {value = dense<[[0, 0], [3, 3], [3, 3], [0, 0]]> : tensor<4x2xi32>} : 1
  %pad = corert.executeop(%cpu) "tf.Pad"(%a, %p) : 1
  %shape = corert.executeop(%cpu) "tf.Shape"(%pad) {out_type = i32} : 1
  // The mean over the 49 positions of each channel: 5/49 = 0.10204082,
  // 6/49 = 0.12244898 (one non-zero each).
  %hw = corert.executeop(%cpu) "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : 1
  %mean = corert.executeop(%cpu) "tf.Mean"(%pad, %hw) : 1
  %x = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : 1
  %y = corert.executeop(%cpu) "tf.Const"() {value = dense<[[5], [6]]> : tensor<2x1xi32>} : 1
  %z = corert.executeop(%cpu) "tf.Const"() {value = dense<[[7, 8]]> : tensor<1x2xi32>} : 1
  %neg = corert.executeop(%cpu) "tf.Const"() {value = dense<-1> : tensor<i32>} : 1
  %zero = corert.executeop(%cpu) "tf.Const"() {value = dense<0> : tensor<i64>} : 1
  // [[1, 2 | 5], [3, 4 | 6]] and [[1, 2], [3, 4], [7, 8]].
  %c1 = corert.executeop(%cpu) "tf.ConcatV2"(%x, %y, %neg) : 1
  %c0 = corert.executeop(%cpu) "tf.ConcatV2"(%x, %z, %zero) : 1
  %s0 = corert.const_string_tensor {shape = [1], value = ["a"]}
  %s1 = corert.const_string_tensor {shape = [2], value = ["b", "c"]}
  %cs = corert.executeop(%cpu) "tf.ConcatV2"(%s0, %s1, %zero) : 1
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [4], values = [1, 7, 7, 2]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 2], values = [1.020408e-01, 1.224490e-01]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 3], values = [1, 2, 5, 3, 4, 6]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [3, 2], values = [1, 2, 3, 4, 7, 8]
  // CHECK-NEXT: StringHostTensor shape = [3], values = ["a", "b", "c"]
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%shape) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%mean) : 0
  %ch3 = corert.executeop.seq(%cpu, %ch2) "tfrt_test.print"(%c1) : 0
  %ch4 = corert.executeop.seq(%cpu, %ch3) "tfrt_test.print"(%c0) : 0
  %ch5 = corert.executeop.seq(%cpu, %ch4) "tfrt_test.print"(%cs) : 0
  tfrt.return %ch5 : !tfrt.chain
}
// CHECK-NEXT: 'pad_and_concat' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'pad_and_concat_errors':
func.func @pad_and_concat_errors() -> (!corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %p = corert.executeop(%cpu) "tf.Const"() {value = dense<[[0, 0], [3, 3], [3, 3], [0, 0]]> : tensor<4x2xi32>} : 1
  %p2 = corert.executeop(%cpu) "tf.Const"() {value = dense<[[3, 3], [3, 3]]> : tensor<2x2xi32>} : 1
  %r3 = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<1x2x3xf32>} : 1
  %nhwc = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<1x2x2x1xf32>} : 1
  // [1, 1, 2, 2]: dims 2 and 3 equal, so NCHW: the metadata says [1, 1, 8, 8],
  // the op pads H and W of NHWC: [1, 7, 8, 2].
  %nchw = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<1x1x2x2xf32>} : 1
  %e1 = corert.executeop(%cpu) "tf.Pad"(%r3, %p) : 1 // expected-error {{runtime error: Could not guess channel order.}}
  %e2 = corert.executeop(%cpu) "tf.Pad"(%nhwc, %p2) : 1 // expected-error {{runtime error: padding shape shoulsd be (4, 2)}}
  %e3 = corert.executeop(%cpu) "tf.Pad"(%nchw, %p) : 1 // expected-error {{runtime error: ZeroPadding output shape [1, 1, 8, 8] does not match the expected output shape [1, 7, 8, 2]}}
  %x = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : 1
  %w = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1], [2], [3]]> : tensor<3x1xi32>} : 1
  %v = corert.executeop(%cpu) "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : 1
  %f = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1.0, 2.0]]> : tensor<1x2xf32>} : 1
  %one = corert.executeop(%cpu) "tf.Const"() {value = dense<1> : tensor<i32>} : 1
  %fax = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<f32>} : 1
  %e4 = corert.executeop(%cpu) "tf.ConcatV2"(%x, %w, %one) : 1 // expected-error {{runtime error: Wrong non-concatenating dimension. Dimension 0 for argument 1 doesn't match the dimension of argument 0 (concatenate [3, 1] and [2, 2] on axis 1)}}
  %e5 = corert.executeop(%cpu) "tf.ConcatV2"(%x, %f, %one) : 1 // expected-error {{runtime error: Input dtypes do not match}}
  %e6 = corert.executeop(%cpu) "tf.ConcatV2"(%x, %v, %one) : 1 // expected-error {{runtime error: Input ranks do not match}}
  %e7 = corert.executeop(%cpu) "tf.ConcatV2"(%x, %x, %fax) : 1 // expected-error {{runtime error: Unsupported axis data type}}
  tfrt.return %e1, %e2, %e3, %e4, %e5, %e6, %e7 : !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'pad_and_concat_errors' returned <<error: Could not guess channel order.>>,<<error: padding shape shoulsd be (4, 2)>>,<<error: ZeroPadding output shape [1, 1, 8, 8] does not match the expected output shape [1, 7, 8, 2]>>,<<error: Wrong non-concatenating dimension. Dimension 0 for argument 1 doesn't match the dimension of argument 0 (concatenate [3, 1] and [2, 2] on axis 1)>>,<<error: Input dtypes do not match>>,<<error: Input ranks do not match>>,<<error: Unsupported axis data type>>

// CHECK-LABEL: --- Running 'fusedmatmul_maxpool_conv2d_batchnorm':
func.func @fusedmatmul_maxpool_conv2d_batchnorm() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  // a = [[1, 2], [3, 4]], b = [[1, 1], [2, -1]], transpose_b: a x b^T =
  // [[1+2, 2-2], [3+4, 6-4]] = [[3, 0], [7, 2]]; + bias [1, -5] =
  // [[4, -5], [8, -3]]; Relu6: [[4, 0], [6, 0]]; Elu (i32: exp(v) - 1
  // truncated, -1 for negatives): [[4, -1], [8, -1]].
  %a = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : 1
  %b = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1.0, 1.0], [2.0, -1.0]]> : tensor<2x2xf32>} : 1
  %bias = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.0, -5.0]> : tensor<2xf32>} : 1
  %fm = corert.executeop(%cpu) "tf._FusedMatMul"(%a, %b, %bias) {fused_ops = ["BiasAdd", "Relu6"], transpose_a = false, transpose_b = true} : 1
  %ai = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : 1
  %bi = corert.executeop(%cpu) "tf.Const"() {value = dense<[[1, 1], [2, -1]]> : tensor<2x2xi32>} : 1
  %biasi = corert.executeop(%cpu) "tf.Const"() {value = dense<[1, -5]> : tensor<2xi32>} : 1
  %fmi = corert.executeop(%cpu) "tf._FusedMatMul"(%ai, %bi, %biasi) {fused_ops = ["BiasAdd", "Elu"], transpose_a = false, transpose_b = true} : 1
  // MaxPool 2x2, stride 1, SAME on [[1, 5], [3, 2]]: TFRT pads 2 - 1 = 1
  // row below and 1 column right: [max(1,5,3,2), max(5,2), max(3,2), 2].
  %mp_in = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.0, 5.0, 3.0, 2.0]> : tensor<1x2x2x1xf64>} : 1
  %mp = corert.executeop(%cpu) "tf.MaxPool"(%mp_in) {ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 1, 1, 1], data_format = "NHWC"} : 1
  // Conv2D VALID of [[1, 2], [3, 4]] (1 channel) by a 2x2x1x2 filter
  // (h, w) -> [o0, o1]: (0,0) [1, 0], (0,1) [0, 1], (1,0) [0, 1], (1,1) [2, 0]:
  // o0 = 1*1 + 4*2 = 9, o1 = 2 + 3 = 5.
  %cin = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<1x2x2x1xf32>} : 1
  %cf = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 2.0, 0.0]> : tensor<2x2x1x2xf32>} : 1
  %cv = corert.executeop(%cpu) "tf.Conv2D"(%cin, %cf) {padding = "VALID", strides = [1, 1, 1, 1], dilations = [1, 1, 1, 1], explicit_paddings = [], data_format = "NHWC"} : 1
  // Conv2D i32 SAME, stride 2, of 1..9 (3x3) by a 2x2 filter of ones:
  // output 2x2, 1 row of padding below and 1 column right:
  // [1+2+4+5, 3+6, 7+8, 9] = [12, 9, 15, 9].
  %cin2 = corert.executeop(%cpu) "tf.Const"() {value = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<1x3x3x1xi32>} : 1
  %cf2 = corert.executeop(%cpu) "tf.Const"() {value = dense<1> : tensor<2x2x1x1xi32>} : 1
  %cv2 = corert.executeop(%cpu) "tf.Conv2D"(%cin2, %cf2) {padding = "SAME", strides = [1, 2, 2, 1]} : 1
  // FusedBatchNormV3 of [[1, 2], [3, 4]] (channels 2), scale [2, 1], bias
  // [0, 1], mean [1, 2], variance [4, 0.25], epsilon 0:
  // c0: 2 * (1-1)/2 + 0 = 0, 2 * (3-1)/2 + 0 = 2; c1: (2-2)/0.5 + 1 = 1,
  // (4-2)/0.5 + 1 = 5. Result 5 is result 0.
  %x = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<1x1x2x2xf32>} : 1
  %sc = corert.executeop(%cpu) "tf.Const"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : 1
  %of = corert.executeop(%cpu) "tf.Const"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : 1
  %mu = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : 1
  %va = corert.executeop(%cpu) "tf.Const"() {value = dense<[4.0, 0.25]> : tensor<2xf32>} : 1
  %bn:6 = corert.executeop(%cpu) "tf.FusedBatchNormV3"(%x, %sc, %of, %mu, %va) {epsilon = 0.0 : f32, data_format = "NHWC", is_training = false} : 6
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [4.000000e+00, 0.000000e+00, 6.000000e+00, 0.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [4, -1, 8, -1]
  // CHECK-NEXT: DenseHostTensor dtype = f64, shape = [1, 2, 2, 1], values = [5.000000e+00, 5.000000e+00, 3.000000e+00, 2.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 1, 1, 2], values = [9.000000e+00, 5.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [1, 2, 2, 1], values = [12, 9, 15, 9]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 1, 2, 2], values = [0.000000e+00, 1.000000e+00, 2.000000e+00, 5.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 1, 2, 2], values = [0.000000e+00, 1.000000e+00, 2.000000e+00, 5.000000e+00]
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%fm) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%fmi) : 0
  %ch3 = corert.executeop.seq(%cpu, %ch2) "tfrt_test.print"(%mp) : 0
  %ch4 = corert.executeop.seq(%cpu, %ch3) "tfrt_test.print"(%cv) : 0
  %ch5 = corert.executeop.seq(%cpu, %ch4) "tfrt_test.print"(%cv2) : 0
  %ch6 = corert.executeop.seq(%cpu, %ch5) "tfrt_test.print"(%bn#0) : 0
  %ch7 = corert.executeop.seq(%cpu, %ch6) "tfrt_test.print"(%bn#5) : 0
  tfrt.return %ch7 : !tfrt.chain
}
// CHECK-NEXT: 'fusedmatmul_maxpool_conv2d_batchnorm' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'fusedmatmul_maxpool_conv2d_batchnorm_errors':
func.func @fusedmatmul_maxpool_conv2d_batchnorm_errors() -> (!corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<2x2xf32>} : 1
  %b3 = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<3xf32>} : 1
  %b2 = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<2xf32>} : 1
  %e1 = corert.executeop(%cpu) "tf._FusedMatMul"(%a, %a, %b3) {fused_ops = ["BiasAdd"], transpose_a = false, transpose_b = false} : 1 // expected-error {{runtime error: The number of bias elements 3 doesn't match output inner dimension 2}}
  %e2 = corert.executeop(%cpu) "tf._FusedMatMul"(%a, %a, %b2) {fused_ops = ["BiasAdd", "Tanh"], transpose_a = false, transpose_b = false} : 1 // expected-error {{runtime error: Unsupported fusion type}}
  %img = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<1x2x2x1xf32>} : 1
  %e3 = corert.executeop(%cpu) "tf.MaxPool"(%img) {ksize = [1, 2, 2, 2], padding = "VALID", strides = [1, 1, 1, 1]} : 1 // expected-error {{runtime error: Expected ksize 'NC' elements to be 1}}
  %e4 = corert.executeop(%cpu) "tf.MaxPool"(%img) {ksize = [1, 2, 2, 1], padding = "Same", strides = [1, 1, 1, 1]} : 1 // expected-error {{runtime error: padding type is not supported}}
  %f2 = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<1x1x2x1xf32>} : 1
  %e5 = corert.executeop(%cpu) "tf.Conv2D"(%img, %f2) {padding = "VALID", strides = [1, 1, 1, 1]} : 1 // expected-error {{runtime error: Dimensions does not match: input channels is 1 and kernel depth is 2}}
  %f3 = corert.executeop(%cpu) "tf.Const"() {value = dense<1.0> : tensor<1x1x1xf32>} : 1
  %e6 = corert.executeop(%cpu) "tf.Conv2D"(%img, %f3) {padding = "VALID", strides = [1, 1, 1, 1]} : 1 // expected-error {{runtime error: Input and filter must have same rank.}}
  %e7:6 = corert.executeop(%cpu) "tf.FusedBatchNormV3"(%img, %b2, %b2, %b3, %b2) {epsilon = 0.0 : f32} : 6 // expected-error {{runtime error: Mean, variance, bias, and scale are expected to have the same shape}}
  %e8:6 = corert.executeop(%cpu) "tf.FusedBatchNormV3"(%img, %b2, %b2, %b2, %b2) {epsilon = 0.0 : f32, is_training = true} : 6 // expected-error {{runtime error: BatchNorm training not currently supported}}
  tfrt.return %e1, %e2, %e3, %e4, %e5, %e6, %e7#0, %e8#5 : !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'fusedmatmul_maxpool_conv2d_batchnorm_errors' returned <<error: The number of bias elements 3 doesn't match output inner dimension 2>>,<<error: Unsupported fusion type>>,<<error: Expected ksize 'NC' elements to be 1>>,<<error: padding type is not supported>>,<<error: Dimensions does not match: input channels is 1 and kernel depth is 2>>,<<error: Input and filter must have same rank.>>,<<error: Mean, variance, bias, and scale are expected to have the same shape>>,<<error: BatchNorm training not currently supported>>
