// An unknown --functions name is an error before anything runs (docs/execution.md §1.3).
// ARGS: --functions=a,nope
// EXIT: 1

// CHECK-NOT: --- Running
// CHECK: couldn't find function nope
// CHECK-NOT: --- Running
func.func @a() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
