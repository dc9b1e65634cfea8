// MODE: repl
// :quit while stopped at a breakpoint cancels the run (the kernels left are
// skipped with the cancellation error, docs/execution.md §6.11) and leaves.
func.func @main() -> i32 {
  %a = tfrt.constant.i32 1
  %ch = tfrt.new.chain
  %ch2 = tfrt.print.i32 %a, %ch
  %b = tfrt.add.i32 %a, %a
  tfrt.return %b : i32
}
// CHECK: defined @main
:break tfrt.constant.i32
// CHECK-NEXT: breakpoint 1: op tfrt.constant.i32
:run @main()
// CHECK-NEXT: stopped at breakpoint 1: tfrt.constant.i32 at <repl>:5:8 in @main
:quit
// CHECK-NEXT: 'main' returned <<error: Cancelled>>
:values
// CHECK-NOT: {{.}}
