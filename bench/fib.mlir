// Recursive Fibonacci: measures call, if and kernel dispatch overhead.
// Peers: bench/fib.py, bench/fib.lua (same algorithm).
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

func.func @main() -> i32 {
  %n = tfrt.constant.i32 27
  %r = tfrt.call @fib(%n) : (i32) -> i32
  tfrt.return %r : i32
}
