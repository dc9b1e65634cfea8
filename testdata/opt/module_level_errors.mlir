// MODE: opt
// ARGS: -allow-unregistered-dialect --verify-diagnostics --split-input-file
// Mistakes with ops at module level (docs/syntax.md), each reported at the
// op or the token.

// An op at module level is read in generic form only, as mlir-opt reads an
// op of a dialect it does not know.
// expected-error@+1 {{an op at module level is written in generic form: "tfrt.new.chain"(...) : (...) -> (...)}}
%c = tfrt.new.chain

// -----

// expected-error@+1 {{an op at module level is written in generic form: "tfrt.print.i32"(...) : (...) -> (...)}}
tfrt.print.i32 %a, %b

// -----

// expected-error@+1 {{expected an op name in quotes (at module level an op is written in generic form)}}
%c = 3

// -----

// An op tfrun does not know, in custom form, is that op's error.
// expected-error@+2 {{custom op 'foo.bar' is unknown}}
// expected-note@+1 {{tfrun implements no op of dialect 'foo'}}
foo.bar %0 : i32

// -----

// mlir-opt reads the module level as a graph region, where a use may come
// before its definition; tfrun reads it in order.
// expected-error@+1 {{use of undeclared SSA value name '%0' (at module level a value is defined before its uses)}}
"foo.b"(%0) : (i32) -> ()
%0 = "foo.a"() : () -> i32

// -----

// A function is isolated from the module level.
%0 = "foo.a"() : () -> i32
func.func @f() {
  // expected-error@+1 {{'%0' is defined outside of this region (regions are isolated from above)}}
  "foo.b"(%0) : (i32) -> ()
  tfrt.return
}

// -----

%0 = "foo.a"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%0'}}
%0 = "foo.a"() : () -> i32

// -----

// A return ends a function or a region.
// expected-error@+1 {{'tfrt.return' op ends a function or a region: it cannot stand at module level}}
"tfrt.return"() : () -> ()

// -----

// An op tfrun knows is checked against its signature at module level too.
%c = "tfrt.new.chain"() : () -> !tfrt.chain
// expected-error@+1 {{'tfrt.print.i32' op expected 2 operands, but found 1}}
"tfrt.print.i32"(%c) : (!tfrt.chain) -> !tfrt.chain

// -----

// An op's `sym_name` is a symbol of the module, as in MLIR: defining one
// name twice is reported at the later definition.
// expected-note@+1 {{see existing symbol definition here}}
"foo.global"() {sym_name = "g"} : () -> ()
// expected-error@+1 {{redefinition of symbol named 'g'}}
func.func @g() {
  tfrt.return
}
// expected-note@+1 {{see existing symbol definition here}}
func.func @h() {
  tfrt.return
}
// expected-error@+1 {{redefinition of symbol named 'h'}}
"foo.global"() {sym_name = "h"} : () -> ()
// expected-note@+1 {{see existing symbol definition here}}
"foo.global"() {sym_name = "k"} : () -> ()
// expected-error@+1 {{redefinition of symbol named 'k'}}
"foo.global"() {sym_name = "k"} : () -> ()

// -----

// A symbol that nothing defines.
// expected-error@+1 {{function @nope not defined}}
"foo.use"() {ref = @nope} : () -> ()

// -----

// A type that never closes, at module level.
// expected-error@+1 {{unbalanced '<' character in type or attribute (its '>' is missing)}}
%0 = "foo.a"() : () -> !foo.t<1,
  2
}
