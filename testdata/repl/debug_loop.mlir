// MODE: repl
// Stops in the iterations of a loop whose body returns an argument as it
// came: the debugger reads each iteration's arguments from its registers
// (a value forwarded into a register that stood for it already is gone;
// make asan runs this file).
func.func @sum(%n: i32) -> i32 {
  %zero = tfrt.constant.i32 0
  %r:2 = tfrt.repeat.i32 %n, %zero, %n : i32, i32 {
    %s = tfrt.add.i32 %zero, %n
    tfrt.return %s, %n : i32, i32
  }
  tfrt.return %r#0 : i32
}
// CHECK: defined @sum
:break tfrt.add.i32
// CHECK-NEXT: breakpoint 1: op tfrt.add.i32
:run @sum(4 : i32)
// CHECK-NEXT: note: runs use the exact schedule while the debugger is armed {{.*}}
// CHECK-NEXT: stopped at breakpoint 1: tfrt.add.i32 at <repl>:9:10 in region of tfrt.repeat.i32(%zero = 0, %n = 4) in @sum, depth 2
:continue
// CHECK-NEXT: stopped at breakpoint 1: tfrt.add.i32 at <repl>:9:10 in region of tfrt.repeat.i32(%zero = 4, %n = 4) in @sum, depth 2
:locals
// CHECK-NEXT: %zero : i32 = 4
// CHECK-NEXT: %n : i32 = 4
// CHECK-NEXT: %s : i32 (not produced yet)
:continue
// CHECK-NEXT: stopped at breakpoint 1: tfrt.add.i32 at <repl>:9:10 in region of tfrt.repeat.i32(%zero = 8, %n = 4) in @sum, depth 2
:delete 1
// CHECK-NEXT: deleted breakpoint 1
:continue
// CHECK-NEXT: 'sum' returned 16
