// The tfrt_test.* host kernels of TFRT's MNIST tests (docs/kernel-behaviour.md
// §13), each on a small tensor whose answer is worked out in the comment.
// Every mutation is ordered by chains.

// CHECK-LABEL: --- Running 'elementwise_i32':
func.func @elementwise_i32() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.i32 %a, %ch0 [3 : i32, -1 : i32, 0 : i32, 2147483647 : i32]
  %b = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %c2 = tfrt_dht.set_tensor_with_constant_values.i32 %b, %c1 [3 : i32, 5 : i32, -7 : i32, 1 : i32]
  %r = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  // relu(a) = [3, 0, 0, MAX]
  %c3 = "tfrt_test.relu.i32"(%a, %r, %c2) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c4 = tfrt_dht.print_tensor %r, %c3
  // a + b = [6, 4, -7, MAX + 1 wraps to MIN]
  %c5 = "tfrt_test.add.i32"(%a, %b, %r, %c4) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c6 = tfrt_dht.print_tensor %r, %c5
  // a == b: [1, 0, 0, 0]
  %c7 = "tfrt_test.equal.i32"(%a, %b, %r, %c6) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c8 = tfrt_dht.print_tensor %r, %c7
  // b += a: [6, 4, -7, MIN]; then b = (a == b): [0, 0, 0, 0]
  %c9 = "tfrt_test.add_inplace.i32"(%a, %b, %c8) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c10 = tfrt_dht.print_tensor %b, %c9
  %c11 = "tfrt_test.equal_inplace.i32"(%a, %b, %c10) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c12 = tfrt_dht.print_tensor %b, %c11
  // relu_inplace(a) = [3, 0, 0, MAX]
  %c13 = "tfrt_test.relu_inplace.i32"(%a, %c12) : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  %c14 = tfrt_dht.print_tensor %a, %c13
  tfrt.return %c14 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [3, 0, 0, 2147483647]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [6, 4, -7, -2147483648]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [1, 0, 0, 0]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [6, 4, -7, -2147483648]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [0, 0, 0, 0]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [3, 0, 0, 2147483647]

// CHECK-LABEL: --- Running 'elementwise_f32':
func.func @elementwise_f32() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %act = tfrt_dht.create_uninitialized_tensor.f32.1 [4 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.f32 %act, %ch0 [1.5 : f32, -2.0 : f32, 0.0 : f32, 0.25 : f32]
  %g = tfrt_dht.create_uninitialized_tensor.f32.1 [4 : i64]
  %c2 = tfrt_dht.set_tensor_with_constant_values.f32 %g, %c1 [10.0 : f32, 20.0 : f32, 30.0 : f32, -40.0 : f32]
  // gradient where the activation is positive, else 0: [10, 0, 0, -40]
  %c3 = "tfrt_test.relu_grad_inplace.f32"(%act, %g, %c2) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c4 = tfrt_dht.print_tensor %g, %c3
  // act + g = [11.5, -2, 0, -39.75]
  %c5 = "tfrt_test.add_inplace.f32"(%act, %g, %c4) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c6 = tfrt_dht.print_tensor %g, %c5
  %c7 = "tfrt_test.relu_inplace.f32"(%g, %c6) : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  %c8 = tfrt_dht.print_tensor %g, %c7
  tfrt.return %c8 : !tfrt.chain
}
// CHECK-NEXT: values = [1.000000e+01, 0.000000e+00, 0.000000e+00, -4.000000e+01]
// CHECK-NEXT: values = [1.150000e+01, -2.000000e+00, 0.000000e+00, -3.975000e+01]
// CHECK-NEXT: values = [1.150000e+01, 0.000000e+00, 0.000000e+00, 0.000000e+00]

// CHECK-LABEL: --- Running 'matmul':
func.func @matmul() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  // a = [1 2 3; 4 5 6], b = [7 8; 9 10; 11 12]: a b = [58 64; 139 154]
  %a = tfrt_dht.create_uninitialized_tensor.i64.2 [2 : i64, 3 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.i64 %a, %ch0 [1, 2, 3, 4, 5, 6]
  %b = tfrt_dht.create_uninitialized_tensor.i64.2 [3 : i64, 2 : i64]
  %c2 = tfrt_dht.set_tensor_with_constant_values.i64 %b, %c1 [7, 8, 9, 10, 11, 12]
  %c = tfrt_dht.create_uninitialized_tensor.i64.2 [2 : i64, 2 : i64]
  %c3 = tfrt_dht.fill_tensor_with_constant.i64 %c, %c2 1 : i64
  // c = 2 a b + 3 c = [119 131; 281 311]
  %two = tfrt.constant.i64 2
  %three = tfrt.constant.i64 3
  %c4 = "tfrt_test.matmul.i64.2"(%two, %a, %b, %three, %c, %c3) : (i64, !t.tensor, !t.tensor, i64, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c5 = tfrt_dht.print_tensor %c, %c4
  // The same in f32 on BLAS, with c as both output and nothing else: a b.
  %fa = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %c6 = tfrt_dht.set_tensor_with_constant_values.f32 %fa, %c5 [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32, 5.0 : f32, 6.0 : f32]
  %fb = tfrt_dht.create_uninitialized_tensor.f32.2 [3 : i64, 2 : i64]
  %c7 = tfrt_dht.set_tensor_with_constant_values.f32 %fb, %c6 [7.0 : f32, 8.0 : f32, 9.0 : f32, 10.0 : f32, 11.0 : f32, 12.0 : f32]
  %fc = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  %one = tfrt.constant.f32 1.0
  %zero = tfrt.constant.f32 0.0
  %c8 = "tfrt_test.matmul.f32.2"(%one, %fa, %fb, %zero, %fc, %c7) : (f32, !t.tensor, !t.tensor, f32, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c9 = tfrt_dht.print_tensor %fc, %c8
  // eigen.matmul.i32 with alpha -1, beta 1 on c = [10 20; 30 40]:
  // c - a b = [-48 -44; -109 -114]
  %ia = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 3 : i64]
  %c10 = tfrt_dht.set_tensor_with_constant_values.i32 %ia, %c9 [1 : i32, 2 : i32, 3 : i32, 4 : i32, 5 : i32, 6 : i32]
  %ib = tfrt_dht.create_uninitialized_tensor.i32.2 [3 : i64, 2 : i64]
  %c11 = tfrt_dht.set_tensor_with_constant_values.i32 %ib, %c10 [7 : i32, 8 : i32, 9 : i32, 10 : i32, 11 : i32, 12 : i32]
  %ic = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %c12 = tfrt_dht.set_tensor_with_constant_values.i32 %ic, %c11 [10 : i32, 20 : i32, 30 : i32, 40 : i32]
  %m1 = tfrt.constant.i32 -1
  %p1 = tfrt.constant.i32 1
  %c13 = "eigen.matmul.i32"(%m1, %ia, %ib, %p1, %ic, %c12) : (i32, !t.tensor, !t.tensor, i32, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c14 = tfrt_dht.print_tensor %ic, %c13
  tfrt.return %c14 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [2, 2], values = [119, 131, 281, 311]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [5.800000e+01, 6.400000e+01, 1.390000e+02, 1.540000e+02]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [-48, -44, -109, -114]

// CHECK-LABEL: --- Running 'broadcast_argmax_mean':
func.func @broadcast_argmax_mean() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %v = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.f32 %v, %ch0 [1.0 : f32, 3.0 : f32, 3.0 : f32]
  // Every row of a [2, 3] tensor is v; of a [2, 1, 3] tensor too.
  %s2 = ts.build_shape [2 : i64, 3 : i64]
  %t2 = "tfrt_test.broadcast.f32.2"(%v, %s2, %c1) : (!t.tensor, !ts.shape, !tfrt.chain) -> !t.tensor
  %c2 = tfrt_dht.print_tensor %t2, %c1
  %s3 = ts.build_shape [2 : i64, 1 : i64, 3 : i64]
  %t3 = "tfrt_test.broadcast.f32.3"(%v, %s3, %c2) : (!t.tensor, !ts.shape, !tfrt.chain) -> !t.tensor
  %c3 = tfrt_dht.print_tensor %t3, %c2
  // argmax of each row: the first of the two 3.0s, index 1
  %am = "tfrt_test.argmax.f32.2"(%t2, %c3) : (!t.tensor, !tfrt.chain) -> !t.tensor
  %c4 = tfrt_dht.print_tensor %am, %c3
  // mean of v = 7 / 3
  %mean = "tfrt_test.reduce_mean.f32.1"(%v, %c4) : (!t.tensor, !tfrt.chain) -> !t.tensor
  %c5 = tfrt_dht.print_tensor %mean, %c4
  // integer mean truncates: (1 + 2 + 4) / 3 = 2
  %iv = tfrt_dht.create_uninitialized_tensor.i64.1 [3 : i64]
  %c6 = tfrt_dht.set_tensor_with_constant_values.i64 %iv, %c5 [1, 2, 4]
  %imean = "tfrt_test.reduce_mean.i64.1"(%iv, %c6) : (!t.tensor, !tfrt.chain) -> !t.tensor
  %c7 = tfrt_dht.print_tensor %imean, %c6
  // cast to f32, and argmax of i32 rows [[5, 9], [-1, -3]] = [1, 0]
  %cast = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  %ii = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %c8 = tfrt_dht.set_tensor_with_constant_values.i32 %ii, %c7 [5 : i32, 9 : i32, -1 : i32, -3 : i32]
  %c9 = "tfrt_test.cast.i32_to_f32"(%ii, %cast, %c8) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c10 = tfrt_dht.print_tensor %cast, %c9
  %iam = "tfrt_test.argmax.i32.2"(%ii, %c10) : (!t.tensor, !tfrt.chain) -> !t.tensor
  %c11 = tfrt_dht.print_tensor %iam, %c10
  tfrt.return %c11 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 3], values = [1.000000e+00, 3.000000e+00, 3.000000e+00, 1.000000e+00, 3.000000e+00, 3.000000e+00]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 1, 3], values = [1.000000e+00, 3.000000e+00, 3.000000e+00, 1.000000e+00, 3.000000e+00, 3.000000e+00]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [1, 1]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [], values = [2.333333e+00]
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [], values = [2]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [5.000000e+00, 9.000000e+00, -1.000000e+00, -3.000000e+00]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [1, 0]
