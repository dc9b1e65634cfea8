// A tfrt.native declaration without a registered native function is a load
// error without location (docs/execution.md §1.8): exit 1, nothing runs.
// EXIT: 1

// CHECK: invalid FunctionIndex section in BEF file: unable to find native function in global registry
// CHECK-NOT: --- Running
func.func private @no_such_native(%a: i32) -> i32 attributes {tfrt.native}
func.func @f() {
  tfrt.return
}
