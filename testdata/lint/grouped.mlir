// RUN: tfrun lint --verify-diagnostics %s
// RUN: not tfrun lint %s 2>&1 | grep -c 'warning:' | grep -qx 5
// One warning per missing edge. Four prints off one chain need three edges
// (each print after the one before it; the rest follows), not six: the
// first print against the third is ordered once the edges are in. An op
// that needs two edges gets two warnings, with one fix for both. No
// warning repeats its own location in its message.
func.func @four() {
  %ch = tfrt.new.chain
  %x = tfrt.constant.i32 1
  // expected-note @+1 {{the other op, 'tfrt.print.i32', is here}}
  %a = tfrt.print.i32 %x, %ch
  // expected-warning @+3 {{'tfrt.print.i32' and 'tfrt.print.i32' both print to the output, and nothing orders them}}
  // expected-note @+2 {{pass %a instead of %ch to order them as written}}
  // expected-note @+1 {{the other op, 'tfrt.print.i32', is here}}
  %b = tfrt.print.i32 %x, %ch
  // expected-warning @+3 {{'tfrt.print.i32' and 'tfrt.print.i32' both print to the output, and nothing orders them}}
  // expected-note @+2 {{pass %b instead of %ch to order them as written}}
  // expected-note @+1 {{the other op, 'tfrt.print.i32', is here}}
  %c = tfrt.print.i32 %x, %ch
  // expected-warning @+2 {{'tfrt.print.i32' and 'tfrt.print.i32' both print to the output, and nothing orders them}}
  // expected-note @+1 {{pass %c instead of %ch to order them as written}}
  %d = tfrt.print.i32 %x, %ch
  tfrt.return
}

func.func @two_edges() {
  %ch = tfrt.new.chain
  %x = tfrt.constant.i32 1
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [3 : i64]
  // expected-note @+1 {{the other op, 'tfrt.print.i32', is here}}
  %a = tfrt.print.i32 %x, %ch
  // expected-note @+1 {{the other op, 'tfrt_dht.fill_tensor_with_constant.i32', is here}}
  %b = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch 1 : i32
  // expected-warning @+3 {{'tfrt.print.i32' and 'tfrt_dht.print_tensor' both print to the output, and nothing orders them}}
  // expected-warning @+2 {{'tfrt_dht.fill_tensor_with_constant.i32' writes %t that 'tfrt_dht.print_tensor' reads, and nothing orders them}}
  // expected-note @+1 {{pass tfrt.merge.chains %a, %b instead of %ch to order them as written}}
  %c = tfrt_dht.print_tensor %t, %ch
  tfrt.return
}
