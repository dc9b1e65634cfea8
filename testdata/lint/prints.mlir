// RUN: tfrun lint --verify-diagnostics %s
// Two prints off one chain; two calls whose callees print (notes point into
// the callee); a print inside a tfrt.if body against one outside.
func.func @two_prints() {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 1
  // expected-note @+1 {{the other op, 'tfrt.print.i32', is here}}
  %c1 = tfrt.print.i32 %a, %ch
  // expected-warning @+2 {{'tfrt.print.i32' and 'tfrt.print.i32' both print to the output, and nothing orders them}}
  // expected-note @+1 {{pass %c1 instead of %ch to order them as written}}
  %c2 = tfrt.print.i32 %a, %ch
  tfrt.return
}

func.func @say(%x: i32, %ch: !tfrt.chain) -> !tfrt.chain {
  // Both calls reach this print: one note says where it is.
  // expected-note @+1 {{'tfrt.print.i32' is here, in @say}}
  %c = tfrt.print.i32 %x, %ch
  tfrt.return %c : !tfrt.chain
}

func.func @two_calls() {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 2
  // expected-note @+1 {{the other op, 'tfrt.call', is here}}
  %c1 = tfrt.call @say(%a, %ch) : (i32, !tfrt.chain) -> !tfrt.chain
  // expected-warning @+2 {{'tfrt.print.i32' and 'tfrt.print.i32' both print to the output, and nothing orders them}}
  // expected-note @+1 {{pass %c1 instead of %ch to order them as written}}
  %c2 = tfrt.call @say(%b, %ch) : (i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
