// EXIT: 1
// The print that never runs is in a callee: @show waits for its argument
// %ch, which tfrt.call (non-strict: it calls as soon as its first operand
// is there) passed before it was produced. The notes say where it was
// called from, then follow the argument into the caller, down to the
// critical section that @inner's invocation waits for while it holds it.
func.func @leaf() -> !tfrt.chain {
  %c = tfrt.new.chain
  tfrt.return %c : !tfrt.chain
}

func.func @inner(%cs: !rv.cs) -> !tfrt.chain {
  %c = rv.critical %cs @leaf() : () -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}

func.func @show(%n: i32, %ch: !tfrt.chain) -> !tfrt.chain {
  %ch2 = tfrt.print.i32 %n, %ch
  tfrt.return %ch2 : !tfrt.chain
}

func.func @main() {
  %cs = "rv.critical_section"() : () -> !rv.cs
  %c = rv.critical %cs @inner(%cs) : (!rv.cs) -> !tfrt.chain
  %one = tfrt.constant.i32 1
  %d = tfrt.call @show(%one, %c) : (i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
