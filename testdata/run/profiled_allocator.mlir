// profiled_allocator prints the profile at the end, exit 0 without a leak.
// ARGS: -host_allocator_type=profiled_allocator

// CHECK: --- Running 'f':
// CHECK-NEXT: 'f' returned 1
// CHECK-NEXT: HostAllocator profile:
// CHECK-NEXT: Current number of allocations = 0
// CHECK-NEXT: Max number of allocations = {{[0-9]+}}
// CHECK-NEXT: Total number of allocations = {{[0-9]+}}
// CHECK-NEXT: Current number of bytes allocated = 0
// CHECK-NEXT: Max number of bytes allocated = {{[0-9]+}}
// CHECK-NOT: {{.}}
func.func @f() -> i32 {
  %a = tfrt.constant.i32 1
  tfrt.return %a : i32
}
