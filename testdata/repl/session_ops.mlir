// MODE: repl
// Typed ops whatever their number of results, results of :run bound to
// names, a result that is never produced, :list around a line, and
// :trace with call depth.
%p = tfrt.constant.i32 7
// CHECK: %p = 7 : i32
%z = tfrt.constant.i32 2
// CHECK-NEXT: %z = 2 : i32
// Two named results (tfrt.div.i32: quotient and remainder), and a group.
%q, %r = tfrt.div.i32 %p, %z
// CHECK-NEXT: %q = 3 : i32
// CHECK-NEXT: %r = 1 : i32
%d:2 = tfrt.div.i32 %p, %z
// CHECK-NEXT: %d#0 = 3 : i32
// CHECK-NEXT: %d#1 = 1 : i32
%s = tfrt.add.i32 %q, %d#1
// CHECK-NEXT: %s = 4 : i32
func.func @pair(%x: i32) -> (i32, i32) {
  %one = tfrt.constant.i32 1
  %y = tfrt.add.i32 %x, %one
  tfrt.return %x, %y : i32, i32
}
// CHECK-NEXT: defined @pair
%a, %b = :run @pair(%s)
// CHECK-NEXT: %a = 4 : i32
// CHECK-NEXT: %b = 5 : i32
%c = :run @pair(1 : i32)
// CHECK-NEXT: <repl>:[[@LINE-1]]:11: error: '@pair' returns 2 results; 1 name was given to bind them
%c = :list
// CHECK: <repl>:[[@LINE-1]]:6: error: only :run gives results to bind (%r = :run @f(ARGS))
:print %b
// CHECK: %b : i32 = 5 (available, refcount 1)

// A result that can never be produced: the callee of the inner rv.critical
// waits for the section its caller holds. Shown as unavailable, with the
// report `tfrun run` gives (docs/tools.md §5.4): the result is never
// produced, and the notes go down to the rv.critical that waits for itself.
func.func @inner(%cs: !rv.cs) -> i32 {
  %one = tfrt.constant.i32 1
  tfrt.return %one : i32
}
// CHECK-NEXT: defined @inner
func.func @outer(%cs: !rv.cs) -> i32 {
  %r = rv.critical %cs @inner(%cs) : (!rv.cs) -> i32
  tfrt.return %r : i32
}
// CHECK-NEXT: defined @outer
func.func @stuck() -> i32 {
  %cs = "rv.critical_section"() : () -> !rv.cs
  %r = rv.critical %cs @outer(%cs) : (!rv.cs) -> i32
  tfrt.return %r : i32
}
// CHECK-NEXT: defined @stuck
:run @stuck()
// CHECK-NEXT: 'stuck' returned <<unavailable>>
// CHECK-NEXT: <repl>:51:3: error: result #0 of 'stuck' is never produced
// CHECK:      <repl>:50:8: note: %r is a result of 'rv.critical', whose invocation of @outer never returns it
// CHECK:      <repl>:44:8: note: 'rv.critical' waits for the critical section %cs, which the invocation of @outer it runs in holds: it waits for itself
// CHECK:      <repl>:50:8: note: that invocation of @outer took the critical section here
%never = :run @stuck()
// CHECK:      %never = <unavailable> : i32
// CHECK-NEXT: <repl>:51:3: error: result #0 of 'stuck' is never produced
// CHECK:      <repl>:44:8: note: 'rv.critical' waits for the critical section %cs, which the invocation of @outer it runs in holds: it waits for itself
:print %never
// CHECK:      %never : i32 (unavailable, refcount 1)

// :list N shows ten lines of <repl> around line N; :list @f a function.
:list 20
// CHECK-NEXT: {{^    15  // CHECK-NEXT: %d#1 = 1 : i32$}}
// CHECK-NEXT: {{^    16  %s = tfrt.add.i32 %q, %d#1$}}
// CHECK-NEXT: {{^    17  // CHECK-NEXT: %s = 4 : i32$}}
// CHECK-NEXT: {{^    18  func.func @pair\(%x: i32\) -> \(i32, i32\) \{$}}
// CHECK: {{^    24  %a, %b = :run @pair\(%s\)$}}
:list @pair
// CHECK-NEXT: {{^    18  func.func @pair\(%x: i32\) -> \(i32, i32\) \{$}}
// CHECK-NEXT: {{^    19    %one = tfrt.constant.i32 1$}}
// CHECK-NEXT: {{^    20    %y = tfrt.add.i32 %x, %one$}}
// CHECK-NEXT: {{^    21    tfrt.return %x, %y : i32, i32$}}
// CHECK-NEXT: {{^    22  }$}}
:list 5000
// CHECK: <repl>:[[@LINE-1]]:1: error: line 4995 is past the end of '<repl>' ({{[0-9]+}} lines)
:list x
// CHECK: <repl>:[[@LINE-1]]:7: error: :list takes a line number N, FILE:N or @f

// :trace: one line per kernel, indented by its call depth, with results.
func.func @twice(%x: i32) -> i32 {
  %a, %b = tfrt.call @pair(%x) : (i32) -> (i32, i32)
  %t = tfrt.add.i32 %a, %b
  tfrt.return %t : i32
}
// CHECK: defined @twice
:trace on
// CHECK-NEXT: trace on
:run @twice(3 : i32)
// CHECK-NEXT: note: runs use the exact schedule while the debugger is armed {{.*}}
// CHECK-NEXT: trace: tfrt.call at <repl>:87:12 in @twice(%x = 3)
// CHECK-NEXT: trace:   tfrt.constant.i32 at <repl>:19:10 in @pair(%x = 3): %one = 1 : i32
// CHECK-NEXT: trace:   tfrt.add.i32 at <repl>:20:8 in @pair(%x = 3): %y = 4 : i32
// CHECK-NEXT: trace: tfrt.add.i32 at <repl>:88:8 in @twice(%x = 3): %t = 7 : i32
// CHECK-NEXT: 'twice' returned 7
:trace off
// CHECK-NEXT: trace off
// A watched run of @stuck (a breakpoint is set) gives the same report.
:break tfrt.print.i32
// CHECK-NEXT: breakpoint 1: op tfrt.print.i32
:run @stuck()
// CHECK-NEXT: 'stuck' returned <<unavailable>>
// CHECK-NEXT: <repl>:51:3: error: result #0 of 'stuck' is never produced
// CHECK:      <repl>:44:8: note: 'rv.critical' waits for the critical section %cs, which the invocation of @outer it runs in holds: it waits for itself
// :list FILE:N reads only the session's own sources.
:list /etc/passwd:1
// CHECK: <repl>:[[@LINE-1]]:7: error: '/etc/passwd' is not a file of this session (:list shows <repl> and loaded files)
:list <repl>:1
// CHECK: {{^=?    1  // MODE: repl$}}
:delete 1
// CHECK: deleted breakpoint 1
// Kernels that wait forever, in a run with nothing armed: the REPL runs it
// once more, watched and silent, for the debugger's records (:pending).
func.func @waits() -> i32 {
  %cs = "rv.critical_section"() : () -> !rv.cs
  %r = rv.critical %cs @outer(%cs) : (!rv.cs) -> i32
  %s = tfrt.add.i32 %r, %r
  tfrt.return %s : i32
}
// CHECK-NEXT: defined @waits
:run @waits()
// CHECK-NEXT: 'waits' returned <<unavailable>>
// CHECK-NEXT: <repl>:123:3: error: result #0 of 'waits' is never produced
// CHECK:      <repl>:122:8: note: %s is a result of 'tfrt.add.i32', which never ran: it waits for %r
// CHECK:      <repl>:121:8: note: %r is a result of 'rv.critical', whose invocation of @outer never returns it
// CHECK:      <repl>:44:8: note: 'rv.critical' waits for the critical section %cs, which the invocation of @outer it runs in holds: it waits for itself
// CHECK:      note: 2 kernels never ran; :pending shows what they are waiting for
// :pending: what each kernel waits for (a value never produced is never
// shown as available), then the same report.
:pending
// CHECK-NEXT: tfrt.add.i32 at <repl>:122:8 in @waits waits for:
// CHECK-NEXT:     %r: unavailable (produced by rv.critical at <repl>:121:8, not resolved yet)
// CHECK-NEXT: tfrt.return at <repl>:123:3 in @waits waits for:
// CHECK-NEXT:     %s: not produced yet (its producer tfrt.add.i32 at <repl>:122:8 has not run)
// CHECK-NEXT: <repl>:123:3: error: result #0 of 'waits' is never produced
// CHECK:      <repl>:121:8: note: that invocation of @outer took the critical section here
