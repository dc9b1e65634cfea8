// ARGS: --host_allocator_type test_fixed_size_1k
// VARIANTS: --work-queue=mstd:2
// Tensor storage goes through the host allocator as 64 + data bytes
// (docs/execution.md §1.10): 32 f32 elements are 192 bytes, 1024 are 4160, which does
// not fit in the 1 KiB allocator.

// CHECK-LABEL: --- Running 'small':
func.func @small() {
  %t = tfrt_dht.create_uninitialized_tensor.f32.1 [32 : i64]
  tfrt.return
}
// CHECK-NEXT: Allocating 192 bytes.
// CHECK-NEXT: Freeing 192 bytes.

// CHECK-LABEL: --- Running 'too_big':
func.func @too_big() -> !t.tensor {
  %t = tfrt_dht.create_uninitialized_tensor.f32.1 [1024 : i64] // expected-error {{Cannot allocate tensor}}
  tfrt.return %t : !t.tensor
}
// CHECK-NEXT: Attempted to allocate 4160 bytes.
// CHECK-NEXT: 'too_big' returned <<error: Cannot allocate tensor>>

// Buffers: 64 + size, plus the alignment when it exceeds 16.
// CHECK-LABEL: --- Running 'buffer':
func.func @buffer() {
  %size = tfrt.constant.i64 100
  %align = tfrt.constant.i64 64
  %buf = tfrt_dht.allocate_buffer %size, %align
  tfrt.return
}
// CHECK-NEXT: Allocating 228 bytes.
// CHECK-NEXT: Freeing 228 bytes.
