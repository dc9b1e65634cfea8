// An argument still unavailable that a function or branch only returns,
// under the exact schedule's engine (docs/engine.md "The exact engine"):
// interp/exec.c's returned register has the invocation's indirect result,
// which the argument binds. When the argument is a placeholder only this
// invocation will see (the caller's register had one use, the non-strict
// kernel that passed it) and nothing waits on it, the indirect result's
// forward node would be its one waiter for ever, and interp/xe.c returns
// the placeholder itself. Orders derived by hand from docs/execution.md
// §2 (waiters run newest first), §4, §6.1 and §6.5, and interp/exec.c's
// (tests/engine_agree.sh runs this file on both engines). Streams are
// `tfrun opt -tfrt-print-stream`'s.
// ARGS: --schedule=exact

func.func @show(%x: i32, %k: i32, %c: !tfrt.chain) -> !tfrt.chain {
  %y = tfrt.add.i32 %x, %k
  %c1 = tfrt.print.i32 %y, %c
  tfrt.return %c1 : !tfrt.chain
}

func.func @nested(%t: i1, %x: i32) -> i32 {
  %r = tfrt.if %t, %t, %x : (i1, i32) -> (i32) {
    %s = tfrt.if %t, %x : (i32) -> (i32) {
      tfrt.return %x : i32
    } else {
      %m = tfrt.constant.i32 -2
      tfrt.return %m : i32
    }
    tfrt.return %s : i32
  } else {
    %m = tfrt.constant.i32 -1
    tfrt.return %m : i32
  }
  tfrt.return %r : i32
}

func.func @through(%t: i1, %five: i32, %c: !tfrt.chain) -> (i32, !tfrt.chain) {
  %a = "tfrt_test.async_add.i32"(%five, %five) : (i32, i32) -> i32
  %r = tfrt.call @nested(%t, %a) : (i1, i32) -> i32
  %k1 = tfrt.constant.i32 100
  %c1 = tfrt.call @show(%r, %k1, %c) : (i32, i32, !tfrt.chain) -> !tfrt.chain
  %b = "tfrt_test.async_add.i32"(%five, %five) : (i32, i32) -> i32
  %k2 = tfrt.constant.i32 200
  %c2 = tfrt.call @show(%b, %k2, %c) : (i32, i32, !tfrt.chain) -> !tfrt.chain
  %c3 = tfrt.merge.chains %c1, %c2 : !tfrt.chain, !tfrt.chain
  tfrt.return %r, %c3 : i32, !tfrt.chain
}

// The caller's constants are tasks of other streams, %t's first: @through
// runs on %t alone, and its call of @nested at once, taking %a's register
// while still empty (a placeholder). @nested waits for it, and its if
// takes the waiting register's placeholder; so does the inner if in the
// branch. The inner branch returns that third placeholder (one use, three
// references, nothing waiting), which comes back to @through's %r as it
// is: every register on the way is returned once and used by nothing
// else. %five and %c arrive, @show is called on %r's placeholder; %a (10)
// resolves: the continuations bind the placeholders one after the other,
// the last one resolves %r and @show prints 110; %b's task follows: 210.
// CHECK-LABEL: --- Running 'through_ifs':
// CHECK-NEXT: int32 = 110
// CHECK-NEXT: int32 = 210
// CHECK-NEXT: 'through_ifs' returned 10,!tfrt.chain value
func.func @through_ifs() -> (i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %t = tfrt.constant.i1 true
  %five = tfrt.constant.i32 5
  %r, %c3 = tfrt.call @through(%t, %five, %c) : (i1, i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %r, %c3 : i32, !tfrt.chain
}

func.func @nested2(%t: i1, %x: i32, %c: !tfrt.chain) -> (i32, !tfrt.chain) {
  %r, %c1 = tfrt.if %t, %c, %x, %t : (!tfrt.chain, i32, i1) -> (i32, !tfrt.chain) {
    %s = tfrt.if %t, %x : (i32) -> (i32) {
      tfrt.return %x : i32
    } else {
      %m = tfrt.constant.i32 -2
      tfrt.return %m : i32
    }
    %k = tfrt.constant.i32 300
    %c2 = tfrt.call @show(%x, %k, %c) : (i32, i32, !tfrt.chain) -> !tfrt.chain
    tfrt.return %s, %c2 : i32, !tfrt.chain
  } else {
    %m = tfrt.constant.i32 -1
    tfrt.return %m, %c : i32, !tfrt.chain
  }
  tfrt.return %r, %c1 : i32, !tfrt.chain
}

func.func @through2(%t: i1, %five: i32, %k1: i32, %c: !tfrt.chain) -> (i32, !tfrt.chain) {
  %a = "tfrt_test.async_add.i32"(%five, %five) : (i32, i32) -> i32
  %r, %c0 = tfrt.call @nested2(%t, %a, %c) : (i1, i32, !tfrt.chain) -> (i32, !tfrt.chain)
  %c1 = tfrt.call @show(%r, %k1, %c) : (i32, i32, !tfrt.chain) -> !tfrt.chain
  %c3 = tfrt.merge.chains %c0, %c1 : !tfrt.chain, !tfrt.chain
  tfrt.return %r, %c3 : i32, !tfrt.chain
}

// The same shape, but the branch also passes %x to @show: the placeholder
// the inner if takes has two uses, so the inner branch's register forwards
// to it as interp/exec.c's does. @through2's wait for %r was registered
// when @nested2 returned, at the start; the branch's @show waits on the
// placeholder later, when %c arrives, so it runs first when %a resolves:
// 310, then the caller's 110.
// CHECK-LABEL: --- Running 'two_uses':
// CHECK-NEXT: int32 = 310
// CHECK-NEXT: int32 = 110
// CHECK-NEXT: 'two_uses' returned 10,!tfrt.chain value
func.func @two_uses() -> (i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %t = tfrt.constant.i1 true
  %five = tfrt.constant.i32 5
  %k1 = tfrt.constant.i32 100
  %r, %c3 = tfrt.call @through2(%t, %five, %k1, %c) : (i1, i32, i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %r, %c3 : i32, !tfrt.chain
}
