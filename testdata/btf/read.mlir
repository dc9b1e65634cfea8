// btf.read_dense_tensor.DT.R (docs/kernel-behaviour.md §13) on a file
// `tfrun btf pack` writes: every dtype the kernels read, ranks 0 to 4, a
// tensor with no elements; the path is relative to the working directory.
// RUN: cd %T && tfrun btf pack -o t.btf i32:2x2:1,2,3,-4 f32:3:0.5,1.5,-2 f64::2.25 i64:1x1x1:-9000000000 i8:2:-128,127 ui8:2:255,0 f32:0: f32:1x2x1x2:1,2,3,4
// RUN: cd %T && tfrun %s | FileCheck %s

// CHECK-LABEL: --- Running 'every_dtype':
func.func @every_dtype() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "t.btf" } : () -> !tfrt.string
  %i0 = tfrt.constant.i32 0
  %i1 = tfrt.constant.i32 1
  %i2 = tfrt.constant.i32 2
  %i3 = tfrt.constant.i32 3
  %i4 = tfrt.constant.i32 4
  %i5 = tfrt.constant.i32 5
  %i6 = tfrt.constant.i32 6
  %i7 = tfrt.constant.i32 7
  %ch0 = tfrt.new.chain
  %t0 = "btf.read_dense_tensor.i32.2"(%path, %i0) : (!tfrt.string, i32) -> !t.tensor
  %c0 = tfrt_dht.print_tensor %t0, %ch0
  %t1 = "btf.read_dense_tensor.f32.1"(%path, %i1) : (!tfrt.string, i32) -> !t.tensor
  %c1 = tfrt_dht.print_tensor %t1, %c0
  %t2 = "btf.read_dense_tensor.f64.0"(%path, %i2) : (!tfrt.string, i32) -> !t.tensor
  %c2 = tfrt_dht.print_tensor %t2, %c1
  %t3 = "btf.read_dense_tensor.i64.3"(%path, %i3) : (!tfrt.string, i32) -> !t.tensor
  %c3 = tfrt_dht.print_tensor %t3, %c2
  %t4 = "btf.read_dense_tensor.i8.1"(%path, %i4) : (!tfrt.string, i32) -> !t.tensor
  %c4 = tfrt_dht.print_tensor %t4, %c3
  %t5 = "btf.read_dense_tensor.ui8.1"(%path, %i5) : (!tfrt.string, i32) -> !t.tensor
  %c5 = tfrt_dht.print_tensor %t5, %c4
  %t6 = "btf.read_dense_tensor.f32.1"(%path, %i6) : (!tfrt.string, i32) -> !t.tensor
  %c6 = tfrt_dht.print_tensor %t6, %c5
  %t7 = "btf.read_dense_tensor.f32.4"(%path, %i7) : (!tfrt.string, i32) -> !t.tensor
  %c7 = tfrt_dht.print_tensor %t7, %c6
  tfrt.return %c7 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [1, 2, 3, -4]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [5.000000e-01, 1.500000e+00, -2.000000e+00]
// CHECK-NEXT: DenseHostTensor dtype = f64, shape = [], values = [2.250000e+00]
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [1, 1, 1], values = [-9000000000]
// CHECK-NEXT: DenseHostTensor dtype = i8, shape = [2], values = [-128, 127]
// CHECK-NEXT: DenseHostTensor dtype = u8, shape = [2], values = [255, 0]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [0], values = []
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 2, 1, 2], values = [1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]
