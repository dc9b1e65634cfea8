// MODE: opt
// ARGS: --no-such-option
// EXIT: 2
// CHECK: tfrun opt: unknown option '--no-such-option'
func.func @f() {
  tfrt.return
}
