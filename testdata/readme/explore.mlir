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
// `tfrun run` takes one schedule (exact here), where neither update is lost.
// CHECK: --- Running 'increments':
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: 'increments' returned !tfrt.chain value
