// MODE: repl
// Watchpoints: a resource variable incremented through calls stops the run
// after each kernel that writes it (the op table's FX_W column says which
// operand a kernel writes), wherever that kernel is; an atomic and a list
// the same way; a watchpoint on a value of the run is deleted when the run
// ends, one on a top-level value stays.
func.func @bump(%v: !rv.var, %ch: !tfrt.chain) -> !tfrt.chain {
  %one = tfrt.constant.i32 1
  %c = "rv.assign_add"(%v, %one, %ch) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}
// CHECK: defined @bump
func.func @main() -> i32 {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %ch2 = tfrt.call @bump(%v, %ch1) : (!rv.var, !tfrt.chain) -> !tfrt.chain
  %ch3 = tfrt.call @bump(%v, %ch2) : (!rv.var, !tfrt.chain) -> !tfrt.chain
  %seven = tfrt.constant.i32 7
  %ch4 = "rv.assign"(%v, %seven, %ch3) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %x, %ch5 = "rv.read"(%v, %ch4) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %x : i32
}
// CHECK-NEXT: defined @main
// Stop once %v exists, watch it, and let it run.
:break tfrt.call
// CHECK-NEXT: breakpoint 1: op tfrt.call
:run @main()
// CHECK-NEXT: note: runs use the exact schedule while the debugger is armed {{.*}}
// CHECK-NEXT: stopped at breakpoint 1: tfrt.call at <repl>:17:10 in @main
:watch %v
// CHECK-NEXT: watchpoint 2: %v = 0
:delete 1
// CHECK-NEXT: deleted breakpoint 1
:break
// CHECK-NEXT: watchpoint 2: %v = 0
// Each rv.assign_add, in its own invocation of @bump, then the rv.assign.
:continue
// CHECK-NEXT: watchpoint 2: %v changed from 0 to 1 at <repl>:9:8 'rv.assign_add'
// CHECK-NEXT: stopped after rv.assign_add at <repl>:9:8 in @bump(%v = !rv.var(1), %ch = chain), depth 2
:bt
// CHECK-NEXT: #0 after rv.assign_add at <repl>:9:8 in @bump(%v = !rv.var(1), %ch = chain)
// CHECK-NEXT: #1 tfrt.call at <repl>:17:10 in @main
:locals
// CHECK-NEXT: %v : !rv.var = !rv.var(1)
// CHECK-NEXT: %ch : !tfrt.chain = chain
// CHECK-NEXT: %one : i32 = 1
// CHECK-NEXT: %c : !tfrt.chain = chain
:continue
// CHECK-NEXT: watchpoint 2: %v changed from 1 to 2 at <repl>:9:8 'rv.assign_add'
// CHECK-NEXT: stopped after rv.assign_add at <repl>:9:8 in @bump(%v = !rv.var(2), %ch = chain), depth 2
:up
// CHECK-NEXT: #1 tfrt.call at <repl>:18:10 in @main
:continue
// CHECK-NEXT: watchpoint 2: %v changed from 2 to 7 at <repl>:20:10 'rv.assign'
// CHECK-NEXT: stopped after rv.assign at <repl>:20:10 in @main
// A step from a stop after a kernel stops before the next one.
:step
// CHECK-NEXT: stopped: rv.read at <repl>:21:14 in @main
:continue
// CHECK-NEXT: 'main' returned 7
// CHECK-NEXT: watchpoint 2 deleted: %v belonged to the run that ended

// Top-level values: an atomic counter and a list, written by typed ops.
%a = "tfrt_test.atomic.create.i32"() : () -> !test.atomic.i32
// CHECK-NEXT: %a = !test.atomic.i32(0) : !test.atomic.i32
:watch %a
// CHECK-NEXT: watchpoint 3: %a = 0
%done = "tfrt_test.atomic.inc.i32"(%a) : (!test.atomic.i32) -> !tfrt.chain
// CHECK-NEXT: watchpoint 3: %a changed from 0 to 1 at <repl>:[[@LINE-1]]:9 'tfrt_test.atomic.inc.i32'
// CHECK-NEXT: stopped after tfrt_test.atomic.inc.i32 at <repl>:[[@LINE-2]]:9 in top level
:continue
// CHECK-NEXT: %done = chain : !tfrt.chain
%l = "list.new"() : () -> !tfrt.list
// CHECK-NEXT: %l = [] : !tfrt.list
:watch %l
// CHECK-NEXT: watchpoint 4: %l = []
%s = tfrt.constant.i32 5
// CHECK-NEXT: %s = 5 : i32
%ch = tfrt.new.chain
// CHECK-NEXT: %ch = chain : !tfrt.chain
%ch2 = "list.append"(%l, %s, %ch) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
// CHECK-NEXT: watchpoint 4: %l changed from [] to [5] at <repl>:[[@LINE-1]]:8 'list.append'
// CHECK-NEXT: stopped after list.append at <repl>:[[@LINE-2]]:8 in top level
:c
// CHECK-NEXT: %ch2 = chain : !tfrt.chain
// Both stay: they watch the session's own values.
:break
// CHECK-NEXT: watchpoint 3: %a = 1
// CHECK-NEXT: watchpoint 4: %l = [5]
:delete 3
// CHECK-NEXT: deleted breakpoint 3
// What :watch refuses.
:watch %s
// CHECK-NEXT: <repl>:[[@LINE-1]]:8: error: cannot watch %s: it holds no object that a kernel writes (a resource variable, list, tensor, buffer or atomic)
:watch %nope
// CHECK: <repl>:[[@LINE-1]]:8: error: cannot watch %nope: no value of that name
:watch s
// CHECK: <repl>:[[@LINE-1]]:8: error: expected a value name such as %v
