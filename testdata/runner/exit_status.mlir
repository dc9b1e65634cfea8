// // EXIT: states the expected exit status: an unknown --functions name is
// reported before anything runs and the exit status is 1 (spec/dialect.md
// §1.3, spec/tfrun.md §1.5).
// ARGS: --functions=nope
// EXIT: 1
// CHECK: couldn't find function nope
// CHECK-NOT: Running
func.func @main() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
