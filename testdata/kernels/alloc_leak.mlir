// EXIT: 1
// VARIANTS: --work-queue=mstd:2
// The default leak-check allocator reports memory never freed (docs/execution.md §1.10).

// CHECK-LABEL: --- Running 'leak':
func.func @leak() {
  "tfrt_test.memory_leak_one_int32"() : () -> ()
  tfrt.return
}
// CHECK: Memory leak detected: 1 alive allocations, 4 alive bytes
// The report names the op that made each live block (docs/language.md §4).
// CHECK-NEXT: {{^}}  1 allocation, 4 bytes: made by 'tfrt_test.memory_leak_one_int32' at line 7:3
