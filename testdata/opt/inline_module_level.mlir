// MODE: opt
// ARGS: -allow-unregistered-dialect -inline
// -inline counts the symbols named at module level (docs/syntax.md) too:
// @named is called once but also named by the op at module level, so it
// stays; @once is inlined and goes; the removed function leaves the
// module level's ops in their places.

// CHECK:      module {
// CHECK-NEXT:   "foo.registry"() {fns = [@named]} : () -> ()
// CHECK-NEXT:   func.func private @named(%arg0: i32) -> i32 {
// CHECK-NEXT:     tfrt.return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   "foo.between"() : () -> ()
// CHECK-NEXT:   func.func @main() -> i32 {
// CHECK-NEXT:     %0 = tfrt.constant.i32 1
// CHECK-NEXT:     %1 = tfrt.call @named(%0) : (i32) -> i32
// CHECK-NEXT:     %2 = tfrt.add.i32 %1, %1
// CHECK-NEXT:     tfrt.return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   "foo.last"() : () -> ()
// CHECK-NEXT: }
"foo.registry"() {fns = [@named]} : () -> ()
func.func private @named(%x: i32) -> i32 {
  tfrt.return %x : i32
}
func.func private @once(%x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}
"foo.between"() : () -> ()
func.func @main() -> i32 {
  %a = tfrt.constant.i32 1
  %b = tfrt.call @named(%a) : (i32) -> i32
  %c = tfrt.call @once(%b) : (i32) -> i32
  tfrt.return %c : i32
}
"foo.last"() : () -> ()
