// RUN: tfrun opt -allow-unregistered-dialect -inline %s | FileCheck %s
// RUN: tfrun opt -allow-unregistered-dialect -inline %s -o %t.1.mlir && tfrun opt -allow-unregistered-dialect %t.1.mlir -o %t.2.mlir && diff %t.1.mlir %t.2.mlir
// -inline of a function whose body has a region of an unknown op using the
// values around it (docs/syntax.md "Regions of unknown ops"): the copy's
// uses, at every depth, are of the caller's values (%x -> %arg0, %ch ->
// %0, %y -> %2); a call inside such a region is inlined there, its
// operand an outer value of the caller (%s).

// CHECK-LABEL: func.func @main(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = tfrt.new.chain
// CHECK-NEXT:    %1 = tfrt.constant.i32 5
// CHECK-NEXT:    %2 = tfrt.add.i32 %arg0, %arg0
// CHECK-NEXT:    %3 = "foo.wrap"() ({
// CHECK-NEXT:      %5 = tfrt.add.i32 %2, %arg0
// CHECK-NEXT:      "foo.inner"() ({
// CHECK-NEXT:        %6 = tfrt.print.i32 %5, %0
// CHECK-NEXT:        "foo.yield"(%6) : (!tfrt.chain) -> ()
// CHECK-NEXT:      }) : () -> ()
// CHECK-NEXT:      "foo.yield"(%5) : (i32) -> ()
// CHECK-NEXT:    }) : () -> i32
// CHECK-NEXT:    %4 = tfrt.add.i32 %3, %1
// CHECK-NEXT:    "foo.scope"() ({
// CHECK-NEXT:      %5 = tfrt.add.i32 %4, %4
// CHECK-NEXT:      "foo.yield"(%5) : (i32) -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    tfrt.return %4 : i32
// CHECK-NEXT:  }
// CHECK-NOT: @callee
func.func private @callee(%x: i32, %ch: !tfrt.chain) -> i32 {
  %y = tfrt.add.i32 %x, %x
  %r = "foo.wrap"() ({
    %z = tfrt.add.i32 %y, %x
    "foo.inner"() ({
      %p = tfrt.print.i32 %z, %ch
      "foo.yield"(%p) : (!tfrt.chain) -> ()
    }) : () -> ()
    "foo.yield"(%z) : (i32) -> ()
  }) : () -> i32
  tfrt.return %r : i32
}
func.func private @callee2(%v: i32) -> i32 {
  %w = tfrt.add.i32 %v, %v
  tfrt.return %w : i32
}
func.func @main(%a: i32) -> i32 {
  %ch = tfrt.new.chain
  %x = tfrt.constant.i32 5
  %b = tfrt.call @callee(%a, %ch) : (i32, !tfrt.chain) -> i32
  %s = tfrt.add.i32 %b, %x
  "foo.scope"() ({
    %q = tfrt.call @callee2(%s) : (i32) -> i32
    "foo.yield"(%q) : (i32) -> ()
  }) : () -> ()
  tfrt.return %s : i32
}
