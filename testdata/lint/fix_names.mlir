// RUN: tfrun lint --fix %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: tfrun lint %t.mlir && tfrun opt %t.mlir > /dev/null
// RUN: tfrun run %t.mlir | FileCheck %s --check-prefix=OUT
// RUN: grep -q '^  %lint_merge[8] = tfrt.merge.chains' %t.mlir
// A merge --fix inserts never takes a name the program uses: %lint_merge0
// is the program's own chain here, and lint_merge7 appears in a comment,
// so the merge is the one after it. The tensor print needs two edges (after the
// other print, and after the fill); each is a warning, with one fix.
func.func @main() {
  %lint_merge0 = tfrt.new.chain
  %x = tfrt.constant.i32 1
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [3 : i64]
  %a = tfrt.print.i32 %x, %lint_merge0
  %b = tfrt_dht.fill_tensor_with_constant.i32 %t, %lint_merge0 1 : i32
  %c = tfrt_dht.print_tensor %t, %lint_merge0
  tfrt.return
}
// CHECK:      %a = tfrt.print.i32 %x, %lint_merge0
// CHECK-NEXT: %b = tfrt_dht.fill_tensor_with_constant.i32 %t, %lint_merge0 1 : i32
// CHECK-NEXT: %[[M:lint_merge[0-9]+]] = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain
// CHECK-NEXT: %c = tfrt_dht.print_tensor %t, %[[M]]
// OUT:      int32 = 1
// OUT-NEXT: DenseHostTensor dtype = i32, shape = [3], values = [1, 1, 1]
