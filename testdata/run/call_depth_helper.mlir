// RUN: not tfrun run --schedule=exact --max-call-depth=10000 %s 2>&1 | FileCheck %s
// RUN: not tfrun run --schedule=fast --max-call-depth=10000 %s 2>&1 | FileCheck %s
// ARGS: --schedule=fast --max-call-depth=10000
// A runaway recursion that calls a helper before it recurses: the helper's
// call is the first to go deeper than the limit (docs/execution.md §1.7),
// also when the compiled engine runs @half inline in @down (docs/engine.md).
// Both schedules report it there, with the same notes; the request stops,
// so the recursive call after it starts no more. (At the default limit,
// 10^6, the output is the same but for the numbers; 10 000 keeps the test
// fast. tfrun test runs the RUN lines; tests/engine_agree.sh reads ARGS and
// compares the engines byte for byte.)

func.func @half(%n: i32) -> i32 {
  %two = tfrt.constant.i32 2
  %q, %r = tfrt.div.i32 %n, %two
  tfrt.return %q : i32
}

func.func @down(%n: i32) -> i32 {
  %h = tfrt.call @half(%n) : (i32) -> i32
  %r = tfrt.call @down(%h) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'main':
// CHECK-NEXT: {{.*}}call_depth_helper.mlir:20:8: error: unexpected error: call depth exceeds 10000
// CHECK-NEXT: %h = tfrt.call @half(%n) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_helper.mlir:21:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%h) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_helper.mlir:21:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%h) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_helper.mlir:21:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%h) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_helper.mlir:21:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%h) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: note: ... 9992 more calls
// CHECK-NEXT: {{.*}}call_depth_helper.mlir:21:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%h) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_helper.mlir:21:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%h) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_helper.mlir:21:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%h) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_helper.mlir:58:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'main' returned <<error: call depth exceeds 10000>>
// CHECK-NOT: error
func.func @main() -> i32 {
  %c = tfrt.constant.i32 1000
  %r = tfrt.call @down(%c) : (i32) -> i32
  tfrt.return %r : i32
}
