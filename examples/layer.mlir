// A dense layer as TFRT's MNIST test writes it, on a file in TFRT's binary
// tensor format that the RUN line makes: x (2x3), w (3x2), b (2).
// y = relu(x w + b) = relu([[-8, 6], [-14, 12]] + [0.5, -0.5])
//   = [[0, 5.5], [0, 11.5]]; the largest output of each row is column 1.
// RUN: cd %T && tfrun btf pack -o layer.btf f32:2x3:1,2,3,4,5,6 f32:3x2:1,-1,0,2,-3,1 f32:2:0.5,-0.5
// RUN: cd %T && tfrun %s | FileCheck %s
func.func @main() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "layer.btf" } : () -> !tfrt.string
  %i0 = tfrt.constant.i32 0
  %i1 = tfrt.constant.i32 1
  %i2 = tfrt.constant.i32 2
  %x = "btf.read_dense_tensor.f32.2"(%path, %i0) : (!tfrt.string, i32) -> !t.tensor
  %w = "btf.read_dense_tensor.f32.2"(%path, %i1) : (!tfrt.string, i32) -> !t.tensor
  %b = "btf.read_dense_tensor.f32.1"(%path, %i2) : (!tfrt.string, i32) -> !t.tensor
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.f32 1.0
  %shape = ts.build_shape [2 : i64, 2 : i64]
  %y = "tfrt_test.broadcast.f32.2"(%b, %shape, %ch0) : (!t.tensor, !ts.shape, !tfrt.chain) -> !t.tensor
  %ch1 = "tfrt_test.matmul.f32.2"(%one, %x, %w, %one, %y, %ch0) : (f32, !t.tensor, !t.tensor, f32, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch2 = "tfrt_test.relu_inplace.f32"(%y, %ch1) : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch3 = tfrt_dht.print_tensor %y, %ch2
  %best = "tfrt_test.argmax.f32.2"(%y, %ch3) : (!t.tensor, !tfrt.chain) -> !t.tensor
  %ch4 = tfrt_dht.print_tensor %best, %ch3
  tfrt.return %ch4 : !tfrt.chain
}
// CHECK: --- Running 'main':
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [0.000000e+00, 5.500000e+00, 0.000000e+00, 1.150000e+01]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [1, 1]
// CHECK-NEXT: 'main' returned !tfrt.chain value
