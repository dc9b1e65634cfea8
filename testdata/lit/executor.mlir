// RUN: bef_executor $(bef_name %s) | FileCheck %s --dump-input=fail
// RUN: tfrt_translate -mlir-to-bef %s | bef_executor -work_queue_type=mstd:2 | FileCheck %s
// A TFRT-style test file, run by its RUN lines as lit runs it (docs/tools.md
// §2): bef_executor is `tfrun run`, tfrt_translate passes the file through,
// FileCheck is tfrun's matcher. Both lines must pass.

// The function returns the print's chain, so the print comes before the
// result line on any queue.
// CHECK-LABEL: --- Running 'add'
// CHECK-NEXT: int32 = 5
// CHECK-NEXT: 'add' returned !tfrt.chain value
func.func @add() -> !tfrt.chain {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 2
  %b = tfrt.constant.i32 3
  %c = tfrt.add.i32 %a, %b
  %ch1 = tfrt.print.i32 %c, %ch
  tfrt.return %ch1 : !tfrt.chain
}
