// MODE: opt
// ARGS: -allow-unregistered-dialect
// A parametric type or attribute may span lines (docs/syntax.md), as in
// MLIR. A dialect one keeps its text as written, newlines, blanks and
// comments included, also inside a builtin type; a builtin one is
// canonical, as mlir-opt-16 prints both (tests/oracle/multiline.mlir).

// CHECK-LABEL: func.func @f() {
// CHECK-NEXT:    %0 = "foo.op"() : () -> !foo.bar<
// CHECK-NEXT:      "x", // not a comment: part of the type
// CHECK-NEXT:      3>
// CHECK-NEXT:    "foo.use"(%0) {a = #foo.attr<{a = 1,
// CHECK-NEXT:   b = 2}>, b = #foo.x<  a   b  >} : (!foo.bar<
// CHECK-NEXT:      "x", // not a comment: part of the type
// CHECK-NEXT:      3>) -> ()
// CHECK-NEXT:    %1 = "foo.op"() : () -> memref<4x?xf32, strided<[1, 4], offset: ?>>
// CHECK-NEXT:    %2 = "foo.op"() : () -> vector<4x[8]xf32>
// CHECK-NEXT:    %3 = "foo.op"() : () -> tuple<i32, !foo.q<a
// CHECK-NEXT:   b>>
// CHECK-NEXT:    "foo.after"() : () -> ()
// CHECK-NEXT:    tfrt.return
// CHECK-NEXT:  }
func.func @f() {
  %0 = "foo.op"() : () -> !foo.bar<
      "x", // not a comment: part of the type
      3>
  "foo.use"(%0) {a = #foo.attr<{a = 1,
 b = 2}>, b = #foo.x<  a   b  >} : (!foo.bar<
      "x", // not a comment: part of the type
      3>) -> ()
  %1 = "foo.op"() : () -> memref<4 x ?
     x f32,   strided<[1,4],
     offset:?>>
  %2 = "foo.op"() : () -> vector<4 x
     [8] x f32>
  %3 = "foo.op"() : () -> tuple<i32,
 !foo.q<a
  b>>
  "foo.after"() : () -> ()
  tfrt.return
}
