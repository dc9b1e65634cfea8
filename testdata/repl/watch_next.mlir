// MODE: repl
// :next after a watchpoint stopped the run after the last kernel of @add:
// the next kernel is the caller's (rv.read in @main), not whatever the
// next breakpoint is (the debugger used to run on to it).
func.func @add(%v: !rv.var, %n: i32, %ch: !tfrt.chain) -> !tfrt.chain {
  %done = "rv.assign_add"(%v, %n, %ch) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %done : !tfrt.chain
}
func.func @main() -> i32 {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %a = tfrt.call @add(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %b = tfrt.call @add(%v, %two, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %x, %ch2 = "rv.read"(%v, %a) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %total = tfrt.add.i32 %one, %two
  tfrt.return %total : i32
}
// CHECK: defined @main
:break rv.assign_add
// CHECK-NEXT: breakpoint 1: op rv.assign_add
:run @main()
// CHECK:      stopped at breakpoint 1: rv.assign_add at <repl>:6:11 in @add(%v = !rv.var(0), %n = 1, %ch = chain), depth 2
:watch %v
// CHECK-NEXT: watchpoint 2: %v = 0
:continue
// CHECK-NEXT: watchpoint 2: %v changed from 0 to 1 at <repl>:6:11 'rv.assign_add'
// CHECK-NEXT: stopped after rv.assign_add at <repl>:6:11 in @add(%v = !rv.var(1), %n = 1, %ch = chain), depth 2
:next
// CHECK-NEXT: stopped: rv.read at <repl>:17:14 in @main
:next
// CHECK-NEXT: ran rv.read: %x = 1 : i32, %ch2 = chain : !tfrt.chain
// CHECK-NEXT: stopped: tfrt.add.i32 at <repl>:18:12 in @main
:kill
// CHECK-NEXT: run cancelled: its remaining kernels are skipped
