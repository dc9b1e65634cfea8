// tfrt.case in TFRT's older form (docs/syntax.md "TFRT's older custom
// forms"): the chain passed first and returned first is left out of the
// type list. It runs as the form with every type does.
// CHECK: --- Running 'main'
// CHECK-NEXT: int32 = 42
// CHECK-NEXT: int32 = 43
func.func @two(%ch: !tfrt.chain, %x: i32) -> (!tfrt.chain, i32) {
  %two = tfrt.constant.i32 2
  %y = tfrt.add.i32 %x, %two
  tfrt.return %ch, %y : !tfrt.chain, i32
}
func.func @three(%ch: !tfrt.chain, %x: i32) -> (!tfrt.chain, i32) {
  %three = tfrt.constant.i32 3
  %y = tfrt.add.i32 %x, %three
  tfrt.return %ch, %y : !tfrt.chain, i32
}
func.func @main() {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %one = tfrt.constant.i32 1
  %x = tfrt.constant.i32 40
  %ch1, %a = tfrt.case %zero [@two, @three] (%ch0, %x) : (i32) -> (i32)
  %ch2 = tfrt.print.i32 %a, %ch1
  %ch3, %b = tfrt.case %one [@two, @three] (%ch2, %x) : (i32) -> (i32)
  %ch4 = tfrt.print.i32 %b, %ch3
  %done = tfrt.merge.chains %ch4, %ch3
  tfrt.return
}
