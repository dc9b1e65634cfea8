// MODE: repl
// :schedule (docs/execution.md §7): the schedule of the session's later runs. With
// no argument it says which schedule auto chose and why; exact and fast are
// taken as asked; anything else is an error that leaves it as it was. The
// results are the same under every schedule.
func.func @sum(%n: i32) -> i32 {
  %zero = tfrt.constant.i32 0
  %r:2 = tfrt.repeat.i32 %n, %zero, %n : i32, i32 {
    %s = tfrt.add.i32 %zero, %n
    tfrt.return %s, %n : i32, i32
  }
  tfrt.return %r#0 : i32
}
// CHECK: defined @sum
:schedule fast
// CHECK-NEXT: schedule fast: fast (requested)
:run @sum(4 : i32)
// CHECK-NEXT: 'sum' returned 16
:schedule exact
// CHECK-NEXT: schedule exact: exact (requested)
:run @sum(5 : i32)
// CHECK-NEXT: 'sum' returned 25
:schedule sometimes
// CHECK-NEXT: {{^<repl>:23:11: error: :schedule takes 'auto', 'exact' or 'fast'$}}
:schedule
// CHECK: schedule exact: exact (requested)
// auto: nothing in the session prints, so the analysis lets it run fast...
:schedule auto
// CHECK-NEXT: schedule auto: fast (auto: every conflicting pair of effects is ordered)
// ...but while a breakpoint is set the session shows the order: exact.
:break tfrt.add.i32
// CHECK-NEXT: breakpoint 1: op tfrt.add.i32
:schedule
// CHECK-NEXT: schedule auto: exact (auto: the debugger shows the order of kernels (a breakpoint, watchpoint, :step, :trace or :run --trace))
:run @sum(1 : i32)
// CHECK-NEXT: note: runs use the exact schedule while the debugger is armed (breakpoints, watchpoints, stepping, tracing); auto would choose fast
// CHECK-NEXT: stopped at breakpoint 1: tfrt.add.i32 at <repl>:9:10 in region of tfrt.repeat.i32(%zero = 0, %n = 1) in @sum, depth 2
:delete 1
// CHECK-NEXT: deleted breakpoint 1
:continue
// CHECK-NEXT: 'sum' returned 1
:schedule
// CHECK-NEXT: schedule auto: fast (auto: every conflicting pair of effects is ordered)
// A function with arguments counts too (:run may run it): its print is
// not part of its result, so it may come after the 'returned' line.
func.func @shows(%a: i32) -> i32 {
  %ch = tfrt.new.chain
  %ch1 = tfrt.print.i32 %a, %ch
  tfrt.return %a : i32
}
// CHECK-NEXT: defined @shows
:schedule
// CHECK-NEXT: schedule auto: exact (auto: <repl>:48:10: 'tfrt.print.i32' prints to the output, and no result of 'shows' depends on it, so it may come after the line 'shows' returned ...)
:run @shows(7 : i32)
// Exact: the argument is there when the call starts, so the print runs
// inline before the return does.
// CHECK-NEXT: int32 = 7
// CHECK-NEXT: 'shows' returned 7
// Redefined without the print, the session is determinate again.
func.func @shows(%a: i32) -> i32 {
  tfrt.return %a : i32
}
// CHECK-NEXT: redefined @shows
:schedule
// CHECK-NEXT: schedule auto: fast (auto: every conflicting pair of effects is ordered)
// Two prints on one chain: nothing orders them, so auto is exact and names
// both (the earlier first).
func.func @two() {
  %ch = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %c1 = tfrt.print.i32 %one, %ch
  %c2 = tfrt.print.i32 %one, %ch
  tfrt.return
}
// CHECK-NEXT: defined @two
:schedule
// CHECK-NEXT: schedule auto: exact (auto: <repl>:71:9: 'tfrt.print.i32' and <repl>:72:9: 'tfrt.print.i32' both print to the output)
