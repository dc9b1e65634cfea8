// The default allocator checks for leaks at the end (docs/execution.md §1.10): the profile,
// then the leak line, on stdout; exit 1.
// EXIT: 1

// CHECK: --- Running 'leak':
// CHECK-NEXT: --- Running 'after':
// CHECK-NEXT: HostAllocator profile:
// CHECK: Memory leak detected: 1 alive allocations, 4 alive bytes
func.func @leak() {
  "tfrt_test.memory_leak_one_int32"() : () -> ()
  tfrt.return
}
func.func @after() {
  tfrt.return
}
