// Registers that wait for their value under the exact schedule (docs/
// execution.md §6.5): a kernel's result that is not available yet is
// waited for, and the register's users are made ready when it resolves.
// interp/xe.c keeps the value in the register while it waits, and a
// placeholder beside it once a non-strict kernel or the invocation's end
// takes the register (docs/engine.md "The exact engine"). Orders derived
// by hand (docs/execution.md §2: waiters run newest first; §4, §6.5) and
// interp/exec.c's (tests/engine_agree.sh runs this file on both engines).
// ARGS: --schedule=exact

func.func @pred(%k: i32) -> i1 {
  %y = "tfrt_test.async_add.i32"(%k, %k) : (i32, i32) -> i32
  %z = tfrt.constant.i32 0
  %t = "tfrt.lessequal.i32"(%y, %z) : (i32, i32) -> i1
  tfrt.return %t : i1
}

func.func @show(%t: i1, %c: !tfrt.chain) -> !tfrt.chain {
  %c1 = tfrt.print.i1 %t, %c
  tfrt.return %c1 : !tfrt.chain
}

func.func @fa(%x: i32, %c: !tfrt.chain) -> (i32, i32, !tfrt.chain) {
  %k = tfrt.constant.i32 1
  %t = tfrt.call @pred(%k) : (i32) -> i1
  %a = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 100
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 200
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  %b = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 300
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 400
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  %p = tfrt.print.i1 %t, %c
  tfrt.return %a, %b, %p : i32, i32, !tfrt.chain
}

// Two ifs defer on %t before the call that makes it runs (the constant %k is
// a task of its own); the call's result is not available (@pred waits for
// an async addition), so %t waits, with the ifs waiting on its placeholder.
// When it resolves: the newer if's branch (400), the older's (200), then
// %t's own user (int1 = 0: 1 + 1 <= 0 is false).
// CHECK-LABEL: --- Running 'deferred_then_waits':
// CHECK-NEXT: int32 = 400
// CHECK-NEXT: int32 = 200
// CHECK-NEXT: int1 = 0
// CHECK-NEXT: 'deferred_then_waits' returned 5,5,!tfrt.chain value
func.func @deferred_then_waits() -> (i32, i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 5
  %a, %b, %p = tfrt.call @fa(%x, %c) : (i32, !tfrt.chain) -> (i32, i32, !tfrt.chain)
  tfrt.return %a, %b, %p : i32, i32, !tfrt.chain
}

func.func @fb(%x: i32, %c: !tfrt.chain) -> (i1, !tfrt.chain, !tfrt.chain) {
  %t = tfrt.call @pred(%x) : (i32) -> i1
  %k = tfrt.constant.i32 7
  %c2 = tfrt.print.i32 %k, %c
  %s = tfrt.call @show(%t, %c2) : (i1, !tfrt.chain) -> !tfrt.chain
  %p = tfrt.print.i1 %t, %c
  tfrt.return %t, %s, %p : i1, !tfrt.chain, !tfrt.chain
}

// %t waits for @pred's result; then the call of @show takes it (after the
// print of 7, which its chain waits for) and the invocation returns it.
// When it resolves, @show's print waits on its placeholder and runs first
// (int1 = 1: -3 + -3 <= 0), then %t's own user in @fb (int1 = 1).
// CHECK-LABEL: --- Running 'waits_then_taken':
// CHECK-NEXT: int32 = 7
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: 'waits_then_taken' returned 1,!tfrt.chain value,!tfrt.chain value
func.func @waits_then_taken() -> (i1, !tfrt.chain, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 -3
  %t, %s, %p = tfrt.call @fb(%x, %c) : (i32, !tfrt.chain) -> (i1, !tfrt.chain, !tfrt.chain)
  tfrt.return %t, %s, %p : i1, !tfrt.chain, !tfrt.chain
}
