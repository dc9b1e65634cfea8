// RUN: sed 's|OUT/|%t|' %s | tfrun repl 2>&1 | FileCheck %s
// RUN: python3 %S/../../tests/trace_check.py %t.fib.json --kernel tfrt.call=4 --kernel tfrt.if=5 --kernel tfrt.add.i32=2 --results tfrt.add.i32=2 --driver run\ @fib=1
// RUN: python3 %S/../../tests/trace_check.py %t.bound.json --kernel tfrt.call=2 --driver run\ @fib=1
// The REPL's `:run --trace=FILE @f(ARGS)` writes the run's trace as
// `tfrun run --trace` does (docs/tools.md §5.1): fib(3) is 5 invocations of
// @fib, 4 of them by tfrt.call (the driver makes the first), 5 tfrt.if, and
// the two that recurse add (2 tfrt.add.i32, the last making 2). A bound
// run (%x = :run) traces too; a wrong option is an error that runs
// nothing, and a run without the option writes nothing. A traced run is
// watched, as a run with a breakpoint is: under auto it runs exact. (The first RUN
// line puts the test's temporary path where OUT/ stands.)
func.func @fib(%n: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %small = "tfrt.lessequal.i32"(%n, %one) : (i32, i32) -> i1
  %r = tfrt.if %small, %n, %one, %two : (i32, i32, i32) -> (i32) {
    tfrt.return %n : i32
  } else {
    %m1 = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %m2 = "tfrt.minus.i32"(%n, %two) : (i32, i32) -> i32
    %a = tfrt.call @fib(%m1) : (i32) -> i32
    %b = tfrt.call @fib(%m2) : (i32) -> i32
    %s = tfrt.add.i32 %a, %b
    tfrt.return %s : i32
  }
  tfrt.return %r : i32
}
// CHECK: defined @fib
:run --trace=OUT/.fib.json @fib(3 : i32)
// CHECK-NEXT: note: runs use the exact schedule while the debugger is armed {{.*}}; auto would choose fast
// CHECK-NEXT: 'fib' returned 2
// CHECK-NEXT: trace of @fib written to {{.+}}.fib.json (open it in https://ui.perfetto.dev)
%x = :run --trace=OUT/.bound.json @fib(2 : i32)
// CHECK-NEXT: trace of @fib written to {{.+}}.bound.json (open it in https://ui.perfetto.dev)
// CHECK-NEXT: %x = 1 : i32
:run --trace @fib(2 : i32)
// CHECK-NEXT: <repl>:[[@LINE-1]]:6: error: ':run' takes one option, --trace=FILE (the run's trace, for https://ui.perfetto.dev)
:run @fib(1 : i32)
// CHECK: 'fib' returned 1
// CHECK-NOT: trace of
