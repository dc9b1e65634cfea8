// EXIT: 1
// ARGS: --max-call-depth=3
// A function that calls itself with no base case: the call depth limit
// (--max-call-depth, default 1000000) stops the run at the call that would
// go deeper, with the chain of calls as notes.
func.func @down(%x: i32) -> i32 {
  %r = tfrt.call @down(%x) : (i32) -> i32
  tfrt.return %r : i32
}

func.func @main() -> i32 {
  %c = tfrt.constant.i32 1
  %r = tfrt.call @down(%c) : (i32) -> i32
  tfrt.return %r : i32
}
