// VARIANTS: --work-queue=mstd:2
// tfrt_tutorial.* (docs/kernel-behaviour.md §7).

// CHECK-LABEL: --- Running 'coordinate':
func.func @coordinate() -> (!my.coordinate, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %x = tfrt.constant.i32 1
  %y = tfrt.constant.i32 -2
  %c = "tfrt_tutorial.create_coordinate"(%x, %y) : (i32, i32) -> !my.coordinate
  %ch1 = "tfrt_tutorial.print_coordinate"(%c, %ch0) : (!my.coordinate, !tfrt.chain) -> !tfrt.chain
  %ch2 = "tfrt_tutorial.print_coordinate"(%c) : (!my.coordinate) -> !tfrt.chain
  %ch3 = tfrt.merge.chains %ch1, %ch2 : !tfrt.chain, !tfrt.chain
  tfrt.return %c, %ch3 : !my.coordinate, !tfrt.chain
}
// CHECK-NEXT: (1, -2)
// CHECK-NEXT: (1, -2)
// CHECK-NEXT: 'coordinate' returned !my.coordinate value,!tfrt.chain value
