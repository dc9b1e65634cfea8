// MODE: opt
// EXIT: 1
// A diagnostic of an op whose location holds no file location names the
// location in MLIR syntax, as ir_print_loc writes it: fused<...> metadata is
// printed as a full attribute (typed integers keep their type, dense
// elements their value), as MLIR's diagnostics print it.

func.func @u() {
  "my.a"() : () -> () loc(fused<"s">["n1", "n2"])
  "my.b"() : () -> () loc(fused<42 : i32>["n1", "n2"])
  "my.c"() : () -> () loc(fused<{a = 1, b}>["n1", callsite("x" at "y")])
  "my.d"() : () -> () loc(fused<dense<1> : tensor<i32>>["n1", "n2"])
  "my.e"() : () -> () loc("n\"q")
  "my.f"() : () -> () loc("n"(unknown))
  tfrt.return
}
// CHECK: {{^}}loc(fused<"s">["n1", "n2"]): error: operation being parsed with an unregistered dialect
// CHECK: {{^}}loc(fused<42 : i32>["n1", "n2"]): error: operation being parsed
// CHECK: {{^}}loc(fused<{a = 1 : i64, b}>["n1", callsite("x" at "y")]): error: operation being parsed
// CHECK: {{^}}loc(fused<dense<1> : tensor<i32>>["n1", "n2"]): error: operation being parsed
// CHECK: {{^}}loc("n\22q"): error: operation being parsed
// A name location's unknown child is no child at all (MLIR's NameLoc).
// CHECK: {{^}}loc("n"): error: operation being parsed
