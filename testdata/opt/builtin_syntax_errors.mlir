// MODE: opt
// ARGS: -allow-unregistered-dialect --verify-diagnostics --split-input-file
// Mistakes in the builtin syntax tfrun reads but does not compute with
// (docs/syntax.md): each is reported at the literal, in tfrun's words.

func.func @f() {
  // expected-error@+1 {{undefined attribute alias '#nope' (an alias is defined at the top level before its uses)}}
  "x.a"() {m = #nope} : () -> ()
  "tfrt.return"() : () -> ()
}

// -----

// expected-error@+1 {{unbalanced '<' character in type or attribute (its '>' is missing)}}
func.func @f(%a: memref<4xf32) {
  "tfrt.return"() : () -> ()
}

// -----

// A type may span lines; one whose '>' never comes is reported at its start.
func.func @f() {
  // expected-error@+1 {{unbalanced '<' character in type or attribute (its '>' is missing)}}
  %0 = "x.a"() : () -> !foo.bar<
      "x",
      3
  "tfrt.return"() : () -> ()
}

// -----

// After a type that spans lines, lines and columns are still right.
func.func @f() {
  %0 = "x.a"() : () -> !foo.bar<
      "x",
      3> // expected-error@+1 {{use of undeclared SSA value name '%nope'}}
  "x.b"(%nope) : (i32) -> ()
  "tfrt.return"() : () -> ()
}

// -----

func.func @f() {
  // 3 bytes are neither one i8 (a splat) nor the two the type holds.
  // expected-error@+1 {{hex dense literal holds 3 bytes, which is neither one element nor 2 elements of type 'i8'}}
  "x.a"() {d = dense<"0x010203"> : tensor<2xi8>} : () -> ()
  "tfrt.return"() : () -> ()
}

// -----

func.func @f() {
  // expected-error@+1 {{expected a floating point value of type 'f32'}}
  "x.a"() {d = dense<(1.0, 2.0)> : tensor<f32>} : () -> ()
  "tfrt.return"() : () -> ()
}

// -----

func.func @f() {
  // expected-error@+1 {{expected a complex value (re, im) of type 'complex<f32>'}}
  "x.a"() {d = dense<1.0> : tensor<complex<f32>>} : () -> ()
  "tfrt.return"() : () -> ()
}

// -----

#a = affine_map<(d0) -> (d0)>
// expected-error@+1 {{redefinition of alias '#a'}}
#a = affine_map<(d0) -> (d0)>

// -----

func.func @f() {
  // expected-error@+1 {{invalid hex digit in dense literal}}
  "x.a"() {d = dense<"0xZZ"> : tensor<i8>} : () -> ()
  "tfrt.return"() : () -> ()
}

// -----

func.func @f() {
  // expected-error@+1 {{hex dense elements of type 'tensor<i1>' are not supported}}
  "x.a"() {d = dense<"0x01"> : tensor<i1>} : () -> ()
  "tfrt.return"() : () -> ()
}

// -----

// A function type's single result is a named type or a list in
// parentheses: a result that is a function type needs them, as in MLIR.
func.func @f() {
  // expected-error@+1 {{expected an operation, got '->'}}
  %0 = "x.a"() : () -> (i32) -> i64
  "tfrt.return"() : () -> ()
}

// -----

// expected-error@+1 {{expected 'func.func', 'module', an alias or an op in generic form, got '->'}}
func.func private @g() -> (i32) -> i64

// -----

// A type whose '>' never comes before the end of the input.
// expected-error@+1 {{unbalanced '<' character in type or attribute (its '>' is missing)}}
#a = #foo.attr<{a = 1,
   b = 2}
