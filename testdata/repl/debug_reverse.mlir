// MODE: repl
// Going back, as gdb and rr name it: :reverse-step (:rs) to the kernel that
// started before the one stopped at, :reverse-continue (:rc) to the
// previous breakpoint or watchpoint hit, :reverse-finish to the kernel that
// started the selected invocation. The run is run again from its start,
// its output silenced up to there: the prints before the stop are not
// printed again, those after it are.
func.func @sq(%x: i32) -> i32 {
  %r = tfrt.mul.i32 %x, %x
  tfrt.return %r : i32
}
// CHECK: defined @sq
func.func @main() -> i32 {
  %ch0 = tfrt.new.chain
  %a = tfrt.constant.i32 3
  %ch1 = tfrt.print.i32 %a, %ch0
  %b = tfrt.call @sq(%a) : (i32) -> i32
  %ch2 = tfrt.print.i32 %b, %ch1
  %c = tfrt.add.i32 %a, %b
  tfrt.return %c : i32
}
// CHECK-NEXT: defined @main
:trace on
// CHECK-NEXT: trace on
:run @main()
// The exact order (spec/dialect.md §8): the prints are in streams of their
// own, queued as tasks that run after the result is there.
// CHECK-NEXT: trace: tfrt.constant.i32 at <repl>:15:8 in @main: %a = 3 : i32
// CHECK-NEXT: trace: tfrt.call at <repl>:17:8 in @main
// CHECK-NEXT: trace:   tfrt.mul.i32 at <repl>:9:8 in @sq(%x = 3): %r = 9 : i32
// CHECK-NEXT: trace: tfrt.add.i32 at <repl>:19:8 in @main: %c = 12 : i32
// CHECK-NEXT: 'main' returned 12
// CHECK-NEXT: trace: tfrt.new.chain at <repl>:14:10 in @main: %ch0 = chain : !tfrt.chain
// CHECK-NEXT: int32 = 3
// CHECK-NEXT: trace: tfrt.print.i32 at <repl>:16:10 in @main: %ch1 = chain : !tfrt.chain
// CHECK-NEXT: int32 = 9
// CHECK-NEXT: trace: tfrt.print.i32 at <repl>:18:10 in @main: %ch2 = chain : !tfrt.chain
:trace off
// CHECK-NEXT: trace off
:break 18
// CHECK-NEXT: breakpoint 1: line 18
:run @main()
// CHECK-NEXT: 'main' returned 12
// CHECK-NEXT: int32 = 3
// CHECK-NEXT: stopped at breakpoint 1: tfrt.print.i32 at <repl>:18:10 in @main
:locals
// CHECK-NEXT: %ch0 : !tfrt.chain = chain
// CHECK-NEXT: %a : i32 = 3
// CHECK-NEXT: %ch1 : !tfrt.chain = chain
// CHECK-NEXT: %b : i32 = 9
// CHECK-NEXT: %ch2 : !tfrt.chain (not produced yet)
// CHECK-NEXT: %c : i32 = 12
// Back one kernel: before the first print, which has not run now (its
// line is not printed again on the way).
:rs
// CHECK-NEXT: stopped: tfrt.print.i32 at <repl>:16:10 in @main
:locals
// CHECK-NEXT: %ch0 : !tfrt.chain = chain
// CHECK-NEXT: %a : i32 = 3
// CHECK-NEXT: %ch1 : !tfrt.chain (not produced yet)
// CHECK-NEXT: %b : i32 = 9
// CHECK-NEXT: %ch2 : !tfrt.chain (not produced yet)
// CHECK-NEXT: %c : i32 = 12
// Forward again: the print runs (its output shows) and the second print is
// next, with the same values as before going back.
:step
// CHECK-NEXT: int32 = 3
// CHECK-NEXT: ran tfrt.print.i32: %ch1 = chain : !tfrt.chain
// CHECK-NEXT: stopped at breakpoint 1: tfrt.print.i32 at <repl>:18:10 in @main
:locals
// CHECK-NEXT: %ch0 : !tfrt.chain = chain
// CHECK-NEXT: %a : i32 = 3
// CHECK-NEXT: %ch1 : !tfrt.chain = chain
// CHECK-NEXT: %b : i32 = 9
// CHECK-NEXT: %ch2 : !tfrt.chain (not produced yet)
// CHECK-NEXT: %c : i32 = 12
// Four back: into @sq, before its mul, called from @main.
:rs
// CHECK-NEXT: stopped: tfrt.print.i32 at <repl>:16:10 in @main
:rs
// CHECK-NEXT: stopped: tfrt.new.chain at <repl>:14:10 in @main
:rs
// CHECK-NEXT: stopped: tfrt.add.i32 at <repl>:19:8 in @main
:rs
// CHECK-NEXT: stopped: tfrt.mul.i32 at <repl>:9:8 in @sq(%x = 3), depth 2
:bt
// CHECK-NEXT: #0 tfrt.mul.i32 at <repl>:9:8 in @sq(%x = 3)
// CHECK-NEXT: #1 tfrt.call at <repl>:17:8 in @main
// To where @sq was started: the call.
:reverse-finish
// CHECK-NEXT: stopped: tfrt.call at <repl>:17:8 in @main
// No breakpoint was hit before: :rc goes to the first kernel of the run.
:rc
// CHECK-NEXT: no breakpoint or watchpoint was hit earlier in this run: back at its first kernel
// CHECK-NEXT: stopped: tfrt.constant.i32 at <repl>:15:8 in @main
:rs
// CHECK-NEXT: <repl>:[[@LINE-1]]:1: error: cannot go back: this is the first kernel of the run
// Forward to the breakpoint: the result line and the first print come
// again, as the run produces them again.
:c
// CHECK: 'main' returned 12
// CHECK-NEXT: int32 = 3
// CHECK-NEXT: stopped at breakpoint 1: tfrt.print.i32 at <repl>:18:10 in @main
// A second breakpoint, on the mul: :rc from the print goes back to it.
:break tfrt.mul.i32
// CHECK-NEXT: breakpoint 2: op tfrt.mul.i32
:rc
// CHECK-NEXT: stopped at breakpoint 2: tfrt.mul.i32 at <repl>:9:8 in @sq(%x = 3), depth 2
:c
// CHECK-NEXT: 'main' returned 12
// CHECK-NEXT: int32 = 3
// CHECK-NEXT: stopped at breakpoint 1: tfrt.print.i32 at <repl>:18:10 in @main
:c
// CHECK-NEXT: int32 = 9
:delete 2
// CHECK-NEXT: deleted breakpoint 2
:rs
// CHECK-NEXT: <repl>:[[@LINE-1]]:1: error: :reverse-step works on a stopped run, and no run is stopped
:delete 1
// CHECK: deleted breakpoint 1

// A typed op is a run too.
:break tfrt.add.i32
// CHECK-NEXT: breakpoint 3: op tfrt.add.i32
%t = tfrt.constant.i32 4
// CHECK-NEXT: %t = 4 : i32
%u = tfrt.add.i32 %t, %t
// CHECK-NEXT: stopped at breakpoint 3: tfrt.add.i32 at <repl>:[[@LINE-1]]:6 in top level
:rs
// CHECK-NEXT: <repl>:[[@LINE-1]]:1: error: cannot go back: this is the first kernel of the run
:c
// CHECK: %u = 8 : i32

// A run whose arguments hold an object it may change would not repeat
// itself: it cannot be gone back in.
func.func @bump(%v: !rv.var, %ch: !tfrt.chain) -> !tfrt.chain {
  %one = tfrt.constant.i32 1
  %c = "rv.assign_add"(%v, %one, %ch) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}
// CHECK-NEXT: defined @bump
%ch = tfrt.new.chain
// CHECK-NEXT: %ch = chain : !tfrt.chain
%v, %ch1 = "rv.create"(%t, %ch) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
// CHECK-NEXT: %v = !rv.var(4) : !rv.var
// CHECK-NEXT: %ch1 = chain : !tfrt.chain
:break rv.assign_add
// CHECK-NEXT: breakpoint 4: op rv.assign_add
:run @bump(%v, %ch1)
// CHECK-NEXT: stopped at breakpoint 4: rv.assign_add at <repl>:[[@LINE-12]]:8 in @bump(%v = !rv.var(4), %ch = chain)
:rs
// CHECK-NEXT: <repl>:[[@LINE-1]]:1: error: cannot go back: this run cannot be run again to go back: its argument #0 holds an object the run may change
:c
// CHECK: 'bump' returned !tfrt.chain value
