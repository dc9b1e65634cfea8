// Every way btf.read_dense_tensor.DT.R can fail (docs/kernel-behaviour.md
// §13): a located diagnostic and an error value, never a crash or a tensor
// of zeros. The files are made by `tfrun btf pack` (t.btf: 8 tensors, the
// first i32 [2, 2] at offset 72), cut with head -c, or written byte by
// byte (a header of one tensor at offset 16, then a broken record).
// RUN: cd %T && tfrun btf pack -o t.btf i32:2x2:1,2,3,4 f32:1:1 f32:1:2 f32:1:3 f32:1:4 f32:1:5 f32:1:6 f32:1:7
// RUN: cd %T && head -c 4 t.btf > short.btf && head -c 20 t.btf > cut20.btf && head -c 80 t.btf > cut80.btf
// RUN: cd %T && head -c 90 t.btf > cut90.btf && head -c 110 t.btf > cut110.btf
// RUN: cd %T && printf '\x01\x00\x00\x00\x00\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x0c\x00\x00\x00\x00\x00\x00\x00' > code12.btf
// RUN: cd %T && printf '\x01\x00\x00\x00\x00\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x04\x01\x00\x00\x00\x00\x00\x00\x00\x00\x80\x3f\x00\x00\x00\x00' > layout1.btf
// RUN: cd %T && printf '\x01\x00\x00\x00\x00\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xff' > negdim.btf
// RUN: cd %T && tfrun %s 2>&1 | FileCheck %s
// (The annotations match the diagnostics, so the run exits 0.)

// No such file.
// CHECK-LABEL: --- Running 'missing':
// CHECK-NEXT: 'missing' returned <<error: failed to open file nope.btf for reading>>
func.func @missing() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "nope.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %t = "btf.read_dense_tensor.i32.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: failed to open file nope.btf for reading}}
  tfrt.return %t : !t.tensor
}

// A directory is not a file.
// CHECK-LABEL: --- Running 'directory':
// CHECK-NEXT: 'directory' returned <<error: failed to open file . for reading>>
func.func @directory() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "." } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %t = "btf.read_dense_tensor.i32.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: failed to open file . for reading}}
  tfrt.return %t : !t.tensor
}

// Four bytes: no count.
// CHECK-LABEL: --- Running 'short_count':
// CHECK-NEXT: 'short_count' returned <<error: failed to read tensor num_tensors from path short.btf>>
func.func @short_count() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "short.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %t = "btf.read_dense_tensor.i32.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: failed to read tensor num_tensors from path short.btf}}
  tfrt.return %t : !t.tensor
}

// Tensors 0 to 7.
// CHECK-LABEL: --- Running 'index_past_end':
// CHECK-NEXT: 'index_past_end' returned <<error: invalid tensor index 8 to read tensor from path t.btf which contains 8 tensors>>
func.func @index_past_end() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "t.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 8
  %t = "btf.read_dense_tensor.i32.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: invalid tensor index 8 to read tensor from path t.btf which contains 8 tensors}}
  tfrt.return %t : !t.tensor
}

// No tensor -1.
// CHECK-LABEL: --- Running 'negative_index':
// CHECK-NEXT: 'negative_index' returned <<error: invalid tensor index -1 to read tensor from path t.btf which contains 8 tensors>>
func.func @negative_index() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "t.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 -1
  %t = "btf.read_dense_tensor.i32.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: invalid tensor index -1 to read tensor from path t.btf which contains 8 tensors}}
  tfrt.return %t : !t.tensor
}

// The offset table is cut short.
// CHECK-LABEL: --- Running 'offsets_cut':
// CHECK-NEXT: 'offsets_cut' returned <<error: failed to read tensor offset from cut20.btf for tensor index 2 (the file has 20 bytes; its header announces 8 tensors)>>
func.func @offsets_cut() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "cut20.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 2
  %t = "btf.read_dense_tensor.f32.1"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: failed to read tensor offset from cut20.btf for tensor index 2 (the file has 20 bytes; its header announces 8 tensors)}}
  tfrt.return %t : !t.tensor
}

// The first tensor's header is cut.
// CHECK-LABEL: --- Running 'header_cut':
// CHECK-NEXT: 'header_cut' returned <<error: failed to read tensor header from stream at offset 72 (the file has 80 bytes)>>
func.func @header_cut() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "cut80.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %t = "btf.read_dense_tensor.i32.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: failed to read tensor header from stream at offset 72 (the file has 80 bytes)}}
  tfrt.return %t : !t.tensor
}

// Its dimensions are cut.
// CHECK-LABEL: --- Running 'dims_cut':
// CHECK-NEXT: 'dims_cut' returned <<error: failed to read tensor dims at offset 72 (rank 2: they end past the end of the file)>>
func.func @dims_cut() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "cut90.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %t = "btf.read_dense_tensor.i32.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: failed to read tensor dims at offset 72 (rank 2: they end past the end of the file)}}
  tfrt.return %t : !t.tensor
}

// Its data is cut.
// CHECK-LABEL: --- Running 'data_cut':
// CHECK-NEXT: 'data_cut' returned <<error: failed to read tensor data from stream at offset 72: i32 [2, 2] needs 16 bytes, the file has 6 after its dims>>
func.func @data_cut() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "cut110.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %t = "btf.read_dense_tensor.i32.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: failed to read tensor data from stream at offset 72: i32 [2, 2] needs 16 bytes, the file has 6 after its dims}}
  tfrt.return %t : !t.tensor
}

// Tensor 0 is i32.
// CHECK-LABEL: --- Running 'wrong_dtype':
// CHECK-NEXT: 'wrong_dtype' returned <<error: unexpected tensor dtype i32. Expected dtype is f32>>
func.func @wrong_dtype() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "t.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %t = "btf.read_dense_tensor.f32.2"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: unexpected tensor dtype i32. Expected dtype is f32}}
  tfrt.return %t : !t.tensor
}

// Tensor 0 is a matrix.
// CHECK-LABEL: --- Running 'wrong_rank':
// CHECK-NEXT: 'wrong_rank' returned <<error: unexpected tensor rank 2. Expected rank is 1>>
func.func @wrong_rank() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "t.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %t = "btf.read_dense_tensor.i32.1"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: unexpected tensor rank 2. Expected rank is 1}}
  tfrt.return %t : !t.tensor
}

// BTF has dtype codes 0 to 9.
// CHECK-LABEL: --- Running 'unknown_dtype':
// CHECK-NEXT: 'unknown_dtype' returned <<error: unexpected tensor dtype code 12 at offset 16. Expected dtype is f32>>
func.func @unknown_dtype() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "code12.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %t = "btf.read_dense_tensor.f32.0"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: unexpected tensor dtype code 12 at offset 16. Expected dtype is f32}}
  tfrt.return %t : !t.tensor
}

// TFRT's experimental COO layout is not read.
// CHECK-LABEL: --- Running 'coo_layout':
// CHECK-NEXT: 'coo_layout' returned <<error: unexpected tensor layout COOrdinate list sparse tensor at offset 16>>
func.func @coo_layout() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "layout1.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %t = "btf.read_dense_tensor.f32.0"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: unexpected tensor layout COOrdinate list sparse tensor at offset 16}}
  tfrt.return %t : !t.tensor
}

// Dimensions are counts.
// CHECK-LABEL: --- Running 'negative_dim':
// CHECK-NEXT: 'negative_dim' returned <<error: invalid dimension -1 (dimension 0) of the tensor at offset 16>>
func.func @negative_dim() -> !t.tensor {
  %path = "tfrt_test.get_string"() { value = "negdim.btf" } : () -> !tfrt.string
  %i = tfrt.constant.i32 0
  %t = "btf.read_dense_tensor.f32.1"(%path, %i) : (!tfrt.string, i32) -> !t.tensor // expected-error {{runtime error: invalid dimension -1 (dimension 0) of the tensor at offset 16}}
  tfrt.return %t : !t.tensor
}
