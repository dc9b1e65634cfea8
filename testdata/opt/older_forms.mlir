// MODE: opt
// Custom forms of TFRT's older test files (docs/syntax.md "TFRT's older
// custom forms"), read and printed in today's form: tfrt.merge.chains and
// tfrt_test.test_cost without their type list (it is the operands' types),
// and tfrt.case with a leading chain argument and result that its type
// list leaves out.
// CHECK:      %2 = tfrt.merge.chains %0, %1 : !tfrt.chain, !tfrt.chain
// CHECK-NEXT: %3 = tfrt_test.test_cost %2, %arg0 {_tfrt_cost = 4 : i64, id = 7 : i64} : !tfrt.chain, i32
// CHECK-NEXT: %4:2 = tfrt.case %arg0 [@inc, @dec] (%2, %3) : (!tfrt.chain, i32) -> (!tfrt.chain, i32)
// CHECK-NEXT: %5:2 = tfrt.case %arg0 [@inc, @dec] (%4#0, %4#1) : (!tfrt.chain, i32) -> (!tfrt.chain, i32)
func.func @inc(%ch: !tfrt.chain, %x: i32) -> (!tfrt.chain, i32) {
  %one = tfrt.constant.i32 1
  %y = tfrt.add.i32 %x, %one
  tfrt.return %ch, %y : !tfrt.chain, i32
}
func.func @dec(%ch: !tfrt.chain, %x: i32) -> (!tfrt.chain, i32) {
  %one = tfrt.constant.i32 -1
  %y = tfrt.add.i32 %x, %one
  tfrt.return %ch, %y : !tfrt.chain, i32
}
func.func @main(%i: i32) -> i32 {
  %a = tfrt.new.chain
  %b = tfrt.new.chain
  %m = tfrt.merge.chains %a, %b
  %c = tfrt_test.test_cost %m, %i {id = 7 : i64, _tfrt_cost = 4 : i64}
  %ch1, %r = tfrt.case %i [@inc, @dec] (%m, %c) : (i32) -> (i32)
  %ch2, %s = tfrt.case %i [@inc, @dec] (%ch1, %r) : (!tfrt.chain, i32) -> (!tfrt.chain, i32)
  tfrt.return %s : i32
}
