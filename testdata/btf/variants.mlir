// The dtype and rank variants of btf.read_dense_tensor.DT.R that the other
// tests do not read (docs/kernel-behaviour.md §13): tensor N of the file the
// RUN line packs is the row's dtype and rank, rank R of shape [1, ..., 1, 2]
// (a scalar for rank 0), and prints as packed.
// RUN: cd %T && tfrun btf pack -o v.btf f32:1x1x2:1.5,-2.5 f64:2:1.5,-2.5 f64:1x2:1.5,-2.5 f64:1x1x2:1.5,-2.5 f64:1x1x1x2:1.5,-2.5 i32::7 i32:1x1x2:3,-5 i32:1x1x1x2:3,-5 i64::7 i64:2:3,-5 i64:1x2:3,-5 i64:1x1x1x2:3,-5 i8::7 i8:1x2:3,-5 i8:1x1x2:3,-5 i8:1x1x1x2:3,-5 ui8::7 ui8:1x2:3,250 ui8:1x1x2:3,250 ui8:1x1x1x2:3,250
// RUN: cd %T && tfrun %s | FileCheck %s

// CHECK-LABEL: --- Running 'read_f32_3':
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 1, 2], values = [1.500000e+00, -2.500000e+00]
func.func @read_f32_3() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.f32.3"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_f64_1':
// CHECK-NEXT: DenseHostTensor dtype = f64, shape = [2], values = [1.500000e+00, -2.500000e+00]
func.func @read_f64_1() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 1
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.f64.1"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_f64_2':
// CHECK-NEXT: DenseHostTensor dtype = f64, shape = [1, 2], values = [1.500000e+00, -2.500000e+00]
func.func @read_f64_2() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 2
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.f64.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_f64_3':
// CHECK-NEXT: DenseHostTensor dtype = f64, shape = [1, 1, 2], values = [1.500000e+00, -2.500000e+00]
func.func @read_f64_3() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 3
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.f64.3"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_f64_4':
// CHECK-NEXT: DenseHostTensor dtype = f64, shape = [1, 1, 1, 2], values = [1.500000e+00, -2.500000e+00]
func.func @read_f64_4() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 4
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.f64.4"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_i32_0':
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [], values = [7]
func.func @read_i32_0() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 5
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.i32.0"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_i32_3':
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [1, 1, 2], values = [3, -5]
func.func @read_i32_3() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 6
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.i32.3"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_i32_4':
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [1, 1, 1, 2], values = [3, -5]
func.func @read_i32_4() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 7
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.i32.4"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_i64_0':
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [], values = [7]
func.func @read_i64_0() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 8
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.i64.0"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_i64_1':
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [2], values = [3, -5]
func.func @read_i64_1() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 9
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.i64.1"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_i64_2':
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [1, 2], values = [3, -5]
func.func @read_i64_2() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 10
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.i64.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_i64_4':
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [1, 1, 1, 2], values = [3, -5]
func.func @read_i64_4() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 11
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.i64.4"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_i8_0':
// CHECK-NEXT: DenseHostTensor dtype = i8, shape = [], values = [7]
func.func @read_i8_0() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 12
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.i8.0"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_i8_2':
// CHECK-NEXT: DenseHostTensor dtype = i8, shape = [1, 2], values = [3, -5]
func.func @read_i8_2() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 13
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.i8.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_i8_3':
// CHECK-NEXT: DenseHostTensor dtype = i8, shape = [1, 1, 2], values = [3, -5]
func.func @read_i8_3() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 14
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.i8.3"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_i8_4':
// CHECK-NEXT: DenseHostTensor dtype = i8, shape = [1, 1, 1, 2], values = [3, -5]
func.func @read_i8_4() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 15
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.i8.4"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_ui8_0':
// CHECK-NEXT: DenseHostTensor dtype = u8, shape = [], values = [7]
func.func @read_ui8_0() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 16
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.ui8.0"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_ui8_2':
// CHECK-NEXT: DenseHostTensor dtype = u8, shape = [1, 2], values = [3, 250]
func.func @read_ui8_2() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 17
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.ui8.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_ui8_3':
// CHECK-NEXT: DenseHostTensor dtype = u8, shape = [1, 1, 2], values = [3, 250]
func.func @read_ui8_3() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 18
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.ui8.3"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'read_ui8_4':
// CHECK-NEXT: DenseHostTensor dtype = u8, shape = [1, 1, 1, 2], values = [3, 250]
func.func @read_ui8_4() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "v.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 19
  %ch0 = tfrt.new.chain
  %t = "btf.read_dense_tensor.ui8.4"(%path, %i) : (!tfrt.string, i32) -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return %ch1 : !tfrt.chain
}
