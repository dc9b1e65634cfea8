// RUN: tfrun lint --verify-diagnostics %s
// RUN: not tfrun lint %s 2>&1 | FileCheck %s
// A region of an op tfrun does not know may use the values around it
// (docs/syntax.md "Regions of unknown ops"). The lint cannot check what
// such an op does (a remark), and counts what its regions use as its
// inputs: its results come after them, as after its operands.

// @main's first print reaches the result only through the regions of
// foo.wrap, so it comes before 'main' returns: no warning. The second
// print follows the first through the merges, though the first's chain is
// used inside foo.peek's region before them.
// CHECK: remark: 'foo.wrap' is not a known kernel: the lint cannot check what it does
// CHECK-NOT: warning
// CHECK: warning: 'tfrt.print.i32' and 'tfrt.print.i32' both print to the output, and nothing orders them
func.func @main() -> !tfrt.chain {
  %ch = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %ch1 = tfrt.print.i32 %one, %ch
  // expected-remark @+1 {{'foo.peek' is not a known kernel}}
  "foo.peek"() ({
    "foo.use"(%ch1) : (!tfrt.chain) -> ()
  }) : () -> ()
  %m1 = tfrt.merge.chains %ch1, %ch : !tfrt.chain, !tfrt.chain
  %m2 = tfrt.merge.chains %m1, %ch : !tfrt.chain, !tfrt.chain
  %m3 = tfrt.merge.chains %m2, %ch : !tfrt.chain, !tfrt.chain
  %ch2 = tfrt.print.i32 %one, %m3
  // expected-remark @+1 {{'foo.wrap' is not a known kernel}}
  %ch3 = "foo.wrap"() ({
    "foo.inner"() ({
      %ch4 = tfrt.print.i32 %one, %ch2
      "foo.yield"(%ch4) : (!tfrt.chain) -> ()
    }) : () -> ()
  }) : () -> !tfrt.chain
  tfrt.return %ch3 : !tfrt.chain
}

// Using both chains inside one region orders neither print after the
// other.
func.func @unordered() -> !tfrt.chain {
  %ch = tfrt.new.chain
  %one = tfrt.constant.i32 1
  // expected-note @+1 {{the other op, 'tfrt.print.i32', is here}}
  %a = tfrt.print.i32 %one, %ch
  // expected-warning @+2 {{'tfrt.print.i32' and 'tfrt.print.i32' both print to the output, and nothing orders them}}
  // expected-note @+1 {{pass %a instead of %ch to order them as written}}
  %b = tfrt.print.i32 %one, %ch
  // expected-remark @+1 {{'foo.join' is not a known kernel}}
  %j = "foo.join"() ({
    "foo.yield"(%a, %b) : (!tfrt.chain, !tfrt.chain) -> ()
  }) : () -> !tfrt.chain
  tfrt.return %j : !tfrt.chain
}
