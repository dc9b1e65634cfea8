// Functions with arguments are listed but not run (docs/execution.md §1.3); region bodies are
// never listed (docs/execution.md §1.4), even when they have block arguments.

// CHECK: --- Not running 'add' because it has arguments.
func.func @add(%a: i32, %b: i32) -> i32 {
  %c = tfrt.add.i32 %a, %b
  tfrt.return %c : i32
}

// CHECK-NEXT: --- Running 'main':
func.func @main() -> i32 {
  %n = tfrt.constant.i32 2
  %x = tfrt.constant.i32 1
  %r = tfrt.repeat.i32 %n, %x : i32 {
    %y = tfrt.add.i32 %x, %x
    tfrt.return %y : i32
  }
  %s = tfrt.call @add(%r, %x) : (i32, i32) -> i32
  tfrt.return %s : i32
}
// CHECK-NEXT: 'main' returned 5

// CHECK-NEXT: --- Not running 'native_add' because it has arguments.
func.func private @native_add(%a: i32, %b: i32) -> i32 attributes {tfrt.native}
// CHECK-NOT: Not running ''
