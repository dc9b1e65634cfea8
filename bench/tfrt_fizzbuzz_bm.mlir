// TFRT's fizzbuzz benchmark: tfrt_test.benchmark runs fizzbuzz_compute(1000)
// (the function of bench/tfrt_fizzbuzz.mlir, copied verbatim:
// tests/bench_check.sh checks that the copies agree) up to 10000 times after
// 10 warm-up runs, stopping once the recorded runs total 4 s of wall time,
// then prints the 11 BM:bm_fizzbuzz:* lines (docs/kernel-behaviour.md §5).
// bench/peers.sh times the whole process (wall, timeout 60 s).
func.func @fizzbuzz_compute(%n: i32) -> (i32, i32, i32) {
  %i = tfrt.constant.i32 0
  %fizz = tfrt.constant.i32 0
  %buzz = tfrt.constant.i32 0
  %fb = tfrt.constant.i32 0
  %zero = tfrt.constant.i32 0
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %three = tfrt.constant.i32 3
  %six = tfrt.constant.i32 6
  %r:9 = tfrt.repeat.i32 %n, %i, %fizz, %buzz, %fb, %zero, %one, %two, %three, %six
      : i32, i32, i32, i32, i32, i32, i32, i32, i32 {
    %i1 = tfrt.add.i32 %i, %one
    %q6, %m6 = tfrt.div.i32 %i1, %six
    %by6 = tfrt.equal.i32 %m6, %zero
    // Eight operands: the counter, the tallies, the constants still needed.
    %t:3 = tfrt.if %by6, %i1, %fizz, %buzz, %fb, %zero, %one, %two, %three
        : (i32, i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32) {
      %fb1 = tfrt.add.i32 %fb, %one
      tfrt.return %fizz, %buzz, %fb1 : i32, i32, i32
    } else {
      %q3, %m3 = tfrt.div.i32 %i1, %three
      %by3 = tfrt.equal.i32 %m3, %zero
      // Six operands.
      %u:2 = tfrt.if %by3, %i1, %fizz, %buzz, %zero, %one, %two
          : (i32, i32, i32, i32, i32, i32) -> (i32, i32) {
        %buzz1 = tfrt.add.i32 %buzz, %one
        tfrt.return %fizz, %buzz1 : i32, i32
      } else {
        %q2, %m2 = tfrt.div.i32 %i1, %two
        %by2 = tfrt.equal.i32 %m2, %zero
        // Four operands.
        %v = tfrt.if %by2, %i1, %fizz, %zero, %one
            : (i32, i32, i32, i32) -> (i32) {
          %fizz1 = tfrt.add.i32 %fizz, %one
          tfrt.return %fizz1 : i32
        } else {
          tfrt.return %fizz : i32
        }
        tfrt.return %v, %buzz : i32, i32
      }
      tfrt.return %u#0, %u#1, %fb : i32, i32, i32
    }
    tfrt.return %i1, %t#0, %t#1, %t#2, %zero, %one, %two, %three, %six
        : i32, i32, i32, i32, i32, i32, i32, i32, i32
  }
  tfrt.return %r#1, %r#2, %r#3 : i32, i32, i32
}

func.func @bm_fizzbuzz() {
  %n = tfrt.constant.i32 1000
  tfrt_test.benchmark "bm_fizzbuzz"(%n : i32) duration_secs = 4, max_count = 10000, num_warmup_runs = 10 {
    %a, %b, %c = tfrt.call @fizzbuzz_compute(%n) : (i32) -> (i32, i32, i32)
    tfrt.return %n : i32
  }
  tfrt.return
}
