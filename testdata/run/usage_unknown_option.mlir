// An unknown option is a usage error naming it (docs/tools.md §1), exit 2.
// ARGS: --no-such-option
// EXIT: 2

// CHECK: unknown option '--no-such-option'
// CHECK-NOT: --- Running
func.func @f() {
  tfrt.return
}
