// RUN: tfrun explore --function=inside %s | FileCheck %s --check-prefix=INSIDE
// RUN: tfrun explore --function=outside %s | FileCheck %s --check-prefix=OUTSIDE
// RUN: tfrun explore --function=outside %s | FileCheck %s --check-prefix=NOT-IN
// The RFC's critical sections: @bump reads the variable, adds one and
// writes the sum back (a read step, then a write step). Two unordered
// invocations inside one rv.critical section never interleave, so the
// second reads what the first wrote: always 2. The same two invocations
// through plain calls may both read 0 before either writes: 1 or 2.
func.func @bump(%v: !rv.var, %ch: !tfrt.chain) -> !tfrt.chain {
  %x, %ch1 = "rv.read"(%v, %ch) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %one = tfrt.constant.i32 1
  %y = tfrt.add.i32 %x, %one
  %ch2 = "rv.assign"(%v, %y, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch2 : !tfrt.chain
}

func.func @inside() -> i32 {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %cs = "rv.critical_section"() : () -> !rv.cs
  %a = rv.critical %cs @bump(%v, %ch1) : (!rv.var, !tfrt.chain) -> !tfrt.chain
  %b = rv.critical %cs @bump(%v, %ch1) : (!rv.var, !tfrt.chain) -> !tfrt.chain
  %ch2 = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain
  %r, %ch3 = "rv.read"(%v, %ch2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %r : i32
}
// INSIDE: --- Exploring 'inside': 1 outcome in {{[0-9]+}} schedule
// INSIDE-NEXT: 'inside' returned 2
// INSIDE-NOT: returned 1

func.func @outside() -> i32 {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %a = tfrt.call @bump(%v, %ch1) : (!rv.var, !tfrt.chain) -> !tfrt.chain
  %b = tfrt.call @bump(%v, %ch1) : (!rv.var, !tfrt.chain) -> !tfrt.chain
  %ch2 = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain
  %r, %ch3 = "rv.read"(%v, %ch2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %r : i32
}
// OUTSIDE: --- Exploring 'outside': 2 outcomes in {{[0-9]+}} schedules
// OUTSIDE-DAG: 'outside' returned 1
// OUTSIDE-DAG: 'outside' returned 2
// NOT-IN-NOT: Exploring 'inside'
