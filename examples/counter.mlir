// ARGS: --work-queue=mstd:2
// counter.mlir — resource variables and a critical section (docs/kernel-behaviour.md §10).
// Two counters are bumped 10 000 times each from parallel_for blocks that
// nothing orders, on two worker threads. rv.assign_add is atomic by itself;
// @bump (read, add, write back) is not, but no two invocations through one
// critical section ever overlap, so neither counter loses an update.

// Not atomic by itself: read, add one, write back.
func.func @bump(%v: !rv.var, %ch: !tfrt.chain) -> !tfrt.chain {
  %x, %ch1 = "rv.read"(%v, %ch) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %one = tfrt.constant.i32 1
  %y = tfrt.add.i32 %x, %one
  %ch2 = "rv.assign"(%v, %y, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch2 : !tfrt.chain
}

func.func @main() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %a, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %b, %ch2 = "rv.create"(%zero, %ch1) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %cs = "rv.critical_section"() : () -> !rv.cs
  %lo = tfrt.constant.i32 0
  %hi = tfrt.constant.i32 10000
  %bs = tfrt.constant.i32 1
  %done = tfrt.parallel_for.i32 %lo to %hi fixed %bs, %a, %b, %cs, %ch2 : !rv.var, !rv.var, !rv.cs, !tfrt.chain {
    %one = tfrt.constant.i32 1
    %c1 = "rv.assign_add"(%a, %one, %ch2) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
    %c2 = rv.critical %cs @bump(%b, %ch2) : (!rv.var, !tfrt.chain) -> !tfrt.chain
    %c3 = tfrt.merge.chains %c1, %c2 : !tfrt.chain, !tfrt.chain
    tfrt.return %c3 : !tfrt.chain
  }
  %x, %ch3 = "rv.read"(%a, %done) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %y, %ch4 = "rv.read"(%b, %done) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %x, %y : i32, i32
}
