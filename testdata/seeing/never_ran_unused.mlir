// EXIT: 1
// ARGS: --schedule=exact
// A print that never runs in a frame with registers nothing uses (the
// quotients of tfrt.div.i32), which interp/xe.c's frames have no slot for:
// the report reads the frame through a view in interp/exec.c's layout, by
// register, and finds %ch where it is (docs/engine.md "The exact engine").
// @g runs tfrt.once of itself, so %ch is never produced.
func.func @g() -> !tfrt.chain {
  %r = tfrt.once @g() : () -> !tfrt.chain
  tfrt.return %r : !tfrt.chain
}

func.func @show(%n: i32, %ch: !tfrt.chain) -> (i32, !tfrt.chain) {
  %q, %m = tfrt.div.i32 %n, %n
  %ch2 = tfrt.print.i32 %m, %ch
  %q2, %m2 = tfrt.div.i32 %m, %n
  tfrt.return %m2, %ch2 : i32, !tfrt.chain
}

func.func @main() -> i32 {
  %c = tfrt.once @g() : () -> !tfrt.chain
  %seven = tfrt.constant.i32 7
  %m, %d = tfrt.call @show(%seven, %c) : (i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %m : i32
}
