// A print that waits for fib(27), and a second print that nothing orders
// with it (both take one chain): the pair is decided only once fib's result
// is there, so auto must run the call exact (docs/analysis.md §8: a pure
// call that an unordered print waits for decides when that print runs).
// This measures auto's exact parts: since issue 23 they run on the cheaper
// exact engine (interp/xe.c) where they ran on interp/exec.c.
// (make bench: "auto, exact part", against TFRUN_EXACT_ENGINE=reference
// and lua5.4 bench/fib.lua.) Prints 7, then 196418.
func.func @fib(%n: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %small = "tfrt.lessequal.i32"(%n, %one) : (i32, i32) -> i1
  %r = tfrt.if %small, %n, %one, %two : (i32, i32, i32) -> (i32) {
    tfrt.return %n : i32
  } else {
    %m1 = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %m2 = "tfrt.minus.i32"(%n, %two) : (i32, i32) -> i32
    %a = tfrt.call @fib(%m1) : (i32) -> i32
    %b = tfrt.call @fib(%m2) : (i32) -> i32
    %s = tfrt.add.i32 %a, %b
    tfrt.return %s : i32
  }
  tfrt.return %r : i32
}

func.func @main() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %n = tfrt.constant.i32 27
  %r = tfrt.call @fib(%n) : (i32) -> i32
  %c1 = tfrt.print.i32 %r, %c0
  %x = tfrt.constant.i32 7
  %c2 = tfrt.print.i32 %x, %c0
  %c = tfrt.merge.chains %c1, %c2 : !tfrt.chain, !tfrt.chain
  tfrt.return %c : !tfrt.chain
}
