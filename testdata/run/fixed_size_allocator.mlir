// docs/execution.md §6.7, second worked example (TFRT's fixed-size allocator
// test): k1 runs inline, k3 and k2 become tasks in stream order, so the
// allocations come as 192 / 4160 (refused) / 192.
// ARGS: --host_allocator_type=test_fixed_size_1k

// CHECK: --- Running 'basic':
// CHECK-NEXT: Allocating 192 bytes
// CHECK-NEXT: Freeing 192 bytes
// CHECK-NEXT: Attempted to allocate 4160 bytes
// CHECK-NEXT: Allocating 192 bytes
// CHECK-NEXT: Freeing 192 bytes{{.*}}
// CHECK-NOT: {{.}}
func.func @basic() {
  %a = tfrt_dht.create_uninitialized_tensor.f32.1 [32 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.f32.1 [32 : i64]
  // expected-error @+1 {{Cannot allocate tensor}}
  %c = tfrt_dht.create_uninitialized_tensor.f32.1 [1024 : i64]
  tfrt.return
}
