// A function's argument and result dictionaries (docs/syntax.md "Argument
// and result attributes") change nothing about how it runs.
// CHECK: --- Running 'main'
// CHECK-DAG: int32 = 42
// CHECK-DAG: 'main' returned 42
func.func @inc(%x: i32 {tfrt.note = "counter"}, %ch: !tfrt.chain) -> (i32 {tfrt.out}, !tfrt.chain) {
  %one = tfrt.constant.i32 1
  %y = tfrt.add.i32 %x, %one
  %ch1 = tfrt.print.i32 %y, %ch
  tfrt.return %y, %ch1 : i32, !tfrt.chain
}
func.func @main() -> i32 {
  %ch = tfrt.new.chain
  %x = tfrt.constant.i32 41
  %y, %ch1 = tfrt.call @inc(%x, %ch) : (i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %y : i32
}
