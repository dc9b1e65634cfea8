// MODE: repl
// A watchpoint reports only writes that happened: after :kill the second
// @add's rv.assign_add is skipped, so no "written" line comes for it (the
// debugger used to report it as "%v written, still 1").
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
:break rv.read
// CHECK-NEXT: breakpoint 1: op rv.read
:run @main()
// In TFRT's order the read runs between the two calls: %v holds 1.
// CHECK:      stopped at breakpoint 1: rv.read at <repl>:17:14 in @main
:watch %v
// CHECK-NEXT: watchpoint 2: %v = 1
:kill
// CHECK-NEXT: run cancelled: its remaining kernels are skipped
// CHECK-NEXT: 'main' returned <<error: Cancelled>>
// CHECK-NEXT: watchpoint 2 deleted: %v belonged to the run that ended
