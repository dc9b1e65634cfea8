// The tfrt_test.* kernels of TFRT's ResNet and MNIST-training tests
// (docs/kernel-behaviour.md §13), NHWC, f32, each worked out by hand in the
// comments.

// CHECK-LABEL: --- Running 'pooling':
func.func @pooling() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  // One 3x3 image, one channel: 1 2 3 / 4 5 6 / 7 8 -9.
  %in = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 1 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.f32 %in, %ch0 [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32, 5.0 : f32, 6.0 : f32, 7.0 : f32, 8.0 : f32, -9.0 : f32]
  // valid 2x2 windows, stride 1: max of each = 5 6 / 8 8
  %v = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 1 : i64]
  %c2 = "tfrt_test.max_pooling_2d.f32"(%in, %v, %c1) { padding = "valid", pool_size = [2 : i32, 2 : i32], strides = [1 : i32, 1 : i32] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c3 = tfrt_dht.print_tensor %v, %c2
  // same, 2x2, stride 2: padding 0 above/left, 1 below/right (total 1);
  // windows {1,2,4,5} {3,6} {7,8} {-9}: 5 6 / 8 -9 (a window of negatives
  // keeps its maximum)
  %s = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 1 : i64]
  %c4 = "eigen.max_pooling_2d.f32"(%in, %s, %c3) { padding = "SAME", pool_size = [2 : i64, 2 : i64], strides = [2 : i64, 2 : i64] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c5 = tfrt_dht.print_tensor %s, %c4
  // global average pooling of two channels [a, b] over 2x1 pixels:
  // pixels (1, 10), (3, 30): means 2, 20
  %g = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 1 : i64, 2 : i64]
  %c6 = tfrt_dht.set_tensor_with_constant_values.f32 %g, %c5 [1.0 : f32, 10.0 : f32, 3.0 : f32, 30.0 : f32]
  %gap = tfrt_dht.create_uninitialized_tensor.f32.2 [1 : i64, 2 : i64]
  %c7 = "tfrt_test.global_average_pooling.f32"(%g, %gap, %c6) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c8 = tfrt_dht.print_tensor %gap, %c7
  // and broadcast back: every pixel of [1, 2, 2, 2] is (2, 20)
  %b = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 2 : i64]
  %c9 = "tfrt_test.broadcast_2d.f32"(%gap, %b, %c8) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c10 = tfrt_dht.print_tensor %b, %c9
  tfrt.return %c10 : !tfrt.chain
}
// CHECK-NEXT: shape = [1, 2, 2, 1], values = [5.000000e+00, 6.000000e+00, 8.000000e+00, 8.000000e+00]
// CHECK-NEXT: shape = [1, 2, 2, 1], values = [5.000000e+00, 6.000000e+00, 8.000000e+00, -9.000000e+00]
// CHECK-NEXT: shape = [1, 2], values = [2.000000e+00, 2.000000e+01]
// CHECK-NEXT: shape = [1, 2, 2, 2], values = [2.000000e+00, 2.000000e+01, 2.000000e+00, 2.000000e+01, 2.000000e+00, 2.000000e+01, 2.000000e+00, 2.000000e+01]

// CHECK-LABEL: --- Running 'padding_flatten_transpose':
func.func @padding_flatten_transpose() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 1 : i64, 2 : i64, 1 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.f32 %in, %ch0 [1.0 : f32, 2.0 : f32]
  // one row of zeros above and below, none left or right: 0 0 / 1 2 / 0 0
  %p = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 2 : i64, 1 : i64]
  %c2 = "tfrt_test.zero_padding.f32"(%in, %p, %c1) { padding = [1 : i32, 0 : i32] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c3 = tfrt_dht.print_tensor %p, %c2
  // eigen's: one on every side: 4x3, 1 and 2 at (1,1), (1,2)
  %q = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 4 : i64, 1 : i64]
  %c4 = "eigen.zero_padding.f32"(%in, %q, %c3) { padding = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c5 = tfrt_dht.print_tensor %q, %c4
  // flatten to [1, 6]; then transpose a [2, 3] view: [[1 2 3] [4 5 6]] -> [[1 4] [2 5] [3 6]]
  %f = tfrt_dht.create_uninitialized_tensor.f32.2 [1 : i64, 6 : i64]
  %c6 = "tfrt_test.flatten.f32"(%p, %f, %c5) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c7 = tfrt_dht.print_tensor %f, %c6
  %m = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %c8 = tfrt_dht.set_tensor_with_constant_values.f32 %m, %c7 [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32, 5.0 : f32, 6.0 : f32]
  %mt = tfrt_dht.create_uninitialized_tensor.f32.2 [3 : i64, 2 : i64]
  %c9 = "tfrt_test.tensor_transpose.f32"(%m, %mt, %c8) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c10 = tfrt_dht.print_tensor %mt, %c9
  // column means of m: 2.5 3.5 4.5
  %cm = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %c11 = "tfrt_test.mean_axis_zero.f32"(%m, %cm, %c10) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c12 = tfrt_dht.print_tensor %cm, %c11
  tfrt.return %c12 : !tfrt.chain
}
// CHECK-NEXT: shape = [1, 3, 2, 1], values = [0.000000e+00, 0.000000e+00, 1.000000e+00, 2.000000e+00, 0.000000e+00, 0.000000e+00]
// CHECK-NEXT: shape = [1, 3, 4, 1], values = [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00, 2.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]
// CHECK-NEXT: shape = [1, 6], values = [0.000000e+00, 0.000000e+00, 1.000000e+00, 2.000000e+00, 0.000000e+00, 0.000000e+00]
// CHECK-NEXT: shape = [3, 2], values = [1.000000e+00, 4.000000e+00, 2.000000e+00, 5.000000e+00, 3.000000e+00, 6.000000e+00]
// CHECK-NEXT: shape = [3], values = [2.500000e+00, 3.500000e+00, 4.500000e+00]

// CHECK-LABEL: --- Running 'training_kernels':
func.func @training_kernels() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  // softmax of [0, ln 3] (ln 3 = 1.0986123): exp = 1, 3: [0.25, 0.75]
  %s = tfrt_dht.create_uninitialized_tensor.f32.2 [1 : i64, 2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.f32 %s, %ch0 [0.0 : f32, 1.0986123 : f32]
  %c2 = "tfrt_test.softmax_inplace.f32"(%s, %c1) : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  %c3 = tfrt_dht.print_tensor %s, %c2
  // out -= in: [1, 1] - [0.25, 0.75] = [0.75, 0.25]
  %o = tfrt_dht.create_uninitialized_tensor.f32.2 [1 : i64, 2 : i64]
  %c4 = tfrt_dht.fill_tensor_with_constant.f32 %o, %c3 1.0 : f32
  %c5 = "tfrt_test.subtract_inplace.f32"(%s, %o, %c4) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c6 = tfrt_dht.print_tensor %o, %c5
  // out -= gradient * lr with lr [0.5]: [0.75, 0.25] - 0.5 [0.25, 0.75] = [0.625, -0.125]
  %lr = tfrt_dht.create_uninitialized_tensor.f32.1 [1 : i64]
  %c7 = tfrt_dht.fill_tensor_with_constant.f32 %lr, %c6 0.5 : f32
  %c8 = "tfrt_test.gradient_descent.f32"(%s, %lr, %o, %c7) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c9 = tfrt_dht.print_tensor %o, %c8
  tfrt.return %c9 : !tfrt.chain
}
// CHECK-NEXT: shape = [1, 2], values = [2.500000e-01, 7.500000e-01]
// CHECK-NEXT: shape = [1, 2], values = [7.500000e-01, 2.500000e-01]
// CHECK-NEXT: shape = [1, 2], values = [6.250000e-01, -1.250000e-01]
