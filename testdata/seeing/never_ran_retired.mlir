// EXIT: 1
// ARGS: --schedule=exact
// The print that never runs waits for @pass's result. @pass was called
// before its argument %c was there; its if ran at once and took %v's
// placeholder, so every kernel of @pass ran and its frame only waits to
// bind that placeholder: under the exact schedule's engine it is retired
// (docs/engine.md "Retired frames"), and the report reads it as the frame.
// The notes follow the result into @pass and its region, out through the
// argument to the caller, down to the critical section that @inner's
// invocation waits for while it holds it. interp/exec.c, which keeps the
// frame, prints the same (tests/engine_agree.sh).
func.func @leaf() -> !tfrt.chain {
  %c = tfrt.new.chain
  tfrt.return %c : !tfrt.chain
}

func.func @inner(%cs: !rv.cs) -> !tfrt.chain {
  %c = rv.critical %cs @leaf() : () -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}

func.func @pass(%t: i1, %v: !tfrt.chain) -> !tfrt.chain {
  %r = tfrt.if %t, %v : (!tfrt.chain) -> (!tfrt.chain) {
    tfrt.return %v : !tfrt.chain
  } else {
    tfrt.return %v : !tfrt.chain
  }
  tfrt.return %r : !tfrt.chain
}

func.func @main() {
  %t = tfrt.constant.i1 true
  %cs = "rv.critical_section"() : () -> !rv.cs
  %c = rv.critical %cs @inner(%cs) : (!rv.cs) -> !tfrt.chain
  %p = tfrt.call @pass(%t, %c) : (i1, !tfrt.chain) -> !tfrt.chain
  %one = tfrt.constant.i32 1
  %d = tfrt.print.i32 %one, %p
  tfrt.return
}
