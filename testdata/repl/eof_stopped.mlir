// MODE: repl
// End of input while stopped at a breakpoint leaves cleanly (status 0), as
// :quit does.
func.func @main() -> i32 {
  %a = tfrt.constant.i32 20
  %b = tfrt.add.i32 %a, %a
  tfrt.return %b : i32
}
// CHECK: defined @main
:step
// CHECK-NEXT: the next run stops before its first kernel
:run @main()
// Said once: stepping makes the session's runs exact.
// CHECK-NEXT: note: runs use the exact schedule while the debugger is armed (breakpoints, watchpoints, stepping, tracing); auto would choose fast
// CHECK-NEXT: stopped: tfrt.constant.i32 at <repl>:5:8 in @main
// CHECK-NEXT: 'main' returned <<error: Cancelled>>
// CHECK-NOT: {{.}}
