// FizzBuzz over 1..1000000 with nested tfrt.if, summing a score per number
// (15 for fizzbuzz, 5 for buzz, 3 for fizz, 1 otherwise) so nothing is
// printed in the loop. Peers: bench/fizzbuzz.py, bench/fizzbuzz.lua.
func.func @fizzbuzz() -> i32 {
  %n = tfrt.constant.i32 1000000
  %i = tfrt.constant.i32 1
  %acc = tfrt.constant.i32 0
  %res:2 = tfrt.repeat.i32 %n, %i, %acc : i32, i32 {
    %c15 = tfrt.constant.i32 15
    %c0 = tfrt.constant.i32 0
    %q15, %m15 = tfrt.div.i32 %i, %c15
    %is15 = tfrt.equal.i32 %m15, %c0
    %add = tfrt.if %is15, %i : (i32) -> (i32) {
      %v = tfrt.constant.i32 15
      tfrt.return %v : i32
    } else {
      %c5 = tfrt.constant.i32 5
      %z5 = tfrt.constant.i32 0
      %q5, %m5 = tfrt.div.i32 %i, %c5
      %is5 = tfrt.equal.i32 %m5, %z5
      %a = tfrt.if %is5, %i : (i32) -> (i32) {
        %v = tfrt.constant.i32 5
        tfrt.return %v : i32
      } else {
        %c3 = tfrt.constant.i32 3
        %z3 = tfrt.constant.i32 0
        %q3, %m3 = tfrt.div.i32 %i, %c3
        %is3 = tfrt.equal.i32 %m3, %z3
        %b = tfrt.if %is3 : () -> (i32) {
          %v = tfrt.constant.i32 3
          tfrt.return %v : i32
        } else {
          %v = tfrt.constant.i32 1
          tfrt.return %v : i32
        }
        tfrt.return %b : i32
      }
      tfrt.return %a : i32
    }
    %acc2 = tfrt.add.i32 %acc, %add
    %one = tfrt.constant.i32 1
    %i2 = tfrt.add.i32 %i, %one
    tfrt.return %i2, %acc2 : i32, i32
  }
  tfrt.return %res#1 : i32
}
