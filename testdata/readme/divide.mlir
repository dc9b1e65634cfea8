// EXIT: 1
// A kernel error is a diagnostic that points at the kernel; the function's
// result is the error value, and the run exits with status 1 because nothing
// expected the diagnostic.
func.func @divide() -> i32 {
  %a = tfrt.constant.i32 7
  %zero = tfrt.constant.i32 0
  %q, %r = tfrt.div.i32 %a, %zero
  tfrt.return %q : i32
}
