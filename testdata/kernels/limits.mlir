// Named limits of the kernel library: a buffer larger than HB_MAX_SIZE
// (4 GiB) and a shape whose element count overflows are allocation errors,
// never crashes.

// CHECK-LABEL: --- Running 'huge_tensor':
func.func @huge_tensor() -> (!t.tensor, !t.tensor) {
  %a = tfrt_dht.create_uninitialized_tensor.f32.2 [1048576 : i64, 1048576 : i64] // expected-error {{Cannot allocate tensor}}
  %b = tfrt_dht.create_uninitialized_tensor.i8.3 [4611686018427387904 : i64, 4 : i64, 4 : i64] // expected-error {{Cannot allocate tensor}}
  tfrt.return %a, %b : !t.tensor, !t.tensor
}
// CHECK-NEXT: 'huge_tensor' returned <<error: Cannot allocate tensor>>,<<error: Cannot allocate tensor>>

// CHECK-LABEL: --- Running 'huge_buffer':
func.func @huge_buffer() -> (!ht.host_buffer, !ht.host_buffer, !ht.host_buffer) {
  %size = tfrt.constant.i64 8589934592
  %align = tfrt.constant.i64 16
  %a = tfrt_dht.allocate_buffer %size, %align // expected-error {{Cannot allocate host buffer}}
  %neg = tfrt.constant.i64 -1
  %b = tfrt_dht.allocate_buffer %neg, %align // expected-error {{Cannot allocate host buffer}}
  %one = tfrt.constant.i64 1
  %three = tfrt.constant.i64 3
  %c = tfrt_dht.allocate_buffer %one, %three // expected-error {{Cannot allocate host buffer}}
  tfrt.return %a, %b, %c : !ht.host_buffer, !ht.host_buffer, !ht.host_buffer
}
// CHECK-NEXT: 'huge_buffer' returned <<error: Cannot allocate host buffer>>,<<error: Cannot allocate host buffer>>,<<error: Cannot allocate host buffer>>

// Slices outside their buffer are errors too.
// CHECK-LABEL: --- Running 'bad_slice':
func.func @bad_slice() -> !ht.host_buffer {
  %size = tfrt.constant.i64 8
  %align = tfrt.constant.i64 8
  %buf = tfrt_dht.allocate_buffer %size, %align
  %off = tfrt.constant.i64 4
  %len = tfrt.constant.i64 5
  %s = tfrt_dht.get_buffer_slice %buf, %off, %len // expected-error {{Cannot get buffer slice [4, 9) of a buffer of 8 bytes}}
  tfrt.return %s : !ht.host_buffer
}
// CHECK-NEXT: 'bad_slice' returned <<error: Cannot get buffer slice [4, 9) of a buffer of 8 bytes>>

// Sizes that overflow 64 bits are errors, not undefined behaviour (make asan
// aborted on both): a shape of 2^32 x 2^32 elements cannot match a buffer,
// and a slice's end past INT64_MAX is printed as the number it is.
// CHECK-LABEL: --- Running 'overflowing_shape':
func.func @overflowing_shape() -> !t.tensor {
  %ch0 = tfrt.new.chain
  %size = tfrt.constant.i64 16
  %align = tfrt.constant.i64 8
  %buf = tfrt_dht.allocate_buffer %size, %align
  %shape = ts.build_shape [4294967296 : i64, 4294967296 : i64]
  %t, %ch1 = tfrt_dht.make_tensor.i32 %buf, %shape, %ch0 // expected-error {{buffer_size (16) is not equal to the number of elements in shape ([4294967296, 4294967296]) times element size (4)}}
  tfrt.return %t : !t.tensor
}
// CHECK-NEXT: 'overflowing_shape' returned <<error: dht.make_tensor failed: buffer_size (16) is not equal to the number of elements in shape ([4294967296, 4294967296]) times element size (4)>>

// CHECK-LABEL: --- Running 'overflowing_slice':
func.func @overflowing_slice() -> !ht.host_buffer {
  %size = tfrt.constant.i64 8
  %align = tfrt.constant.i64 8
  %buf = tfrt_dht.allocate_buffer %size, %align
  %max = tfrt.constant.i64 9223372036854775807
  %s = tfrt_dht.get_buffer_slice %buf, %max, %max // expected-error {{Cannot get buffer slice [9223372036854775807, 18446744073709551614) of a buffer of 8 bytes}}
  tfrt.return %s : !ht.host_buffer
}
// CHECK-NEXT: 'overflowing_slice' returned <<error: Cannot get buffer slice [9223372036854775807, 18446744073709551614) of a buffer of 8 bytes>>
