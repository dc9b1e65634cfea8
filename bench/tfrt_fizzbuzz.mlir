// FizzBuzz in the shape of TFRT's integration test (fizzbuzz_compute): ONE
// tfrt.repeat.i32 carrying nine i32 values (the counter, three tallies and
// the constants 0, 1, 2, 3, 6 passed through unchanged) around three nested
// tfrt.if, each given the values it needs as operands (regions are isolated)
// and returning most of them unchanged.
//
// Definition, for i = 1..n (the usual one with divisors 2 and 3):
//   fizzbuzz  i divisible by 6 (by 2 and by 3)
//   buzz      i divisible by 3, not by 2
//   fizz      i divisible by 2, not by 3
// tested in that order with tfrt.div.i32 by 6, 3, 2 (remainder == 0).
// n = 15: fizz 5 (2 4 8 10 14), buzz 3 (3 9 15), fizzbuzz 2 (6 12).
// n = 1000000: fizz 333334, buzz 166667, fizzbuzz 166666.
// @main returns (fizz, buzz, fizzbuzz).
// Peers: bench/tfrt_fizzbuzz.py, bench/tfrt_fizzbuzz.lua (same loop; they
// compute only the remainder, the quotient being unused here too).
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

func.func @main() -> (i32, i32, i32) {
  %n = tfrt.constant.i32 1000000
  %r:3 = tfrt.call @fizzbuzz_compute(%n) : (i32) -> (i32, i32, i32)
  tfrt.return %r#0, %r#1, %r#2 : i32, i32, i32
}
