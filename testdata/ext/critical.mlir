// ARGS: --work-queue=s
// VARIANTS: --work-queue=mstd:2
// Critical sections (docs/kernel-behaviour.md §10): invocations of @guarded through
// one section never overlap. @guarded prints "enter", waits for a task
// that sleeps 1-10 ms, then prints "exit"; its result (the exit chain) is
// unavailable until then. Without the section the six calls would print
// six "enter" lines first. (critical.mstd.mlir: the same on mstd:2, where
// the calls also come from parallel_for blocks on two worker threads.)

func.func @guarded(%ch: !tfrt.chain) -> !tfrt.chain {
  %in = tfrt_test.get_string {value = "enter"}
  %out = tfrt_test.get_string {value = "exit"}
  %ch1 = "any.print"(%in, %ch) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %x = tfrt.constant.i32 1
  %y = "tfrt_test.async_copy.with_delay.i32"(%x, %ch1) : (i32, !tfrt.chain) -> i32
  %ch2 = "tfrt_test.as_chain"(%ch1, %y) : (!tfrt.chain, i32) -> !tfrt.chain
  %ch3 = "any.print"(%out, %ch2) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch3 : !tfrt.chain
}
// CHECK: --- Not running 'guarded' because it has arguments.

// CHECK-LABEL: --- Running 'six_calls':
func.func @six_calls() -> !tfrt.chain {
  %cs = "rv.critical_section"() : () -> !rv.cs
  %ch = tfrt.new.chain
  %r1 = rv.critical %cs @guarded(%ch) : (!tfrt.chain) -> !tfrt.chain
  %r2 = rv.critical %cs @guarded(%ch) : (!tfrt.chain) -> !tfrt.chain
  %r3 = rv.critical %cs @guarded(%ch) : (!tfrt.chain) -> !tfrt.chain
  %r4 = rv.critical %cs @guarded(%ch) : (!tfrt.chain) -> !tfrt.chain
  %r5 = rv.critical %cs @guarded(%ch) : (!tfrt.chain) -> !tfrt.chain
  %r6 = rv.critical %cs @guarded(%ch) : (!tfrt.chain) -> !tfrt.chain
  %all = tfrt.merge.chains %r1, %r2, %r3, %r4, %r5, %r6 : !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain, !tfrt.chain
  tfrt.return %all : !tfrt.chain
}
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: 'six_calls' returned !tfrt.chain value

// Eight calls from parallel_for blocks (unordered, on worker threads under
// mstd).
// CHECK-LABEL: --- Running 'fan_out':
func.func @fan_out() -> !tfrt.chain {
  %cs = "rv.critical_section"() : () -> !rv.cs
  %ch = tfrt.new.chain
  %start = tfrt.constant.i32 0
  %end = tfrt.constant.i32 8
  %bs = tfrt.constant.i32 1
  %done = tfrt.parallel_for.i32 %start to %end fixed %bs, %cs, %ch : !rv.cs, !tfrt.chain {
    %r = rv.critical %cs @guarded(%ch) : (!tfrt.chain) -> !tfrt.chain
    tfrt.return %r : !tfrt.chain
  }
  tfrt.return %done : !tfrt.chain
}
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: 'fan_out' returned !tfrt.chain value

// A read-modify-write that is NOT atomic by itself (rv.read, add, rv.assign)
// becomes one when it runs inside a critical section: 1000 unordered
// increments, none lost. Arguments and results pass through rv.critical.
func.func @increment(%v: !rv.var, %ch: !tfrt.chain) -> (i32, !tfrt.chain) {
  %x, %ch1 = "rv.read"(%v, %ch) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %y = "tfrt_test.async_copy.i32"(%x) : (i32) -> i32
  %one = tfrt.constant.i32 1
  %z = tfrt.add.i32 %y, %one
  %ch2 = "rv.assign"(%v, %z, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %z, %ch2 : i32, !tfrt.chain
}
// CHECK-NEXT: --- Not running 'increment' because it has arguments.

// CHECK-LABEL: --- Running 'counter':
func.func @counter() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %cs = "rv.critical_section"() : () -> !rv.cs
  %start = tfrt.constant.i32 0
  %end = tfrt.constant.i32 1000
  %bs = tfrt.constant.i32 1
  %done = tfrt.parallel_for.i32 %start to %end fixed %bs, %cs, %v, %ch1 : !rv.cs, !rv.var, !tfrt.chain {
    %n, %r = rv.critical %cs @increment(%v, %ch1) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
    tfrt.return %r : !tfrt.chain
  }
  %n, %ch2 = "rv.read"(%v, %done) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  // One more call, outside the loop: its result is the incremented value.
  %m, %ch3 = rv.critical %cs @increment(%v, %ch2) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %n, %m : i32, i32
}
// CHECK-NEXT: 'counter' returned 1000,1001

// CHECK-LABEL: --- Running 'bad_section':
func.func @bad_section() -> !tfrt.chain {
  %ch = tfrt.new.chain
  %i = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%i, %ch) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %r = "rv.critical"(%v, %ch) {callee = @guarded} : (!rv.var, !tfrt.chain) -> !tfrt.chain // expected-error {{rv.critical: operand 0 is !rv.var, not !rv.cs}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'bad_section' returned <<error: rv.critical: operand 0 is !rv.var, not !rv.cs>>

// A result that resolves to an error also ends an invocation: the call
// queued behind a failing one runs once the error is set (asynchronously,
// by a task).
func.func @failing(%ch: !tfrt.chain) -> !tfrt.chain {
  %x = "tfrt_test.report_error_async"() : () -> i32 // expected-error {{something bad happened asynchronously}}
  %e = "tfrt_test.as_chain"(%ch, %x) : (!tfrt.chain, i32) -> !tfrt.chain
  tfrt.return %e : !tfrt.chain
}
// CHECK-NEXT: --- Not running 'failing' because it has arguments.

// CHECK-LABEL: --- Running 'after_error':
func.func @after_error() -> (!tfrt.chain, !tfrt.chain) {
  %cs = "rv.critical_section"() : () -> !rv.cs
  %ch = tfrt.new.chain
  %r1 = rv.critical %cs @failing(%ch) : (!tfrt.chain) -> !tfrt.chain
  %r2 = rv.critical %cs @guarded(%ch) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %r1, %r2 : !tfrt.chain, !tfrt.chain
}
// CHECK-NEXT: any = "enter"
// CHECK-NEXT: any = "exit"
// CHECK-NEXT: 'after_error' returned <<error: something bad happened asynchronously>>,!tfrt.chain value
