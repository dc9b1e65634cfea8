// MODE: opt
// ARGS: -allow-unregistered-dialect
// A function's arguments and results may carry dictionaries (docs/syntax.md
// "Argument and result attributes"): kept, printed after each type as
// mlir-opt-16 prints them (a result's inside the parentheses, an empty one
// dropped, keys sorted), and read back from the generic form's arg_attrs
// and res_attrs (tests/oracle/arg_attrs.mlir checks that form).
// CHECK:      func.func @f(%arg0: f32 {foo.a, foo.z = 42 : i32}, %arg1: i32) -> (i32 {foo.x}, f32) {
// CHECK:      func.func private @decl(f32 {foo.y = "s"}, i32) -> (i32 {foo.x})
// CHECK:      func.func @empty(%arg0: i32) -> i32 {
// CHECK:      func.func @generic(%arg0: i32, %arg1: i32 {foo.b}) attributes {foo.own} {
func.func @f(%a: f32 {foo.z = 42 : i32, foo.a}, %b: i32) -> (i32 {foo.x}, f32) {
  tfrt.return %b, %a : i32, f32
}
func.func private @decl(f32 {foo.y = "s"}, i32) -> (i32 {foo.x})
func.func @empty(%a: i32 {}) -> (i32 {}) {
  tfrt.return %a : i32
}
"func.func"() ({
^bb0(%arg0: i32, %arg1: i32):
  "tfrt.return"() : () -> ()
}) {arg_attrs = [{}, {foo.b}], foo.own, function_type = (i32, i32) -> (), sym_name = "generic"} : () -> ()
