// RUN: tfrun lint --verify-diagnostics %s
// RUN: not tfrun lint --fix %s -o %t.mlir
// RUN: cmp %s %t.mlir
// Pairs no chain edge can order: the warning says so, --fix leaves them
// (here: the file as it was) and exits 1. It never passes a chain into a
// call or a tfrt.if whose results do not carry what happens inside.

// @say prints, but returns the chain it was given: no chain of the call
// comes after its print.
func.func @say(%x: i32, %c: !tfrt.chain) -> !tfrt.chain {
  // expected-note @+1 {{'tfrt.print.i32' is here, in @say}}
  %p = tfrt.print.i32 %x, %c
  tfrt.return %c : !tfrt.chain
}

func.func @callee() {
  %c0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  // expected-note @+1 {{the other op, 'tfrt.call', is here}}
  %c1 = tfrt.call @say(%one, %c0) : (i32, !tfrt.chain) -> !tfrt.chain
  // expected-warning @+2 {{'tfrt.print.i32' and 'tfrt.print.i32' both print to the output, and nothing orders them}}
  // expected-note @+1 {{no chain edge can order them: no chain that 'tfrt.call' gives comes after 'tfrt.print.i32' in @say (@say would have to return one that does)}}
  %c2 = tfrt.print.i32 %one, %c1
  tfrt.return
}

// The branch prints, and returns the chain it was given.
func.func @branch() {
  %c0 = tfrt.new.chain
  %t = tfrt.constant.i1 true
  // expected-note @+1 {{the other op, 'tfrt.if', is here}}
  %r = tfrt.if %t, %c0 : (!tfrt.chain) -> (!tfrt.chain) {
    %two = tfrt.constant.i32 2
    // expected-note @+1 {{'tfrt.print.i32' is here}}
    %q = tfrt.print.i32 %two, %c0
    tfrt.return %c0 : !tfrt.chain
  } else {
    tfrt.return %c0 : !tfrt.chain
  }
  %one = tfrt.constant.i32 1
  // expected-warning @+2 {{'tfrt.print.i32' and 'tfrt.print.i32' both print to the output, and nothing orders them}}
  // expected-note @+1 {{no chain edge can order them: no chain that 'tfrt.if' gives comes after 'tfrt.print.i32' inside it}}
  %c4 = tfrt.print.i32 %one, %r
  tfrt.return
}

// A print no result of the run depends on may come after the driver's
// line; the warning is at the print, and its message does not repeat
// where it is.
func.func @result() -> i32 {
  %c0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  // expected-warning @+2 {{'tfrt.print.i32' prints to the output, and no result of 'result' depends on it, so it may come after the line 'result' returned ...}}
  // expected-note @+1 {{no chain edge can order it: make a result of @result depend on it (return its chain)}}
  %c1 = tfrt.print.i32 %one, %c0
  tfrt.return %one : i32
}

// Two iterations of a loop whose body prints off the chain it was given.
func.func @loop() {
  %ch = tfrt.new.chain
  %n = tfrt.constant.i32 2
  // expected-warning @+2 {{'tfrt.print.i32' in two iterations of 'tfrt.repeat.i32' print to the output, and nothing orders one before the other}}
  // expected-note @+1 {{no chain edge can order the iterations: pass the chain of one iteration to the next}}
  %r:2 = tfrt.repeat.i32 %n, %n, %ch : i32, !tfrt.chain {
    // expected-note @+1 {{'tfrt.print.i32' is here}}
    %c = tfrt.print.i32 %n, %ch
    tfrt.return %n, %ch : i32, !tfrt.chain
  }
  tfrt.return
}
