// The tutorial's program (docs/tutorial.md): two calls of @add each add to
// one counter, then @main prints the counter. @main returns what the
// counter should hold, 1 + 2.
func.func @add(%v: !rv.var, %n: i32, %ch: !tfrt.chain) -> !tfrt.chain {
  %done = "rv.assign_add"(%v, %n, %ch) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %done : !tfrt.chain
}

func.func @main() -> i32 {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %a = tfrt.call @add(%v, %one, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %b = tfrt.call @add(%v, %two, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %x, %ch2 = "rv.read"(%v, %a) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %ch3 = tfrt.print.i32 %x, %ch2
  %total = tfrt.add.i32 %one, %two
  tfrt.return %total : i32
}
