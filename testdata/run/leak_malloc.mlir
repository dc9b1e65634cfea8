// With --host_allocator_type=malloc nothing is checked: exit 0.
// ARGS: --host_allocator_type malloc

// CHECK: --- Running 'leak':
// CHECK-NOT: {{.}}
func.func @leak() {
  "tfrt_test.memory_leak_one_int32"() : () -> ()
  tfrt.return
}
