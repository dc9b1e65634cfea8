// RUN: tfrun lint --verify-diagnostics %s
// Effects inside region bodies: a loop whose body prints off the chain it
// was given (two iterations are unordered), a print in a do.async body
// against one outside, a print in a tfrt.if branch against one after it.
func.func @loop() {
  %ch = tfrt.new.chain
  %n = tfrt.constant.i32 3
  // expected-warning @+2 {{in two iterations of}}
  // expected-note @+1 {{no chain edge can order the iterations: pass the chain of one iteration to the next}}
  %r:2 = tfrt.repeat.i32 %n, %n, %ch : i32, !tfrt.chain {
    %c = tfrt.print.i32 %n, %ch
    tfrt.return %n, %ch : i32, !tfrt.chain
  }
  tfrt.return
}

func.func @async() {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 1
  // expected-note @+1 {{the other op, 'tfrt_test.do.async', is here}}
  %d = tfrt_test.do.async %a, %ch : (i32, !tfrt.chain) -> (!tfrt.chain) {
    // expected-note @+1 {{'tfrt.print.i32' is here}}
    %c = tfrt.print.i32 %a, %ch
    tfrt.return %c : !tfrt.chain
  }
  // expected-warning @+2 {{'tfrt.print.i32' and 'tfrt.print.i32' both print to the output, and nothing orders them}}
  // expected-note @+1 {{pass %d instead of %ch to order them as written}}
  %c2 = tfrt.print.i32 %a, %ch
  tfrt.return
}

func.func @branch() {
  %ch = tfrt.new.chain
  %t = tfrt.constant.i1 1
  %a = tfrt.constant.i32 1
  // expected-note @+1 {{the other op, 'tfrt.if', is here}}
  %r = tfrt.if %t, %a, %ch : (i32, !tfrt.chain) -> (!tfrt.chain) {
    // expected-note @+1 {{'tfrt.print.i32' is here}}
    %c = tfrt.print.i32 %a, %ch
    tfrt.return %c : !tfrt.chain
  } else {
    tfrt.return %ch : !tfrt.chain
  }
  // expected-warning @+2 {{both print to the output}}
  // expected-note @+1 {{pass %r instead of %ch}}
  %c2 = tfrt.print.i32 %a, %ch
  tfrt.return
}
