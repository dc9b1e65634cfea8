// EXIT: 1
// Work that never runs is reported (docs/tools.md §5.4): @main's print
// waits for the chain of an rv.critical whose callee asks for the same
// critical section again. The section is held by the invocation that asks,
// so it waits for itself, the chain is never produced, and the print never
// runs. @main has no results: nothing else would say so (issue 25). The
// error is at the print, the notes go down to the cause, the next function
// still runs, and the exit status is 1.
func.func @leaf() -> !tfrt.chain {
  %c = tfrt.new.chain
  tfrt.return %c : !tfrt.chain
}

func.func @inner(%cs: !rv.cs) -> !tfrt.chain {
  %c = rv.critical %cs @leaf() : () -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}

func.func @main() {
  %cs = "rv.critical_section"() : () -> !rv.cs
  %c = rv.critical %cs @inner(%cs) : (!rv.cs) -> !tfrt.chain
  %one = tfrt.constant.i32 1
  %done = tfrt.print.i32 %one, %c
  tfrt.return
}

func.func @after() {
  %ch = tfrt.new.chain
  %two = tfrt.constant.i32 2
  %done = tfrt.print.i32 %two, %ch
  tfrt.return
}
