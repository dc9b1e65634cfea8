// // ARGS: is split like a shell does: the quoted word reaches tfrun as one
// argument, so only the two named functions run, in flag order
// (docs/execution.md §1.3).
// ARGS: "--functions=second,first"
// CHECK-LABEL: --- Running 'second':
// CHECK-NEXT:  'second' returned 2
// CHECK-LABEL: --- Running 'first':
// CHECK-NEXT:  'first' returned 1
// CHECK-NOT:   third
func.func @first() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
func.func @second() -> i32 {
  %x = tfrt.constant.i32 2
  tfrt.return %x : i32
}
func.func @third() -> i32 {
  %x = tfrt.constant.i32 3
  tfrt.return %x : i32
}
