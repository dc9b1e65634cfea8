// A golden test: `tfrun test` runs this file and matches the CHECK lines
// against what it prints.
// CHECK-LABEL: --- Running 'add':
func.func @add() -> i32 {
  %a = tfrt.constant.i32 40
  %b = tfrt.constant.i32 2
  %c = tfrt.add.i32 %a, %b
  tfrt.return %c : i32
}
// CHECK-NEXT: 'add' returned 42
