// A branch's result that only its if will see, under the exact schedule's
// engine (docs/engine.md "The exact engine"): interp/exec.c gives the
// branch's returned register the invocation's indirect result, which the
// if's own forwarding value is then bound to. When nothing but that binding
// can see the first value, interp/xe.c uses one value for both (the if's
// forwarding value becomes the branch's register value, or the branch's
// value the if's result); the waiters run in the same order. Every order
// below was derived by hand from docs/execution.md §2 (waiters run newest
// first), §4, §6.1 and §6.5, and is interp/exec.c's (tests/engine_agree.sh
// runs this file on both engines). The streams are
// `tfrun opt -tfrt-print-stream`'s.
// ARGS: --schedule=exact

func.func @g(%x: i32, %c: !tfrt.chain) -> i32 {
  %one = tfrt.constant.i32 1
  %t = "tfrt.lessequal.i32"(%x, %one) : (i32, i32) -> i1
  %r = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    tfrt.return %x : i32
  } else {
    %a = "tfrt_test.async_add.i32"(%x, %x) : (i32, i32) -> i32
    %y = tfrt.add.i32 %a, %x
    %c1 = tfrt.print.i32 %a, %c
    tfrt.return %y : i32
  }
  tfrt.return %r : i32
}

// fib's shape: @g's constant is a task of its own, so its if, ready on %x,
// is deferred in the frame and @g returns the if's forwarding value, which
// the caller's print waits on. The task makes the condition (false); the
// else branch waits for %a and returns with %y still empty: its register
// takes the if's forwarding value. When %a (10) resolves, the addition
// binds it to 15 and the caller prints 15 from there; the branch's print
// of %a is in another stream, a task that runs after the caller returned.
// CHECK-LABEL: --- Running 'adopted_waited':
// CHECK-NEXT: int32 = 15
// CHECK-NEXT: 'adopted_waited' returned 15,!tfrt.chain value
// CHECK-NEXT: int32 = 10
func.func @adopted_waited() -> (i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 5
  %r = tfrt.call @g(%x, %c) : (i32, !tfrt.chain) -> i32
  %c1 = tfrt.print.i32 %r, %c
  tfrt.return %r, %c1 : i32, !tfrt.chain
}

func.func @h(%t: i1, %x: i32, %c: !tfrt.chain) -> i32 {
  %r = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %a = "tfrt_test.async_add.i32"(%x, %x) : (i32, i32) -> i32
    %y = tfrt.add.i32 %a, %x
    %c1 = tfrt.print.i32 %a, %c
    tfrt.return %y : i32
  } else {
    tfrt.return %x : i32
  }
  tfrt.return %r : i32
}

func.func @k(%x: i32, %c: !tfrt.chain) -> i32 {
  %z = tfrt.constant.i32 0
  %a = "tfrt_test.async_add.i32"(%z, %z) : (i32, i32) -> i32
  %t = "tfrt.lessequal.i32"(%a, %x) : (i32, i32) -> i1
  %r = tfrt.call @h(%t, %x, %c) : (i1, i32, !tfrt.chain) -> i32
  tfrt.return %r : i32
}

// The same through a waiting if: @k calls @h on %x with %t still empty (a
// placeholder); @h's if, ready on %x, waits on its condition (kernels/
// control.c's way) with forwarding results, which @h and @k return as they
// are. The caller's print of %x (another stream, a task with the chain and
// the constant) runs first (4). %a resolves to 0, 0 <= 4 makes the
// condition true; the then branch waits for its own %a (8) and returns
// with %y empty, which takes the if's forwarding value: 8 + 4 binds it to
// 12, printed by the caller; the branch's print of %a is a later task.
// CHECK-LABEL: --- Running 'adopted_deferred':
// CHECK-NEXT: int32 = 4
// CHECK-NEXT: int32 = 12
// CHECK-NEXT: 'adopted_deferred' returned 12,!tfrt.chain value
// CHECK-NEXT: int32 = 8
func.func @adopted_deferred() -> (i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 4
  %r = tfrt.call @k(%x, %c) : (i32, !tfrt.chain) -> i32
  %c1 = tfrt.print.i32 %r, %c
  %c2 = tfrt.print.i32 %x, %c
  tfrt.return %r, %c1 : i32, !tfrt.chain
}

func.func @pass(%t: i1, %x: i32, %c: !tfrt.chain) -> (i32, !tfrt.chain) {
  %r = tfrt.if %t, %x : (i32) -> (i32) {
    tfrt.return %x : i32
  } else {
    %m = tfrt.constant.i32 -1
    tfrt.return %m : i32
  }
  %c1 = tfrt.print.i32 %x, %c
  tfrt.return %r, %c1 : i32, !tfrt.chain
}

// An argument still unavailable passed through a branch: the branch's
// returned register forwards to it (bound, unresolved, nothing waits on
// it), and @pass's if result is that value. %a (4) resolves: the caller's
// continuation binds the placeholder the call took; @pass's continuation
// for %x runs from it and binds the branch's placeholder, whose forwarding
// value resolves the caller's %r: the addition and the print of 5 run
// there. Both prints of %a are in stream 1: tasks, @pass's first.
// CHECK-LABEL: --- Running 'bound_sole':
// CHECK-NEXT: int32 = 5
// CHECK-NEXT: int32 = 4
// CHECK-NEXT: int32 = 4
// CHECK-NEXT: 'bound_sole' returned 5,!tfrt.chain value
func.func @bound_sole() -> (i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %two = tfrt.constant.i32 2
  %a = "tfrt_test.async_add.i32"(%two, %two) : (i32, i32) -> i32
  %t = "tfrt.lessequal.i32"(%two, %two) : (i32, i32) -> i1
  %r, %c1 = tfrt.call @pass(%t, %a, %c) : (i1, i32, !tfrt.chain) -> (i32, !tfrt.chain)
  %one = tfrt.constant.i32 1
  %s = tfrt.add.i32 %r, %one
  %c2 = tfrt.print.i32 %s, %c
  %c3 = tfrt.print.i32 %a, %c
  tfrt.return %s, %c2 : i32, !tfrt.chain
}
