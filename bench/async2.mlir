// Two CPU-bound tfrt_test.do.async bodies in one function, each a pure
// tfrt.repeat.i32 of 50 000 000 steps of a 32-bit linear congruential
// generator (x * a + c, wrapping; the multiplier and increment are
// loop-carried). Nothing orders the two bodies, so a multi-threaded queue
// may run them at once: bench/peers.sh compares the CPU time under
// --work-queue=s with the wall time under --work-queue=mstd:2 (2 workers).
// Result: both final values; bench/async2.py and bench/async2.lua compute
// them for the check (tests/bench_check.sh), not for timing.
func.func @main() -> (i32, i32) {
  %n = tfrt.constant.i32 50000000
  %x = tfrt.constant.i32 1
  %ra = tfrt_test.do.async %n, %x : (i32, i32) -> (i32) {
    %a = tfrt.constant.i32 1664525
    %c = tfrt.constant.i32 1013904223
    %r:3 = tfrt.repeat.i32 %n, %x, %a, %c : i32, i32, i32 {
      %ax = tfrt.mul.i32 %x, %a
      %y = tfrt.add.i32 %ax, %c
      tfrt.return %y, %a, %c : i32, i32, i32
    }
    tfrt.return %r#0 : i32
  }
  %rb = tfrt_test.do.async %n, %x : (i32, i32) -> (i32) {
    %a = tfrt.constant.i32 22695477
    %c = tfrt.constant.i32 1
    %r:3 = tfrt.repeat.i32 %n, %x, %a, %c : i32, i32, i32 {
      %ax = tfrt.mul.i32 %x, %a
      %y = tfrt.add.i32 %ax, %c
      tfrt.return %y, %a, %c : i32, i32, i32
    }
    tfrt.return %r#0 : i32
  }
  tfrt.return %ra, %rb : i32, i32
}
