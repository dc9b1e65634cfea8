// MODE: opt
// ARGS: -allow-unregistered-dialect
// MLIR's func.return and func.call (docs/syntax.md "The func dialect"):
// func is the default dialect in a func.func body, so `return` and `call`
// name them there, also in the regions of ops in generic form inside it.
// tfrun opt prints them as mlir-opt-16 does: without the prefix directly
// in a function body, with it in any region (tests/oracle/func_dialect.mlir
// checks the generic form against mlir-opt-16). The region of foo.scope
// uses %c of the body around it (docs/syntax.md "Regions of unknown ops").
// CHECK:      func.func @twice(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = "foo.add"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
// CHECK:      func.func @main(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:   %0 = call @twice(%arg0) : (i32) -> i32
// CHECK-NEXT:   %1 = call @twice(%0) {foo.note} : (i32) -> i32
// CHECK-NEXT:   "foo.scope"() ({
// CHECK-NEXT:     %2 = func.call @twice(%1) : (i32) -> i32
// CHECK-NEXT:     "foo.yield"(%2) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   return %0, %1 : i32, i32
// CHECK-NEXT: }
// CHECK:      func.func @nothing() {
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @twice(%x: i32) -> i32 {
  %y = "foo.add"(%x, %x) : (i32, i32) -> i32
  func.return %y : i32
}
func.func @main(%a: i32) -> (i32, i32) {
  %b = call @twice(%a) : (i32) -> i32
  %c = func.call @twice(%b) {foo.note} : (i32) -> i32
  "foo.scope"() ({
    %e = call @twice(%c) : (i32) -> i32
    "foo.yield"(%e) : (i32) -> ()
  }) : () -> ()
  return %b, %c : i32, i32
}
func.func @nothing() {
  "func.return"() : () -> ()
}
