// The eigen.* convolution and batch-normalization kernels
// (docs/kernel-behaviour.md §13) against numpy implementations of their
// definitions (tests/eigen_data.py, direct sums over the windows, in
// float64): valid and same padding, strides, a filter taller than wide, the
// 1x1 product, the fused bias, batch norm and relu, both gradients, batch
// norm and its gradient. Each comparison prints int1 = 1 when every element
// is within 1000 ulps (TFRT's closeness rule).
// RUN: /usr/bin/python3 %S/../../tests/eigen_data.py %T
// RUN: cd %T && tfrun %s | FileCheck %s

// CHECK-LABEL: --- Running 'conv2d_valid'
func.func @conv2d_valid() -> !tfrt.chain {
  %in = "tfrt_test.get_string"() { value = "eigen.btf" } : () -> !tfrt.string
  %ex = "tfrt_test.get_string"() { value = "eigen_expected.btf" } : () -> !tfrt.string
  %i0 = tfrt.constant.i32 0
  %i1 = tfrt.constant.i32 1
  %ch0 = tfrt.new.chain
  %x = "btf.read_dense_tensor.f32.4"(%in, %i0) : (!tfrt.string, i32) -> !t.tensor
  %f = "btf.read_dense_tensor.f32.4"(%in, %i1) : (!tfrt.string, i32) -> !t.tensor
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 3 : i64, 3 : i64, 4 : i64]
  %c1 = "eigen.conv2d.f32"(%x, %f, %y, %ch0) { padding = "valid", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %want0 = "btf.read_dense_tensor.f32.4"(%ex, %i0) : (!tfrt.string, i32) -> !t.tensor
  %ok0, %cc0 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want0, %y, %c1) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %pp0 = tfrt.print.i1 %ok0, %cc0
  tfrt.return %pp0 : !tfrt.chain
}
// CHECK-NEXT: int1 = 1

// CHECK-LABEL: --- Running 'conv2d_same_stride2'
func.func @conv2d_same_stride2() -> !tfrt.chain {
  %in = "tfrt_test.get_string"() { value = "eigen.btf" } : () -> !tfrt.string
  %ex = "tfrt_test.get_string"() { value = "eigen_expected.btf" } : () -> !tfrt.string
  %i1 = tfrt.constant.i32 1
  %i2 = tfrt.constant.i32 2
  %i3 = tfrt.constant.i32 3
  %ch0 = tfrt.new.chain
  %x = "btf.read_dense_tensor.f32.4"(%in, %i2) : (!tfrt.string, i32) -> !t.tensor
  %f = "btf.read_dense_tensor.f32.4"(%in, %i3) : (!tfrt.string, i32) -> !t.tensor
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 3 : i64]
  %c1 = "eigen.conv2d.f32"(%x, %f, %y, %ch0) { padding = "same", strides = [2 : i64, 2 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %want0 = "btf.read_dense_tensor.f32.4"(%ex, %i1) : (!tfrt.string, i32) -> !t.tensor
  %ok0, %cc0 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want0, %y, %c1) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %pp0 = tfrt.print.i1 %ok0, %cc0
  tfrt.return %pp0 : !tfrt.chain
}
// CHECK-NEXT: int1 = 1

// CHECK-LABEL: --- Running 'conv2d_pointwise'
func.func @conv2d_pointwise() -> !tfrt.chain {
  %in = "tfrt_test.get_string"() { value = "eigen.btf" } : () -> !tfrt.string
  %ex = "tfrt_test.get_string"() { value = "eigen_expected.btf" } : () -> !tfrt.string
  %i2 = tfrt.constant.i32 2
  %i4 = tfrt.constant.i32 4
  %i5 = tfrt.constant.i32 5
  %ch0 = tfrt.new.chain
  %x = "btf.read_dense_tensor.f32.4"(%in, %i4) : (!tfrt.string, i32) -> !t.tensor
  %f = "btf.read_dense_tensor.f32.4"(%in, %i5) : (!tfrt.string, i32) -> !t.tensor
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 3 : i64, 3 : i64, 5 : i64]
  %c1 = "eigen.conv2d.f32"(%x, %f, %y, %ch0) { padding = "valid", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %want0 = "btf.read_dense_tensor.f32.4"(%ex, %i2) : (!tfrt.string, i32) -> !t.tensor
  %ok0, %cc0 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want0, %y, %c1) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %pp0 = tfrt.print.i1 %ok0, %cc0
  tfrt.return %pp0 : !tfrt.chain
}
// CHECK-NEXT: int1 = 1

// CHECK-LABEL: --- Running 'conv2d_bias'
func.func @conv2d_bias() -> !tfrt.chain {
  %in = "tfrt_test.get_string"() { value = "eigen.btf" } : () -> !tfrt.string
  %ex = "tfrt_test.get_string"() { value = "eigen_expected.btf" } : () -> !tfrt.string
  %i3 = tfrt.constant.i32 3
  %i6 = tfrt.constant.i32 6
  %i7 = tfrt.constant.i32 7
  %i8 = tfrt.constant.i32 8
  %ch0 = tfrt.new.chain
  %x = "btf.read_dense_tensor.f32.4"(%in, %i6) : (!tfrt.string, i32) -> !t.tensor
  %f = "btf.read_dense_tensor.f32.4"(%in, %i7) : (!tfrt.string, i32) -> !t.tensor
  %b = "btf.read_dense_tensor.f32.1"(%in, %i8) : (!tfrt.string, i32) -> !t.tensor
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 4 : i64, 4 : i64, 4 : i64]
  %c1 = "eigen.conv2d.bias.f32"(%x, %f, %b, %y, %ch0) { padding = "same", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %want0 = "btf.read_dense_tensor.f32.4"(%ex, %i3) : (!tfrt.string, i32) -> !t.tensor
  %ok0, %cc0 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want0, %y, %c1) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %pp0 = tfrt.print.i1 %ok0, %cc0
  tfrt.return %pp0 : !tfrt.chain
}
// CHECK-NEXT: int1 = 1

// CHECK-LABEL: --- Running 'conv2d_batch_norm_relu'
func.func @conv2d_batch_norm_relu() -> !tfrt.chain {
  %in = "tfrt_test.get_string"() { value = "eigen.btf" } : () -> !tfrt.string
  %ex = "tfrt_test.get_string"() { value = "eigen_expected.btf" } : () -> !tfrt.string
  %i4 = tfrt.constant.i32 4
  %i9 = tfrt.constant.i32 9
  %i10 = tfrt.constant.i32 10
  %i11 = tfrt.constant.i32 11
  %i12 = tfrt.constant.i32 12
  %i13 = tfrt.constant.i32 13
  %i14 = tfrt.constant.i32 14
  %ch0 = tfrt.new.chain
  %x = "btf.read_dense_tensor.f32.4"(%in, %i9) : (!tfrt.string, i32) -> !t.tensor
  %f = "btf.read_dense_tensor.f32.4"(%in, %i10) : (!tfrt.string, i32) -> !t.tensor
  %s = "btf.read_dense_tensor.f32.1"(%in, %i11) : (!tfrt.string, i32) -> !t.tensor
  %o = "btf.read_dense_tensor.f32.1"(%in, %i12) : (!tfrt.string, i32) -> !t.tensor
  %m = "btf.read_dense_tensor.f32.1"(%in, %i13) : (!tfrt.string, i32) -> !t.tensor
  %v = "btf.read_dense_tensor.f32.1"(%in, %i14) : (!tfrt.string, i32) -> !t.tensor
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 2 : i64]
  %c1 = "eigen.conv2d.batch_norm.relu.f32"(%x, %f, %s, %o, %m, %v, %y, %ch0) { epsilon = 0.001 : f32, padding = "same", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %want0 = "btf.read_dense_tensor.f32.4"(%ex, %i4) : (!tfrt.string, i32) -> !t.tensor
  %ok0, %cc0 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want0, %y, %c1) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %pp0 = tfrt.print.i1 %ok0, %cc0
  tfrt.return %pp0 : !tfrt.chain
}
// CHECK-NEXT: int1 = 1

// CHECK-LABEL: --- Running 'conv2d_gradients'
func.func @conv2d_gradients() -> !tfrt.chain {
  %in = "tfrt_test.get_string"() { value = "eigen.btf" } : () -> !tfrt.string
  %ex = "tfrt_test.get_string"() { value = "eigen_expected.btf" } : () -> !tfrt.string
  %i2 = tfrt.constant.i32 2
  %i3 = tfrt.constant.i32 3
  %i5 = tfrt.constant.i32 5
  %i6 = tfrt.constant.i32 6
  %i15 = tfrt.constant.i32 15
  %ch0 = tfrt.new.chain
  %x = "btf.read_dense_tensor.f32.4"(%in, %i2) : (!tfrt.string, i32) -> !t.tensor
  %dy = "btf.read_dense_tensor.f32.4"(%in, %i15) : (!tfrt.string, i32) -> !t.tensor
  %f = "btf.read_dense_tensor.f32.4"(%in, %i3) : (!tfrt.string, i32) -> !t.tensor
  %df = tfrt_dht.create_uninitialized_tensor.f32.4 [3 : i64, 2 : i64, 2 : i64, 3 : i64]
  %c1 = "eigen.conv2d.grad.filter.f32"(%dy, %x, %df, %ch0) { padding = "same", strides = [2 : i64, 2 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %want0 = "btf.read_dense_tensor.f32.4"(%ex, %i5) : (!tfrt.string, i32) -> !t.tensor
  %ok0, %cc0 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want0, %df, %c1) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %pp0 = tfrt.print.i1 %ok0, %cc0
  %dx = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 5 : i64, 6 : i64, 2 : i64]
  %c2 = "eigen.conv2d.grad.input.f32"(%dy, %f, %dx, %pp0) { padding = "same", strides = [2 : i64, 2 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %want1 = "btf.read_dense_tensor.f32.4"(%ex, %i6) : (!tfrt.string, i32) -> !t.tensor
  %ok1, %cc1 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want1, %dx, %c2) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %pp1 = tfrt.print.i1 %ok1, %cc1
  tfrt.return %pp1 : !tfrt.chain
}
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: int1 = 1

// CHECK-LABEL: --- Running 'batch_norm_and_gradient'
func.func @batch_norm_and_gradient() -> !tfrt.chain {
  %in = "tfrt_test.get_string"() { value = "eigen.btf" } : () -> !tfrt.string
  %ex = "tfrt_test.get_string"() { value = "eigen_expected.btf" } : () -> !tfrt.string
  %i7 = tfrt.constant.i32 7
  %i8 = tfrt.constant.i32 8
  %i9 = tfrt.constant.i32 9
  %i10 = tfrt.constant.i32 10
  %i16 = tfrt.constant.i32 16
  %i17 = tfrt.constant.i32 17
  %i18 = tfrt.constant.i32 18
  %i19 = tfrt.constant.i32 19
  %i20 = tfrt.constant.i32 20
  %i21 = tfrt.constant.i32 21
  %ch0 = tfrt.new.chain
  %x = "btf.read_dense_tensor.f32.4"(%in, %i16) : (!tfrt.string, i32) -> !t.tensor
  %s = "btf.read_dense_tensor.f32.1"(%in, %i17) : (!tfrt.string, i32) -> !t.tensor
  %b = "btf.read_dense_tensor.f32.1"(%in, %i18) : (!tfrt.string, i32) -> !t.tensor
  %m = "btf.read_dense_tensor.f32.1"(%in, %i19) : (!tfrt.string, i32) -> !t.tensor
  %v = "btf.read_dense_tensor.f32.1"(%in, %i20) : (!tfrt.string, i32) -> !t.tensor
  %dy = "btf.read_dense_tensor.f32.4"(%in, %i21) : (!tfrt.string, i32) -> !t.tensor
  %x2 = "btf.read_dense_tensor.f32.4"(%in, %i16) : (!tfrt.string, i32) -> !t.tensor
  %c1 = "eigen.batch_norm.f32"(%x2, %s, %b, %m, %v, %ch0) { epsilon = 0.0001 : f32 } : (!t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %want0 = "btf.read_dense_tensor.f32.4"(%ex, %i7) : (!tfrt.string, i32) -> !t.tensor
  %ok0, %cc0 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want0, %x2, %c1) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %pp0 = tfrt.print.i1 %ok0, %cc0
  %dx = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 2 : i64, 2 : i64, 3 : i64]
  %gg = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %bg = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %d1, %d2, %d3 = "eigen.batch_norm.grad.f32"(%dy, %x, %s, %m, %v, %pp0, %dx, %gg, %bg) { epsilon = 0.0001 : f32 } : (!t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !tfrt.chain, !t.tensor, !t.tensor, !t.tensor) -> (!tfrt.chain, !tfrt.chain, !tfrt.chain)
  %dall = tfrt.merge.chains %d1, %d2, %d3 : !tfrt.chain, !tfrt.chain, !tfrt.chain
  %want1 = "btf.read_dense_tensor.f32.4"(%ex, %i8) : (!tfrt.string, i32) -> !t.tensor
  %ok1, %cc1 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want1, %dx, %dall) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %pp1 = tfrt.print.i1 %ok1, %cc1
  %want2 = "btf.read_dense_tensor.f32.1"(%ex, %i9) : (!tfrt.string, i32) -> !t.tensor
  %ok2, %cc2 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want2, %gg, %pp1) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %pp2 = tfrt.print.i1 %ok2, %cc2
  %want3 = "btf.read_dense_tensor.f32.1"(%ex, %i10) : (!tfrt.string, i32) -> !t.tensor
  %ok3, %cc3 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want3, %bg, %pp2) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %pp3 = tfrt.print.i1 %ok3, %cc3
  tfrt.return %pp3 : !tfrt.chain
}
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: int1 = 1

