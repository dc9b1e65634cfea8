// RUN: tfrun lint --fix %s | FileCheck %s --check-prefix=FIX
// RUN: tfrun lint --fix %s -o %t.mlir && tfrun lint %t.mlir && tfrun opt %t.mlir > /dev/null
// RUN: tfrun run %t.mlir | FileCheck %s --check-prefix=OUT
// RUN: not diff %s %t.mlir > %t.diff && grep -c '^[<>]' %t.diff | grep -qx 6
// RUN: tfrun lint --fix %t.mlir | cmp - %t.mlir
// --fix adds the missing chain edges in the order the source gives: the
// later op of each pair takes the earlier op's chain, and only the edges
// no other implies: the third print takes the second's chain alone (which
// comes after the first's, which comes after %ch). The result lints clean,
// verifies, runs the prints in source order, is its own fix, and differs
// from the input in the three changed lines only (3 old + 3 new).
func.func @prints() {
  %ch = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %three = tfrt.constant.i32 3
  // A comment the fix keeps.
  %c1 = tfrt.print.i32 %one, %ch
  %c2 = tfrt.print.i32 %two, %ch
  %c3 = tfrt.print.i32 %three, %ch
  tfrt.return
}
// FIX:      %c1 = tfrt.print.i32 %one, %ch
// FIX-NEXT: %c2 = tfrt.print.i32 %two, %c1
// FIX-NEXT: %c3 = tfrt.print.i32 %three, %c2

func.func @tensor() {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [3 : i64]
  %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 7 : i32
  %ch2 = tfrt_dht.print_tensor %t, %ch0
  tfrt.return
}
// FIX:      %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 7 : i32
// FIX-NEXT: %ch2 = tfrt_dht.print_tensor %t, %ch1

// OUT-LABEL: --- Running 'prints':
// OUT-NEXT: int32 = 1
// OUT-NEXT: int32 = 2
// OUT-NEXT: int32 = 3
// OUT-LABEL: --- Running 'tensor':
// OUT-NEXT: DenseHostTensor dtype = i32, shape = [3], values = [7, 7, 7]
