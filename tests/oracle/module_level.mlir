// Ops at module level (docs/syntax.md): in generic form, with and without
// results and regions, in their places among the functions. Their values
// are numbered first, a function's after them; each region starts from
// the numbers of its block, as mlir-opt-16 numbers them. Affine maps get
// their aliases in the order of the top level.
module @m attributes {x.flag} {
  %0 = "foo.a"() {m = affine_map<(d0) -> (d0 + 1)>} : () -> i32
  "foo.b"(%0) {x = "s"} : (i32) -> ()
  func.func @f(%a: i32) -> i32 {
    %1 = "foo.c"(%a) {m = affine_map<(d0) -> (d0 * 2)>} : (i32) -> i32
    "tfrt.return"(%1) : (i32) -> ()
  }
  %r:2 = "foo.d"(%0) ({
  ^bb0(%a: i32):
    %q = "foo.e"(%a) : (i32) -> i32
    "foo.f"(%q) ({
    ^bb0(%b: i32, %c: i64):
      %z = "foo.g"(%b) : (i32) -> i32
      "foo.y"(%z) : (i32) -> ()
    }) : (i32) -> ()
    "foo.y"(%q) : (i32) -> ()
  }, {
    "foo.empty"() : () -> ()
  }) {m = affine_map<(d0) -> (d0 + 1)>} : (i32) -> (i32, i64)
  "foo.z"(%r#1, %r#0) : (i64, i32) -> ()
  func.func private @decl(i32) -> i32
  "foo.global"() {sym_name = "gv", type = memref<4x?xf32>, value = dense<[1, 2]> : tensor<2xi32>} : () -> ()
  %s = "foo.h"() ({
    %t = "foo.i"() : () -> i32
    "foo.y"(%t) : (i32) -> ()
  }) : () -> f32
  func.func @g() {
    "tfrt.return"() : () -> ()
  }
}
