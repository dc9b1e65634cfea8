// RUN: not tfrun run --schedule=exact --max-call-depth=2 %s 2>&1 | FileCheck %s
// RUN: not tfrun run --schedule=fast --max-call-depth=2 %s 2>&1 | FileCheck %s
// ARGS: --schedule=fast --max-call-depth=2
// The call depth limit (docs/execution.md §1.7) counts the calls that the
// compiled engine runs inline in their callers (docs/engine.md): those of
// functions without calls of their own, like @inc and @id here. A call that
// would go deeper than --max-call-depth=2 is refused at the same op, with
// the same notes and results, under both schedules. (tfrun test runs the
// RUN lines; tests/engine_agree.sh reads ARGS and compares the two engines
// byte for byte.)

func.func @inc(%x: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %y = tfrt.add.i32 %x, %one
  tfrt.return %y : i32
}

func.func @id(%x: i32) -> i32 {
  tfrt.return %x : i32
}

// At depth 1, its call of @inc runs at depth 2: the limit.
func.func @one(%x: i32) -> i32 {
  %r = tfrt.call @inc(%x) : (i32) -> i32
  tfrt.return %r : i32
}

func.func @two(%x: i32) -> i32 {
  %r = tfrt.call @one(%x) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'at_limit':
// CHECK-NEXT: 'at_limit' returned 6
func.func @at_limit() -> i32 {
  %c = tfrt.constant.i32 5
  %r = tfrt.call @one(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'over':
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:24:8: error: unexpected error: call depth exceeds 2
// CHECK-NEXT: %r = tfrt.call @inc(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:29:8: note: called from
// CHECK-NEXT: %r = tfrt.call @one(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:54:8: note: called from
// CHECK-NEXT: %r = tfrt.call @two(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'over' returned <<error: call depth exceeds 2>>
func.func @over() -> i32 {
  %c = tfrt.constant.i32 5
  %r = tfrt.call @two(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// At depth 2, @id's call is refused: its result is the error, not %x
// (no body runs), and the request stops, so @inc's call does not start
// either (the stop's error, no second diagnostic).
func.func @pair(%x: i32) -> (i32, i32) {
  %a = tfrt.call @id(%x) : (i32) -> i32
  %b = tfrt.call @inc(%a) : (i32) -> i32
  tfrt.return %a, %b : i32, i32
}

func.func @via_pair(%x: i32) -> (i32, i32) {
  %a, %b = tfrt.call @pair(%x) : (i32) -> (i32, i32)
  tfrt.return %a, %b : i32, i32
}

// CHECK-LABEL: --- Running 'stopped':
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:62:8: error: unexpected error: call depth exceeds 2
// CHECK-NEXT: %a = tfrt.call @id(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:68:12: note: called from
// CHECK-NEXT: %a, %b = tfrt.call @pair(%x) : (i32) -> (i32, i32)
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:85:12: note: called from
// CHECK-NEXT: %a, %b = tfrt.call @via_pair(%c) : (i32) -> (i32, i32)
// CHECK-NEXT: ^
// CHECK-NEXT: 'stopped' returned <<error: call depth exceeds 2>>,<<error: call depth exceeds 2>>
func.func @stopped() -> (i32, i32) {
  %c = tfrt.constant.i32 5
  %a, %b = tfrt.call @via_pair(%c) : (i32) -> (i32, i32)
  tfrt.return %a, %b : i32, i32
}

// The function tfrt.cond or tfrt.case picks is called.
func.func @pick(%x: i32) -> i32 {
  %t = tfrt.constant.i1 1
  %r = tfrt.cond %t @inc @id (%x) : (i32) -> (i32)
  tfrt.return %r : i32
}

func.func @via_pick(%x: i32) -> i32 {
  %r = tfrt.call @pick(%x) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'cond_ok':
// CHECK-NEXT: 'cond_ok' returned 6
func.func @cond_ok() -> i32 {
  %c = tfrt.constant.i32 5
  %r = tfrt.call @pick(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'cond_over':
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:92:8: error: unexpected error: call depth exceeds 2
// CHECK-NEXT: %r = tfrt.cond %t @inc @id (%x) : (i32) -> (i32)
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:97:8: note: called from
// CHECK-NEXT: %r = tfrt.call @pick(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:122:8: note: called from
// CHECK-NEXT: %r = tfrt.call @via_pick(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'cond_over' returned <<error: call depth exceeds 2>>
func.func @cond_over() -> i32 {
  %c = tfrt.constant.i32 5
  %r = tfrt.call @via_pick(%c) : (i32) -> i32
  tfrt.return %r : i32
}

func.func @choose(%x: i32) -> i32 {
  %i = tfrt.constant.i32 1
  %r = tfrt.case %i [@inc, @id] (%x) : (i32) -> (i32)
  tfrt.return %r : i32
}

func.func @via_choose(%x: i32) -> i32 {
  %r = tfrt.call @choose(%x) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'case_over':
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:128:8: error: unexpected error: call depth exceeds 2
// CHECK-NEXT: %r = tfrt.case %i [@inc, @id] (%x) : (i32) -> (i32)
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:133:8: note: called from
// CHECK-NEXT: %r = tfrt.call @choose(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:150:8: note: called from
// CHECK-NEXT: %r = tfrt.call @via_choose(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'case_over' returned <<error: call depth exceeds 2>>
func.func @case_over() -> i32 {
  %c = tfrt.constant.i32 5
  %r = tfrt.call @via_choose(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// A call in an if region in a repeat loop: regions add no level and no
// note. After the refusal, the loop stops with the error.
func.func @loop(%x: i32) -> i32 {
  %n = tfrt.constant.i32 3
  %r = tfrt.repeat.i32 %n, %x : i32 {
    %t = tfrt.constant.i1 1
    %y = tfrt.if %t, %x : (i32) -> (i32) {
      %z = tfrt.call @inc(%x) : (i32) -> i32
      tfrt.return %z : i32
    } else {
      tfrt.return %x : i32
    }
    tfrt.return %y : i32
  }
  tfrt.return %r : i32
}

func.func @via_loop(%x: i32) -> i32 {
  %r = tfrt.call @loop(%x) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'loop_ok':
// CHECK-NEXT: 'loop_ok' returned 3
func.func @loop_ok() -> i32 {
  %c = tfrt.constant.i32 0
  %r = tfrt.call @loop(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'loop_over':
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:161:12: error: unexpected error: call depth exceeds 2
// CHECK-NEXT: %z = tfrt.call @inc(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:172:8: note: called from
// CHECK-NEXT: %r = tfrt.call @loop(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_depth_inline.mlir:197:8: note: called from
// CHECK-NEXT: %r = tfrt.call @via_loop(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'loop_over' returned <<error: call depth exceeds 2>>
func.func @loop_over() -> i32 {
  %c = tfrt.constant.i32 0
  %r = tfrt.call @via_loop(%c) : (i32) -> i32
  tfrt.return %r : i32
}
