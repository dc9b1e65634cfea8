// RUN: tfrun opt -allow-unregistered-dialect %s | FileCheck %s
// RUN: tfrun opt -allow-unregistered-dialect %s -o %t.1.mlir && tfrun opt -allow-unregistered-dialect %t.1.mlir -o %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: tfrun opt -allow-unregistered-dialect -mlir-print-op-generic %s -o %t.g1.mlir && tfrun opt -allow-unregistered-dialect -mlir-print-op-generic %t.g1.mlir -o %t.g2.mlir && diff %t.g1.mlir %t.g2.mlir
// Regions of ops tfrun does not know are not isolated from above, as in
// MLIR (docs/syntax.md "Regions of unknown ops"): they use the values of
// the blocks around them, several levels up, up to the function body or
// the nearest region of a TFRT op, which stays isolated and takes what it
// needs as block arguments (%z in the tfrt.if below); an unknown op's
// region inside it sees those. At module level a region sees the module
// level's values. opt numbers the values as mlir-opt does: a block's
// results first (the module level's before any function's), then each
// region from the numbers after them; the output reads back to itself.

// CHECK:      %0 = "foo.global"() : () -> i32
// CHECK-NEXT: "foo.init"() ({
// CHECK-NEXT:   %1 = tfrt.add.i32 %0, %0
// CHECK-NEXT:   "foo.yield"(%1) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
%m = "foo.global"() : () -> i32
"foo.init"() ({
  %i = tfrt.add.i32 %m, %m
  "foo.yield"(%i) : (i32) -> ()
}) : () -> ()

// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:    %1 = tfrt.new.chain
// CHECK-NEXT:    %2 = tfrt.constant.i32 1
// CHECK-NEXT:    %3 = "foo.wrap"() ({
// CHECK-NEXT:      %5 = tfrt.add.i32 %arg0, %2
// CHECK-NEXT:      %6 = "foo.nest"() ({
// CHECK-NEXT:        %8 = tfrt.add.i32 %5, %arg0
// CHECK-NEXT:        "foo.deeper"() ({
// CHECK-NEXT:          %9 = tfrt.print.i32 %8, %1
// CHECK-NEXT:          "foo.yield"(%9) : (!tfrt.chain) -> ()
// CHECK-NEXT:        }) : () -> ()
// CHECK-NEXT:        "foo.yield"(%8) : (i32) -> ()
// CHECK-NEXT:      }) : () -> i32
// CHECK-NEXT:      %7 = tfrt.if %arg1, %6 : (i32) -> (i32) {
// CHECK-NEXT:        %8 = "foo.in_if"() ({
// CHECK-NEXT:          %9 = tfrt.add.i32 %6, %6
// CHECK-NEXT:          "foo.yield"(%9) : (i32) -> ()
// CHECK-NEXT:        }) : () -> i32
// CHECK-NEXT:        tfrt.return %8 : i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        tfrt.return %6 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      "foo.yield"(%7) : (i32) -> ()
// CHECK-NEXT:    }) : () -> i32
// CHECK-NEXT:    %4 = tfrt.add.i32 %3, %arg0
// CHECK-NEXT:    tfrt.return %4 : i32
// CHECK-NEXT:  }
func.func @f(%x: i32, %c: i1) -> i32 {
  %ch = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %r = "foo.wrap"() ({
    %y = tfrt.add.i32 %x, %one
    %z = "foo.nest"() ({
      %w = tfrt.add.i32 %y, %x
      "foo.deeper"() ({
        %p = tfrt.print.i32 %w, %ch
        "foo.yield"(%p) : (!tfrt.chain) -> ()
      }) : () -> ()
      "foo.yield"(%w) : (i32) -> ()
    }) : () -> i32
    %t = tfrt.if %c, %z : (i32) -> (i32) {
      %u = "foo.in_if"() ({
        %v = tfrt.add.i32 %z, %z
        "foo.yield"(%v) : (i32) -> ()
      }) : () -> i32
      tfrt.return %u : i32
    } else {
      tfrt.return %z : i32
    }
    "foo.yield"(%t) : (i32) -> ()
  }) : () -> i32
  %s = tfrt.add.i32 %r, %x
  tfrt.return %s : i32
}

// Each function has its own names (%y again); sibling regions may define
// one name each (%w), and a generic region's arguments are %argN.
// CHECK-LABEL: func.func @g(%arg0: i32) {
// CHECK-NEXT:    %1 = tfrt.add.i32 %arg0, %arg0
// CHECK-NEXT:    "foo.two"(%1) ({
// CHECK-NEXT:    ^bb0(%arg1: i32):
// CHECK-NEXT:      %2 = tfrt.add.i32 %1, %arg1
// CHECK-NEXT:      "foo.yield"(%2) : (i32) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %2 = tfrt.add.i32 %arg0, %1
// CHECK-NEXT:      "foo.yield"(%2) : (i32) -> ()
// CHECK-NEXT:    }) : (i32) -> ()
// CHECK-NEXT:    tfrt.return
// CHECK-NEXT:  }
func.func @g(%x: i32) {
  %y = tfrt.add.i32 %x, %x
  "foo.two"(%y) ({
  ^bb0(%a: i32):
    %w = tfrt.add.i32 %y, %a
    "foo.yield"(%w) : (i32) -> ()
  }, {
    %w = tfrt.add.i32 %x, %y
    "foo.yield"(%w) : (i32) -> ()
  }) : (i32) -> ()
  tfrt.return
}
