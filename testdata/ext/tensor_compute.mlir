// ARGS: --work-queue=s
// VARIANTS: --work-queue=mstd:2
// Tensor compute kernels (docs/kernel-behaviour.md §12): tfrt_dht.add.DT and
// tfrt_dht.matmul.DT write into an output tensor the program allocated, so
// they take and return a chain, like any other mutation of a tensor.
// (tensor_compute.mstd.mlir: the same on mstd:2.)

// CHECK-LABEL: --- Running 'add_i32':
func.func @add_i32() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 3 : i64]
  %ch1 = tfrt_dht.set_tensor_with_constant_values.i32 %a, %ch0 [1 : i32, 2 : i32, 3 : i32, 4 : i32, 5 : i32, 2147483647 : i32]
  %b = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 3 : i64]
  %ch2 = tfrt_dht.set_tensor_with_constant_values.i32 %b, %ch1 [10 : i32, 20 : i32, 30 : i32, 40 : i32, 50 : i32, 1 : i32]
  %out = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 3 : i64]
  %ch3 = "tfrt_dht.add.i32"(%a, %b, %out, %ch2) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch4 = tfrt_dht.print_tensor %out, %ch3
  // In place: a = a + a (integers wrap).
  %ch5 = "tfrt_dht.add.i32"(%a, %a, %a, %ch4) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch6 = tfrt_dht.print_tensor %a, %ch5
  tfrt.return %ch6 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 3], values = [11, 22, 33, 44, 55, -2147483648]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 3], values = [2, 4, 6, 8, 10, -2]
// CHECK-NEXT: 'add_i32' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'add_other_dtypes':
func.func @add_other_dtypes() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i64.1 [2 : i64]
  %ch1 = tfrt_dht.set_tensor_with_constant_values.i64 %a, %ch0 [5000000000 : i64, -1 : i64]
  %ch2 = "tfrt_dht.add.i64"(%a, %a, %a, %ch1) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch3 = tfrt_dht.print_tensor %a, %ch2
  %f = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %ch4 = tfrt_dht.set_tensor_with_constant_values.f32 %f, %ch3 [1.5 : f32, -0.25 : f32]
  %g = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %ch5 = "tfrt_dht.add.f32"(%f, %f, %g, %ch4) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch6 = tfrt_dht.print_tensor %g, %ch5
  %d = tfrt_dht.create_uninitialized_tensor.f64.0 []
  %ch7 = tfrt_dht.fill_tensor_with_constant.f64 %d, %ch6 0.125 : f64
  %ch8 = "tfrt_dht.add.f64"(%d, %d, %d, %ch7) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch9 = tfrt_dht.print_tensor %d, %ch8
  tfrt.return %ch9 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [2], values = [10000000000, -2]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2], values = [3.000000e+00, -5.000000e-01]
// CHECK-NEXT: DenseHostTensor dtype = f64, shape = [], values = [2.500000e-01]
// CHECK-NEXT: 'add_other_dtypes' returned !tfrt.chain value

// [2 x 3] x [3 x 2] = [2 x 2]: [[1 2 3] [4 5 6]] x [[7 8] [9 10] [11 12]].
// CHECK-LABEL: --- Running 'matmul':
func.func @matmul() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 3 : i64]
  %ch1 = tfrt_dht.set_tensor_with_constant_values.i32 %a, %ch0 [1 : i32, 2 : i32, 3 : i32, 4 : i32, 5 : i32, 6 : i32]
  %b = tfrt_dht.create_uninitialized_tensor.i32.2 [3 : i64, 2 : i64]
  %ch2 = tfrt_dht.set_tensor_with_constant_values.i32 %b, %ch1 [7 : i32, 8 : i32, 9 : i32, 10 : i32, 11 : i32, 12 : i32]
  %c = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %ch3 = "tfrt_dht.matmul.i32"(%a, %b, %c, %ch2) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch4 = tfrt_dht.print_tensor %c, %ch3
  // [3 x 2] x [2 x 3] = [3 x 3], in i64.
  %a64 = tfrt_dht.create_uninitialized_tensor.i64.2 [3 : i64, 2 : i64]
  %ch5 = tfrt_dht.set_tensor_with_constant_values.i64 %a64, %ch4 [1 : i64, 0 : i64, 0 : i64, 1 : i64, 1 : i64, 1 : i64]
  %b64 = tfrt_dht.create_uninitialized_tensor.i64.2 [2 : i64, 3 : i64]
  %ch6 = tfrt_dht.set_tensor_with_constant_values.i64 %b64, %ch5 [1 : i64, 2 : i64, 3 : i64, 4 : i64, 5 : i64, 6 : i64]
  %c64 = tfrt_dht.create_uninitialized_tensor.i64.2 [3 : i64, 3 : i64]
  %ch7 = "tfrt_dht.matmul.i64"(%a64, %b64, %c64, %ch6) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch8 = tfrt_dht.print_tensor %c64, %ch7
  // In place, f32: m = m x m.
  %m = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  %ch9 = tfrt_dht.set_tensor_with_constant_values.f32 %m, %ch8 [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32]
  %ch10 = "tfrt_dht.matmul.f32"(%m, %m, %m, %ch9) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch11 = tfrt_dht.print_tensor %m, %ch10
  // f64: a row times a column.
  %r = tfrt_dht.create_uninitialized_tensor.f64.2 [1 : i64, 2 : i64]
  %ch12 = tfrt_dht.set_tensor_with_constant_values.f64 %r, %ch11 [0.5 : f64, 0.25 : f64]
  %k = tfrt_dht.create_uninitialized_tensor.f64.2 [2 : i64, 1 : i64]
  %ch13 = tfrt_dht.set_tensor_with_constant_values.f64 %k, %ch12 [2.0 : f64, 4.0 : f64]
  %p = tfrt_dht.create_uninitialized_tensor.f64.2 [1 : i64, 1 : i64]
  %ch14 = "tfrt_dht.matmul.f64"(%r, %k, %p, %ch13) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch15 = tfrt_dht.print_tensor %p, %ch14
  tfrt.return %ch15 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [58, 64, 139, 154]
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [3, 3], values = [1, 2, 3, 4, 5, 6, 5, 7, 9]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [7.000000e+00, 1.000000e+01, 1.500000e+01, 2.200000e+01]
// CHECK-NEXT: DenseHostTensor dtype = f64, shape = [1, 1], values = [2.000000e+00]
// CHECK-NEXT: 'matmul' returned !tfrt.chain value

// Two views of one buffer, the output one element further on: the sum is
// computed as if the inputs were read before any output is written.
// CHECK-LABEL: --- Running 'add_overlapping_views':
func.func @add_overlapping_views() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %size = tfrt.constant.i64 20
  %align = tfrt.constant.i64 4
  %buf = tfrt_dht.allocate_buffer %size, %align
  %len = tfrt.constant.i64 16
  %off0 = tfrt.constant.i64 0
  %off4 = tfrt.constant.i64 4
  %lo = tfrt_dht.get_buffer_slice %buf, %off0, %len
  %hi = tfrt_dht.get_buffer_slice %buf, %off4, %len
  %shape = ts.build_shape [4 : i64]
  %a, %ch1 = tfrt_dht.make_tensor.i32 %lo, %shape, %ch0
  %out, %ch2 = tfrt_dht.make_tensor.i32 %hi, %shape, %ch1
  %ch3 = tfrt_dht.set_tensor_with_constant_values.i32 %a, %ch2 [1 : i32, 10 : i32, 100 : i32, 1000 : i32]
  %ch4 = "tfrt_dht.add.i32"(%a, %a, %out, %ch3) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch5 = tfrt_dht.print_tensor %out, %ch4
  %ch6 = tfrt_dht.print_tensor %a, %ch5
  tfrt.return %ch6 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [4], values = [2, 20, 200, 2000]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [4], values = [1, 2, 20, 200]
// CHECK-NEXT: 'add_overlapping_views' returned !tfrt.chain value

// Shape and dtype errors. Messages name the shape the kernel requires
// first: add compares a with b, then a with out; matmul needs rank 2, equal
// inner dimensions ("A x B"), and an output of shape [m, n].
// CHECK-LABEL: --- Running 'errors':
func.func @errors() -> (!tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 3 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.i32.2 [3 : i64, 2 : i64]
  %v = tfrt_dht.create_uninitialized_tensor.i32.1 [3 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %e1 = "tfrt_dht.add.i32"(%a, %b, %a, %ch0) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{shape mismatch: [2, 3] vs [3, 2]}}
  %e2 = "tfrt_dht.add.i32"(%a, %a, %b, %ch0) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{shape mismatch: [2, 3] vs [3, 2]}}
  %e3 = "tfrt_dht.add.i32"(%a, %f, %a, %ch0) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{dtype mismatch: i32 vs f32}}
  %e4 = "tfrt_dht.matmul.i32"(%a, %a, %b, %ch0) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{shape mismatch: [2, 3] x [2, 3]}}
  %e5 = "tfrt_dht.matmul.i32"(%a, %b, %a, %ch0) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{shape mismatch: [2, 2] vs [2, 3]}}
  %e6 = "tfrt_dht.matmul.i32"(%v, %b, %a, %ch0) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{matmul needs rank-2 tensors, got [3]}}
  tfrt.return %e1, %e2, %e3, %e4, %e5, %e6 : !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain
}
// CHECK-NEXT: 'errors' returned <<error: shape mismatch: [2, 3] vs [3, 2]>>,<<error: shape mismatch: [2, 3] vs [3, 2]>>,<<error: dtype mismatch: i32 vs f32>>,<<error: shape mismatch: [2, 3] x [2, 3]>>,<<error: shape mismatch: [2, 2] vs [2, 3]>>,<<error: matmul needs rank-2 tensors, got [3]>>
