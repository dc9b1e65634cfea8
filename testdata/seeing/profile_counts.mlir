// RUN: tfrun --profile --schedule=exact %s 2>&1 | FileCheck %s
// RUN: tfrun --profile --schedule=fast %s 2>&1 | FileCheck %s
// RUN: tfrun --profile --schedule=exact --work-queue=mstd:2 %s 2>&1 | FileCheck %s
// RUN: tfrun --profile=time --schedule=fast --work-queue=mstd:2 %s 2>&1 | FileCheck %s
// RUN: tfrun --profile --trace=%t.json --schedule=fast %s 2>&1 | FileCheck %s
// RUN: tfrun --profile=count --schedule=exact %s 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: tfrun --profile=count --schedule=fast --work-queue=mstd:2 %s 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not tfrun --profile=calls %s 2>&1 | FileCheck %s --check-prefix=BAD
// --profile counts every kernel execution, whichever engine runs it (the
// fast schedule's compiled code included): the counts are the same under
// every schedule and work queue (docs/tools.md §5.2). By hand, fib(6) makes
// C(6) = 25 invocations of @fib (C(n) = 1 + C(n-1) + C(n-2), C(0) = C(1) = 1),
// 13 of them leaves (n <= 1) and 12 inner ones. Per invocation of @fib: two
// constants, one lessequal, one if; per inner one, two minus, two calls and
// one add. @main adds one constant and one call. So:
//   tfrt.constant.i32  2*25 + 1 = 51     tfrt.lessequal.i32  25
//   tfrt.if            25                tfrt.minus.i32      2*12 = 24
//   tfrt.call          2*12 + 1 = 25     tfrt.add.i32        12
//   @fib 25 invocations, @main 1.

// CHECK: 'main' returned 8
// CHECK: --- Profile: {{[0-9.]+}} ms of wall time in the functions the driver ran
// CHECK-NEXT: {{^  op +executions +self ms +mean us +share$}}
// CHECK-DAG: {{^  tfrt.constant.i32 +51 }}
// CHECK-DAG: {{^  tfrt.lessequal.i32 +25 }}
// CHECK-DAG: {{^  tfrt.if +25 }}
// CHECK-DAG: {{^  tfrt.minus.i32 +24 }}
// CHECK-DAG: {{^  tfrt.call +25 }}
// CHECK-DAG: {{^  tfrt.add.i32 +12 }}
// CHECK: {{^  function +invocations +total ms +mean us +share$}}
// CHECK-DAG: {{^  @fib +25 }}
// CHECK-DAG: {{^  @main +1 }}
// CHECK-NOT: {{^  [^ ]}}

// --profile=count sorts by count (then name): the order is fixed.
// COUNT:      'main' returned 8
// COUNT-NEXT: --- Profile: {{[0-9.]+}} ms of wall time in the functions the driver ran
// COUNT-NEXT: {{^  op +executions +self ms +mean us +share$}}
// COUNT-NEXT: {{^  tfrt.constant.i32 +51 }}
// COUNT-NEXT: {{^  tfrt.call +25 }}
// COUNT-NEXT: {{^  tfrt.if +25 }}
// COUNT-NEXT: {{^  tfrt.lessequal.i32 +25 }}
// COUNT-NEXT: {{^  tfrt.minus.i32 +24 }}
// COUNT-NEXT: {{^  tfrt.add.i32 +12 }}
// COUNT-NEXT: {{^  function +invocations +total ms +mean us +share$}}
// COUNT-NEXT: {{^  @fib +25 }}
// COUNT-NEXT: {{^  @main +1 }}
// BAD: tfrun: invalid profile order 'calls' (want time or count)
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
  %n = tfrt.constant.i32 6
  %r = tfrt.call @fib(%n) : (i32) -> i32
  tfrt.return %r : i32
}
