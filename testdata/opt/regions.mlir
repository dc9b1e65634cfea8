// MODE: opt
// Region block arguments are bound to the names of the op's operands
// (docs/language.md §2.7), so they are printed under the new names of those
// operands. Values inside regions are numbered as mlir-opt numbers them:
// after the values of the block around them, each region from the same
// number (docs/tools.md §1.2).

// CHECK-LABEL: func.func @loops(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    %0 = tfrt.constant.i1 false
// CHECK-NEXT:    %1 = tfrt.if %0, %arg1 : (i32) -> (i32) {
// CHECK-NEXT:      %6 = tfrt.add.i32 %arg1, %arg1
// CHECK-NEXT:      tfrt.return %6 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      tfrt.return %arg1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %2 = tfrt.repeat.i32 %arg0, %1 : i32 {
// CHECK-NEXT:      %6 = tfrt.constant.i32 1
// CHECK-NEXT:      %7 = tfrt.add.i32 %1, %6
// CHECK-NEXT:      tfrt.return %7 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %3 = tfrt.constant.i32 4
// CHECK-NEXT:    %4 = tfrt.parallel_for.i32 %arg0 to %3 fixed %arg1, %2 : i32 {
// CHECK-NEXT:      tfrt.return
// CHECK-NEXT:    }
// CHECK-NEXT:    %5 = tfrt_test.do.async %2, %3 : (i32, i32) -> (i32) {
// CHECK-NEXT:      %6 = tfrt.add.i32 %2, %3
// CHECK-NEXT:      tfrt.return %6 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    tfrt.return %5 : i32
// CHECK-NEXT:  }
func.func @loops(%n: i32, %v: i32) -> i32 {
  %c = tfrt.constant.i1 false
  %a = tfrt.if %c, %v : (i32) -> (i32) {
    %w = tfrt.add.i32 %v, %v
    tfrt.return %w : i32
  } else {
    tfrt.return %v : i32
  }
  %b = tfrt.repeat.i32 %n, %a : i32 {
    %one = tfrt.constant.i32 1
    %a2 = tfrt.add.i32 %a, %one
    tfrt.return %a2 : i32
  }
  %end = tfrt.constant.i32 4
  %done = tfrt.parallel_for.i32 %n to %end fixed %v, %b : i32 {
    tfrt.return
  }
  %r = tfrt_test.do.async %b, %end : (i32, i32) -> (i32) {
    %s = tfrt.add.i32 %b, %end
    tfrt.return %s : i32
  }
  tfrt.return %r : i32
}

// An inner value may reuse an outer name; an if without results may omit
// its else region.
// CHECK-LABEL: func.func @shadow(%arg0: i1) {
// CHECK-NEXT:    %0 = tfrt.new.chain
// CHECK-NEXT:    tfrt.if %arg0, %0 : (!tfrt.chain) -> () {
// CHECK-NEXT:      %1 = tfrt.new.chain
// CHECK-NEXT:      %2 = tfrt.merge.chains %0, %1 : !tfrt.chain, !tfrt.chain
// CHECK-NEXT:      tfrt.return
// CHECK-NEXT:    }
// CHECK-NEXT:    tfrt.return
func.func @shadow(%cond: i1) {
  %ch = tfrt.new.chain
  tfrt.if %cond, %ch : (!tfrt.chain) -> () {
    %ch1 = tfrt.new.chain
    %ch2 = tfrt.merge.chains %ch, %ch1 : !tfrt.chain, !tfrt.chain
    tfrt.return
  }
  tfrt.return
}
