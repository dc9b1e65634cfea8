// The dtype variants of the MNIST kernels that mnist_kernels.mlir does not
// run (docs/kernel-behaviour.md §13), each worked out in its comment.

// CHECK-LABEL: --- Running 'f32_variants':
func.func @f32_variants() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.f32 %a, %ch0 [1.5 : f32, 2.0 : f32]
  %b = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %c2 = tfrt_dht.set_tensor_with_constant_values.f32 %b, %c1 [0.25 : f32, -2.0 : f32]
  %c = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  // a + b = [1.75, 0]
  %c3 = "tfrt_test.add.f32"(%a, %b, %c, %c2) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c4 = tfrt_dht.print_tensor %c, %c3
  // a == b = [0, 0]; a == a = [1, 1]
  %c5 = "tfrt_test.equal.f32"(%a, %b, %c, %c4) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c6 = tfrt_dht.print_tensor %c, %c5
  %c7 = "tfrt_test.equal_inplace.f32"(%a, %a, %c6) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c8 = tfrt_dht.print_tensor %a, %c7
  tfrt.return %c8 : !tfrt.chain
}
// CHECK-NEXT: values = [1.750000e+00, 0.000000e+00]
// CHECK-NEXT: values = [0.000000e+00, 0.000000e+00]
// CHECK-NEXT: values = [1.000000e+00, 1.000000e+00]

// CHECK-LABEL: --- Running 'i64_variants':
func.func @i64_variants() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i64.1 [2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.i64 %a, %ch0 [-3, 4]
  %b = tfrt_dht.create_uninitialized_tensor.i64.1 [2 : i64]
  %c2 = tfrt_dht.set_tensor_with_constant_values.i64 %b, %c1 [10, 20]
  %r = tfrt_dht.create_uninitialized_tensor.i64.1 [2 : i64]
  // relu(a) = [0, 4] into r; b += a: [7, 24]; r = (a == b): [0, 0]
  %c3 = "tfrt_test.relu.i64"(%a, %r, %c2) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c4 = tfrt_dht.print_tensor %r, %c3
  %c5 = "tfrt_test.add_inplace.i64"(%a, %b, %c4) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c6 = tfrt_dht.print_tensor %b, %c5
  %c7 = "tfrt_test.equal.i64"(%a, %b, %r, %c6) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c8 = tfrt_dht.print_tensor %r, %c7
  // r = [0, 0]; equal_inplace(r, b = [7, 24]) = [0, 0]; then relu_inplace(a) = [0, 4]
  %c9 = "tfrt_test.equal_inplace.i64"(%r, %b, %c8) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c10 = tfrt_dht.print_tensor %b, %c9
  %c11 = "tfrt_test.relu_inplace.i64"(%a, %c10) : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  %c12 = tfrt_dht.print_tensor %a, %c11
  // relu_grad(activation [0, 4], gradient [5, 6]) = [0, 6]
  %g = tfrt_dht.create_uninitialized_tensor.i64.1 [2 : i64]
  %c13 = tfrt_dht.set_tensor_with_constant_values.i64 %g, %c12 [5, 6]
  %c14 = "tfrt_test.relu_grad_inplace.i64"(%a, %g, %c13) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c15 = tfrt_dht.print_tensor %g, %c14
  // argmax of [[1, 9, 9], [-5, -7, -6]] = [1, 0]
  %m = tfrt_dht.create_uninitialized_tensor.i64.2 [2 : i64, 3 : i64]
  %c16 = tfrt_dht.set_tensor_with_constant_values.i64 %m, %c15 [1, 9, 9, -5, -7, -6]
  %am = "tfrt_test.argmax.i64.2"(%m, %c16) : (!t.tensor, !tfrt.chain) -> !t.tensor
  %c17 = tfrt_dht.print_tensor %am, %c16
  // broadcast [3, 5] to [2, 2] and [1, 2, 2]
  %v = tfrt_dht.create_uninitialized_tensor.i64.1 [2 : i64]
  %c18 = tfrt_dht.set_tensor_with_constant_values.i64 %v, %c17 [3, 5]
  %s2 = ts.build_shape [2 : i64, 2 : i64]
  %s3 = ts.build_shape [1 : i64, 2 : i64, 2 : i64]
  %t2 = "tfrt_test.broadcast.i64.2"(%v, %s2, %c18) : (!t.tensor, !ts.shape, !tfrt.chain) -> !t.tensor
  %c19 = tfrt_dht.print_tensor %t2, %c18
  %t3 = "tfrt_test.broadcast.i64.3"(%v, %s3, %c19) : (!t.tensor, !ts.shape, !tfrt.chain) -> !t.tensor
  %c20 = tfrt_dht.print_tensor %t3, %c19
  tfrt.return %c20 : !tfrt.chain
}
// CHECK-NEXT: shape = [2], values = [0, 4]
// CHECK-NEXT: shape = [2], values = [7, 24]
// CHECK-NEXT: shape = [2], values = [0, 0]
// CHECK-NEXT: shape = [2], values = [0, 0]
// CHECK-NEXT: shape = [2], values = [0, 4]
// CHECK-NEXT: shape = [2], values = [0, 6]
// CHECK-NEXT: dtype = i32, shape = [2], values = [1, 0]
// CHECK-NEXT: dtype = i64, shape = [2, 2], values = [3, 5, 3, 5]
// CHECK-NEXT: dtype = i64, shape = [1, 2, 2], values = [3, 5, 3, 5]

// CHECK-LABEL: --- Running 'i32_variants':
func.func @i32_variants() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  // 2 [1 2] x [3; 4] + 5 = 2 * 11 + 5 = 27
  %a = tfrt_dht.create_uninitialized_tensor.i32.2 [1 : i64, 2 : i64]
  %c1 = tfrt_dht.set_tensor_with_constant_values.i32 %a, %ch0 [1 : i32, 2 : i32]
  %b = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 1 : i64]
  %c2 = tfrt_dht.set_tensor_with_constant_values.i32 %b, %c1 [3 : i32, 4 : i32]
  %c = tfrt_dht.create_uninitialized_tensor.i32.2 [1 : i64, 1 : i64]
  %c3 = tfrt_dht.set_tensor_with_constant_values.i32 %c, %c2 [5 : i32]
  %two = tfrt.constant.i32 2
  %one = tfrt.constant.i32 1
  %c4 = "tfrt_test.matmul.i32.2"(%two, %a, %b, %one, %c, %c3) : (i32, !t.tensor, !t.tensor, i32, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c5 = tfrt_dht.print_tensor %c, %c4
  // relu_grad(activation [-1, 2], gradient [5, 6]) = [0, 6]
  %act = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]
  %c6 = tfrt_dht.set_tensor_with_constant_values.i32 %act, %c5 [-1 : i32, 2 : i32]
  %g = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]
  %c7 = tfrt_dht.set_tensor_with_constant_values.i32 %g, %c6 [5 : i32, 6 : i32]
  %c8 = "tfrt_test.relu_grad_inplace.i32"(%act, %g, %c7) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c9 = tfrt_dht.print_tensor %g, %c8
  // broadcast [3, 5] to [2, 2] and [2, 1, 2]
  %v = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]
  %c10 = tfrt_dht.set_tensor_with_constant_values.i32 %v, %c9 [3 : i32, 5 : i32]
  %s2 = ts.build_shape [2 : i64, 2 : i64]
  %s3 = ts.build_shape [2 : i64, 1 : i64, 2 : i64]
  %t2 = "tfrt_test.broadcast.i32.2"(%v, %s2, %c10) : (!t.tensor, !ts.shape, !tfrt.chain) -> !t.tensor
  %c11 = tfrt_dht.print_tensor %t2, %c10
  %t3 = "tfrt_test.broadcast.i32.3"(%v, %s3, %c11) : (!t.tensor, !ts.shape, !tfrt.chain) -> !t.tensor
  %c12 = tfrt_dht.print_tensor %t3, %c11
  tfrt.return %c12 : !tfrt.chain
}
// CHECK-NEXT: dtype = i32, shape = [1, 1], values = [27]
// CHECK-NEXT: dtype = i32, shape = [2], values = [0, 6]
// CHECK-NEXT: dtype = i32, shape = [2, 2], values = [3, 5, 3, 5]
// CHECK-NEXT: dtype = i32, shape = [2, 1, 2], values = [3, 5, 3, 5]
