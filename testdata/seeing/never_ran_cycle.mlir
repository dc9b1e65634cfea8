// EXIT: 1
// Two invocations that wait for each other's critical section (a deadlock):
// @first holds %a and, once an async value is ready, asks for %b; @second
// holds %b and, likewise, asks for %a. On the single-threaded queue both
// take their first section before either async value is ready, so the
// print of @main never runs; the notes follow the chain from the print to
// the section each one waits for, and say where it closes into a cycle.
func.func @leaf() -> !tfrt.chain {
  %c = tfrt.new.chain
  tfrt.return %c : !tfrt.chain
}

func.func @use(%x: i32) -> !tfrt.chain {
  %c = tfrt.new.chain
  tfrt.return %c : !tfrt.chain
}

func.func @first(%a: !rv.cs, %b: !rv.cs) -> !tfrt.chain {
  %one = tfrt.constant.i32 1
  %x = "tfrt_test.async_copy.i32"(%one) : (i32) -> i32
  %c = rv.critical %b @use(%x) : (i32) -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}

func.func @second(%a: !rv.cs, %b: !rv.cs) -> !tfrt.chain {
  %two = tfrt.constant.i32 2
  %x = "tfrt_test.async_copy.i32"(%two) : (i32) -> i32
  %c = rv.critical %a @use(%x) : (i32) -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}

func.func @main() {
  %a = "rv.critical_section"() : () -> !rv.cs
  %b = "rv.critical_section"() : () -> !rv.cs
  %c1 = rv.critical %a @first(%a, %b) : (!rv.cs, !rv.cs) -> !tfrt.chain
  %c2 = rv.critical %b @second(%a, %b) : (!rv.cs, !rv.cs) -> !tfrt.chain
  %one = tfrt.constant.i32 1
  %p = tfrt.print.i32 %one, %c1
  tfrt.return
}
