// Parametric types and attributes that span lines (docs/syntax.md): a
// dialect one keeps its text as written, newlines and blanks included,
// alone or inside a builtin type; a builtin one is printed canonical.
func.func @f(%a: !foo.arg<
    1, 2>) {
  %0 = "foo.op"(%a) : (!foo.arg<
    1, 2>) -> !foo.bar<
      "x", // part of the type, not a comment
      3>
  "foo.use"(%0) {a = #foo.attr<{a = 1,
 b = 2}>, b = #foo.x<  a   b  >, m = affine_map<(d0,
   d1) -> (d1,
   d0)>} : (!foo.bar<
      "x", // part of the type, not a comment
      3>) -> ()
  %1 = "foo.op"() : () -> memref<4 x ?
     x f32,   strided<[1,4],
     offset:?>>
  %2 = "foo.op"() : () -> vector<4 x
     [8] x f32>
  %3 = "foo.op"() : () -> tuple<i32,
 !foo.q<a
  b>, !foo.r<a   b>>
  "tfrt.return"() : () -> ()
}
