// The program of the README's "Seeing a run": two tfrt_test.do.async
// bodies, each summing squares in a loop through a call (1² + ... + 200² =
// 2686700, and 200 times 2² = 800), and the prints of their results in
// order. Under --work-queue=mstd:2 the bodies run on worker threads: the
// pictures docs/trace-perfetto*.svg are drawn from such a trace.
func.func @square(%x: i32) -> i32 {
  %y = tfrt.mul.i32 %x, %x
  tfrt.return %y : i32
}

func.func @main() {
  %n = tfrt.constant.i32 200
  %zero = tfrt.constant.i32 0
  %a = tfrt_test.do.async %n, %zero : (i32, i32) -> (i32) {
    %one = tfrt.constant.i32 1
    %r:2 = tfrt.repeat.i32 %n, %zero, %one : i32, i32 {
      %sq = tfrt.call @square(%one) : (i32) -> i32
      %s = tfrt.add.i32 %zero, %sq
      %inc = tfrt.constant.i32 1
      %next = tfrt.add.i32 %one, %inc
      tfrt.return %s, %next : i32, i32
    }
    tfrt.return %r#0 : i32
  }
  %b = tfrt_test.do.async %n, %zero : (i32, i32) -> (i32) {
    %two = tfrt.constant.i32 2
    %r:2 = tfrt.repeat.i32 %n, %zero, %two : i32, i32 {
      %sq = tfrt.call @square(%two) : (i32) -> i32
      %s = tfrt.add.i32 %zero, %sq
      tfrt.return %s, %two : i32, i32
    }
    tfrt.return %r#0 : i32
  }
  %ch = tfrt.new.chain
  %c1 = tfrt.print.i32 %a, %ch
  %c2 = tfrt.print.i32 %b, %c1
  tfrt.return
}
