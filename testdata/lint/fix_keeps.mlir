// RUN: tfrun run --schedule=exact %s | FileCheck %s --check-prefix=BEFORE
// RUN: tfrun lint --fix %s -o %t.mlir
// RUN: FileCheck %s --check-prefix=FIX < %t.mlir
// RUN: tfrun lint %t.mlir
// RUN: tfrun run --schedule=exact %t.mlir | FileCheck %s --check-prefix=AFTER
// RUN: tfrun run --verbose %t.mlir 2>&1 | FileCheck %s --check-prefix=AUTO
// A fix only adds order: every dependency the program had is kept.
//
// @chained: %ch3 takes %ch2, so '2' comes before '3' in every schedule
// (TFRT's executor prints 2 1 3). The fix orders the unordered pair of '1'
// and '2' as written, so %ch2's print takes %ch1, which comes after %ch0:
// %ch1 alone replaces %ch0, nothing is lost, and %ch3 keeps %ch2. The
// exact output becomes 1 2 3: '2' still before '3'. (2 1 3 would need '2'
// before '1', an edge against the source, which --fix never adds.)
//
// @merged: the tensor print comes after the fill through %w; ordering it
// after the other print too must not drop %w (replacing it would print the
// tensor before it is filled): it takes a merge of both.
func.func @chained() {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %three = tfrt.constant.i32 3
  %ch1 = tfrt.print.i32 %one, %ch0
  %ch2 = tfrt.print.i32 %two, %ch0
  %ch3 = tfrt.print.i32 %three, %ch2
  tfrt.return
}
// BEFORE-LABEL: --- Running 'chained':
// BEFORE-NEXT: int32 = 2
// BEFORE-NEXT: int32 = 1
// BEFORE-NEXT: int32 = 3
// FIX-LABEL: func.func @chained() {
// FIX:      %ch1 = tfrt.print.i32 %one, %ch0
// FIX-NEXT: %ch2 = tfrt.print.i32 %two, %ch1
// FIX-NEXT: %ch3 = tfrt.print.i32 %three, %ch2
// AFTER-LABEL: --- Running 'chained':
// AFTER-NEXT: int32 = 1
// AFTER-NEXT: int32 = 2
// AFTER-NEXT: int32 = 3

func.func @merged() {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]
  %w = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 7 : i32
  %p = tfrt.print.i32 %one, %ch0
  %q = tfrt_dht.print_tensor %t, %w
  tfrt.return
}
// FIX-LABEL: func.func @merged() {
// FIX:      %p = tfrt.print.i32 %one, %ch0
// FIX-NEXT: %[[M:lint_merge[0-9]+]] = tfrt.merge.chains %w, %p : !tfrt.chain, !tfrt.chain
// FIX-NEXT: %q = tfrt_dht.print_tensor %t, %[[M]]
// AFTER-LABEL: --- Running 'merged':
// AFTER-NEXT: int32 = 1
// AFTER-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [7, 7]
// AUTO: Choosing fast schedule
