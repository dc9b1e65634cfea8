// MODE: repl
// The debugger: breakpoints, stepping, :ready, :pending, :where, :trace.
// Runs use the single-threaded queue, so the order of kernels is the one of
// docs/execution.md §6 (worked out in the comments).

func.func @main() -> i32 {
  %ch0 = tfrt.new.chain
  %a = tfrt.constant.i32 1
  %b = "tfrt_test.async_add.i32"(%a, %a) : (i32, i32) -> i32
  %ch1 = tfrt.print.i32 %b, %ch0
  %c = tfrt.add.i32 %b, %a
  tfrt.return %c : i32
}
// CHECK: defined @main

// Streams (docs/execution.md §6.2): {constant, async_add, add, return}, {print}, {new.chain}.
// The invocation runs the constant and the async_add inline and queues
// new.chain as a task; the async_add's own task resolves %b later. So when
// new.chain is about to run, %b exists but is unavailable.
:break tfrt.new.chain
// CHECK-NEXT: breakpoint 1: op tfrt.new.chain
:break
// CHECK-NEXT: breakpoint 1: op tfrt.new.chain
:run @main()
// CHECK-NEXT: stopped at breakpoint 1: tfrt.new.chain at <repl>:7:10 in @main
:ready
// CHECK-NEXT: next: tfrt.new.chain at <repl>:7:10 in @main
:pending
// CHECK-NEXT: tfrt.print.i32 at <repl>:10:10 in @main waits for:
// CHECK-NEXT:     %b: unavailable (produced by tfrt_test.async_add.i32 at <repl>:9:8, not resolved yet)
// CHECK-NEXT:     %ch0: not produced yet (its producer tfrt.new.chain at <repl>:7:10 is about to run)
// CHECK-NEXT: tfrt.add.i32 at <repl>:11:8 in @main waits for:
// CHECK-NEXT:     %b: unavailable (produced by tfrt_test.async_add.i32 at <repl>:9:8, not resolved yet)
// CHECK-NEXT: tfrt.return at <repl>:12:3 in @main waits for:
// CHECK-NEXT:     %c: not produced yet (its producer tfrt.add.i32 at <repl>:11:8 has not run)
// Values of the frame stopped in. A register holds one reference per use
// still to come (docs/execution.md §6.6): async_add has taken its two uses of %a (and copied
// the integers into its task), add's use remains.
:print %a
// CHECK-NEXT: %a : i32 = 1 (available, refcount 1)
:print %b
// CHECK-NEXT: %b : i32 (unavailable, refcount 2)
:print %c
// CHECK-NEXT: %c : i32 (not produced yet)
:where
// CHECK-NEXT: #0 tfrt.new.chain at <repl>:7:10 in @main
// Code cannot run while stopped.
:run @main()
// CHECK-NEXT: <repl>:[[@LINE-1]]:1: error: :run is not available while a run is stopped (:continue, :kill or :quit first)
%z = tfrt.constant.i32 0
// CHECK: <repl>:[[@LINE-1]]:1: error: cannot define or run code while a run is stopped (:continue, :kill or :quit first)

// :step runs new.chain, shows what it produced, and stops before the next
// kernel: the async task resolves %b, whose users are made ready in
// reverse source order: add (same stream: inline, runs next) and print
// (another stream: a task).
:step
// CHECK: ran tfrt.new.chain: %ch0 = chain : !tfrt.chain
// CHECK-NEXT: stopped: tfrt.add.i32 at <repl>:11:8 in @main
:ready
// CHECK-NEXT: next: tfrt.add.i32 at <repl>:11:8 in @main
// CHECK-NEXT: ready: tfrt.print.i32 at <repl>:10:10 in @main
:pending
// CHECK-NEXT: tfrt.return at <repl>:12:3 in @main waits for:
// CHECK-NEXT:     %c: not produced yet (its producer tfrt.add.i32 at <repl>:11:8 is about to run)
// The result is available once add ran: the result line, then the queued
// print during the quiesce (docs/execution.md §1.6).
:continue
// CHECK-NEXT: 'main' returned 3
// CHECK-NEXT: int32 = 2

// :trace prints one line per kernel, in execution order, once it ran, with
// the values it produced (the async add's is not resolved when it returns;
// the print's output comes before its line).
:delete 1
// CHECK-NEXT: deleted breakpoint 1
:trace on
// CHECK-NEXT: trace on
:run @main()
// CHECK-NEXT: trace: tfrt.constant.i32 at <repl>:8:8 in @main: %a = 1 : i32
// CHECK-NEXT: trace: tfrt_test.async_add.i32 at <repl>:9:8 in @main: %b = <unavailable> : i32
// CHECK-NEXT: trace: tfrt.new.chain at <repl>:7:10 in @main: %ch0 = chain : !tfrt.chain
// CHECK-NEXT: trace: tfrt.add.i32 at <repl>:11:8 in @main: %c = 3 : i32
// CHECK-NEXT: 'main' returned 3
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: trace: tfrt.print.i32 at <repl>:10:10 in @main: %ch1 = chain : !tfrt.chain
:trace off
// CHECK-NEXT: trace off

// Nested invocations: :where (:bt) shows the call stack, innermost first,
// each invocation with its arguments; stop lines say how deep it is.
func.func @inc(%x: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %r = tfrt.add.i32 %x, %one
  tfrt.return %r : i32
}
// CHECK-NEXT: defined @inc
func.func @outer(%x: i32) -> i32 {
  %y = tfrt.call @inc(%x) : (i32) -> i32
  tfrt.return %y : i32
}
// CHECK-NEXT: defined @outer
:break 94
// CHECK-NEXT: breakpoint 2: line 94
%v = tfrt.constant.i32 5
// CHECK-NEXT: %v = 5 : i32
%w = tfrt.call @outer(%v) : (i32) -> i32
// CHECK-NEXT: stopped at breakpoint 2: tfrt.add.i32 at <repl>:94:8 in @inc(%x = 5), depth 3
:where
// CHECK-NEXT: #0 tfrt.add.i32 at <repl>:94:8 in @inc(%x = 5)
// CHECK-NEXT: #1 tfrt.call at <repl>:99:8 in @outer(%x = 5)
// CHECK-NEXT: #2 tfrt.call at <repl>:107:6 in top level
// %x is the session's %v itself, passed along: one reference each for the
// session, the operand slots of the two running calls (docs/execution.md §6.4) and the
// register of @inc, whose add still has to use it (docs/execution.md §6.6).
:print %x
// CHECK-NEXT: %x : i32 = 5 (available, refcount 4)
:print %one
// CHECK-NEXT: %one : i32 = 1 (available, refcount 1)
// Top-level values are visible too when the frame has no such name.
:print %v
// CHECK-NEXT: %v : i32 = 5 (available, refcount 4)
:continue
// CHECK-NEXT: %w = 6 : i32

// :step while idle: the next run stops before its first kernel.
:delete 2
// CHECK-NEXT: deleted breakpoint 2
:step
// CHECK-NEXT: the next run stops before its first kernel
:run @inc(1)
// CHECK-NEXT: stopped: tfrt.constant.i32 at <repl>:93:10 in @inc(%x = 1)
:step
// CHECK-NEXT: ran tfrt.constant.i32: %one = 1 : i32
// CHECK-NEXT: stopped: tfrt.add.i32 at <repl>:94:8 in @inc(%x = 1)
:step
// CHECK-NEXT: ran tfrt.add.i32: %r = 2 : i32
// CHECK-NEXT: 'inc' returned 2
:where
// CHECK-NEXT: not stopped
:pending
// CHECK-NEXT: no kernel is waiting
// CHECK-NOT: {{.}}
