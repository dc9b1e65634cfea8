// A callee's result that is an unbound forwarding value nothing waits on
// (the invocation's indirect result of a register returned once and used
// by no kernel), stored by the caller into a register that is only
// returned, is that register's value itself under the exact schedule's
// engine: the forwarding value interp/exec.c makes there would be its one
// waiter (docs/engine.md "The exact engine"). A register returned twice is
// not such a register: its value reaches two places, whose waiters must
// keep their order. Orders derived by hand (docs/execution.md §2: waiters
// run newest first; §6.1, §6.5) and interp/exec.c's (tests/engine_agree.sh
// runs this file on both engines).
// ARGS: --schedule=exact

func.func @twice(%x: i32) -> (i32, i32) {
  %y = "tfrt_test.async_add.i32"(%x, %x) : (i32, i32) -> i32
  %one = tfrt.constant.i32 1
  %z = tfrt.add.i32 %y, %one
  tfrt.return %z, %z : i32, i32
}

func.func @mid(%x: i32, %c: !tfrt.chain) -> (i32, !tfrt.chain) {
  %a, %b = tfrt.call @twice(%x) : (i32) -> (i32, i32)
  %c1 = tfrt.print.i32 %b, %c
  tfrt.return %a, %c1 : i32, !tfrt.chain
}

// @twice returns its one indirect result twice. @mid stores the first into
// %a, only returned, which forwards to it; its print waits on the second,
// later. When %z resolves the print runs first (7), then the forwarding
// value, then @returned_twice's addition and print (17).
// CHECK-LABEL: --- Running 'returned_twice':
// CHECK-NEXT: int32 = 7
// CHECK-NEXT: int32 = 17
// CHECK-NEXT: 'returned_twice' returned 17,!tfrt.chain value
func.func @returned_twice() -> (i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 3
  %a, %c1 = tfrt.call @mid(%x, %c) : (i32, !tfrt.chain) -> (i32, !tfrt.chain)
  %ten = tfrt.constant.i32 10
  %s = tfrt.add.i32 %a, %ten
  %c2 = tfrt.print.i32 %s, %c
  tfrt.return %s, %c2 : i32, !tfrt.chain
}

func.func @inner(%x: i32) -> i32 {
  %y = "tfrt_test.async_add.i32"(%x, %x) : (i32, i32) -> i32
  %one = tfrt.constant.i32 1
  %z = tfrt.add.i32 %y, %one
  tfrt.return %z : i32
}

func.func @outer(%x: i32) -> i32 {
  %z = tfrt.call @inner(%x) : (i32) -> i32
  tfrt.return %z : i32
}

// @inner's result passes through @outer as one value (its register %z is
// returned once and used by nothing else), and from there through the if's
// region. The second print waits on the first's chain: 9 (4 + 4 + 1), then
// 11 (5 + 5 + 1).
// CHECK-LABEL: --- Running 'chain_of_returns':
// CHECK-NEXT: int32 = 9
// CHECK-NEXT: int32 = 11
// CHECK-NEXT: 'chain_of_returns' returned 9,11
func.func @chain_of_returns() -> (i32, i32) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 4
  %t = tfrt.constant.i1 true
  %z = tfrt.if %t, %x : (i32) -> (i32) {
    %v = tfrt.call @outer(%x) : (i32) -> i32
    tfrt.return %v : i32
  } else {
    tfrt.return %x : i32
  }
  %c1 = tfrt.print.i32 %z, %c
  %five = tfrt.constant.i32 5
  %y = tfrt.call @outer(%five) : (i32) -> i32
  %c2 = tfrt.print.i32 %y, %c1
  tfrt.return %z, %y : i32, i32
}
