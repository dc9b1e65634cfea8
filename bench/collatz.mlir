// Total Collatz steps for the starting values 1..N (N = 10000), in i64: a
// tfrt.repeat.i32 over the starting values, around a tfrt.while whose body
// function takes one step, around a tfrt.if (even: the quotient of
// tfrt.div.i64 by 2; odd: 3n + 1). The while runs while 2 <= n, so the
// start 1 takes 0 steps. Result: the total number of steps (850666 for
// N = 10000, 67 for N = 10).
// Peers: bench/collatz.py, bench/collatz.lua (same loops and tests).

// One step: (n, steps) -> (next n, steps + 1, continue = 2 <= next n).
func.func @collatz_step(%x: i64, %steps: i64) -> (i64, i64, i1) {
  %zero = tfrt.constant.i64 0
  %one = tfrt.constant.i64 1
  %two = tfrt.constant.i64 2
  %q, %r = tfrt.div.i64 %x, %two
  %even = tfrt.equal.i64 %r, %zero
  %next = tfrt.if %even, %q, %x : (i64, i64) -> (i64) {
    tfrt.return %q : i64
  } else {
    %one1 = tfrt.constant.i64 1
    %three = tfrt.constant.i64 3
    %x3 = tfrt.mul.i64 %x, %three
    %x31 = tfrt.add.i64 %x3, %one1
    tfrt.return %x31 : i64
  }
  %steps1 = tfrt.add.i64 %steps, %one
  %more = "tfrt.lessequal.i64"(%two, %next) : (i64, i64) -> i1
  tfrt.return %next, %steps1, %more : i64, i64, i1
}

func.func @collatz_total(%n: i32) -> i64 {
  %start = tfrt.constant.i64 0
  %total = tfrt.constant.i64 0
  %r:2 = tfrt.repeat.i32 %n, %start, %total : i64, i64 {
    %zero = tfrt.constant.i64 0
    %one = tfrt.constant.i64 1
    %two = tfrt.constant.i64 2
    %s1 = tfrt.add.i64 %start, %one
    %go = "tfrt.lessequal.i64"(%two, %s1) : (i64, i64) -> i1
    %w:2 = tfrt.while %go @collatz_step(%s1, %zero) parallel_iterations(1)
        : (i64, i64) -> (i64, i64)
    %t1 = tfrt.add.i64 %total, %w#1
    tfrt.return %s1, %t1 : i64, i64
  }
  tfrt.return %r#1 : i64
}

func.func @main() -> i64 {
  %n = tfrt.constant.i32 10000
  %r = tfrt.call @collatz_total(%n) : (i32) -> i64
  tfrt.return %r : i64
}
