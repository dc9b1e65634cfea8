// RUN: tfrun lint --verify-diagnostics %s
// RUN: tfrun lint %s 2>&1 | FileCheck %s
// An op at module level never runs (docs/syntax.md): it has no effect to
// order, and the lint says it does not look at it with a remark (which is
// no warning: exit status 0 here). The functions are linted as always.
// CHECK: remark: 'tfrt.print.i32' is at module level: it never runs (only functions do), and the lint does not look at it
// CHECK-NOT: warning
// expected-remark @+1 {{'tfrt.new.chain' is at module level: it never runs}}
%c = "tfrt.new.chain"() : () -> !tfrt.chain
// expected-remark @+1 {{'tfrt.constant.i32' is at module level}}
%one = "tfrt.constant.i32"() {value = 1 : i32} : () -> i32
// expected-remark @+1 {{'tfrt.print.i32' is at module level}}
%p = "tfrt.print.i32"(%one, %c) : (i32, !tfrt.chain) -> !tfrt.chain
func.func @main() -> !tfrt.chain {
  %ch = tfrt.new.chain
  %two = tfrt.constant.i32 2
  %ch1 = tfrt.print.i32 %two, %ch
  tfrt.return %ch1 : !tfrt.chain
}
