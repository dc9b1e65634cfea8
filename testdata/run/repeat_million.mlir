// Stress (issue 4): tfrt.repeat.i32 with 1 000 000 iterations runs in
// bounded memory (blocks of 32; each iteration's values are released after
// the next invocation).

// CHECK: --- Running 'million':
// CHECK-NEXT: 'million' returned 1000000
func.func @million() -> i32 {
  %n = tfrt.constant.i32 1000000
  %x = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %x : i32 {
    %one = tfrt.constant.i32 1
    %y = tfrt.add.i32 %x, %one
    tfrt.return %y : i32
  }
  tfrt.return %r : i32
}
