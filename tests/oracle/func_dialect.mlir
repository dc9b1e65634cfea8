// The func dialect (docs/syntax.md "The func dialect"): `return` and
// `call` in function bodies, `func.call` with attributes, the generic form
// of func.return. (A call inside the region of an unknown op is in
// testdata/opt/func_dialect.mlir: mlir-opt-16 takes such an op for a
// symbol table, where @twice is not defined.)
func.func @twice(%x: i32) -> i32 {
  %y = "foo.add"(%x, %x) : (i32, i32) -> i32
  func.return %y : i32
}
func.func @main(%a: i32) -> (i32, i32) {
  %b = call @twice(%a) : (i32) -> i32
  %c = func.call @twice(%b) {foo.note} : (i32) -> i32
  "foo.scope"(%c) ({
  ^bb0(%d: i32):
    "foo.yield"(%d) : (i32) -> ()
  }) : (i32) -> ()
  return %b, %c : i32, i32
}
func.func @nothing() {
  "func.return"() : () -> ()
}
