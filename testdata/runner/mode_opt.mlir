// // MODE: opt runs `tfrun opt` instead of `tfrun run`: the module comes back
// in canonical form (docs/tools.md §1), values renumbered from %0. The
// variables tie each use to its definition whatever the numbering.
// MODE: opt
// CHECK-LABEL: func.func @twice(%arg0: i32) -> i32 {
// CHECK-NEXT:    [[SUM:%[0-9]+]] = tfrt.add.i32 %arg0, %arg0
// CHECK-NEXT:    tfrt.return [[SUM]] : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> i32 {
// CHECK-NEXT:    [[C:%[0-9]+]] = tfrt.constant.i32 21
// CHECK-NEXT:    [[R:%[0-9]+]] = tfrt.call @twice([[C]]) : (i32) -> i32
// CHECK-NEXT:    tfrt.return [[R]] : i32
// CHECK-NOT:   Running
func.func @twice(%x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}
func.func @main() -> i32 {
  %c = tfrt.constant.i32 21
  %r = tfrt.call @twice(%c) : (i32) -> i32
  tfrt.return %r : i32
}
