// Two unordered increments of one variable (README: `tfrun explore`).
func.func @increments() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %one = tfrt.constant.i32 1
  %a = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %b = "rv.assign_add"(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %ch2 = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain
  %x, %ch3 = "rv.read"(%v, %ch2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %ch4 = tfrt.print.i32 %x, %ch3
  tfrt.return %ch4 : !tfrt.chain
}
// @loose prints 1 and returns 1 without waiting for its print: the
// 'returned' line may come before or after the print.
func.func @loose() -> i32 {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %ch1 = tfrt.print.i32 %one, %ch0
  tfrt.return %one : i32
}
// `tfrun run` takes one schedule (exact here), where neither update is lost.
// CHECK: --- Running 'increments':
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: 'increments' returned !tfrt.chain value
// CHECK-NEXT: --- Running 'loose':
// CHECK-NEXT: 'loose' returned 1
// CHECK-NEXT: int32 = 1
