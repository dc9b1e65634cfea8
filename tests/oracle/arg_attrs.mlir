// Argument and result dictionaries (docs/syntax.md "Argument and result
// attributes"): on named and unnamed arguments, on results (inside the
// parentheses), empty ones dropped, keys sorted; in generic form they are
// the attributes arg_attrs and res_attrs among the function's own.
func.func @f(%a: f32 {foo.z = 42 : i32, foo.a}, %b: i32, %c: i64 {foo.u}) -> (i32 {foo.x}, f32) {
  return %b, %a : i32, f32
}
func.func private @decl(f32 {foo.y = "s"}, i32) -> (i32 {foo.x})
func.func @one(%a: i32) -> (i32 {foo.x = [1, 2]}) attributes {foo.own} {
  return %a : i32
}
func.func @empty(%a: i32 {}) -> (i32 {}) {
  return %a : i32
}
"func.func"() ({
^bb0(%arg0: i32, %arg1: i32):
  "func.return"() : () -> ()
}) {arg_attrs = [{}, {foo.b = 1, foo.a}], function_type = (i32, i32) -> (), sym_name = "generic"} : () -> ()
