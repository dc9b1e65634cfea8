// Kernels no other golden program runs (tests/rows.py checks that every
// row of the op table is run somewhere): docs/kernel-behaviour.md §5, §8, §9.

// A sync function: a slice of a buffer keeps the buffer alive and views
// bytes [4, 12) of it; a tensor made over the slice has its shape, which
// get_tensor_shape returns; get_string_sync gives its attribute.
// CHECK-LABEL: --- Running 'sync_slices':
func.func @sync_slices() -> (!tfrt.string) attributes {tfrt.sync} {
  %size = tfrt.constant_s.i64 16
  %align = tfrt.constant_s.i64 8
  %buf = "tfrt_dht_sync.allocate_buffer"(%size, %align) : (i64, i64) -> !ht.host_buffer
  %off = tfrt.constant_s.i64 4
  %len = tfrt.constant_s.i64 8
  %slice = tfrt_dht_sync.get_buffer_slice %buf, %off, %len
  %shape = "ts.build_shape"() {value = [2 : i64]} : () -> !ts.shape
  %t = tfrt_dht_sync.make_tensor.i32 %slice, %shape
  tfrt_dht_sync.set_tensor_with_constant_values.i32 %t [7 : i32, 8 : i32]
  tfrt_dht_sync.print_tensor %t
  %s = tfrt_dht_sync.get_tensor_shape %t
  %str = "tfrt_test.get_string_sync"() {value = "from sync"} : () -> !tfrt.string
  tfrt.return %str : !tfrt.string
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [7, 8]
// CHECK-NEXT: 'sync_slices' returned !tfrt.string value

// A slice past the buffer's end fails, in a sync function without a
// diagnostic (docs/kernel-behaviour.md §9).
// CHECK-LABEL: --- Running 'sync_slice_too_far':
func.func @sync_slice_too_far() -> !ht.host_buffer attributes {tfrt.sync} {
  %size = tfrt.constant_s.i64 16
  %align = tfrt.constant_s.i64 8
  %buf = "tfrt_dht_sync.allocate_buffer"(%size, %align) : (i64, i64) -> !ht.host_buffer
  %off = tfrt.constant_s.i64 12
  %len = tfrt.constant_s.i64 8
  %slice = tfrt_dht_sync.get_buffer_slice %buf, %off, %len
  tfrt.return %slice : !ht.host_buffer
}
// CHECK-NEXT: 'sync_slice_too_far' returned <<error: Cannot get buffer slice [12, 20) of a buffer of 16 bytes>>

// The tensor-type helpers: the static type is the dense host tensor's.
// CHECK-LABEL: --- Running 'tensor_type':
func.func @tensor_type() {
  %c0 = tfrt.new.chain
  %tt = "tfrt_test.get_static_tensor_type"() : () -> !tfrt.tensor_type
  %c1 = "tfrt_test.print_tensor_type"(%tt, %c0) : (!tfrt.tensor_type, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
// CHECK-NEXT: tensor_type = dht

// read_string_from_file reads a path relative to the working directory
// (the tests run from the repository's root); quiesce runs the queued
// tasks and gives a ready chain. The print's chain is returned, so the
// print comes before the result line.
// CHECK-LABEL: --- Running 'read_file':
func.func @read_file() -> (i64, !tfrt.chain) {
  %c0 = tfrt.new.chain
  %path = "tfrt_test.get_string"() {value = "testdata/kernels/rare_input.txt"} : () -> !tfrt.string
  %text = "tfrt_test.read_string_from_file"(%path) : (!tfrt.string) -> !tfrt.string
  %c1 = "tfrt_test.quiesce"(%c0) : (!tfrt.chain) -> !tfrt.chain
  %c2 = "tfrt_test.print_string"(%text, %c1) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %n = "str.len"(%text) : (!tfrt.string) -> i64
  tfrt.return %n, %c2 : i64, !tfrt.chain
}
// The file holds "tfrun" and a newline: six code points.
// CHECK-NEXT: string = tfrun
// CHECK-EMPTY:
// CHECK-NEXT: 'read_file' returned 6,!tfrt.chain value

// CHECK-LABEL: --- Running 'read_missing_file':
func.func @read_missing_file() -> !tfrt.string {
  %path = "tfrt_test.get_string"() {value = "testdata/kernels/no_such_file.txt"} : () -> !tfrt.string
  // expected-error @+1 {{failed to read from file testdata/kernels/no_such_file.txt}}
  %text = "tfrt_test.read_string_from_file"(%path) : (!tfrt.string) -> !tfrt.string
  tfrt.return %text : !tfrt.string
}
// CHECK-NEXT: 'read_missing_file' returned <<error: failed to read from file testdata/kernels/no_such_file.txt>>
