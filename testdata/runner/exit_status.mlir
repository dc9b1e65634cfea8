// // EXIT: states the expected exit status: an unknown --functions name is
// reported before anything runs and the exit status is 1 (docs/execution.md
// §1.3, §1.9).
// ARGS: --functions=nope
// EXIT: 1
// CHECK: couldn't find function nope
// CHECK-NOT: Running
func.func @main() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
