// Two prints that nothing orders (they take one chain), above a heavy pure
// call: recursive fib(27) as in bench/fib.mlir. auto runs @main exact
// until the pair is decided (docs/analysis.md §8: once one of the prints has
// run), then fast, so the call costs what it costs in bench/fib.mlir.
// (make bench: "unordered pair above fib(27)", auto vs bench/fib.mlir.)
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

func.func @main() -> (i32, !tfrt.chain) {
  %c0 = tfrt.new.chain
  %x = tfrt.constant.i32 1
  %y = tfrt.constant.i32 2
  %c1 = tfrt.print.i32 %x, %c0
  %c2 = tfrt.print.i32 %y, %c0
  %c = tfrt.merge.chains %c1, %c2 : !tfrt.chain, !tfrt.chain
  %n = tfrt.constant.i32 27
  %r = tfrt.call @fib(%n) : (i32) -> i32
  tfrt.return %r, %c : i32, !tfrt.chain
}
