// tfrt.sync functions (docs/execution.md §6.9): sequential interpreter; an error stops the
// function and prints `<<error: MSG>>` without code and without diagnostic.
// ARGS: --print_error_code

// CHECK:      --- Running 'sync_add':
// CHECK-NEXT: 'sync_add' returned 5
func.func @sync_add() -> i32 attributes {tfrt.sync} {
  %a = tfrt.constant_s.i32 2
  %b = tfrt.constant_s.i32 3
  %c = tfrt.add_s.i32 %a, %b
  tfrt.return %c : i32
}

// CHECK-NEXT: --- Running 'sync_fail':
// CHECK-NEXT: 'sync_fail' returned <<error: something bad happened>>
func.func @sync_fail() -> i32 attributes {tfrt.sync} {
  %a = tfrt.constant_s.i32 2
  %e = "tfrt_test.fail_s"() : () -> i32
  %c = tfrt.add_s.i32 %a, %e
  tfrt.return %c : i32
}

// A kernel without results fails too.
// CHECK-NEXT: --- Running 'sync_error_no_result':
// CHECK-NEXT: 'sync_error_no_result' returned <<error: something bad happened>>
func.func @sync_error_no_result() -> i32 attributes {tfrt.sync} {
  %a = tfrt.constant_s.i32 2
  "tfrt_test.error_s"() : () -> ()
  tfrt.return %a : i32
}

func.func @sync_sum(%a: i32, %b: i32) -> i32 attributes {tfrt.sync} {
  %c = tfrt.add_s.i32 %a, %b
  tfrt.return %c : i32
}
// CHECK-NEXT: --- Not running 'sync_sum' because it has arguments.
// CHECK-NEXT: --- Running 'invoke':
// CHECK-NEXT: 'invoke' returned 9
func.func @invoke() -> i32 {
  %a = tfrt.constant.i32 4
  %b = tfrt.constant.i32 5
  %c = "tfrt_test.invoke_sync_function.i32_i32.i32"(%a, %b) {fn = @sync_sum} : (i32, i32) -> i32
  tfrt.return %c : i32
}
// CHECK-NOT: {{.}}
