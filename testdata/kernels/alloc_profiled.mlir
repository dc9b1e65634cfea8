// ARGS: --host_allocator_type profiled_allocator
// VARIANTS: --work-queue=mstd:2
// Two tensors of 4 i32 (64 + 16 bytes each), one alive at a time.

// CHECK-LABEL: --- Running 'profile':
func.func @profile() {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.1 [4 : i64]
  %ch1 = tfrt_dht.print_tensor %a, %ch0
  %b = tfrt_dht.create_uninitialized_tensor.i32.1 [4 : i64]
  %ch2 = tfrt_dht.print_tensor %b, %ch1
  tfrt.return
}
// CHECK: HostAllocator profile:
// CHECK-NEXT: Current number of allocations = 0
// CHECK-NEXT: Max number of allocations = {{[12]}}
// CHECK-NEXT: Total number of allocations = 2
// CHECK-NEXT: Current number of bytes allocated = 0
// CHECK-NEXT: Max number of bytes allocated = {{80|160}}
