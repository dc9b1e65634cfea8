// EXIT: 1
// An async value that nothing left to run will produce: @g runs
// tfrt.once of itself, so the once's value is the result of its own run
// (in TFRT as in tfrun it is never produced; it used to fail an assertion
// in tfrun). The print that waits for it never runs; the notes follow the
// value into @g's return and say that it waits for itself.
func.func @g() -> i32 {
  %r = tfrt.once @g() : () -> i32
  tfrt.return %r : i32
}

func.func @main() {
  %ch = tfrt.new.chain
  %r = tfrt.once @g() : () -> i32
  %done = tfrt.print.i32 %r, %ch
  tfrt.return
}
