// EXIT: 1
// A result that can never be produced — here a function that re-enters the
// critical section it is running in, so it waits for itself — is printed as
// <<unavailable>> once nothing is left to run, with an error at the
// function's return and notes down to the cause (docs/tools.md §5.4), and
// exit status 1 (it used to print like a normal value).
func.func @inner(%cs: !rv.cs) -> !tfrt.chain {
  %c = rv.critical %cs @leaf() : () -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}

func.func @leaf() -> !tfrt.chain {
  %c = tfrt.new.chain
  tfrt.return %c : !tfrt.chain
}

func.func @stuck() -> !tfrt.chain {
  %cs = "rv.critical_section"() : () -> !rv.cs
  %c = rv.critical %cs @inner(%cs) : (!rv.cs) -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}
