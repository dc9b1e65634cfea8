// RUN: not tfrun run --schedule=exact --max-call-depth=2 %s 2>&1 | FileCheck %s
// RUN: not tfrun run --schedule=fast --max-call-depth=2 %s 2>&1 | FileCheck %s
// ARGS: --schedule=fast --max-call-depth=2
// Each run of a tfrt.while body is a call (docs/execution.md §1.7), also
// when the compiled engine runs the body inline in the loop (docs/engine.md:
// @step has no call of its own; @step_call has one, so its runs are calls
// of the compiled engine). A run that would go deeper than
// --max-call-depth=2 is refused at the while, with the same notes and
// results under both schedules; a loop whose condition is false runs no
// body and is not refused. (tfrun test runs the RUN lines;
// tests/engine_agree.sh reads ARGS and compares the engines byte for byte.)

func.func @inc(%x: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %y = tfrt.add.i32 %x, %one
  tfrt.return %y : i32
}

// (i) -> (i + 1, i + 1 <= 3)
func.func @step(%i: i32) -> (i32, i1) {
  %one = tfrt.constant.i32 1
  %three = tfrt.constant.i32 3
  %j = tfrt.add.i32 %i, %one
  %more = "tfrt.lessequal.i32"(%j, %three) : (i32, i32) -> i1
  tfrt.return %j, %more : i32, i1
}

func.func @step_call(%i: i32) -> (i32, i1) {
  %three = tfrt.constant.i32 3
  %j = tfrt.call @inc(%i) : (i32) -> i32
  %more = "tfrt.lessequal.i32"(%j, %three) : (i32, i32) -> i1
  tfrt.return %j, %more : i32, i1
}

// At depth 1, the body runs at depth 2: the limit.
func.func @count(%x: i32) -> i32 {
  %t = tfrt.constant.i1 1
  %r = tfrt.while %t @step(%x) parallel_iterations(1) : (i32) -> (i32)
  tfrt.return %r : i32
}

func.func @count_call(%x: i32) -> i32 {
  %t = tfrt.constant.i1 1
  %r = tfrt.while %t @step_call(%x) parallel_iterations(1) : (i32) -> (i32)
  tfrt.return %r : i32
}

func.func @count_none(%x: i32) -> i32 {
  %f = tfrt.constant.i1 0
  %r = tfrt.while %f @step(%x) parallel_iterations(1) : (i32) -> (i32)
  tfrt.return %r : i32
}

func.func @deeper(%x: i32) -> i32 {
  %r = tfrt.call @count(%x) : (i32) -> i32
  tfrt.return %r : i32
}

func.func @deeper_call(%x: i32) -> i32 {
  %r = tfrt.call @count_call(%x) : (i32) -> i32
  tfrt.return %r : i32
}

func.func @deeper_none(%x: i32) -> i32 {
  %r = tfrt.call @count_none(%x) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'while_ok':
// CHECK-NEXT: 'while_ok' returned 4
func.func @while_ok() -> i32 {
  %c = tfrt.constant.i32 0
  %r = tfrt.call @count(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'while_over':
// CHECK-NEXT: {{.*}}call_depth_while.mlir:38:8: error: unexpected error: call depth exceeds 2
// CHECK-NEXT: %r = tfrt.while %t @step(%x) parallel_iterations(1) : (i32) -> (i32)
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_while.mlir:55:8: note: called from
// CHECK-NEXT: %r = tfrt.call @count(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_while.mlir:90:8: note: called from
// CHECK-NEXT: %r = tfrt.call @deeper(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'while_over' returned <<error: call depth exceeds 2>>
func.func @while_over() -> i32 {
  %c = tfrt.constant.i32 0
  %r = tfrt.call @deeper(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'while_call_over':
// CHECK-NEXT: {{.*}}call_depth_while.mlir:44:8: error: unexpected error: call depth exceeds 2
// CHECK-NEXT: %r = tfrt.while %t @step_call(%x) parallel_iterations(1) : (i32) -> (i32)
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_while.mlir:60:8: note: called from
// CHECK-NEXT: %r = tfrt.call @count_call(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_while.mlir:107:8: note: called from
// CHECK-NEXT: %r = tfrt.call @deeper_call(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'while_call_over' returned <<error: call depth exceeds 2>>
func.func @while_call_over() -> i32 {
  %c = tfrt.constant.i32 0
  %r = tfrt.call @deeper_call(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'while_none':
// CHECK-NEXT: 'while_none' returned 7
func.func @while_none() -> i32 {
  %c = tfrt.constant.i32 7
  %r = tfrt.call @deeper_none(%c) : (i32) -> i32
  tfrt.return %r : i32
}
