// MODE: repl
// Frames: a recursion stopped in its third invocation, the logical call
// stack through tfrt.call and the regions of tfrt.if (:bt), selecting
// frames (:up, :down, :frame), their values (:locals, :print), and running
// until the selected invocation returns (:finish) or to the next kernel of
// it (:next). The session runs exact while a breakpoint is set.
func.func @fact(%n: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %done = "tfrt.lessequal.i32"(%n, %one) : (i32, i32) -> i1
  %r = tfrt.if %done, %n : (i32) -> (i32) {
    tfrt.return %n : i32
  } else {
    %one2 = tfrt.constant.i32 1
    %m = "tfrt.minus.i32"(%n, %one2) : (i32, i32) -> i32
    %f = tfrt.call @fact(%m) : (i32) -> i32
    %p = "tfrt.mul.i32"(%n, %f) : (i32, i32) -> i32
    tfrt.return %p : i32
  }
  tfrt.return %r : i32
}
// CHECK: defined @fact
:break @fact if %n == 2
// CHECK-NEXT: breakpoint 1: function @fact if %n == 2
:run @fact(4 : i32)
// CHECK-NEXT: note: runs use the exact schedule while the debugger is armed {{.*}}
// The first kernel of @fact(2): the non-strict tfrt.if starts first
// (exact order); fact(4) -> region -> fact(3) -> region -> fact(2).
// CHECK-NEXT: stopped at breakpoint 1: tfrt.if at <repl>:10:8 in @fact(%n = 2), depth 5
:bt
// CHECK-NEXT: #0 tfrt.if at <repl>:10:8 in @fact(%n = 2)
// CHECK-NEXT: #1 tfrt.call at <repl>:15:10 in region of tfrt.if(%n = 3) in @fact
// CHECK-NEXT: #2 tfrt.if at <repl>:10:8 in @fact(%n = 3)
// CHECK-NEXT: #3 tfrt.call at <repl>:15:10 in region of tfrt.if(%n = 4) in @fact
// CHECK-NEXT: #4 tfrt.if at <repl>:10:8 in @fact(%n = 4)
// Nothing of fact(2) has run but the if it is stopped at.
:locals
// CHECK-NEXT: %n : i32 = 2
// CHECK-NEXT: %one : i32 (not produced yet)
// CHECK-NEXT: %done : i1 (not produced yet)
// CHECK-NEXT: %r : i32 (not produced yet)
// The caller's region: %m was computed; the call is still running, so its
// result %f is not produced yet, and %m, its operand, is alive.
:up
// CHECK-NEXT: #1 tfrt.call at <repl>:15:10 in region of tfrt.if(%n = 3) in @fact
:locals
// CHECK-NEXT: %n : i32 = 3
// CHECK-NEXT: %one2 : i32 = 1
// CHECK-NEXT: %m : i32 = 2
// CHECK-NEXT: %f : i32 (not produced yet)
// CHECK-NEXT: %p : i32 (not produced yet)
:print %m
// CHECK-NEXT: %m : i32 = 2 (available, refcount {{[0-9]+}})
:up
// CHECK-NEXT: #2 tfrt.if at <repl>:10:8 in @fact(%n = 3)
// %done was 0: the else region runs; the if's result goes to the return.
:locals
// CHECK-NEXT: %n : i32 = 3
// CHECK-NEXT: %one : i32 = 1
// CHECK-NEXT: %done : i1 = 0
// CHECK-NEXT: %r : i32 (passed on to the caller)
:frame 4
// CHECK-NEXT: #4 tfrt.if at <repl>:10:8 in @fact(%n = 4)
:up
// CHECK-NEXT: <repl>:[[@LINE-1]]:1: error: frame #4 is the outermost; there is no frame #5
:down
// CHECK: #3 tfrt.call at <repl>:15:10 in region of tfrt.if(%n = 4) in @fact
:frame 9
// CHECK-NEXT: <repl>:[[@LINE-1]]:8: error: frame #4 is the outermost; there is no frame #9
:frame 0
// CHECK: #0 tfrt.if at <repl>:10:8 in @fact(%n = 2)
:frame
// CHECK-NEXT: #0 tfrt.if at <repl>:10:8 in @fact(%n = 2)
// :finish runs until fact(2) has returned its result to its caller, and
// stops at the next kernel, which is the caller's multiplication.
:finish
// CHECK-NEXT: finish: @fact(%n = 2) returned 2 : i32
// CHECK-NEXT: stopped: tfrt.mul.i32 at <repl>:16:10 in region of tfrt.if(%n = 3) in @fact, depth 4
:print %f
// CHECK-NEXT: %f : i32 = 2 (available, refcount 1)
// :next runs the multiplication and stops at the next kernel of the same
// invocation; this region has no more, so at its caller's next one.
:next
// CHECK-NEXT: ran tfrt.mul.i32: %p = 6 : i32
// CHECK-NEXT: stopped: tfrt.mul.i32 at <repl>:16:10 in region of tfrt.if(%n = 4) in @fact, depth 2
// :finish from the region of fact(4): until it returns its value, 24, to
// the if, the last kernel; fact(4) itself returns to the REPL.
:finish
// CHECK-NEXT: finish: region of tfrt.if(%n = 4) in @fact returned 24 : i32
// CHECK-NEXT: 'fact' returned 24
:bt
// CHECK-NEXT: not stopped
// Once more, to the same place: :finish in the outermost invocation is
// refused (it returns to the REPL).
:run @fact(2 : i32)
// CHECK-NEXT: stopped at breakpoint 1: tfrt.if at <repl>:10:8 in @fact(%n = 2)
:finish
// CHECK-NEXT: <repl>:[[@LINE-1]]:1: error: cannot finish: the outermost invocation returns to the REPL (:continue runs to its end)
:continue
// CHECK: 'fact' returned 2
