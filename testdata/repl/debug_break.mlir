// MODE: repl
// Breakpoints with conditions (== != < <= > >=, on integers, floats,
// booleans and strings), on functions (the first kernel of every
// invocation), and what :break refuses.
func.func @count(%n: i32) -> i32 {
  %z = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %z : i32 {
    %one = tfrt.constant.i32 1
    %s = tfrt.add.i32 %z, %one
    tfrt.return %s : i32
  }
  tfrt.return %r : i32
}
// CHECK: defined @count
func.func @half(%x: f32) -> f32 {
  %h = tfrt.constant.f32 0.5
  %y = "tfrt.multiply.f32"(%x, %h) : (f32, f32) -> f32
  tfrt.return %y : f32
}
// CHECK-NEXT: defined @half
// The add runs five times (%z = 0 .. 4); the condition holds once.
:break tfrt.add.i32 if %z == 3
// CHECK-NEXT: breakpoint 1: op tfrt.add.i32 if %z == 3
:run @count(5 : i32)
// CHECK-NEXT: note: runs use the exact schedule while the debugger is armed {{.*}}
// CHECK-NEXT: stopped at breakpoint 1: tfrt.add.i32 at <repl>:9:10 in region of tfrt.repeat.i32(%z = 3) in @count, depth 2
:print %z
// CHECK-NEXT: %z : i32 = 3 (available, refcount {{[0-9]+}})
:continue
// CHECK-NEXT: 'count' returned 5
:delete 1
// CHECK-NEXT: deleted breakpoint 1
// A line breakpoint with >=: stops at %z = 3 and 4 only.
:break 9 if %z >= 3
// CHECK-NEXT: breakpoint 2: line 9 if %z >= 3
:run @count(5 : i32)
// CHECK-NEXT: stopped at breakpoint 2: tfrt.add.i32 at <repl>:9:10 in region of tfrt.repeat.i32(%z = 3) in @count, depth 2
:c
// CHECK-NEXT: stopped at breakpoint 2: tfrt.add.i32 at <repl>:9:10 in region of tfrt.repeat.i32(%z = 4) in @count, depth 2
:c
// CHECK-NEXT: 'count' returned 5
:delete 2
// CHECK-NEXT: deleted breakpoint 2
// A function breakpoint: the first kernel of each invocation of @half, and
// a condition on a float argument (< against an integer literal).
:break @half
// CHECK-NEXT: breakpoint 3: function @half
:run @half(3.0 : f32)
// CHECK-NEXT: stopped at breakpoint 3: tfrt.constant.f32 at <repl>:16:8 in @half(%x = 3.000000e+00)
:c
// CHECK-NEXT: 'half' returned 1.500000e+00
:delete 3
// CHECK-NEXT: deleted breakpoint 3
:break @half if %x < 1
// CHECK-NEXT: breakpoint 4: function @half if %x < 1
:run @half(3.0 : f32)
// CHECK-NEXT: 'half' returned 1.500000e+00
:run @half(0.5 : f32)
// CHECK-NEXT: stopped at breakpoint 4: tfrt.constant.f32 at <repl>:16:8 in @half(%x = 5.000000e-01)
:c
// CHECK-NEXT: 'half' returned 2.500000e-01
:delete 4
// CHECK-NEXT: deleted breakpoint 4
// != and <= and > on integers, and a condition that cannot be tested
// where the kernel runs (%s is produced by the kernel itself).
:break tfrt.add.i32 if %z != 0
// CHECK-NEXT: breakpoint 5: op tfrt.add.i32 if %z != 0
:break tfrt.add.i32 if %s > 0
// CHECK-NEXT: breakpoint 6: op tfrt.add.i32 if %s > 0
:break
// CHECK-NEXT: breakpoint 5: op tfrt.add.i32 if %z != 0
// CHECK-NEXT: breakpoint 6: op tfrt.add.i32 if %s > 0
:run @count(2 : i32)
// CHECK-NEXT: note: breakpoint 6: '%s > 0' cannot be tested at tfrt.add.i32 at <repl>:9:10: it is not produced yet
// CHECK-NEXT: stopped at breakpoint 5: tfrt.add.i32 at <repl>:9:10 in region of tfrt.repeat.i32(%z = 1) in @count, depth 2
:c
// CHECK-NEXT: 'count' returned 2
:delete 5
// CHECK-NEXT: deleted breakpoint 5
:delete 6
// CHECK-NEXT: deleted breakpoint 6
:break tfrt.add.i32 if %z <= 0
// CHECK-NEXT: breakpoint 7: op tfrt.add.i32 if %z <= 0
:run @count(3 : i32)
// CHECK-NEXT: stopped at breakpoint 7: tfrt.add.i32 at <repl>:9:10 in region of tfrt.repeat.i32(%z = 0) in @count, depth 2
:c
// CHECK-NEXT: 'count' returned 3
:delete 7
// CHECK-NEXT: deleted breakpoint 7

// What :break refuses: a value no matching op sees, a bad condition, a
// function that does not exist.
:break tfrt.add.i32 if %nope == 1
// CHECK-NEXT: <repl>:[[@LINE-1]]:8: error: no tfrt.add.i32 op sees a value %nope for the condition
:break tfrt.add.i32 if %z = 1
// CHECK: <repl>:[[@LINE-1]]:27: error: expected ==, !=, <, <=, > or >=
:break tfrt.add.i32 if %z == one
// CHECK: <repl>:[[@LINE-1]]:30: error: expected a literal: an integer, a float, true, false or a string
:break tfrt.add.i32 if %z == 1 2
// CHECK: <repl>:[[@LINE-1]]:32: error: unexpected text after the condition
:break tfrt.add.i32 when %z == 1
// CHECK: <repl>:[[@LINE-1]]:21: error: expected 'if %x == VALUE' after the breakpoint's place
:break @nope
// CHECK: <repl>:[[@LINE-1]]:8: error: no function named '@nope'
:break @half if %w == 1
// CHECK: <repl>:[[@LINE-1]]:8: error: '@half' has no value %w for the condition
:break 9 if %q == 1
// CHECK: <repl>:[[@LINE-1]]:8: error: no op at line 9 sees a value %q for the condition
:break
// CHECK: no breakpoints
