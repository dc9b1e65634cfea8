// CHECK-DAG for lines whose order does not matter and CHECK-NOT between
// groups: with four worker threads the prints of the two independent chains
// may interleave, but each function's result line comes after both prints.
// ARGS: --work-queue=mstd:4
// CHECK-LABEL: --- Running 'both':
// CHECK-DAG:   int32 = 1
// CHECK-DAG:   int32 = 2
// CHECK-NOT:   error
// CHECK:       'both' returned !tfrt.chain value,!tfrt.chain value
func.func @both() -> (!tfrt.chain, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 2
  %ch1 = tfrt.print.i32 %a, %ch0
  %ch2 = tfrt.print.i32 %b, %ch0
  tfrt.return %ch1, %ch2 : !tfrt.chain, !tfrt.chain
}
