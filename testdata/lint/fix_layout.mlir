// RUN: tfrun lint --fix %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: tfrun lint %t.mlir && tfrun opt %t.mlir > /dev/null
// RUN: tfrun lint --fix %t.mlir | cmp - %t.mlir
// RUN: tfrun run %t.mlir | FileCheck %s --check-prefix=OUT
// --fix edits the text as it is written: two ops on one line, an op over
// several lines with an attribute holding a ':', a comment naming the
// chain, a custom-form tfrt.if whose branches name their argument after
// the operand (renamed through them, while an op inside gets its own
// edit), the same in generic form (explicit block arguments: nothing to
// rename), a repeat's result %r#1.

// CHECK-LABEL: func.func @lines()
func.func @lines() -> (i64, !tfrt.chain) {
  %ch = tfrt.new.chain
  %x = tfrt.constant.i32 1
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [3 : i64]
  %w = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch 1 : i32 // not %ch here
  %p = tfrt.print.i32 %x, %w %d = tfrt_dht.print_tensor %t, %w
  %l = "list.new"() : () -> !tfrt.list
  %c1 = "list.append"(%l, %x, %d) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
  %n = "list.size"(%l
    ) {a = "x:y"} :
    (!tfrt.list) -> i64
  %q = tfrt.print.i64 %n, %c1
  tfrt.return %n, %q : i64, !tfrt.chain
}
// CHECK:      %w = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch 1 : i32 // not %ch here
// CHECK-NEXT: %p = tfrt.print.i32 %x, %w %d = tfrt_dht.print_tensor %t, %p
// CHECK:      %c1 = "list.append"(%l, %x, %d) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
// CHECK-NEXT: %n = "list.size"(%l
// CHECK-NEXT:   , %c1) {a = "x:y"} :
// CHECK-NEXT:   (!tfrt.list, !tfrt.chain) -> i64
// OUT-LABEL: --- Running 'lines':
// OUT-NEXT: int32 = 1
// OUT-NEXT: DenseHostTensor dtype = i32, shape = [3], values = [1, 1, 1]
// OUT-NEXT: int64 = 1
// OUT-NEXT: 'lines' returned 1,!tfrt.chain value

// CHECK-LABEL: func.func @regions()
func.func @regions() {
  %ch = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %p1 = tfrt.print.i32 %one, %ch
  %t = tfrt.constant.i1 true
  %r = tfrt.if %t, %ch : (!tfrt.chain) -> (!tfrt.chain) {
    %two = tfrt.constant.i32 2
    %a = tfrt.print.i32 %two, %ch
    %b = tfrt.print.i32 %two, %ch
    tfrt.return %b : !tfrt.chain
  } else {
    tfrt.return %ch : !tfrt.chain
  }
  %rr:2 = tfrt.repeat.i32 %one, %one, %r : i32, !tfrt.chain {
    %q = tfrt.print.i32 %one, %r
    tfrt.return %one, %q : i32, !tfrt.chain
  }
  %z = tfrt.print.i32 %one, %ch
  tfrt.return
}
// CHECK:      %r = tfrt.if %t, %p1 : (!tfrt.chain) -> (!tfrt.chain) {
// CHECK-NEXT:   %two = tfrt.constant.i32 2
// CHECK-NEXT:   %a = tfrt.print.i32 %two, %p1
// CHECK-NEXT:   %b = tfrt.print.i32 %two, %a
// CHECK-NEXT:   tfrt.return %b : !tfrt.chain
// CHECK-NEXT: } else {
// CHECK-NEXT:   tfrt.return %p1 : !tfrt.chain
// CHECK-NEXT: }
// CHECK:      %z = tfrt.print.i32 %one, %rr#1
// OUT-LABEL: --- Running 'regions':
// OUT-NEXT: int32 = 1
// OUT-NEXT: int32 = 2
// OUT-NEXT: int32 = 2
// OUT-NEXT: int32 = 1
// OUT-NEXT: int32 = 1

// CHECK-LABEL: func.func @generic()
func.func @generic() {
  %0 = "tfrt.new.chain"() : () -> !tfrt.chain
  %1 = "tfrt.constant.i32"() {value = 3 : i32} : () -> i32
  %2 = "tfrt.print.i32"(%1, %0) : (i32, !tfrt.chain) -> !tfrt.chain
  %3 = "tfrt.constant.i1"() {value = true} : () -> i1
  %4 = "tfrt.if"(%3, %0) ({
  ^bb0(%arg0: !tfrt.chain):
    %6 = "tfrt.constant.i32"() {value = 4 : i32} : () -> i32
    %5 = "tfrt.print.i32"(%6, %arg0) : (i32, !tfrt.chain) -> !tfrt.chain
    "tfrt.return"(%5) : (!tfrt.chain) -> ()
  }, {
  ^bb0(%arg0: !tfrt.chain):
    "tfrt.return"(%arg0) : (!tfrt.chain) -> ()
  }) : (i1, !tfrt.chain) -> !tfrt.chain
  "tfrt.return"() : () -> ()
}
// CHECK:      %4 = "tfrt.if"(%3, %2) ({
// CHECK-NEXT: ^bb0(%arg0: !tfrt.chain):
// CHECK-NEXT:   %6 = "tfrt.constant.i32"() {value = 4 : i32} : () -> i32
// CHECK-NEXT:   %5 = "tfrt.print.i32"(%6, %arg0) : (i32, !tfrt.chain) -> !tfrt.chain
// OUT-LABEL: --- Running 'generic':
// OUT-NEXT: int32 = 3
// OUT-NEXT: int32 = 4
