// The runner compares the output with golden_out.mlir.out byte for byte
// (docs/tools.md §2): a test without CHECK lines and with a .out file.
// Expected (docs/execution.md §1.3-§1.5): each function's `--- Running` line,
// then its prints, then its result line; `second` returns the print's chain,
// so the print comes before the result line.
func.func @first() -> i32 {
  %x = tfrt.constant.i32 7
  tfrt.return %x : i32
}
func.func @second() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %y = tfrt.constant.i64 -3
  %ch1 = tfrt.print.i64 %y, %ch0
  tfrt.return %ch1 : !tfrt.chain
}
func.func @third(%a: i32) -> i32 {
  tfrt.return %a : i32
}
