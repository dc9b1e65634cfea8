// RUN: tfrun --trace=%t.json --schedule=exact %s | FileCheck %s
// RUN: python3 %S/../../tests/trace_check.py %t.json --kernel tfrt.call=9 --kernel tfrt.if=9 --kernel tfrt.add.i32=4 --driver run\ @main=1 --results tfrt.add.i32=3 --min-flows 1
// RUN: tfrun --trace=%t.fast.json --schedule=fast %s | FileCheck %s
// RUN: python3 %S/../../tests/trace_check.py %t.fast.json --kernel tfrt.call=9 --kernel tfrt.if=9 --kernel tfrt.add.i32=4 --invocations @fib=9 --invocations @main=1 --driver run\ @main=1 --results tfrt.add.i32=3
// RUN: not tfrun --trace=%t.missing/no/such/dir/t.json %s 2>&1 | FileCheck %s --check-prefix=ERR
// The trace's events, counted (tests/trace_check.py; docs/tools.md §5.1):
// fib(4) is 9 invocations of @fib (4 inner ones add: 4 tfrt.add.i32, the
// last one making 3), 9 tfrt.call counting @main's, and one slice for the
// driver's run of @main. Under exact, @fib's
// kernels run in tasks of their own streams, after the kernels that made
// their operands: flows join them. The fast schedule's compiled code runs
// each invocation in one stretch: one "invocation" slice per call.
// A trace file that cannot be written is an error (exit 1).

// CHECK: 'main' returned 3
// ERR: 'main' returned 3
// ERR: tfrun: --trace: cannot create a temporary file beside '{{.*}}/no/such/dir/t.json': No such file or directory
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

func.func @main() -> i32 {
  %n = tfrt.constant.i32 4
  %r = tfrt.call @fib(%n) : (i32) -> i32
  tfrt.return %r : i32
}
