// first.mlir: two small functions that print and return.
//
// A kernel runs once its operands are ready. A print takes a chain and
// gives one back: chains order effects, nothing else does.
func.func @main() -> i32 {
  %ch0 = tfrt.new.chain
  %x = tfrt.constant.i32 40
  %two = tfrt.constant.i32 2
  %y = tfrt.add.i32 %x, %two
  %ch1 = tfrt.print.i32 %y, %ch0
  tfrt.return %y : i32
}

// The same, returning the print's chain: the function is not done until
// the print is.
func.func @chained() -> (i32, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %x = tfrt.constant.i32 40
  %two = tfrt.constant.i32 2
  %y = tfrt.add.i32 %x, %two
  %ch1 = tfrt.print.i32 %y, %ch0
  tfrt.return %y, %ch1 : i32, !tfrt.chain
}
