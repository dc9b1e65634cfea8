// RUN: tfrun lint --verify-diagnostics %s
// Mutable objects: a resource variable assigned and read off one chain
// (the RFC's race), a list appended to and measured without an order.
func.func @variable() -> i32 {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %one = tfrt.constant.i32 1
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  // expected-note @+1 {{the other op, 'rv.assign', is here}}
  %ch2 = "rv.assign"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  // expected-warning @+2 {{'rv.assign' writes %v that 'rv.read' reads, and nothing orders them}}
  // expected-note @+1 {{pass %ch2 instead of %ch1 to order them as written}}
  %x, %ch3 = "rv.read"(%v, %ch1) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %x : i32
}

func.func @list() -> i64 {
  %ch0 = tfrt.new.chain
  %l = "list.new"() : () -> !tfrt.list
  %one = tfrt.constant.i32 1
  // expected-note @+1 {{the other op, 'list.append', is here}}
  %ch1 = "list.append"(%l, %one, %ch0) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
  // expected-warning @+2 {{'list.append' writes %l that 'list.size' reads, and nothing orders them}}
  // expected-note @+1 {{'list.size' takes an optional trailing chain: pass %ch1 as its last operand}}
  %n = "list.size"(%l) : (!tfrt.list) -> i64
  tfrt.return %n : i64
}
