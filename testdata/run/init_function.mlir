// --test_init_function runs first and is not run again (docs/execution.md §1.3).
// ARGS: --test_init_function init

// CHECK:      --- Running 'init':
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: --- Running 'a':
// CHECK-NEXT: 'a' returned 1
// CHECK-NOT: {{.}}
func.func @a() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
func.func @init() {
  %ch = "tfrt_test.print_hello"() : () -> !tfrt.chain
  tfrt.return
}
