// MODE: repl
// The logical call stack of bodies that start later than the kernel that
// starts them: a tfrt_test.do.async body (a task of its own), a nested
// one, and a callee of rv.critical queued while the section is held. The
// debugger finds each caller through the call chain of the context
// (ExecCtx.site), not the C stack.
func.func @work(%x: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %y = tfrt.add.i32 %x, %one
  tfrt.return %y : i32
}
// CHECK: defined @work
func.func @main() -> i32 {
  %a = tfrt.constant.i32 3
  %r = tfrt_test.do.async %a : (i32) -> (i32) {
    %t = tfrt_test.do.async %a : (i32) -> (i32) {
      %u = tfrt.call @work(%a) : (i32) -> i32
      tfrt.return %u : i32
    }
    tfrt.return %t : i32
  }
  tfrt.return %r : i32
}
// CHECK-NEXT: defined @main
:break tfrt.add.i32
// CHECK-NEXT: breakpoint 1: op tfrt.add.i32
:run @main()
// CHECK-NEXT: note: runs use the exact schedule while the debugger is armed {{.*}}
// CHECK-NEXT: stopped at breakpoint 1: tfrt.add.i32 at <repl>:9:8 in @work(%x = 3), depth 4
:bt
// CHECK-NEXT: #0 tfrt.add.i32 at <repl>:9:8 in @work(%x = 3)
// CHECK-NEXT: #1 tfrt.call at <repl>:17:12 in region of tfrt_test.do.async(%a = 3) in @main
// CHECK-NEXT: #2 tfrt_test.do.async at <repl>:16:10 in region of tfrt_test.do.async(%a = 3) in @main
// CHECK-NEXT: #3 tfrt_test.do.async at <repl>:15:8 in @main
:c
// CHECK-NEXT: 'main' returned 4
:delete 1
// CHECK-NEXT: deleted breakpoint 1

// Two invocations through one critical section: the second waits for the
// first to finish and starts from a continuation.
func.func @slow(%x: i32) -> i32 {
  %y = "tfrt_test.async_copy.with_delay.i32"(%x) : (i32) -> i32
  tfrt.return %y : i32
}
// CHECK-NEXT: defined @slow
func.func @crit() -> i32 {
  %cs = "rv.critical_section"() : () -> !rv.cs
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %p = rv.critical %cs @slow(%one) : (i32) -> i32
  %q = rv.critical %cs @work(%two) : (i32) -> i32
  %s = tfrt.add.i32 %p, %q
  tfrt.return %s : i32
}
// CHECK-NEXT: defined @crit
:break @work
// CHECK-NEXT: breakpoint 2: function @work
:run @crit()
// CHECK-NEXT: stopped at breakpoint 2: tfrt.constant.i32 at <repl>:8:10 in @work(%x = 2), depth 2
:bt
// CHECK-NEXT: #0 tfrt.constant.i32 at <repl>:8:10 in @work(%x = 2)
// CHECK-NEXT: #1 rv.critical at <repl>:[[@LINE-11]]:8 in @crit
:c
// CHECK-NEXT: 'crit' returned 4
