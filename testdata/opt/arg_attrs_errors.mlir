// MODE: opt
// ARGS: -allow-unregistered-dialect --verify-diagnostics --split-input-file
// Argument and result dictionaries are checked as mlir-opt-16 checks them,
// in its words (docs/syntax.md "Argument and result attributes").

// Their keys name a dialect.
// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @plain(%a: i32 {k = 1}) {
  tfrt.return
}

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @result() -> (i32 {k})

// -----

// In generic form: one dictionary per argument.
// expected-error@+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 2}}
"func.func"() ({
}) {arg_attrs = [{}], function_type = (i32, i32) -> (), sym_name = "count", sym_visibility = "private"} : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'res_attrs' failed to satisfy constraint: Array of dictionary attributes}}
"func.func"() ({
}) {function_type = () -> i32, res_attrs = [1], sym_name = "kind", sym_visibility = "private"} : () -> ()
