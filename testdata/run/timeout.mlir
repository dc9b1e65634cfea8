// --timeout cancels the run: the loop sees the cancellation before its next
// iteration, the function returns the cancellation error, later functions
// do not run, and the driver reports `Cancelled: timeout` with exit 1.
// ARGS: --timeout=1
// EXIT: 1

// CHECK:      --- Running 'forever':
// CHECK-NEXT: 'forever' returned <<error: Cancelled: timeout>>
// CHECK-NEXT: Cancelled: timeout
// CHECK-NOT: --- Running 'after'
func.func @forever() -> i32 {
  %n = tfrt.constant.i32 2147483647
  %x = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %x : i32 {
    %one = tfrt.constant.i32 1
    %y = tfrt.add.i32 %x, %one
    tfrt.return %y : i32
  }
  tfrt.return %r : i32
}
func.func @after() {
  tfrt.return
}
